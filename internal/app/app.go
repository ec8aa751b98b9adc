// Package app is the composition root of the API: the one place where the
// services, handlers and background work are built from the configuration
// and wired together. cmd/paryatan-api runs it in a process; internal/apitest
// runs the same App behind a test listener, so tests exercise what
// production runs.
package app

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/paryatan/paryatan/internal/account"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/enquiry"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/httpapi"
	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/payment/razorpay"
	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/platform/smtpmail"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/searchcache"
	"github.com/paryatan/paryatan/internal/sso"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// Parts are what the process provides around the app: resources it opened
// (the database, the connector store, the listener's origin in
// Config.PublicURL) and its observability.
type Parts struct {
	DB *pgxpool.Pool
	// Connectors are the supplier connectors in force (a file the operator
	// renders, or the built-in simulator's).
	Connectors *connector.Store
	// Payment is the payment gateway's settings (PAYMENTS_FILE, or the
	// built-in simulator's). Required: no ticket is issued unpaid.
	Payment *payment.Settings
	// Web is the built single-page app (index.html at its root).
	Web fs.FS
	Log *slog.Logger
	// Metrics is the Prometheus registry; nil makes a new one.
	Metrics    *telemetry.Metrics
	Tracing    trace.TracerProvider
	Propagator propagation.TextMapPropagator
	// Getenv reads the supplier client's settings (SUPPLIER_*).
	Getenv func(string) string
	// Now is the clock the booking and payment decisions read (time.Now
	// when nil; tests move it).
	Now func() time.Time
	// Outbox, when set, adjusts the e-mail worker's settings that have no
	// variable of their own (poll interval, retry delays).
	Outbox func(*outbox.Config)
	// Auth, when set, adjusts the sign-in settings (limits and lifetimes)
	// that have no variable of their own.
	Auth func(*auth.Config)
	// SSO, when set, adjusts the partner sign-on settings that have no
	// variable of their own (the clock, the ticket limit).
	SSO func(*sso.Config)
}

// App is the wired API.
type App struct {
	// Handler serves every public route (the API and the web app).
	Handler http.Handler
	// MetricsHandler serves /metrics, for the internal listener.
	MetricsHandler http.Handler

	Health  *httpapi.Health
	Metrics *telemetry.Metrics
	Auth    *auth.Service
	Flights *flights.Handler
	// Bookings is the booking service; Bookings.Payments its side of
	// payments (tickets after payment, refunds, expiry).
	Bookings *flights.Bookings
	// Checkout takes the payments (orders, callbacks, webhooks, refunds).
	Checkout *checkout.Service
	SSO      *sso.Handler
	Instance *instance.Instance
	// Outbox sends the queued e-mails.
	Outbox *outbox.Worker

	cfg        config.Config
	log        *slog.Logger
	connectors *connector.Store
	// relay is the mail server, when one is configured.
	relay *smtpmail.Mailer
}

