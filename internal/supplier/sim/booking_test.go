package sim_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// lead is the lead passenger as the product books one adult.
func lead() map[string]any {
	return map[string]any{
		"Title": "Mr", "FirstName": "Arjun", "LastName": "Mehta", "PaxType": 1,
		"DateOfBirth": "1988-05-14T00:00:00", "Gender": 1,
		"AddressLine1": "12 Marine Drive", "City": "Mumbai", "CountryCode": "IN", "CountryName": "India",
		"Nationality": "IN", "ContactNo": "9820012345", "Email": "arjun@example.in", "IsLeadPax": true,
	}
}

// withFare adds the per-passenger fare of a result, as clients copy it from
// the FareQuote's FareBreakdown.
func withFare(p map[string]any, res map[string]any) map[string]any {
	for _, x := range res["FareBreakdown"].([]any) {
		row := x.(map[string]any)
		if num(row["PassengerType"]) == num(p["PaxType"]) {
			n := num(row["PassengerCount"])
			p["Fare"] = map[string]any{"Currency": "INR", "BaseFare": num(row["BaseFare"]) / n, "Tax": num(row["Tax"]) / n, "YQTax": num(row["YQTax"]) / n}
		}
	}
	return p
}

// pick searches BOM→DEL and returns the trace and the first result that is
// (or is not) LCC.
func (e *env) pick(tok string, lcc bool) (traceID string, res map[string]any) {
	e.t.Helper()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	for _, x := range results(e.t, r, 0) {
		if x["IsLCC"] == lcc {
			return r["TraceId"].(string), x
		}
	}
	e.t.Fatalf("no result with IsLCC=%v", lcc)
	return "", nil
}

// book holds a GDS result and returns the inner Response.
func (e *env) book(tok, traceID string, res map[string]any, headers ...string) map[string]any {
	e.t.Helper()
	b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": traceID,
		"ResultIndex": res["ResultIndex"], "Passengers": []any{withFare(lead(), res)}}, headers...)
	if b["ResponseStatus"] != 1.0 {
		e.t.Fatalf("Book: %v", b["Error"])
	}
	return b["Response"].(map[string]any)
}

func (e *env) details(body map[string]any) map[string]any {
	e.t.Helper()
	body["EndUserIp"] = "10.0.0.1"
	return e.air("GetBookingDetails", body)
}

func TestBookIsRefusedForLCC(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, true)
	b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace,
		"ResultIndex": res["ResultIndex"], "Passengers": []any{withFare(lead(), res)}})
	if code, msg := errorOf(b); b["ResponseStatus"] == 1.0 || code == 0 || !strings.Contains(msg, "LCC") {
		t.Fatalf("Book of an LCC result: %v", b)
	}
}

func TestBookValidatesPassengers(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	for _, tc := range []struct {
		name   string
		change func(p map[string]any)
		want   string
	}{
		{"no lead", func(p map[string]any) { p["IsLeadPax"] = false }, "lead"},
		{"bad title", func(p map[string]any) { p["Title"] = "Mstr" }, "Title"},
		{"title against gender", func(p map[string]any) { p["Title"] = "Mrs" }, "Gender"},
		{"short last name", func(p map[string]any) { p["LastName"] = "M" }, "LastName"},
		{"no e-mail", func(p map[string]any) { p["Email"] = "nope" }, "Email"},
		{"no phone", func(p map[string]any) { p["ContactNo"] = "12" }, "ContactNo"},
		{"no address", func(p map[string]any) { p["AddressLine1"] = "" }, "AddressLine1"},
		{"child as adult", func(p map[string]any) { p["DateOfBirth"] = "2020-01-01T00:00:00" }, "under 12"},
		{"wrong pax type", func(p map[string]any) { p["PaxType"] = 2 }, "Title"},
	} {
		p := lead()
		tc.change(p)
		b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"], "Passengers": []any{p}})
		if _, msg := errorOf(b); b["ResponseStatus"] != 3.0 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %v %q", tc.name, b["ResponseStatus"], msg)
		}
	}
	// Two passengers for a one-adult search.
	b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"],
		"Passengers": []any{lead(), map[string]any{"Title": "Ms", "FirstName": "Isha", "LastName": "Mehta", "PaxType": 1, "Gender": 2}}})
	if _, msg := errorOf(b); !strings.Contains(msg, "count") {
		t.Errorf("passenger count: %q", msg)
	}
	if n := e.sim.StoredBookings(); n != 0 {
		t.Fatalf("refused bookings were stored: %d", n)
	}
}

