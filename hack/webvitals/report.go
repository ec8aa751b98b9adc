package main

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// report is what webvitals.mjs writes: the conditions and every run.
type report struct {
	Chromium string `json:"chromium"`
	Device   struct {
		Name     string `json:"name"`
		Viewport struct {
			Width  int `json:"width"`
			Height int `json:"height"`
		} `json:"viewport"`
		DeviceScaleFactor float64 `json:"deviceScaleFactor"`
	} `json:"device"`
	CPUSlowdown float64 `json:"cpuSlowdown"`
	Network     struct {
		Latency  float64 `json:"latency"`
		Download float64 `json:"downloadThroughput"`
		Upload   float64 `json:"uploadThroughput"`
	} `json:"network"`
	Route   string  `json:"route"`
	Date    string  `json:"date"`
	Seconds float64 `json:"seconds"`
	Pages   []page  `json:"pages"`
}

type page struct {
	Name        string   `json:"name"`
	Path        string   `json:"path"`
	Interaction string   `json:"interaction"`
	Runs        []runOut `json:"runs"`
}

// runOut is one cold page load. A metric web-vitals did not report is nil.
type runOut struct {
	LCP  *lcp   `json:"LCP"`
	CLS  *cls   `json:"CLS"`
	INP  *inp   `json:"INP"`
	FCP  *plain `json:"FCP"`
	TTFB *plain `json:"TTFB"`
	// Bytes are what the load transferred (compressed, with headers), up
	// to the interaction.
	Bytes struct {
		Script   float64 `json:"script"`
		Scripts  int     `json:"scripts"`
		Total    float64 `json:"total"`
		Requests int     `json:"requests"`
	} `json:"bytes"`
	LoadedMs float64 `json:"loadedMs"`
	// Results page only: the results listed, those left after the filter,
	// the filter tapped, and the time from the tap to the list's update.
	Results      int      `json:"results"`
	ShownAfter   int      `json:"shownAfter"`
	Filter       string   `json:"filter"`
	ListUpdateMs *float64 `json:"listUpdateMs"`
	// Every tap of the load (one unless -taps): its interaction's
	// duration and when the list showed its answer.
	Taps []tap `json:"taps"`
}

type tap struct {
	Ms     float64  `json:"ms"`
	ListMs *float64 `json:"listMs"`
}

type plain struct {
	Value float64 `json:"value"`
}

type lcp struct {
	Value                float64 `json:"value"`
	Target               string  `json:"target"`
	URL                  string  `json:"url"`
	Size                 float64 `json:"size"`
	Tag                  string  `json:"tag"`
	Text                 string  `json:"text"`
	TimeToFirstByte      float64 `json:"timeToFirstByte"`
	ResourceLoadDelay    float64 `json:"resourceLoadDelay"`
	ResourceLoadDuration float64 `json:"resourceLoadDuration"`
	ElementRenderDelay   float64 `json:"elementRenderDelay"`
}

type cls struct {
	Value              float64 `json:"value"`
	LargestShiftTarget string  `json:"largestShiftTarget"`
	LargestShiftValue  float64 `json:"largestShiftValue"`
	LargestShiftTime   float64 `json:"largestShiftTime"`
	LoadState          string  `json:"loadState"`
	Shifts             []struct {
		Value   float64 `json:"value"`
		Time    float64 `json:"time"`
		Sources []struct {
			Node string `json:"node"`
			From *rect  `json:"from"`
			To   *rect  `json:"to"`
		} `json:"sources"`
	} `json:"shifts"`
}

type rect struct {
	X, Y, Width, Height float64
}

type inp struct {
	Value              float64  `json:"value"`
	Target             string   `json:"target"`
	Type               string   `json:"type"`
	Events             []string `json:"events"`
	InputDelay         float64  `json:"inputDelay"`
	ProcessingDuration float64  `json:"processingDuration"`
	PresentationDelay  float64  `json:"presentationDelay"`
	LoadState          string   `json:"loadState"`
	LongestScript      *struct {
		Subpart  string  `json:"subpart"`
		Duration float64 `json:"duration"`
		Source   string  `json:"source"`
		Fn       string  `json:"fn"`
		Invoker  string  `json:"invoker"`
	} `json:"longestScript"`
	Time                float64 `json:"time"`
	StyleAndLayout      float64 `json:"styleAndLayout"`
	TotalScriptDuration float64 `json:"totalScriptDuration"`
}

