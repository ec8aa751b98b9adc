package flights_test

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/paryatan/paryatan/internal/apitest"
)

// waitFor polls cond every 50 ms until it holds or d passes.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// wentThrough reports whether the booking on trace was ever in status.
func wentThrough(t *testing.T, env *apitest.Env, trace, status string) bool {
	t.Helper()
	var ok bool
	err := env.DB.QueryRow(context.Background(), `SELECT EXISTS (SELECT 1 FROM booking_events e JOIN bookings b ON b.id = e.booking_id
		WHERE b.trace_id = $1 AND e.to_status = $2)`, trace, status).Scan(&ok)
	if err != nil {
		t.Fatal(err)
	}
	return ok
}

func bookingStatus(t *testing.T, env *apitest.Env, trace string) string {
	t.Helper()
	var st string
	err := env.DB.QueryRow(context.Background(),
		"SELECT status FROM bookings WHERE trace_id = $1 ORDER BY created_at DESC LIMIT 1", trace).Scan(&st)
	if err != nil {
		return ""
	}
	return st
}

// requestCount is how many requests the server counted on route with the
// given code label.
func requestCount(t *testing.T, env *apitest.Env, route, code string) uint64 {
	t.Helper()
	families, err := env.Metrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	for _, f := range families {
		if f.GetName() != "paryatan_http_request_duration_seconds" {
			continue
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["route"] == route && labels["code"] == code {
				n += m.GetHistogram().GetSampleCount()
			}
		}
	}
	return n
}

// A traveller who closes the tab during Book changes nothing: the supplier
// call finishes, the booking is recorded, and the same Idempotency-Key gets
// it. The abandoned request is counted as 499 on its route, not as a 5xx.
func TestClientGoneDuringBook(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: delay("Book", "1500ms")})
	c := signIn(t, env, "tab@example.in")
	s := search(t, c, "BOM", "DEL")
	body := bookBody(s.Data.Response.TraceId, pick(t, s, false).ResultIndex, false)
	c.Header.Set("Idempotency-Key", "closed-tab-1")

	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, err := c.DoContext(ctx, "POST", "/api/v1/flights/tbo/book", body); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the first request should have been abandoned, got %v", err)
	}
	start := time.Now()
	res := c.Do("POST", "/api/v1/flights/tbo/book", body)
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" || b.Booking.PNR == "" || res.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay = %d %s", res.StatusCode, truncate(res.Body))
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("replay took %s", took)
	}
	if n := env.Sim.Calls("Book"); n != 1 {
		t.Fatalf("Book sent %d times", n)
	}
	route := "/api/v1/flights/{supplier}/book"
	waitFor(t, 5*time.Second, "the abandoned request to be counted as 499", func() bool {
		return requestCount(t, env, route, "499") == 1
	})
	if n := requestCount(t, env, route, "5xx"); n != 0 {
		t.Fatalf("%d book requests counted as 5xx", n)
	}
	if n := requestCount(t, env, route, "2xx"); n != 1 {
		t.Fatalf("%d book requests counted as 2xx, want the replay", n)
	}
}

