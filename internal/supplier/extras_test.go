package supplier_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/supplier"
)

func amount(s string) supplier.Amount { return supplier.Amount{Decimal: decimal.RequireFromString(s)} }

// item is a supplier item as an SSR answer writes it, amounts digit for
// digit.
func item(code, price string) json.RawMessage {
	return json.RawMessage(`{"Code":"` + code + `","Origin":"DEL","Destination":"BOM","Price":` + price + `}`)
}

func seat(code, col, status, price, position string, features ...string) *supplier.Seat {
	if features == nil {
		features = []string{}
	}
	return &supplier.Seat{Code: code, Column: col, Status: status, Price: amount(price), Position: position, Features: features,
		Item: item(code, price)}
}

// lowCost are the extras of a low-cost DEL→BOM flight: a seat map with a
// bulkhead row, an exit row and a free row, two meals, and baggage with the
// fare's included allowance.
func lowCost() *supplier.Extras {
	f := supplier.Flight{Key: "6E-2134-DEL-BOM", Airline: "6E", FlightNumber: "2134", Origin: "DEL", Destination: "BOM"}
	return &supplier.Extras{
		Kind: supplier.ExtrasLCC, Currency: "INR", Result: supplier.ResultRef{TraceID: "trace-1", ResultIndex: "OB1[TBO]x+/="},
		SeatMaps: []supplier.SeatMap{{Flight: f, Craft: "A320neo", Columns: []string{"A", "B", "C", "", "D", "E", "F"},
			None: item("NoSeat", "0"),
			Rows: []supplier.SeatRow{
				{Row: 1, Seats: []*supplier.Seat{seat("1A", "A", supplier.SeatFree, "1500.0", supplier.SeatWindow, supplier.FeatureBulkhead),
					seat("1B", "B", supplier.SeatTaken, "1200", supplier.SeatMiddle, supplier.FeatureBulkhead),
					seat("1C", "C", supplier.SeatFree, "1500", supplier.SeatAisle, supplier.FeatureBulkhead), nil,
					seat("1D", "D", supplier.SeatFree, "1500", supplier.SeatAisle, supplier.FeatureBulkhead), nil,
					seat("1F", "F", supplier.SeatFree, "1500", supplier.SeatWindow, supplier.FeatureBulkhead)}},
				{Row: 12, Exit: true, Seats: []*supplier.Seat{seat("12A", "A", supplier.SeatFree, "1250", supplier.SeatWindow, supplier.FeatureExitRow),
					nil, nil, nil, nil, nil, nil}},
				{Row: 30, Seats: []*supplier.Seat{seat("30A", "A", supplier.SeatFree, "0", supplier.SeatWindow), nil, nil, nil, nil, nil,
					seat("30F", "F", supplier.SeatFree, "0", supplier.SeatWindow)}},
			}}},
		Meals: []supplier.MealGroup{{Flight: f, None: item("NoMeal", "0"), Items: []supplier.MealItem{
			{Code: "TCSW", Description: "Tomato Cucumber Sandwich", Price: amount("450.00"), Item: item("TCSW", "450.00")},
			{Code: "CJSW", Description: "Chicken Junglee Sandwich", Price: amount("500"), Item: item("CJSW", "500")}}}},
		Baggage: []supplier.BaggageGroup{{Flight: f, None: item("NoBaggage", "0"), Items: []supplier.BaggageItem{
			{Code: "INCL20", Description: "20 kg included", WeightKg: 20, Price: amount("0"), Included: true, Item: item("INCL20", "0")},
			{Code: "XBPA", Description: "5 kg extra", WeightKg: 5, Price: amount("2475.5"), Item: item("XBPA", "2475.5")}}}},
	}
}

func codes(items []json.RawMessage) string {
	var out []string
	for _, it := range items {
		var c struct{ Code string }
		_ = json.Unmarshal(it, &c)
		out = append(out, c.Code)
	}
	return strings.Join(out, ",")
}

var family = []int{supplier.PaxAdult, supplier.PaxAdult, supplier.PaxChild, supplier.PaxInfant}

