package sim_test

import (
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// TestDeparturesLengthenResultLists checks Options.Departures: a busier day
// answers a trunk route with over 300 one-way results, every one a real
// BOM→DEL itinerary in fare order, the same on every search, and each one
// quotable (FareQuote regenerates it from the trace).
func TestDeparturesLengthenResultLists(t *testing.T) {
	t.Parallel()
	normal := setup(t, sim.Options{})
	base := results(t, normal.search(searchBody(normal.token(), "BOM", "DEL", "2026-03-20", 2)), 0)
	if len(base) >= 300 {
		t.Fatalf("the normal schedule already gives %d results: the test proves nothing", len(base))
	}

	busy := setup(t, sim.Options{Departures: 4})
	tok := busy.token()
	r := busy.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	res := results(t, r, 0)
	if len(res) < 300 || len(res) < 3*len(base) {
		t.Fatalf("Departures 4: %d results (normal %d), want over 300", len(res), len(base))
	}
	seen := map[string]bool{}
	prev := 0.0
	for i, x := range res {
		idx, _ := x["ResultIndex"].(string)
		if !strings.HasPrefix(idx, "OB") || seen[idx] {
			t.Fatalf("result %d: ResultIndex %q missing or repeated", i, idx)
		}
		seen[idx] = true
		if p := num(fare(x)["PublishedFare"]); p < prev {
			t.Fatalf("result %d: fare %v after %v, not in fare order", i, p, prev)
		} else {
			prev = p
		}
		segs := segments(x)[0]
		from := segs[0]["Origin"].(map[string]any)["Airport"].(map[string]any)["AirportCode"]
		to := segs[len(segs)-1]["Destination"].(map[string]any)["Airport"].(map[string]any)["AirportCode"]
		if from != "BOM" || to != "DEL" {
			t.Fatalf("result %d flies %v→%v", i, from, to)
		}
	}

	again := results(t, busy.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2)), 0)
	if len(again) != len(res) || again[len(again)-1]["ResultIndex"] != res[len(res)-1]["ResultIndex"] {
		t.Fatalf("a second search gave %d results, the first %d", len(again), len(res))
	}

	last := res[len(res)-1]
	q := busy.air("FareQuote", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": last["ResultIndex"]})
	quoted, ok := q["Results"].(map[string]any)
	if q["ResponseStatus"] != 1.0 || !ok || num(fare(quoted)["PublishedFare"]) != num(fare(last)["PublishedFare"]) {
		t.Fatalf("FareQuote of the last result: %v", q)
	}
}

func TestDeparturesAreBounded(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Fatal("New accepted Departures above MaxDepartures")
		}
	}()
	sim.New(sim.Options{Departures: sim.MaxDepartures + 1})
}
