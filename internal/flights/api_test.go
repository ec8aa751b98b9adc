package flights_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

func tomorrow() string { return time.Now().Add(30 * time.Hour).Format(time.DateOnly) }

func signIn(t *testing.T, env *apitest.Env, email string) *apitest.Client {
	t.Helper()
	c := env.NewClient(t)
	if res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": "Flyer", "email": email, "password": "password1"}); res.StatusCode != 201 {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	return c
}

type result struct {
	ResultIndex string
	IsLCC       bool
	Fare        struct{ PublishedFare string }
}

type searchResp struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
	Data    struct {
		Response struct {
			TraceId string     `json:"TraceId"`
			Results [][]result `json:"Results"`
		} `json:"Response"`
	} `json:"data"`
}

func search(t *testing.T, c *apitest.Client, from, to string) searchResp {
	t.Helper()
	res := c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{
		"origin": from, "destination": to, "departDate": tomorrow(), "cabinClass": 2, "adults": 1, "children": 0, "infants": 0, "sources": []string{"GDS", "LCC"},
	})
	var s searchResp
	res.JSON(t, &s)
	if res.StatusCode != 200 || !s.OK || s.Data.Response.TraceId == "" || len(s.Data.Response.Results) == 0 || len(s.Data.Response.Results[0]) == 0 {
		t.Fatalf("search = %d %s", res.StatusCode, truncate(res.Body))
	}
	return s
}

func truncate(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

func pick(t *testing.T, s searchResp, lcc bool) result {
	t.Helper()
	for _, r := range s.Data.Response.Results[0] {
		if r.IsLCC == lcc {
			return r
		}
	}
	t.Fatalf("no result with IsLCC=%v", lcc)
	return result{}
}

func bookBody(trace, index string, lcc bool) map[string]any {
	return map[string]any{
		"traceId": trace, "resultIndex": index, "isLCC": lcc, "blockedFare": false,
		"contact": map[string]string{"Email": "flyer@example.in", "Mobile": "9876543210"},
		"address": map[string]string{"AddressLine1": "12 MG Road", "City": "Pune", "CountryCode": "IN"},
		"passengers": []map[string]any{{
			"Title": "Mr", "FirstName": " ravi ", "LastName": "kumar", "PaxType": 1, "DateOfBirth": "1988-05-04",
			"Gender": 1, "ContactNo": "9876543210", "Email": "flyer@example.in",
		}},
	}
}

type outcome struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
	Pending bool   `json:"pending"`
	Data    struct {
		Response struct {
			Response struct {
				BookingId int64
				PNR       string
			}
		}
	} `json:"data"`
	Booking struct {
		ID        string `json:"_id"`
		Status    string `json:"status"`
		PNR       string `json:"pnr"`
		BookingId int64  `json:"bookingId"`
	} `json:"booking"`
}

