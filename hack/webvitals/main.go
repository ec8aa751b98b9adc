// Command webvitals measures the web app's Core Web Vitals as a mid-range
// phone on a slow network sees them: Largest Contentful Paint, Cumulative
// Layout Shift and Interaction to Next Paint of the home page, a flight
// results page with over 300 results, and the fare page of one of them,
// with the JavaScript each page load transfers.
//
// It runs everything on loopback, as hack/loadbench does: a throwaway
// database on the test PostgreSQL server (-pg; empty for the API's
// embedded cluster), bin/tbo-sim answering at once with four times the
// usual departures (so that a trunk route answers over 300 one-way
// results), and bin/paryatan-api with the web app built into it. The
// browser half is webvitals.mjs beside this file, run with node: Chromium
// through playwright-core, the Moto G4's screen and touch, the CPU 4×
// slower and slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), each page
// load in a new browser context (cold cache), the web-vitals library
// injected before the app. This program prints the median of the runs of
// each page beside its target, and what the attribution data says about
// each figure.
//
// With -lighthouse it then audits the same three pages on the same servers
// with Lighthouse (lighthouse.mjs beside this file): its default mobile
// configuration, throttling simulated, and prints each page's performance,
// accessibility, best-practices and SEO scores beside their targets, with
// the metrics and every audit that did not pass of a category that missed.
// Lighthouse runs on a node it supports (ensure-node.sh beside this file:
// the one on PATH when new enough, else a pinned build installed in bin/).
//
// Run it with `make bench` (both phases), or alone after `make build`:
//
//	go run ./hack/webvitals                            # the Core Web Vitals table
//	go run ./hack/webvitals -lighthouse                # then the Lighthouse scores
//	go run ./hack/webvitals -vitals=false -lighthouse  # only the Lighthouse scores
//	go run ./hack/webvitals -strict                    # exits 1 when a target is missed (or WEBVITALS_STRICT=1)
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code, err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "webvitals:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

type options struct {
	bin, pg, node, lhNode, script, lhScript, route, date, pages, saveJSON, artifacts string
	runs, taps, departures, lhRuns                                                   int
	cpu                                                                              float64
	strict, vitals, lighthouse                                                       bool
	timeout                                                                          time.Duration
}

