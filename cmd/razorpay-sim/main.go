// Command razorpay-sim serves the simulated Razorpay gateway
// (internal/payment/rzpsim) on its own: the API under /v1, the hosted
// checkout at /v1/checkout/embedded, and the simulator's controls under
// /_sim/. Point Paryatan's Razorpay base URL at it. Every flag has an
// environment fallback (RAZORPAY_SIM_ADDR for -addr…); run with -h for the
// list.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	go func() {
		// After the first signal, a second one kills the process at once
		// instead of waiting for the drain.
		<-ctx.Done()
		stop()
	}()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "razorpay-sim:", err)
		os.Exit(2)
	}
}

// run parses the flags, serves the simulator and blocks until ctx ends.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("razorpay-sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	env := func(name, def string) string {
		if v := strings.TrimSpace(getenv("RAZORPAY_SIM_" + name)); v != "" {
			return v
		}
		return def
	}
	addr := fs.String("addr", env("ADDR", "127.0.0.1:9090"), "listen address (RAZORPAY_SIM_ADDR)")
	keyID := fs.String("key-id", env("KEY_ID", rzpsim.DefaultKeyID), "the API key id accepted (RAZORPAY_SIM_KEY_ID)")
	keySecret := fs.String("key-secret", env("KEY_SECRET", rzpsim.DefaultKeySecret), "the API key secret accepted (RAZORPAY_SIM_KEY_SECRET)")
	webhookURL := fs.String("webhook-url", env("WEBHOOK_URL", ""), "where events are posted; empty sends none (RAZORPAY_SIM_WEBHOOK_URL)")
	webhookSecret := fs.String("webhook-secret", env("WEBHOOK_SECRET", rzpsim.DefaultWebhookSecret), "the secret events are signed with (RAZORPAY_SIM_WEBHOOK_SECRET)")
	pendingDelay := fs.String("pending-delay", env("PENDING_DELAY", rzpsim.DefaultPendingDelay.String()), "how long a pending UPI payment waits before it completes (RAZORPAY_SIM_PENDING_DELAY)")
	refundDelay := fs.String("refund-delay", env("REFUND_DELAY", rzpsim.DefaultRefundDelay.String()), "how long a refund stays pending (RAZORPAY_SIM_REFUND_DELAY)")
	retries := fs.String("webhook-retries", env("WEBHOOK_RETRIES", joinDurations(rzpsim.DefaultRetryDelays)),
		"waits between webhook delivery attempts, comma-separated; empty: one attempt (RAZORPAY_SIM_WEBHOOK_RETRIES)")
	logJSON := fs.Bool("log-json", env("LOG_JSON", "false") == "true", "log JSON lines instead of text (RAZORPAY_SIM_LOG_JSON=true)")
	logLevel := fs.String("log-level", env("LOG_LEVEL", "info"), "debug logs every call (RAZORPAY_SIM_LOG_LEVEL)")
	grace := fs.String("grace", env("GRACE", "5s"), "how long calls in progress may finish on shutdown (RAZORPAY_SIM_GRACE)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}

	var errs []error
	duration := func(name, v string) time.Duration {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d <= 0 {
			errs = append(errs, fmt.Errorf("-%s %q: want a positive duration like 15s", name, v))
		}
		return d
	}
	opts := rzpsim.Options{
		KeyID: *keyID, KeySecret: *keySecret, WebhookURL: *webhookURL, WebhookSecret: *webhookSecret,
		PendingDelay: duration("pending-delay", *pendingDelay), RefundDelay: duration("refund-delay", *refundDelay),
		RetryDelays: []time.Duration{},
	}
	if strings.TrimSpace(*retries) != "" {
		for _, part := range strings.Split(*retries, ",") {
			opts.RetryDelays = append(opts.RetryDelays, duration("webhook-retries", part))
		}
	}
	graceD := duration("grace", *grace)
	if strings.TrimSpace(*keyID) == "" || strings.TrimSpace(*keySecret) == "" {
		errs = append(errs, errors.New("-key-id and -key-secret must not be empty"))
	}
	if *webhookURL != "" {
		if err := (rzpsim.WebhookSettings{URL: *webhookURL, Secret: *webhookSecret}).Check(); err != nil {
			errs = append(errs, fmt.Errorf("-webhook-url: %w", err))
		}
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		errs = append(errs, fmt.Errorf("-log-level %q: want debug, info, warn or error", *logLevel))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	var handler slog.Handler = slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})
	if *logJSON {
		handler = slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level})
	}
	log := slog.New(handler)
	opts.Logger = log

	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	base := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "razorpay-sim listening on %s\n", base)
	fmt.Fprintf(stdout, "  API          %s/v1/ (Basic auth %s:%s)\n", base, *keyID, *keySecret)
	fmt.Fprintf(stdout, "  checkout     POST %s/v1/checkout/embedded\n", base)
	fmt.Fprintf(stdout, "  control      %s%s{webhook,deliveries,faults,orders}\n", base, rzpsim.AdminPrefix)
	log.Info("serving", "addr", ln.Addr().String(), "webhook_url", *webhookURL,
		"pending_delay", opts.PendingDelay, "refund_delay", opts.RefundDelay, "webhook_retries", *retries)

	sim := rzpsim.New(opts) //nolint:contextcheck // webhook deliveries live until the simulator's Close, not a request
	err = sim.Serve(ctx, ln, graceD)
	log.Info("stopped")
	return err
}

func joinDurations(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.String()
	}
	return strings.Join(parts, ",")
}
