package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/platform/pgembed"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// Timing of the suite. The API's book, ticket and change request deadline
// is short so that a supplier answering late is seen in seconds.
const (
	bookTimeout   = 6 * time.Second
	shutdownGrace = 10 * time.Second
	readyTimeout  = 30 * time.Second
)

// World is what every case shares: the binaries, a directory for state and
// logs, and the processes started (all ended by Close).
type World struct {
	Dir  string
	Bin  Binaries
	Logf func(format string, args ...any)

	mu       sync.Mutex
	procs    []*Proc
	clusters []*Postgres
}

func (w *World) track(p *Proc) *Proc {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.procs = append(w.procs, p)
	return p
}

// Close kills every process the world started and stops its clusters.
func (w *World) Close() {
	w.mu.Lock()
	procs, clusters := w.procs, w.clusters
	w.mu.Unlock()
	for _, p := range procs {
		p.Kill()
	}
	for _, c := range clusters {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_ = c.Stop(ctx)
		cancel()
	}
}

// Traversable opens dir and its parent to other users (mode 0755) so that
// PostgreSQL, running as an unprivileged user when we are root, can reach
// its data under a private temporary directory.
func Traversable(dir string) error {
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			return err
		}
	}
	return nil
}

// Postgres is a private PostgreSQL cluster that can be stopped and started
// again on the same port.
type Postgres struct {
	opts pgembed.Options

	mu sync.Mutex
	c  *pgembed.Cluster
}

// StartPostgres creates and starts a cluster under dir.
func (w *World) StartPostgres(ctx context.Context, dir string) (*Postgres, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(dir, "pgembed.log"))
	if err != nil {
		return nil, err
	}
	// Every stage's replicas share this one server: each holds its pool
	// (4 connections on two cores) and 3 more (docs/operations.md), and a
	// killed one's linger until the server sees them go.
	pg := &Postgres{opts: pgembed.Options{Dir: filepath.Join(dir, "postgres"), Port: port, MaxConnections: 400,
		Logger: slog.New(slog.NewTextHandler(logFile, nil))}}
	// The port freePort found free may be taken before the server binds it
	// (stages start side by side): then it starts again on another. A
	// restart (Start) keeps its port.
	for try := 1; ; try++ {
		err := pg.Start(ctx)
		if err == nil {
			break
		}
		if try == 5 || !strings.Contains(pg.Log(20), "already in use") {
			return nil, err
		}
		if pg.opts.Port, err = freePort(); err != nil {
			return nil, err
		}
	}
	w.mu.Lock()
	w.clusters = append(w.clusters, pg)
	w.mu.Unlock()
	return pg, nil
}

// Start starts the cluster (again).
func (pg *Postgres) Start(ctx context.Context) error {
	pg.mu.Lock()
	defer pg.mu.Unlock()
	c, err := pgembed.Start(ctx, pg.opts)
	if err != nil {
		return err
	}
	pg.c = c
	return nil
}

// Stop stops the cluster (fast shutdown: sessions are ended).
func (pg *Postgres) Stop(ctx context.Context) error {
	pg.mu.Lock()
	defer pg.mu.Unlock()
	if pg.c == nil {
		return nil
	}
	err := pg.c.Stop(ctx)
	pg.c = nil
	return err
}

// Log returns the tail of the server's log.
func (pg *Postgres) Log(n int) string {
	p := &Proc{LogPath: filepath.Join(pg.opts.Dir, "postgres.log")}
	return p.Tail(n)
}