func TestSearchQuoteRulesBookTicketGDS(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{TicketOnRequest: true})
	anon := env.NewClient(t)
	s := search(t, anon, "BOM", "DEL")
	gds := pick(t, s, false)
	trace := s.Data.Response.TraceId

	// Quote and rules are open too.
	res := anon.Do("POST", "/api/v1/flights/tbo/fare-quote", map[string]string{"traceId": trace, "resultIndex": gds.ResultIndex})
	var q struct {
		OK   bool `json:"ok"`
		Data struct{ Response struct{ Results result } }
	}
	res.JSON(t, &q)
	if res.StatusCode != 200 || !q.OK || q.Data.Response.Results.ResultIndex != gds.ResultIndex {
		t.Fatalf("fare-quote = %d %s", res.StatusCode, truncate(res.Body))
	}
	res = anon.Do("POST", "/api/v1/flights/tbo/fare-rule", map[string]string{"traceId": trace, "resultIndex": gds.ResultIndex})
	var fr struct {
		Data struct {
			Response struct {
				FareRules []struct{ FareRuleDetail string }
			}
		}
	}
	res.JSON(t, &fr)
	if res.StatusCode != 200 || len(fr.Data.Response.FareRules) == 0 || !strings.Contains(fr.Data.Response.FareRules[0].FareRuleDetail, "<") {
		t.Fatalf("fare-rule = %d %s", res.StatusCode, truncate(res.Body))
	}

	// Booking needs a user.
	if res := anon.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, gds.ResultIndex, false)); res.StatusCode != 401 {
		t.Fatalf("anonymous book = %d", res.StatusCode)
	}
	c := signIn(t, env, "gds@example.in")
	res = c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, gds.ResultIndex, false))
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || !b.OK || b.Booking.Status != "booked" || b.Data.Response.Response.BookingId == 0 || b.Data.Response.Response.PNR == "" {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	id := b.Data.Response.Response.BookingId

	// Another user can neither ticket nor read it.
	other := signIn(t, env, "other@example.in")
	if res := other.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": id, "pnr": b.Booking.PNR, "traceId": trace}); res.StatusCode != 404 {
		t.Fatalf("other user's ticket = %d", res.StatusCode)
	}
	if res := other.Do("POST", "/api/v1/flights/tbo/booking-details", map[string]any{"bookingId": id}); res.StatusCode != 404 {
		t.Fatalf("other user's details = %d", res.StatusCode)
	}

	payFor(t, env, c, b.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": id, "pnr": b.Booking.PNR, "traceId": trace})
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != 200 || !tk.OK || tk.Booking.Status != "ticketed" || tk.Message != "Ticket issued successfully." {
		t.Fatalf("ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	res = c.Do("POST", "/api/v1/flights/tbo/booking-details", map[string]any{"bookingId": id})
	var d struct {
		OK   bool `json:"ok"`
		Data struct {
			Response struct{ FlightItinerary struct{ BookingId int64 } }
		}
	}
	res.JSON(t, &d)
	if res.StatusCode != 200 || d.Data.Response.FlightItinerary.BookingId != id {
		t.Fatalf("details = %d %s", res.StatusCode, truncate(res.Body))
	}

	var list struct {
		Items []struct{ Status, PNR string }
	}
	c.Do("GET", "/api/v1/me/bookings", nil).JSON(t, &list)
	if len(list.Items) != 1 || list.Items[0].Status != "ticketed" {
		t.Fatalf("my bookings %+v", list.Items)
	}
	other.Do("GET", "/api/v1/me/bookings", nil).JSON(t, &list)
	if len(list.Items) != 0 {
		t.Fatal("another user sees the booking")
	}

	// Metrics carry supplier, operation and outcome.
	n := testutil.CollectAndCount(env.Metrics.Supplier.Duration, "paryatan_supplier_request_duration_seconds")
	if n < 6 {
		t.Fatalf("%d supplier duration series", n)
	}
	if v := testutil.ToFloat64(env.Metrics.Supplier.InFlight.WithLabelValues("tbo", "book")); v != 0 {
		t.Fatalf("in-flight gauge left at %v", v)
	}
}

// One trip of My Trips is the caller's alone: another user, an unknown id
// and a malformed one all get the same 404, never a 403 that would tell the
// booking exists.
func TestMyBookingByID(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signIn(t, env, "mine@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	res := c.Do("POST", "/api/v1/flights/tbo/book", bookBody(s.Data.Response.TraceId, gds.ResultIndex, false))
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.ID == "" || b.Booking.Status != "booked" {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	path := "/api/v1/me/bookings/" + b.Booking.ID

	var got struct {
		Booking struct {
			ID          string `json:"_id"`
			Status      string `json:"status"`
			PNR         string `json:"pnr"`
			BookingId   int64  `json:"bookingId"`
			Origin      string `json:"origin"`
			Destination string `json:"destination"`
		} `json:"booking"`
	}
	res = c.Do("GET", path, nil)
	res.JSON(t, &got)
	if res.StatusCode != 200 || got.Booking.ID != b.Booking.ID || got.Booking.Status != "booked" ||
		got.Booking.PNR != b.Booking.PNR || got.Booking.BookingId != b.Booking.BookingId ||
		got.Booking.Origin != "BOM" || got.Booking.Destination != "DEL" {
		t.Fatalf("own booking = %d %s", res.StatusCode, truncate(res.Body))
	}

	other := signIn(t, env, "notmine@example.in")
	for name, tc := range map[string]struct {
		c    *apitest.Client
		path string
	}{
		"another user's":   {other, path},
		"an unknown id":    {c, "/api/v1/me/bookings/00000000-0000-4000-8000-000000000000"},
		"a malformed id":   {c, "/api/v1/me/bookings/not-a-uuid"},
		"a truncated uuid": {c, path[:len(path)-1]},
	} {
		res := tc.c.Do("GET", tc.path, nil)
		var e struct {
			OK             bool
			Error, Message string
		}
		res.JSON(t, &e)
		if res.StatusCode != 404 || e.Error != "not_found" || e.Message != "No such booking." {
			t.Errorf("%s booking = %d %s, want 404 No such booking.", name, res.StatusCode, res.Body)
		}
	}
	if res := env.NewClient(t).Do("GET", path, nil); res.StatusCode != 401 {
		t.Fatalf("signed-out = %d %s", res.StatusCode, res.Body)
	}
}

func TestLCCTicketWithoutBook(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{TicketOnRequest: true})
	c := signIn(t, env, "lcc@example.in")
	s := search(t, c, "DEL", "BLR")
	lcc := pick(t, s, true)
	trace := s.Data.Response.TraceId
	before := env.Sim.Calls("Book")

	res := c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, lcc.ResultIndex, true))
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "quoted" {
		t.Fatalf("book of an LCC fare = %d %s", res.StatusCode, truncate(res.Body))
	}
	ticket := bookBody(trace, lcc.ResultIndex, true)
	ticket["agentReferenceNo"] = "PT-1700000000000"
	payFor(t, env, c, b.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" || tk.Booking.PNR == "" || tk.Booking.BookingId == 0 {
		t.Fatalf("LCC ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	if env.Sim.Calls("Book") != before {
		t.Fatal("an LCC fare was sent to Book")
	}
}

func TestBookValidationAndSuppliers(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{Connectors: func(doc *connector.Document) {
		off := false
		doc.Connectors = append(doc.Connectors, doc.Connectors[0])
		doc.Connectors[1].Name, doc.Connectors[1].Enabled = "sleepy", &off
	}})
	c := signIn(t, env, "v@example.in")
	for _, tc := range []struct {
		name   string
		path   string
		body   any
		status int
		msg    string
	}{
		{"unknown supplier", "/api/v1/flights/amadeus/search", map[string]any{}, 404, "Unknown flight supplier"},
		{"disabled supplier", "/api/v1/flights/sleepy/search", map[string]any{}, 503, "switched off"},
		{"bad airport", "/api/v1/flights/tbo/search", map[string]any{"origin": "Mumbai", "destination": "DEL", "departDate": tomorrow()}, 400, "three-letter airport code"},
		{"past date", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "DEL", "departDate": "2020-01-01"}, 400, "past"},
		{"infants", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow(), "adults": 1, "infants": 2}, 400, "infants"},
		{"cabin", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow(), "cabinClass": 5}, 400, "cabinClass"},
		{"wrong type", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow(), "adults": "two"}, 400, "adults must be a number"},
		{"no trace", "/api/v1/flights/tbo/fare-quote", map[string]any{"resultIndex": "OB1"}, 400, "Missing traceId or resultIndex"},
		{"no address", "/api/v1/flights/tbo/book", func() any {
			b := bookBody("t", "OB1", false)
			b["address"] = map[string]string{}
			return b
		}(), 400, "Passenger address is required (AddressLine1)."},
		{"two leads", "/api/v1/flights/tbo/book", func() any {
			b := bookBody("t", "OB1", false)
			lead := b["passengers"].([]map[string]any)[0]
			lead["IsLeadPax"] = true
			b["passengers"] = []any{lead, lead}
			return b
		}(), 400, "Exactly one passenger must be the lead passenger."},
		{"infant without adult", "/api/v1/flights/tbo/book", func() any {
			b := bookBody("t", "OB1", false)
			lead := b["passengers"].([]map[string]any)[0]
			infant := map[string]any{"Title": "Miss", "FirstName": "Tara", "LastName": "Rao", "PaxType": 3, "DateOfBirth": "2026-02-01", "Gender": 2}
			b["passengers"] = []any{lead, infant, infant}
			return b
		}(), 400, "Each infant must travel with an adult"},
		{"ticket without trace", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": 1}, 400, "Missing traceId for ticketing."},
		{"GDS ticket without booking id", "/api/v1/flights/tbo/ticket", map[string]any{"traceId": "t"}, 400, "No BookingId to ticket."},
		{"details without booking id", "/api/v1/flights/tbo/booking-details", map[string]any{}, 400, "No BookingId to refresh."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Do("POST", tc.path, tc.body)
			var f struct {
				OK      bool   `json:"ok"`
				Message string `json:"message"`
			}
			res.JSON(t, &f)
			if res.StatusCode != tc.status || f.OK || !strings.Contains(f.Message, tc.msg) {
				t.Fatalf("= %d %s, want %d with %q", res.StatusCode, res.Body, tc.status, tc.msg)
			}
		})
	}
	if env.Sim.Calls("Search")+env.Sim.Calls("Book") != 0 {
		t.Fatal("invalid requests reached the supplier")
	}
}

