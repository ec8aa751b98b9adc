package sim_test

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

var wireTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$`)

// stripTrace removes what legitimately differs between two identical
// searches: the TraceId.
func stripTrace(r map[string]any) string {
	c := map[string]any{}
	for k, v := range r {
		if k != "TraceId" {
			c[k] = v
		}
	}
	b, _ := json.Marshal(c)
	return string(b)
}

func TestSearchIsDeterministic(t *testing.T) {
	t.Parallel()
	run := func(seed uint64) string {
		e := setup(t, sim.Options{Seed: seed})
		return stripTrace(e.search(searchBody(e.token(), "BOM", "DEL", "2026-03-20", 2)))
	}
	a, b, c := run(7), run(7), run(8)
	if a != b {
		t.Fatal("the same seed and search gave different results")
	}
	if a == c {
		t.Fatal("another seed gave the same results")
	}
}

func TestSearchTrunkRouteHasNonStops(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	res := results(t, e.search(searchBody(e.token(), "BOM", "DEL", "2026-03-20", 2)), 0)
	nonstop, lcc, gds := 0, 0, 0
	prev := 0.0
	for i, r := range res {
		if r["ResultIndex"] == "" || !strings.HasPrefix(r["ResultIndex"].(string), "OB") {
			t.Fatalf("result %d: ResultIndex %v", i, r["ResultIndex"])
		}
		if _, ok := r["IsCouponAppilcable"]; !ok {
			t.Fatal("the misspelt IsCouponAppilcable is missing")
		}
		if p := num(fare(r)["PublishedFare"]); p < prev {
			t.Fatalf("results not ordered by fare: %v after %v", p, prev)
		} else {
			prev = p
		}
		if r["IsLCC"] == true {
			lcc++
		} else {
			gds++
		}
		dirs := segments(r)
		if len(dirs) != 1 {
			t.Fatalf("one-way result with %d directions", len(dirs))
		}
		segs := dirs[0]
		if len(segs) == 1 {
			nonstop++
		}
		first, last := segs[0], segs[len(segs)-1]
		if first["Origin"].(map[string]any)["Airport"].(map[string]any)["AirportCode"] != "BOM" ||
			last["Destination"].(map[string]any)["Airport"].(map[string]any)["AirportCode"] != "DEL" {
			t.Fatalf("result %d does not fly BOM→DEL", i)
		}
		for _, s := range segs {
			dep := s["Origin"].(map[string]any)["DepTime"].(string)
			arr := s["Destination"].(map[string]any)["ArrTime"].(string)
			if !wireTime.MatchString(dep) || !wireTime.MatchString(arr) {
				t.Fatalf("times %q %q are not yyyy-MM-ddTHH:mm:ss", dep, arr)
			}
			if num(s["Duration"]) < 45 || num(s["Duration"]) > 300 {
				t.Fatalf("implausible duration %v minutes", s["Duration"])
			}
			if _, ok := s["Airline"].(map[string]any)["FlightNumber"].(string); !ok {
				t.Fatal("FlightNumber must be a string")
			}
		}
	}
	if nonstop == 0 || lcc == 0 || gds == 0 {
		t.Fatalf("BOM→DEL: %d non-stop, %d LCC, %d GDS of %d results", nonstop, lcc, gds, len(res))
	}
}

func TestSearchLocalTimes(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	// Delhi is UTC+5:30, London UTC+0 in March before summer time: local
	// arrival minus local departure is the flight time minus 5 h 30.
	for _, r := range results(t, e.search(searchBody(e.token(), "DEL", "LHR", "2026-03-20", 2)), 0) {
		segs := segments(r)[0]
		if len(segs) != 1 {
			continue
		}
		dep, _ := time.Parse("2006-01-02T15:04:05", segs[0]["Origin"].(map[string]any)["DepTime"].(string))
		arr, _ := time.Parse("2006-01-02T15:04:05", segs[0]["Destination"].(map[string]any)["ArrTime"].(string))
		if got, want := arr.Sub(dep), time.Duration(num(segs[0]["Duration"]))*time.Minute-5*time.Hour-30*time.Minute; got != want {
			t.Fatalf("local times differ by %s, want %s", got, want)
		}
		return
	}
	t.Fatal("no non-stop DEL→LHR")
}

func TestSearchThinRouteConnects(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	// Port Blair to Agartala: two small airports with no flight between them.
	for _, r := range results(t, e.search(searchBody(tok, "IXZ", "IXA", "2026-03-20", 2)), 0) {
		segs := segments(r)[0]
		if len(segs) < 2 {
			t.Fatalf("%v flies IXZ→IXA non-stop", r["ResultIndex"])
		}
		for i := 1; i < len(segs); i++ {
			if num(segs[i]["GroundTime"]) <= 0 {
				t.Fatalf("connection without ground time: %v", segs[i])
			}
		}
	}
	body := searchBody(tok, "IXZ", "IXA", "2026-03-20", 2)
	body["DirectFlight"] = true
	r := e.air("Search", body)
	if code, _ := errorOf(r); code != 25 {
		t.Fatalf("non-stop only on a thin route: want No result found, got %v", r["Error"])
	}
	// Any two airports of the data are served, however remote.
	results(t, e.search(searchBody(tok, "GKA", "IXZ", "2026-03-20", 2)), 0)
}

func TestSearchFaresRiseWithCabin(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	cheapest := map[int]float64{}
	for _, cabin := range []int{2, 3, 4, 6} {
		low := math.Inf(1)
		for _, r := range results(t, e.search(searchBody(tok, "DEL", "LHR", "2026-03-20", cabin)), 0) {
			low = min(low, num(fare(r)["PublishedFare"]))
			for _, s := range segments(r)[0] {
				if num(s["CabinClass"]) != float64(cabin) {
					t.Fatalf("cabin %d search returned a segment in cabin %v", cabin, s["CabinClass"])
				}
			}
		}
		cheapest[cabin] = low
	}
	if !(cheapest[2] < cheapest[3] && cheapest[3] < cheapest[4] && cheapest[4] < cheapest[6]) {
		t.Fatalf("cheapest fares by cabin not increasing: %v", cheapest)
	}
	// Economy on a trunk route costs what Indians pay: thousands of rupees.
	if cheapest[2] < 20000 || cheapest[2] > 90000 {
		t.Fatalf("implausible DEL→LHR economy fare %v", cheapest[2])
	}
}

func TestFareBreakdownAddsUp(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	body := searchBody(e.token(), "BOM", "DXB", "2026-03-20", 2)
	body["AdultCount"], body["ChildCount"], body["InfantCount"] = 2, 1, 1
	for _, r := range results(t, e.search(body), 0) {
		f := fare(r)
		var base, tax, count float64
		types := map[float64]bool{}
		for _, x := range r["FareBreakdown"].([]any) {
			row := x.(map[string]any)
			base += num(row["BaseFare"])
			tax += num(row["Tax"])
			count += num(row["PassengerCount"])
			types[num(row["PassengerType"])] = true
			var parts float64
			for _, kv := range row["TaxBreakUp"].([]any) {
				parts += num(kv.(map[string]any)["value"])
			}
			if !near(parts, num(row["Tax"])) {
				t.Fatalf("TaxBreakUp %v does not add up to Tax %v", parts, row["Tax"])
			}
		}
		if !near(base, num(f["BaseFare"])) || !near(tax, num(f["Tax"])) || count != 4 || len(types) != 3 {
			t.Fatalf("breakdown base %v tax %v pax %v types %v; fare base %v tax %v", base, tax, count, types, f["BaseFare"], f["Tax"])
		}
		var parts float64
		for _, kv := range f["TaxBreakup"].([]any) {
			parts += num(kv.(map[string]any)["value"])
		}
		if !near(parts, num(f["Tax"])) {
			t.Fatalf("TaxBreakup %v does not add up to Tax %v", parts, f["Tax"])
		}
		published := num(f["BaseFare"]) + num(f["Tax"]) + num(f["OtherCharges"]) + num(f["ServiceFee"]) + num(f["AdditionalTxnFeePub"]) + num(f["AirlineTransFee"])
		offered := published - (num(f["CommissionEarned"]) + num(f["IncentiveEarned"]) + num(f["PLBEarned"]) + num(f["AdditionalTxnFeePub"]))
		if !near(published, num(f["PublishedFare"])) || !near(offered, num(f["OfferedFare"])) {
			t.Fatalf("PublishedFare %v / OfferedFare %v, formulas give %v / %v", f["PublishedFare"], f["OfferedFare"], published, offered)
		}
		if num(f["OfferedFare"]) >= num(f["PublishedFare"]) {
			t.Fatalf("the agent earns nothing: %v", f)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.005 }

func TestSearchAcceptsStringsForNumbers(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	body := `{"EndUserIp":"10.0.0.1","TokenId":"` + e.token() + `","AdultCount":"2","ChildCount":"1","InfantCount":"0",
		"DirectFlight":"true","OneStopFlight":"False","JourneyType":"1","PreferredAirlines":null,"Sources":null,
		"Segments":[{"Origin":"BOM","Destination":"DEL","FlightCabinClass":"2","PreferredDepartureTime":"2026-03-20T00:00:00","PreferredArrivalTime":"2026-03-20T00:00:00"}]}`
	r := e.air("Search", body)
	if r["ResponseStatus"] != 1.0 {
		t.Fatalf("strings for numbers: %v", r["Error"])
	}
	for _, res := range results(t, r, 0) {
		if len(segments(res)[0]) != 1 {
			t.Fatal(`"DirectFlight":"true" was not applied`)
		}
		if rows := res["FareBreakdown"].([]any); len(rows) != 2 {
			t.Fatalf(`"AdultCount":"2","ChildCount":"1" gave %d breakdown rows`, len(rows))
		}
	}
}

func TestSearchSources(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)
	body["Sources"] = []string{"GDS"}
	for _, r := range results(t, e.search(body), 0) {
		if r["IsLCC"] == true {
			t.Fatal("Sources [GDS] returned an LCC result")
		}
	}
	body["Sources"] = []string{"6E", "SG"}
	for _, r := range results(t, e.search(body), 0) {
		if code := r["AirlineCode"]; r["IsLCC"] != true || (code != "6E" && code != "SG") {
			t.Fatalf("Sources [6E SG] returned %v (LCC %v)", code, r["IsLCC"])
		}
	}
	body["Sources"] = []string{"LCC"}
	if r := e.air("Search", body); r["ResponseStatus"] != 3.0 {
		t.Fatalf(`Sources ["LCC"] is not the supplier's form and must be refused: %v`, r)
	}
}

