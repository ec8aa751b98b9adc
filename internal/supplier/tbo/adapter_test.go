package tbo

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

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
		// Only GetBookingDetails and ReleasePNRRequest can say there is no
		// booking.
		{&Error{Op: connector.OpBook, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "No booking found."}, supplier.KindFailed, true},
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "No booking found for this BookingId."}, supplier.KindNoSuchBooking, true},
		// A release of a ticketed booking, a ticket of a released one: the
		// booking's state rules them out.
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Booking 7 is ticketed and cannot be released."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, ResponseStatus: StatusInvalidRequest, Message: "Ticket has been issued for this PNR."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpTicket, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Booking 7 has been released and cannot be ticketed."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Unable to release the PNR at this time."}, supplier.KindFailed, true},
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, ResponseStatus: StatusInvalidRequest, Message: "Source is mandatory."}, supplier.KindRefused, true},
		{&Error{Op: connector.OpRelease, Kind: KindTimeout}, supplier.KindTimeout, false},
		// Words about tickets mean nothing on other calls.
		{&Error{Op: connector.OpBook, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Flight cancelled by the airline."}, supplier.KindFailed, true},
		// Cancelling: an unknown booking or change request, a ticket
		// cancelled or being cancelled, a fare or a flight that rules it
		// out; a change request whose answer is lost is of unknown outcome.
		{&Error{Op: connector.OpChangeRequest, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "No booking found for this BookingId."}, supplier.KindNoSuchBooking, true},
		{&Error{Op: connector.OpCancellationCharges, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Booking does not exist."}, supplier.KindNoSuchBooking, true},
		{&Error{Op: connector.OpChangeRequestStatus, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "No change request found for this ChangeRequestId."}, supplier.KindNoSuchBooking, true},
		{&Error{Op: connector.OpChangeRequest, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Ticket 1702301 is already cancelled (change request 884512)."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpChangeRequest, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "A change request is already in progress for ticket 7."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpChangeRequest, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Change Request Already Raised For This Ticket"}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpCancellationCharges, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "The fare of BOM-DEL is non-refundable: no refund is due."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpCancellationCharges, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Flight 6E 2175 has departed: the ticket can no longer be cancelled."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpCancellationCharges, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Booking 7 is not ticketed."}, supplier.KindNotAllowed, true},
		{&Error{Op: connector.OpChangeRequest, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Change request failed from supplier end. Please try again."}, supplier.KindFailed, true},
		{&Error{Op: connector.OpChangeRequest, Kind: KindSupplier, ResponseStatus: StatusInvalidRequest, Message: "TicketId is mandatory for a partial cancellation."}, supplier.KindRefused, true},
		{&Error{Op: connector.OpChangeRequestStatus, Kind: KindSupplier, ResponseStatus: StatusFailed, Message: "Ticket already cancelled."}, supplier.KindFailed, true},
		{&Error{Op: connector.OpChangeRequest, Kind: KindTimeout}, supplier.KindTimeout, false},
		{&Error{Op: connector.OpChangeRequest, Kind: KindNetwork}, supplier.KindNotReceived, false},
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

// Only a refusal that says the booking is released already counts as a
// release done.
func TestIsAlreadyReleased(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   error
		want bool
	}{
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, Message: "PNR is already released."}, true},
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, Message: "Booking already Cancelled"}, true},
		{&Error{Op: connector.OpRelease, Kind: KindSupplier, Message: "Booking 7 is ticketed and cannot be released."}, false},
		{&Error{Op: connector.OpRelease, Kind: KindTimeout, Message: "already released"}, false},
		{&Error{Op: connector.OpTicket, Kind: KindSupplier, Message: "PNR is already released."}, false},
		{nil, false},
	} {
		if got := IsAlreadyReleased(tc.in); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.in, got, tc.want)
		}
	}
}

// The fare source goes back as the integer the results carry; one that is
// not a number goes as it is.
func TestSourceValue(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"4": "4", "46": "46", "GDS": `"GDS"`} {
		b, _ := json.Marshal(sourceValue(in))
		if string(b) != want {
			t.Errorf("%q → %s, want %s", in, b, want)
		}
	}
}

