package visasim_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/visasim"
)

const testSecret = "partner-secret-for-tests"

// Tickets the mock Paryatan API knows.
const (
	ticketAsha    = "eyJhbGciOiJFZERTQSJ9.asha.sig"
	ticketEscaped = "eyJhbGciOiJFZERTQSJ9.escaped.sig"
	ticketInvalid = "eyJhbGciOiJFZERTQSJ9.invalid.sig"
	ticketUsed    = "eyJhbGciOiJFZERTQSJ9.used.sig"
	ticketBroken  = "eyJhbGciOiJFZERTQSJ9.broken.sig"
)

// paryatan is the Paryatan API's redeem endpoint as the simulator sees it:
// Basic authentication, then 200, 401 or 409 by ticket.
type paryatan struct {
	srv *httptest.Server

	mu      sync.Mutex
	tickets []string
}

func newParyatan(t *testing.T) *paryatan {
	t.Helper()
	p := &paryatan{}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/api/v1/sso/redeem" {
			http.Error(w, "unexpected "+r.Method+" "+r.URL.Path, http.StatusNotFound)
			return
		}
		answer := func(status int, v any) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_ = json.NewEncoder(w).Encode(v)
		}
		refuse := func(status int, code string) {
			answer(status, map[string]any{"ok": false, "error": code, "message": code})
		}
		if user, pass, ok := r.BasicAuth(); !ok || user != "visa" || pass != testSecret {
			refuse(http.StatusUnauthorized, "unauthorized")
			return
		}
		var body struct {
			Ticket string `json:"ticket"`
		}
		if r.Header.Get("Content-Type") != "application/json" || json.NewDecoder(r.Body).Decode(&body) != nil {
			refuse(http.StatusBadRequest, "invalid_body")
			return
		}
		p.mu.Lock()
		p.tickets = append(p.tickets, body.Ticket)
		p.mu.Unlock()
		redeemed := func(name string) {
			answer(http.StatusOK, map[string]any{
				"user":     map[string]string{"id": "usr_1", "email": "asha@example.in", "name": name, "accountType": "personal"},
				"ticketId": "jti-1", "expiresAt": "2026-03-01T10:01:00Z"})
		}
		switch body.Ticket {
		case ticketAsha:
			redeemed("Asha Rao")
		case ticketEscaped:
			redeemed("<b>Asha</b>")
		case ticketUsed:
			refuse(http.StatusConflict, "ticket_used")
		case ticketBroken:
			refuse(http.StatusInternalServerError, "internal")
		default:
			refuse(http.StatusUnauthorized, "invalid_ticket")
		}
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// redeemed lists the tickets that reached the endpoint with good
// credentials.
func (p *paryatan) redeemed() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.tickets...)
}

