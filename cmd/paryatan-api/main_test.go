package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	collectortrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/paryatan/paryatan/internal/store/storetest"
	"github.com/paryatan/paryatan/web"
)

type server struct {
	URL string
	// MetricsURL is /metrics on the internal listener.
	MetricsURL string
	stop       func() error // cancels run's context and returns run's error
}

// start runs the real server (run) on a free port with env on top of the
// test defaults, and waits until it reports ready.
func start(t *testing.T, env map[string]string) *server {
	t.Helper()
	vars := map[string]string{"PORT": "0", "METRICS_ADDR": "127.0.0.1:0", "PARYATAN_MODE": "local", "LOG_LEVEL": "warn", "SHUTDOWN_GRACE": "10s",
		// Local state (the simulator's credentials file) goes to the test's
		// own directory, never into the source tree.
		"DATA_DIR": t.TempDir()}
	for k, v := range env {
		vars[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"paryatan-api"}, func(k string) string { return vars[k] }, outW, io.Discard)
		outW.Close()
	}()

	urlCh, metricsCh := make(chan string, 1), make(chan string, 1)
	go func() {
		re, metricsRe := regexp.MustCompile(`http://localhost:\d+`), regexp.MustCompile(`^Metrics at (http://\S+)`)
		s := bufio.NewScanner(outR)
		for s.Scan() {
			if m := metricsRe.FindStringSubmatch(s.Text()); m != nil {
				metricsCh <- m[1]
			} else if m := re.FindString(s.Text()); m != "" {
				urlCh <- m
			}
		}
		close(urlCh)
		close(metricsCh)
	}()

	var s server
	select {
	case u, ok := <-urlCh:
		if !ok {
			cancel()
			t.Fatalf("server exited before listening: %v", <-done)
		}
		s.URL = u
		s.MetricsURL = <-metricsCh
	case err := <-done:
		cancel()
		t.Fatalf("server exited: %v", err)
	case <-time.After(60 * time.Second):
		cancel()
		t.Fatal("server did not start within 60s")
	}
	var once sync.Once
	var runErr error
	s.stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case runErr = <-done:
			case <-time.After(30 * time.Second):
				runErr = errors.New("server did not stop within 30s")
			}
		})
		return runErr
	}
	t.Cleanup(func() {
		if err := s.stop(); err != nil {
			t.Errorf("run returned %v", err)
		}
	})
	waitReady(t, s.URL)
	return &s
}

