package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// lhRun builds a run from its four category scores (0–1); a negative one
// is a category Lighthouse could not score.
func lhRun(perf, a11y, bp, seo float64) lighthouseRun {
	r := lighthouseRun{Scores: map[string]*float64{}}
	for id, v := range map[string]float64{"performance": perf, "accessibility": a11y, "best-practices": bp, "seo": seo} {
		if v >= 0 {
			r.Scores[id] = &v
		}
	}
	return r
}

func TestJudgeAgainstCategoryTargets(t *testing.T) {
	t.Parallel()
	perf, a11y, bp, seo := categories[0], categories[1], categories[2], categories[3]
	for _, tc := range []struct {
		name       string
		run        lighthouseRun
		c          category
		wantCell   string
		wantMissed bool
	}{
		{"performance at its target passes", lhRun(0.95, 1, 1, 1), perf, "95 ≥95 pass", false},
		{"performance rounds as the report does", lhRun(0.945, 1, 1, 1), perf, "95 ≥95 pass", false},
		{"performance below it fails", lhRun(0.944, 1, 1, 1), perf, "94 ≥95 FAIL", true},
		{"accessibility must be 100", lhRun(1, 0.99, 1, 1), a11y, "99 ≥100 FAIL", true},
		{"accessibility of 100 passes", lhRun(1, 1, 1, 1), a11y, "100 ≥100 pass", false},
		{"best practices at 96 pass", lhRun(1, 1, 0.96, 1), bp, "96 ≥95 pass", false},
		{"SEO of 92 fails", lhRun(1, 1, 1, 0.92), seo, "92 ≥100 FAIL", true},
		{"a category without a score fails", lhRun(-1, 1, 1, 1), perf, "none ≥95 FAIL", true},
	} {
		cell, missed := judge(tc.run, tc.c)
		if cell != tc.wantCell || missed != tc.wantMissed {
			t.Errorf("%s: %q missed=%v; want %q missed=%v", tc.name, cell, missed, tc.wantCell, tc.wantMissed)
		}
	}
}

func TestMedianLighthouseRunIsByPerformance(t *testing.T) {
	t.Parallel()
	withPath := func(r lighthouseRun, p string) lighthouseRun { r.Path = p; return r }
	for _, tc := range []struct {
		name string
		runs []lighthouseRun
		want string
	}{
		{"odd count: the middle one",
			[]lighthouseRun{withPath(lhRun(0.97, 1, 1, 1), "a"), withPath(lhRun(0.80, 0.9, 1, 1), "b"), withPath(lhRun(0.91, 1, 1, 1), "c")}, "c"},
		{"even count: the lower middle one",
			[]lighthouseRun{withPath(lhRun(0.97, 1, 1, 1), "a"), withPath(lhRun(0.80, 1, 1, 1), "b"), withPath(lhRun(0.91, 1, 1, 1), "c"), withPath(lhRun(0.99, 1, 1, 1), "d")}, "c"},
		{"a run without a score counts as the lowest",
			[]lighthouseRun{withPath(lhRun(-1, -1, -1, -1), "a"), withPath(lhRun(0.50, 1, 1, 1), "b"), withPath(lhRun(0.60, 1, 1, 1), "c")}, "b"},
		{"one run", []lighthouseRun{withPath(lhRun(0.5, 1, 1, 1), "a")}, "a"},
	} {
		got, ok := medianLighthouseRun(tc.runs)
		if !ok || got.Path != tc.want {
			t.Errorf("%s: got run %q (ok %v), want %q", tc.name, got.Path, ok, tc.want)
		}
	}
	if _, ok := medianLighthouseRun(nil); ok {
		t.Error("no runs: want no median run")
	}
}

// lighthouseJSON is lighthouse.mjs's output for three pages: the home page
// passes everything, the results page misses performance and accessibility
// (two runs), the fare page could not be audited.
const lighthouseJSON = `{"lighthouse":"13.5.0","chromium":"Chrome/156.0.8078.108",
 "settings":{"formFactor":"mobile","throttlingMethod":"simulate",
  "throttling":{"rttMs":150,"throughputKbps":1638.4,"cpuSlowdownMultiplier":4},
  "screen":{"width":412,"height":823,"deviceScaleFactor":1.75}},
 "pages":[
  {"name":"home","runs":[{"path":"/","benchmarkIndex":1700,
   "scores":{"performance":0.99,"accessibility":1,"best-practices":0.96,"seo":1},
   "metrics":{"first-contentful-paint":{"value":900,"score":0.99,"display":"0.9 s"}},
   "audits":[{"id":"errors-in-console","title":"Browser errors were logged to the console","categories":["best-practices"],"score":0,"weight":1,
    "items":["/api/auth/me — Failed to load resource: the server responded with a status of 401 (Unauthorized)"]}]}]},
  {"name":"results","runs":[
   {"path":"/flights?from=BOM&to=DEL","benchmarkIndex":1500,
    "scores":{"performance":0.70,"accessibility":0.95,"best-practices":1,"seo":1},
    "metrics":{"first-contentful-paint":{"value":1000,"score":0.98,"display":"1.0 s"},
     "largest-contentful-paint":{"value":3100,"score":0.75,"display":"3.1 s"},
     "total-blocking-time":{"value":820,"score":0.35,"display":"820 ms"},
     "cumulative-layout-shift":{"value":0.01,"score":1,"display":"0.01"},
     "speed-index":{"value":1800,"score":0.99,"display":"1.8 s"}},
    "audits":[
     {"id":"bootup-time","title":"Reduce JavaScript execution time","categories":["performance"],"score":0,"weight":0,"display":"3.0 s",
      "items":["/assets/react-x.js — 2400 ms","/assets/index-y.js — 500 ms"],"moreItems":2},
     {"id":"color-contrast","title":"Background and foreground colors do not have a sufficient contrast ratio.","categories":["accessibility"],"score":0,"weight":7,
      "items":["div.card > span.css-1 — <span class=\"css-1\"> — Fix any of the following: Element has insufficient color contrast of 3.1"]},
     {"id":"duplicated-javascript-insight","title":"Duplicated JavaScript","categories":["performance"],"score":null,"weight":0,"error":"it broke"}],
    "warnings":["The page loaded too slowly to finish within the time limit."]},
   {"path":"/flights?from=BOM&to=DEL","benchmarkIndex":900,
    "scores":{"performance":0.80,"accessibility":0.95,"best-practices":1,"seo":1},"metrics":{},"audits":[]}]},
  {"name":"fare","runs":[{"path":"/flights/fare?traceId=t","runtimeError":"NO_FCP: The page did not paint any content.",
   "scores":{"performance":null,"accessibility":null,"best-practices":null,"seo":null},"metrics":{},"audits":[]}]}
 ]}`

