// Package app is the composition root of the API: the one place where the
// services, handlers and background work are built from the configuration
// and wired together. cmd/paryatan-api runs it in a process; internal/apitest
// runs the same App behind a test listener, so tests exercise what
// production runs.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"golang.org/x/sync/errgroup"

	"github.com/paryatan/paryatan/internal/account"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/enquiry"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/httpapi"
	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/jobs"
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
	"github.com/paryatan/paryatan/internal/store/queries"
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
	// variable of their own (retry delays).
	Outbox func(*outbox.Config)
	// Auth, when set, adjusts the sign-in settings (limits and lifetimes)
	// that have no variable of their own.
	Auth func(*auth.Config)
	// SSO, when set, adjusts the partner sign-on settings that have no
	// variable of their own (the clock, the ticket limit).
	SSO func(*sso.Config)
	// Jobs, when set, adjusts the job queue's settings (the queues worked,
	// how often an idle one looks for work).
	Jobs func(*jobs.Config)
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
	// Jobs runs the background work of every feature.
	Jobs   *jobs.Jobs
	jobsUI *jobs.UI

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
	metrics.Registry.MustRegister(telemetry.NewDBPoolCollector(p.DB.Stat))

	self := instance.New(p.DB, log)
	work, err := newJobs(cfg, p, metrics, self.ID)
	if err != nil {
		return nil, err
	}
	queue, deliverer, relay, err := newMail(cfg, work, log)
	if err != nil {
		return nil, err
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
	outboxCfg := outbox.Config{GiveUpAfter: cfg.OutboxGiveUpAfter}
	if p.Outbox != nil {
		p.Outbox(&outboxCfg)
	}
	mailWorker := outbox.NewWorker(p.DB, deliverer, metrics.Outbox, log, outboxCfg)
	mailWorker.Register(work)
	suppliers := supplier.Registry{tbo.Type: tbo.NewAdapter(tboClient)}
	bookings, payments, err := newTrips(cfg, p, metrics, work, suppliers, self.ID, flights.Mail{Queue: queue, Templates: templates})
	if err != nil {
		return nil, err
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
	addCleanup(work, authSvc, ssoHandler)
	ui, err := work.NewUI()
	if err != nil {
		return nil, err
	}
	// The internal listener: /metrics and the job UI, never the public one.
	internal := http.NewServeMux()
	internal.Handle("/metrics", httpapi.MetricsHandler(metrics))
	ui.Mount(internal)
	return &App{Handler: handler, MetricsHandler: internal, Health: health, Metrics: metrics,
		Auth: authSvc, Flights: flightsHandler, Bookings: bookings, Checkout: payments, SSO: ssoHandler, Instance: self, Outbox: mailWorker,
		Jobs: work, jobsUI: ui, cfg: cfg, log: log, connectors: p.Connectors, relay: relay}, nil
}

// newJobs builds the job queue every feature writes its background work
// to. A process without a mail relay does not work the mail queue: its
// e-mails wait for one that has.
func newJobs(cfg config.Config, p Parts, metrics *telemetry.Metrics, id string) (*jobs.Jobs, error) {
	c := jobs.Config{ID: id, Log: p.Log, Tracing: p.Tracing, Metrics: metrics.Jobs, RescueAfter: cfg.JobsRescueAfter}
	if cfg.SMTPURL == "" {
		c.Without = append(c.Without, jobs.QueueMail)
	}
	if p.Jobs != nil {
		p.Jobs(&c)
	}
	j, err := jobs.New(p.DB, c)
	if err != nil {
		return nil, err
	}
	metrics.Registry.MustRegister(jobs.NewCollector(p.DB))
	return j, nil
}

// newMail is where e-mails go: queued in the outbox, and sent through the
// mail server when one is configured (relay). Without one (local mode) they
// stay queued; the log says where to read them.
func newMail(cfg config.Config, work jobs.Inserter, log *slog.Logger) (*outbox.Queue, outbox.Deliverer, *smtpmail.Mailer, error) {
	if cfg.SMTPURL != "" {
		m, err := smtpmail.New(cfg.SMTPURL, cfg.SMTPFrom)
		if err != nil {
			return nil, nil, nil, err
		}
		return outbox.NewQueue(work, nil), outbox.SMTP{Mailer: m}, m, nil
	}
	mailLog := log.With("component", "mail")
	if cfg.DevMail() {
		mailLog = mailLog.With("read_at", cfg.PublicURL+"/dev/mail")
	}
	return outbox.NewQueue(work, mailLog), nil, nil, nil
}

// newTrips builds the booking service and the payment service. They know
// each other only through small interfaces: the checkout tells the booking
// side when an order is paid (OnPaid, in the transaction that records
// it); the booking service asks the checkout before any ticket.
func newTrips(cfg config.Config, p Parts, metrics *telemetry.Metrics, work *jobs.Jobs, suppliers supplier.Registry, owner string, mail flights.Mail) (*flights.Bookings, *checkout.Service, error) {
	var bookings *flights.Bookings
	payments, err := checkout.New(checkout.Deps{DB: p.DB, Jobs: work,
		Gateways: payment.Registry{razorpay.Type: razorpay.New(metrics.Payments, p.Tracing, p.Log.With("component", "payments"), p.Getenv)},
		Settings: p.Payment, Metrics: metrics.Payments, Log: p.Log, PublicURL: cfg.PublicURL, Now: p.Now,
		OnPaid: func(ctx context.Context, tx pgx.Tx, id uuid.UUID, source string) error {
			return bookings.Payments().OnPaid(ctx, tx, id, source)
		},
		OnRefunded: func(ctx context.Context, tx pgx.Tx, r queries.Refund) error {
			return bookings.OnRefunded(ctx, tx, r)
		}})
	if err != nil {
		return nil, nil, err
	}
	bookings, err = flights.NewBookings(flights.BookingsDeps{DB: p.DB, Jobs: work, Suppliers: suppliers, Connectors: p.Connectors, Checkout: payments,
		Log: p.Log, Metrics: metrics.Bookings, Owner: owner, Mail: mail, Now: p.Now})
	if err != nil {
		return nil, nil, err
	}
	if cfg.BookingGiveUpAfter > 0 {
		bookings.GiveUpAfter = cfg.BookingGiveUpAfter
	}
	bookings.CancellationFee = cfg.CancellationFee
	bookings.Seller = cfg.Seller
	return bookings, payments, nil
}

// RunOptions choose what Start runs.
type RunOptions struct {
	// Public and Metrics are the listeners the API and /metrics are served
	// on. Without Public nothing is served: the caller serves Handler
	// itself (internal/apitest), and the workers stop when ctx ends.
	Public, Metrics net.Listener
	// Stepped leaves out the periodic work (the sweeps and clean-ups the
	// job queue's leader schedules, the gauges, reloads of the key and
	// connector files), for tests that take those steps one by one. Jobs
	// inserted by requests are still worked.
	Stepped bool
}

// Running is what Start started; Wait joins it.
type Running struct {
	group *errgroup.Group
	// deregister removes this process's instance row.
	deregister func()
	once       sync.Once
	err        error
}

// Start registers this process in api_instances (book and ticket calls
// need it: their leases name it), then starts under one errgroup every
// goroutine the process runs for itself:
//   - the instance heartbeat;
//   - the session listener, without which the session cache stays unused
//     (auth.Service.Listen);
//   - the check that the mail relay takes mail, when one is configured;
//   - the job queue (internal/jobs), which works every feature's
//     background work: e-mails, reconciliation of unknown bookings, tickets
//     and refunds after payment, expiries, orders and refunds followed at
//     the gateway; and, unless opts.Stepped, the periodic jobs its leader
//     schedules (lease sweep, clean-ups);
//   - unless opts.Stepped, what each replica keeps for itself: its gauges
//     and the reloading of the sign-on keys and of the connector
//     configuration when their files change;
//   - the public and metrics servers, when opts names their listeners.
//
// It all stops in one order, begun by the end of ctx or a public server
// that fails:
//  1. readiness fails, and after ShutdownDelay (time for load balancers to
//     notice) the public server stops accepting; in-flight requests get up
//     to ShutdownGrace to finish, then the metrics server closes;
//  2. the job queue takes no new job from the signal on, and the jobs
//     running get the drain's time to finish (then they are cancelled: a
//     supplier call cut short is settled by the sweep and reconciler);
//  3. the workers stop: they outlive the signal, so the heartbeat keeps the
//     leases of in-flight supplier calls while the server drains;
//  4. Wait, once all of them have returned, removes the instance row, so
//     the other replicas take over what this process still holds at once
//     instead of after its heartbeat expires; no beat can bring it back.
func (a *App) Start(ctx context.Context, opts RunOptions) (*Running, error) {
	if err := a.Instance.Register(ctx); err != nil {
		return nil, err
	}
	// The workers' context ends after the drain, not with ctx.
	work, stopWork := context.WithCancel(context.WithoutCancel(ctx))
	g, failed := errgroup.WithContext(ctx)
	for _, w := range a.workers(opts.Stepped) {
		g.Go(func() error {
			w(work)
			return nil
		})
	}
	g.Go(func() error {
		// Stopped by the signal (or a server that failed), not after the
		// drain: no job starts a 120 s supplier call while the process
		// is going away.
		return a.Jobs.Run(failed, !opts.Stepped, a.cfg.ShutdownDelay+a.cfg.ShutdownGrace)
	})
	var public, metrics *http.Server
	if opts.Public != nil {
		public, metrics = a.servers(ctx)
		g.Go(func() error {
			if err := public.Serve(opts.Public); !errors.Is(err, http.ErrServerClosed) {
				return fmt.Errorf("serve: %w", err)
			}
			return nil
		})
		if opts.Metrics != nil {
			g.Go(func() error {
				// Losing /metrics does not take the API down: a failed
				// metrics listener is reported and the API keeps serving.
				if err := metrics.Serve(opts.Metrics); !errors.Is(err, http.ErrServerClosed) {
					a.log.Error("metrics server stopped", "err", err)
				}
				return nil
			})
		}
	}
	g.Go(func() error {
		defer stopWork()
		<-failed.Done()
		if public != nil {
			a.drain(ctx, public, metrics)
		}
		return nil
	})
	deregister := func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := a.Instance.Stop(sctx); err != nil {
			a.log.Warn("could not deregister the api instance; the others will notice it stopped", "err", err)
		}
	}
	return &Running{group: g, deregister: deregister}, nil
}