// CreateDatabase creates a database of that name and returns its URL.
func (pg *Postgres) CreateDatabase(ctx context.Context, name string) (string, error) {
	pg.mu.Lock()
	base := pg.c.URL
	pg.mu.Unlock()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		return "", err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// Sim is a supplier simulator in its own process, with its control surface.
type Sim struct {
	*Proc
	URL    string
	client *http.Client
}

// StartSim starts a simulator that answers at once unless told otherwise.
func (w *World) StartSim(ctx context.Context, dir, name string) (*Sim, error) {
	// Port 0: the simulator is never restarted, so it may take whichever
	// port the kernel gives it, and says which.
	p := w.track(&Proc{Name: name, Path: w.Bin.Sim, LogPath: filepath.Join(dir, name+".log"),
		Args: []string{"-addr", "127.0.0.1:0", "-latency", "0", "-grace", "1s"},
		Env:  []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}})
	if err := p.Start(); err != nil {
		return nil, err
	}
	base, err := listenedAt(ctx, p, readyTimeout)
	if err != nil {
		return nil, err
	}
	s := &Sim{Proc: p, URL: base, client: &http.Client{Timeout: 10 * time.Second}}
	return s, waitHTTP(ctx, p, s.URL+"/healthz", readyTimeout)
}

func (s *Sim) admin(ctx context.Context, method, path string, body, out any) error {
	return adminCall(ctx, s.client, "simulator", s.URL+sim.AdminPrefix, method, path, body, out)
}

// adminCall calls a simulator's control surface at prefix+path: body (if
// any) as JSON, a 200 answer decoded into out (if any); who names it in
// errors.
func adminCall(ctx context.Context, client *http.Client, who, prefix, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, prefix+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s %s: %w", who, method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s %s: HTTP %d: %s", who, method, path, res.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// SetFaults replaces the simulator's per-method fault overrides.
func (s *Sim) SetFaults(ctx context.Context, faults map[string]sim.Fault) error {
	return s.admin(ctx, http.MethodPut, "faults", faults, nil)
}

// ClearFaults removes every override.
func (s *Sim) ClearFaults(ctx context.Context) error {
	return s.admin(ctx, http.MethodDelete, "faults", nil, nil)
}

// Bookings lists what the supplier really holds.
func (s *Sim) Bookings(ctx context.Context) ([]sim.BookingInfo, error) {
	var list sim.BookingList
	err := s.admin(ctx, http.MethodGet, "bookings", nil, &list)
	return list.Bookings, err
}

// SetCancellations sets how the supplier processes change requests (its
// default: acknowledged after a minute, completed after five, half the
// low-cost airlines at once).
func (s *Sim) SetCancellations(ctx context.Context, c sim.Cancellations) error {
	return s.admin(ctx, http.MethodPut, "cancellations", c, nil)
}

// Gateway is a payment gateway simulator (razorpay-sim) in its own
// process: it outlives the API replicas the drill kills, as a real gateway
// does, and its controls pay orders without a browser.
type Gateway struct {
	*Proc
	URL    string
	client *http.Client
}

// StartGateway starts a gateway simulator that sends no webhooks: a paid
// order is learnt only from the callback the drill posts or from the ticket
// request asking the gateway, so no webhook-started ticket races the
// drill's keyed ticket calls. (cancel-refund-webhook turns them on, once
// its bookings are paid, for their refunds: see Gateway.SetWebhook.)
func (w *World) StartGateway(ctx context.Context, dir, name string) (*Gateway, error) {
	// Port 0, as for the supplier simulator.
	p := w.track(&Proc{Name: name, Path: w.Bin.Gateway, LogPath: filepath.Join(dir, name+".log"),
		Args: []string{"-addr", "127.0.0.1:0", "-key-id", rzpsim.DefaultKeyID, "-key-secret", rzpsim.DefaultKeySecret,
			"-webhook-secret", rzpsim.DefaultWebhookSecret, "-webhook-url", "", "-grace", "1s"},
		Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}})
	if err := p.Start(); err != nil {
		return nil, err
	}
	base, err := listenedAt(ctx, p, readyTimeout)
	if err != nil {
		return nil, err
	}
	g := &Gateway{Proc: p, URL: base, client: &http.Client{Timeout: 10 * time.Second}}
	return g, waitHTTP(ctx, p, g.URL+"/healthz", readyTimeout)
}

func (g *Gateway) admin(ctx context.Context, method, path string, body, out any) error {
	return adminCall(ctx, g.client, "gateway", g.URL+rzpsim.AdminPrefix, method, path, body, out)
}