func waitReady(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never became ready", base)
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// webBuilt reports whether web/dist holds a built app. `make test` builds it
// first and sets PARYATAN_REQUIRE_WEB=1, so there a missing build fails.
func webBuilt(t *testing.T) bool {
	t.Helper()
	if _, err := fs.Stat(web.Dist(), "index.html"); err == nil {
		return true
	}
	if os.Getenv("PARYATAN_REQUIRE_WEB") != "" {
		t.Fatal("web/dist/index.html missing: build the web app first (make build)")
	}
	return false
}

func TestServer(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{"DATABASE_URL": storetest.NewDatabase(t)})

	t.Run("health", func(t *testing.T) {
		res, body := get(t, s.URL+"/healthz", nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"ok"`) {
			t.Fatalf("/healthz = %d %s", res.StatusCode, body)
		}
		res, body = get(t, s.URL+"/readyz", nil)
		if res.StatusCode != 200 || !strings.Contains(body, `"ready"`) {
			t.Fatalf("/readyz = %d %s", res.StatusCode, body)
		}
	})

	t.Run("unknown API paths answer JSON 404", func(t *testing.T) {
		for _, path := range []string{"/api/nope", "/api/v1/flights/tbo/nothing", "/api/"} {
			res, body := get(t, s.URL+path, map[string]string{"Accept": "text/html"})
			if res.StatusCode != 404 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("%s = %d %s %q", path, res.StatusCode, res.Header.Get("Content-Type"), body)
			}
			var e struct{ Error, Message string }
			if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error != "not_found" || e.Message == "" {
				t.Fatalf("%s body %q: %v", path, body, err)
			}
		}
		res, err := http.Post(s.URL+"/api/nope", "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("POST /api/nope = %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
	})

	t.Run("security headers", func(t *testing.T) {
		for _, path := range []string{"/", "/api/nope", "/healthz"} {
			res, _ := get(t, s.URL+path, nil)
			h := res.Header
			csp := h.Get("Content-Security-Policy")
			if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") {
				t.Errorf("%s: CSP %q", path, csp)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
				t.Errorf("%s: headers %v", path, h)
			}
		}
	})

	t.Run("web app", func(t *testing.T) {
		if !webBuilt(t) {
			t.Skip("web app not built")
		}
		for _, path := range []string{"/", "/flights", "/account/profile", "/blogs/some-post?x=1", "/no/such/page"} {
			res, body := get(t, s.URL+path, map[string]string{"Accept": "text/html,application/xhtml+xml"})
			if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("%s = %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
			}
			if !strings.Contains(strings.ToLower(body), "<!doctype html") {
				t.Fatalf("%s did not serve index.html", path)
			}
			if res.Header.Get("Cache-Control") != "no-store" {
				t.Fatalf("%s: index.html Cache-Control %q", path, res.Header.Get("Cache-Control"))
			}
		}
		_, index := get(t, s.URL+"/", nil)
		asset := regexp.MustCompile(`/assets/[^"]+\.js`).FindString(index)
		if asset == "" {
			t.Fatal("index.html names no script under /assets/")
		}
		res, _ := get(t, s.URL+asset, map[string]string{"Accept-Encoding": "gzip"})
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("%s = %d, Cache-Control %q", asset, res.StatusCode, res.Header.Get("Cache-Control"))
		}
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s not compressed", asset)
		}
		// A missing asset is a 404, not the app served as a script.
		res, _ = get(t, s.URL+"/assets/missing-123.js", nil)
		if res.StatusCode != 404 {
			t.Fatalf("missing asset = %d, want 404", res.StatusCode)
		}
		// The generated static data.
		res, body := get(t, s.URL+"/airports.min.json", nil)
		var airports []struct{ Code, City, Name, Country, Label string }
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &airports) != nil || len(airports) < 1000 {
			t.Fatalf("/airports.min.json = %d, %d airports", res.StatusCode, len(airports))
		}
		found := false
		for _, a := range airports {
			found = found || (a.Code == "BOM" && a.City == "Mumbai" && a.Country == "India")
		}
		if !found {
			t.Fatal("airports.min.json has no BOM (Mumbai, India)")
		}
		res, body = get(t, s.URL+"/airlines.min.json", nil)
		var airlines map[string]string
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &airlines) != nil || !strings.HasPrefix(airlines["AI"], "Air India") {
			t.Fatalf("/airlines.min.json = %d, AI = %q", res.StatusCode, airlines["AI"])
		}
	})

	t.Run("metrics", func(t *testing.T) {
		get(t, s.URL+"/api/nope", nil)
		if res, _ := get(t, s.URL+"/metrics", nil); res.StatusCode == 200 && strings.Contains(res.Header.Get("Content-Type"), "text/plain; version") {
			t.Fatal("/metrics is served on the public port")
		}
		if !strings.HasPrefix(s.MetricsURL, "http://127.0.0.1:") {
			t.Fatalf("metrics listener %q, want loopback", s.MetricsURL)
		}
		res, body := get(t, s.MetricsURL, nil)
		if res.StatusCode != 200 {
			t.Fatalf("/metrics = %d", res.StatusCode)
		}
		for _, want := range []string{
			`paryatan_http_request_duration_seconds_bucket{code="2xx",method="GET",route="/healthz",le="180"}`,
			`paryatan_http_request_duration_seconds_count{code="4xx",method="GET",route="unmatched"}`,
			"go_goroutines",
			"process_resident_memory_bytes",
			"paryatan_db_pool_max_connections ",
			"paryatan_db_pool_acquires_total ",
		} {
			if !strings.Contains(body, want) {
				t.Errorf("/metrics lacks %s", want)
			}
		}
		if strings.Contains(body, "/api/nope") {
			t.Error("metrics are labelled with a raw path")
		}
	})

	// The job UI and its API answer on the internal listener only; the
	// periodic jobs' runs show in the metrics.
	t.Run("jobs", func(t *testing.T) {
		internal := strings.TrimSuffix(s.MetricsURL, "/metrics")
		res, body := get(t, internal+"/jobs/", nil)
		if res.StatusCode != 200 || !strings.Contains(body, "<html") {
			t.Fatalf("job UI on the internal listener = %d %.200s", res.StatusCode, body)
		}
		for _, path := range []string{"/jobs", "/jobs/", "/jobs/api/jobs?state=completed"} {
			if res, _ := get(t, s.URL+path, nil); res.StatusCode != http.StatusNotFound {
				t.Errorf("public %s = %d, want 404", path, res.StatusCode)
			}
		}
		// The leader, once elected, sweeps at start and every 2 s.
		deadline := time.Now().Add(15 * time.Second)
		for {
			res, api := get(t, internal+"/jobs/api/jobs?state=completed&limit=20", nil)
			_, metrics := get(t, s.MetricsURL, nil)
			if res.StatusCode == 200 && strings.Contains(api, `"kind":"booking.sweep"`) &&
				strings.Contains(metrics, `paryatan_job_runs_total{kind="booking.sweep",outcome="completed"}`) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no completed lease sweep: job API = %d %.300s", res.StatusCode, api)
			}
			time.Sleep(200 * time.Millisecond)
		}
	})
}

