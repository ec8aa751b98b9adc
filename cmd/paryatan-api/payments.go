package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/platform/config"
)

// setupPayments returns the payment gateway's settings: the file named by
// PAYMENTS_FILE; or, in local mode when none is named, settings for the
// built-in Razorpay simulator, started here on a loopback port, whose
// webhooks go to this server. stop ends what was started. Production
// without PAYMENTS_FILE never gets here (config.Load refuses it).
func setupPayments(ctx context.Context, cfg config.Config, log *slog.Logger) (g *payment.Settings, stop func(context.Context) error, err error) {
	noop := func(context.Context) error { return nil }
	if cfg.PaymentsFile != "" {
		g, err := payment.Load(cfg.PaymentsFile)
		if err != nil {
			return nil, noop, err
		}
		log.Info("payment gateway configured", "file", cfg.PaymentsFile, "gateway", g.Name, "api", g.Endpoints.API)
		return g, noop, nil
	}
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, noop, fmt.Errorf("payment gateway simulator: %w", err)
	}
	//nolint:contextcheck // the simulator's webhook deliveries live until its Close (stop), not a request
	sim := rzpsim.New(rzpsim.Options{KeyID: rzpsim.DefaultKeyID, KeySecret: rzpsim.DefaultKeySecret,
		WebhookURL: cfg.PublicURL + "/api/v1/payments/razorpay/webhook", WebhookSecret: rzpsim.DefaultWebhookSecret,
		Logger: log.With("component", "razorpay-sim")})
	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("payment gateway simulator stopped", "err", err)
		}
	}()
	stop = func(ctx context.Context) error {
		defer sim.Close()
		return srv.Shutdown(ctx)
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil { //nolint:gosec // the embedded PostgreSQL's user must enter it
		return nil, stop, err
	}
	base := "http://" + ln.Addr().String()
	if g, err = rzpsim.LocalSettings(cfg.DataDir, base); err != nil {
		return nil, stop, err
	}
	log.Info("no PAYMENTS_FILE: using the built-in payment gateway simulator", "url", base)
	return g, stop, nil
}
