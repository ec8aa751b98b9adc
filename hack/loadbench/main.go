// Command loadbench measures the API server against the supplier simulator,
// both run as real processes on loopback:
//
//  1. added latency: the same searches sent to the simulator directly and
//     through the API, interleaved in one run at the same concurrency; p50
//     and p99 of each path and their difference; and what each search cost
//     the API process, read before and after the run: its CPU time, and
//     the allocations of its Go heap, count and bytes (go_memstats_* on its
//     /metrics). These include whatever else the API did meanwhile (its job
//     queue's polling, the two reads of /metrics), which is little beside
//     the searches. BenchmarkSearchResponse in internal/flights measures
//     the API's part of a search in process, without the supplier leg;
//  2. held calls: N fare-rule calls held open by the simulator for a minute;
//     the API's resident memory per call in flight, and the p99 of
//     GET /api/auth/me while they wait;
//  3. session check: GET /api/auth/me with a signed-in user's cookie (the
//     check every page makes) and GET /healthz, each hammered for a few
//     seconds by many connections; requests per second, p50 and p99, and
//     the API process's CPU time per request (the machine may be shared:
//     CPU per request is steadier than throughput there).
//
// -runs picks some of them, e.g. `-runs me` for the session check alone.
// Run it with `make bench` (it builds bin/paryatan-api and bin/tbo-sim).
// The API runs in local mode, on DATABASE_URL when it is set, else on its
// embedded PostgreSQL.
// The load client sends the Accept-Encoding of a browser (-accept) to both
// paths and unpacks what comes back: the simulator, like the supplier, packs
// with gzip only; the API picks zstd or gzip.
// Traffic goes to 127.0.0.1 only, with bounded counts and durations.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func main() {
	var (
		bin      = flag.String("bin", "bin", "directory holding paryatan-api and tbo-sim")
		requests = flag.Int("requests", 1500, "searches per path in the latency run")
		workers  = flag.Int("workers", 2, "concurrent searchers in the latency run (more than the cores measures queueing, not the API)")
		held     = flag.Int("held", 5000, "fare-rule calls held open in the memory run")
		hold     = flag.Duration("hold", 60*time.Second, "how long the simulator holds each call")
		route    = flag.String("route", "BOM-DEL", "search route, ORIGIN-DESTINATION")
		accept   = flag.String("accept", "gzip, deflate, br, zstd", "Accept-Encoding of the latency and session-check runs (a browser's by default; \"identity\" for none)")
		runs     = flag.String("runs", "latency,held,me", "which runs, comma-separated: latency, held, me")
		meConns  = flag.Int("me-conns", 64, "connections of the session-check run")
		meFor    = flag.Duration("me-duration", 5*time.Second, "how long the session-check run hammers each path")
	)
	flag.Parse()
	sel := map[string]bool{}
	for _, r := range strings.Split(*runs, ",") {
		switch r = strings.TrimSpace(r); r {
		case "latency", "held", "me":
			sel[r] = true
		default:
			fmt.Fprintf(os.Stderr, "loadbench: unknown run %q (want latency, held, me)\n", r)
			os.Exit(2)
		}
	}
	o := options{requests: *requests, workers: *workers, held: *held, hold: *hold, route: *route, accept: *accept,
		runs: sel, meConns: *meConns, meFor: *meFor}
	if err := run(*bin, o); err != nil {
		fmt.Fprintln(os.Stderr, "loadbench:", err)
		os.Exit(1)
	}
}

type proc struct {
	cmd *exec.Cmd
	url string
	// metrics is the API's /metrics on its internal listener.
	metrics string
}

func (p *proc) stop() {
	if p == nil || p.cmd.Process == nil {
		return
	}
	_ = p.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = p.cmd.Process.Kill()
	}
}

// start runs a binary and waits for the "http://host:port" it prints.
func start(path string, env []string, args ...string) (*proc, error) {
	cmd := exec.Command(path, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	urls := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`http://(localhost|127\.0\.0\.1):\d+`)
		s := bufio.NewScanner(out)
		sent := false
		for s.Scan() {
			if m := re.FindString(s.Text()); m != "" && !sent {
				urls <- strings.Replace(m, "localhost", "127.0.0.1", 1)
				sent = true
			}
		}
	}()
	select {
	case u := <-urls:
		return &proc{cmd: cmd, url: u}, nil
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		return nil, fmt.Errorf("%s did not start", path)
	}
}

func freePort() int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// options are the flags.
type options struct {
	requests, workers, held int
	hold                    time.Duration
	route, accept           string
	runs                    map[string]bool
	meConns                 int
	meFor                   time.Duration
}