// New builds the app from cfg and parts. Nothing runs until Start.
func New(cfg config.Config, p Parts) (*App, error) {
	if cfg.PublicURL == "" {
		return nil, errors.New("app: the site's origin (PUBLIC_URL) is not set")
	}
	if p.DB == nil || p.Connectors == nil || p.Payment == nil || p.Log == nil || p.Tracing == nil || p.Propagator == nil || p.Getenv == nil {
		return nil, errors.New("app: DB, Connectors, Payment, Log, Tracing, Propagator and Getenv are required")
	}
	log := p.Log
	metrics := p.Metrics
	if metrics == nil {
		metrics = telemetry.NewMetrics()
	}

	// Without a mail server (local mode) e-mails stay queued in the
	// outbox; the log says where to read them.
	var deliverer outbox.Deliverer
	var relay *smtpmail.Mailer
	mailLog := log.With("component", "mail")
	if cfg.DevMail() {
		mailLog = mailLog.With("read_at", cfg.PublicURL+"/dev/mail")
	}
	queue := outbox.NewQueue(mailLog)
	if cfg.SMTPURL != "" {
		m, err := smtpmail.New(cfg.SMTPURL, cfg.SMTPFrom)
		if err != nil {
			return nil, err
		}
		deliverer, queue, relay = outbox.SMTP{Mailer: m}, outbox.NewQueue(nil), m
	}
	providers := map[string]*auth.Provider{}
	if cfg.Google.ClientID != "" {
		providers["google"] = &auth.Provider{Name: "google", Issuer: cfg.Google.Issuer,
			ClientID: cfg.Google.ClientID, ClientSecret: cfg.Google.ClientSecret}
	}
	authCfg := auth.DefaultConfig()
	if p.Auth != nil {
		p.Auth(&authCfg)
	}
	authCfg.PublicURL = cfg.PublicURL
	templates, err := mailtmpl.New(cfg.PublicURL)
	if err != nil {
		return nil, err
	}
	authSvc := auth.NewService(p.DB, authCfg, auth.Mail{Queue: queue, Templates: templates}, providers, log)

	tboClient := tbo.NewClient(tbo.NewPGTokens(p.DB), metrics.Supplier, p.Tracing, log.With("component", "supplier"), p.Getenv)
	self := instance.New(p.DB, log)
	outboxCfg := outbox.Config{ID: self.ID, GiveUpAfter: cfg.OutboxGiveUpAfter}
	if p.Outbox != nil {
		p.Outbox(&outboxCfg)
	}
	mailWorker := outbox.NewWorker(p.DB, deliverer, metrics.Outbox, log, outboxCfg)
	suppliers := supplier.Registry{tbo.Type: tbo.NewAdapter(tboClient)}
	// Payments and bookings know each other only through small interfaces:
	// the checkout tells the booking side when an order is paid (OnPaid);
	// the booking service asks the checkout before any ticket.
	var bookings *flights.Bookings
	payments, err := checkout.New(checkout.Deps{DB: p.DB,
		Gateways: payment.Registry{razorpay.Type: razorpay.New(metrics.Payments, p.Tracing, log.With("component", "payments"), p.Getenv)},
		Settings: p.Payment, Metrics: metrics.Payments, Log: log, PublicURL: cfg.PublicURL, Now: p.Now,
		OnPaid: func(id uuid.UUID) { bookings.Payments().OnPaid(id) }})
	if err != nil {
		return nil, err
	}
	bookings, err = flights.NewBookings(flights.BookingsDeps{DB: p.DB, Suppliers: suppliers, Connectors: p.Connectors, Checkout: payments,
		Log: log, Metrics: metrics.Bookings, Owner: self.ID, Mail: flights.Mail{Queue: queue, Templates: templates}, Now: p.Now})
	if err != nil {
		return nil, err
	}
	if cfg.BookingGiveUpAfter > 0 {
		bookings.GiveUpAfter = cfg.BookingGiveUpAfter
	}
	flightsHandler := flights.NewHandler(flights.Deps{Connectors: p.Connectors, Suppliers: suppliers, Bookings: bookings,
		Searches: searchcache.New(searchcache.Options{MaxBytes: cfg.SearchCacheBytes, Metrics: metrics.SearchCache}),
		DB:       p.DB, Log: log, Supplier: metrics.Supplier,
		Limits: &flights.Limits{PerClientPerMinute: cfg.SupplierRatePerMinute, PerClientBurst: cfg.SupplierRateBurst,
			MaxInFlight: cfg.SupplierMaxInFlight}})

	ssoHandler, err := newSSO(cfg, p, log)
	if err != nil {
		return nil, err
	}

	health := httpapi.NewHealth(p.DB, store.Migrations(), log)
	if cfg.SMTPURL != "" {
		health.WarnOnMailBacklog(cfg.OutboxReadyMaxAge, func() (int64, time.Duration, bool) {
			b, ok := mailWorker.Backlog()
			return b.Queued, b.Oldest, ok
		})
	}
	var devMail *outbox.DevMailbox
	if cfg.DevMail() {
		devMail = outbox.NewDevMailbox(p.DB, log)
	}
	handler, err := httpapi.NewServer(httpapi.Deps{
		Logger:     log,
		DB:         p.DB,
		Metrics:    metrics,
		Tracing:    p.Tracing,
		Propagator: p.Propagator,
		Web:        p.Web,
		WebConfig:  httpapi.RuntimeConfig{VisaPartnerOrigin: cfg.VisaPartnerOrigin},
		HSTS:       cfg.Secure(),
		// The traveller's browser posts the checkout form to the gateway.
		FormActions: []string{origin(p.Payment.Endpoints.Checkout)},
		// The visa page frames the partner site, signed in by its ticket.
		FrameSources: frameSources(cfg),
		APIDocs:      cfg.APIDocs(),
		Migrations:   store.Migrations(),
		Health:       health,
		ClientIP:     clientip.New(cfg.TrustedProxies),
		Auth:         auth.NewHandler(authSvc, log),
		Account:      account.NewHandler(p.DB, log),
		Enquiries:    enquiry.NewHandler(p.DB, queue, templates, enquiry.Config{Mailboxes: cfg.EnquiryMailboxes}, log),
		Flights:      flightsHandler,
		Payments:     checkout.NewHandler(payments),
		SSO:          ssoHandler,
		DevMail:      devMail,
	})
	if err != nil {
		return nil, err
	}
	return &App{Handler: handler, MetricsHandler: httpapi.MetricsHandler(metrics), Health: health, Metrics: metrics,
		Auth: authSvc, Flights: flightsHandler, Bookings: bookings, Checkout: payments, SSO: ssoHandler, Instance: self, Outbox: mailWorker, cfg: cfg, log: log, connectors: p.Connectors, relay: relay}, nil
}

