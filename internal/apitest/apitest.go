// Package apitest starts the complete API handler (every route and
// middleware) over real HTTP against a fresh PostgreSQL database, for
// integration tests of any domain.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/paryatan/paryatan/internal/app"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/sso"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/store/storetest"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// Options adjust the server under test.
type Options struct {
	// Auth overrides the auth settings (limits, TTLs); zero means defaults.
	Auth *auth.Config
	// Providers are the OpenID Connect sign-in providers ("google" only, as
	// configured by the OAUTH_GOOGLE_* variables).
	Providers map[string]*auth.Provider
	// TrustedProxies lets tests act as the ingress.
	TrustedProxies string
	// Sim configures the supplier simulator behind the flights routes.
	Sim sim.Options
	// SimMiddleware wraps the simulator, e.g. to add X-Sim-* fault headers
	// to chosen supplier calls.
	SimMiddleware func(http.Handler) http.Handler
	// Connectors, when set, edits the connector document before use.
	Connectors func(*connector.Document)
	// SupplierURL, when set, points the "tbo" connector at another
	// supplier (such as a stand-in answering production-shaped documents)
	// instead of the simulator.
	SupplierURL string
	// SupplierLimits guard the open flight routes; nil means the
	// configuration's defaults.
	SupplierLimits *flights.Limits
	// SMTPURL, when set, sends e-mail through this server (SMTP_URL, with
	// SMTP_FROM "Paryatan <no-reply@paryatan.example>"); with Background
	// the outbox worker delivers to it. Without it e-mails stay queued.
	SMTPURL string
	// Outbox adjusts the e-mail worker (retry delays).
	Outbox func(*outbox.Config)
	// Background runs the periodic work (the lease sweep, clean-ups, the
	// gauges) as a deployed replica does; without it tests drive those
	// steps themselves. Jobs the requests write (e-mails, reconciliation,
	// tickets after payment, refunds, expiries) are worked either way, as
	// they fall due in real time; WorkJobs runs those due by the test's
	// clock.
	Background bool
	// Gateway configures the payment gateway simulator (its keys are the
	// simulator's defaults; its webhooks go to the first server).
	Gateway rzpsim.Options
	// NoWebhooks leaves the gateway's webhooks unsent (a gateway whose
	// webhooks never arrive).
	NoWebhooks bool
	// TicketOnRequest leaves a paid booking's ticket to the test's ticket
	// request instead of issuing it when the payment is recorded (the
	// server does not work the tickets queue): for tests of the ticket
	// route itself.
	TicketOnRequest bool
	// Vars are more configuration variables, read as the server reads its
	// environment (VISA_PARTNER_ORIGIN, SSO_SIGNING_KEYS_FILE …).
	Vars map[string]string
	// SSO adjusts the partner sign-on settings that have no variable (its
	// clock, its ticket limit).
	SSO func(*sso.Config)
}

// Env is a running server and what tests need around it.
type Env struct {
	URL string
	// Handler is the application's HTTP handler, for benchmarks that call it
	// in process.
	Handler http.Handler
	DB      *pgxpool.Pool
	Mail    *Mailbox
	Auth    *auth.Service
	// Sim is the supplier simulator the "tbo" connector talks to.
	Sim    *sim.Server
	SimURL string
	// Gateway is the payment gateway simulator, at GatewayURL.
	Gateway    *rzpsim.Sim
	GatewayURL string
	// Connectors is the connector configuration in force.
	Connectors *connector.Store
	// Flights is the flights handler.
	Flights *flights.Handler
	// Bookings is the booking service (its sweep, reconciler, clean-up);
	// Checkout the payment service.
	Bookings *flights.Bookings
	Checkout *checkout.Service
	// Jobs is the server's job queue.
	Jobs *jobs.Jobs
	// Clock is the clock the booking and payment decisions read: tests
	// move it forward instead of rewriting timestamps.
	Clock *Clock
	// Metrics is the server's registry.
	Metrics *telemetry.Metrics
	// Instance is the server's identity in api_instances; stopping it makes
	// the server look dead to the other replicas.
	Instance *instance.Instance
	// SSO is the partner sign-on (for reloading its keys).
	SSO *sso.Handler

	opts Options
	// stop ends the app's workers and removes its instance row.
	stop func() error
	// queues are the job queues this server works.
	queues []string
}

// Clock is real time plus an offset that tests advance. Timestamps the
// database writes with now() stay real, so advancing the clock ages them
// as the passing of time would.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
}