func run(bin string, o options) error {
	requests, workers, held, hold, route, accept := o.requests, o.workers, o.held, o.hold, o.route, o.accept
	from, to, ok := strings.Cut(route, "-")
	if !ok {
		return errors.New("route must look like BOM-DEL")
	}
	work, err := os.MkdirTemp("", "paryatan-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	_ = os.Chmod(work, 0o755) // the embedded PostgreSQL runs unprivileged under root

	// The simulator answers searches at once and holds fare rules.
	sim, err := start(filepath.Join(bin, "tbo-sim"), nil, "-addr", fmt.Sprintf("127.0.0.1:%d", freePort()),
		"-latency", fmt.Sprintf("FareRule=%s;*=0", hold), "-log-level", "error")
	if err != nil {
		return err
	}
	defer sim.stop()

	cred := filepath.Join(work, "credentials.json")
	if err := os.WriteFile(cred, []byte(`{"clientId":"ApiIntegrationNew","userName":"paryatan","password":"paryatan@123"}`), 0o600); err != nil {
		return err
	}
	conf := filepath.Join(work, "connectors.yaml")
	doc := fmt.Sprintf("connectors:\n  - name: tbo\n    endpoints:\n      auth: %[1]s/SharedServices/SharedData.svc/rest\n      air: %[1]s/BookingEngineService_Air/AirService.svc/rest\n    credentials: {file: %[2]s}\n    compression: false\n    searchCacheWindow: 0s\n", sim.url, cred)
	if err := os.WriteFile(conf, []byte(doc), 0o600); err != nil {
		return err
	}
	metricsURL := fmt.Sprintf("http://127.0.0.1:%d/metrics", freePort())
	api, err := start(filepath.Join(bin, "paryatan-api"), []string{
		"PORT=0", "METRICS_ADDR=" + strings.TrimSuffix(strings.TrimPrefix(metricsURL, "http://"), "/metrics"), "DATA_DIR=" + filepath.Join(work, "data"), "CONNECTORS_FILE=" + conf, "LOG_LEVEL=error",
		"TRUSTED_PROXIES=127.0.0.1/32", "SHUTDOWN_GRACE=5s",
		// A bench, not a site: no public origin or mail server to name.
		"PARYATAN_MODE=local",
		// The bench measures what the API adds to a supplier call, from one
		// client: the abuse limits would refuse it.
		"SUPPLIER_RATE_PER_MINUTE=0", "SUPPLIER_MAX_IN_FLIGHT=0",
	})
	if err != nil {
		return err
	}
	defer api.stop()
	api.metrics = metricsURL
	fmt.Printf("simulator %s, API %s (pid %d)\n", sim.url, api.url, api.cmd.Process.Pid)

	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 10000, DisableCompression: true}}
	if o.runs["latency"] {
		if err := latencyRun(client, sim.url, api, from, to, requests, workers, accept); err != nil {
			return err
		}
	}
	if o.runs["held"] {
		if err := heldRun(api, from, to, held, hold); err != nil {
			return err
		}
	}
	if o.runs["me"] {
		return sessionCheckRun(api, o.meConns, o.meFor, accept)
	}
	return nil
}

func post(c *http.Client, url string, body any, header http.Header) (*http.Response, []byte, error) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	rb, err := io.ReadAll(res.Body)
	return res, rb, err
}

func percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000) }

