package tbo

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/supplier"
)

// lowCostSSR is a low-cost return's SSR answer as the supplier writes it:
// a flat Baggage list for the way out, with its NoBaggage and the fare's
// included allowance, and a nested one for the way back; meals per flight
// of a connection, the second flight's NoMeal left out; a seat map with a
// NoSeat row, a gap in row 3 (AvailablityType 5), a seat of unknown type,
// an exit row over the wing and a taken seat; numbers written as strings.
const lowCostSSR = `{"Response":{"ResponseStatus":1,"Error":{"ErrorCode":0,"ErrorMessage":""},"TraceId":"t-1",
 "Baggage":[
  {"AirlineCode":"6E","FlightNumber":"1405","WayType":2,"Code":"NoBaggage","Description":2,"Weight":0,"Currency":"INR","Price":0,"Origin":"DEL","Destination":"DXB"},
  {"AirlineCode":"6E","FlightNumber":"1405","WayType":2,"Code":"INCL30","Description":"1","Weight":"30","Currency":"INR","Price":0,"Origin":"DEL","Destination":"DXB"},
  {"AirlineCode":"6E","FlightNumber":"1405","WayType":2,"Code":"XBPA","Description":2,"Weight":5,"Currency":"INR","Price":3500.0,"Origin":"DEL","Destination":"DXB"}],
 "MealDynamic":[[
  {"AirlineCode":"6E","FlightNumber":"1405","WayType":1,"Code":"NoMeal","Description":2,"AirlineDescription":"","Quantity":0,"Currency":"INR","Price":0,"Origin":"DEL","Destination":"AMD"},
  {"AirlineCode":"6E","FlightNumber":"1405","WayType":1,"Code":"TCSW","Description":2,"AirlineDescription":"Tomato Cucumber Sandwich","Quantity":1,"Currency":"INR","Price":"450.00","Origin":"DEL","Destination":"AMD"},
  {"AirlineCode":"6E","FlightNumber":"1405","WayType":1,"Code":"TCSW","Description":2,"AirlineDescription":"Tomato Cucumber Sandwich","Quantity":1,"Currency":"INR","Price":"450.00","Origin":"DEL","Destination":"AMD"},
  {"AirlineCode":"6E","FlightNumber":"61","WayType":1,"Code":"FRML","Description":"1","AirlineDescription":"Complimentary Meal","Quantity":1,"Currency":"INR","Price":0,"Origin":"AMD","Destination":"DXB"}]],
 "SeatDynamic":[{"SegmentSeat":[{"RowSeats":[
  {"Seats":[{"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":0,"Description":2,"Code":"NoSeat","RowNo":"0","SeatNo":null,"SeatType":0,"SeatWayType":2,"Compartment":0,"Deck":0,"Currency":"INR","Price":0}]},
  {"Seats":[
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"3A","RowNo":"3","SeatNo":"A","SeatType":1,"Price":600.0,"Currency":"INR"},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":5,"Code":"3B","RowNo":"3","SeatNo":"B","SeatType":3,"Price":0},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":"3","Code":"3C","RowNo":"3","SeatNo":"C","SeatType":2,"Price":600},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"3D","RowNo":"3","SeatNo":"D","SeatType":2,"Price":600},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"3E","RowNo":"3","SeatNo":"E","SeatType":99,"Price":450},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"3F","RowNo":"3","SeatNo":"F","SeatType":1,"Price":600}]},
  {"Seats":[
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"12A","RowNo":"12","SeatNo":"A","SeatType":9,"Price":1250},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"12B","RowNo":"12","SeatNo":"B","SeatType":21,"Price":1000},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"12C","RowNo":"12","SeatNo":"C","SeatType":15,"Price":1250},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"12D","RowNo":"12","SeatNo":"D","SeatType":15,"Price":1250},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":2,"Code":"12E","RowNo":"12","SeatNo":"E","SeatType":21,"Price":1000},
   {"AirlineCode":"6E","FlightNumber":"1405","CraftType":"A320-271N","Origin":"DEL","Destination":"AMD","AvailablityType":1,"Code":"12F","RowNo":"12","SeatNo":"F","SeatType":9,"Price":1250}]}
 ]}]}]}}`

