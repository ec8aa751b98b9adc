package visasim

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Defaults applied by New to zero Options fields.
const (
	DefaultSessionLifetime = 30 * time.Minute
	DefaultMaxSessions     = 10_000
	DefaultFrameAncestors  = "'self'"
)

// Audience is the partner id of the visa site: the user name of its Basic
// credentials when it redeems a ticket, and the aud of the tickets it may
// redeem.
const Audience = "visa"

// CookieName is the simulator's session cookie.
const CookieName = "visasim_session"

// DefaultReturnPath is where a sign-in lands when ret is missing or unsafe.
const DefaultReturnPath = "/go-for-visa"

// RedeemTimeout bounds the call to Paryatan's redeem endpoint.
const RedeemTimeout = 10 * time.Second

// Options configure a Sim.
type Options struct {
	// APIURL is Paryatan's API base URL (scheme and host, optionally a
	// path prefix), e.g. http://localhost:8080. Required.
	APIURL string
	// Secret is the password of the simulator's Basic credentials at the
	// redeem endpoint (Paryatan's VISA_PARTNER_SECRET).
	Secret string
	// FrameAncestors is the CSP frame-ancestors source list: who may frame
	// the simulator's pages, normally Paryatan's origin. Default 'self'.
	FrameAncestors string
	// Logger receives a line per sign-in and per refused ticket, and a
	// debug line per request; nil discards them.
	Logger *slog.Logger
	// HTTPClient makes the redeem calls; nil means a client of its own.
	// Either way each call is bounded by RedeemTimeout.
	HTTPClient *http.Client
	// SessionLifetime is how long a sign-in lasts (default 30 minutes).
	SessionLifetime time.Duration
	// MaxSessions bounds memory: beyond it the oldest sessions are
	// forgotten (default 10 000).
	MaxSessions int
	// Now gives the time sessions are started and checked at (tests move
	// it); nil means time.Now.
	Now func() time.Time
}

// Sim is the simulated visa partner site, an http.Handler. It is safe for
// concurrent use.
type Sim struct {
	opts      Options
	redeemURL string
	csp       string
	log       *slog.Logger
	now       func() time.Time
	client    *http.Client
	ownClient bool
	mux       *http.ServeMux
	sessions  *sessionStore
}

// New returns a Sim. It panics if opts.APIURL is not an absolute http or
// https URL or opts.FrameAncestors is not a valid source list (see
// CheckAPIURL and CheckFrameAncestors).
func New(opts Options) *Sim {
	if err := CheckAPIURL(opts.APIURL); err != nil {
		panic("visasim: " + err.Error())
	}
	if strings.TrimSpace(opts.FrameAncestors) == "" {
		opts.FrameAncestors = DefaultFrameAncestors
	}
	if err := CheckFrameAncestors(opts.FrameAncestors); err != nil {
		panic("visasim: " + err.Error())
	}
	if opts.SessionLifetime <= 0 {
		opts.SessionLifetime = DefaultSessionLifetime
	}
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	s := &Sim{
		opts:      opts,
		redeemURL: strings.TrimRight(opts.APIURL, "/") + "/api/v1/sso/redeem",
		// Pages carry inline styles and nothing else: no scripts, images
		// or forms.
		csp:      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors " + strings.Join(strings.Fields(opts.FrameAncestors), " "),
		log:      opts.Logger,
		now:      opts.Now,
		client:   opts.HTTPClient,
		sessions: newSessionStore(opts.SessionLifetime, opts.MaxSessions),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.client == nil {
		s.ownClient = true
		s.client = &http.Client{
			Transport: http.DefaultTransport.(*http.Transport).Clone(),
			// The redeem endpoint answers; it never redirects. A redirect
			// is an unexpected answer, not to be followed with the
			// credentials.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	s.mux = s.routes()
	return s
}

// CheckAPIURL reports whether u can be Options.APIURL: an absolute http or
// https URL without query or fragment.
func CheckAPIURL(u string) error {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" || p.User != nil ||
		p.RawQuery != "" || p.Fragment != "" {
		return fmt.Errorf("API URL %q: want an absolute http or https URL like http://localhost:8080", u)
	}
	return nil
}

// CheckFrameAncestors reports whether v can be Options.FrameAncestors: CSP
// sources separated by spaces, such as 'self' or http://localhost:8080.
// Anything that could end the directive (a semicolon or comma) or smuggle
// another header line is refused.
func CheckFrameAncestors(v string) error {
	fields := strings.Fields(v)
	if len(fields) == 0 {
		return errors.New("frame ancestors: want at least one source, like 'self' or http://localhost:8080")
	}
	for _, f := range fields {
		if strings.HasPrefix(f, "'") {
			if f != "'self'" && f != "'none'" {
				return fmt.Errorf("frame ancestors: %q: the only keywords allowed are 'self' and 'none'", f)
			}
			continue
		}
		for _, r := range f {
			if r < 0x21 || r > 0x7e || r == ';' || r == ',' || r == '\'' || r == '"' {
				return fmt.Errorf("frame ancestors: %q is not a CSP source like https://paryatan.example", f)
			}
		}
	}
	return nil
}

// Close releases the idle connections of the client the Sim made for
// itself. Requests answered after Close still work.
func (s *Sim) Close() {
	if s.ownClient {
		s.client.CloseIdleConnections()
	}
}

// ServeHTTP answers one request. Every answer carries the security headers;
// the debug line names the path only, never the query (which holds the
// ticket on /sso/consume).
func (s *Sim) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	h := w.Header()
	h.Set("Content-Security-Policy", s.csp)
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
	s.mux.ServeHTTP(rec, r)
	s.log.LogAttrs(r.Context(), slog.LevelDebug, "request", slog.String("method", r.Method),
		slog.String("path", r.URL.Path), slog.Int("status", rec.status), slog.Duration("took", time.Since(start)))
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

// Serve answers on ln until ctx ends, then waits up to grace for the
// requests in progress and closes the Sim.
func (s *Sim) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	defer s.Close()
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// Longer than the redeem call it may wait for.
		WriteTimeout:   RedeemTimeout + 20*time.Second,
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}
