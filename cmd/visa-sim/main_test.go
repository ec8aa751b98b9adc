package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/visasim"
)

// paryatanAPI redeems the one ticket "good" for callers with the secret.
func paryatanAPI(t *testing.T, secret string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Ticket string `json:"ticket"`
		}
		user, pass, ok := r.BasicAuth()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path != "/api/v1/sso/redeem" || r.Method != http.MethodPost:
			w.WriteHeader(http.StatusNotFound)
		case !ok || user != "visa" || pass != secret:
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"ok": false, "error": "unauthorized", "message": "no"}`)
		case json.NewDecoder(r.Body).Decode(&body) != nil || body.Ticket != "good":
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"ok": false, "error": "invalid_ticket", "message": "no"}`)
		default:
			_, _ = io.WriteString(w, `{"user": {"id": "usr_1", "email": "asha@example.in", "name": "Asha Rao", "accountType": "personal"},
				"ticketId": "jti-1", "expiresAt": "2026-03-01T10:01:00Z"}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestRunServesUntilCancelled(t *testing.T) {
	t.Parallel()
	api := paryatanAPI(t, "envSecretEnvSecret")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	env := map[string]string{"VISA_PARTNER_SECRET": "envSecretEnvSecret", "VISA_SIM_FRAME_ANCESTORS": "http://localhost:5173"}
	go func() {
		done <- run(ctx, []string{"visa-sim", "-addr", "127.0.0.1:0", "-api", api.URL, "-log-json"},
			func(k string) string { return env[k] }, outW, io.Discard)
		outW.Close()
	}()

	lines := bufio.NewScanner(outR)
	if !lines.Scan() {
		t.Fatalf("no output: %v", <-done)
	}
	base, ok := strings.CutPrefix(lines.Text(), "visa-sim listening on ")
	if !ok {
		t.Fatalf("first line %q", lines.Text())
	}
	go func() {
		for lines.Scan() {
		}
	}()

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %d", resp.StatusCode)
	}

	// The flag names Paryatan, the environment gives the secret and who
	// may frame the pages.
	resp, err = client.Get(base + "/sso/consume?ticket=good&ret=%2Fgo-for-visa%3Fcountry%3Dae")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/go-for-visa?country=ae" {
		t.Fatalf("consume: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.HasSuffix(csp, "frame-ancestors http://localhost:5173") {
		t.Fatalf("CSP %q", csp)
	}
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == visasim.CookieName {
			cookie = c
		}
	}
	if cookie == nil {
		t.Fatal("no session cookie")
	}
	req, _ := http.NewRequest(http.MethodGet, base+"/go-for-visa", nil)
	req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "Welcome, Asha Rao") {
		t.Fatalf("visa page:\n%s", page)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after cancellation")
	}
}

// Without -frame-ancestors, the pages may be framed by the origin of -api
// (in local runs Paryatan's site and API share it).
func TestRunFrameAncestorsDefault(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"visa-sim", "-addr", "127.0.0.1:0", "-api", "http://localhost:8080/", "-secret", "s3cret"},
			func(string) string { return "" }, outW, io.Discard)
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	if !lines.Scan() {
		t.Fatalf("no output: %v", <-done)
	}
	base, _ := strings.CutPrefix(lines.Text(), "visa-sim listening on ")
	go func() {
		for lines.Scan() {
		}
	}()
	resp, err := http.Get(base + "/go-for-visa")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.HasSuffix(csp, "; frame-ancestors http://localhost:8080") {
		t.Fatalf("CSP %q", csp)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
}

func TestRunRejectsBadSettings(t *testing.T) {
	t.Parallel()
	secret := map[string]string{"VISA_PARTNER_SECRET": "s3cret"}
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{nil, nil, "-secret"},
		{[]string{"-secret", "  "}, nil, "-secret"},
		{[]string{"-api", "localhost:8080"}, secret, "-api"},
		{[]string{"-api", "http://localhost:8080?x=1"}, secret, "-api"},
		{[]string{"-frame-ancestors", "http://localhost:8080; script-src *"}, secret, "-frame-ancestors"},
		{nil, map[string]string{"VISA_PARTNER_SECRET": "s3cret", "VISA_SIM_FRAME_ANCESTORS": "'unsafe-eval'"}, "-frame-ancestors"},
		{[]string{"-session-lifetime", "0s"}, secret, "-session-lifetime"},
		{[]string{"-grace", "soon"}, secret, "-grace"},
		{[]string{"-log-level", "loud"}, secret, "-log-level"},
		{[]string{"extra"}, secret, "unexpected"},
	} {
		err := run(context.Background(), append([]string{"visa-sim", "-addr", "127.0.0.1:0"}, tc.args...),
			func(k string) string { return tc.env[k] }, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: %v, want an error about %s", tc.args, tc.env, err, tc.want)
		}
	}
}
