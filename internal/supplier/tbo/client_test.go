package tbo_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

type fixture struct {
	sim     *sim.Server
	simURL  string
	conns   *connector.Store
	tokens  *tbo.PGTokens
	dbURL   string
	clock   *atomic.Int64 // simulator's clock, unix nanos
	client  *tbo.Client
	spans   *tracetest.SpanRecorder
	metrics *telemetry.SupplierMetrics
}

func setup(t *testing.T, opts sim.Options) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{clock: &atomic.Int64{}}
	f.clock.Store(time.Now().UnixNano())
	opts.Clock = func() time.Time { return time.Unix(0, f.clock.Load()) }
	f.sim = sim.New(opts)
	srv := httptest.NewServer(f.sim)
	t.Cleanup(srv.Close)
	f.simURL = srv.URL
	f.conns = apitest.NewSimConnectors(t, srv.URL, nil)
	f.dbURL = storetest.NewDatabase(t)
	pool, err := store.Open(ctx, f.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if _, err := store.Migrate(ctx, pool, store.Migrations()); err != nil {
		t.Fatal(err)
	}
	f.tokens = tbo.NewPGTokens(pool)
	f.spans = tracetest.NewSpanRecorder()
	f.metrics = telemetry.NewSupplierMetrics(prometheus.NewRegistry())
	tp := trace.NewTracerProvider(trace.WithSpanProcessor(f.spans))
	f.client = tbo.NewClient(f.tokens, f.metrics, tp, slog.New(slog.DiscardHandler), os.Getenv)
	return f
}

func (f *fixture) conn(t *testing.T) *connector.Connector {
	t.Helper()
	c, ok := f.conns.Current().Find("tbo")
	if !ok {
		t.Fatal("no tbo connector")
	}
	return c
}

func searchReq(from, to string) tbo.SearchRequest {
	d := time.Now().Add(48 * time.Hour).Format("2006-01-02T00:00:00")
	return tbo.SearchRequest{AdultCount: 1, JourneyType: 1, Sources: []string{"GDS", "LCC"},
		Segments: []tbo.SearchSegment{{Origin: from, Destination: to, FlightCabinClass: 2, PreferredDepartureTime: d, PreferredArrivalTime: d}}}
}

