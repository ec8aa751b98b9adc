package sim_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// releaseBody is a ReleasePNRRequest for a booking of result res, with its
// Source as the result carries it (a JSON number).
func releaseBody(tok string, bookingID any, res map[string]any) map[string]any {
	return map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": bookingID, "Source": res["Source"]}
}

// itineraryStatus is a booking's FlightItinerary Status and the statuses of
// its segments, from GetBookingDetails.
func (e *env) itineraryStatus(tok string, bookingID any) (float64, []string) {
	e.t.Helper()
	r := e.details(map[string]any{"TokenId": tok, "BookingId": bookingID})
	it, ok := r["FlightItinerary"].(map[string]any)
	if r["ResponseStatus"] != 1.0 || !ok {
		e.t.Fatalf("GetBookingDetails %v: %v", bookingID, r["Error"])
	}
	var segs []string
	for _, s := range it["Segments"].([]any) {
		segs = append(segs, s.(map[string]any)["Status"].(string))
	}
	return num(it["Status"]), segs
}

// A held GDS booking is released: the supplier shows it released, will not
// ticket it, releases it again without complaint, lists it released on its
// control surface, and lets the same result be booked again.
func TestReleaseHeldBooking(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	booked := e.book(tok, trace, res)
	id, pnr := booked["BookingId"], booked["PNR"]

	for _, tc := range []struct {
		name   string
		change func(body map[string]any)
		want   string
	}{
		{"no BookingId", func(b map[string]any) { delete(b, "BookingId") }, "BookingId is mandatory"},
		{"no Source", func(b map[string]any) { delete(b, "Source") }, "Source is mandatory"},
		{"another Source", func(b map[string]any) { b["Source"] = 6 }, "does not match"},
	} {
		body := releaseBody(tok, id, res)
		tc.change(body)
		r := e.air("ReleasePNRRequest", body)
		if _, msg := errorOf(r); r["ResponseStatus"] != 3.0 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %v %q", tc.name, r["ResponseStatus"], msg)
		}
	}
	if status, segs := e.itineraryStatus(tok, id); status != 1 || segs[0] != "HK" {
		t.Fatalf("refused releases changed the booking: status %v, segments %v", status, segs)
	}

	r := e.air("ReleasePNRRequest", releaseBody(tok, id, res))
	if code, _ := errorOf(r); r["ResponseStatus"] != 1.0 || code != 0 || r["TraceId"] == "" {
		t.Fatalf("release: %v", r)
	}
	status, segs := e.itineraryStatus(tok, id)
	if status != 7 || len(segs) == 0 {
		t.Fatalf("released booking: status %v, segments %v", status, segs)
	}
	for _, s := range segs {
		if s != "XX" {
			t.Fatalf("released booking's segments %v, want every one XX", segs)
		}
	}

	tk := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "PNR": pnr, "BookingId": id})
	if _, msg := errorOf(tk); tk["ResponseStatus"] != 2.0 || !strings.Contains(msg, "released") {
		t.Fatalf("ticket of a released booking: %v", tk)
	}

	// Again, with the source as a string: still released, and said so.
	again := releaseBody(tok, strconv.Itoa(int(num(id))), res)
	again["Source"] = strconv.Itoa(int(num(res["Source"])))
	if r := e.air("ReleasePNRRequest", again); r["ResponseStatus"] != 1.0 {
		t.Fatalf("second release: %v", r)
	}

	held := e.simBookings()
	if len(held) != 1 || !held[0].Released || held[0].ReleasedAt == nil || held[0].Ticketed || held[0].TicketedAt != nil {
		t.Fatalf("control surface after the release: %+v", held)
	}

	// The seats went back: the result books again, as a new booking.
	rebooked := e.book(tok, trace, res)
	if rebooked["BookingId"] == id || rebooked["PNR"] == "" {
		t.Fatalf("booking the released result again: %v", rebooked)
	}
	if held := e.simBookings(); len(held) != 2 || held[1].Released || !held[0].Released {
		t.Fatalf("after booking again: %+v", held)
	}
}

