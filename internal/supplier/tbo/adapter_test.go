package tbo

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// The product's search becomes the supplier's: one segment each way, journey
// type 2 for a return, days written the supplier's way.
func TestSearchRequestShape(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	req := searchRequest(supplier.SearchRequest{Origin: "BOM", Destination: "DXB", Depart: day("2026-12-01"), Return: day("2026-12-08"),
		Cabin: 4, Adults: 2, Children: 1, Infants: 1, Nonstop: true, Airlines: []string{"6E"}, Sources: []string{"LCC"}})
	if req.JourneyType != 2 || len(req.Segments) != 2 || req.Segments[1].Origin != "DXB" || req.Segments[1].Destination != "BOM" ||
		req.Segments[1].PreferredDepartureTime != "2026-12-08T00:00:00" || req.Segments[0].PreferredArrivalTime != "2026-12-01T00:00:00" ||
		req.Segments[0].FlightCabinClass != 4 || req.Segments[1].FlightCabinClass != 4 || req.AdultCount != 2 || req.ChildCount != 1 ||
		req.InfantCount != 1 || !req.DirectFlight || strings.Join(req.Sources, ",") != "LCC" || req.PreferredAirlines[0] != "6E" {
		t.Fatalf("request %+v", req)
	}
	req = searchRequest(supplier.SearchRequest{Origin: "BOM", Destination: "DEL", Depart: day("2026-12-01"), Cabin: 2, Adults: 1})
	if req.JourneyType != 1 || len(req.Segments) != 1 {
		t.Fatalf("one way %+v", req)
	}
}

// The supplier's failures reach the product as the port's kinds.
func TestPortErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   *Error
		want supplier.Kind
		own  bool
	}{
		{&Error{Op: connector.OpSearch, Kind: KindTimeout}, supplier.KindTimeout, false},
		{&Error{Op: connector.OpBook, Kind: KindNetwork}, supplier.KindNotReceived, false},
		{&Error{Op: connector.OpSearch, Kind: KindProtocol}, supplier.KindFailed, false},
		{&Error{Op: connector.OpSearch, Kind: KindCanceled}, supplier.KindCanceled, false},
		{&Error{Op: connector.OpFareQuote, Kind: KindSupplier, ResponseStatus: StatusInvalidSession, Code: 5, Message: "Your session (TraceId) is expired."}, supplier.KindRefused, true},
		{&Error{Op: connector.OpFareQuote, Kind: KindSupplier, ResponseStatus: StatusInvalidRequest}, supplier.KindRefused, true},
		{&Error{Op: connector.OpFareQuote, Kind: KindSupplier, ResponseStatus: StatusInvalidSession, Code: ErrorCodeInvalidToken}, supplier.KindFailed, true},
		{&Error{Op: connector.OpBook, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Booking failed."}, supplier.KindFailed, true},
		{&Error{Op: connector.OpBookingDetails, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "No booking found for this PNR."}, supplier.KindNoSuchBooking, true},
		// Only GetBookingDetails can say there is no booking.
		{&Error{Op: connector.OpBook, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "No booking found."}, supplier.KindFailed, true},
	} {
		err := portError(tc.in)
		e, ok := supplier.AsError(err)
		if !ok || e.Kind != tc.want || e.FromSupplier != tc.own || e.Message != tc.in.Message || e.Op != tc.in.Op {
			t.Errorf("%+v → %+v, want %s", tc.in, e, tc.want)
		}
		var te *Error
		if !errors.As(err, &te) || te != tc.in || err.Error() != tc.in.Error() {
			t.Errorf("%+v: the supplier's error is not kept in the chain", tc.in)
		}
	}
	if portError(nil) != nil {
		t.Fatal("no error became one")
	}
}

// The passenger's quoted fare goes back to the supplier digit for digit, and
// the LCC path adds the "none" extras.
func TestWirePassengers(t *testing.T) {
	t.Parallel()
	fare := json.RawMessage(`{"BaseFare":0.1,"Tax":0.2,"PublishedFare":12345678901234567.89}`)
	p := supplier.Passenger{Title: "Mr", FirstName: "RAVI", PaxType: 1, Gender: 1, IsLeadPax: true, Fare: fare}
	b, _ := json.Marshal(wirePassengers([]supplier.Passenger{p}, true))
	if !strings.Contains(string(b), `"Fare":{"BaseFare":0.1,"Tax":0.2,"PublishedFare":12345678901234567.89}`) ||
		!strings.Contains(string(b), `"NoBaggage"`) || !strings.Contains(string(b), `"PassportNo":""`) {
		t.Fatalf("LCC passengers %s", b)
	}
	b, _ = json.Marshal(wirePassengers([]supplier.Passenger{p}, false))
	if strings.Contains(string(b), "Baggage") {
		t.Fatalf("GDS passengers carry extras: %s", b)
	}
}