// Wait returns once everything Start started has returned and the instance
// row is removed: the first error of a server, or nil. Later calls return
// the same.
func (r *Running) Wait() error {
	r.once.Do(func() {
		r.err = r.group.Wait()
		r.deregister()
	})
	return r.err
}

// workers are the loops Start runs until the drain ends, each blocking
// until its context ends; stepped leaves out the periodic work.
func (a *App) workers(stepped bool) []func(context.Context) {
	w := []func(context.Context){a.Instance.Heartbeat, a.Auth.Listen, a.startUI}
	if a.relay != nil {
		w = append(w, a.checkRelay)
	}
	if stepped {
		return w
	}
	return append(w,
		a.refreshGauges,
		func(ctx context.Context) { a.SSO.Keys().Watch(ctx, 5*time.Second) },
		func(ctx context.Context) { a.connectors.Watch(ctx, 2*time.Second) },
	)
}

// startUI runs the job UI's background refresh until ctx ends.
func (a *App) startUI(ctx context.Context) {
	if err := a.jobsUI.Start(ctx); err != nil {
		a.log.Warn("job UI not started", "err", err)
		return
	}
	<-ctx.Done()
}

// gaugesEvery is how often a replica reads its gauges from the database.
const gaugesEvery = 15 * time.Second

// refreshGauges keeps the booking and outbox gauges (and the outbox
// backlog readiness reports) read from the database. Every replica reads
// its own: each one's /metrics and readiness answer for itself, so this is
// not work for one replica a job would give.
func (a *App) refreshGauges(ctx context.Context) {
	t := time.NewTicker(gaugesEvery)
	defer t.Stop()
	for {
		a.Bookings.RefreshStats(ctx)
		a.Outbox.RefreshStats(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// checkRelay checks once that the mail relay takes mail: one that is down
// or refuses the credentials is reported at once, not at the first e-mail
// (which stays queued and is retried either way).
func (a *App) checkRelay(ctx context.Context) {
	if err := a.relay.Check(ctx); err != nil {
		if ctx.Err() == nil {
			a.log.Error("mail relay unreachable at start-up: e-mails stay queued and are retried", "component", "mail", "err", err)
		}
		return
	}
	a.log.Info("mail relay reachable", "component", "mail")
}

// servers are the public server and the metrics one. Requests keep ctx's
// values but not its end: the drain decides when they stop.
func (a *App) servers(ctx context.Context) (public, metrics *http.Server) {
	errorLog := slog.NewLogLogger(a.log.Handler(), slog.LevelWarn)
	public = &http.Server{
		Handler: a.Handler,
		// Headers must arrive quickly (slow-loris); bodies are small JSON.
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		// Longer than the longest supplier call (120 s) so a slow booking
		// still gets its answer written.
		WriteTimeout:   a.cfg.WriteTimeout,
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       errorLog,
		BaseContext:    func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	// Metrics on their own listener, never through the public router.
	metrics = &http.Server{Handler: a.MetricsHandler, ReadHeaderTimeout: 10 * time.Second, ErrorLog: errorLog}
	return public, metrics
}

// drain stops the servers gracefully: readiness fails first; after the
// delay the listener closes and in-flight requests get up to the grace
// period to finish.
func (a *App) drain(ctx context.Context, public, metrics *http.Server) {
	a.Health.SetDraining()
	a.log.Info("shutting down", "delay", a.cfg.ShutdownDelay.String(), "grace", a.cfg.ShutdownGrace.String())
	if a.cfg.ShutdownDelay > 0 {
		time.Sleep(a.cfg.ShutdownDelay)
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), a.cfg.ShutdownGrace)
	defer cancel()
	if err := public.Shutdown(sctx); err != nil {
		a.log.Warn("grace period over; closing remaining connections", "err", err)
		_ = public.Close()
	}
	_ = metrics.Close()
	a.log.Info("stopped")
}

// sessionsCleanup is the periodic job that deletes ended sessions, sign-in
// states, rate-limit windows and old sign-on redemptions.
type sessionsCleanup struct{}

func (sessionsCleanup) Kind() string { return "sessions.cleanup" }

// addCleanup has the sessions' clean-up run every ten minutes.
func addCleanup(work *jobs.Jobs, svc *auth.Service, sign *sso.Handler) {
	jobs.AddFunc(work, time.Minute, func(ctx context.Context, _ *river.Job[sessionsCleanup]) error {
		return errors.Join(svc.Cleanup(ctx), sign.Cleanup(ctx))
	})
	work.Every(10*time.Minute, func() river.JobArgs { return sessionsCleanup{} })
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
