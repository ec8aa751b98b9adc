package flights_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/supplier/standin"
)

func noAgencyFields(t *testing.T, what string, body []byte) {
	t.Helper()
	for _, f := range flights.AgencyOnly {
		if strings.Contains(string(body), f) {
			t.Fatalf("%s carries %s to the browser", what, f)
		}
	}
}

// Against a supplier answering as production does, a result chosen from a
// search can be quoted, its rules read, booked and ticketed through the
// API: its ~700-character index (with + / = [ ]) reaches the supplier byte
// for byte each time, and the booking record keeps it exactly.
func TestJourneyAgainstProductionShapedAnswers(t *testing.T) {
	t.Parallel()
	sup := standin.New(t)
	env := apitest.New(t, apitest.Options{SupplierURL: sup.URL, TicketOnRequest: true})
	c := signIn(t, env, "contract@example.in")

	res := c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{"origin": "DEL", "destination": "YYZ", "departDate": tomorrow()})
	var s searchResp
	res.JSON(t, &s)
	if res.StatusCode != 200 || s.Data.Response.TraceId != standin.TraceID || len(s.Data.Response.Results[0]) != 2 {
		t.Fatalf("search = %d %s", res.StatusCode, truncate(res.Body))
	}
	noAgencyFields(t, "search", res.Body)
	index := s.Data.Response.Results[0][0].ResultIndex
	if index != standin.Results(t, standin.GDSConnection)[0][0] {
		t.Fatal("the index changed on its way through the API")
	}
	// As a URL parameter (the fare page's ?ri=), encoded and decoded.
	u, _ := url.Parse("/flights/fare?" + url.Values{"ri": {index}, "tid": {standin.TraceID}}.Encode())
	if u.Query().Get("ri") != index {
		t.Fatal("the index does not survive a query string")
	}
	trace := map[string]string{"traceId": standin.TraceID, "resultIndex": u.Query().Get("ri")}
	for _, path := range []string{"/api/v1/flights/tbo/fare-quote", "/api/v1/flights/tbo/fare-rule"} {
		res := c.Do("POST", path, trace)
		if res.StatusCode != 200 {
			t.Fatalf("%s = %d %s", path, res.StatusCode, truncate(res.Body))
		}
		noAgencyFields(t, path, res.Body)
	}
	book := bookBody(standin.TraceID, index, false)
	pax := book["passengers"].([]map[string]any)[0]
	pax["PassportNo"], pax["PassportExpiry"], pax["PassportIssuingCountry"] = "Z1234567", "2031-06-30", "IN"
	res = c.Do("POST", "/api/v1/flights/tbo/book", book)
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" || b.Booking.PNR != "K7QX2M" || b.Booking.BookingId != 2045981 {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	noAgencyFields(t, "book", res.Body)
	var stored string
	if err := env.DB.QueryRow(context.Background(), "SELECT result_index FROM bookings WHERE supplier_booking_id = 2045981").Scan(&stored); err != nil || stored != index {
		t.Fatalf("stored index differs (%v)", err)
	}
	payFor(t, env, c, b.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": b.Booking.BookingId, "pnr": b.Booking.PNR, "traceId": standin.TraceID})
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" {
		t.Fatalf("ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	noAgencyFields(t, "ticket", res.Body)
	res = c.Do("POST", "/api/v1/flights/tbo/booking-details", map[string]any{"bookingId": b.Booking.BookingId})
	if res.StatusCode != 200 {
		t.Fatalf("booking details = %d", res.StatusCode)
	}
	noAgencyFields(t, "booking details", res.Body)
	for _, method := range []string{"FareQuote", "FareRule", "Book"} {
		seen := sup.Seen(method)
		if len(seen) == 0 || seen[len(seen)-1] != index {
			t.Fatalf("%s did not receive the index byte for byte", method)
		}
	}

	// The low-cost non-stop is ticketed directly; the domestic return's
	// inbound (IB…) result is quoted like any other.
	res = c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow()})
	res.JSON(t, &s)
	lcc := s.Data.Response.Results[0][0]
	ticket := bookBody(standin.TraceID, lcc.ResultIndex, true)
	ticket["agentReferenceNo"] = "PT-1"
	// A low-cost fare's ticket request may come first: it records the
	// fare, which must be paid before the ticket.
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
	var unpaid struct {
		Booking struct {
			ID string `json:"_id"`
		} `json:"booking"`
	}
	if res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("unpaid LCC ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	var mine struct {
		Items []struct {
			ID          string `json:"_id"`
			ResultIndex string
		}
	}
	c.Do("GET", "/api/v1/me/bookings", nil).JSON(t, &mine)
	for _, it := range mine.Items {
		if it.ResultIndex == lcc.ResultIndex {
			unpaid.Booking.ID = it.ID
		}
	}
	payFor(t, env, c, unpaid.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
	if res.StatusCode != 200 {
		t.Fatalf("LCC ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	noAgencyFields(t, "LCC ticket", res.Body)
	if seen := sup.Seen("Ticket"); len(seen) == 0 || seen[len(seen)-1] != lcc.ResultIndex {
		t.Fatal("the LCC ticket did not carry the index byte for byte")
	}
	res = c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "BLR", "departDate": tomorrow(), "returnDate": tomorrow()})
	res.JSON(t, &s)
	if res.StatusCode != 200 || len(s.Data.Response.Results) != 2 {
		t.Fatalf("domestic return = %d", res.StatusCode)
	}
	inbound := map[string]string{"traceId": standin.TraceID, "resultIndex": s.Data.Response.Results[1][0].ResultIndex}
	if res := c.Do("POST", "/api/v1/flights/tbo/fare-quote", inbound); res.StatusCode != 200 {
		t.Fatalf("inbound quote = %d", res.StatusCode)
	}
	// An index the supplier did not issue is its refusal, 422, not ours.
	inbound["resultIndex"] = inbound["resultIndex"] + "x"
	if res := c.Do("POST", "/api/v1/flights/tbo/fare-quote", inbound); res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("an altered index = %d", res.StatusCode)
	}
	// Past the server's bound the API refuses it itself.
	if res := c.Do("POST", "/api/v1/flights/tbo/fare-quote", map[string]string{"traceId": standin.TraceID, "resultIndex": "OB1[TBO]" + strings.Repeat("A", 4100)}); res.StatusCode != 400 {
		t.Fatalf("a 4 KiB+ index = %d", res.StatusCode)
	}
}