// The process making a Book dies (here: stops its heartbeat and leaves the
// instance table) while the supplier holds the call. A repeat of the key on
// another replica answers at once that the booking is being confirmed, with
// its id; the other replica sweeps the dead process's lease to unknown and
// the reconciler finds the booking at the supplier. Later repeats get the
// settled booking, and the supplier saw exactly one Book.
func TestReplicaDiesDuringBook(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: delay("Book", "3s")})
	env.Bookings.InlineReconcile = 0
	doomed := env.Replica(t)
	doomed.Bookings.InlineReconcile = 0
	c := signIn(t, env, "dies@example.in")
	s := search(t, c, "BOM", "DEL")
	trace := s.Data.Response.TraceId
	body := bookBody(trace, pick(t, s, false).ResultIndex, false)

	dc := doomed.NewClient(t)
	dc.HTTP.Jar = c.HTTP.Jar
	dc.Header.Set("Idempotency-Key", "dies-1")
	first := make(chan *apitest.Response, 1)
	go func() {
		res, _ := dc.DoContext(context.Background(), "POST", "/api/v1/flights/tbo/book", body)
		first <- res
	}()
	waitFor(t, 5*time.Second, "the Book call to start", func() bool { return env.Sim.Calls("Book") == 1 })
	doomed.Vanish(t)

	c.Header.Set("Idempotency-Key", "dies-1")
	start := time.Now()
	res := c.Do("POST", "/api/v1/flights/tbo/book", body)
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != http.StatusAccepted || !b.Pending || b.Booking.ID == "" || b.Booking.Status != "booking" {
		t.Fatalf("repeat while the holder is dead = %d %s", res.StatusCode, truncate(res.Body))
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("repeat took %s", took)
	}

	ctx := context.Background()
	if n, err := env.Bookings.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("swept %d leases (%v), want 1", n, err)
	}
	if v := testutil.ToFloat64(env.Metrics.Bookings.LeasesSwept.WithLabelValues("booking")); v != 1 {
		t.Fatalf("leases swept metric = %v", v)
	}
	if !wentThrough(t, env, trace, "unknown") {
		t.Fatal("the sweep did not make the booking unknown")
	}
	waitFor(t, 10*time.Second, "the booking to be reconciled", func() bool {
		env.WorkJobs(t)
		return bookingStatus(t, env, trace) == "booked"
	})
	if v := testutil.ToFloat64(env.Metrics.Bookings.Reconciled.WithLabelValues("booked")); v != 1 {
		t.Fatalf("reconciled{booked} = %v", v)
	}

	res = c.Do("POST", "/api/v1/flights/tbo/book", body)
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" || b.Booking.PNR == "" {
		t.Fatalf("repeat after reconciliation = %d %s", res.StatusCode, truncate(res.Body))
	}
	// The cut-off process finishes its call too; the booking stays booked
	// with the same PNR, and the supplier got one Book in all.
	if r := <-first; r == nil {
		t.Fatal("the first request got no answer")
	}
	var pnrs int
	if err := env.DB.QueryRow(ctx, "SELECT count(DISTINCT pnr) FROM bookings WHERE trace_id = $1 AND status = 'booked'", trace).Scan(&pnrs); err != nil || pnrs != 1 {
		t.Fatalf("booked PNRs for the trace = %d (%v)", pnrs, err)
	}
	if n := env.Sim.Calls("Book"); n != 1 {
		t.Fatalf("Book sent %d times", n)
	}
	again := c.Do("POST", "/api/v1/flights/tbo/book", body)
	if again.StatusCode != 200 || string(again.Body) != string(res.Body) {
		t.Fatalf("later repeats differ: %d %s", again.StatusCode, truncate(again.Body))
	}
}

// A process that dies before its request reached the supplier leaves
// nothing to double: a repeat of the key takes it over and books, and the
// first process, if it comes back, makes no supplier call.
func TestRepeatTakesOverBeforeSupplierCall(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: delay("FareQuote", "2s")})
	doomed := env.Replica(t)
	c := signIn(t, env, "takeover@example.in")
	s := search(t, c, "BOM", "DEL")
	trace := s.Data.Response.TraceId
	body := bookBody(trace, pick(t, s, false).ResultIndex, false)

	dc := doomed.NewClient(t)
	dc.HTTP.Jar = c.HTTP.Jar
	dc.Header.Set("Idempotency-Key", "takeover-1")
	first := make(chan *apitest.Response, 1)
	go func() {
		res, _ := dc.DoContext(context.Background(), "POST", "/api/v1/flights/tbo/book", body)
		first <- res
	}()
	waitFor(t, 5*time.Second, "the fare quote to start", func() bool { return env.Sim.Calls("FareQuote") == 1 })
	doomed.Vanish(t)

	c.Header.Set("Idempotency-Key", "takeover-1")
	res := c.Do("POST", "/api/v1/flights/tbo/book", body)
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" {
		t.Fatalf("repeat = %d %s", res.StatusCode, truncate(res.Body))
	}
	r := <-first
	if r == nil || r.StatusCode != http.StatusConflict {
		t.Fatalf("the stale first request = %v", r)
	}
	if n := env.Sim.Calls("Book"); n != 1 {
		t.Fatalf("Book sent %d times", n)
	}
	again := c.Do("POST", "/api/v1/flights/tbo/book", body)
	if again.StatusCode != 200 || string(again.Body) != string(res.Body) {
		t.Fatalf("the kept answer is not the repeat's: %d %s", again.StatusCode, truncate(again.Body))
	}
}