// minResults is how many results the results page's targets are set for.
const minResults = 300

// target is a budget on the median of one metric of one page.
type target struct {
	page, metric string
	limit        float64
}

// targets are the budgets: a page's metric without one is shown, not judged.
var targets = []target{
	{"home", "LCP", 1800},
	{"home", "CLS", 0.05},
	{"home", "INP", 150},
	{"results", "LCP", 1800},
	{"results", "CLS", 0.05},
	{"results", "INP", 150},
	{"fare", "LCP", 1800},
	{"fare", "CLS", 0.05},
	{"fare", "INP", 150},
}

func limitOf(pageName, metric string) (float64, bool) {
	for _, t := range targets {
		if t.page == pageName && t.metric == metric {
			return t.limit, true
		}
	}
	return 0, false
}

// median of the values present; ok is false when a run lacks the value.
func median(runs []runOut, get func(runOut) (float64, bool)) (float64, bool) {
	var v []float64
	for _, r := range runs {
		x, ok := get(r)
		if !ok {
			return 0, false
		}
		v = append(v, x)
	}
	if len(v) == 0 {
		return 0, false
	}
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2], true
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2, true
}

// medianRun is the run whose value is the median (the lower middle one of
// an even count), for its attribution.
func medianRun(runs []runOut, get func(runOut) (float64, bool)) (runOut, bool) {
	type kv struct {
		v float64
		r runOut
	}
	var s []kv
	for _, r := range runs {
		if x, ok := get(r); ok {
			s = append(s, kv{x, r})
		}
	}
	if len(s) == 0 {
		return runOut{}, false
	}
	sort.SliceStable(s, func(i, j int) bool { return s[i].v < s[j].v })
	return s[(len(s)-1)/2].r, true
}

var (
	getLCP = func(r runOut) (float64, bool) {
		if r.LCP == nil {
			return 0, false
		}
		return r.LCP.Value, true
	}
	getCLS = func(r runOut) (float64, bool) {
		if r.CLS == nil {
			return 0, false
		}
		return r.CLS.Value, true
	}
	getINP = func(r runOut) (float64, bool) {
		if r.INP == nil {
			return 0, false
		}
		return r.INP.Value, true
	}
	getFCP = func(r runOut) (float64, bool) {
		if r.FCP == nil {
			return 0, false
		}
		return r.FCP.Value, true
	}
	getJS    = func(r runOut) (float64, bool) { return r.Bytes.Script, true }
	getTotal = func(r runOut) (float64, bool) { return r.Bytes.Total, true }
	getList  = func(r runOut) (float64, bool) {
		if r.ListUpdateMs == nil {
			return 0, false
		}
		return *r.ListUpdateMs, true
	}
)

// verdict judges one page's metric: its cell for the table and whether it
// missed its target (a metric with a target but no value misses it).
func verdict(p page, metric string, get func(runOut) (float64, bool), format func(float64) string) (cell string, missed bool) {
	v, ok := median(p.Runs, get)
	limit, judged := limitOf(p.Name, metric)
	switch {
	case !ok && judged:
		return "none ≤" + format(limit) + " FAIL", true
	case !ok:
		return "-", false
	case !judged:
		return format(v), false
	}
	if p.Name == "results" {
		if n, _ := median(p.Runs, func(r runOut) (float64, bool) { return float64(r.Results), true }); n < minResults {
			return fmt.Sprintf("%s ≤%s FAIL (%d results, not %d)", format(v), format(limit), int(n), minResults), true
		}
	}
	if v <= limit {
		return format(v) + " ≤" + format(limit) + " pass", false
	}
	return format(v) + " ≤" + format(limit) + " FAIL", true
}

func msText(v float64) string {
	if v >= 1000 {
		return fmt.Sprintf("%.2f s", v/1000)
	}
	return fmt.Sprintf("%.0f ms", v)
}

func clsText(v float64) string { return fmt.Sprintf("%.3f", v) }

func kib(v float64) string { return fmt.Sprintf("%.1f KiB", v/1024) }