// Two submits of one booking with the same key, at the same moment, to two
// replicas: one supplier Book, one answer for both.
func TestIdempotentDoubleSubmit(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: delay("Book", "1s")})
	replicas := []*apitest.Env{env, env.Replica(t)}
	c := signIn(t, env, "double@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	body := bookBody(s.Data.Response.TraceId, gds.ResultIndex, false)

	var wg sync.WaitGroup
	got := make([]outcome, 2)
	codes := make([]int, 2)
	bodies := make([][]byte, 2)
	for i := range got {
		wg.Go(func() {
			cl := replicas[i].NewClient(t)
			cl.HTTP.Jar = c.HTTP.Jar
			cl.Header.Set("Idempotency-Key", "book-abc-1")
			res := cl.Do("POST", "/api/v1/flights/tbo/book", body)
			codes[i], bodies[i] = res.StatusCode, res.Body
			res.JSON(t, &got[i])
		})
	}
	wg.Wait()
	if env.Sim.Calls("Book") != 1 {
		t.Fatalf("supplier Book called %d times", env.Sim.Calls("Book"))
	}
	if codes[0] != 200 || codes[1] != 200 || got[0].Booking.ID != got[1].Booking.ID || got[0].Data.Response.Response.PNR != got[1].Data.Response.Response.PNR {
		t.Fatalf("answers differ: %d %+v / %d %+v", codes[0], got[0].Booking, codes[1], got[1].Booking)
	}
	// A later replay also gets the first answer, and another body is refused.
	c.Header.Set("Idempotency-Key", "book-abc-1")
	res := c.Do("POST", "/api/v1/flights/tbo/book", body)
	if res.StatusCode != 200 || res.Header.Get("Idempotent-Replayed") != "true" || env.Sim.Calls("Book") != 1 {
		t.Fatalf("replay = %d, Book calls %d", res.StatusCode, env.Sim.Calls("Book"))
	}
	if !bytes.Equal(res.Body, bodies[0]) || !bytes.Equal(res.Body, bodies[1]) {
		t.Fatalf("the replay is not the first answer byte for byte:\n%s\n%s", truncate(res.Body), truncate(bodies[0]))
	}
	body["resultIndex"] = "OB999"
	if res := c.Do("POST", "/api/v1/flights/tbo/book", body); res.StatusCode != 422 {
		t.Fatalf("same key, other body = %d", res.StatusCode)
	}
}

