package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/visasim"
)

// In local mode without VISA_PARTNER_ORIGIN the simulator starts on the
// site's host name, may be framed by the site, and redeems at this server
// with the secret handed to the API's configuration.
func TestSetupVisaPartnerStartsTheSimulator(t *testing.T) {
	t.Parallel()
	var (
		mu                 sync.Mutex
		gotUser, gotSecret string
	)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		gotUser, gotSecret, _ = r.BasicAuth()
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"user": {"id": "usr_1", "email": "asha@example.in", "name": "Asha Rao", "accountType": "personal"}, "ticketId": "j", "expiresAt": "2026-03-01T10:01:00Z"}`)
	}))
	t.Cleanup(api.Close)
	apiPort := api.Listener.Addr().(*net.TCPAddr).Port

	cfg := config.Config{Mode: config.ModeLocal, PublicURL: "http://localhost:8080"}
	origin, secret, stop, err := setupVisaPartner(context.Background(), cfg, apiPort, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop(context.Background()) })
	if !regexp.MustCompile(`^http://localhost:\d+$`).MatchString(origin) || origin == cfg.PublicURL {
		t.Fatalf("origin %q, want http://localhost on a port of its own", origin)
	}
	if len(secret) < 32 {
		t.Fatalf("secret %q: want a long random one", secret)
	}
	u, _ := url.Parse(origin)
	base := "http://127.0.0.1:" + u.Port()

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(base + "/sso/consume?ticket=t&ret=%2Fgo-for-visa")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	mu.Lock()
	defer mu.Unlock()
	if resp.StatusCode != http.StatusSeeOther || gotUser != visasim.Audience || gotSecret != secret {
		t.Fatalf("consume: %d, redeemed as %q:%q", resp.StatusCode, gotUser, gotSecret)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.HasSuffix(csp, "; frame-ancestors http://localhost:8080") {
		t.Fatalf("CSP %q: the site may not frame the simulator", csp)
	}

	// A second start makes another secret.
	_, other, stop2, err := setupVisaPartner(context.Background(), cfg, apiPort, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop2(context.Background()) })
	if other == secret {
		t.Fatal("the same secret twice")
	}
}

// A configured partner, or production, starts nothing and changes nothing.
func TestSetupVisaPartnerLeavesConfiguredPartners(t *testing.T) {
	t.Parallel()
	for _, cfg := range []config.Config{
		{Mode: config.ModeLocal, PublicURL: "http://localhost:8080", VisaPartnerOrigin: "http://localhost:9000", VisaPartnerSecret: "s3cret"},
		{Mode: config.ModeProduction, PublicURL: "https://paryatan.example"},
		{Mode: config.ModeProduction, PublicURL: "https://paryatan.example", VisaPartnerOrigin: "https://visa.example.in", VisaPartnerSecret: "s3cret"},
	} {
		origin, secret, stop, err := setupVisaPartner(context.Background(), cfg, 8080, slog.New(slog.DiscardHandler))
		if err != nil || origin != cfg.VisaPartnerOrigin || secret != cfg.VisaPartnerSecret {
			t.Errorf("%s %q: %q %q %v", cfg.Mode, cfg.VisaPartnerOrigin, origin, secret, err)
		}
		if err := stop(context.Background()); err != nil {
			t.Error(err)
		}
	}
}