func TestGDSBookThenTicketWithPriceChange(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	booked := e.book(tok, trace, res)
	pnr, _ := booked["PNR"].(string)
	id := num(booked["BookingId"])
	if len(pnr) != 6 || id <= 0 || booked["Status"] != 1.0 || booked["IsPriceChanged"] != false {
		t.Fatalf("Book: %v", booked)
	}
	it := booked["FlightItinerary"].(map[string]any)
	if it["IsLCC"] != false || num(it["BookingId"]) != id {
		t.Fatalf("booked itinerary %v", it)
	}
	// Booking the same result again is refused: the booking exists.
	again := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"], "Passengers": []any{lead()}})
	if code, _ := errorOf(again); code == 0 {
		t.Fatalf("second Book of the same result: %v", again)
	}

	ticket := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "PNR": pnr, "BookingId": id}
	tk := e.air("Ticket", ticket, sim.HeaderPriceChange, "true")
	inner := tk["Response"].(map[string]any)
	if _, ok := tk["B2B2BStatus"]; !ok {
		t.Fatal("Ticket response lacks B2B2BStatus")
	}
	oldFare := num(it["Fare"].(map[string]any)["PublishedFare"])
	newFare := num(inner["FlightItinerary"].(map[string]any)["Fare"].(map[string]any)["PublishedFare"])
	if inner["TicketStatus"] != 8.0 || inner["IsPriceChanged"] != true || newFare <= oldFare {
		t.Fatalf("forced price change at Ticket: status %v changed %v fare %v → %v", inner["TicketStatus"], inner["IsPriceChanged"], oldFare, newFare)
	}
	// Not accepting keeps the booking unticketed.
	if inner := e.air("Ticket", ticket)["Response"].(map[string]any); inner["TicketStatus"] != 8.0 {
		t.Fatalf("ticketing again without accepting: %v", inner["TicketStatus"])
	}
	ticket["IsPriceChangeAccepted"] = "true"
	inner = e.air("Ticket", ticket)["Response"].(map[string]any)
	it = inner["FlightItinerary"].(map[string]any)
	if inner["TicketStatus"] != 1.0 || num(it["Fare"].(map[string]any)["PublishedFare"]) != newFare {
		t.Fatalf("accepted ticket: status %v fare %v", inner["TicketStatus"], it["Fare"].(map[string]any)["PublishedFare"])
	}
	pax := it["Passenger"].([]any)[0].(map[string]any)
	tn, _ := pax["Ticket"].(map[string]any)["TicketNumber"].(string)
	if len(tn) != 10 || tn == pnr || num(pax["PaxId"]) <= 0 || num(pax["Ticket"].(map[string]any)["TicketId"]) <= 0 {
		t.Fatalf("GDS ticket %v", pax["Ticket"])
	}
	// Ticketing a ticketed booking says so and changes nothing.
	inner = e.air("Ticket", ticket)["Response"].(map[string]any)
	if inner["TicketStatus"] != 6.0 {
		t.Fatalf("already ticketed: %v", inner["TicketStatus"])
	}
	if n := e.sim.Calls("Book"); n != 2 {
		t.Fatalf("Book calls %d, want 2", n)
	}
}