// print writes the conditions, the table and the attribution of each page,
// and returns how many targets were missed.
func (rep report) print(w io.Writer) int {
	d := rep.Device
	fmt.Fprintf(w, "\nCore Web Vitals: %s (%d×%d, DPR %g, touch), CPU %g× slower, slow 4G (%g ms, %.1f Mbit/s down, %.0f kbit/s up), cold cache; Chromium %s; median of %d runs\n",
		d.Name, d.Viewport.Width, d.Viewport.Height, d.DeviceScaleFactor, rep.CPUSlowdown,
		rep.Network.Latency, rep.Network.Download*8/1e6, rep.Network.Upload*8/1e3, rep.Chromium, runsOf(rep))
	header := []string{"page", "LCP", "CLS", "INP", "FCP", "JS (compressed)", "all bytes"}
	rows := [][]string{header}
	missed := 0
	for _, p := range rep.Pages {
		lcpCell, m1 := verdict(p, "LCP", getLCP, msText)
		clsCell, m2 := verdict(p, "CLS", getCLS, clsText)
		inpCell, m3 := verdict(p, "INP", getINP, msText)
		fcpCell, _ := verdict(p, "FCP", getFCP, msText)
		for _, m := range []bool{m1, m2, m3} {
			if m {
				missed++
			}
		}
		js, _ := median(p.Runs, getJS)
		total, _ := median(p.Runs, getTotal)
		scripts := 0
		if len(p.Runs) > 0 {
			scripts = p.Runs[0].Bytes.Scripts
		}
		rows = append(rows, []string{p.Name + " " + shortPath(p.Path), lcpCell, clsCell, inpCell, fcpCell,
			fmt.Sprintf("%s (%d files)", kib(js), scripts), kib(total)})
	}
	table(w, rows)
	fmt.Fprintln(w)
	for _, p := range rep.Pages {
		attribution(w, p)
	}
	return missed
}

func runsOf(rep report) int {
	if len(rep.Pages) == 0 {
		return 0
	}
	return len(rep.Pages[0].Runs)
}

func shortPath(p string) string {
	if i := strings.IndexByte(p, '?'); i >= 0 {
		return p[:i] + "?…"
	}
	return p
}

