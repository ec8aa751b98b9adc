// Command paryatan-api is Paryatan's stateless API server: the REST routes,
// the built web app, health probes and Prometheus metrics.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"go.opentelemetry.io/otel"

	"github.com/paryatan/paryatan/internal/account"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/httpapi"
	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/platform/pgembed"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
	"github.com/paryatan/paryatan/web"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	go func() {
		// After the first signal, a second one kills the process at once
		// instead of waiting for the drain.
		<-ctx.Done()
		stop()
	}()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "paryatan-api:", err)
		os.Exit(1)
	}
}

// run starts the server and blocks until ctx is cancelled, then drains
// in-flight requests and releases everything it started.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) (err error) {
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	log := telemetry.NewLogger(stderr, cfg.LogFormat, cfg.LogLevel)

	tracing, err := telemetry.SetupTracing(ctx, getenv, version)
	if err != nil {
		return err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		err = errors.Join(err, tracing.Shutdown(sctx))
	}()

	// Listen first: in local mode the site's origin is this port.
	ln, err := net.Listen("tcp", net.JoinHostPort("", strconv.Itoa(cfg.Port)))
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	defer ln.Close()
	if cfg.PublicURL == "" {
		cfg.PublicURL = fmt.Sprintf("http://localhost:%d", ln.Addr().(*net.TCPAddr).Port)
	}

	dbURL := cfg.DatabaseURL
	if dbURL == "" {
		cluster, err := pgembed.Start(ctx, pgembed.Options{
			Dir:    filepath.Join(cfg.DataDir, "postgres"),
			BinDir: getenv("PG_BIN_DIR"),
			RunAs:  getenv("PG_RUN_AS"),
			Logger: log.With("component", "pgembed"),
		})
		if err != nil {
			return fmt.Errorf("embedded postgres: %w", err)
		}
		defer func() {
			sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 90*time.Second)
			defer cancel()
			err = errors.Join(err, cluster.Stop(sctx))
		}()
		dbURL = cluster.URL
	}

	pool, err := store.Open(ctx, dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	applied, err := store.Migrate(ctx, pool, store.Migrations())
	if err != nil {
		return err
	}
	log.Info("database ready", "migrations_applied", len(applied))

	// Mail goes to the log only in local mode (configuration refuses
	// production without SMTP_URL).
	var mailer auth.Mailer = auth.LogMailer{Log: log.With("component", "mail")}
	if cfg.SMTPURL != "" {
		if mailer, err = auth.NewSMTPMailer(cfg.SMTPURL, cfg.SMTPFrom); err != nil {
			return err
		}
	}
	providers := map[string]*auth.Provider{}
	if cfg.Google.ClientID != "" {
		providers["google"] = &auth.Provider{Name: "google", Issuer: cfg.Google.Issuer,
			ClientID: cfg.Google.ClientID, ClientSecret: cfg.Google.ClientSecret}
	}
	authCfg := auth.DefaultConfig()
	authCfg.PublicURL = cfg.PublicURL
	authSvc := auth.NewService(pool, authCfg, mailer, providers, log)
	go cleanupLoop(ctx, authSvc, log)

	metrics := telemetry.NewMetrics()
	connectors, stopSim, err := setupConnectors(ctx, cfg, metrics, log)
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		err = errors.Join(err, stopSim(sctx))
	}()
	if err != nil {
		return err
	}
	supplierClient := tbo.NewClient(tbo.NewPGTokens(pool), metrics.Supplier, tracing.Provider, log.With("component", "supplier"), getenv)

	// The process's heartbeat and the booking machine's background work
	// outlive the signal: in-flight supplier calls keep their leases while
	// the server drains, and what this process still holds afterwards is
	// handed over at once when its row is removed.
	background, stopBackground := context.WithCancel(context.WithoutCancel(ctx))
	defer stopBackground()
	self := instance.New(pool, log)
	if err := self.Start(background); err != nil {
		return err
	}
	defer func() {
		stopBackground()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := self.Stop(sctx); err != nil {
			log.Warn("could not deregister the api instance; the others will notice it stopped", "err", err)
		}
	}()
	flightsHandler := flights.NewHandler(flights.Deps{Connectors: connectors, Supplier: supplierClient, DB: pool,
		Log: log, Metrics: metrics, Instance: self.ID, Limits: &flights.Limits{PerClientPerMinute: cfg.SupplierRatePerMinute,
			PerClientBurst: cfg.SupplierRateBurst, MaxInFlight: cfg.SupplierMaxInFlight},
		GiveUpAfter: cfg.BookingGiveUpAfter})
	go flightsHandler.Bookings().Maintain(background, connectors)

	health := httpapi.NewHealth(pool, store.Migrations(), log)
	handler, err := httpapi.NewServer(httpapi.Deps{
		Logger:     log,
		DB:         pool,
		Metrics:    metrics,
		Tracing:    tracing.Provider,
		Propagator: otel.GetTextMapPropagator(),
		Web:        web.Dist(),
		WebConfig:  httpapi.RuntimeConfig{VisaPartnerOrigin: cfg.VisaPartnerOrigin},
		HSTS:       cfg.Secure(),
		APIDocs:    cfg.APIDocs(),
		Migrations: store.Migrations(),
		Health:     health,
		ClientIP:   clientip.New(cfg.TrustedProxies),
		Auth:       auth.NewHandler(authSvc, log),
		Account:    account.NewHandler(pool, log),
		Flights:    flightsHandler,
	})
	if err != nil {
		return err
	}

	srv := &http.Server{
		Handler: handler,
		// Headers must arrive quickly (slow-loris); bodies are small JSON.
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		// Longer than the longest supplier call (120 s) so a slow booking
		// still gets its answer written.
		WriteTimeout:   cfg.WriteTimeout,
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:    func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	// Metrics on their own listener, never through the public router.
	mln, err := net.Listen("tcp", cfg.MetricsAddr)
	if err != nil {
		_ = ln.Close()
		return fmt.Errorf("listen for metrics on %s: %w", cfg.MetricsAddr, err)
	}
	metricsSrv := &http.Server{Handler: httpapi.MetricsHandler(metrics), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() { _ = metricsSrv.Serve(mln) }()
	defer metricsSrv.Close()

	addr := ln.Addr().(*net.TCPAddr)
	fmt.Fprintf(stdout, "Paryatan is running at http://localhost:%d\n", addr.Port)
	fmt.Fprintf(stdout, "Metrics at http://%s/metrics\n", mln.Addr())
	log.Info("listening", "port", addr.Port, "mode", cfg.Mode, "public_url", cfg.PublicURL, "metrics", mln.Addr().String(), "version", version, "tracing", tracing.Exporting, "instance", self.ID)

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}

	// Drain: readiness fails first; after the optional delay (time for load
	// balancers to notice) the listener closes and in-flight requests get up
	// to the grace period to finish.
	health.SetDraining()
	log.Info("shutting down", "delay", cfg.ShutdownDelay.String(), "grace", cfg.ShutdownGrace.String())
	if cfg.ShutdownDelay > 0 {
		time.Sleep(cfg.ShutdownDelay)
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("grace period over; closing remaining connections", "err", err)
		_ = srv.Close()
	}
	log.Info("stopped")
	return nil
}

// cleanupLoop deletes ended sessions, sign-in states and rate-limit windows
// every ten minutes until ctx ends. Every replica runs it; the deletes are
// idempotent.
func cleanupLoop(ctx context.Context, svc *auth.Service, log *slog.Logger) {
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
		}
	}
}