func TestBookReportsPriceChange(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	body := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"], "Passengers": []any{withFare(lead(), res)}}
	b := e.air("Book", body, sim.HeaderPriceChange, "true")["Response"].(map[string]any)
	if b["IsPriceChanged"] != true || num(b["BookingId"]) != 0 || b["PNR"] != "" {
		t.Fatalf("Book with a price change must not hold: %v", b)
	}
	// Sending the old fare again is refused the same way; the new one books.
	if b := e.air("Book", body)["Response"].(map[string]any); b["IsPriceChanged"] != true {
		t.Fatalf("Book with the stale fare: %v", b)
	}
	q := e.air("FareQuote", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"]})
	body["Passengers"] = []any{withFare(lead(), q["Results"].(map[string]any))}
	if b := e.air("Book", body)["Response"].(map[string]any); b["IsPriceChanged"] != false || b["PNR"] == "" {
		t.Fatalf("Book with the new fare: %v", b)
	}
}

func TestLCCTicket(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, true)
	p := withFare(lead(), res)
	p["Baggage"] = []any{map[string]any{"Code": "NoBaggage", "Price": 0, "WayType": 2}}
	p["MealDynamic"] = []any{map[string]any{"Code": "NoMeal", "Price": "0", "WayType": "2"}}
	p["SeatDynamic"] = []any{map[string]any{"Code": "NoSeat", "Price": 0}}
	ticket := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"],
		"AgentReferenceNo": "PT-1741000000", "Passengers": []any{p}}

	noFare := map[string]any{}
	for k, v := range ticket {
		noFare[k] = v
	}
	bare := lead()
	noFare["Passengers"] = []any{bare}
	if r := e.air("Ticket", noFare); r["ResponseStatus"] != 3.0 {
		t.Fatalf("LCC ticket without fares: %v", r)
	}

	r := e.air("Ticket", ticket)
	inner := r["Response"].(map[string]any)
	if r["ResponseStatus"] != 1.0 || inner["TicketStatus"] != 1.0 {
		t.Fatalf("LCC ticket: %v %v", r["Error"], inner["TicketStatus"])
	}
	pnr := inner["PNR"].(string)
	it := inner["FlightItinerary"].(map[string]any)
	tn := it["Passenger"].([]any)[0].(map[string]any)["Ticket"].(map[string]any)["TicketNumber"]
	if tn != pnr || it["IsLCC"] != true || it["AgentReferenceNo"] != "PT-1741000000" {
		t.Fatalf("LCC ticket number %v, PNR %v, itinerary %v", tn, pnr, it)
	}
	if inner := e.air("Ticket", ticket)["Response"].(map[string]any); inner["TicketStatus"] != 6.0 || inner["PNR"] != pnr {
		t.Fatalf("second LCC ticket: %v", inner["TicketStatus"])
	}
	// The GDS path does not apply to a result that is not booked.
	gds := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "PNR": "ABCDEF", "BookingId": 1})
	if gds["ResponseStatus"] == 1.0 {
		t.Fatalf("GDS ticket of an unknown booking: %v", gds)
	}
}

func TestGetBookingDetailsShapes(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	booked := e.book(tok, trace, res)
	pnr, id := booked["PNR"].(string), booked["BookingId"]
	for _, tc := range []struct {
		name  string
		req   map[string]any
		found bool
	}{
		{"BookingId", map[string]any{"BookingId": id}, true},
		{"BookingId as a string", map[string]any{"BookingId": strconv.Itoa(int(num(id)))}, true},
		{"BookingId and PNR", map[string]any{"BookingId": id, "PNR": pnr}, true},
		{"PNR and first name", map[string]any{"PNR": pnr, "FirstName": "arjun"}, true},
		{"PNR and last name", map[string]any{"PNR": pnr, "LastName": "Mehta"}, true},
		{"PNR and both names", map[string]any{"PNR": strings.ToLower(pnr), "FirstName": "Arjun", "LastName": "Mehta"}, true},
		{"TraceId", map[string]any{"TraceId": trace}, true},
		{"PNR and another name", map[string]any{"PNR": pnr, "LastName": "Shah"}, false},
		{"BookingId and another PNR", map[string]any{"BookingId": id, "PNR": "ZZZZZZ"}, false},
		{"unknown BookingId", map[string]any{"BookingId": 42}, false},
	} {
		tc.req["TokenId"] = tok
		r := e.details(tc.req)
		if !tc.found {
			if r["ResponseStatus"] == 1.0 {
				t.Errorf("%s: found %v", tc.name, r["FlightItinerary"])
			}
			continue
		}
		it, ok := r["FlightItinerary"].(map[string]any)
		if r["ResponseStatus"] != 1.0 || !ok {
			t.Errorf("%s: %v", tc.name, r["Error"])
			continue
		}
		if it["BookingId"] != id || it["PNR"] != pnr || r["TraceId"] != trace {
			t.Errorf("%s: booking %v %v trace %v", tc.name, it["BookingId"], it["PNR"], r["TraceId"])
		}
		segs, _ := it["Segments"].([]any)
		if len(segs) == 0 {
			t.Fatalf("%s: no segments", tc.name)
		}
		for _, s := range segs {
			seg, flat := s.(map[string]any)
			if !flat || seg["Status"] != "HK" || seg["AirlinePNR"] == "" {
				t.Fatalf("%s: Segments must be flat with Status HK and an AirlinePNR: %v", tc.name, s)
			}
		}
		f := it["Fare"].(map[string]any)
		if _, ok := f["TaxBreakup"]; !ok {
			t.Fatalf("%s: Fare lacks TaxBreakup", tc.name)
		}
		pax := it["Passenger"].([]any)[0].(map[string]any)
		if num(pax["PaxId"]) <= 0 || pax["Ticket"] != nil {
			t.Fatalf("%s: held passenger %v", tc.name, pax)
		}
	}
	r := e.details(map[string]any{"TokenId": tok, "PNR": pnr})
	if r["ResponseStatus"] != 3.0 {
		t.Fatalf("PNR without a name: %v", r)
	}
}