// A low-cost SSR answer becomes the product's extras: seat maps aligned on
// their columns with an aisle, groups by flight or journey, the supplier's
// placeholders kept (or made) for Ticket.
func TestReadExtrasLowCost(t *testing.T) {
	t.Parallel()
	x, err := readExtras([]byte(lowCostSSR))
	if err != nil {
		t.Fatal(err)
	}
	if x.Kind != supplier.ExtrasLCC || x.Currency != "INR" || len(x.SeatMaps) != 1 || len(x.Meals) != 2 || len(x.Baggage) != 1 {
		t.Fatalf("extras %+v", x)
	}
	m := x.SeatMaps[0]
	if m.Key != "6E-1405-DEL-AMD" || m.Craft != "A320-271N" || strings.Join(m.Columns, "|") != "A|B|C||D|E|F" || len(m.Rows) != 2 ||
		!strings.Contains(string(m.None), `"Code":"NoSeat"`) {
		t.Fatalf("seat map %+v", m)
	}
	r3, r12 := m.Rows[0], m.Rows[1]
	if r3.Row != 3 || r3.Exit || r3.Seats[1] != nil || r3.Seats[3] != nil || r3.Seats[2].Status != supplier.SeatTaken ||
		r3.Seats[0].Status != supplier.SeatFree || r3.Seats[0].Position != supplier.SeatWindow || r3.Seats[2].Position != supplier.SeatAisle ||
		r3.Seats[5].Position != supplier.SeatMiddle || r3.Seats[0].Price.String() != "600" || r3.Seats[0].Code != "3A" {
		t.Fatalf("row 3 %+v", r3)
	}
	if !strings.Contains(string(r3.Seats[0].Item), `"Price":600.0`) {
		t.Fatalf("seat item %s", r3.Seats[0].Item)
	}
	if !r12.Exit || strings.Join(r12.Seats[0].Features, ",") != "exit row,wing" || r12.Seats[1].Position != supplier.SeatMiddle ||
		r12.Seats[5].Status != supplier.SeatTaken {
		t.Fatalf("row 12 %+v %+v", r12, r12.Seats[0])
	}

	out, in := x.Meals[0], x.Meals[1]
	if out.Key != "6E-1405-DEL-AMD" || len(out.Items) != 1 || out.Items[0].Description != "Tomato Cucumber Sandwich" ||
		out.Items[0].Price.StringFixed(2) != "450.00" || !strings.Contains(string(out.None), "NoMeal") {
		t.Fatalf("first flight's meals %+v", out)
	}
	var none map[string]any
	_ = json.Unmarshal(in.None, &none)
	if in.Key != "6E-61-AMD-DXB" || !in.Items[0].Included || none["Code"] != "NoMeal" || none["Origin"] != "AMD" || none["FlightNumber"] != "61" {
		t.Fatalf("second flight's meals %+v, placeholder %v", in, none)
	}
	b := x.Baggage[0]
	if b.Key != "6E-1405-DEL-DXB" || len(b.Items) != 2 || !b.Items[0].Included || b.Items[0].WeightKg != 30 ||
		b.Items[0].Description != "30 kg included" || b.Items[1].Description != "5 kg extra" || b.Items[1].Price.String() != "3500" {
		t.Fatalf("baggage %+v", b)
	}

	// Nothing chosen: placeholders, the included baggage and meal.
	got, total, err := x.Choose([]int{supplier.PaxAdult}, nil)
	if err != nil || !total.IsZero() {
		t.Fatal(err, total)
	}
	if len(got[0].SeatDynamic) != 1 || len(got[0].MealDynamic) != 2 || len(got[0].Baggage) != 1 ||
		!strings.Contains(string(got[0].Baggage[0]), "INCL30") || !strings.Contains(string(got[0].MealDynamic[1]), "FRML") {
		t.Fatalf("nothing chosen %s %s %s", got[0].SeatDynamic, got[0].MealDynamic, got[0].Baggage)
	}
}

