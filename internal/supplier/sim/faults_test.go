package sim_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

func TestParseLatency(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in       string
		lo, hi   time.Duration
		badInput bool
	}{
		{in: "", lo: 0, hi: 0},
		{in: "0", lo: 0, hi: 0},
		{in: "250ms", lo: 250 * time.Millisecond, hi: 250 * time.Millisecond},
		{in: "3m", lo: 3 * time.Minute, hi: 3 * time.Minute}, // beyond the 150 s a booking may take
		{in: "uniform:1s-3s", lo: time.Second, hi: 3 * time.Second},
		{in: "lognormal:p50=800ms,p99=20s", lo: time.Millisecond, hi: 30 * time.Minute},
		{in: "soon", badInput: true},
		{in: "uniform:3s", badInput: true},
		{in: "lognormal:p50=2s,p99=1s", badInput: true},
		{in: "gamma:k=2", badInput: true},
	} {
		l, err := sim.ParseLatency(tc.in)
		if tc.badInput {
			if err == nil {
				t.Errorf("%q: accepted", tc.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		for range 200 {
			if d := l.Sample(); d < tc.lo || d > tc.hi {
				t.Fatalf("%q sampled %s outside [%s, %s]", tc.in, d, tc.lo, tc.hi)
			}
		}
		if again, err := sim.ParseLatency(l.String()); err != nil || again.String() != l.String() {
			t.Errorf("%q does not round-trip through String: %q", tc.in, l.String())
		}
	}
	// The log-normal median is where it was asked to be.
	l, _ := sim.ParseLatency("lognormal:p50=800ms,p99=20s")
	below := 0
	for range 4000 {
		if l.Sample() < 800*time.Millisecond {
			below++
		}
	}
	if below < 1800 || below > 2200 {
		t.Fatalf("%d of 4000 samples below the median", below)
	}
}

func TestParseLatencies(t *testing.T) {
	t.Parallel()
	def, per, err := sim.ParseLatencies("Search=uniform:2s-6s; book=3s; *=lognormal:p50=300ms,p99=2s")
	if err != nil {
		t.Fatal(err)
	}
	if def.String() != "lognormal:p50=300ms,p99=2s" || per["Search"].String() != "uniform:2s-6s" || per["Book"].String() != "3s" {
		t.Fatalf("default %q, per method %v", def, per)
	}
	if def, per, err := sim.ParseLatencies("lognormal:p50=1s,p99=8s"); err != nil || per != nil || def.String() != "lognormal:p50=1s,p99=8s" {
		t.Fatalf("single distribution: %v %v %v", def, per, err)
	}
	if _, _, err := sim.ParseLatencies("Cancel=1s"); err == nil {
		t.Fatal("unknown method accepted")
	}
}

func TestLatencyHeaderIsHonouredAndCancellable(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)

	start := time.Now()
	e.search(body, sim.HeaderLatency, "300ms")
	if took := time.Since(start); took < 300*time.Millisecond {
		t.Fatalf("answered after %s, want at least 300ms", took)
	}

	// A caller that gives up on a very long delay frees the simulator.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, _, err := e.raw(ctx, airPath+"Search", body, sim.HeaderLatency, "10m")
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("cancelled call: %v after %s", err, time.Since(start))
	}
	deadline := time.Now().Add(5 * time.Second)
	for e.sim.InFlight() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d calls still held after the caller left", e.sim.InFlight())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestMethodLatencyOption(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{MethodLatency: map[string]sim.Latency{"Search": sim.FixedLatency(500 * time.Millisecond)}})
	start := time.Now()
	tok := e.token()
	if took := time.Since(start); took > 400*time.Millisecond {
		t.Fatalf("Authenticate took %s; only Search is slow", took)
	}
	start = time.Now()
	e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	if took := time.Since(start); took < 500*time.Millisecond {
		t.Fatalf("Search took %s, want at least 500ms", took)
	}
}

func TestErrorHeader(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)

	r := e.air("Search", body, sim.HeaderError, "true")
	if code, msg := errorOf(r); r["ResponseStatus"] != 2.0 || code == 0 || msg == "" {
		t.Fatalf("forced business error: %v", r)
	}
	r = e.air("Search", body, sim.HeaderError, "6")
	if code, _ := errorOf(r); r["ResponseStatus"] != 4.0 || code != 6 {
		t.Fatalf("forced token error: %v", r)
	}
	resp, b, err := e.raw(context.Background(), airPath+"Search", body, sim.HeaderError, "http:503")
	if err != nil || resp.StatusCode != http.StatusServiceUnavailable || json.Valid(b) {
		t.Fatalf("forced HTTP error: %v %v", err, resp)
	}
	out := e.post(authPath, map[string]any{"ClientId": "ApiIntegrationNew", "UserName": "paryatan", "Password": "paryatan@123", "EndUserIp": "10.0.0.1"}, sim.HeaderError, "true")
	if out["Status"] == 1.0 || out["TokenId"] != "" {
		t.Fatalf("forced Authenticate error: %v", out)
	}
	// A forced error on Book books nothing.
	trace, res := e.pick(tok, false)
	b2 := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"], "Passengers": []any{lead()}}, sim.HeaderError, "true")
	if b2["ResponseStatus"] == 1.0 || e.sim.StoredBookings() != 0 {
		t.Fatalf("failed Book stored a booking: %v", b2)
	}
	// Bad header values are the test's mistake: HTTP 400 says which.
	resp, b, _ = e.raw(context.Background(), airPath+"Search", body, sim.HeaderLatency, "soonish")
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "latency") {
		t.Fatalf("bad header: %d %s", resp.StatusCode, b)
	}
}

func TestErrorRateOption(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{ErrorRate: 1})
	out := e.post(authPath, map[string]any{"ClientId": "ApiIntegrationNew", "UserName": "paryatan", "Password": "paryatan@123", "EndUserIp": "10.0.0.1"})
	if out["Status"] == 1.0 {
		t.Fatal("ErrorRate 1 let Authenticate succeed")
	}
	// The header wins over the rate.
	out = e.post(authPath, map[string]any{"ClientId": "ApiIntegrationNew", "UserName": "paryatan", "Password": "paryatan@123", "EndUserIp": "10.0.0.1"}, sim.HeaderError, "false")
	if out["Status"] != 1.0 {
		t.Fatalf("X-Sim-Error false: %v", out)
	}
}

func TestSlowBody(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	body := searchBody(e.token(), "BOM", "DEL", "2026-03-20", 2)
	start := time.Now()
	resp, b, err := e.raw(context.Background(), airPath+"Search", body, sim.HeaderSlowBody, "600ms")
	if err != nil || resp.StatusCode != http.StatusOK || !json.Valid(b) {
		t.Fatalf("slow body: %v %v", err, resp)
	}
	if took := time.Since(start); took < 500*time.Millisecond {
		t.Fatalf("slow body arrived in %s", took)
	}
}

func TestGzip(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	// Go's client asks for gzip and unpacks it; check it was packed.
	body, _ := json.Marshal(searchBody(e.token(), "BOM", "DEL", "2026-03-20", 2))
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+airPath+"Search", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
}