// SetFaults replaces the faults the gateway applies to the API's calls
// ({"refunds": "timeout"}: refunds are made, and their answers held).
func (g *Gateway) SetFaults(ctx context.Context, f rzpsim.Faults) error {
	return g.admin(ctx, http.MethodPut, "faults", f, nil)
}

// ClearFaults has the gateway answer every call again.
func (g *Gateway) ClearFaults(ctx context.Context) error {
	return g.admin(ctx, http.MethodDelete, "faults", nil, nil)
}

// SetWebhook changes the gateway's webhook settings (the stage's gateway
// starts with none): fields left nil keep their value.
func (g *Gateway) SetWebhook(ctx context.Context, ws WebhookChange) error {
	return g.admin(ctx, http.MethodPut, "webhook", ws, nil)
}

// WebhookChange is a change of rzpsim.WebhookSettings, as PUT
// /_sim/webhook takes it.
type WebhookChange struct {
	URL        *string `json:"url,omitempty"`
	Secret     *string `json:"secret,omitempty"`
	Duplicates *int    `json:"duplicates,omitempty"`
	Reorder    *bool   `json:"reorder,omitempty"`
	Hold       *bool   `json:"hold,omitempty"`
}

// Deliveries lists the gateway's attempts to deliver its webhooks, oldest
// first.
func (g *Gateway) Deliveries(ctx context.Context) ([]rzpsim.Delivery, error) {
	var list struct {
		Deliveries []rzpsim.Delivery `json:"deliveries"`
	}
	err := g.admin(ctx, http.MethodGet, "deliveries", nil, &list)
	return list.Deliveries, err
}

// Orders lists every order the gateway holds, with the payments and
// refunds made on it: what it really paid out.
func (g *Gateway) Orders(ctx context.Context) ([]rzpsim.OrderRecord, error) {
	var list struct {
		Orders []rzpsim.OrderRecord `json:"orders"`
	}
	err := g.admin(ctx, http.MethodGet, "orders", nil, &list)
	return list.Orders, err
}

// errOrderPaid is the gateway refusing to pay an order paid already.
var errOrderPaid = errors.New("the order is paid already")

// Pay pays the order at the gateway, by UPI and successfully, as the
// traveller would on its checkout page, and returns the fields the page
// would post to the callback.
func (g *Gateway) Pay(ctx context.Context, orderID string) (map[string]string, error) {
	body, _ := json.Marshal(rzpsim.PayRequest{Method: "upi", Outcome: "success"})
	path := rzpsim.AdminPrefix + "orders/" + url.PathEscape(orderID) + "/pay"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.URL+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := g.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("gateway: pay order %s: %w", orderID, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	switch res.StatusCode {
	case http.StatusOK:
	case http.StatusConflict:
		return nil, fmt.Errorf("gateway: pay order %s: %w: %s", orderID, errOrderPaid, b)
	default:
		return nil, fmt.Errorf("gateway: pay order %s: HTTP %d: %s", orderID, res.StatusCode, b)
	}
	var out rzpsim.PayResult
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("gateway: pay order %s: %w", orderID, err)
	}
	if out.Status != rzpsim.PaymentCaptured || out.Fields["razorpay_signature"] == "" {
		return nil, fmt.Errorf("gateway: pay order %s: payment %s is %s, with no signed proof", orderID, out.PaymentID, out.Status)
	}
	return out.Fields, nil
}

// API is one paryatan-api replica; it keeps its port across restarts.
type API struct {
	*Proc
	URL string
}

// firstStart starts a new replica. The port freePort found free may be
// taken by another process before the replica binds it (the stages start
// side by side): then it starts again on another, a few times. A restart
// (Start) keeps its port, as a restarted pod keeps its address.
func (a *API) firstStart(ctx context.Context) error {
	for try := 1; ; try++ {
		err := a.Start(ctx)
		if err == nil || try == 5 || !strings.Contains(a.Tail(5), "address already in use") {
			return err
		}
		port, perr := freePort()
		if perr != nil {
			return errors.Join(err, perr)
		}
		for i, kv := range a.Env {
			if strings.HasPrefix(kv, "PORT=") {
				a.Env[i] = "PORT=" + strconv.Itoa(port)
			}
		}
		a.URL = "http://127.0.0.1:" + strconv.Itoa(port)
	}
}