// A ticket whose connection drops after the supplier did the work is never
// resent: the booking is found ticketed through GetBookingDetails.
func TestDroppedTicketIsReconciled(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: header("Ticket", "X-Sim-Drop", "after"), TicketOnRequest: true})
	c := signIn(t, env, "drop@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	trace := s.Data.Response.TraceId
	var b outcome
	c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, gds.ResultIndex, false)).JSON(t, &b)
	if b.Booking.Status != "booked" {
		t.Fatalf("book: %+v", b)
	}
	payFor(t, env, c, b.Booking.ID)
	res := c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": b.Booking.BookingId, "pnr": b.Booking.PNR, "traceId": trace})
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" {
		t.Fatalf("dropped ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	if n := env.Sim.Calls("Ticket"); n != 1 {
		t.Fatalf("Ticket sent %d times", n)
	}
	if env.Sim.Calls("GetBookingDetails") == 0 {
		t.Fatal("not reconciled through GetBookingDetails")
	}
	var events int
	if err := env.DB.QueryRow(context.Background(), "SELECT count(*) FROM booking_events WHERE to_status = 'unknown'").Scan(&events); err != nil || events != 1 {
		t.Fatalf("unknown state not recorded (%d, %v)", events, err)
	}
}

// A search slower than its configured deadline fails in about that time
// with the product's message.
func TestSearchTimeout(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{
		SimMiddleware: delay("Search", "5s"),
		Connectors: func(doc *connector.Document) {
			doc.Connectors[0].Timeouts[connector.OpSearch] = connector.Duration(2 * time.Second)
		},
	})
	start := time.Now()
	res := env.NewClient(t).Do("POST", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow()})
	took := time.Since(start)
	var f struct{ Message string }
	res.JSON(t, &f)
	if res.StatusCode != http.StatusGatewayTimeout || f.Message != "Request timed out after 2000 ms" {
		t.Fatalf("= %d %s", res.StatusCode, res.Body)
	}
	if took < 2*time.Second || took > 4*time.Second {
		t.Fatalf("took %s, want about 2s", took)
	}
	if v := testutil.ToFloat64(env.Metrics.Supplier.Timeouts.WithLabelValues("tbo", "search")); v != 1 {
		t.Fatalf("timeouts counter = %v", v)
	}
}