// Each passenger of a low-cost fare gets what they chose, the baggage the
// fare includes (infants excepted) and a placeholder wherever they take
// nothing; the total is exact.
func TestChooseLowCost(t *testing.T) {
	t.Parallel()
	x := lowCost()
	got, total, err := x.Choose(family, []supplier.Choice{
		{Seats: map[string]string{"6E-2134-DEL-BOM": "1a"}, Meals: map[string]string{"6E-2134-DEL-BOM": "TCSW"}, Baggage: map[string]string{"6E-2134-DEL-BOM": "XBPA"}},
		{Seats: map[string]string{"6E-2134-DEL-BOM": "30F"}, Baggage: map[string]string{"6E-2134-DEL-BOM": "INCL20"}},
		{Seats: map[string]string{"6E-2134-DEL-BOM": "1C"}, Meals: map[string]string{"6E-2134-DEL-BOM": "CJSW"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ seats, meals, bags, price string }{
		{"1A", "TCSW", "INCL20,XBPA", "4425.5"},
		{"30F", "NoMeal", "INCL20", "0"},
		{"1C", "CJSW", "INCL20", "2000"},
		{"NoSeat", "NoMeal", "NoBaggage", "0"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d passengers", len(got))
	}
	for i, w := range want {
		p := got[i]
		if codes(p.SeatDynamic) != w.seats || codes(p.MealDynamic) != w.meals || codes(p.Baggage) != w.bags ||
			!p.Price.Equal(decimal.RequireFromString(w.price)) || p.Meal != nil || p.Seat != nil {
			t.Errorf("passenger %d: seats %s meals %s baggage %s price %s", i+1, codes(p.SeatDynamic), codes(p.MealDynamic), codes(p.Baggage), p.Price)
		}
	}
	if !total.Equal(decimal.RequireFromString("6425.5")) {
		t.Fatalf("total %s", total)
	}
	// The supplier's items go back as they came, digit for digit.
	if string(got[0].SeatDynamic[0]) != string(item("1A", "1500.0")) || string(got[0].Baggage[1]) != string(item("XBPA", "2475.5")) {
		t.Fatalf("items %s %s", got[0].SeatDynamic[0], got[0].Baggage[1])
	}

	var p supplier.Passenger
	got[0].Apply(&p)
	b, _ := json.Marshal(p)
	for _, key := range []string{`"Baggage":[`, `"MealDynamic":[`, `"SeatDynamic":[{"Code":"1A","Origin":"DEL","Destination":"BOM","Price":1500.0}]`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("passenger JSON lacks %s: %s", key, b)
		}
	}
	// A passenger without extras keeps the JSON form bookings store.
	b, _ = json.Marshal(supplier.Passenger{FirstName: "Arjun"})
	for _, key := range []string{"Baggage", "MealDynamic", "SeatDynamic", `"Meal"`, `"Seat"`} {
		if strings.Contains(string(b), key) {
			t.Errorf("a passenger without extras writes %s: %s", key, b)
		}
	}

	// No choice at all: placeholders and included baggage.
	got, total, err = x.Choose([]int{supplier.PaxAdult}, nil)
	if err != nil || !total.IsZero() || codes(got[0].SeatDynamic) != "NoSeat" || codes(got[0].Baggage) != "INCL20" {
		t.Fatalf("no choice: %v %s %+v", err, total, got)
	}
}

func TestChooseRefuses(t *testing.T) {
	t.Parallel()
	key := "6E-2134-DEL-BOM"
	seatAt := func(code string) map[string]string { return map[string]string{key: code} }
	for name, tc := range map[string]struct {
		types   []int
		choices []supplier.Choice
		pax     int
		field   string
		want    string
	}{
		"an unknown seat map":  {family, []supplier.Choice{{Seats: map[string]string{"6E-9-DEL-BOM": "1A"}}}, 0, "seats", "nothing is sold"},
		"an unknown seat":      {family, []supplier.Choice{{Seats: seatAt("99Z")}}, 0, "seats", "no seat 99Z"},
		"a taken seat":         {family, []supplier.Choice{{}, {Seats: seatAt("1B")}}, 1, "seats", "taken"},
		"one seat for two":     {family, []supplier.Choice{{Seats: seatAt("1A")}, {Seats: seatAt("1a")}}, 1, "seats", "passenger 1 already"},
		"a seat for an infant": {family, []supplier.Choice{3: {Seats: seatAt("30A")}}, 3, "seats", "infant"},
		"a child by the exit":  {family, []supplier.Choice{2: {Seats: seatAt("12A")}}, 2, "seats", "exit row"},
		"an unknown meal":      {family, []supplier.Choice{{Meals: seatAt("VGML")}}, 0, "meals", "no meals item VGML"},
		"baggage for a baby":   {family, []supplier.Choice{3: {Baggage: seatAt("XBPA")}}, 3, "baggage", "infant"},
		"a preference":         {family, []supplier.Choice{{MealPreference: "VGML"}}, 0, "mealPreference", "low-cost"},
		"too many choices":     {[]int{supplier.PaxAdult}, []supplier.Choice{{}, {}}, 1, "", "no passenger 2"},
	} {
		_, _, err := lowCost().Choose(tc.types, tc.choices)
		e, ok := supplier.AsChoiceError(err)
		if !ok || e.Passenger != tc.pax || e.Field != tc.field || !strings.Contains(e.Message, tc.want) {
			t.Errorf("%s: %v (%+v)", name, err, e)
		}
	}
}

// A full-service fare takes preferences, not items; an infant takes no
// seat.
func TestChooseFullService(t *testing.T) {
	t.Parallel()
	x := &supplier.Extras{Kind: supplier.ExtrasGDS, Currency: "INR",
		MealPreferences: []supplier.Preference{{Code: "AVML", Description: "Asian Vegetarian Meal"}, {Code: "CHML", Description: "Child Meal"}},
		SeatPreferences: []supplier.Preference{{Code: "W", Description: "Window"}}}
	got, total, err := x.Choose(family, []supplier.Choice{{MealPreference: "avml", SeatPreference: "W"}, {}, {MealPreference: "CHML"}})
	if err != nil || !total.IsZero() || *got[0].Meal != x.MealPreferences[0] || *got[0].Seat != x.SeatPreferences[0] ||
		got[1].Meal != nil || got[2].Meal.Code != "CHML" || got[2].Seat != nil || got[0].SeatDynamic != nil {
		t.Fatalf("%v %s %+v", err, total, got)
	}
	var p supplier.Passenger
	got[0].Apply(&p)
	if p.Meal.Code != "AVML" || p.Seat.Code != "W" {
		t.Fatalf("applied %+v", p)
	}
	for name, c := range map[string]supplier.Choice{
		"seatPreference": {SeatPreference: "A"},
		"mealPreference": {MealPreference: "KSML"},
		"seats":          {Seats: map[string]string{"AI-1-DEL-BOM": "1A"}},
	} {
		_, _, err := x.Choose(family, []supplier.Choice{c})
		if e, ok := supplier.AsChoiceError(err); !ok || e.Field != name {
			t.Errorf("%s: %v", name, err)
		}
	}
	_, _, err = x.Choose(family, []supplier.Choice{3: {SeatPreference: "W"}})
	if e, ok := supplier.AsChoiceError(err); !ok || e.Passenger != 3 || !strings.Contains(e.Message, "infant") {
		t.Fatalf("an infant's seat preference: %v", err)
	}
}

// The web app's document: every list present, prices as exact decimal
// strings, seats aligned with the columns, no supplier items.
func TestExtrasJSON(t *testing.T) {
	t.Parallel()
	b, err := json.Marshal(lowCost())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Kind, Currency string
		SeatMaps       []struct {
			Key, Airline, FlightNumber, Origin, Destination, Craft string
			Columns                                                []string
			Rows                                                   []struct {
				Row   int
				Exit  bool
				Seats []*struct {
					Code, Column, Status, Price, Position string
					Features                              []string
				}
			}
		}
		Meals []struct {
			Key   string
			Items []struct{ Code, Description, Price string }
		}
		Baggage []struct {
			Items []struct {
				Code, Price string
				WeightKg    int
				Included    bool
			}
		}
		MealPreferences, SeatPreferences []any
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	m := doc.SeatMaps[0]
	if doc.Kind != "lcc" || doc.Currency != "INR" || m.Key != "6E-2134-DEL-BOM" || m.Craft != "A320neo" || strings.Join(m.Columns, "|") != "A|B|C||D|E|F" ||
		m.Rows[0].Seats[0].Price != "1500.00" || m.Rows[0].Seats[0].Position != "window" || m.Rows[0].Seats[3] != nil ||
		!m.Rows[1].Exit || m.Rows[1].Seats[0].Features[0] != "exit row" || m.Rows[2].Seats[0].Price != "0.00" || m.Rows[2].Seats[0].Features == nil {
		t.Fatalf("seat map %s", b)
	}
	if doc.Meals[0].Items[0].Price != "450.00" || doc.Baggage[0].Items[1].Price != "2475.50" || doc.Baggage[0].Items[1].WeightKg != 5 ||
		!doc.Baggage[0].Items[0].Included || doc.MealPreferences == nil || doc.SeatPreferences == nil {
		t.Fatalf("items %s", b)
	}
	for _, leak := range []string{"Item", "None", "NoSeat", "trace-1", "Origin\":\"DEL\",\"Destination\":\"BOM\",\"Price"} {
		if strings.Contains(string(b), leak) {
			t.Errorf("the document carries %s: %s", leak, b)
		}
	}
	b, _ = json.Marshal(&supplier.Extras{Kind: supplier.ExtrasGDS, Currency: "INR"})
	if string(b) != `{"kind":"gds","currency":"INR","seatMaps":[],"meals":[],"baggage":[],"mealPreferences":[],"seatPreferences":[]}` {
		t.Fatalf("empty extras %s", b)
	}
	for in, want := range map[string]string{"350": `"350.00"`, "1234.5678": `"1234.5678"`, "0": `"0.00"`, "12.5": `"12.50"`} {
		if b, _ := json.Marshal(amount(in)); string(b) != want {
			t.Errorf("amount %s: %s, want %s", in, b, want)
		}
	}
	var a supplier.Amount
	if err := json.Unmarshal([]byte(`"350.10"`), &a); err != nil || !a.Equal(decimal.RequireFromString("350.1")) {
		t.Fatalf("amount read %v %v", a, err)
	}
}

// Extras keep the supplier's items across requests only in their stored
// form: it reads back whole, and chooses as the original does.
func TestExtrasStoredForm(t *testing.T) {
	t.Parallel()
	x := lowCost()
	b, err := x.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back supplier.Extras
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	doc, _ := json.Marshal(x)
	again, _ := json.Marshal(&back)
	if string(doc) != string(again) || back.Result != x.Result {
		t.Fatalf("read back %s %+v\nwant %s %+v", again, back.Result, doc, x.Result)
	}
	choice := []supplier.Choice{{Seats: map[string]string{"6E-2134-DEL-BOM": "1A"}, Baggage: map[string]string{"6E-2134-DEL-BOM": "XBPA"}},
		{Meals: map[string]string{"6E-2134-DEL-BOM": "CJSW"}}}
	a, ta, err1 := x.Choose(family, choice)
	c, tc, err2 := back.Choose(family, choice)
	if err1 != nil || err2 != nil || !ta.Equal(tc) || !ta.Equal(decimal.RequireFromString("4475.5")) {
		t.Fatalf("totals %s and %s: %v %v", ta, tc, err1, err2)
	}
	for i := range a {
		for k, pair := range [][2][]json.RawMessage{{a[i].SeatDynamic, c[i].SeatDynamic}, {a[i].MealDynamic, c[i].MealDynamic}, {a[i].Baggage, c[i].Baggage}} {
			if !reflect.DeepEqual(pair[0], pair[1]) || len(pair[0]) == 0 {
				t.Errorf("passenger %d list %d: %s, read back %s", i+1, k, pair[0], pair[1])
			}
		}
	}
	// The document alone has no items to send.
	var bare supplier.Extras
	_ = json.Unmarshal(doc, &bare)
	if _, _, err := bare.Choose(family, choice); !errors.Is(err, supplier.ErrNoItems) {
		t.Fatalf("choosing on the document alone: %v", err)
	}
	if err := back.UnmarshalBinary([]byte(`{"version":99}`)); err == nil {
		t.Fatal("an unknown version was read")
	}
}
