package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// runs builds the runs of a page from LCP, CLS and INP values (ms, score,
// ms); a negative value is a metric web-vitals did not report.
func runs(results int, values ...[3]float64) []runOut {
	var out []runOut
	for _, v := range values {
		r := runOut{Results: results}
		if v[0] >= 0 {
			r.LCP = &lcp{Value: v[0]}
		}
		if v[1] >= 0 {
			r.CLS = &cls{Value: v[1]}
		}
		if v[2] >= 0 {
			r.INP = &inp{Value: v[2]}
		}
		out = append(out, r)
	}
	return out
}

func TestMedianOfRuns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lcps   []float64
		want   float64
		wantOK bool
	}{
		{[]float64{3000, 1000, 2000}, 2000, true},
		{[]float64{1000, 4000, 2000, 3000}, 2500, true},
		{[]float64{1500}, 1500, true},
		{[]float64{1000, -1, 2000}, 0, false}, // a run without LCP: no median
		{nil, 0, false},
	} {
		var vs [][3]float64
		for _, l := range tc.lcps {
			vs = append(vs, [3]float64{l, 0, 0})
		}
		got, ok := median(runs(0, vs...), getLCP)
		if got != tc.want || ok != tc.wantOK {
			t.Errorf("median LCP of %v = %v, %v; want %v, %v", tc.lcps, got, ok, tc.want, tc.wantOK)
		}
	}
}

func TestVerdictAgainstTargets(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		p          page
		metric     string
		get        func(runOut) (float64, bool)
		wantMissed bool
		wantCell   string
	}{
		{"home LCP under its budget", page{Name: "home", Runs: runs(0, [3]float64{1700, 0, 40}, [3]float64{1900, 0, 40}, [3]float64{1750, 0, 40})},
			"LCP", getLCP, false, "1.75 s ≤1.80 s pass"},
		{"home LCP over it", page{Name: "home", Runs: runs(0, [3]float64{1700, 0, 40}, [3]float64{1900, 0, 40}, [3]float64{1850, 0, 40})},
			"LCP", getLCP, true, "1.85 s ≤1.80 s FAIL"},
		{"CLS exactly at its budget passes", page{Name: "fare", Runs: runs(0, [3]float64{900, 0.05, 40})},
			"CLS", getCLS, false, "0.050 ≤0.050 pass"},
		{"a budgeted metric never reported fails", page{Name: "fare", Runs: runs(0, [3]float64{900, -1, 40})},
			"CLS", getCLS, true, "none ≤0.050 FAIL"},
		{"a metric without a budget is only shown", page{Name: "about", Runs: runs(0, [3]float64{9000, 0, 900})},
			"LCP", getLCP, false, "9.00 s"},
		{"results INP fast enough on 300 results", page{Name: "results", Runs: runs(324, [3]float64{900, 0, 120})},
			"INP", getINP, false, "120 ms ≤150 ms pass"},
		{"results INP on too few results does not count", page{Name: "results", Runs: runs(80, [3]float64{900, 0, 120})},
			"INP", getINP, true, "120 ms ≤150 ms FAIL (80 results, not 300)"},
	} {
		cell, missed := verdict(tc.p, tc.metric, tc.get, map[string]func(float64) string{"LCP": msText, "INP": msText, "CLS": clsText}[tc.metric])
		if missed != tc.wantMissed || cell != tc.wantCell {
			t.Errorf("%s: %q missed=%v; want %q missed=%v", tc.name, cell, missed, tc.wantCell, tc.wantMissed)
		}
	}
}