func table(w io.Writer, rows [][]string) {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", width[i]-len([]rune(c))+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// attribution says what made each figure of a page: its LCP element and
// phases, its largest layout shift, and its slowest interaction's parts.
func attribution(w io.Writer, p page) {
	fmt.Fprintf(w, "%s (%s) — interaction: %s\n", p.Name, shortPath(p.Path), p.Interaction)
	if r, ok := medianRun(p.Runs, getLCP); ok {
		l := r.LCP
		what := l.Target
		if l.URL != "" {
			what += " " + l.URL
		} else if l.Text != "" {
			what += fmt.Sprintf(" %q", l.Text)
		}
		fmt.Fprintf(w, "  LCP %s: <%s> %s (%.0f px²); TTFB %s, resource load delay %s, load %s, render delay %s\n",
			msText(l.Value), l.Tag, what, l.Size, msText(l.TimeToFirstByte), msText(l.ResourceLoadDelay),
			msText(l.ResourceLoadDuration), msText(l.ElementRenderDelay))
	}
	if r, ok := medianRun(p.Runs, getCLS); ok && r.CLS.Value > 0 {
		c := r.CLS
		fmt.Fprintf(w, "  CLS %s: largest shift %.3f of %s at %s%s\n", clsText(c.Value), c.LargestShiftValue,
			c.LargestShiftTarget, msText(c.LargestShiftTime), sinceInteraction(r, c.LargestShiftTime))
		shifts := append(c.Shifts[:0:0], c.Shifts...)
		sort.SliceStable(shifts, func(i, j int) bool { return shifts[i].Value > shifts[j].Value })
		for _, s := range shifts[:min(len(shifts), 3)] {
			var moved []string
			for _, src := range s.Sources {
				if src.From != nil && src.To != nil {
					moved = append(moved, src.Node+" "+movement(*src.From, *src.To))
				}
			}
			fmt.Fprintf(w, "    shift %.3f at %s%s: %s\n", s.Value, msText(s.Time), sinceInteraction(r, s.Time), strings.Join(moved, "; "))
		}
	} else if ok {
		fmt.Fprintln(w, "  CLS 0: nothing moved")
	}
	if r, ok := medianRun(p.Runs, getINP); ok {
		in := r.INP
		fmt.Fprintf(w, "  INP %s: %s on %s (%s; %s); input delay %s, processing %s, presentation %s\n",
			msText(in.Value), in.Type, in.Target, strings.Join(in.Events, ", "), in.LoadState,
			msText(in.InputDelay), msText(in.ProcessingDuration), msText(in.PresentationDelay))
		if s := in.LongestScript; s != nil {
			fn := s.Fn
			if fn == "" {
				fn = "(anonymous)"
			}
			fmt.Fprintf(w, "    longest script: %s %s in %s, %s of the %s\n", s.Invoker, fn, shortURL(s.Source), msText(s.Duration), s.Subpart)
		}
		switch {
		case in.StyleAndLayout >= 1:
			fmt.Fprintf(w, "    in its long frames: script %s, style and layout %s\n", msText(in.TotalScriptDuration), msText(in.StyleAndLayout))
		case in.TotalScriptDuration >= 1:
			fmt.Fprintf(w, "    in its long frames: script %s\n", msText(in.TotalScriptDuration))
		}
	} else {
		fmt.Fprintln(w, "  INP: the interaction was not recorded")
	}
	if p.Name == "results" && len(p.Runs) > 0 {
		r := p.Runs[0]
		list := "-"
		if v, ok := median(p.Runs, getList); ok {
			list = msText(v)
		}
		fmt.Fprintf(w, "  filter %q on %d results left %d; the list showed it %s after the tap (median)\n",
			r.Filter, r.Results, r.ShownAfter, list)
		if line, ok := tapsLine(p.Runs); ok {
			fmt.Fprintln(w, "  "+line)
		}
	}
	fmt.Fprintln(w)
}

// movement says how a shifted element moved in the viewport (an empty
// rectangle is outside it).
func movement(from, to rect) string {
	empty := func(r rect) bool { return r.Width == 0 && r.Height == 0 }
	switch {
	case empty(to):
		return fmt.Sprintf("pushed out of view (was at y=%.0f)", from.Y)
	case empty(from):
		return fmt.Sprintf("came into view at y=%.0f", to.Y)
	case to.Y > from.Y:
		return fmt.Sprintf("moved %.0f px down", to.Y-from.Y)
	case to.Y < from.Y:
		return fmt.Sprintf("moved %.0f px up", from.Y-to.Y)
	}
	return fmt.Sprintf("moved %+.0f px across", to.X-from.X)
}

// sinceInteraction places a moment of a run relative to its interaction.
func sinceInteraction(r runOut, t float64) string {
	if r.INP == nil || r.INP.Time == 0 {
		return ""
	}
	if d := t - r.INP.Time; d >= 0 {
		return fmt.Sprintf(", %s after the interaction", msText(d))
	}
	return fmt.Sprintf(", %s before the interaction", msText(r.INP.Time-t))
}

func shortURL(u string) string {
	if i := strings.LastIndexByte(u, '/'); i >= 0 && i < len(u)-1 {
		return u[i+1:]
	}
	if u == "" {
		return "?"
	}
	return u
}

// tapsLine summarises every tap of every load, when a load tapped more
// than once: the spread a single tap per load cannot show.
func tapsLine(runs []runOut) (string, bool) {
	var ms, list []float64
	most := 0
	for _, r := range runs {
		most = max(most, len(r.Taps))
		for _, t := range r.Taps {
			ms = append(ms, t.Ms)
			if t.ListMs != nil {
				list = append(list, *t.ListMs)
			}
		}
	}
	if most < 2 {
		return "", false
	}
	line := fmt.Sprintf("%d taps in %d loads: each tap's interaction took %s median, %s at the 75th percentile, %s at worst",
		len(ms), len(runs), msText(percentile(ms, 50)), msText(percentile(ms, 75)), msText(percentile(ms, 100)))
	if len(list) > 0 {
		line += fmt.Sprintf("; the list showed the answer %s after the tap (median)", msText(percentile(list, 50)))
	}
	return line, true
}

// percentile is the nearest-rank percentile p (0 < p ≤ 100) of v.
func percentile(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	return s[min(max(rank, 1), len(s))-1]
}