// A released booking is read from its status or from its segments, all
// cancelled; a booking that stands is not released.
func TestItineraryReleased(t *testing.T) {
	t.Parallel()
	for doc, want := range map[string]bool{
		`{"Status":1,"Segments":[{"Status":"HK"},{"Status":"HK"}]}`: false,
		`{"Status":7,"Segments":[{"Status":"HK"}]}`:                 true,
		`{"Status":1,"Segments":[{"Status":"XX"},{"Status":"hx"}]}`: true,
		`{"Status":1,"Segments":[{"Status":"XX"},{"Status":"HK"}]}`: false,
		`{"Status":"1","Segments":[]}`:                              false,
		`{"Status":1,"Segments":null}`:                              false,
	} {
		var it Itinerary
		if err := json.Unmarshal([]byte(doc), &it); err != nil {
			t.Fatal(err)
		}
		if got := it.Released(); got != want {
			t.Errorf("%s: released %v, want %v", doc, got, want)
		}
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

// fareQuoteOf reads a FareQuote answer as the client does and gives the
// port's quote of it.
func fareQuoteOf(t *testing.T, results string) *supplier.Quote {
	t.Helper()
	raw := `{"Response":{"ResponseStatus":1,"TraceId":"t-1","IsPriceChanged":false,"Results":` + results + `}}`
	q, err := readQuote(&Reply{Raw: json.RawMessage(raw), TraceId: "t-1"})
	if err != nil {
		t.Fatal(err)
	}
	return quote(q)
}

// The document flags arrive loosely typed, like the passport flags.
func TestQuoteDocumentFlags(t *testing.T) {
	t.Parallel()
	q := fareQuoteOf(t, `{"ResultIndex":"OB1","IsLCC":"false","IsPanRequiredAtBook":"true","IsPanRequiredAtTicket":0,
		"IsPassportRequiredAtBook":null,"IsPassportRequiredAtTicket":"True","GSTAllowed":1,"IsGSTMandatory":"1",
		"Fare":{"Currency":"INR","PublishedFare":"5000"}}`)
	if !q.PANAtBook || q.PANAtTicket || q.PassportAtBook || !q.PassportAtTicket || !q.GSTAllowed || !q.GSTMandatory || q.IsLCC {
		t.Fatalf("flags %+v", q)
	}
	q = fareQuoteOf(t, `{"ResultIndex":"OB1","IsPanRequiredAtBook":false,"IsPanRequiredAtTicket":"TRUE","GSTAllowed":"false",
		"IsGSTMandatory":false,"Fare":{"PublishedFare":5000}}`)
	if q.PANAtBook || !q.PANAtTicket || q.GSTAllowed || q.GSTMandatory || !q.NeedsPAN() {
		t.Fatalf("flags %+v", q)
	}
}

// Two adults, a child and an infant: each type's fare is one passenger's
// share of its FareBreakdown row, and the booking's passengers add up to the
// row totals; the booking-wide charges are split over all four.
func TestQuotePassengerFares(t *testing.T) {
	t.Parallel()
	q := fareQuoteOf(t, `{"ResultIndex":"OB7","IsLCC":true,
		"Fare":{"Currency":"INR","BaseFare":15301,"Tax":"3150.06","OtherCharges":100.01,"ServiceFee":"0","Discount":20,"PublishedFare":18551.07},
		"FareBreakdown":[
		 {"Currency":"INR","PassengerType":1,"PassengerCount":"2","BaseFare":"9000.50","Tax":2100.04,"YQTax":800,"AdditionalTxnFeeOfrd":0,"AdditionalTxnFeePub":10,"PGCharge":"0"},
		 {"Currency":"INR","PassengerType":"2","PassengerCount":1,"BaseFare":4500.25,"Tax":1000.02,"YQTax":400,"AdditionalTxnFeeOfrd":0,"AdditionalTxnFeePub":5,"PGCharge":0},
		 {"Currency":"INR","PassengerType":3,"PassengerCount":1,"BaseFare":1800.25,"Tax":50,"YQTax":0,"AdditionalTxnFeeOfrd":0,"AdditionalTxnFeePub":0,"PGCharge":0}],
		"Segments":[[{"Origin":{"Airport":{"AirportCode":"BOM"},"DepTime":"2026-12-01T06:15:00"},"Destination":{"Airport":{"AirportCode":"DXB"}}}],
		 [{"Origin":{"Airport":{"AirportCode":"DXB"},"DepTime":"2026-12-08T22:40:00"},"Destination":{"Airport":{"AirportCode":"AUH"}}},
		  {"Origin":{"Airport":{"AirportCode":"AUH"},"DepTime":"2026-12-09T01:30:00"},"Destination":{"Airport":{"AirportCode":"BOM"}}}]]}`)
	if q.Travellers != [3]int{2, 1, 1} {
		t.Fatalf("travellers %v", q.Travellers)
	}
	if q.LastTravelDate != "2026-12-09" || q.Departure != "2026-12-01T06:15:00" || q.Origin != "BOM" || q.Destination != "DXB" {
		t.Fatalf("journey %q %q %q→%q", q.LastTravelDate, q.Departure, q.Origin, q.Destination)
	}
	type fare struct {
		Currency                                                                  string
		BaseFare, Tax, YQTax, AdditionalTxnFeeOfrd, AdditionalTxnFeePub, PGCharge json.Number
		OtherCharges, Discount, ServiceFee                                        json.Number
	}
	var fares [3]fare
	for i, raw := range q.PassengerFares {
		if err := json.Unmarshal(raw, &fares[i]); err != nil {
			t.Fatalf("fare %d %s: %v", i, raw, err)
		}
		if strings.Contains(string(raw), `"BaseFare":"`) {
			t.Fatalf("amounts must be JSON numbers: %s", raw)
		}
	}
	if string(q.PassengerFares[0]) != `{"Currency":"INR","BaseFare":4500.25,"Tax":1050.02,"YQTax":400.00,"AdditionalTxnFeeOfrd":0.00,`+
		`"AdditionalTxnFeePub":5.00,"PGCharge":0.00,"OtherCharges":25.00,"Discount":5.00,"ServiceFee":0.00}` {
		t.Fatalf("adult fare %s", q.PassengerFares[0])
	}
	dec := func(n json.Number) decimal.Decimal { return decimal.RequireFromString(string(n)) }
	var base, tax, yq decimal.Decimal
	for i, n := range q.Travellers {
		c := decimal.NewFromInt(int64(n))
		base = base.Add(dec(fares[i].BaseFare).Mul(c))
		tax = tax.Add(dec(fares[i].Tax).Mul(c))
		yq = yq.Add(dec(fares[i].YQTax).Mul(c))
	}
	if !base.Equal(decimal.RequireFromString("15301")) || !tax.Equal(decimal.RequireFromString("3150.06")) || !yq.Equal(decimal.NewFromInt(1200)) {
		t.Fatalf("the passengers add up to base %s tax %s yq %s", base, tax, yq)
	}
	if fares[1].BaseFare != "4500.25" || fares[2].BaseFare != "1800.25" || fares[2].Tax != "50.00" || fares[2].OtherCharges != "25.00" {
		t.Fatalf("child %+v infant %+v", fares[1], fares[2])
	}
}

// Without a FareBreakdown the whole Fare is one adult's, digit for digit.
func TestQuoteWithoutBreakdown(t *testing.T) {
	t.Parallel()
	q := fareQuoteOf(t, `{"ResultIndex":"OB1","Fare":{"Currency":"INR","BaseFare":0.1,"PublishedFare":12345678901234567.89},
		"Segments":[[{"Origin":{"Airport":{"AirportCode":"BOM"},"DepTime":"2026-12-01T06:15:00"},"Destination":{"Airport":{"AirportCode":"DEL"}}}]]}`)
	if q.Travellers != [3]int{1, 0, 0} || string(q.PassengerFares[0]) != `{"Currency":"INR","BaseFare":0.1,"PublishedFare":12345678901234567.89}` ||
		q.PassengerFares[1] != nil || q.PassengerFares[2] != nil || q.LastTravelDate != "2026-12-01" {
		t.Fatalf("quote %+v", q)
	}
}

// Book and Ticket passengers carry PAN, frequent flyer and GST; a GDS
// passenger carries the special meal, an LCC one does not (the carrier sells
// meals).
func TestWirePassengerDocuments(t *testing.T) {
	t.Parallel()
	gst := &supplier.GST{Number: "27AAPFU0939F1ZV", CompanyName: "Udaan Traders", CompanyAddress: "4 Nariman Point, Mumbai",
		ContactNumber: "9820012345", CompanyEmail: "accounts@udaan.example"}
	in := []supplier.Passenger{
		{Title: "Mr", FirstName: "RAVI", PaxType: 1, IsLeadPax: true, PAN: "ABCDE1234F", FFAirlineCode: "AI", FFNumber: "123456789", MealCode: "VJML", GST: gst},
		{Title: "Miss", FirstName: "ASHA", PaxType: 2, MealCode: "CHML"},
	}
	decodeAll := func(ps []Passenger) []map[string]any {
		b, _ := json.Marshal(ps)
		var out []map[string]any
		_ = json.Unmarshal(b, &out)
		return out
	}
	gds := decodeAll(wirePassengers(in, false))
	lead, child := gds[0], gds[1]
	if lead["PAN"] != "ABCDE1234F" || lead["FFAirlineCode"] != "AI" || lead["FFNumber"] != "123456789" ||
		lead["GSTNumber"] != "27AAPFU0939F1ZV" || lead["GSTCompanyName"] != "Udaan Traders" || lead["GSTCompanyAddress"] != "4 Nariman Point, Mumbai" ||
		lead["GSTCompanyContactNumber"] != "9820012345" || lead["GSTCompanyEmail"] != "accounts@udaan.example" {
		t.Fatalf("GDS lead %v", lead)
	}
	if m, _ := lead["Meal"].(map[string]any); m["Code"] != "VJML" || m["Description"] != "Vegetarian Jain Meal" {
		t.Fatalf("GDS lead meal %v", lead["Meal"])
	}
	if m, _ := child["Meal"].(map[string]any); m["Code"] != "CHML" || m["Description"] != "Child Meal" {
		t.Fatalf("GDS child meal %v", child["Meal"])
	}
	if _, ok := child["PAN"]; ok {
		t.Fatalf("a passenger without PAN sends one: %v", child)
	}
	for _, k := range []string{"GSTNumber", "GSTCompanyName", "GSTCompanyAddress", "GSTCompanyContactNumber", "GSTCompanyEmail", "FFAirlineCode", "FFNumber"} {
		if v, ok := child[k]; !ok || v != "" {
			t.Fatalf("child %s = %v, want an empty string", k, v)
		}
	}
	lcc := decodeAll(wirePassengers(in, true))
	if _, ok := lcc[0]["Meal"]; ok || lcc[0]["PAN"] != "ABCDE1234F" || lcc[0]["GSTNumber"] != "27AAPFU0939F1ZV" || lcc[0]["FFNumber"] != "123456789" {
		t.Fatalf("LCC lead %v", lcc[0])
	}
	if md, _ := lcc[0]["MealDynamic"].([]any); len(md) != 1 || md[0].(map[string]any)["Code"] != "NoMeal" {
		t.Fatalf("LCC meals %v", lcc[0]["MealDynamic"])
	}
}

// A change request's answer is read loosely: amounts with four decimals as
// numbers or strings, ChangeRequestStatus winning over Status when given,
// the cesses counted with the tax on the supplier's fee.
func TestTicketChangeFromTheWire(t *testing.T) {
	t.Parallel()
	var info []TicketChange
	if err := json.Unmarshal([]byte(`[
		{"ChangeRequestId":884530,"TicketId":"1702251","Status":4,"Remarks":null,"ChangeRequestStatus":"4","CancellationCharge":"3059.0000",
		 "RefundedAmount":2186.4600,"ServiceTaxOnRAF":9.0000,"SwachhBharatCess":"0.2500","KrishiKalyanCess":0.2500,
		 "CreditNoteNo":"CN/2627/5512","CreditNoteCreatedOn":"2026-11-24T09:40:00"},
		{"ChangeRequestId":"884531","TicketId":1702252,"Status":1,"Remarks":"Request received."}]`), &info); err != nil {
		t.Fatal(err)
	}
	done, open := ticketChange(info[0]), ticketChange(info[1])
	if done.ChangeRequestID != 884530 || done.TicketID != 1702251 || done.Status != supplier.ChangeCompleted ||
		done.Charge.String() != "3059" || !done.Refunded.Equal(decimal.RequireFromString("2186.46")) ||
		!done.ServiceTax.Equal(decimal.RequireFromString("9.5")) || done.CreditNote != "CN/2627/5512" || done.CreditNoteOn != "2026-11-24T09:40:00" {
		t.Fatalf("completed %+v", done)
	}
	if open.ChangeRequestID != 884531 || open.Status != supplier.ChangeUnassigned || !open.Charge.IsZero() || !open.Refunded.IsZero() ||
		open.Remarks != "Request received." || open.Status.Done() {
		t.Fatalf("unassigned %+v", open)
	}
}

// A ticket's cancellation is read from its change request when the details
// carry one, else from its status text, else it has none.
func TestTicketChangeStatusFromDetails(t *testing.T) {
	t.Parallel()
	for doc, want := range map[string]supplier.ChangeStatus{
		`{"TicketId":1,"Status":"OK"}`: supplier.ChangeNotSet,
		`{"TicketId":1}`:               supplier.ChangeNotSet,
		`{"TicketId":1,"Status":"CancellationInProgress","ChangeRequestId":5,"ChangeRequestStatus":3}`: supplier.ChangeAcknowledged,
		`{"TicketId":1,"Status":"OK","ChangeRequestId":5,"ChangeRequestStatus":"5"}`:                   supplier.ChangeRejected,
		`{"TicketId":1,"Status":"Cancelled"}`:                                                          supplier.ChangeCompleted,
		`{"TicketId":1,"Status":"Partially Cancelled"}`:                                                supplier.ChangeCompleted,
		`{"TicketId":1,"Status":"CANCELED"}`:                                                           supplier.ChangeCompleted,
		`{"TicketId":1,"Status":"Cancellation In Progress"}`:                                           supplier.ChangePending,
		`{"TicketId":1,"Status":"Cancellation_Pending"}`:                                               supplier.ChangePending,
	} {
		var tk Ticket
		if err := json.Unmarshal([]byte(doc), &tk); err != nil {
			t.Fatal(err)
		}
		if got := ticketChangeStatus(&tk); got != want {
			t.Errorf("%s: %v, want %v", doc, got, want)
		}
	}
}

// Requests missing what the supplier needs are refused before anything is
// sent: the adapter holds no client, so a call would fail otherwise.
func TestCancellationRequestsCheckedFirst(t *testing.T) {
	t.Parallel()
	a := NewAdapter(nil)
	conn := &connector.Connector{Name: "tbo"}
	for name, call := range map[string]func() error{
		"charges without a booking": func() error {
			_, err := a.CancellationCharges(t.Context(), conn, supplier.ChargesRequest{})
			return err
		},
		"charges of sectors without tickets": func() error {
			_, err := a.CancellationCharges(t.Context(), conn, supplier.ChargesRequest{BookingID: 7, Sectors: []supplier.Sector{{Origin: "BOM", Destination: "DEL"}}})
			return err
		},
		"a partial request without tickets": func() error {
			_, err := a.ChangeRequest(t.Context(), conn, supplier.ChangeRequest{BookingID: 7, Partial: true})
			return err
		},
		"a full request with sectors": func() error {
			_, err := a.ChangeRequest(t.Context(), conn, supplier.ChangeRequest{BookingID: 7, Sectors: []supplier.Sector{{Origin: "BOM", Destination: "DEL"}}})
			return err
		},
		"an unknown reason": func() error {
			_, err := a.ChangeRequest(t.Context(), conn, supplier.ChangeRequest{BookingID: 7, Reason: 9})
			return err
		},
		"a sector without its airports": func() error {
			_, err := a.ChangeRequest(t.Context(), conn, supplier.ChangeRequest{BookingID: 7, Partial: true, TicketIDs: []int64{1}, Sectors: []supplier.Sector{{Origin: "BOM"}}})
			return err
		},
		"no change request": func() error { _, err := a.ChangeRequestStatus(t.Context(), conn, 0); return err },
	} {
		if e, ok := supplier.AsError(call()); !ok || e.Kind != supplier.KindRefused || e.FromSupplier {
			t.Errorf("%s: %v", name, e)
		}
	}
}