// A full-service answer is preferences; an empty answer sells nothing.
func TestReadExtrasFullService(t *testing.T) {
	t.Parallel()
	x, err := readExtras([]byte(`{"Response":{"ResponseStatus":1,"TraceId":"t","Baggage":null,
		"Meal":[{"Code":"AVML","Description":"Asian - Vegetarian"},{"Code":"","Description":"none"},{"Code":"KSML","Description":null}],
		"SeatPreference":[{"Code":"W","Description":"Window"}]}}`))
	if err != nil || x.Kind != supplier.ExtrasGDS || len(x.MealPreferences) != 2 || x.MealPreferences[1].Description != "KSML" ||
		x.SeatPreferences[0].Code != "W" || len(x.SeatMaps) != 0 {
		t.Fatalf("%v %+v", err, x)
	}
	x, err = readExtras([]byte(`{"Response":{"ResponseStatus":1,"TraceId":"t"}}`))
	if err != nil || x.Kind != supplier.ExtrasLCC || len(x.SeatMaps)+len(x.Meals)+len(x.Baggage) != 0 {
		t.Fatalf("empty %v %+v", err, x)
	}
	if _, err := readExtras([]byte(`{"Response":{"SeatDynamic":{"SegmentSeat":7}}}`)); err == nil {
		t.Fatal("a bad SeatDynamic was read")
	}
}

// Every SeatType clients know reads as a position and its features.
func TestSeatKind(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{
		1: "window:", 3: "middle:", 6: "window:exit row", 15: "aisle:exit row,wing", 22: "window:exit row,wing,recline",
		27: "window:bulkhead,quiet", 34: "aisle:", 35: "middle:", 47: "aisle:exit row,bulkhead", 61: "window:bulkhead,wing", 0: ":", 48: ":",
	} {
		pos, fs := seatKind(n)
		if got := pos + ":" + strings.Join(fs, ","); got != want {
			t.Errorf("SeatType %d: %s, want %s", n, got, want)
		}
	}
}

// The chosen items go to the supplier as they came; a full-service
// passenger's preferences go as Meal and Seat.
func TestWirePassengersWithExtras(t *testing.T) {
	t.Parallel()
	x, err := readExtras([]byte(lowCostSSR))
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := x.Choose([]int{supplier.PaxAdult}, []supplier.Choice{{Seats: map[string]string{"6E-1405-DEL-AMD": "3A"},
		Baggage: map[string]string{"6E-1405-DEL-DXB": "XBPA"}}})
	if err != nil {
		t.Fatal(err)
	}
	p := supplier.Passenger{FirstName: "RAVI", PaxType: 1}
	got[0].Apply(&p)
	b, _ := json.Marshal(wirePassengers([]supplier.Passenger{p}, true))
	for _, want := range []string{`"Code":"3A","RowNo":"3","SeatNo":"A","SeatType":1,"Price":600.0`, `"Code":"INCL30"`, `"Code":"XBPA"`, `"Price":3500.0`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("LCC passenger lacks %s: %s", want, b)
		}
	}
	if strings.Contains(string(b), `"Code":"NoSeat","Price":0,"Currency":"INR"}`) {
		t.Fatalf("the bare placeholders went too: %s", b)
	}
	g := supplier.Passenger{FirstName: "RAVI", PaxType: 1, MealCode: "VGML", Meal: &supplier.Preference{Code: "AVML", Description: "Asian - Vegetarian"},
		Seat: &supplier.Preference{Code: "W", Description: "Window"}}
	b, _ = json.Marshal(wirePassengers([]supplier.Passenger{g}, false))
	if !strings.Contains(string(b), `"Meal":{"Code":"AVML","Description":"Asian - Vegetarian"}`) || !strings.Contains(string(b), `"Seat":{"Code":"W","Description":"Window"}`) {
		t.Fatalf("GDS passenger %s", b)
	}
}
