package main

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// lighthouseReport is what lighthouse.mjs writes: the conditions and a
// summary of every run.
type lighthouseReport struct {
	Lighthouse string `json:"lighthouse"`
	Chromium   string `json:"chromium"`
	Settings   struct {
		FormFactor       string `json:"formFactor"`
		ThrottlingMethod string `json:"throttlingMethod"`
		Throttling       struct {
			RTTMs                 float64 `json:"rttMs"`
			ThroughputKbps        float64 `json:"throughputKbps"`
			CPUSlowdownMultiplier float64 `json:"cpuSlowdownMultiplier"`
		} `json:"throttling"`
		Screen struct {
			Width             int     `json:"width"`
			Height            int     `json:"height"`
			DeviceScaleFactor float64 `json:"deviceScaleFactor"`
		} `json:"screen"`
	} `json:"settings"`
	Seconds float64          `json:"seconds"`
	Pages   []lighthousePage `json:"pages"`
}

type lighthousePage struct {
	Name string          `json:"name"`
	Runs []lighthouseRun `json:"runs"`
}

// lighthouseRun is one Lighthouse run of a page. A category Lighthouse
// could not score (a runtime error) has a nil score.
type lighthouseRun struct {
	Path           string                      `json:"path"`
	Scores         map[string]*float64         `json:"scores"`
	Metrics        map[string]lighthouseMetric `json:"metrics"`
	Audits         []lighthouseAudit           `json:"audits"`
	Warnings       []string                    `json:"warnings"`
	RuntimeError   string                      `json:"runtimeError"`
	BenchmarkIndex float64                     `json:"benchmarkIndex"`
	Seconds        float64                     `json:"seconds"`
}

type lighthouseMetric struct {
	Value   *float64 `json:"value"`
	Score   *float64 `json:"score"`
	Display string   `json:"display"`
}

// lighthouseAudit is an audit that did not pass: scored below 0.9 as the
// report shows it, or errored; Items are what it points at, one line each.
type lighthouseAudit struct {
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Categories  []string `json:"categories"`
	Score       *float64 `json:"score"`
	Weight      float64  `json:"weight"`
	Display     string   `json:"display"`
	Error       string   `json:"error"`
	Explanation string   `json:"explanation"`
	Items       []string `json:"items"`
	MoreItems   int      `json:"moreItems"`
}

// category is a Lighthouse category and the least score (0–100, as the
// report rounds it) every page must reach.
type category struct {
	id, label string
	min       int
}

// categories are the targets, the same for every page.
var categories = []category{
	{"performance", "performance", 95},
	{"accessibility", "accessibility", 100},
	{"best-practices", "best practices", 95},
	{"seo", "SEO", 100},
}

// lighthouseMetrics are the performance metrics shown for every page, by
// audit id and short name.
var lighthouseMetrics = []struct{ id, short string }{
	{"first-contentful-paint", "FCP"},
	{"largest-contentful-paint", "LCP"},
	{"total-blocking-time", "TBT"},
	{"cumulative-layout-shift", "CLS"},
	{"speed-index", "SI"},
}

// score is a category's score as the report shows it (0–100), false when
// the run has none.
func (r lighthouseRun) score(id string) (int, bool) {
	s := r.Scores[id]
	if s == nil {
		return 0, false
	}
	return int(math.Round(*s * 100)), true
}

// medianLighthouseRun is the run of median performance score (the lower
// middle one of an even count; a run without a score counts as lowest): the
// run whose every figure the table shows.
func medianLighthouseRun(runs []lighthouseRun) (lighthouseRun, bool) {
	if len(runs) == 0 {
		return lighthouseRun{}, false
	}
	s := append([]lighthouseRun(nil), runs...)
	perf := func(r lighthouseRun) int {
		if v, ok := r.score("performance"); ok {
			return v
		}
		return -1
	}
	sort.SliceStable(s, func(i, j int) bool { return perf(s[i]) < perf(s[j]) })
	return s[(len(s)-1)/2], true
}

// judge is a category's cell for the table and whether it missed its target.
func judge(r lighthouseRun, c category) (string, bool) {
	v, ok := r.score(c.id)
	switch {
	case !ok:
		return fmt.Sprintf("none ≥%d FAIL", c.min), true
	case v < c.min:
		return fmt.Sprintf("%d ≥%d FAIL", v, c.min), true
	}
	return fmt.Sprintf("%d ≥%d pass", v, c.min), false
}