// Replicas share one token a day: many concurrent calls from two replicas
// authenticate once.
func TestOneTokenForAllReplicas(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	pool2, err := store.Open(ctx, f.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool2.Close()
	replica2 := tbo.NewClient(tbo.NewPGTokens(pool2), telemetry.NewSupplierMetrics(prometheus.NewRegistry()),
		noop.NewTracerProvider(), slog.New(slog.DiscardHandler), os.Getenv)

	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		c := f.client
		if i%2 == 1 {
			c = replica2
		}
		wg.Go(func() {
			_, err := c.Search(ctx, f.conn(t), searchReq("BOM", "DEL"))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := f.sim.Calls("Authenticate"); n != 1 {
		t.Fatalf("Authenticate called %d times, want 1", n)
	}
}

// A token the supplier no longer accepts (ErrorCode 6) is replaced once and
// the call succeeds.
func TestReauthenticatesOnceOnInvalidToken(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{TokenLifetime: time.Hour})
	ctx := context.Background()
	if _, err := f.client.Search(ctx, f.conn(t), searchReq("BOM", "DEL")); err != nil {
		t.Fatal(err)
	}
	f.clock.Add(int64(2 * time.Hour)) // the token has expired at the supplier
	reply, err := f.client.Search(ctx, f.conn(t), searchReq("DEL", "BLR"))
	if err != nil || reply.TraceId == "" {
		t.Fatalf("search after token expiry: %v", err)
	}
	if n := f.sim.Calls("Authenticate"); n != 2 {
		t.Fatalf("Authenticate called %d times, want 2", n)
	}
}

func TestExpiredTrace(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	reply, err := f.client.Search(ctx, f.conn(t), searchReq("BOM", "DEL"))
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Add(int64(16 * time.Minute))
	_, err = f.client.FareQuote(ctx, f.conn(t), tbo.TraceRequest{TraceId: reply.TraceId, ResultIndex: firstResult(t, reply, false)})
	var e *tbo.Error
	if err == nil || !strings.Contains(err.Error(), "Your session (TraceId) is expired.") {
		t.Fatalf("quote on an expired trace: %v (%T %v)", err, e, e)
	}
}

// A deadline from the configuration is honoured, and a changed file is used
// by the next call without a restart.
func TestTimeoutFromHotReloadedConfig(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	path := filepath.Join(t.TempDir(), "connectors.yaml")
	write := func(search string) {
		cred := f.conn(t).Credentials.File
		doc := "connectors:\n  - name: tbo\n    endpoints:\n      auth: " + f.simURL + "/SharedServices/SharedData.svc/rest\n" +
			"      air: " + f.simURL + "/BookingEngineService_Air/AirService.svc/rest\n    credentials: {file: " + cred + "}\n" +
			"    timeouts: {search: " + search + "}\n"
		if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("2s")
	conns, err := connector.Open(path, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	slow := tbo.WithHeaders(context.Background(), http.Header{"X-Sim-Latency": {"3s"}})
	conn, _ := conns.Current().Find("tbo")
	// Authenticate first, outside the slow path.
	if _, err := f.client.Search(context.Background(), conn, searchReq("BOM", "DEL")); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	_, err = f.client.Search(slow, conn, searchReq("BOM", "DEL"))
	took := time.Since(start)
	var e *tbo.Error
	if err == nil || !strings.Contains(err.Error(), "Request timed out after 2000 ms") || !tbo.IsOutcomeUnknown(err) {
		t.Fatalf("slow search: %v %v", err, e)
	}
	if took < 2*time.Second || took > 3*time.Second {
		t.Fatalf("gave up after %s, want about 2s", took)
	}

	write("10s")
	if changed, err := conns.Reload(); !changed || err != nil {
		t.Fatalf("reload: %v %v", changed, err)
	}
	conn, _ = conns.Current().Find("tbo")
	if _, err := f.client.Search(slow, conn, searchReq("BOM", "DEL")); err != nil {
		t.Fatalf("after raising the deadline: %v", err)
	}
}

// Every supplier call is a client span under the caller's span, carrying
// the supplier's TraceId.
func TestSpans(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	tp := trace.NewTracerProvider(trace.WithSpanProcessor(f.spans))
	ctx, parent := tp.Tracer("test").Start(context.Background(), "POST /api/v1/flights/{supplier}/search")
	reply, err := f.client.Search(ctx, f.conn(t), searchReq("BOM", "DEL"))
	parent.End()
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, s := range f.spans.Ended() {
		if s.Name() != "tbo.search" {
			continue
		}
		found = true
		if s.Parent().SpanID() != parent.SpanContext().SpanID() {
			t.Error("supplier span is not under the request span")
		}
		attrs := map[string]string{}
		for _, a := range s.Attributes() {
			attrs[string(a.Key)] = a.Value.String()
		}
		if attrs["supplier.trace_id"] != reply.TraceId || attrs["supplier.name"] != "tbo" || attrs["supplier.outcome"] != "ok" {
			t.Errorf("span attributes %v", attrs)
		}
	}
	if !found {
		t.Fatal("no tbo.search span")
	}
}

func TestPriceChangeAtQuote(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	reply, err := f.client.Search(ctx, f.conn(t), searchReq("BOM", "DEL"))
	if err != nil {
		t.Fatal(err)
	}
	changed := tbo.WithHeaders(ctx, http.Header{"X-Sim-Price-Change": {"true"}})
	q, err := f.client.FareQuote(changed, f.conn(t), tbo.TraceRequest{TraceId: reply.TraceId, ResultIndex: firstResult(t, reply, false)})
	if err != nil {
		t.Fatal(err)
	}
	if !q.IsPriceChanged || !q.Result.Price().IsPositive() {
		t.Fatalf("quote %+v", q.Result)
	}
}

// compression: false asks the supplier for plain answers; the default asks
// for gzip.
func TestCompressionSetting(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("Accept-Encoding"))
		mu.Unlock()
		f.sim.ServeHTTP(w, r)
	}))
	defer srv.Close()
	for _, tc := range []struct {
		compression *bool
		want        string
	}{{nil, "gzip"}, {new(false), "identity"}} {
		conns := apitest.NewSimConnectors(t, srv.URL, func(d *connector.Document) { d.Connectors[0].Compression = tc.compression })
		conn, _ := conns.Current().Find("tbo")
		mu.Lock()
		seen = nil
		mu.Unlock()
		if _, err := f.client.Search(context.Background(), conn, searchReq("BOM", "DEL")); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		last := seen[len(seen)-1]
		mu.Unlock()
		if last != tc.want {
			t.Errorf("compression %v: Accept-Encoding %q, want %q", tc.compression, last, tc.want)
		}
	}
}

