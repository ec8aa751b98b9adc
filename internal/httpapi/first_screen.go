package httpapi

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/url"
	"strings"
	"time"
)

// The results page's HTML (pages/flights.html) holds its first screen, and
// one line of it depends on the address: the banner's summary of the search,
// "BOM → DEL on 09-12-2026 · 1 adult · Any cabin". The server writes that
// line into the page as it sends it, so that it is on the first paint; it is
// the largest text of the first screen, and without it the page's largest
// paint would wait for the early script (web/src/boot.ts) to arrive and run.
// The script writes the same words again, and the app after it: the words
// are the app's (searchSummary in web/src/features/flights/lib/
// search-query.ts), and web/src/features/flights/lib/search-summaries.json
// holds both to the same answers. Where an odd address reads differently
// here (Unicode case mapping, say), the script's words replace these before
// the app renders.
//
// Written for each request, the page is packed by the compress middleware at
// its own level rather than once at the best: about 0.14 ms of CPU per page
// and 14.1 KB sent where the page packed once is 11.9 KB
// (BenchmarkResultsPage), against the early script's round trip saved on a
// phone's first paint.

// summaryMark is how the build marks the line in the page: the element's
// opening tag up to its class, which the build chooses.
const summaryMark = `<p data-first-screen="search-summary" `

// summarySlot is where the results page's summary goes: the page's bytes
// around the element's words, and the element's opening tag, shown.
type summarySlot struct {
	before, after []byte
}

// findSummarySlot finds the summary line in body; ok is false when the page
// has none (a build without it).
func findSummarySlot(body []byte) (slot summarySlot, ok bool, err error) {
	start := bytes.Index(body, []byte(summaryMark))
	if start < 0 {
		return summarySlot{}, false, nil
	}
	if bytes.Count(body, []byte(summaryMark)) > 1 {
		return summarySlot{}, false, fmt.Errorf("the page has more than one search summary")
	}
	open := bytes.IndexByte(body[start:], '>')
	end := bytes.Index(body[start:], []byte("</p>"))
	if open < 0 || end < open {
		return summarySlot{}, false, fmt.Errorf("the page's search summary is not a <p>…</p>")
	}
	open += start
	end += start
	// The build lays the line out hidden; shown here, as the early script
	// would show it.
	before := make([]byte, 0, open+32)
	before = append(before, body[:open]...)
	before = append(before, ` style="visibility:visible">`...)
	return summarySlot{before: before, after: body[end:]}, true, nil
}

// writePage writes the page for the address query to w, in its three
// pieces: the page's bytes are never copied. The error is w's.
func (s summarySlot) writePage(w io.Writer, query url.Values, now time.Time) error {
	words := html.EscapeString(searchSummary(query, indiaDay(now)))
	for _, piece := range [][]byte{s.before, []byte(words), s.after} {
		if _, err := w.Write(piece); err != nil {
			return err
		}
	}
	return nil
}

// india is India's time zone, UTC+05:30 all year since 1945.
var india = time.FixedZone("IST", (5*60+30)*60)

// indiaDay is the calendar day in India at now, YYYY-MM-DD: the day a
// search without a date is for.
func indiaDay(now time.Time) string { return now.In(india).Format(time.DateOnly) }

// The app's search defaults and limits (search-query.ts): BOM → DEL, one
// adult, at most nine, at most six multi-city legs.
const (
	defaultFrom = "BOM"
	defaultTo   = "DEL"
	maxAdults   = 9
	maxLegs     = 6
)

// cabinWords are the banner's words for each cabin of the address.
var cabinWords = map[string]string{
	"any": "Any cabin", "economy": "Economy", "premium": "Premium Economy", "business": "Business", "first": "First",
}

// searchSummary is the banner's line for the search the address query
// holds, read with the app's defaults (today is the India day).
func searchSummary(q url.Values, today string) string {
	route, date, returning := "", "", ""
	if q.Get("type") == "multi" {
		var froms, tos []string
		for i := 1; i <= maxLegs; i++ {
			n := fmt.Sprint(i)
			from, to, day := code(q.Get("from"+n), ""), code(q.Get("to"+n), ""), calendarDay(q.Get("date"+n), "")
			if from != "" && to != "" {
				froms, tos = append(froms, from), append(tos, to)
			}
			if date == "" {
				date = day
			}
		}
		if len(froms) > 0 {
			route = strings.Join(append(froms[:1], tos...), " → ")
		}
	} else {
		route = code(q.Get("from"), defaultFrom) + " → " + code(q.Get("to"), defaultTo)
		date = calendarDay(q.Get("date"), today)
		if back := calendarDay(q.Get("return"), ""); back != "" && back >= date {
			returning = back
		}
	}
	var b strings.Builder
	b.WriteString(route)
	if date != "" {
		b.WriteString(" on " + displayDate(date))
	}
	if returning != "" {
		b.WriteString(", returning " + displayDate(returning))
	}
	adults := count(q.Get("adults"), 1, maxAdults)
	noun := "adults"
	if adults == 1 {
		noun = "adult"
	}
	cabin, ok := cabinWords[strings.ToLower(strings.TrimSpace(q.Get("cabin")))]
	if !ok {
		cabin = cabinWords["any"]
	}
	fmt.Fprintf(&b, " · %d %s · %s", adults, noun, cabin)
	return b.String()
}

// code is an airport code as written, trimmed and upper-cased; fallback
// when there is none.
func code(raw, fallback string) string {
	if c := strings.ToUpper(strings.TrimSpace(raw)); c != "" {
		return c
	}
	return fallback
}

// calendarDay is raw when it is a real day written YYYY-MM-DD from the year
// 100 on (the app's reading), else fallback.
func calendarDay(raw, fallback string) string {
	raw = strings.TrimSpace(raw)
	if len(raw) != len(time.DateOnly) || raw < "0100" {
		return fallback
	}
	if _, err := time.Parse(time.DateOnly, raw); err != nil {
		return fallback
	}
	return raw
}

// displayDate writes YYYY-MM-DD as DD-MM-YYYY.
func displayDate(day string) string { return day[8:10] + "-" + day[5:7] + "-" + day[0:4] }

// count reads a traveller count: digits only, else the least; clamped to
// [least, most].
func count(raw string, least, most int) int {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return least
	}
	n := 0
	for _, r := range raw {
		if r < '0' || r > '9' {
			return least
		}
		if n = n*10 + int(r-'0'); n > most {
			n = most + 1 // more than most, however many digits follow
		}
	}
	return min(max(n, least), most)
}
