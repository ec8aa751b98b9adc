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

	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/paryatan/paryatan/internal/account"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/httpapi"
	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// Options adjust the server under test.
type Options struct {
	// Auth overrides the auth settings (limits, TTLs); zero means defaults.
	Auth *auth.Config
	// Providers are the OpenID Connect sign-in providers.
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
	// SupplierLimits guard the open flight routes; nil means the defaults.
	SupplierLimits *flights.Limits
}

// Env is a running server and what tests need around it.
type Env struct {
	URL  string
	DB   *pgxpool.Pool
	Mail *Mailbox
	Auth *auth.Service
	// Sim is the supplier simulator the "tbo" connector talks to.
	Sim    *sim.Server
	SimURL string
	// Connectors is the connector configuration in force.
	Connectors *connector.Store
	// Flights is the flights handler (for its booking reconciler).
	Flights *flights.Handler
	// Metrics is the server's registry.
	Metrics *telemetry.Metrics
	// Instance is the server's identity in api_instances; stopping it makes
	// the server look dead to the other replicas.
	Instance *instance.Instance

	opts          Options
	stopHeartbeat context.CancelFunc
}

// Vanish makes the server look dead to the other replicas, as a killed
// process or a lost node does: its heartbeat stops and its instance row is
// removed. Requests it is serving carry on (a process cut off from the
// others but still running is the harder case).
func (e *Env) Vanish(t testing.TB) {
	t.Helper()
	e.stopHeartbeat()
	if err := e.Instance.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// New starts the server for one test; everything stops when the test ends.
func New(t testing.TB, opts Options) *Env {
	t.Helper()
	ctx := context.Background()
	pool, err := store.Open(ctx, storetest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if _, err := store.Migrate(ctx, pool, store.Migrations()); err != nil {
		t.Fatal(err)
	}
	simSrv := sim.New(opts.Sim)
	var simHandler http.Handler = simSrv
	if opts.SimMiddleware != nil {
		simHandler = opts.SimMiddleware(simSrv)
	}
	simHTTP := httptest.NewServer(simHandler)
	t.Cleanup(simHTTP.Close)
	env := &Env{DB: pool, Mail: &Mailbox{}, Sim: simSrv, SimURL: simHTTP.URL, opts: opts}
	env.start(t)
	return env
}

// Replica starts another API server on the same database and simulator, as
// a second replica of the deployment: its own supplier client, token cache,
// connector store and metrics. Clients of the replica share nothing with
// clients of env but the database.
func (e *Env) Replica(t testing.TB) *Env {
	t.Helper()
	r := &Env{DB: e.DB, Mail: e.Mail, Sim: e.Sim, SimURL: e.SimURL, opts: e.opts}
	r.start(t)
	return r
}

// start serves the API over e.DB and e.SimURL.
func (e *Env) start(t testing.TB) {
	t.Helper()
	opts, pool := e.opts, e.DB
	log := slog.New(slog.DiscardHandler)
	// The listener first: its URL is the site's origin (PUBLIC_URL).
	srv := httptest.NewUnstartedServer(nil)
	cfg := auth.DefaultConfig()
	if opts.Auth != nil {
		cfg = *opts.Auth
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://" + srv.Listener.Addr().String()
	}
	svc := auth.NewService(pool, cfg, e.Mail, opts.Providers, log)
	trusted, err := clientip.ParsePrefixes(opts.TrustedProxies)
	if err != nil {
		t.Fatal(err)
	}
	metrics := telemetry.NewMetrics()
	supplierURL := e.SimURL
	if opts.SupplierURL != "" {
		supplierURL = opts.SupplierURL
	}
	connectors := NewSimConnectors(t, supplierURL, opts.Connectors)
	client := tbo.NewClient(tbo.NewPGTokens(pool), metrics.Supplier, noop.NewTracerProvider(), log, os.Getenv)
	self := instance.New(pool, log)
	bg, stopBg := context.WithCancel(context.Background())
	if err := self.Start(bg); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stopBg)
	e.stopHeartbeat = stopBg
	flightsHandler := flights.NewHandler(flights.Deps{Connectors: connectors, Supplier: client, DB: pool, Log: log,
		Metrics: metrics, Instance: self.ID, Limits: opts.SupplierLimits})
	h, err := httpapi.NewServer(httpapi.Deps{
		Logger: log, DB: pool, Metrics: metrics,
		Tracing: noop.NewTracerProvider(), Propagator: propagation.TraceContext{},
		Web:        fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}},
		Migrations: store.Migrations(),
		Health:     httpapi.NewHealth(pool, store.Migrations(), log),
		ClientIP:   clientip.New(trusted),
		Auth:       auth.NewHandler(svc, log),
		Account:    account.NewHandler(pool, log),
		Flights:    flightsHandler,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = h
	srv.Start()
	t.Cleanup(srv.Close)
	e.URL, e.Auth, e.Connectors, e.Flights, e.Metrics, e.Instance = srv.URL, svc, connectors, flightsHandler, metrics, self
}

// NewSimConnectors returns a connector store whose "tbo" connector points at
// a simulator at simURL, with its default credentials in a private file.
func NewSimConnectors(t testing.TB, simURL string, edit func(*connector.Document)) *connector.Store {
	t.Helper()
	cred := filepath.Join(t.TempDir(), "credentials.json")
	c := sim.DefaultCredential
	b, _ := json.Marshal(connector.Credentials{ClientID: c.ClientID, UserName: c.UserName, Password: c.Password})
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

// Error returns the error envelope's code and message.
func (r *Response) Error(t testing.TB) (code, message string) {
	t.Helper()
	var e struct{ Error, Message string }
	r.JSON(t, &e)
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

// Mailbox captures the e-mails the server sends.
type Mailbox struct {
	mu   sync.Mutex
	Sent []Mail
}

// Mail is one captured e-mail.
type Mail struct{ To, Subject, Body string }

// Send records the message.
func (m *Mailbox) Send(_ context.Context, to, subject, body string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Sent = append(m.Sent, Mail{to, subject, body})
	return nil
}

// Last returns the most recent e-mail, if any.
func (m *Mailbox) Last() (Mail, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.Sent) == 0 {
		return Mail{}, false
	}
	return m.Sent[len(m.Sent)-1], true
}