// Now is the time the server under test sees.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// WorkJobs runs the background jobs as if their time had come: every job
// scheduled for later, snoozed or waiting to retry is made due now (the
// test's clock may be past its time, which River, on real time, does not
// know), and WorkJobs returns once no job of the queues this server works
// is due or running. A job that snoozes again (a booking still unknown,
// an order still unpaid) waits for the next call: one call is one round.
func (e *Env) WorkJobs(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	// What runs now finishes first: a job listed while it runs would be
	// missed, and its next round would not happen.
	e.WaitJobs(t)
	// A short snooze leaves a job available with a later time, a longer one
	// scheduled.
	waiting, err := e.Jobs.JobList(ctx, river.NewJobListParams().
		States(rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStateRetryable).
		Queues(e.queues...).First(10000))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for _, j := range waiting.Jobs {
		if j.State == rivertype.JobStateAvailable && !j.ScheduledAt.After(now) {
			continue
		}
		if _, err := e.Jobs.JobRetry(ctx, j.ID); err != nil {
			t.Fatal(err)
		}
	}
	e.WaitJobs(t)
}

// WaitJobs returns once no job of the queues this server works is due or
// running (jobs that follow from those run count too).
func (e *Env) WaitJobs(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var busy int
		err := e.DB.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE queue = ANY ($1) AND (state = 'running' OR (state = 'available' AND scheduled_at <= now()))`, e.queues).Scan(&busy)
		if err != nil {
			t.Fatal(err)
		}
		if busy == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("apitest: %d jobs still due or running after 30 s", busy)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Vanish makes the server look dead to the other replicas, as a killed
// process or a lost node does: its heartbeat stops and its instance row is
// removed. Requests it is serving carry on (a process cut off from the
// others but still running is the harder case).
func (e *Env) Vanish(t testing.TB) {
	t.Helper()
	if err := e.stop(); err != nil {
		t.Fatal(err)
	}
}

// New starts the server for one test; everything stops when the test ends.
func New(t testing.TB, opts Options) *Env {
	t.Helper()
	pool := storetest.NewPool(t)
	simSrv := sim.New(opts.Sim)
	var simHandler http.Handler = simSrv
	if opts.SimMiddleware != nil {
		simHandler = opts.SimMiddleware(simSrv)
	}
	simHTTP := httptest.NewServer(simHandler)
	t.Cleanup(simHTTP.Close)
	gwOpts := opts.Gateway
	if gwOpts.KeyID == "" {
		gwOpts.KeyID, gwOpts.KeySecret = rzpsim.DefaultKeyID, rzpsim.DefaultKeySecret
	}
	if gwOpts.RetryDelays == nil {
		gwOpts.RetryDelays = []time.Duration{50 * time.Millisecond, 200 * time.Millisecond, time.Second}
	}
	gw := rzpsim.New(gwOpts)
	gwHTTP := httptest.NewServer(gw)
	t.Cleanup(func() { gwHTTP.Close(); gw.Close() })
	env := &Env{DB: pool, Mail: &Mailbox{db: pool}, Sim: simSrv, SimURL: simHTTP.URL, Gateway: gw, GatewayURL: gwHTTP.URL, Clock: &Clock{}, opts: opts}
	env.start(t)
	if !opts.NoWebhooks {
		if err := gw.SetWebhook(rzpsim.WebhookSettings{URL: env.URL + "/api/v1/payments/razorpay/webhook", Secret: rzpsim.DefaultWebhookSecret}); err != nil {
			t.Fatal(err)
		}
	}
	return env
}

// Replica starts another API server on the same database and simulator, as
// a second replica of the deployment: its own supplier client, token cache,
// connector store and metrics. Clients of the replica share nothing with
// clients of env but the database.
func (e *Env) Replica(t testing.TB) *Env {
	t.Helper()
	r := &Env{DB: e.DB, Mail: e.Mail, Sim: e.Sim, SimURL: e.SimURL, Gateway: e.Gateway, GatewayURL: e.GatewayURL, Clock: e.Clock, opts: e.opts}
	r.start(t)
	return r
}

// start serves the API over e.DB and e.SimURL, built as production builds
// it (app.New) from a configuration read from variables.
func (e *Env) start(t testing.TB) {
	t.Helper()
	opts, pool := e.opts, e.DB
	log := slog.New(slog.DiscardHandler)
	// The listener first: its URL is the site's origin (PUBLIC_URL).
	srv := httptest.NewUnstartedServer(nil)
	vars := map[string]string{
		"PARYATAN_MODE":   config.ModeLocal,
		"PUBLIC_URL":      "http://" + srv.Listener.Addr().String(),
		"TRUSTED_PROXIES": opts.TrustedProxies,
	}
	if opts.SMTPURL != "" {
		vars["SMTP_URL"], vars["SMTP_FROM"] = opts.SMTPURL, "Paryatan <no-reply@paryatan.example>"
	}
	for name, p := range opts.Providers {
		if name != "google" {
			t.Fatalf("apitest: no configuration names the sign-in provider %q", name)
		}
		vars["OAUTH_GOOGLE_ISSUER"], vars["OAUTH_GOOGLE_CLIENT_ID"], vars["OAUTH_GOOGLE_CLIENT_SECRET"] = p.Issuer, p.ClientID, p.ClientSecret
	}
	if opts.Auth != nil && opts.Auth.PublicURL != "" {
		vars["PUBLIC_URL"] = opts.Auth.PublicURL
	}
	for k, v := range opts.Vars {
		vars[k] = v
	}
	cfg, err := config.Load(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := vars["SHUTDOWN_GRACE"]; !ok {
		// The jobs running when a test stops its server (Vanish, the end
		// of the test) get a moment, not a deployment's drain.
		cfg.ShutdownDelay, cfg.ShutdownGrace = 0, 2*time.Second
	}
	if l := opts.SupplierLimits; l != nil {
		cfg.SupplierRatePerMinute, cfg.SupplierRateBurst, cfg.SupplierMaxInFlight = l.PerClientPerMinute, l.PerClientBurst, l.MaxInFlight
	}
	supplierURL := e.SimURL
	if opts.SupplierURL != "" {
		supplierURL = opts.SupplierURL
	}
	connectors := NewSimConnectors(t, supplierURL, opts.Connectors)
	parts := app.Parts{DB: pool, Connectors: connectors, Payment: NewGatewaySettings(t, e.GatewayURL), Log: log,
		Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}},
		Tracing: noop.NewTracerProvider(), Propagator: propagation.TraceContext{}, Getenv: os.Getenv,
		Outbox: opts.Outbox, SSO: opts.SSO, Now: e.Clock.Now,
		Jobs: func(c *jobs.Config) {
			// Work at once what falls due (a snooze, a retry) rather than
			// at the next poll a second later.
			c.FetchPoll = 20 * time.Millisecond
			if opts.TicketOnRequest {
				c.Without = append(c.Without, jobs.QueueTickets)
			}
			e.queues = jobs.Worked(*c)
		}}
	if opts.Auth != nil {
		parts.Auth = func(c *auth.Config) { *c = *opts.Auth }
	}
	a, err := app.New(cfg, parts)
	if err != nil {
		t.Fatal(err)
	}
	// The app's workers as a replica runs them; the test's server serves
	// the handler, so that Vanish can stop the workers while requests
	// carry on.
	bg, stopBg := context.WithCancel(context.Background())
	running, err := a.Start(bg, app.RunOptions{Stepped: !opts.Background})
	if err != nil {
		stopBg()
		t.Fatal(err)
	}
	e.stop = func() error {
		stopBg()
		return running.Wait()
	}
	t.Cleanup(func() {
		if err := e.stop(); err != nil {
			t.Error(err)
		}
	})
	srv.Config.Handler = a.Handler
	e.Handler = a.Handler
	srv.Start()
	t.Cleanup(srv.Close)
	e.URL, e.Auth, e.Connectors, e.Flights, e.Metrics, e.Instance, e.SSO = srv.URL, a.Auth, connectors, a.Flights, a.Metrics, a.Instance, a.SSO
	e.Bookings, e.Checkout, e.Jobs = a.Bookings, a.Checkout, a.Jobs
}

// NewSimConnectors returns a connector store whose "tbo" connector points at
// a simulator at simURL, with its default credentials in a private file.
func NewSimConnectors(t testing.TB, simURL string, edit func(*connector.Document)) *connector.Store {
	t.Helper()
	cred := filepath.Join(t.TempDir(), "credentials.json")
	c := sim.DefaultCredential
	b, _ := json.Marshal(connector.Credentials{ //nolint:gosec // the simulator's test credentials, to a 0600 file
		ClientID: c.ClientID, UserName: c.UserName, Password: c.Password})
	if err := os.WriteFile(cred, b, 0o600); err != nil {
		t.Fatal(err)
	}
	doc, err := connector.Parse([]byte(fmt.Sprintf(`connectors:
  - name: tbo
    endpoints:
      auth: %[1]s/SharedServices/SharedData.svc/rest
      air: %[1]s/BookingEngineService_Air/AirService.svc/rest
    credentials: {file: %[2]s}
`, simURL, cred)))
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(doc)
	}
	return connector.NewStore(doc, "", slog.New(slog.DiscardHandler))
}

// NewGatewaySettings returns payment settings for a Razorpay simulator at
// url, with its default keys in a private file.
func NewGatewaySettings(t testing.TB, url string) *payment.Settings {
	t.Helper()
	g, err := rzpsim.LocalSettings(t.TempDir(), url)
	if err != nil {
		t.Fatal(err)
	}
	g.MerchantName = "Paryatan Travels"
	return g
}

// Client is a browser-like client with its own cookie jar (one device).
type Client struct {
	t    testing.TB
	env  *Env
	HTTP *http.Client
	// Header is added to every request.
	Header http.Header
}

// NewClient returns a client with an empty cookie jar that does not follow
// redirects (tests look at them).
func (e *Env) NewClient(t testing.TB) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{t: t, env: e, Header: http.Header{}, HTTP: &http.Client{
		Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}}
}

// Response is a finished exchange.
type Response struct {
	*http.Response
	Body []byte
}

// JSON decodes the body into v, failing the test on error.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Error returns the error envelope's code and message, failing the test
// when the body is not the envelope (docs/api-errors.md).
func (r *Response) Error(t testing.TB) (code, message string) {
	t.Helper()
	var e struct {
		OK             *bool
		Error, Message string
	}
	r.JSON(t, &e)
	if e.OK == nil || *e.OK || e.Error == "" || e.Message == "" {
		t.Errorf("%d %s is not the error envelope", r.StatusCode, r.Body)
	}
	return e.Error, e.Message
}

// Do sends a request; body may be nil, a string (sent as is) or a value
// (sent as JSON).
func (c *Client) Do(method, path string, body any) *Response {
	c.t.Helper()
	res, err := c.DoContext(context.Background(), method, path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	return res
}

// DoContext is Do under ctx: a request whose context ends before its answer
// returns the error, as a browser tab closed mid-request would.
//
// Every exchange is checked against the API's contract (contract.go): a
// violation fails the test, or, for a client of a fuzz test (whose F
// cannot fail from inside the fuzz target), is returned as the error
// along with the response.
func (c *Client) DoContext(ctx context.Context, method, path string, body any) (*Response, error) {
	_, fuzzing := c.t.(*testing.F)
	if !fuzzing {
		c.t.Helper()
	}
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	default:
		buf, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		raw = buf
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.env.URL+path, rd)
	if err != nil {
		return nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, vs := range c.Header {
		req.Header[k] = vs
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	out := &Response{Response: res, Body: b}
	if err := checkContract(req, raw, res, b); err != nil {
		if fuzzing {
			return out, err
		}
		c.t.Errorf("%v", err)
	}
	return out, nil
}

// checkContract reports how the exchange breaks the API's contract, if it
// does.
func checkContract(req *http.Request, body []byte, res *http.Response, resBody []byte) error {
	ct, err := loadContract()
	if err != nil {
		return fmt.Errorf("contract: %w", err)
	}
	if v := ct.violation(req, body, res.StatusCode, res.Header, resBody); v != "" {
		return fmt.Errorf("contract: %s %s = %d: %s", req.Method, req.URL.RequestURI(), res.StatusCode, v)
	}
	return nil
}

// Mailbox reads the e-mails the server wrote to its outbox, sent or not.
type Mailbox struct{ db *pgxpool.Pool }

// Mail is one e-mail: Body is its plain-text part, HTML the other.
type Mail struct{ Kind, To, Subject, Body, HTML string }

// Last returns the most recent e-mail, if any.
func (m *Mailbox) Last() (Mail, bool) {
	all := m.All()
	if len(all) == 0 {
		return Mail{}, false
	}
	return all[0], true
}

// All returns the e-mails in the outbox, newest first (at most 100).
func (m *Mailbox) All() []Mail {
	rows, err := queries.New(m.db).OutboxListRecent(context.Background(), 100)
	if err != nil {
		return nil
	}
	out := make([]Mail, 0, len(rows))
	for _, r := range rows {
		out = append(out, Mail{Kind: r.Kind, To: r.Recipient, Subject: r.Subject, Body: r.TextBody, HTML: r.HtmlBody})
	}
	return out
}
