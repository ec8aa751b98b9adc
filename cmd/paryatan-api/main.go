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

	"github.com/paryatan/paryatan/internal/app"
	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/platform/pgembed"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
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
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", net.JoinHostPort("", strconv.Itoa(cfg.Port)))
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
	gateway, stopGateway, err := setupPayments(ctx, cfg, log)
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		err = errors.Join(err, stopGateway(sctx))
	}()
	if err != nil {
		return err
	}
	visaOrigin, visaSecret, stopVisa, err := setupVisaPartner(ctx, cfg, ln.Addr().(*net.TCPAddr).Port, log)
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		err = errors.Join(err, stopVisa(sctx))
	}()
	if err != nil {
		return err
	}
	cfg.VisaPartnerOrigin, cfg.VisaPartnerSecret = visaOrigin, visaSecret
	api, err := app.New(cfg, app.Parts{DB: pool, Connectors: connectors, Payment: gateway, Web: web.Dist(), Log: log, Metrics: metrics,
		Tracing: tracing.Provider, Propagator: otel.GetTextMapPropagator(), Getenv: getenv})
	if err != nil {
		return err
	}

	// The process's heartbeat and the background work outlive the signal:
	// in-flight supplier calls keep their leases while the server drains,
	// and what this process still holds afterwards is handed over at once
	// when its row is removed.
	background, stopBackground := context.WithCancel(context.WithoutCancel(ctx))
	defer stopBackground()
	if err := api.Start(background); err != nil {
		return err
	}
	defer func() {
		stopBackground()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := api.Stop(sctx); err != nil {
			log.Warn("could not deregister the api instance; the others will notice it stopped", "err", err)
		}
	}()
	api.RunBackground(background)
	health := api.Health
	handler := api.Handler

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
	mln, err := new(net.ListenConfig).Listen(ctx, "tcp", cfg.MetricsAddr)
	if err != nil {
		_ = ln.Close()
		return fmt.Errorf("listen for metrics on %s: %w", cfg.MetricsAddr, err)
	}
	metricsSrv := &http.Server{Handler: api.MetricsHandler, ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() { _ = metricsSrv.Serve(mln) }()
	defer metricsSrv.Close()

	addr := ln.Addr().(*net.TCPAddr)
	fmt.Fprintf(stdout, "Paryatan is running at http://localhost:%d\n", addr.Port)
	fmt.Fprintf(stdout, "Metrics at http://%s/metrics\n", mln.Addr())
	log.Info("listening", "port", addr.Port, "mode", cfg.Mode, "public_url", cfg.PublicURL, "metrics", mln.Addr().String(), "version", version, "tracing", tracing.Exporting, "instance", api.Instance.ID)

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