func TestSearchReturnAndMultiCityShapes(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	leg := func(from, to, date string) map[string]any {
		return map[string]any{"Origin": from, "Destination": to, "FlightCabinClass": 2, "PreferredDepartureTime": date + "T00:00:00"}
	}

	// Domestic return: one list per direction, "OB…" and "IB…".
	body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)
	body["JourneyType"] = 2
	body["Segments"] = []map[string]any{leg("BOM", "DEL", "2026-03-20"), leg("DEL", "BOM", "2026-03-24")}
	r := e.search(body)
	out, in := results(t, r, 0), results(t, r, 1)
	if !strings.HasPrefix(out[0]["ResultIndex"].(string), "OB") || !strings.HasPrefix(in[0]["ResultIndex"].(string), "IB") {
		t.Fatalf("domestic return indexes %v %v", out[0]["ResultIndex"], in[0]["ResultIndex"])
	}
	if s := segments(in[0])[0][0]; num(s["TripIndicator"]) != 2 || s["Origin"].(map[string]any)["Airport"].(map[string]any)["AirportCode"] != "DEL" {
		t.Fatalf("inbound segment %v", s)
	}

	// International return: one list, each result holding both directions.
	body["Segments"] = []map[string]any{leg("DEL", "DXB", "2026-03-20"), leg("DXB", "DEL", "2026-03-27")}
	r = e.search(body)
	if n := len(r["Results"].([]any)); n != 1 {
		t.Fatalf("international return: %d lists", n)
	}
	for _, res := range results(t, r, 0) {
		dirs := segments(res)
		if len(dirs) != 2 || num(dirs[0][0]["TripIndicator"]) != 1 || num(dirs[1][0]["TripIndicator"]) != 2 {
			t.Fatalf("international return result with %d directions", len(dirs))
		}
	}

	// Multi-city: one inner list per leg.
	body["JourneyType"] = 3
	body["Segments"] = []map[string]any{leg("DEL", "BOM", "2026-03-20"), leg("BOM", "BLR", "2026-03-22"), leg("BLR", "DEL", "2026-03-25")}
	for _, res := range results(t, e.search(body), 0) {
		dirs := segments(res)
		if len(dirs) != 3 {
			t.Fatalf("multi-city result with %d legs", len(dirs))
		}
		for i, d := range dirs {
			if num(d[0]["TripIndicator"]) != float64(i+1) {
				t.Fatalf("leg %d has TripIndicator %v", i+1, d[0]["TripIndicator"])
			}
		}
	}
}