// run measures and prints; its code is 1 when -strict and a target is missed.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("webvitals", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.bin, "bin", "bin", "directory holding paryatan-api and tbo-sim")
	fs.StringVar(&o.pg, "pg", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable",
		"PostgreSQL server to create the throwaway database on (a URL of its maintenance database); empty for the API's embedded cluster")
	fs.StringVar(&o.node, "node", "node", "the node binary")
	fs.StringVar(&o.script, "script", filepath.Join("hack", "webvitals", "webvitals.mjs"), "the browser half")
	fs.StringVar(&o.lhNode, "lighthouse-node", "", "the node binary for Lighthouse, which needs a newer Node than the rest (default: hack/webvitals/ensure-node.sh finds or installs one)")
	fs.StringVar(&o.lhScript, "lighthouse-script", filepath.Join("hack", "webvitals", "lighthouse.mjs"), "the Lighthouse half")
	fs.BoolVar(&o.vitals, "vitals", true, "measure the Core Web Vitals (-vitals=false with -lighthouse: only the Lighthouse audits)")
	fs.BoolVar(&o.lighthouse, "lighthouse", false, "then audit the same pages with Lighthouse (mobile, simulated throttling) and judge the category scores")
	fs.IntVar(&o.lhRuns, "lighthouse-runs", 3, "Lighthouse runs of each page; the table shows the run of median performance score")
	fs.StringVar(&o.route, "route", "BOM-DEL", "the results page's route, ORIGIN-DESTINATION")
	fs.StringVar(&o.date, "date", getenv("WEBVITALS_DATE"), "the results page's departure day, YYYY-MM-DD (default: the first day from ten days on whose search lists at least 300 results; WEBVITALS_DATE)")
	fs.IntVar(&o.departures, "departures", 4, "the simulator's -departures: with 4, BOM-DEL lists over 300 one-way results on most days (see -date)")
	fs.StringVar(&o.pages, "pages", "", "measure only these pages, comma-separated: home,results,fare (default all)")
	fs.IntVar(&o.runs, "runs", 3, "cold loads of each page; the table shows the median")
	fs.IntVar(&o.taps, "taps", 1, "taps on the results page's airline filter per load (ticking, clearing, …); with more than one, INP is each load's slowest and every tap's duration is summarised")
	fs.DurationVar(&o.timeout, "timeout", 6*time.Minute, "bound on each phase's browser runs (about two minutes each on a quiet machine)")
	fs.StringVar(&o.artifacts, "artifacts", "", "save in this directory, for each run, screenshots once loaded and at the end and a DevTools trace of the visit (tracing slows the page), and each Lighthouse run's full report (HTML and JSON) with the trace it simulated from")
	fs.Float64Var(&o.cpu, "cpu", 4, "CPU slowdown (CDP Emulation.setCPUThrottlingRate); the targets are set for 4")
	fs.StringVar(&o.saveJSON, "json", "", "also write every run's figures and attribution to this file")
	fs.BoolVar(&o.strict, "strict", truthy(getenv("WEBVITALS_STRICT")), "exit 1 when a target is missed (WEBVITALS_STRICT=1)")
	if err := fs.Parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() > 0 {
		return 0, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if o.runs < 1 {
		return 0, errors.New("-runs: want at least 1")
	}
	if o.taps < 1 {
		return 0, errors.New("-taps: want at least 1")
	}
	if o.cpu < 1 {
		return 0, errors.New("-cpu: want a slowdown of at least 1")
	}
	if o.lhRuns < 1 {
		return 0, errors.New("-lighthouse-runs: want at least 1")
	}
	if !o.vitals && !o.lighthouse {
		return 0, errors.New("-vitals=false without -lighthouse: nothing to measure")
	}
	if _, err := time.Parse(time.DateOnly, o.date); o.date != "" && err != nil {
		return 0, fmt.Errorf("-date %q: want YYYY-MM-DD", o.date)
	}
	for _, name := range []string{"paryatan-api", "tbo-sim"} {
		if _, err := os.Stat(filepath.Join(o.bin, name)); err != nil {
			return 0, fmt.Errorf("%s: run `make build` first", err)
		}
	}
	chromium, err := exec.CommandContext(ctx, filepath.Join("hack", "ensure-chromium.sh")).Output()
	if err != nil {
		return 0, fmt.Errorf("hack/ensure-chromium.sh: %w", err)
	}

	if o.lighthouse && o.lhNode == "" {
		out, err := exec.CommandContext(ctx, filepath.Join("hack", "webvitals", "ensure-node.sh")).Output()
		if err != nil {
			return 0, fmt.Errorf("hack/webvitals/ensure-node.sh: %w", err)
		}
		o.lhNode = strings.TrimSpace(string(out))
	}

	work, err := os.MkdirTemp("", "paryatan-webvitals-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(work)
	_ = os.Chmod(work, 0o755) // the embedded PostgreSQL runs unprivileged under root

	started := time.Now()
	loadBefore := loadAverage()
	base, stopServers, err := startServers(ctx, o, work)
	defer stopServers()
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(stdout, "web vitals: API %s, servers up in %s\n", base, time.Since(started).Round(100*time.Millisecond))

	if o.date == "" {
		day, n, err := resultsDay(ctx, base, o.route)
		if err != nil {
			return 0, err
		}
		o.date = day
		fmt.Fprintf(stdout, "web vitals: %s on %s lists %d results\n", o.route, day, n)
		if n < minResults {
			fmt.Fprintf(stdout, "web vitals: no day of the %d from ten days on lists %d results on %s: raise -departures\n", searchDays, minResults, o.route)
		}
	}

	browser := strings.TrimSpace(string(chromium))
	missed := 0
	if o.vitals {
		m, err := vitals(ctx, o, base, browser, work, stdout, stderr)
		if err != nil {
			return 0, err
		}
		missed += m
	}
	if o.lighthouse {
		m, err := audits(ctx, o, base, browser, work, stdout, stderr)
		if err != nil {
			return 0, err
		}
		missed += m
	}
	// The CPU slowdown is relative to this machine: a busy one makes every
	// figure worse than the phone's (Lighthouse's simulation included: it
	// scales the tasks this machine ran).
	if busiest := max(loadBefore, loadAverage()); busiest > float64(runtime.NumCPU()) {
		fmt.Fprintf(stdout, "web vitals: the machine was busy (load average %.1f on %d cores): the figures are slower than a phone's; run it again on a quiet machine\n",
			busiest, runtime.NumCPU())
	}
	if missed > 0 {
		fmt.Fprintf(stdout, "web vitals: %d target(s) missed\n", missed)
		if o.strict {
			return 1, nil
		}
	}
	return 0, nil
}

// vitals runs webvitals.mjs against base, prints its table and returns how
// many targets were missed.
func vitals(ctx context.Context, o options, base, chromium, work string, stdout, stderr io.Writer) (int, error) {
	started := time.Now()
	out := filepath.Join(work, "webvitals.json")
	err := runNode(ctx, o.node, o.script, o.timeout, stderr,
		"WEBVITALS_BASE_URL="+base,
		"CHROMIUM_PATH="+chromium,
		"WEBVITALS_RUNS="+strconv.Itoa(o.runs),
		"WEBVITALS_TAPS="+strconv.Itoa(o.taps),
		"WEBVITALS_ROUTE="+o.route,
		"WEBVITALS_DATE="+o.date,
		"WEBVITALS_PAGES="+o.pages,
		"WEBVITALS_ARTIFACTS="+o.artifacts,
		"WEBVITALS_CPU="+strconv.FormatFloat(o.cpu, 'f', -1, 64),
		"WEBVITALS_OUT="+out,
	)
	if err != nil {
		return 0, err
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		return 0, err
	}
	if o.saveJSON != "" {
		if err := os.WriteFile(o.saveJSON, raw, 0o644); err != nil {
			return 0, err
		}
	}
	var rep report
	if err := json.Unmarshal(raw, &rep); err != nil {
		return 0, fmt.Errorf("read the browser's figures: %w", err)
	}
	missed := rep.print(stdout)
	fmt.Fprintf(stdout, "web vitals: %d runs of %d pages in %s\n", o.runs, len(rep.Pages), time.Since(started).Round(time.Second))
	return missed, nil
}

// audits runs lighthouse.mjs against base, prints its scores and returns
// how many category targets were missed.
func audits(ctx context.Context, o options, base, chromium, work string, stdout, stderr io.Writer) (int, error) {
	started := time.Now()
	out := filepath.Join(work, "lighthouse.json")
	err := runNode(ctx, o.lhNode, o.lhScript, o.timeout, stderr,
		"WEBVITALS_BASE_URL="+base,
		"CHROMIUM_PATH="+chromium,
		"LIGHTHOUSE_RUNS="+strconv.Itoa(o.lhRuns),
		"WEBVITALS_ROUTE="+o.route,
		"WEBVITALS_DATE="+o.date,
		"WEBVITALS_PAGES="+o.pages,
		"WEBVITALS_ARTIFACTS="+o.artifacts,
		"LIGHTHOUSE_OUT="+out,
	)
	if err != nil {
		return 0, err
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		return 0, err
	}
	var rep lighthouseReport
	if err := json.Unmarshal(raw, &rep); err != nil {
		return 0, fmt.Errorf("read Lighthouse's results: %w", err)
	}
	missed := rep.print(stdout)
	fmt.Fprintf(stdout, "lighthouse: %d run(s) of %d pages in %s\n", o.lhRuns, len(rep.Pages), time.Since(started).Round(time.Second))
	return missed, nil
}

// runNode runs one of the browser halves with node under -timeout; node and
// its Chromium are one process group, ended together on timeout.
func runNode(ctx context.Context, node, script string, timeout time.Duration, stderr io.Writer, env ...string) error {
	bctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(bctx, node, script)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = stderr, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	if err := cmd.Run(); err != nil {
		if bctx.Err() != nil {
			return fmt.Errorf("%s took longer than %s", script, timeout)
		}
		return fmt.Errorf("%s %s: %w", node, script, err)
	}
	return nil
}

// loadAverage is the one-minute load average, 0 where /proc has none.
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func truthy(v string) bool {
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	return err == nil && b
}

// startServers starts the database, the simulator and the API, and returns
// the API's address and what stops them all (safe to call on failure).
func startServers(ctx context.Context, o options, work string) (string, func(), error) {
	var undo []func()
	stop := func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}

	var dbURL string
	if o.pg != "" {
		u, drop, err := createDatabase(ctx, o.pg)
		if err != nil {
			return "", stop, err
		}
		dbURL = u
		undo = append(undo, drop)
	}

	simAddr := fmt.Sprintf("127.0.0.1:%d", freePort())
	sim, err := start(filepath.Join(o.bin, "tbo-sim"), filepath.Join(work, "sim.log"), nil,
		"-addr", simAddr, "-latency", "0", "-departures", strconv.Itoa(o.departures), "-log-level", "warn", "-grace", "1s")
	if err != nil {
		return "", stop, err
	}
	undo = append(undo, sim.stop)
	simURL := "http://" + simAddr
	if err := waitHTTP(ctx, sim, simURL+"/healthz"); err != nil {
		return "", stop, err
	}

	cred := filepath.Join(work, "sim-credentials.json")
	if err := os.WriteFile(cred, []byte(`{"clientId":"ApiIntegrationNew","userName":"paryatan","password":"paryatan@123"}`), 0o600); err != nil {
		return "", stop, err
	}
	conf := filepath.Join(work, "connectors.yaml")
	// Every page load's search reaches the simulator, as a new search would.
	doc := fmt.Sprintf("connectors:\n  - name: tbo\n    endpoints:\n      auth: %[1]s/SharedServices/SharedData.svc/rest\n      air: %[1]s/BookingEngineService_Air/AirService.svc/rest\n    credentials: {file: %[2]s}\n    compression: false\n    searchCacheWindow: 0s\n", simURL, cred)
	if err := os.WriteFile(conf, []byte(doc), 0o600); err != nil {
		return "", stop, err
	}
	port := freePort()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	env := []string{
		"PORT=" + strconv.Itoa(port), "PUBLIC_URL=" + base, "METRICS_ADDR=127.0.0.1:0",
		"DATA_DIR=" + filepath.Join(work, "data"), "CONNECTORS_FILE=" + conf, "LOG_LEVEL=warn",
		// Local mode on a database of our own: the built-in payment and
		// visa simulators, mail kept in the outbox.
		"PARYATAN_MODE=local", "DATABASE_URL=" + dbURL,
		// The sign-up comes from an address of its own (X-Forwarded-For).
		"TRUSTED_PROXIES=127.0.0.1/32,::1/128", "SHUTDOWN_GRACE=5s",
		// One client makes every search: the abuse limits would refuse it.
		"SUPPLIER_RATE_PER_MINUTE=0", "SUPPLIER_MAX_IN_FLIGHT=0",
	}
	api, err := start(filepath.Join(o.bin, "paryatan-api"), filepath.Join(work, "api.log"), env)
	if err != nil {
		return "", stop, err
	}
	undo = append(undo, api.stop)
	if err := waitHTTP(ctx, api, base+"/readyz"); err != nil {
		return "", stop, err
	}
	return base, stop, nil
}