// latencyRun sends the same searches straight to the simulator and through
// the API, interleaved, and prints the added latency and what a search
// cost the API process.
func latencyRun(c *http.Client, simURL string, api *proc, from, to string, requests, workers int, accept string) error {
	apiURL := api.url
	_, body, err := post(c, simURL+"/SharedServices/SharedData.svc/rest/Authenticate",
		map[string]string{"ClientId": "ApiIntegrationNew", "UserName": "paryatan", "Password": "paryatan@123", "EndUserIp": "127.0.0.1"}, nil)
	if err != nil {
		return err
	}
	var auth struct{ TokenId string }
	_ = json.Unmarshal(body, &auth)
	date := time.Now().Add(48 * time.Hour)
	direct := map[string]any{"EndUserIp": "127.0.0.1", "TokenId": auth.TokenId, "AdultCount": 1, "ChildCount": 0, "InfantCount": 0,
		"JourneyType": 1, "Segments": []map[string]any{{"Origin": from, "Destination": to, "FlightCabinClass": 2,
			"PreferredDepartureTime": date.Format("2006-01-02T00:00:00"), "PreferredArrivalTime": date.Format("2006-01-02T00:00:00")}}}
	viaAPI := map[string]any{"origin": from, "destination": to, "departDate": date.Format(time.DateOnly), "cabinClass": 2, "adults": 1}

	var mu sync.Mutex
	var directLat, apiLat []time.Duration
	var failures atomic.Int64
	hdr := http.Header{"Accept-Encoding": {accept}}
	// How each path's answers came packed, e.g. "zstd" or "gzip".
	packed := map[*[]time.Duration]map[string]int{&directLat: {}, &apiLat: {}}
	one := func(url string, body any, into *[]time.Duration, record bool) {
		t0 := time.Now()
		res, raw, err := post(c, url, body, hdr)
		if err == nil {
			err = unpack(res.Header.Get("Content-Encoding"), raw)
		}
		d := time.Since(t0)
		if err != nil || res.StatusCode != 200 {
			failures.Add(1)
			return
		}
		if record {
			enc := res.Header.Get("Content-Encoding")
			if enc == "" {
				enc = "identity"
			}
			mu.Lock()
			*into = append(*into, d)
			packed[into][enc]++
			mu.Unlock()
		}
	}
	searchURL := simURL + "/BookingEngineService_Air/AirService.svc/rest/Search"
	// Warm up connections, caches and the token.
	for range 50 {
		one(searchURL, direct, nil, false)
		one(apiURL+"/api/v1/flights/tbo/search", viaAPI, nil, false)
	}
	spent, err := costOf(api)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	var next atomic.Int64
	for range workers {
		wg.Go(func() {
			for next.Add(1) <= int64(requests) {
				one(searchURL, direct, &directLat, true)
				one(apiURL+"/api/v1/flights/tbo/search", viaAPI, &apiLat, true)
			}
		})
	}
	wg.Wait()
	if f := failures.Load(); f > 0 {
		return fmt.Errorf("%d searches failed", f)
	}
	now, err := costOf(api)
	if err != nil {
		return err
	}
	per := now.since(spent, len(apiLat))
	d50, d99 := percentile(directLat, .50), percentile(directLat, .99)
	a50, a99 := percentile(apiLat, .50), percentile(apiLat, .99)
	fmt.Printf("\n(a) added latency, %s search, %d requests per path, %d workers, Accept-Encoding %q\n", from+"-"+to, requests, workers, accept)
	fmt.Printf("    simulator direct: p50 %s  p99 %s   (answers %s)\n", ms(d50), ms(d99), encodingsOf(packed[&directLat]))
	fmt.Printf("    through the API:  p50 %s  p99 %s   (answers %s)\n", ms(a50), ms(a99), encodingsOf(packed[&apiLat]))
	fmt.Printf("    added:            p50 %s  p99 %s   (targets: < 1 ms, < 5 ms)\n", ms(a50-d50), ms(a99-d99))
	fmt.Printf("    API per search:   %.0f allocations, %.1f KiB allocated, %s CPU\n", per.mallocs, per.bytes/1024, ms(per.cpu))
	return nil
}

// apiCost is what the API process has spent so far: CPU time, and the
// allocations of its Go heap (objects and bytes).
type apiCost struct {
	cpu            time.Duration
	mallocs, bytes float64
}

// costOf reads the API's CPU time from /proc and its allocations from its
// /metrics.
func costOf(api *proc) (apiCost, error) {
	cpu, err := cpuTime(api.cmd.Process.Pid)
	if err != nil {
		return apiCost{}, err
	}
	_, text, err := getText(http.DefaultClient, api.metrics)
	if err != nil {
		return apiCost{}, fmt.Errorf("API metrics: %w", err)
	}
	mallocs, err1 := metricValue(text, "go_memstats_mallocs_total")
	allocated, err2 := metricValue(text, "go_memstats_alloc_bytes_total")
	if err := errors.Join(err1, err2); err != nil {
		return apiCost{}, err
	}
	return apiCost{cpu: cpu, mallocs: mallocs, bytes: allocated}, nil
}

// since is the cost from earlier to c, shared among n requests.
func (c apiCost) since(earlier apiCost, n int) apiCost {
	n = max(n, 1)
	return apiCost{cpu: (c.cpu - earlier.cpu) / time.Duration(n),
		mallocs: (c.mallocs - earlier.mallocs) / float64(n), bytes: (c.bytes - earlier.bytes) / float64(n)}
}

// metricValue reads the sample of an unlabelled metric from the Prometheus
// text format.
func metricValue(text, name string) (float64, error) {
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
	}
	return 0, fmt.Errorf("no %s in the API's /metrics", name)
}