func TestLighthousePrintJudgesAndExplainsMisses(t *testing.T) {
	t.Parallel()
	var rep lighthouseReport
	if err := json.Unmarshal([]byte(lighthouseJSON), &rep); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	// results: performance and accessibility; fare: all four.
	if missed := rep.print(&out); missed != 6 {
		t.Fatalf("%d targets missed, want 6:\n%s", missed, out.String())
	}
	text := out.String()
	for _, want := range []string{
		"Lighthouse 13.5.0, Chromium Chrome/156.0.8078.108: mobile, simulated throttling (150 ms RTT, 1.6 Mbit/s, CPU 4× slower), 412×823 DPR 1.75; benchmark index 900; the run of median performance of 2",
		"page                  performance    accessibility   best practices  SEO\n" +
			"home /                99 ≥95 pass    100 ≥100 pass   96 ≥95 pass     100 ≥100 pass\n" +
			"results /flights?…    70 ≥95 FAIL    95 ≥100 FAIL    100 ≥95 pass    100 ≥100 pass\n" +
			"fare /flights/fare?…  none ≥95 FAIL  none ≥100 FAIL  none ≥95 FAIL   none ≥100 FAIL\n",
		"results (/flights?…): FCP 1.0 s (score 98), LCP 3.1 s (score 75), TBT 820 ms (score 35), CLS 0.01 (score 100), SI 1.8 s (score 99) (performance of the runs: 70, 80)",
		"  warning: The page loaded too slowly to finish within the time limit.",
		"  performance 70 < 95:\n    bootup-time: Reduce JavaScript execution time (score 0; 3.0 s)\n      /assets/react-x.js — 2400 ms\n      /assets/index-y.js — 500 ms\n      … and 2 more\n",
		"    duplicated-javascript-insight: Duplicated JavaScript — error: it broke\n",
		"  accessibility 95 < 100:\n    color-contrast: Background and foreground colors do not have a sufficient contrast ratio. (score 0; weight 7)\n" +
			"      div.card > span.css-1 — <span class=\"css-1\"> — Fix any of the following: Element has insufficient color contrast of 3.1\n",
		"fare (/flights/fare?…): FCP -, LCP -, TBT -, CLS -, SI -\n  Lighthouse failed: NO_FCP: The page did not paint any content.\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	// A category that met its target lists no audits: the home page's
	// console error costs best practices 4 points but passes.
	if strings.Contains(text, "errors-in-console") {
		t.Errorf("an audit of a category that passed is listed:\n%s", text)
	}
}

func TestAuditsOfPutWeightedFirst(t *testing.T) {
	t.Parallel()
	r := lighthouseRun{Audits: []lighthouseAudit{
		{ID: "a", Categories: []string{"accessibility"}, Weight: 0},
		{ID: "b", Categories: []string{"seo"}, Weight: 1},
		{ID: "c", Categories: []string{"accessibility"}, Weight: 10},
		{ID: "d", Categories: []string{"best-practices", "accessibility"}, Weight: 3},
		{ID: "e", Categories: []string{"accessibility"}, Weight: 0},
	}}
	var got []string
	for _, a := range auditsOf(r, "accessibility") {
		got = append(got, a.ID)
	}
	if strings.Join(got, ",") != "c,d,a,e" {
		t.Errorf("accessibility audits %v, want c,d,a,e", got)
	}
}

func TestOneLineFoldsAndCuts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"Fix any of the following:\n  Element has\tinsufficient contrast", 200, "Fix any of the following: Element has insufficient contrast"},
		{"ünïcödé ünïcödé", 10, "ünïcödé ü…"},
		{"exactly ten", 11, "exactly ten"},
	} {
		if got := oneLine(tc.in, tc.n); got != tc.want {
			t.Errorf("oneLine(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