// Two replicas starting at the same moment against one empty database both
// come up, and each migration is recorded once.
func TestConcurrentStartsMigrateOneDatabase(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	var wg sync.WaitGroup
	servers := make([]*server, 2)
	for i := range servers {
		wg.Go(func() { servers[i] = start(t, map[string]string{"DATABASE_URL": url}) })
	}
	wg.Wait()
	for _, s := range servers {
		if s == nil {
			t.FailNow()
		}
		waitReady(t, s.URL)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var total, distinct int
	if err := conn.QueryRow(ctx, "SELECT count(*), count(DISTINCT version) FROM schema_migrations").Scan(&total, &distinct); err != nil {
		t.Fatal(err)
	}
	if total == 0 || total != distinct {
		t.Fatalf("schema_migrations has %d rows for %d versions", total, distinct)
	}
}

// On shutdown readiness fails at once while the listener is still open for
// the configured delay, then run returns cleanly.
func TestShutdownDrains(t *testing.T) {
	t.Parallel()
	s := start(t, map[string]string{"DATABASE_URL": storetest.NewDatabase(t), "SHUTDOWN_DELAY": "1500ms"})

	stopped := make(chan error, 1)
	go func() { stopped <- s.stop() }()
	deadline := time.Now().Add(time.Second)
	sawDraining := false
	for time.Now().Before(deadline) && !sawDraining {
		if res, err := http.Get(s.URL + "/readyz"); err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			sawDraining = res.StatusCode == 503 && strings.Contains(string(b), "draining")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !sawDraining {
		t.Fatal("/readyz never reported draining during shutdown")
	}
	if res, err := http.Get(s.URL + "/healthz"); err != nil || res.StatusCode != 200 {
		t.Fatalf("liveness failed while draining: %v", err)
	} else {
		res.Body.Close()
	}
	if err := <-stopped; err != nil {
		t.Fatalf("run: %v", err)
	}
	if _, err := http.Get(s.URL + "/healthz"); err == nil {
		t.Fatal("still accepting connections after shutdown")
	}
}

// With an OTLP endpoint set, every request becomes a server span named after
// its route, exported when the server stops.
func TestTracesExportedOverOTLP(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var names []string
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var req collectortrace.ExportTraceServiceRequest
		if r.URL.Path != "/v1/traces" || proto.Unmarshal(b, &req) != nil {
			http.Error(w, "bad export", http.StatusBadRequest)
			return
		}
		mu.Lock()
		for _, rs := range req.ResourceSpans {
			for _, ss := range rs.ScopeSpans {
				for _, sp := range ss.Spans {
					names = append(names, sp.Name)
				}
			}
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "application/x-protobuf")
		_, _ = w.Write(nil)
	}))
	defer collector.Close()

	s := start(t, map[string]string{
		"DATABASE_URL":                storetest.NewDatabase(t),
		"OTEL_EXPORTER_OTLP_ENDPOINT": collector.URL,
	})
	get(t, s.URL+"/api/nope", nil)
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	got := strings.Join(names, ",")
	if !strings.Contains(got, "GET /readyz") || !strings.Contains(got, "GET unmatched") {
		t.Fatalf("exported spans %q, want server spans named by route", got)
	}
}

// Outside local mode the server refuses to start without the site's origin
// and a mail server, saying so, before touching anything.
func TestProductionRequiresPublicURLAndMail(t *testing.T) {
	t.Parallel()
	var stderr strings.Builder
	err := run(context.Background(), []string{"paryatan-api"}, func(k string) string {
		return map[string]string{"DATABASE_URL": "postgres://db.invalid/paryatan", "PORT": "0"}[k]
	}, io.Discard, &stderr)
	if err == nil || !strings.Contains(err.Error(), "PUBLIC_URL is required") || !strings.Contains(err.Error(), "SMTP_URL") {
		t.Fatalf("run = %v", err)
	}
}