// An international full-service itinerary asks for passports at Ticket: a
// GDS Ticket without them is refused, and the same booking tickets once the
// Passport list is sent.
func TestGDSTicketCarriesPassports(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	_, tr, q := searchAndQuote(t, f, conn, "BOM", "DXB")
	index := tr.ResultIndex
	if !bool(q.Result.IsPassportRequiredAtTicket) || !q.Result.NeedsPassport() {
		t.Fatalf("quote of an international GDS fare does not ask for passports: %+v", q.Result)
	}
	pax := passenger(q)
	b, err := f.client.Book(ctx, conn, tbo.BookRequest{TraceId: tr.TraceId, ResultIndex: index, Passengers: []tbo.Passenger{pax}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Itinerary == nil || len(b.Itinerary.Passenger) != 1 || b.Itinerary.Passenger[0].PaxId == 0 {
		t.Fatalf("book answer has no PaxId: %+v", b.Itinerary)
	}
	ticket := tbo.TicketRequest{TraceId: tr.TraceId, PNR: b.PNR, BookingId: b.BookingId}
	_, err = f.client.Ticket(ctx, conn, ticket)
	var e *tbo.Error
	if !errors.As(err, &e) || e.Kind != tbo.KindSupplier || !strings.Contains(e.Message, "Passport") {
		t.Fatalf("ticket without passports: %v", err)
	}
	expiry := time.Now().AddDate(5, 0, 0).Format("2006-01-02T00:00:00")
	ticket.Passports = []tbo.Passport{{PaxId: int64(b.Itinerary.Passenger[0].PaxId), PassportNo: "Z1234567", PassportExpiry: expiry, DateOfBirth: "1988-05-04T00:00:00"}}
	tk, err := f.client.Ticket(ctx, conn, ticket)
	if err != nil {
		t.Fatal(err)
	}
	if tk.TicketStatus != tbo.TicketSuccessful || tk.Itinerary == nil || tk.Itinerary.Passenger[0].Ticket == nil {
		t.Fatalf("ticket with passports: status %d", tk.TicketStatus)
	}
}

// Each operation gives up at its own configured deadline with the spec's
// message, whatever the others are set to: every deadline is 2 s (others
// 30 s when one is tested alone) against a supplier answering in 5 s.
func TestEveryOperationHonoursItsDeadline(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	for _, op := range connector.Operations {
		conn.Timeouts[op] = connector.Duration(2 * time.Second)
	}
	// What the slow calls need: a search, a quote and a GDS booking.
	reply, tr, q := searchAndQuote(t, f, conn, "BOM", "DEL")
	gds := tr.ResultIndex
	booked, err := f.client.Book(ctx, conn, tbo.BookRequest{TraceId: tr.TraceId, ResultIndex: gds, Passengers: []tbo.Passenger{passenger(q)}})
	if err != nil {
		t.Fatal(err)
	}
	other := firstResult(t, reply, true)

	calls := map[connector.Operation]func(context.Context, *connector.Connector) error{
		connector.OpSearch: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.Search(ctx, c, searchReq("BOM", "DEL"))
			return err
		},
		connector.OpFareQuote: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.FareQuote(ctx, c, tbo.TraceRequest{TraceId: reply.TraceId, ResultIndex: other})
			return err
		},
		connector.OpFareRule: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.FareRule(ctx, c, tr)
			return err
		},
		connector.OpSSR: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.SSR(ctx, c, tbo.TraceRequest{TraceId: reply.TraceId, ResultIndex: other})
			return err
		},
		connector.OpBook: func(ctx context.Context, c *connector.Connector) error {
			// The same result again: the delay comes before the supplier
			// looks at the request, so it times out rather than refuses.
			_, err := f.client.Book(ctx, c, tbo.BookRequest{TraceId: tr.TraceId, ResultIndex: gds, Passengers: []tbo.Passenger{passenger(q)}})
			return err
		},
		connector.OpTicket: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.Ticket(ctx, c, tbo.TicketRequest{TraceId: tr.TraceId, PNR: booked.PNR, BookingId: booked.BookingId})
			return err
		},
		connector.OpBookingDetails: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.BookingDetails(ctx, c, tbo.DetailsRequest{BookingId: booked.BookingId, PNR: booked.PNR})
			return err
		},
		connector.OpRelease: func(ctx context.Context, c *connector.Connector) error {
			// A booking the supplier does not hold: the answer, a refusal,
			// comes after the delay.
			_, err := f.client.Release(ctx, c, tbo.ReleaseRequest{BookingId: 42, Source: "4"})
			return err
		},
		// The booking is held, not ticketed: the refusals come after the
		// delay.
		connector.OpCancellationCharges: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.CancellationCharges(ctx, c, tbo.ChargesRequest{BookingId: booked.BookingId, RequestType: tbo.RequestFullCancellation})
			return err
		},
		connector.OpChangeRequest: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.SendChangeRequest(ctx, c, tbo.ChangeRequest{BookingId: booked.BookingId, RequestType: tbo.RequestFullCancellation,
				CancellationType: tbo.CancellationOthers})
			return err
		},
		connector.OpChangeRequestStatus: func(ctx context.Context, c *connector.Connector) error {
			_, err := f.client.GetChangeRequestStatus(ctx, c, 42)
			return err
		},
	}
	for _, op := range connector.Operations {
		if _, ok := calls[op]; !ok && op != connector.OpAuthenticate {
			t.Fatalf("operation %s is not tested", op)
		}
	}
	slow := tbo.WithHeaders(ctx, http.Header{"X-Sim-Latency": {"5s"}})
	for op, call := range calls {
		t.Run(string(op), func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			err := call(slow, conn)
			assertTimedOut(t, err, op, time.Since(start))
		})
	}
	t.Run(string(connector.OpAuthenticate), func(t *testing.T) {
		t.Parallel()
		// A replica without a token yet: its own database, so it authenticates.
		fresh := setup(t, sim.Options{})
		c := fresh.conn(t)
		for _, op := range connector.Operations {
			c.Timeouts[op] = connector.Duration(30 * time.Second)
		}
		c.Timeouts[connector.OpAuthenticate] = connector.Duration(2 * time.Second)
		start := time.Now()
		_, err := fresh.client.Search(slow, c, searchReq("BOM", "DEL"))
		assertTimedOut(t, err, connector.OpAuthenticate, time.Since(start))
	})
}

