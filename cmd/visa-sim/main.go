// Command visa-sim serves the simulated partner visa site
// (internal/visasim) on its own: GET /sso/consume redeems a Paryatan
// sign-in ticket against -api and starts a session, every other GET path is
// the partner's visa page. Point Paryatan's VISA_PARTNER_ORIGIN at it and
// give both the same secret (VISA_PARTNER_SECRET). Every other flag has an
// environment fallback (VISA_SIM_ADDR for -addr…); run with -h for the
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
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/paryatan/paryatan/internal/visasim"
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
		fmt.Fprintln(os.Stderr, "visa-sim:", err)
		os.Exit(2)
	}
}

// run parses the flags, serves the simulator and blocks until ctx ends.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("visa-sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	env := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	addr := fs.String("addr", env("VISA_SIM_ADDR", "127.0.0.1:8070"), "listen address (VISA_SIM_ADDR)")
	api := fs.String("api", env("VISA_SIM_API", "http://localhost:8080"), "Paryatan's API base URL, where tickets are redeemed (VISA_SIM_API)")
	// The secret is Paryatan's own setting by the same name: one value to
	// give both.
	secret := fs.String("secret", env("VISA_PARTNER_SECRET", ""), "the password of the partner's Basic credentials at the redeem endpoint (VISA_PARTNER_SECRET)")
	frameAncestors := fs.String("frame-ancestors", env("VISA_SIM_FRAME_ANCESTORS", ""),
		"who may frame the pages, CSP sources separated by spaces; default the origin of -api (VISA_SIM_FRAME_ANCESTORS)")
	sessionLifetime := fs.String("session-lifetime", env("VISA_SIM_SESSION_LIFETIME", visasim.DefaultSessionLifetime.String()),
		"how long a sign-in lasts (VISA_SIM_SESSION_LIFETIME)")
	logJSON := fs.Bool("log-json", env("VISA_SIM_LOG_JSON", "false") == "true", "log JSON lines instead of text (VISA_SIM_LOG_JSON=true)")
	logLevel := fs.String("log-level", env("VISA_SIM_LOG_LEVEL", "info"), "debug logs every request (VISA_SIM_LOG_LEVEL)")
	grace := fs.String("grace", env("VISA_SIM_GRACE", "5s"), "how long requests in progress may finish on shutdown (VISA_SIM_GRACE)")
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
			errs = append(errs, fmt.Errorf("-%s %q: want a positive duration like 30m", name, v))
		}
		return d
	}
	opts := visasim.Options{APIURL: strings.TrimSpace(*api), Secret: *secret, FrameAncestors: *frameAncestors,
		SessionLifetime: duration("session-lifetime", *sessionLifetime)}
	graceD := duration("grace", *grace)
	if err := visasim.CheckAPIURL(opts.APIURL); err != nil {
		errs = append(errs, fmt.Errorf("-api: %w", err))
	} else if strings.TrimSpace(opts.FrameAncestors) == "" {
		u, _ := url.Parse(opts.APIURL)
		opts.FrameAncestors = u.Scheme + "://" + u.Host
	}
	if opts.FrameAncestors != "" {
		if err := visasim.CheckFrameAncestors(opts.FrameAncestors); err != nil {
			errs = append(errs, fmt.Errorf("-frame-ancestors: %w", err))
		}
	}
	if strings.TrimSpace(*secret) == "" {
		errs = append(errs, errors.New("-secret (or VISA_PARTNER_SECRET) must not be empty: it is what Paryatan checks when a ticket is redeemed"))
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
	fmt.Fprintf(stdout, "visa-sim listening on %s\n", base)
	fmt.Fprintf(stdout, "  sign-in      %s/sso/consume?ticket=…&ret=…\n", base)
	fmt.Fprintf(stdout, "  visa page    %s%s\n", base, visasim.DefaultReturnPath)
	fmt.Fprintf(stdout, "  redeems at   %s/api/v1/sso/redeem (Basic auth %s:…)\n", strings.TrimRight(opts.APIURL, "/"), visasim.Audience)
	log.Info("serving", "addr", ln.Addr().String(), "api", opts.APIURL, "frame_ancestors", opts.FrameAncestors,
		"session_lifetime", opts.SessionLifetime)

	err = visasim.New(opts).Serve(ctx, ln, graceD)
	log.Info("stopped")
	return err
}