// unpack decodes an answer as a browser would, so both paths pay for it.
func unpack(encoding string, raw []byte) error {
	var rd io.Reader
	switch encoding {
	case "", "identity":
		return nil
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		rd = zr
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(raw), zstd.WithDecoderConcurrency(1))
		if err != nil {
			return err
		}
		defer zr.Close()
		rd = zr
	default:
		return fmt.Errorf("unexpected Content-Encoding %q", encoding)
	}
	_, err := io.Copy(io.Discard, rd)
	return err
}

func encodingsOf(m map[string]int) string {
	var parts []string
	for enc, n := range m {
		parts = append(parts, fmt.Sprintf("%d %s", n, enc))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func rss(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			f := strings.Fields(line)
			kb, err := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("no VmRSS")
}

// heldRun holds n fare-rule calls open in the API for the simulator's hold
// time and measures memory and /api/auth/me meanwhile.
func heldRun(api *proc, from, to string, n int, hold time.Duration) error {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: n + 100, DisableKeepAlives: false}}
	hdr := http.Header{"X-Forwarded-For": {"198.18.0.1"}}
	res, _, err := post(c, api.url+"/api/auth/register", map[string]string{"fullName": "Bench User", "email": fmt.Sprintf("bench%d@example.in", time.Now().UnixNano()), "password": "password1"}, hdr)
	if err != nil || res.StatusCode != 201 {
		return fmt.Errorf("register: %v %v", err, res)
	}
	date := time.Now().Add(48 * time.Hour).Format(time.DateOnly)
	_, body, err := post(c, api.url+"/api/v1/flights/tbo/search", map[string]any{"origin": from, "destination": to, "departDate": date}, nil)
	if err != nil {
		return err
	}
	var s struct {
		Data struct {
			Response struct {
				TraceId string
				Results [][]struct{ ResultIndex string }
			}
		}
	}
	if err := json.Unmarshal(body, &s); err != nil || len(s.Data.Response.Results) == 0 {
		return fmt.Errorf("search for the held run failed: %s", body)
	}
	rule := map[string]string{"traceId": s.Data.Response.TraceId, "resultIndex": s.Data.Response.Results[0][0].ResultIndex}

	// Settle, then take the baseline.
	time.Sleep(2 * time.Second)
	before, err := rss(api.cmd.Process.Pid)
	if err != nil {
		return err
	}
	callers := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n + 100}}
	var ok, failed atomic.Int64
	var wg sync.WaitGroup
	t0 := time.Now()
	for i := range n {
		wg.Go(func() {
			res, _, err := post(callers, api.url+"/api/v1/flights/tbo/fare-rule", rule, nil)
			if err != nil || res.StatusCode != 200 {
				failed.Add(1)
				return
			}
			ok.Add(1)
		})
		if i%500 == 499 {
			time.Sleep(50 * time.Millisecond) // open the connections over a moment, not in one burst
		}
	}
	// Wait until all are in flight at the supplier.
	inFlight := func() int {
		_, b, err := getText(c, api.metrics)
		if err != nil {
			return 0
		}
		m := regexp.MustCompile(`paryatan_supplier_requests_in_flight\{operation="fareRule",supplier="tbo"\} (\d+)`).FindStringSubmatch(b)
		if m == nil {
			return 0
		}
		v, _ := strconv.Atoi(m[1])
		return v
	}
	for time.Since(t0) < hold/3 && inFlight() < n {
		time.Sleep(250 * time.Millisecond)
	}
	got := inFlight()
	during, _ := rss(api.cmd.Process.Pid)

	// /api/auth/me while they wait, 20 a second.
	var me []time.Duration
	for time.Since(t0) < hold-5*time.Second {
		t1 := time.Now()
		r, _, err := getText(c, api.url+"/api/auth/me")
		if err == nil && r.StatusCode == 200 {
			me = append(me, time.Since(t1))
		}
		time.Sleep(50 * time.Millisecond)
	}
	peak, _ := rss(api.cmd.Process.Pid)
	wg.Wait()
	total := time.Since(t0)
	per := float64(max(during, peak)-before) / float64(max(got, 1))
	fmt.Printf("\n(b) %d fare-rule calls held %s by the simulator (%d in flight at the supplier when measured)\n", n, hold, got)
	fmt.Printf("    API resident memory: %.1f MiB before, %.1f MiB with the calls in flight (peak %.1f MiB)\n",
		float64(before)/(1<<20), float64(during)/(1<<20), float64(peak)/(1<<20))
	fmt.Printf("    per in-flight call:  %.1f KiB   (target: < 64 KiB)\n", per/1024)
	fmt.Printf("    GET /api/auth/me meanwhile: %d requests, p50 %s  p99 %s   (target p99 < 20 ms)\n", len(me), ms(percentile(me, .5)), ms(percentile(me, .99)))
	fmt.Printf("    calls answered: %d ok, %d failed, all done after %s\n", ok.Load(), failed.Load(), total.Round(time.Second))
	if failed.Load() > 0 {
		return fmt.Errorf("%d held calls failed", failed.Load())
	}
	return nil
}