// clock is a time the test moves.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// env is a simulator served over real HTTP in front of a mock Paryatan.
type env struct {
	t        *testing.T
	srv      *httptest.Server
	paryatan *paryatan
	clock    *clock
	logs     *syncBuffer
	// transport carries the test's requests to srv.
	transport *http.Transport
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// setup starts a simulator; zero fields of opts get the test's Paryatan,
// secret, clock and logger.
func setup(t *testing.T, opts visasim.Options) *env {
	t.Helper()
	e := &env{t: t, paryatan: newParyatan(t), clock: &clock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}, logs: &syncBuffer{}}
	if opts.APIURL == "" {
		opts.APIURL = e.paryatan.srv.URL
	}
	if opts.Secret == "" {
		opts.Secret = testSecret
	}
	if opts.Now == nil {
		opts.Now = e.clock.now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	s := visasim.New(opts)
	// A transport of the test's own: closing any test server closes the idle
	// connections of http.DefaultTransport, under another parallel test's
	// request ("CloseIdleConnections called").
	e.transport = http.DefaultTransport.(*http.Transport).Clone()
	t.Cleanup(e.transport.CloseIdleConnections)
	e.srv = httptest.NewServer(s)
	t.Cleanup(e.srv.Close)
	t.Cleanup(s.Close)
	return e
}

// browser is a browser with its own cookies; it does not follow redirects,
// so each answer can be looked at.
type browser struct {
	e      *env
	client *http.Client
}

func (e *env) browser() *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return &browser{e: e, client: &http.Client{Jar: jar, Transport: e.transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// answer is an answer to the browser.
type answer struct {
	status int
	header http.Header
	body   string
}

func (b *browser) get(target string) answer {
	b.e.t.Helper()
	req, err := http.NewRequest(http.MethodGet, b.e.srv.URL+target, nil)
	if err != nil {
		b.e.t.Fatal(err)
	}
	return send(b.e.t, b.client, req)
}

// do sends req as it is, without a cookie jar or following redirects.
func (e *env) do(req *http.Request) answer {
	e.t.Helper()
	return send(e.t, &http.Client{Transport: e.transport, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}, req)
}

func send(t *testing.T, client *http.Client, req *http.Request) answer {
	t.Helper()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: string(body)}
}

// checkPage checks what every page owes its readers: an HTML document in
// English with a title and one top-level heading, and nothing to run.
func checkPage(t *testing.T, body string) {
	t.Helper()
	if !strings.HasPrefix(body, "<!doctype html>\n<html lang=\"en\">") {
		t.Errorf("not an English HTML document:\n%s", body)
	}
	if strings.Count(body, "<title>") != 1 || strings.Contains(body, "<title></title>") {
		t.Errorf("want one non-empty title:\n%s", body)
	}
	if strings.Count(body, "<h1") != 1 {
		t.Errorf("want one h1:\n%s", body)
	}
	if strings.Contains(body, "<script") || strings.Contains(body, "<form") {
		t.Errorf("a page with a script or form:\n%s", body)
	}
}

// consume opens the sign-in link Paryatan's web app frames.
func (b *browser) consume(ticket, ret string) answer {
	b.e.t.Helper()
	q := url.Values{"ticket": {ticket}}
	if ret != "" {
		q.Set("ret", ret)
	}
	return b.get("/sso/consume?" + q.Encode())
}

// sessionCookie is the Set-Cookie of the simulator's session in a, or nil.
func sessionCookie(a answer) *http.Cookie {
	for _, c := range (&http.Response{Header: a.header}).Cookies() {
		if c.Name == visasim.CookieName {
			return c
		}
	}
	return nil
}

func TestHealthz(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	if a := e.browser().get("/healthz"); a.status != http.StatusOK || a.body != "ok\n" {
		t.Fatalf("healthz: %d %q", a.status, a.body)
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ancestors, want string
	}{
		{"", "'self'"},
		{"http://localhost:8080", "http://localhost:8080"},
		{"  https://paryatan.example   https://www.paryatan.example ", "https://paryatan.example https://www.paryatan.example"},
	} {
		e := setup(t, visasim.Options{FrameAncestors: tc.ancestors})
		b := e.browser()
		for _, a := range []answer{b.get("/go-for-visa"), b.consume(ticketAsha, ""), b.consume(ticketUsed, ""), b.get("/healthz")} {
			h := a.header
			if got, want := h.Get("Content-Security-Policy"), "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors "+tc.want; got != want {
				t.Errorf("CSP %q, want %q", got, want)
			}
			if h.Get("X-Frame-Options") != "" {
				t.Errorf("X-Frame-Options %q: Paryatan could not frame the page", h.Get("X-Frame-Options"))
			}
			for k, want := range map[string]string{"Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"} {
				if h.Get(k) != want {
					t.Errorf("%s: %q, want %q", k, h.Get(k), want)
				}
			}
		}
	}
}

func TestNewRefusesBadOptions(t *testing.T) {
	t.Parallel()
	for _, opts := range []visasim.Options{
		{APIURL: ""},
		{APIURL: "localhost:8080"},
		{APIURL: "ftp://paryatan.example"},
		{APIURL: "http://localhost:8080", FrameAncestors: "http://localhost:8080; script-src *"},
		{APIURL: "http://localhost:8080", FrameAncestors: "'unsafe-inline'"},
		{APIURL: "http://localhost:8080", FrameAncestors: "http://a.example,http://b.example"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%+v) did not refuse", opts)
				}
			}()
			visasim.New(opts)
		}()
	}
}