// Start starts the replica (again) and waits until it is ready.
func (a *API) Start(ctx context.Context) error {
	if err := a.Proc.Start(); err != nil {
		return err
	}
	return waitHTTP(ctx, a.Proc, a.URL+"/readyz", readyTimeout)
}

// Stage is one case's own world: a supplier simulator, a payment gateway
// simulator, a database and API replicas configured against them, and a
// pool of its own to read the bookings.
type Stage struct {
	Name    string
	Dir     string
	PG      *Postgres
	Sim     *Sim
	Gateway *Gateway
	DB      *pgxpool.Pool
	APIs    []*API
	// DBName is the stage's database.
	DBName string
}

// NewStage starts the simulators and replicas API replicas over a new
// database on pg.
func (w *World) NewStage(ctx context.Context, name string, pg *Postgres, replicas int) (*Stage, error) {
	dir := filepath.Join(w.Dir, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	st := &Stage{Name: name, Dir: dir, PG: pg, DBName: strings.ReplaceAll(name, "-", "_")}
	var err error
	if st.Sim, err = w.StartSim(ctx, dir, "tbo-sim"); err != nil {
		return nil, err
	}
	if st.Gateway, err = w.StartGateway(ctx, dir, "razorpay-sim"); err != nil {
		return nil, err
	}
	dbURL, err := pg.CreateDatabase(ctx, st.DBName)
	if err != nil {
		return nil, err
	}
	cfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		return nil, err
	}
	cfg.ConnConfig.RuntimeParams["application_name"] = "paryatan-faults"
	cfg.MaxConns = 4
	if st.DB, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return nil, err
	}
	connectors, err := writeConnectors(dir, st.Sim.URL)
	if err != nil {
		return nil, err
	}
	payments, err := writePayments(dir, st.Gateway.URL)
	if err != nil {
		return nil, err
	}
	for i := range replicas {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		name := fmt.Sprintf("api-%c", 'a'+i)
		p := w.track(&Proc{Name: name, Path: w.Bin.API, LogPath: filepath.Join(dir, name+".log"), Env: []string{
			"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "DATA_DIR=" + filepath.Join(dir, name),
			"DATABASE_URL=" + dbURL, "PORT=" + strconv.Itoa(port), "CONNECTORS_FILE=" + connectors,
			// The stage's gateway, not the simulator local mode would start
			// inside the API: that one dies with the process, and its
			// payments with it.
			"PAYMENTS_FILE=" + payments,
			"LOG_FORMAT=json", "LOG_LEVEL=info", "SHUTDOWN_GRACE=" + shutdownGrace.String(), "OTEL_SDK_DISABLED=true",
			// A developer run on its own database: mail to the log, links on
			// localhost, metrics on a free loopback port.
			"PARYATAN_MODE=local", "METRICS_ADDR=127.0.0.1:0",
			// Every booking starts with its own search, all from one client:
			// the per-client search limit is not what this drill tests.
			"SUPPLIER_RATE_PER_MINUTE=0",
			// A call killed before it reached the simulator is declared not
			// made once the simulator has had no such booking for this long
			// (30 minutes against a real supplier).
			"BOOKING_GIVE_UP_AFTER=15s",
			// A job whose process was killed stays running in the queue
			// until the rescuer takes it back, this long after it started
			// (10 minutes in production, longer than any job's time limit).
			// The least the API takes, so that a ticket or refund killed
			// mid-run runs again within the drill's waits (settleWait). Every
			// kind's time limit shrinks with it, to 7.5 s: still longer than
			// one supplier call (bookTimeout) or one gateway call (5 s).
			"JOBS_RESCUE_AFTER=10s",
		}})
		api := &API{Proc: p, URL: "http://127.0.0.1:" + strconv.Itoa(port)}
		if err := api.firstStart(ctx); err != nil {
			return nil, err
		}
		st.APIs = append(st.APIs, api)
	}
	return st, nil
}

