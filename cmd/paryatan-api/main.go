// Command paryatan-api is Paryatan's stateless API server: the REST routes,
// the built web app, health probes and Prometheus metrics.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
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
	// After the first signal, a second one kills the process at once
	// instead of waiting for the drain.
	context.AfterFunc(ctx, stop)
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "paryatan-api:", err)
		os.Exit(1)
	}
}

// run opens what the app runs on (the listeners, the database, in local
// mode the simulators), runs the app (app.App.Start) until ctx is
// cancelled and it has drained, then releases everything it opened.
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
	// Metrics on their own listener, never through the public router.
	mln, err := new(net.ListenConfig).Listen(ctx, "tcp", cfg.MetricsAddr)
	if err != nil {
		return fmt.Errorf("listen for metrics on %s: %w", cfg.MetricsAddr, err)
	}
	defer mln.Close()

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

	running, err := api.Start(ctx, app.RunOptions{Public: ln, Metrics: mln})
	if err != nil {
		return err
	}
	addr := ln.Addr().(*net.TCPAddr)
	fmt.Fprintf(stdout, "Paryatan is running at http://localhost:%d\n", addr.Port)
	fmt.Fprintf(stdout, "Metrics at http://%s/metrics\n", mln.Addr())
	log.Info("listening", "port", addr.Port, "mode", cfg.Mode, "public_url", cfg.PublicURL, "metrics", mln.Addr().String(), "version", version, "tracing", tracing.Exporting, "instance", api.Instance.ID)
	return running.Wait()
}
