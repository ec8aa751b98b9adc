package httpapi

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/paryatan/paryatan/web"
)

// The app's table of summaries (web/src/features/flights/lib/
// search-summaries.json), which its own test holds searchSummary to.
type summaryTable struct {
	Today string `json:"today"`
	Cases []struct {
		Query   string `json:"query"`
		Summary string `json:"summary"`
	} `json:"cases"`
}

func TestSearchSummaryReadsAsTheApps(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../web/src/features/flights/lib/search-summaries.json")
	if err != nil {
		t.Fatal(err)
	}
	var table summaryTable
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 20 {
		t.Fatalf("the table holds %d cases", len(table.Cases))
	}
	for _, c := range table.Cases {
		q, err := url.ParseQuery(c.Query)
		if err != nil {
			t.Fatalf("?%s: %v", c.Query, err)
		}
		if got := searchSummary(q, table.Today); got != c.Summary {
			t.Errorf("?%s: %q, the app writes %q", c.Query, got, c.Summary)
		}
	}
}

func TestIndiaDay(t *testing.T) {
	t.Parallel()
	for at, want := range map[string]string{
		"2026-11-28T18:29:59Z":      "2026-11-28",
		"2026-11-28T18:30:00Z":      "2026-11-29",
		"2026-06-30T20:00:00-04:00": "2026-07-01",
	} {
		now, err := time.Parse(time.RFC3339, at)
		if err != nil {
			t.Fatal(err)
		}
		if got := indiaDay(now); got != want {
			t.Errorf("%s: %s, want %s", at, got, want)
		}
	}
}

// resultsPage is the results page as the build lays it out: the summary
// hidden, with the words of no search (and enough of a page after it to be
// worth packing).
var resultsPage = `<!doctype html><head></head><div id="root"><div inert><h1>Flights</h1>` +
	`<style data-emotion="css 10huc07">.css-10huc07{visibility:hidden;}</style>` +
	`<p data-first-screen="search-summary" class="css-10huc07">BOM → DEL on 01-01-2000 · 1 adult · Any cabin</p>` +
	`<a href="/flights/form">Change search</a>` + strings.Repeat(`<div class="css-skeleton"></div>`, 100) + `</div></div>`

func TestResultsPageHoldsItsSearch(t *testing.T) {
	t.Parallel()
	spa, err := NewSPA(fstest.MapFS{
		"index.html":         {Data: []byte(`<!doctype html><head></head><div id="root">frame</div>`)},
		"pages/flights.html": {Data: []byte(resultsPage)},
	}, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	h := compress()(spa)
	today := indiaDay(time.Now())
	for _, tc := range []struct{ target, want string }{
		{
			"/flights?from=BOM&to=GOI&date=2026-12-09&adults=2&cabin=business",
			`<p data-first-screen="search-summary" class="css-10huc07" style="visibility:visible">BOM → GOI on 09-12-2026 · 2 adults · Business</p><a href="/flights/form">`,
		},
		// Words from the address are text, never markup.
		{
			"/flights?from=%3Cscript%3E&to=%22%3E%3Cimg%3E&date=2026-12-09",
			`style="visibility:visible">&lt;SCRIPT&gt; → &#34;&gt;&lt;IMG&gt; on 09-12-2026 · 1 adult · Any cabin</p>`,
		},
		{"/flights/", `style="visibility:visible">BOM → DEL on ` + today[8:10] + "-" + today[5:7] + "-" + today[:4] + ` · 1 adult · Any cabin</p>`},
	} {
		for _, accept := range []string{"gzip, deflate, br, zstd", "gzip", ""} {
			rec := serve(h, http.MethodGet, tc.target, map[string]string{"Accept": "text/html", "Accept-Encoding": accept})
			page, err := unpack(rec.Header().Get("Content-Encoding"), rec.Body.Bytes())
			if rec.Code != http.StatusOK || err != nil {
				t.Fatalf("%s, Accept-Encoding %q: %d (%v)", tc.target, accept, rec.Code, err)
			}
			if !strings.Contains(string(page), tc.want) || strings.Count(string(page), "data-first-screen") != 1 {
				t.Errorf("%s, Accept-Encoding %q: got %s\nwant it holding %s", tc.target, accept, page, tc.want)
			}
			if !strings.HasPrefix(string(page), "<!doctype html>") || !strings.HasSuffix(string(page), "</div></div>") {
				t.Errorf("%s: the page is not whole: %s", tc.target, page)
			}
			if accept != "" && rec.Header().Get("Content-Encoding") == "" {
				t.Errorf("%s, Accept-Encoding %q: sent as it is", tc.target, accept)
			}
			if rec.Header().Get("Cache-Control") != "no-store" || !varies(rec.Header()) ||
				!strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
				t.Errorf("%s: headers %v", tc.target, rec.Header())
			}
		}
	}
	if rec := serve(h, http.MethodHead, "/flights?from=GOI", map[string]string{"Accept": "text/html"}); rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("HEAD: %d with %d bytes", rec.Code, rec.Body.Len())
	}
}