func assertTimedOut(t *testing.T, err error, op connector.Operation, took time.Duration) {
	t.Helper()
	var e *tbo.Error
	if !errors.As(err, &e) || e.Kind != tbo.KindTimeout || e.Op != op || e.Message != "Request timed out after 2000 ms" {
		t.Fatalf("%s: %v (%+v)", op, err, e)
	}
	if took < 2*time.Second || took > 3500*time.Millisecond {
		t.Fatalf("%s gave up after %s, want about 2s", op, took)
	}
}

// searchAndQuote searches from → to and quotes the first GDS result.
func searchAndQuote(t *testing.T, f *fixture, conn *connector.Connector, from, to string) (*tbo.Reply, tbo.TraceRequest, *tbo.Quote) {
	t.Helper()
	reply, err := f.client.Search(context.Background(), conn, searchReq(from, to))
	if err != nil {
		t.Fatal(err)
	}
	tr := tbo.TraceRequest{TraceId: reply.TraceId, ResultIndex: firstResult(t, reply, false)}
	q, err := f.client.FareQuote(context.Background(), conn, tr)
	if err != nil {
		t.Fatal(err)
	}
	return reply, tr, q
}

func firstResult(t *testing.T, reply *tbo.Reply, lcc bool) string {
	t.Helper()
	var s struct {
		Response struct{ Results [][]tbo.Result }
	}
	if err := json.Unmarshal(reply.Raw, &s); err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Response.Results[0] {
		if bool(r.IsLCC) == lcc {
			return string(r.ResultIndex)
		}
	}
	t.Fatalf("no result with IsLCC %v", lcc)
	return ""
}

// passenger is an adult with the quote's fare, as Book takes them.
func passenger(q *tbo.Quote) tbo.Passenger {
	var fare struct {
		Response struct {
			Results struct{ Fare json.RawMessage }
		}
	}
	_ = json.Unmarshal(q.Raw, &fare)
	return tbo.Passenger{"Title": "Mr", "FirstName": "RAVI", "LastName": "KUMAR", "PaxType": 1, "DateOfBirth": "1988-05-04T00:00:00",
		"Gender": 1, "AddressLine1": "12 MG Road", "City": "Pune", "CountryCode": "IN", "CountryName": "India", "Nationality": "IN",
		"ContactNo": "9876543210", "Email": "ravi@example.in", "IsLeadPax": true, "Fare": fare.Response.Results.Fare}
}