func getText(c *http.Client, url string) (*http.Response, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	res, err := c.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, string(b), err
}

// sessionCheckRun signs a user in, then hammers GET /api/auth/me with the
// cookie and GET /healthz (the cheapest route, through the same middleware)
// with conns connections for d each, and prints them side by side.
func sessionCheckRun(api *proc, conns int, d time.Duration, accept string) error {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	res, _, err := post(c, api.url+"/api/auth/register", map[string]string{"fullName": "Bench Session User",
		"email": fmt.Sprintf("session%d@example.in", time.Now().UnixNano()), "password": "password1"},
		http.Header{"X-Forwarded-For": {"198.18.0.2"}})
	if err != nil || res.StatusCode != http.StatusCreated {
		return fmt.Errorf("register: %v %v", err, res)
	}
	base, _ := url.Parse(api.url)
	var cookie string
	for _, ck := range jar.Cookies(base) {
		if ck.Name == "paryatan_session" {
			cookie = ck.Name + "=" + ck.Value
		}
	}
	if cookie == "" {
		return errors.New("register: no session cookie")
	}
	fmt.Printf("\n(c) session check, %d connections, %s per path, Accept-Encoding %q\n", conns, d, accept)
	fmt.Printf("    %-14s %10s %10s %10s %16s\n", "path", "req/s", "p50", "p99", "API CPU/req")
	for _, path := range []string{"/healthz", "/api/auth/me"} {
		hdr := http.Header{"Accept-Encoding": {accept}}
		if path == "/api/auth/me" {
			hdr.Set("Cookie", cookie)
		}
		// A short warm-up opens the connections (and fills the session cache).
		if _, err := hammer(api.url+path, hdr, conns, d/10); err != nil {
			return err
		}
		cpu0, err := cpuTime(api.cmd.Process.Pid)
		if err != nil {
			return err
		}
		r, err := hammer(api.url+path, hdr, conns, d)
		if err != nil {
			return err
		}
		cpu1, err := cpuTime(api.cmd.Process.Pid)
		if err != nil {
			return err
		}
		n := len(r.lat)
		fmt.Printf("    %-14s %10.0f %10s %10s %13.1f µs\n", path, float64(n)/r.elapsed.Seconds(),
			ms(percentile(r.lat, .5)), ms(percentile(r.lat, .99)), float64((cpu1-cpu0).Microseconds())/float64(max(n, 1)))
	}
	fmt.Println("    (the load client runs on the same cores; wrk gives higher figures for both paths)")
	return nil
}

type hammered struct {
	lat     []time.Duration
	elapsed time.Duration
}

// hammer sends GET url with hdr from conns connections for d, each request
// after the previous answer on its connection; any answer but 200 fails.
func hammer(url string, hdr http.Header, conns int, d time.Duration) (hammered, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	per := make([][]time.Duration, conns)
	var failed atomic.Int64
	var firstErr atomic.Value
	start := time.Now()
	stop := start.Add(d)
	var wg sync.WaitGroup
	for i := range conns {
		wg.Go(func() {
			lat := make([]time.Duration, 0, 4096)
			for time.Now().Before(stop) {
				req, _ := http.NewRequest(http.MethodGet, url, nil)
				req.Header = hdr.Clone()
				t0 := time.Now()
				res, err := c.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if err == nil && res.StatusCode != http.StatusOK {
						err = fmt.Errorf("%s answered %d", url, res.StatusCode)
					}
				}
				if err != nil {
					failed.Add(1)
					firstErr.CompareAndSwap(nil, err)
					continue
				}
				lat = append(lat, time.Since(t0))
			}
			per[i] = lat
		})
	}
	wg.Wait()
	out := hammered{elapsed: time.Since(start)}
	for _, l := range per {
		out.lat = append(out.lat, l...)
	}
	if f := failed.Load(); f > 0 {
		return out, fmt.Errorf("%d requests failed, the first: %v", f, firstErr.Load())
	}
	return out, nil
}

// cpuTime is the user and system CPU time the process has used.
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command name, which is in parentheses and may
	// hold spaces; utime and stime are the 14th and 15th fields.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0, errors.New("unexpected /proc stat")
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	// Linux counts in clock ticks of 1/100 s (USER_HZ) on every platform
	// that matters here.
	return time.Duration(u+s) * 10 * time.Millisecond, nil
}