// Start registers this process in api_instances and keeps its heartbeat
// until ctx ends. Book and ticket calls need it: their leases name it.
// It also checks, in the background, that the mail relay takes mail: one
// that is down or refuses the credentials is reported at once, not at the
// first e-mail (which stays queued and is retried either way). And it
// listens for session and user changes until ctx ends, without which the
// session cache stays unused (auth.Service.Listen).
func (a *App) Start(ctx context.Context) error {
	go a.Auth.Listen(ctx)
	if a.relay != nil {
		go func() {
			if err := a.relay.Check(ctx); err != nil && ctx.Err() == nil {
				a.log.Error("mail relay unreachable at start-up: e-mails stay queued and are retried", "component", "mail", "err", err)
				return
			}
			a.log.Info("mail relay reachable", "component", "mail")
		}()
	}
	return a.Instance.Start(ctx)
}

// RunBackground runs the periodic work every replica does until ctx ends:
// the booking machine's sweeps, reconciliation, gauges and clean-up, the
// payments' checks, tickets after payment, refunds and expiries, the
// sending of queued e-mails, the removal of ended sessions, sign-in states
// and old sign-on redemptions, and the reloading of the sign-on keys when
// their file changes. Tests that drive these steps one by one leave it out.
func (a *App) RunBackground(ctx context.Context) {
	go a.Bookings.Maintain(ctx, a.connectors)
	go a.Bookings.Payments().Start(ctx)
	go a.Checkout.Maintain(ctx)
	go cleanupLoop(ctx, a.Auth, a.SSO, a.log)
	go a.Outbox.Run(ctx)
	go a.SSO.Keys().Watch(ctx, 5*time.Second)
}

// Stop removes this process from api_instances, so the other replicas take
// over what it still held at once instead of after its heartbeat expires.
func (a *App) Stop(ctx context.Context) error { return a.Instance.Stop(ctx) }

// cleanupLoop deletes ended sessions, sign-in states, rate-limit windows
// and old sign-on redemptions every ten minutes until ctx ends. Every
// replica runs it; the deletes are idempotent.
func cleanupLoop(ctx context.Context, svc *auth.Service, sign *sso.Handler, log *slog.Logger) {
	t := time.NewTicker(10 * time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := svc.Cleanup(ctx); err != nil && ctx.Err() == nil {
				log.Warn("cleanup of ended sessions failed", "err", err)
			}
			if err := sign.Cleanup(ctx); err != nil && ctx.Err() == nil {
				log.Warn("cleanup of old sign-on redemptions failed", "err", err)
			}
		}
	}
}

// newSSO builds the partner sign-on: the visa partner when one is
// configured (VISA_PARTNER_ORIGIN), and the keys tickets are signed with.
func newSSO(cfg config.Config, p Parts, log *slog.Logger) (*sso.Handler, error) {
	keys, err := ssoKeys(cfg, log)
	if err != nil {
		return nil, err
	}
	c := sso.Config{PublicURL: cfg.PublicURL}
	if cfg.VisaPartnerOrigin != "" {
		c.Partners = append(c.Partners, sso.Partner{Audience: sso.AudienceVisa, Secret: cfg.VisaPartnerSecret})
		if cfg.VisaPartnerSecret == "" {
			log.Warn("VISA_PARTNER_SECRET is not set: the visa partner cannot redeem sign-on tickets", "component", "sso")
		}
	}
	if p.SSO != nil {
		p.SSO(&c)
	}
	return sso.NewHandler(p.DB, keys, c, log), nil
}

// ssoKeys loads the sign-on keys (SSO_SIGNING_KEYS_FILE). Without the file,
// local mode signs with a key made at start (good for this process only);
// elsewhere there are none, as there is no partner (config.Load requires
// the file with one).
func ssoKeys(cfg config.Config, log *slog.Logger) (*sso.KeyStore, error) {
	if cfg.SSOSigningKeysFile != "" {
		return sso.OpenKeyStore(cfg.SSOSigningKeysFile, log.With("component", "sso"))
	}
	if cfg.Mode != config.ModeLocal {
		return sso.NewKeyStore(nil), nil
	}
	set, err := sso.GenerateKeySet()
	if err != nil {
		return nil, err
	}
	log.Info("ephemeral SSO signing key", "component", "sso", "kid", set.KeyIDs()[0])
	return sso.NewKeyStore(set), nil
}

// frameSources are the origins the web app may frame besides its own.
func frameSources(cfg config.Config) []string {
	if cfg.VisaPartnerOrigin == "" {
		return nil
	}
	return []string{cfg.VisaPartnerOrigin}
}

// origin is the scheme and host of a URL (a CSP source).
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