// The reconciler gives up on a lost Book only on proof: the supplier
// failing to answer keeps the booking unknown however long it has been; its
// saying it has no such booking, past the give-up window, fails it.
func TestReconcilerGivesUpOnlyOnProof(t *testing.T) {
	t.Parallel()
	var failing atomic.Bool
	failing.Store(true)
	env := apitest.New(t, apitest.Options{SimMiddleware: func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch {
			case isCall(r, "Book"):
				r.Header.Set("X-Sim-Drop", "before")
			case isCall(r, "GetBookingDetails") && failing.Load():
				r.Header.Set("X-Sim-Error", "http:503")
			}
			next.ServeHTTP(w, r)
		})
	}})
	bk := env.Bookings
	bk.InlineReconcile, bk.GiveUpAfter = 0, 0
	c := signIn(t, env, "proof@example.in")
	s := search(t, c, "BOM", "DEL")
	trace := s.Data.Response.TraceId
	res := c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, pick(t, s, false).ResultIndex, false))
	if res.StatusCode != http.StatusAccepted {
		t.Fatalf("book with a dropped connection = %d %s", res.StatusCode, truncate(res.Body))
	}
	ctx := context.Background()
	unavailable := env.Metrics.Bookings.Reconciled.WithLabelValues("supplier_unavailable")
	before := testutil.ToFloat64(unavailable)
	env.WorkJobs(t)
	if st := bookingStatus(t, env, trace); st != "unknown" {
		t.Fatalf("an unavailable supplier settled the booking: %s", st)
	}
	if v := testutil.ToFloat64(unavailable); v <= before {
		t.Fatalf("reconciled{supplier_unavailable} = %v, was %v", v, before)
	}
	failing.Store(false)
	env.WorkJobs(t)
	if st := bookingStatus(t, env, trace); st != "failed" {
		t.Fatalf("the supplier's 'no such booking' did not settle it: %s", st)
	}
	if env.Sim.Calls("Book") != 1 {
		t.Fatalf("Book sent %d times", env.Sim.Calls("Book"))
	}
	bk.RefreshStats(ctx)
	if v := testutil.ToFloat64(env.Metrics.Bookings.ByStatus.WithLabelValues("failed")); v < 1 {
		t.Fatalf("bookings{status=failed} = %v", v)
	}
}

// Idempotency keys are kept for a day, then deleted.
func TestIdempotencyKeysExpire(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signIn(t, env, "expire@example.in")
	s := search(t, c, "BOM", "DEL")
	c.Header.Set("Idempotency-Key", "old-1")
	c.Do("POST", "/api/v1/flights/tbo/book", bookBody(s.Data.Response.TraceId, pick(t, s, true).ResultIndex, true))
	c.Header.Set("Idempotency-Key", "new-1")
	c.Do("POST", "/api/v1/flights/tbo/book", bookBody(s.Data.Response.TraceId, pick(t, s, true).ResultIndex, true))
	ctx := context.Background()
	if _, err := env.DB.Exec(ctx, "UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old-1'"); err != nil {
		t.Fatal(err)
	}
	if err := env.Bookings.Cleanup(ctx); err != nil {
		t.Fatal(err)
	}
	var keys []string
	rows, err := env.DB.Query(ctx, "SELECT key FROM idempotency_keys ORDER BY key")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k string
		_ = rows.Scan(&k)
		keys = append(keys, k)
	}
	if len(keys) != 1 || keys[0] != "new-1" {
		t.Fatalf("keys after cleanup = %v", keys)
	}
}

// A ticket whose process died before the supplier did anything is found
// unticketed; a repeat of its key says so (409, ticket again), and a new
// ticket request issues it.
func TestTicketThatNeverReachedTheSupplier(t *testing.T) {
	t.Parallel()
	var dropped atomic.Bool // the first Ticket only
	env := apitest.New(t, apitest.Options{SimMiddleware: func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isCall(r, "Ticket") && dropped.CompareAndSwap(false, true) {
				r.Header.Set("X-Sim-Drop", "before")
				r.Header.Set("X-Sim-Latency", "2s")
			}
			next.ServeHTTP(w, r)
		})
	}, TicketOnRequest: true})
	env.Bookings.InlineReconcile = 0
	doomed := env.Replica(t)
	doomed.Bookings.InlineReconcile = 0
	c := signIn(t, env, "noticket@example.in")
	s := search(t, c, "BOM", "DEL")
	trace := s.Data.Response.TraceId
	var b outcome
	c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, pick(t, s, false).ResultIndex, false)).JSON(t, &b)
	if b.Booking.Status != "booked" {
		t.Fatalf("book: %+v", b)
	}
	ticket := map[string]any{"bookingId": b.Booking.BookingId, "pnr": b.Booking.PNR, "traceId": trace}
	payFor(t, env, c, b.Booking.ID)
	dc := doomed.NewClient(t)
	dc.HTTP.Jar = c.HTTP.Jar
	dc.Header.Set("Idempotency-Key", "ticket-1")
	go func() { _, _ = dc.DoContext(context.Background(), "POST", "/api/v1/flights/tbo/ticket", ticket) }()
	waitFor(t, 5*time.Second, "the ticket call to start", func() bool { return env.Sim.Calls("Ticket") == 1 })
	doomed.Vanish(t)
	ctx := context.Background()
	if n, err := env.Bookings.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("swept %d (%v)", n, err)
	}
	waitFor(t, 10*time.Second, "the booking to be reconciled", func() bool {
		env.WorkJobs(t)
		return bookingStatus(t, env, trace) == "booked"
	})
	c.Header.Set("Idempotency-Key", "ticket-1")
	res := c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != http.StatusConflict || tk.Message != "The ticket was not issued. Please try ticketing again." {
		t.Fatalf("repeat of the dead ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	c.Header.Set("Idempotency-Key", "ticket-2")
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" {
		t.Fatalf("ticketing again = %d %s", res.StatusCode, truncate(res.Body))
	}
}
