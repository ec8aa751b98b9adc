package rzpsim

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// Defaults applied by New to zero Options fields.
const (
	DefaultPendingDelay = 15 * time.Second
	DefaultRefundDelay  = 2 * time.Second
	DefaultMaxOrders    = 10_000
	DefaultRetention    = 24 * time.Hour
)

// DefaultRetryDelays are the waits before the second to fifth attempt of a
// webhook delivery: five attempts in about thirteen minutes. Razorpay keeps
// trying for a day; a simulator need not.
var DefaultRetryDelays = []time.Duration{5 * time.Second, 30 * time.Second, 2 * time.Minute, 10 * time.Minute}

// Options configure a Sim. The zero value is a simulator accepting
// DefaultKeyID and DefaultKeySecret that sends no webhooks.
type Options struct {
	// KeyID and KeySecret are the one API key pair accepted.
	KeyID, KeySecret string
	// WebhookURL receives the events, signed with WebhookSecret (default
	// DefaultWebhookSecret); empty sends none. SetWebhook changes both.
	WebhookURL, WebhookSecret string
	// PendingDelay is how long a pending UPI payment waits before it
	// completes by itself (default 15 s).
	PendingDelay time.Duration
	// RefundDelay is how long a refund stays pending before it is
	// processed (default 2 s).
	RefundDelay time.Duration
	// RetryDelays are the waits between attempts to deliver a webhook that
	// failed (non-2xx or no answer); there are len(RetryDelays)+1 attempts.
	// Nil means DefaultRetryDelays.
	RetryDelays []time.Duration
	// MaxOrders and Retention bound memory: orders (with their payments and
	// refunds) older than Retention, or beyond the newest MaxOrders, are
	// forgotten.
	MaxOrders int
	Retention time.Duration
	// Logger receives a debug line per call and warnings about webhooks;
	// nil discards them.
	Logger *slog.Logger
	// Now gives the time written in created_at (tests pin it); nil means
	// time.Now. Delays always use the real clock.
	Now func() time.Time
}

// Sim is the simulated gateway: an http.Handler serving Razorpay's API under
// /v1, the hosted checkout under /v1/checkout/embedded and the simulator's
// own controls under AdminPrefix. It is safe for concurrent use; Close stops
// its timers and webhook deliveries.
type Sim struct {
	opts      Options
	log       *slog.Logger
	now       func() time.Time
	accountID string
	mux       *http.ServeMux
	client    *http.Client

	// ctx ends when the Sim is closed; wg counts the goroutines it started.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// mu guards everything below and the entities they point to.
	mu       sync.Mutex
	closed   bool
	orders   map[string]*order
	byAge    []*order // oldest first
	payments map[string]*payment
	refunds  map[string]*refund
	idem     map[string]*idemEntry
	sessions map[string]*session
	sessAge  []*session
	faults   map[faultTarget]fault

	wh webhooks
}

// order is an order and what the simulator knows beside its entity.
type order struct {
	Order
	autoCapture bool
	at          time.Time
	payments    []*payment // oldest first
}

// payment is a payment with its order and refunds.
type payment struct {
	Payment
	order   *order
	refunds []*refund // oldest first
	idem    []string  // refund idempotency keys used on it
}

type refund struct {
	Refund
	payment *payment
}

// idemEntry remembers the refund made for an X-Refund-Idempotency key.
type idemEntry struct {
	request string // canonical request: payment and body
	refund  *refund
}

// New returns a running Sim. It panics if a webhook setting in opts is
// invalid (see SetWebhook).
func New(opts Options) *Sim {
	if opts.KeyID == "" {
		opts.KeyID = DefaultKeyID
	}
	if opts.KeySecret == "" {
		opts.KeySecret = DefaultKeySecret
	}
	if opts.WebhookSecret == "" {
		opts.WebhookSecret = DefaultWebhookSecret
	}
	if opts.PendingDelay <= 0 {
		opts.PendingDelay = DefaultPendingDelay
	}
	if opts.RefundDelay <= 0 {
		opts.RefundDelay = DefaultRefundDelay
	}
	if opts.RetryDelays == nil {
		opts.RetryDelays = DefaultRetryDelays
	}
	opts.RetryDelays = append([]time.Duration(nil), opts.RetryDelays...)
	if opts.MaxOrders <= 0 {
		opts.MaxOrders = DefaultMaxOrders
	}
	if opts.Retention <= 0 {
		opts.Retention = DefaultRetention
	}
	s := &Sim{
		opts:      opts,
		log:       opts.Logger,
		now:       opts.Now,
		accountID: accountID(opts.KeyID),
		orders:    map[string]*order{},
		payments:  map[string]*payment{},
		refunds:   map[string]*refund{},
		idem:      map[string]*idemEntry{},
		sessions:  map[string]*session{},
		faults:    map[faultTarget]fault{},
		client: &http.Client{
			Transport: http.DefaultTransport.(*http.Transport).Clone(),
			// A redirect is an answer other than 2xx: a failed delivery.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.wh.wake = make(chan struct{}, 1)
	if err := s.SetWebhook(WebhookSettings{URL: opts.WebhookURL, Secret: opts.WebhookSecret}); err != nil {
		panic("rzpsim: " + err.Error())
	}
	s.mux = s.routes()
	s.wg.Add(1)
	go s.dispatch()
	return s
}

// Close stops the pending payments' and refunds' timers and the webhook
// deliveries, and waits for the goroutines doing them. Requests answered
// after Close still work, but nothing completes later by itself.
func (s *Sim) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
	s.client.CloseIdleConnections()
}

// ServeHTTP answers one request.
func (s *Sim) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
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

// Serve answers on ln until ctx ends, then closes the Sim (which releases
// requests held by a timeout fault) and waits up to grace for the requests
// in progress.
func (s *Sim) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		s.Close()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.Close()
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

// after runs f once d has passed, unless the Sim is closed first. It
// reports whether f was scheduled.
func (s *Sim) after(d time.Duration, f func()) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.afterLocked(d, f)
}

// afterLocked is after for a caller holding s.mu.
func (s *Sim) afterLocked(d time.Duration, f func()) bool {
	if s.closed {
		return false
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			f()
		case <-s.ctx.Done():
		}
	}()
	return true
}

// evictLocked forgets the orders past their retention or beyond the cap,
// with their payments, refunds and idempotency keys, and the checkout
// sessions as old.
func (s *Sim) evictLocked() {
	cutoff := s.now().Add(-s.opts.Retention)
	n := 0
	for n < len(s.byAge) && (s.byAge[n].at.Before(cutoff) || len(s.byAge)-n >= s.opts.MaxOrders) {
		o := s.byAge[n]
		delete(s.orders, o.ID)
		for _, p := range o.payments {
			delete(s.payments, p.ID)
			for _, rf := range p.refunds {
				delete(s.refunds, rf.ID)
			}
			for _, k := range p.idem {
				delete(s.idem, k)
			}
		}
		s.byAge[n] = nil
		n++
	}
	s.byAge = s.byAge[n:]

	n = 0
	for n < len(s.sessAge) && (s.sessAge[n].at.Before(cutoff) || len(s.sessAge)-n >= s.opts.MaxOrders) {
		delete(s.sessions, s.sessAge[n].id)
		s.sessAge[n] = nil
		n++
	}
	s.sessAge = s.sessAge[n:]
}