// print writes the conditions, the scores table and, for each page, its
// metrics and the audits behind each missed category; it returns how many
// targets (page × category) were missed.
func (rep lighthouseReport) print(w io.Writer) int {
	st := rep.Settings
	fmt.Fprintf(w, "\nLighthouse %s, Chromium %s: %s, %s throttling (%g ms RTT, %.1f Mbit/s, CPU %g× slower), %d×%d DPR %g",
		rep.Lighthouse, rep.Chromium, st.FormFactor, simulatedOr(st.ThrottlingMethod), st.Throttling.RTTMs,
		st.Throttling.ThroughputKbps/1000, st.Throttling.CPUSlowdownMultiplier, st.Screen.Width, st.Screen.Height, st.Screen.DeviceScaleFactor)
	if bi := benchmarkIndex(rep); bi > 0 {
		// Lighthouse's measure of this machine's speed: the simulation scales
		// the tasks it ran, so a slow or busy machine scores lower.
		fmt.Fprintf(w, "; benchmark index %.0f", bi)
	}
	if n := lighthouseRunsOf(rep); n > 1 {
		fmt.Fprintf(w, "; the run of median performance of %d", n)
	}
	fmt.Fprintln(w)

	header := []string{"page"}
	for _, c := range categories {
		header = append(header, c.label)
	}
	rows := [][]string{header}
	missed := 0
	type judged struct {
		name   string
		run    lighthouseRun
		all    []lighthouseRun
		missed []category
	}
	var pages []judged
	for _, p := range rep.Pages {
		r, ok := medianLighthouseRun(p.Runs)
		if !ok {
			continue
		}
		row := []string{p.Name + " " + shortPath(r.Path)}
		j := judged{name: p.Name, run: r, all: p.Runs}
		for _, c := range categories {
			cell, miss := judge(r, c)
			row = append(row, cell)
			if miss {
				missed++
				j.missed = append(j.missed, c)
			}
		}
		rows = append(rows, row)
		pages = append(pages, j)
	}
	table(w, rows)
	fmt.Fprintln(w)

	for _, p := range pages {
		r := p.run
		fmt.Fprintf(w, "%s (%s): %s", p.name, shortPath(r.Path), metricsLine(r))
		if len(p.all) > 1 {
			var perf []string
			for _, x := range p.all {
				if v, ok := x.score("performance"); ok {
					perf = append(perf, fmt.Sprint(v))
				} else {
					perf = append(perf, "-")
				}
			}
			fmt.Fprintf(w, " (performance of the runs: %s)", strings.Join(perf, ", "))
		}
		fmt.Fprintln(w)
		if r.RuntimeError != "" {
			fmt.Fprintf(w, "  Lighthouse failed: %s\n", r.RuntimeError)
		}
		for _, warning := range r.Warnings {
			fmt.Fprintf(w, "  warning: %s\n", oneLine(warning, 240))
		}
		for _, c := range p.missed {
			v, ok := r.score(c.id)
			if !ok {
				continue
			}
			fmt.Fprintf(w, "  %s %d < %d:\n", c.label, v, c.min)
			failing := auditsOf(r, c.id)
			if len(failing) == 0 {
				fmt.Fprintln(w, "    no audit below 0.9: the metrics above are what costs the score")
			}
			for _, a := range failing {
				fmt.Fprintf(w, "    %s: %s%s\n", a.ID, oneLine(a.Title, 200), auditNote(a))
				for _, item := range a.Items {
					fmt.Fprintf(w, "      %s\n", oneLine(item, 240))
				}
				if a.MoreItems > 0 {
					fmt.Fprintf(w, "      … and %d more\n", a.MoreItems)
				}
			}
		}
		fmt.Fprintln(w)
	}
	return missed
}

// auditsOf are a run's failing audits of one category, those that weigh
// in the score first, heaviest first; Lighthouse's order otherwise.
func auditsOf(r lighthouseRun, categoryID string) []lighthouseAudit {
	var out []lighthouseAudit
	for _, a := range r.Audits {
		for _, c := range a.Categories {
			if c == categoryID {
				out = append(out, a)
				break
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Weight > out[j].Weight })
	return out
}

// auditNote is what follows an audit's title: its score, value, weight and
// any error or explanation.
func auditNote(a lighthouseAudit) string {
	var parts []string
	if a.Score != nil {
		parts = append(parts, fmt.Sprintf("score %g", *a.Score))
	}
	if a.Weight > 0 {
		parts = append(parts, fmt.Sprintf("weight %g", a.Weight))
	}
	if a.Display != "" {
		parts = append(parts, oneLine(a.Display, 120))
	}
	note := ""
	if len(parts) > 0 {
		note = " (" + strings.Join(parts, "; ") + ")"
	}
	if a.Error != "" {
		note += " — error: " + oneLine(a.Error, 200)
	}
	if a.Explanation != "" {
		note += " — " + oneLine(a.Explanation, 200)
	}
	return note
}

// metricsLine is the performance metrics of a run with their scores (0–100).
func metricsLine(r lighthouseRun) string {
	var parts []string
	for _, m := range lighthouseMetrics {
		v, ok := r.Metrics[m.id]
		if !ok || v.Value == nil {
			parts = append(parts, m.short+" -")
			continue
		}
		display := v.Display
		if display == "" {
			display = fmt.Sprintf("%g", *v.Value)
		}
		part := m.short + " " + display
		if v.Score != nil {
			part += fmt.Sprintf(" (score %d)", int(math.Round(*v.Score*100)))
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// benchmarkIndex is the lowest of the runs' benchmark indexes, 0 when none.
func benchmarkIndex(rep lighthouseReport) float64 {
	lowest := 0.0
	for _, p := range rep.Pages {
		for _, r := range p.Runs {
			if r.BenchmarkIndex > 0 && (lowest == 0 || r.BenchmarkIndex < lowest) {
				lowest = r.BenchmarkIndex
			}
		}
	}
	return lowest
}

func lighthouseRunsOf(rep lighthouseReport) int {
	most := 0
	for _, p := range rep.Pages {
		most = max(most, len(p.Runs))
	}
	return most
}

func simulatedOr(method string) string {
	if method == "simulate" {
		return "simulated"
	}
	if method == "" {
		return "unknown"
	}
	return method
}

// oneLine folds whitespace and cuts s at n runes, for a line of the report.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