func TestSearchValidation(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	for _, tc := range []struct {
		name   string
		change func(b map[string]any)
		want   string
	}{
		{"unknown airport", func(b map[string]any) { b["Segments"].([]map[string]any)[0]["Origin"] = "QQQ" }, "Origin"},
		{"same airports", func(b map[string]any) { b["Segments"].([]map[string]any)[0]["Destination"] = "BOM" }, "same"},
		{"past date", func(b map[string]any) {
			b["Segments"].([]map[string]any)[0]["PreferredDepartureTime"] = "2026-02-27T00:00:00"
		}, "past"},
		{"bad date", func(b map[string]any) { b["Segments"].([]map[string]any)[0]["PreferredDepartureTime"] = "20/03/2026" }, "PreferredDepartureTime"},
		{"no adults", func(b map[string]any) { b["AdultCount"] = 0 }, "AdultCount"},
		{"too many", func(b map[string]any) { b["AdultCount"], b["ChildCount"] = 6, 4 }, "9"},
		{"infants outnumber adults", func(b map[string]any) { b["InfantCount"] = 2 }, "infants"},
		{"bad cabin", func(b map[string]any) { b["Segments"].([]map[string]any)[0]["FlightCabinClass"] = 9 }, "FlightCabinClass"},
		{"return without a second segment", func(b map[string]any) { b["JourneyType"] = 2 }, "two segments"},
		{"no end-user IP", func(b map[string]any) { b["EndUserIp"] = "" }, "EndUserIp"},
	} {
		body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)
		tc.change(body)
		r := e.air("Search", body)
		_, msg := errorOf(r)
		if r["ResponseStatus"] != 3.0 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: ResponseStatus %v, message %q (want 3 and %q)", tc.name, r["ResponseStatus"], msg, tc.want)
		}
	}
}