// createDatabase creates an empty database on the server admin points at
// and returns its URL and what drops it.
func createDatabase(ctx context.Context, admin string) (string, func(), error) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(cctx, admin)
	if err != nil {
		return "", nil, fmt.Errorf("connect to PostgreSQL at %s (-pg \"\" uses the embedded cluster): %w", admin, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	name := fmt.Sprintf("paryatan_webvitals_%d_%d", os.Getpid(), time.Now().Unix())
	if _, err := conn.Exec(cctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", nil, fmt.Errorf("create database %s: %w", name, err)
	}
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		dctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, err := pgx.Connect(dctx, admin)
		if err != nil {
			fmt.Fprintf(os.Stderr, "webvitals: database %s left behind: %v\n", name, err)
			return
		}
		defer c.Close(dctx)
		if _, err := c.Exec(dctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			fmt.Fprintf(os.Stderr, "webvitals: database %s left behind: %v\n", name, err)
		}
	}
	return u.String(), drop, nil
}

// proc is a server of ours in a child process, its output in a log file.
type proc struct {
	cmd  *exec.Cmd
	log  string
	done chan struct{}
}

func start(path, logPath string, env []string, args ...string) (*proc, error) {
	f, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("start %s: %w", path, err)
	}
	p := &proc{cmd: cmd, log: logPath, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); f.Close(); close(p.done) }()
	return p, nil
}

// stop asks the process to drain (SIGTERM) and kills it after 20 s.
func (p *proc) stop() {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

// tail is the end of the process's log, for an error message.
func (p *proc) tail() string {
	b, _ := os.ReadFile(p.log)
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// waitHTTP polls u until it answers 200, the process exits, or a minute passes.
func waitHTTP(ctx context.Context, p *proc, u string) error {
	c := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if res, err := c.Get(u); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-p.done:
			return fmt.Errorf("%s exited:\n%s", filepath.Base(p.cmd.Path), p.tail())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("%s not ready at %s after a minute:\n%s", filepath.Base(p.cmd.Path), u, p.tail())
}

func freePort() int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