// header adds an X-Sim-* header to the simulator calls of one method.
func header(method, name, value string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isCall(r, method) {
				r.Header.Set(name, value)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// isCall reports whether r is a simulator call of the supplier method.
func isCall(r *http.Request, method string) bool {
	return strings.HasSuffix(strings.TrimSuffix(r.URL.Path, "/"), "/"+method)
}

func delay(method, d string) func(http.Handler) http.Handler {
	return header(method, "X-Sim-Latency", d)
}

// A fare that moves at ticketing is not accepted silently: the first ticket
// answers 409, the next one accepts the new fare.
func TestTicketPriceChangeNeedsAcceptance(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: header("Ticket", "X-Sim-Price-Change", "true"), TicketOnRequest: true})
	c := signIn(t, env, "price@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	trace := s.Data.Response.TraceId
	var b outcome
	c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, gds.ResultIndex, false)).JSON(t, &b)
	ticket := map[string]any{"bookingId": b.Booking.BookingId, "pnr": b.Booking.PNR, "traceId": trace}

	payFor(t, env, c, b.Booking.ID)
	res := c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
	var first outcome
	res.JSON(t, &first)
	if res.StatusCode != http.StatusConflict || first.OK || !strings.Contains(first.Message, "fare has changed") || first.Booking.Status != "booked" {
		t.Fatalf("first ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	// The old fare (the booking's price) and the new one (the supplier's
	// itinerary) are both exact decimal strings, the new one higher.
	var fares struct {
		Data struct {
			Response struct {
				Response struct {
					FlightItinerary struct{ Fare struct{ PublishedFare any } }
				}
			}
		} `json:"data"`
		Booking struct {
			Price any `json:"price"`
		} `json:"booking"`
	}
	res.JSON(t, &fares)
	oldFare, okOld := fares.Booking.Price.(string)
	newFare, okNew := fares.Data.Response.Response.FlightItinerary.Fare.PublishedFare.(string)
	if !okOld || !okNew || !decimal.RequireFromString(newFare).GreaterThan(decimal.RequireFromString(oldFare)) {
		t.Fatalf("old fare %#v, new fare %#v", fares.Booking.Price, fares.Data.Response.Response.FlightItinerary.Fare.PublishedFare)
	}
	// The new fare is paid before it is ticketed: the difference first.
	if res := c.Do("POST", "/api/v1/flights/tbo/ticket", ticket); res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("ticket at the new fare before paying the difference = %d %s", res.StatusCode, truncate(res.Body))
	}
	payFor(t, env, c, b.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
	var second outcome
	res.JSON(t, &second)
	if res.StatusCode != 200 || second.Booking.Status != "ticketed" {
		t.Fatalf("accepting ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
}

// A Book whose answer is lost stays unknown until its reconcile job (on
// any replica, after a restart too) finds it at the supplier.
func TestBackgroundReconciler(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: header("Book", "X-Sim-Drop", "after")})
	env.Bookings.InlineReconcile = 0 // leave it all to the background
	c := signIn(t, env, "recon@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	res := c.Do("POST", "/api/v1/flights/tbo/book", bookBody(s.Data.Response.TraceId, gds.ResultIndex, false))
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != http.StatusAccepted || !b.Pending || b.Booking.Status != "unknown" {
		t.Fatalf("dropped book = %d %s", res.StatusCode, truncate(res.Body))
	}
	if env.Sim.Calls("Book") != 1 {
		t.Fatalf("Book sent %d times", env.Sim.Calls("Book"))
	}

	// This server stops; another replica's job queue settles it (the
	// reconcile job was written with the unknown booking).
	env.Replica(t)
	env.Vanish(t)
	deadline := time.Now().Add(15 * time.Second)
	for {
		var list struct {
			Items []struct{ Status, PNR string }
		}
		c.Do("GET", "/api/v1/me/bookings", nil).JSON(t, &list)
		if len(list.Items) == 1 && list.Items[0].Status == "booked" && list.Items[0].PNR != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not reconciled: %+v", list.Items)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if env.Sim.Calls("Book") != 1 {
		t.Fatal("the reconciler resent Book")
	}
}

// An international full-service fare needs a passport: booking without one
// is refused before anything is recorded or held, a passport lapsing before
// the flight is refused, and with a valid one the GDS Ticket call carries it
// in its Passport list.
func TestInternationalGDSNeedsPassport(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var ticketBodies []string
	capture := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/Ticket") {
				b, _ := io.ReadAll(r.Body)
				mu.Lock()
				ticketBodies = append(ticketBodies, string(b))
				mu.Unlock()
				r.Body = io.NopCloser(bytes.NewReader(b))
			}
			next.ServeHTTP(w, r)
		})
	}
	env := apitest.New(t, apitest.Options{SimMiddleware: capture, TicketOnRequest: true})
	c := signIn(t, env, "abroad@example.in")
	s := search(t, c, "BOM", "DXB")
	gds := pick(t, s, false)
	trace := s.Data.Response.TraceId

	withPassport := func(number, expiry string) map[string]any {
		b := bookBody(trace, gds.ResultIndex, false)
		p := b["passengers"].([]map[string]any)[0]
		p["PassportNo"], p["PassportExpiry"], p["PassportIssuingCountry"] = number, expiry, "IN"
		return b
	}
	for _, tc := range []struct {
		name, number, expiry, msg string
	}{
		{"no passport", "", "", "needs the passenger's passport number and expiry date"},
		{"malformed number", "Z-12", "2031-01-01", "Passport number must be 6 to 15 letters and digits."},
		{"expired", "Z1234567", "2020-01-01", "This passport has expired."},
		{"lapses on the day of the flight", "Z1234567", tomorrow(), "valid beyond the travel date"},
	} {
		res := c.Do("POST", "/api/v1/flights/tbo/book", withPassport(tc.number, tc.expiry))
		var f outcome
		res.JSON(t, &f)
		if res.StatusCode != 400 || !strings.Contains(f.Message, tc.msg) {
			t.Errorf("%s: book = %d %s, want 400 with %q", tc.name, res.StatusCode, res.Body, tc.msg)
		}
	}
	if n := env.Sim.Calls("Book"); n != 0 {
		t.Fatalf("refused bookings reached the supplier %d times", n)
	}
	var list struct{ Items []struct{ Status string } }
	c.Do("GET", "/api/v1/me/bookings", nil).JSON(t, &list)
	if len(list.Items) != 0 {
		t.Fatalf("refused bookings were recorded: %+v", list.Items)
	}

	expiry := time.Now().AddDate(6, 0, 0).Format(time.DateOnly)
	res := c.Do("POST", "/api/v1/flights/tbo/book", withPassport(" z1234567 ", expiry))
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" {
		t.Fatalf("book with passport = %d %s", res.StatusCode, truncate(res.Body))
	}
	payFor(t, env, c, b.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": b.Booking.BookingId, "pnr": b.Booking.PNR, "traceId": trace})
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" {
		t.Fatalf("ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	mu.Lock()
	defer mu.Unlock()
	if len(ticketBodies) != 1 {
		t.Fatalf("%d Ticket calls", len(ticketBodies))
	}
	var sent struct {
		Passport []struct {
			PaxId          int64
			PassportNo     string
			PassportExpiry string
		}
	}
	if err := json.Unmarshal([]byte(ticketBodies[0]), &sent); err != nil {
		t.Fatal(err)
	}
	if len(sent.Passport) != 1 || sent.Passport[0].PassportNo != "Z1234567" || sent.Passport[0].PaxId == 0 ||
		sent.Passport[0].PassportExpiry != expiry+"T00:00:00" {
		t.Fatalf("Ticket sent Passport %+v", sent.Passport)
	}
}