// Any index the simulator emits survives the API: over many searches
// (routes, cabins, one way and return), quoting each result through the
// API answers with that very index.
func TestEverySimulatorIndexSurvivesTheAPI(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SupplierLimits: &flights.Limits{}})
	c := env.NewClient(t)
	checked := 0
	for _, q := range []map[string]any{
		{"origin": "DEL", "destination": "LHR", "departDate": tomorrow()},
		{"origin": "BOM", "destination": "DXB", "departDate": tomorrow(), "cabinClass": 4},
		{"origin": "BLR", "destination": "SIN", "departDate": tomorrow()},
		{"origin": "BOM", "destination": "DEL", "departDate": tomorrow(), "returnDate": tomorrow()},
		{"origin": "CCU", "destination": "MAA", "departDate": tomorrow()},
	} {
		res := c.Do("POST", "/api/v1/flights/tbo/search", q)
		var s searchResp
		res.JSON(t, &s)
		if res.StatusCode != 200 {
			t.Fatalf("search %v = %d", q, res.StatusCode)
		}
		noAgencyFields(t, "search", res.Body)
		for _, list := range s.Data.Response.Results {
			for _, r := range list {
				res := c.Do("POST", "/api/v1/flights/tbo/fare-quote", map[string]string{"traceId": s.Data.Response.TraceId, "resultIndex": r.ResultIndex})
				var quote struct {
					Data struct {
						Response struct{ Results struct{ ResultIndex string } }
					} `json:"data"`
				}
				res.JSON(t, &quote)
				if res.StatusCode != 200 || quote.Data.Response.Results.ResultIndex != r.ResultIndex {
					t.Fatalf("quote of %.30s… = %d", r.ResultIndex, res.StatusCode)
				}
				noAgencyFields(t, "fare quote", res.Body)
				checked++
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d indexes checked", checked)
	}
}
