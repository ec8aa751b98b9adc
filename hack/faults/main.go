// Command faults is the booking fault drill: real PostgreSQL, the built
// paryatan-api, tbo-sim and razorpay-sim binaries as child processes, and
// faults struck while the supplier holds a committed Book or Ticket. It
// checks that no booking is lost or doubled whatever dies, that no ticket
// is issued unpaid nor a payment left without its ticket or refund, and
// that every refund is made once and processed. `go test ./hack/faults`
// runs every case briefly (see faults_test.go); this command runs the long
// soak:
//
//	go run ./hack/faults -bookings 2000            # concurrent bookings, replicas killed
//	go run ./hack/faults -bookings 0 -runs 5       # only the scripted cases, 5 runs each
//	go run ./hack/faults -bookings 0 -runs 2 -cases cancel-kill-9,cancel-late
//
// It prints one table row per case and exits 1 when any case found a lost,
// doubled or stuck booking, an unpaid ticket, a paid booking neither
// ticketed nor refunded, a refund made twice or left unprocessed, a
// cancellation not ended cancelled, a change request sent twice, a
// cancellation's refund missing or doubled, a "Refund processed" e-mail
// doubled, or a replay that was refused, failed or slow.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "faults:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("faults", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bookings := fs.Int("bookings", 2000, "bookings of the load case (half GDS, half LCC); 0 skips it")
	concurrency := fs.Int("concurrency", 200, "bookings of the load case in flight at once")
	latency := fs.Duration("latency", time.Second, "supplier latency of Book and Ticket in the load case")
	runs := fs.Int("runs", 0, "also run every scripted case this many times")
	binDir := fs.String("bin", getenv("PARYATAN_BIN_DIR"), "directory holding paryatan-api, tbo-sim and razorpay-sim (PARYATAN_BIN_DIR); empty builds them")
	keep := fs.Bool("keep", false, "keep the working directory (logs, database) after the run")
	only := fs.String("cases", "", "comma-separated names of the cases to run (default: all those -runs and -bookings ask for)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *bookings < 0 || *runs < 0 || *concurrency < 1 {
		return errors.New("-bookings and -runs must not be negative, -concurrency at least 1")
	}

	dir, err := os.MkdirTemp("", "paryatan-faults-")
	if err != nil {
		return err
	}
	if err := Traversable(dir); err != nil {
		return err
	}
	if *keep {
		fmt.Fprintln(stdout, "working directory:", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	logf := func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }
	w := &World{Dir: dir, Logf: logf}
	defer w.Close()
	if w.Bin, err = FindBinaries(ctx, *binDir, filepath.Join(dir, "bin")); err != nil {
		return err
	}
	pg, err := w.StartPostgres(ctx, filepath.Join(dir, "pg"))
	if err != nil {
		return err
	}

	var cases []Case
	if *runs > 0 {
		cases = append(Cases(*runs), CancelCases(*runs)...)
	}
	if *bookings > 0 {
		cases = append(cases, LoadCase(*bookings, *concurrency, *latency))
	}
	if *only != "" {
		cases = Pick(cases, *only)
		if len(cases) == 0 {
			return fmt.Errorf("-cases %s: no such case among those -runs and -bookings ask for", *only)
		}
	}
	start := time.Now()
	results := RunAll(ctx, w, pg, cases, logf)
	failed := false
	rows := make([]*Tally, len(results))
	for i, r := range results {
		rows[i] = r.Tally
		for _, d := range r.Tally.Details {
			logf("%s: %s", r.Tally.Case, d)
		}
		if r.Err != nil {
			logf("%s: %v", r.Tally.Case, r.Err)
		}
		if r.Failed() {
			failed = true
			logf("==== %s: logs\n%s", r.Tally.Case, r.Logs)
		}
	}
	fmt.Fprint(stdout, Table(rows))
	fmt.Fprintf(stdout, "wall time %s\n", time.Since(start).Round(time.Second))
	if failed {
		return errors.New("bookings were lost, doubled or stuck, tickets unpaid, payments left undone, refunds doubled or undone, " +
			"cancellations lost, change requests doubled, cancellation refunds missing or doubled, refund e-mails doubled, or replays failed (see above)")
	}
	return nil
}

// Pick returns the cases named in names (comma-separated), in their order.
func Pick(cases []Case, names string) []Case {
	var picked []Case
	for _, c := range cases {
		if slices.Contains(strings.Split(names, ","), c.Name) {
			picked = append(picked, c)
		}
	}
	return picked
}