func TestDroppedBookStillHappened(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	body := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"], "Passengers": []any{lead()}}

	resp, _, err := e.raw(context.Background(), airPath+"Book", body, sim.HeaderDrop, "after")
	if err == nil {
		t.Fatalf("dropped Book answered: HTTP %d", resp.StatusCode)
	}
	if !errors.Is(err, io.EOF) && !strings.Contains(err.Error(), "EOF") && !strings.Contains(err.Error(), "reset") {
		t.Logf("dropped connection error: %v", err)
	}
	if n := e.sim.Calls("Book"); n != 1 {
		t.Fatalf("Book reached the simulator %d times, want exactly 1", n)
	}
	r := e.details(map[string]any{"TokenId": tok, "TraceId": trace})
	it, ok := r["FlightItinerary"].(map[string]any)
	if r["ResponseStatus"] != 1.0 || !ok || len(it["PNR"].(string)) != 6 {
		t.Fatalf("the dropped Book left no booking: %v", r)
	}

	// Dropped before the work: nothing was booked.
	trace2, res2 := e.pick(tok, false)
	body["TraceId"], body["ResultIndex"] = trace2, res2["ResultIndex"]
	if _, _, err := e.raw(context.Background(), airPath+"Book", body, sim.HeaderDrop, "before"); err == nil {
		t.Fatal("dropped Book answered")
	}
	if r := e.details(map[string]any{"TokenId": tok, "TraceId": trace2}); r["ResponseStatus"] == 1.0 {
		t.Fatalf("a Book dropped before the work booked: %v", r["FlightItinerary"])
	}
}

func TestDroppedTicketStillHappened(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	booked := e.book(tok, trace, res)
	ticket := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "PNR": booked["PNR"], "BookingId": booked["BookingId"]}
	resp, _, err := e.raw(context.Background(), airPath+"Ticket", ticket, sim.HeaderDrop, "after")
	if err == nil {
		t.Fatalf("dropped Ticket answered: HTTP %d", resp.StatusCode)
	}
	r := e.details(map[string]any{"TokenId": tok, "BookingId": booked["BookingId"]})
	pax := r["FlightItinerary"].(map[string]any)["Passenger"].([]any)[0].(map[string]any)
	if tk, ok := pax["Ticket"].(map[string]any); !ok || tk["TicketNumber"] == "" {
		t.Fatalf("the dropped Ticket left no ticket: %v", pax["Ticket"])
	}
	if inv, _ := r["FlightItinerary"].(map[string]any)["Invoice"].([]any); len(inv) != 1 {
		t.Fatalf("ticketed booking without an invoice: %v", inv)
	}
}

func TestHTTPStatusOfDroppedCall(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	// A drop is not an HTTP status: the client sees a broken connection.
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+authPath, strings.NewReader(`{}`))
	req.Header.Set(sim.HeaderDrop, "before")
	if resp, err := e.srv.Client().Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("got HTTP %d", resp.StatusCode)
	}
}