func TestSummarySlotRefusesAnOddPage(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"two lines": resultsPage + resultsPage,
		"no end":    `<p data-first-screen="search-summary" class="x">BOM → DEL`,
	} {
		if _, _, err := findSummarySlot([]byte(body)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, ok, err := findSummarySlot([]byte(`<h1>Flights</h1>`)); ok || err != nil {
		t.Errorf("a page without the line: %v, %v", ok, err)
	}
}

// The built results page has the line where the server looks for it.
func TestBuiltResultsPageHasASummarySlot(t *testing.T) {
	t.Parallel()
	dist := web.Dist()
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		if os.Getenv("PARYATAN_REQUIRE_WEB") != "" {
			t.Fatal("web/dist/index.html missing: build the web app first (make build)")
		}
		return
	}
	spa, err := NewSPA(dist, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	pg := spa.pages["flights"]
	if pg == nil || pg.summary == nil {
		t.Fatal("the built results page (pages/flights.html) has no search summary for the server to write")
	}
	for name, pg := range spa.pages {
		if name != "flights" && pg.summary != nil {
			t.Errorf("page %q has a search summary", name)
		}
	}
}

// BenchmarkResultsPage is the cost of a results page written for its
// address (first_screen.go) and packed by the compress middleware, against
// the same page sent as built, packed once: the built page when web/dist
// holds one, else the layout of resultsPage.
func BenchmarkResultsPage(b *testing.B) {
	var files fs.FS = fstest.MapFS{
		"index.html":         {Data: []byte(`<!doctype html><head></head><div id="root">frame</div>`)},
		"pages/flights.html": {Data: []byte(resultsPage)},
	}
	if _, err := fs.Stat(web.Dist(), "pages/flights.html"); err == nil {
		files = web.Dist()
	}
	spa, err := NewSPA(files, RuntimeConfig{})
	if err != nil {
		b.Fatal(err)
	}
	h := compress()(spa)
	headers := map[string]string{"Accept": "text/html", "Accept-Encoding": "gzip, deflate, br, zstd"}
	target := "/flights?from=BOM&to=DEL&date=2026-12-09&adults=1&children=0&infants=0&cabin=any"
	written := spa.pages["flights"]
	for _, tc := range []struct {
		name string
		page *page
	}{{"written", written}, {"as-built", &page{body: written.body}}} {
		b.Run(tc.name, func(b *testing.B) {
			spa.pages["flights"] = tc.page
			serve(h, http.MethodGet, target, headers) // packs the built page, once
			b.ReportAllocs()
			var sent int
			for b.Loop() {
				sent = serve(h, http.MethodGet, target, headers).Body.Len()
			}
			b.ReportMetric(float64(sent), "bytes-sent")
		})
	}
}