// A ticketed booking, full-service or low-cost, is not released, and stays
// as it was.
func TestReleaseRefusesTicketedBookings(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	booked := e.book(tok, trace, res)
	tk := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "PNR": booked["PNR"], "BookingId": booked["BookingId"]})
	if tk["Response"].(map[string]any)["TicketStatus"] != 1.0 {
		t.Fatalf("ticket: %v", tk)
	}
	traceL, resL := e.pick(tok, true)
	lcc := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": traceL, "ResultIndex": resL["ResultIndex"],
		"AgentReferenceNo": "PT-2", "Passengers": []any{withFare(lead(), resL)}})["Response"].(map[string]any)

	for _, b := range []struct {
		name string
		id   any
		res  map[string]any
	}{{"GDS", booked["BookingId"], res}, {"LCC", lcc["BookingId"], resL}} {
		r := e.air("ReleasePNRRequest", releaseBody(tok, b.id, b.res))
		if _, msg := errorOf(r); r["ResponseStatus"] != 2.0 || !strings.Contains(msg, "ticketed") {
			t.Errorf("%s: release of a ticketed booking: %v", b.name, r)
		}
		if status, segs := e.itineraryStatus(tok, b.id); status != 1 || segs[0] != "HK" {
			t.Errorf("%s: refused release changed the booking: status %v, segments %v", b.name, status, segs)
		}
	}
	for _, b := range e.simBookings() {
		if b.Released || !b.Ticketed {
			t.Fatalf("control surface: %+v", b)
		}
	}
}

// An unknown booking is not found; a release that is dropped after the work
// still happened, as a Book does; a forced failure releases nothing.
func TestReleaseFailures(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.air("ReleasePNRRequest", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": 42, "Source": 4})
	if _, msg := errorOf(r); r["ResponseStatus"] != 2.0 || !strings.Contains(msg, "No booking found") {
		t.Fatalf("unknown booking: %v", r)
	}
	if r := e.air("ReleasePNRRequest", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": "nope", "BookingId": 42, "Source": 4}); r["ResponseStatus"] != 4.0 {
		t.Fatalf("a bad token: %v", r)
	}

	trace, res := e.pick(tok, false)
	booked := e.book(tok, trace, res)
	r = e.air("ReleasePNRRequest", releaseBody(tok, booked["BookingId"], res), sim.HeaderError, "true")
	if _, msg := errorOf(r); r["ResponseStatus"] != 2.0 || !strings.Contains(msg, "release") {
		t.Fatalf("forced failure: %v", r)
	}
	if e.simBookings()[0].Released {
		t.Fatal("a failed release released the booking")
	}
	if _, _, err := e.raw(context.Background(), airPath+"ReleasePNRRequest", releaseBody(tok, booked["BookingId"], res), sim.HeaderDrop, "after"); err == nil {
		t.Fatal("a release dropped after the work answered")
	}
	if status, _ := e.itineraryStatus(tok, booked["BookingId"]); status != 7 {
		t.Fatalf("the dropped release did not happen: status %v", status)
	}
	if n := e.sim.Calls("ReleasePNRRequest"); n != 4 {
		t.Fatalf("ReleasePNRRequest calls %d, want 4", n)
	}
}

// A release and a ticket of one booking racing each other: exactly one
// wins, and the loser is told why.
func TestReleaseRacesTicket(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	for range 5 {
		trace, res := e.pick(tok, false)
		booked := e.book(tok, trace, res)
		var wg sync.WaitGroup
		var rel, tk map[string]any
		wg.Go(func() { rel = e.air("ReleasePNRRequest", releaseBody(tok, booked["BookingId"], res)) })
		wg.Go(func() {
			tk = e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace,
				"PNR": booked["PNR"], "BookingId": booked["BookingId"]})
		})
		wg.Wait()
		released := rel["ResponseStatus"] == 1.0
		ticketed := tk["ResponseStatus"] == 1.0 && tk["Response"].(map[string]any)["TicketStatus"] == 1.0
		if released == ticketed {
			t.Fatalf("release %v and ticket %v of one booking", rel, tk)
		}
		status, _ := e.itineraryStatus(tok, booked["BookingId"])
		if (status == 7) != released {
			t.Fatalf("released %v, booking status %v", released, status)
		}
	}
	// The control surface agrees with every answer.
	for _, b := range e.simBookings() {
		if b.Released == b.Ticketed {
			t.Fatalf("booking %d: released %v, ticketed %v", b.BookingID, b.Released, b.Ticketed)
		}
	}
}

// The release path is served on every layout, as the other methods are.
func TestReleaseRoute(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	for _, p := range []string{"/AirAPI_V10/AirService.svc/rest/ReleasePNRRequest", "/AirService.svc/rest/releasepnrrequest/"} {
		out := e.post(p, map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": 42, "Source": 4})
		if r := out["Response"].(map[string]any); r["ResponseStatus"] != 2.0 {
			t.Errorf("%s: %v", p, out)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+airPath+"ReleasePNRRequest", nil)
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("GET: HTTP %d", resp.StatusCode)
	}
}