func TestTraceExpires(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	quote := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": results(t, r, 0)[0]["ResultIndex"]}
	e.clock.Advance(14 * time.Minute)
	if q := e.air("FareQuote", quote); q["ResponseStatus"] != 1.0 {
		t.Fatalf("within 15 minutes: %v", q["Error"])
	}
	e.clock.Advance(2 * time.Minute)
	q := e.air("FareQuote", quote)
	if _, msg := errorOf(q); msg != "Your session (TraceId) is expired." {
		t.Fatalf("after 16 minutes: %v", q["Error"])
	}
}

func TestTracesAreBounded(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{MaxTraces: 5})
	tok := e.token()
	for i := range 12 {
		e.search(searchBody(tok, "BOM", "DEL", "2026-03-"+[]string{"10", "11", "12"}[i%3], 2))
	}
	if n := e.sim.LiveTraces(); n > 5 {
		t.Fatalf("%d traces kept, cap 5", n)
	}
	// Expired traces are swept by the next search.
	e.clock.Advance(16 * time.Minute)
	e.search(searchBody(tok, "BOM", "DEL", "2026-03-10", 2))
	if n := e.sim.LiveTraces(); n != 1 {
		t.Fatalf("%d traces after expiry, want 1", n)
	}
}

func TestFareQuote(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	res := results(t, r, 0)[0]
	quote := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": res["ResultIndex"]}

	q := e.air("FareQuote", quote)
	single, ok := q["Results"].(map[string]any)
	if !ok {
		t.Fatalf("FareQuote Results must be a single object: %T", q["Results"])
	}
	if q["IsPriceChanged"] != false || num(fare(single)["PublishedFare"]) != num(fare(res)["PublishedFare"]) {
		t.Fatalf("quote without change: %v vs %v", fare(single)["PublishedFare"], fare(res)["PublishedFare"])
	}

	q = e.air("FareQuote", quote, sim.HeaderPriceChange, "true")
	raised := num(fare(q["Results"].(map[string]any))["PublishedFare"])
	if q["IsPriceChanged"] != true || raised <= num(fare(res)["PublishedFare"]) || raised > 1.2*num(fare(res)["PublishedFare"]) {
		t.Fatalf("forced change: IsPriceChanged %v, %v → %v", q["IsPriceChanged"], fare(res)["PublishedFare"], raised)
	}
	// The new fare sticks to the trace.
	q = e.air("FareQuote", quote)
	if q["IsPriceChanged"] != false || num(fare(q["Results"].(map[string]any))["PublishedFare"]) != raised {
		t.Fatalf("the raised fare did not stick: %v", fare(q["Results"].(map[string]any))["PublishedFare"])
	}

	quote["ResultIndex"] = "OB9999"
	if q := e.air("FareQuote", quote); q["ResponseStatus"] != 3.0 {
		t.Fatalf("unknown ResultIndex: %v", q)
	}
}

func TestFareRule(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	fr := e.air("FareRule", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": results(t, r, 0)[0]["ResultIndex"]})
	rules, _ := fr["FareRules"].([]any)
	if fr["ResponseStatus"] != 1.0 || len(rules) == 0 {
		t.Fatalf("FareRule: %v", fr)
	}
	rule := rules[0].(map[string]any)
	detail, _ := rule["FareRuleDetail"].(string)
	for _, want := range []string{"<table", "Cancellation", "INR ", "baggage"} {
		if !strings.Contains(detail, want) {
			t.Fatalf("FareRuleDetail lacks %q: %s", want, detail)
		}
	}
	if rule["Origin"] != "BOM" || rule["Destination"] != "DEL" || rule["Airline"] == "" || rule["FareBasisCode"] == "" {
		t.Fatalf("rule header %v", rule)
	}
}