// Close ends the stage's processes and pool.
func (st *Stage) Close() {
	for _, a := range st.APIs {
		a.Kill()
	}
	if st.Sim != nil {
		st.Sim.Kill()
	}
	if st.Gateway != nil {
		st.Gateway.Kill()
	}
	if st.DB != nil {
		st.DB.Close()
	}
}

// Logs returns the tail of every log of the stage, for a failed case.
func (st *Stage) Logs(n int) string {
	var b strings.Builder
	for _, a := range st.APIs {
		fmt.Fprintf(&b, "==> %s (%s)\n%s\n", a.Name, a.LogPath, a.Tail(n))
	}
	if st.Sim != nil {
		fmt.Fprintf(&b, "==> %s (%s)\n%s\n", st.Sim.Name, st.Sim.LogPath, st.Sim.Tail(n/2))
	}
	if st.Gateway != nil {
		fmt.Fprintf(&b, "==> %s (%s)\n%s\n", st.Gateway.Name, st.Gateway.LogPath, st.Gateway.Tail(n/2))
	}
	fmt.Fprintf(&b, "==> postgres\n%s\n", st.PG.Log(n/2))
	return b.String()
}

// TerminateAPIConnections ends every session the API replicas hold on the
// stage's database, as a failover or an administrator would.
func (st *Stage) TerminateAPIConnections(ctx context.Context) (int, error) {
	var n int
	err := st.DB.QueryRow(ctx, `SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = $1 AND application_name = 'paryatan-api' AND pid <> pg_backend_pid()) t`, st.DBName).Scan(&n)
	return n, err
}

// writeConnectors writes the connector document pointing the tbo connector
// at the simulator, with short book, ticket and change request deadlines
// (faultDrill lifts their 120 s floor).
func writeConnectors(dir, simURL string) (string, error) {
	cred := filepath.Join(dir, "credentials.json")
	c := sim.DefaultCredential
	b, _ := json.Marshal(connector.Credentials{ClientID: c.ClientID, UserName: c.UserName, Password: c.Password})
	if err := os.WriteFile(cred, b, 0o600); err != nil {
		return "", err
	}
	doc := fmt.Sprintf(`connectors:
  - name: tbo
    endpoints:
      auth: %[1]s/SharedServices/SharedData.svc/rest
      air: %[1]s/BookingEngineService_Air/AirService.svc/rest
    credentials: {file: %[2]s}
    compression: false
    searchCacheWindow: 0s
    faultDrill: true
    timeouts: {book: %[3]s, ticket: %[3]s, changeRequest: %[3]s, bookingDetails: 5s}
`, simURL, cred, bookTimeout)
	path := filepath.Join(dir, "connectors.yaml")
	return path, os.WriteFile(path, []byte(doc), 0o600)
}

// writePayments writes the payment gateway document (config/payments.md)
// pointing at the stage's gateway simulator, with its keys in a file
// beside it. The gateway is on loopback: short deadlines. No booking of a
// run waits long enough to expire (payWithin).
func writePayments(dir, gatewayURL string) (string, error) {
	cred := filepath.Join(dir, "razorpay-credentials.json")
	b, _ := json.Marshal(payment.Credentials{KeyID: rzpsim.DefaultKeyID, KeySecret: rzpsim.DefaultKeySecret, //nolint:gosec // the simulator's published test keys, to a 0600 file
		WebhookSecret: rzpsim.DefaultWebhookSecret})
	if err := os.WriteFile(cred, b, 0o600); err != nil {
		return "", err
	}
	doc := fmt.Sprintf(`name: razorpay
endpoints: {api: %[1]s, checkout: %[1]s/v1/checkout/embedded}
credentials: {file: %[2]s}
timeouts: {order: 5s, fetch: 5s, refund: 5s}
payWithin: 15m
`, gatewayURL, cred)
	path := filepath.Join(dir, "payments.yaml")
	return path, os.WriteFile(path, []byte(doc), 0o600)
}
