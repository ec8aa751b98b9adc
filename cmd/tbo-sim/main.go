// Command tbo-sim serves the simulated flight supplier (internal/supplier/sim)
// on its own, for load and fault tests and for pointing a client at it by
// hand. Every flag has an environment fallback (TBO_SIM_ADDR for -addr…);
// run with -h for the list. The -require-pan, -require-passport,
// -require-gst, -no-gst and -require-at flags set the shares of fares that
// need travel documents (sim.Documents); PUT /_sim/documents changes them
// while it runs. -departures multiplies every carrier's departures a day
// (sim.Options.Departures), for long result lists: with 4 a one-way BOM-DEL
// search answers over 300 results. -cancel-acknowledge-after,
// -cancel-complete-after and -cancel-instant-lcc set how change requests
// (cancellations) move to Completed (sim.Cancellations); PUT
// /_sim/cancellations changes them while it runs, and "0s" for both
// durations makes every cancellation instant.
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
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// defaultLatency is a supplier on a normal day: searches take a second or
// two, bookings and tickets several, with long tails.
const defaultLatency = "Search=lognormal:p50=1500ms,p99=8s;Book=lognormal:p50=3s,p99=20s;" +
	"Ticket=lognormal:p50=4s,p99=30s;*=lognormal:p50=300ms,p99=2s"

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
		fmt.Fprintln(os.Stderr, "tbo-sim:", err)
		os.Exit(2)
	}
}

