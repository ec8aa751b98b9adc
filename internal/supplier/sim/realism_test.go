package sim_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// indexRe is the shape of the supplier's result indexes: list prefix and
// position, a bracketed source tag, an opaque base64 tail.
var indexRe = regexp.MustCompile(`^(OB|IB)[0-9]+\[TBO\][A-Za-z0-9+/]+={0,2}$`)

// Answers look like the supplier's production answers: result indexes of
// hundreds of characters with + / = [ ], the same for the same search;
// both forms of LastTicketDate, and null on low-cost fares; advisories with
// line breaks; codeshare segments; accumulated durations on connections;
// fare classification objects; nulls where the supplier sends null.
func TestAnswersLookLikeProduction(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	seen := map[string]bool{}
	var ltdCompact, ltdISO, ltdNull, advisory, codeshare, accumulated bool
	punct := map[rune]bool{}
	for _, route := range [][2]string{{"DEL", "LHR"}, {"BOM", "DXB"}, {"DEL", "SIN"}, {"BOM", "DEL"}, {"BLR", "FRA"}} {
		r := e.search(searchBody(tok, route[0], route[1], "2026-03-20", 2))
		again := e.search(searchBody(tok, route[0], route[1], "2026-03-20", 2))
		first, second := results(t, r, 0), results(t, again, 0)
		for i, res := range first {
			idx := res["ResultIndex"].(string)
			if !indexRe.MatchString(idx) || len(idx) < 500 || len(idx) > 800 {
				t.Fatalf("index %q (%d characters) is not production-shaped", idx[:min(len(idx), 40)], len(idx))
			}
			if second[i]["ResultIndex"] != idx {
				t.Fatal("the same search gave another index")
			}
			if seen[idx] {
				t.Fatal("two results share an index")
			}
			seen[idx] = true
			for _, c := range idx {
				if strings.ContainsRune("+/=[]", c) {
					punct[c] = true
				}
			}
			switch ltd, _ := res["LastTicketDate"].(string); {
			case res["LastTicketDate"] == nil:
				ltdNull = true
				if res["IsLCC"] != true {
					t.Fatalf("a full-service fare without a last ticket date")
				}
			case regexp.MustCompile(`^\d{2}[A-Z]{3}\d{2}$`).MatchString(ltd):
				ltdCompact = true
			case regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$`).MatchString(ltd):
				ltdISO = true
			default:
				t.Fatalf("LastTicketDate %q", ltd)
			}
			if a, _ := res["TicketAdvisory"].(string); strings.Contains(a, "\n") {
				advisory = true
			}
			if fc, _ := res["FareClassification"].(map[string]any); fc["Type"] != "Publish" || fc["Color"] == nil {
				t.Fatalf("result FareClassification %v", res["FareClassification"])
			}
			if _, ok := res["AirlineRemark"]; !ok {
				t.Fatal("AirlineRemark missing (the supplier sends it, null when empty)")
			}
			for _, dir := range segments(res) {
				for k, s := range dir {
					a := s["Airline"].(map[string]any)
					codeshare = codeshare || a["OperatingCarrier"] != a["AirlineCode"]
					if k > 0 && num(s["AccumulatedDuration"]) > num(s["Duration"]) {
						accumulated = true
					}
					if s["StopPointArrivalTime"] != nil || s["SupplierFareClass"] != nil || s["Remark"] != nil {
						t.Fatalf("segment fields the supplier sends as null: %v %v %v", s["StopPointArrivalTime"], s["SupplierFareClass"], s["Remark"])
					}
					if fc, _ := s["FareClassification"].(map[string]any); fc == nil || fc["Type"] != "" {
						t.Fatalf("segment FareClassification %v", s["FareClassification"])
					}
				}
			}
			for _, rule := range res["FareRules"].([]any) {
				if d := rule.(map[string]any)["FareRuleDetail"]; d != "" {
					t.Fatalf("search answers carry no fare rule text, got %q", d)
				}
			}
		}
	}
	for _, c := range "+/=[]" {
		if !punct[c] {
			t.Errorf("no index uses %q", c)
		}
	}
	if !ltdCompact || !ltdISO || !ltdNull || !advisory || !codeshare || !accumulated {
		t.Fatalf("missing shapes: 31AUG24 %v, ISO %v, null %v, advisory %v, codeshare %v, accumulated %v",
			ltdCompact, ltdISO, ltdNull, advisory, codeshare, accumulated)
	}
}