func TestPrintCountsMissedTargets(t *testing.T) {
	t.Parallel()
	raw := `{"chromium":"156","device":{"name":"Moto G4","viewport":{"width":360,"height":640},"deviceScaleFactor":3},
	"cpuSlowdown":4,"network":{"latency":150,"downloadThroughput":200000,"uploadThroughput":93750},
	"pages":[
	 {"name":"home","path":"/","interaction":"tap","runs":[{"LCP":{"value":1200,"target":"h1"},"CLS":{"value":0},"INP":{"value":80,"time":5000},"bytes":{"script":204800,"scripts":3,"total":307200}}]},
	 {"name":"results","path":"/flights?from=BOM","interaction":"tap","runs":[{"LCP":{"value":2500},"CLS":{"value":0.2,"largestShiftValue":0.2,"largestShiftTime":6000,
	   "shifts":[{"value":0.2,"time":6000,"sources":[{"node":"footer","from":{"x":0,"y":346,"width":360,"height":294},"to":{"x":0,"y":0,"width":0,"height":0}}]}]},
	   "INP":{"value":400,"time":5000},"results":324,"shownAfter":36,"filter":"Air India (AI)","listUpdateMs":900,"bytes":{"script":1024,"scripts":1,"total":2048}}]},
	 {"name":"fare","path":"/flights/fare?traceId=x","interaction":"tap","runs":[{"LCP":{"value":3000},"CLS":{"value":0.01},"INP":{"value":90},"bytes":{"script":1024,"scripts":1,"total":2048}}]}
	]}`
	var rep report
	if err := json.Unmarshal([]byte(raw), &rep); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if missed := rep.print(&out); missed != 4 {
		t.Fatalf("%d targets missed, want 4 (results LCP, CLS and INP, fare LCP):\n%s", missed, out.String())
	}
	for _, want := range []string{
		"Moto G4 (360×640, DPR 3, touch), CPU 4× slower, slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up)",
		"1.20 s ≤1.80 s pass", "2.50 s ≤1.80 s FAIL", "3.00 s ≤1.80 s FAIL", "0.200 ≤0.050 FAIL", "400 ms ≤150 ms FAIL", "200.0 KiB (3 files)",
		"footer pushed out of view (was at y=346)", "1.00 s after the interaction",
		`filter "Air India (AI)" on 324 results left 36; the list showed it 900 ms after the tap`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-runs", "0"}, {"-taps", "0"}, {"extra"}, {"-bin", t.TempDir()},
		{"-lighthouse", "-lighthouse-runs", "0"}, {"-vitals=false"}, {"-date", "8-12-2026"}} {
		if _, err := run(context.Background(), args, func(string) string { return "" }, io.Discard, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestTapsLineSummarisesEveryTapOfEveryLoad(t *testing.T) {
	t.Parallel()
	list := func(v float64) *float64 { return &v }
	one := []runOut{{Taps: []tap{{Ms: 80, ListMs: list(60)}}}, {Taps: []tap{{Ms: 90}}}}
	if line, ok := tapsLine(one); ok {
		t.Errorf("one tap per load: want no line, got %q", line)
	}
	runs := []runOut{
		{Taps: []tap{{Ms: 40, ListMs: list(30)}, {Ms: 120, ListMs: list(100)}, {Ms: 56, ListMs: list(44)}}},
		{Taps: []tap{{Ms: 64, ListMs: list(50)}, {Ms: 200}, {Ms: 48, ListMs: list(36)}, {Ms: 72, ListMs: list(58)}}},
	}
	line, ok := tapsLine(runs)
	if !ok {
		t.Fatal("several taps per load: no line")
	}
	// Sorted: 40 48 56 64 72 120 200, nearest rank: median the 4th, p75 the 6th;
	// the lists 30 36 44 50 58 100: median the 3rd.
	want := "7 taps in 2 loads: each tap's interaction took 64 ms median, 120 ms at the 75th percentile, 200 ms at worst; " +
		"the list showed the answer 44 ms after the tap (median)"
	if line != want {
		t.Errorf("got  %q\nwant %q", line, want)
	}
}

func TestPercentileIsNearestRank(t *testing.T) {
	t.Parallel()
	v := []float64{5, 1, 4, 2, 3}
	for p, want := range map[float64]float64{1: 1, 20: 1, 21: 2, 50: 3, 75: 4, 100: 5} {
		if got := percentile(v, p); got != want {
			t.Errorf("p%g of %v = %g, want %g", p, v, got, want)
		}
	}
	if v[0] != 5 {
		t.Error("percentile sorted its argument")
	}
}