// run parses the flags, serves the simulator and blocks until ctx ends.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tbo-sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	env := func(name, def string) string {
		if v := strings.TrimSpace(getenv("TBO_SIM_" + name)); v != "" {
			return v
		}
		return def
	}
	addr := fs.String("addr", env("ADDR", "127.0.0.1:8090"), "listen address (TBO_SIM_ADDR)")
	seed := fs.String("seed", env("SEED", "1"), "seed of the generated flights and fares (TBO_SIM_SEED)")
	latency := fs.String("latency", env("LATENCY", defaultLatency),
		"answer delay: a duration, uniform:MIN-MAX, lognormal:p50=D,p99=D, or per method as Search=…;Book=…;*=… (TBO_SIM_LATENCY)")
	errorRate := fs.String("error-rate", env("ERROR_RATE", "0"), "share of calls failed with a supplier error, 0-1 (TBO_SIM_ERROR_RATE)")
	dropRate := fs.String("drop-rate", env("DROP_RATE", "0"), "share of calls whose connection is dropped, 0-1 (TBO_SIM_DROP_RATE)")
	dropWhen := fs.String("drop-when", env("DROP_WHEN", "after"), "whether a dropped call did its work first: after or before (TBO_SIM_DROP_WHEN)")
	slowRate := fs.String("slow-body-rate", env("SLOW_BODY_RATE", "0"), "share of answers trickled slowly, 0-1 (TBO_SIM_SLOW_BODY_RATE)")
	slowBody := fs.String("slow-body", env("SLOW_BODY", sim.DefaultSlowBody.String()), "how long a slow answer takes to arrive (TBO_SIM_SLOW_BODY)")
	priceChange := fs.String("price-change", env("PRICE_CHANGE", "0"), "probability of a fare rise at FareQuote, Book or Ticket, 0-1 (TBO_SIM_PRICE_CHANGE)")
	requirePAN := fs.String("require-pan", env("REQUIRE_PAN", "0"), "share of fares that need the adults' PAN, 0-1 (TBO_SIM_REQUIRE_PAN)")
	requirePassport := fs.String("require-passport", env("REQUIRE_PASSPORT", "0"),
		"share of fares that need every passenger's passport, 0-1; international full-service fares always do at Ticket (TBO_SIM_REQUIRE_PASSPORT)")
	requireGST := fs.String("require-gst", env("REQUIRE_GST", "0"), "share of fares that need a company's GST details, 0-1 (TBO_SIM_REQUIRE_GST)")
	noGST := fs.String("no-gst", env("NO_GST", "0"), "share of fares that take no GST details, 0-1 (TBO_SIM_NO_GST)")
	requireAt := fs.String("require-at", env("REQUIRE_AT", sim.DocumentsAtBook), "when PAN and passports are asked for: book or ticket (TBO_SIM_REQUIRE_AT)")
	tokenTTL := fs.String("token-ttl", env("TOKEN_TTL", "0"), "token lifetime; 0 means until midnight in India (TBO_SIM_TOKEN_TTL)")
	traceTTL := fs.String("trace-ttl", env("TRACE_TTL", sim.DefaultTraceLifetime.String()), "TraceId lifetime (TBO_SIM_TRACE_TTL)")
	clientID := fs.String("client-id", env("CLIENT_ID", sim.DefaultCredential.ClientID), "accepted ClientId (TBO_SIM_CLIENT_ID)")
	userName := fs.String("username", env("USERNAME", sim.DefaultCredential.UserName), "accepted UserName (TBO_SIM_USERNAME)")
	password := fs.String("password", env("PASSWORD", sim.DefaultCredential.Password), "accepted Password (TBO_SIM_PASSWORD)")
	logLevel := fs.String("log-level", env("LOG_LEVEL", "info"), "debug logs every call (TBO_SIM_LOG_LEVEL)")
	grace := fs.String("grace", env("GRACE", "5s"), "how long calls in progress may finish on shutdown (TBO_SIM_GRACE)")
	departures := fs.String("departures", env("DEPARTURES", "1"),
		fmt.Sprintf("multiplies every carrier's departures a day, 1-%d, for long result lists: 4 gives BOM-DEL over 300 one-way results (TBO_SIM_DEPARTURES)", sim.MaxDepartures))
	cancelAck := fs.String("cancel-acknowledge-after", env("CANCEL_ACKNOWLEDGE_AFTER", sim.DefaultCancellations.AcknowledgeAfter.String()),
		"how long a change request stays Unassigned (or Pending) before it is Acknowledged (TBO_SIM_CANCEL_ACKNOWLEDGE_AFTER)")
	cancelDone := fs.String("cancel-complete-after", env("CANCEL_COMPLETE_AFTER", sim.DefaultCancellations.CompleteAfter.String()),
		"how long a change request takes to be Completed, the ticket cancelled and refunded; 0s: at once (TBO_SIM_CANCEL_COMPLETE_AFTER)")
	cancelInstant := fs.String("cancel-instant-lcc", env("CANCEL_INSTANT_LCC", strconv.FormatFloat(sim.DefaultCancellations.InstantLCC, 'g', -1, 64)),
		"share of low-cost airlines whose cancellations complete at once, 0-1 (TBO_SIM_CANCEL_INSTANT_LCC)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}

	var errs []error
	rate := func(name, v string) float64 {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || f > 1 {
			errs = append(errs, fmt.Errorf("-%s %q: want a number from 0 to 1", name, v))
		}
		return f
	}
	duration := func(name, v string) time.Duration {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			errs = append(errs, fmt.Errorf("-%s %q: want a duration like 15m", name, v))
		}
		return d
	}
	opts := sim.Options{
		ErrorRate:     rate("error-rate", *errorRate),
		DropRate:      rate("drop-rate", *dropRate),
		SlowBodyRate:  rate("slow-body-rate", *slowRate),
		PriceChange:   rate("price-change", *priceChange),
		SlowBody:      duration("slow-body", *slowBody),
		TokenLifetime: duration("token-ttl", *tokenTTL),
		TraceLifetime: duration("trace-ttl", *traceTTL),
		Credentials:   []sim.Credential{{ClientID: *clientID, UserName: *userName, Password: *password}},
		Documents: sim.Documents{PAN: rate("require-pan", *requirePAN), Passport: rate("require-passport", *requirePassport),
			GST: rate("require-gst", *requireGST), NoGST: rate("no-gst", *noGST), At: *requireAt},
	}
	cancellations := sim.Cancellations{AcknowledgeAfter: duration("cancel-acknowledge-after", *cancelAck),
		CompleteAfter: duration("cancel-complete-after", *cancelDone), InstantLCC: rate("cancel-instant-lcc", *cancelInstant)}
	opts.Cancellations = &cancellations
	graceD := duration("grace", *grace)
	var err error
	if opts.Departures, err = strconv.Atoi(*departures); err != nil || opts.Departures < 1 || opts.Departures > sim.MaxDepartures {
		errs = append(errs, fmt.Errorf("-departures %q: want a whole number from 1 to %d", *departures, sim.MaxDepartures))
	}
	if opts.Seed, err = strconv.ParseUint(*seed, 10, 64); err != nil {
		errs = append(errs, fmt.Errorf("-seed %q: want a non-negative integer", *seed))
	}
	if opts.Latency, opts.MethodLatency, err = sim.ParseLatencies(*latency); err != nil {
		errs = append(errs, fmt.Errorf("-latency: %w", err))
	}
	switch strings.ToLower(strings.TrimSpace(*requireAt)) {
	case sim.DocumentsAtBook, sim.DocumentsAtTicket:
	default:
		errs = append(errs, fmt.Errorf("-require-at %q: want book or ticket", *requireAt))
	}
	if opts.DropWhen, err = sim.ParseDropPoint(*dropWhen); err != nil || opts.DropWhen == sim.DropNone {
		errs = append(errs, fmt.Errorf("-drop-when %q: want after or before", *dropWhen))
	}
	if err := cancellations.Check(); err != nil && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("-cancel-acknowledge-after, -cancel-complete-after: %w", err))
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		errs = append(errs, fmt.Errorf("-log-level %q: want debug, info, warn or error", *logLevel))
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	opts.Documents, _ = opts.Documents.Check() // checked above; writes At in full
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	opts.Logger = log

	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	base := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "tbo-sim listening on %s\n", base)
	fmt.Fprintf(stdout, "  Authenticate  %s/SharedServices/SharedData.svc/rest/Authenticate\n", base)
	fmt.Fprintf(stdout, "  Air methods   %s/BookingEngineService_Air/AirService.svc/rest/{Method}\n", base)
	fmt.Fprintf(stdout, "  credentials   ClientId=%s UserName=%s Password=%s\n", *clientID, *userName, *password)
	fmt.Fprintf(stdout, "  control       GET %[1]s%[2]sbookings, GET|PUT|DELETE %[1]s%[2]sfaults, GET|PUT|DELETE %[1]s%[2]sdocuments, GET|PUT|DELETE %[1]s%[2]scancellations\n",
		base, sim.AdminPrefix)
	log.Info("serving", "addr", ln.Addr().String(), "seed", opts.Seed, "latency", *latency,
		"error_rate", opts.ErrorRate, "drop_rate", opts.DropRate, "price_change", opts.PriceChange,
		"require_pan", opts.Documents.PAN, "require_passport", opts.Documents.Passport, "require_gst", opts.Documents.GST,
		"no_gst", opts.Documents.NoGST, "require_at", opts.Documents.At, "departures", opts.Departures,
		"cancel_acknowledge_after", cancellations.AcknowledgeAfter, "cancel_complete_after", cancellations.CompleteAfter,
		"cancel_instant_lcc", cancellations.InstantLCC)

	err = sim.New(opts).Serve(ctx, ln, graceD)
	log.Info("stopped")
	return err
}
