package app_test

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/app"
	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// newApp builds the app over a fresh database, with suppliers and a gateway
// that are never called.
func newApp(t *testing.T, shutdownDelay time.Duration) (*app.App, *pgxpool.Pool) {
	t.Helper()
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"PARYATAN_MODE": "local", "PUBLIC_URL": "http://localhost:8080"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.ShutdownDelay, cfg.ShutdownGrace = shutdownDelay, 5*time.Second
	pool := storetest.NewPool(t)
	a, err := app.New(cfg, app.Parts{DB: pool, Connectors: apitest.NewSimConnectors(t, "http://127.0.0.1:9", nil),
		Payment: apitest.NewGatewaySettings(t, "http://127.0.0.1:9"), Log: slog.New(slog.DiscardHandler),
		Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}},
		Tracing: noop.NewTracerProvider(), Propagator: propagation.TraceContext{}, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	return a, pool
}

// aliveUntil is when the instance's registration runs out; ok is false
// without a row.
func aliveUntil(t *testing.T, pool *pgxpool.Pool, id string) (until time.Time, ok bool) {
	t.Helper()
	err := pool.QueryRow(context.Background(), "SELECT alive_until FROM api_instances WHERE id = $1", id).Scan(&until)
	if err != nil {
		return time.Time{}, false
	}
	return until, true
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := new(net.ListenConfig).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	return ln
}

func status(url string) int {
	res, err := http.Get(url) //nolint:noctx // a probe of the test's own server
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

func waitUntil(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A signal starts the drain: readiness fails while the heartbeat goes on
// (in-flight calls keep their leases), then the servers close, every worker
// returns, and only then the instance row is removed, for good.
func TestStopOrder(t *testing.T) {
	t.Parallel()
	a, pool := newApp(t, 2*time.Second)
	public, metrics := listen(t), listen(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	running, err := a.Start(ctx, app.RunOptions{Public: public, Metrics: metrics})
	if err != nil {
		t.Fatal(err)
	}
	base, metricsURL := "http://"+public.Addr().String(), "http://"+metrics.Addr().String()+"/metrics"
	waitUntil(t, 10*time.Second, "ready", func() bool { return status(base+"/readyz") == http.StatusOK })
	if code := status(metricsURL); code != http.StatusOK {
		t.Fatalf("/metrics = %d", code)
	}
	registered, ok := aliveUntil(t, pool, a.Instance.ID)
	if !ok {
		t.Fatal("the running process is not registered")
	}

	cancel()
	waitUntil(t, time.Second, "readiness to fail", func() bool { return status(base+"/readyz") == http.StatusServiceUnavailable })
	waitUntil(t, 1900*time.Millisecond, "a heartbeat during the drain", func() bool {
		until, ok := aliveUntil(t, pool, a.Instance.ID)
		return ok && until.After(registered)
	})
	if code := status(base + "/healthz"); code != http.StatusOK {
		t.Fatalf("liveness while draining = %d", code)
	}

	stopped := make(chan error, 1)
	go func() { stopped <- running.Wait() }()
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatalf("Wait = %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Wait did not return after the drain")
	}
	if status(base+"/healthz") != 0 || status(metricsURL) != 0 {
		t.Fatal("a server still answers after Wait")
	}
	if _, ok := aliveUntil(t, pool, a.Instance.ID); ok {
		t.Fatal("the instance row outlived Wait")
	}
	// A heartbeat still running would bring the row back within a beat.
	time.Sleep(1500 * time.Millisecond)
	if _, ok := aliveUntil(t, pool, a.Instance.ID); ok {
		t.Fatal("a heartbeat brought the instance row back after Wait")
	}
}

// Without listeners (a test harness serving the handler itself) and with
// the periodic work left to the test, the end of ctx stops the workers at
// once and removes the row.
func TestSteppedStopsWithContext(t *testing.T) {
	t.Parallel()
	a, pool := newApp(t, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	running, err := a.Start(ctx, app.RunOptions{Stepped: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := aliveUntil(t, pool, a.Instance.ID); !ok {
		t.Fatal("Start returned before the process was registered")
	}
	cancel()
	stopped := make(chan error, 1)
	go func() { stopped <- running.Wait() }()
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatalf("Wait = %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Wait did not return after ctx ended")
	}
	if _, ok := aliveUntil(t, pool, a.Instance.ID); ok {
		t.Fatal("the instance row outlived Wait")
	}
	if err := running.Wait(); err != nil {
		t.Fatalf("a second Wait = %v", err)
	}
}
