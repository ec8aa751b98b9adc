package searchcache

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	clocktesting "k8s.io/utils/clock/testing"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// newClock is a time tests move by hand (Step).
func newClock() *clocktesting.FakeClock {
	return clocktesting.NewFakeClock(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
}

// supplierFake answers searches with a new TraceId per call, counting the
// calls; hold, when set, keeps every call waiting until it is closed.
type supplierFake struct {
	calls atomic.Int64
	hold  chan struct{}
	err   error
	// during runs inside each call (to move a clock while the supplier
	// works).
	during func()
	// docSize pads each answer to about this many bytes.
	docSize int
}

func (f *supplierFake) search(ctx context.Context) (*supplier.Answer, error) {
	n := f.calls.Add(1)
	if f.during != nil {
		f.during()
	}
	if f.hold != nil {
		select {
		case <-f.hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if f.err != nil {
		return nil, f.err
	}
	trace := fmt.Sprintf("trace-%d", n)
	doc := fmt.Sprintf(`{"Response":{"TraceId":%q,"Results":[[{"ResultIndex":"OB1"}]]},"pad":%q}`, trace, strings.Repeat("x", f.docSize))
	return &supplier.Answer{TraceID: trace, Doc: []byte(doc)}, nil
}

func conn(t *testing.T, name string, window string) *connector.Connector {
	t.Helper()
	src := fmt.Sprintf(`connectors:
  - name: %s
    endpoints: {auth: "http://127.0.0.1:1/a", air: "http://127.0.0.1:1/b"}
    credentials: {file: /dev/null}
    timeouts: {search: 7s}
`, name)
	if window != "" {
		src += "    searchCacheWindow: " + window + "\n"
	}
	doc, err := connector.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c, _ := doc.Find(name)
	return c
}

var day = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)

func request() supplier.SearchRequest {
	return supplier.SearchRequest{Origin: "BOM", Destination: "DEL", Depart: day, Cabin: 2, Adults: 1, Sources: []string{"GDS", "LCC"}}
}

type bundle struct {
	cache   *Cache
	clock   *clocktesting.FakeClock
	metrics *telemetry.SearchCacheMetrics
}

func setup(t *testing.T, maxBytes int64) bundle {
	t.Helper()
	clk := newClock()
	m := telemetry.NewSearchCacheMetrics(prometheus.NewRegistry())
	return bundle{cache: New(Options{MaxBytes: maxBytes, Now: clk.Now, Metrics: m}), clock: clk, metrics: m}
}

func (b bundle) counts(name string) (hits, misses, coalesced float64) {
	return testutil.ToFloat64(b.metrics.Hits.WithLabelValues(name)), testutil.ToFloat64(b.metrics.Misses.WithLabelValues(name)),
		testutil.ToFloat64(b.metrics.Coalesced.WithLabelValues(name))
}

func mustSearch(t *testing.T, b bundle, c *connector.Connector, r supplier.SearchRequest, f *supplierFake) Result {
	t.Helper()
	res, err := b.cache.Search(context.Background(), c, r, f.search)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Twenty identical searches at once: one supplier call, one answer (the
// same TraceId) for all, counted as one miss and nineteen coalesced.
func TestConcurrentIdenticalSearchesShareOneCall(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		b := setup(t, DefaultMaxBytes)
		c := conn(t, "tbo", "")
		f := &supplierFake{hold: make(chan struct{})}
		const n = 20
		var wg sync.WaitGroup
		results := make([]Result, n)
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { results[i], errs[i] = b.cache.Search(context.Background(), c, request(), f.search) })
		}
		synctest.Wait() // every search is waiting before the supplier answers
		close(f.hold)
		wg.Wait()
		if got := f.calls.Load(); got != 1 {
			t.Fatalf("supplier called %d times", got)
		}
		for i := range n {
			if errs[i] != nil || results[i].Answer.TraceID != "trace-1" || results[i].Cached {
				t.Fatalf("search %d: %+v %v", i, results[i], errs[i])
			}
		}
		if hits, misses, coalesced := b.counts("tbo"); misses != 1 || coalesced != n-1 || hits != 0 {
			t.Fatalf("hits %v, misses %v, coalesced %v", hits, misses, coalesced)
		}
	})
}

// The first search going away cancels neither the supplier call nor the
// searches sharing it; each waiter stops waiting when its own context ends.
// The shared call has its own deadline: the connector's search timeout.
func TestSharedCallOutlivesItsFirstCaller(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		b := setup(t, DefaultMaxBytes)
		b.cache.SetClock(time.Now) // the bubble's clock
		c := conn(t, "tbo", "")
		f := &supplierFake{hold: make(chan struct{})}
		var left time.Duration
		search := func(ctx context.Context) (*supplier.Answer, error) {
			if d, ok := ctx.Deadline(); ok {
				left = time.Until(d)
			}
			return f.search(ctx)
		}
		first, cancelFirst := context.WithCancel(context.Background())
		firstErr := make(chan error, 1)
		go func() {
			_, err := b.cache.Search(first, c, request(), search)
			firstErr <- err
		}()
		second := make(chan Result, 1)
		go func() {
			res, err := b.cache.Search(context.Background(), c, request(), search)
			if err != nil {
				t.Error(err)
			}
			second <- res
		}()
		synctest.Wait()
		cancelFirst()
		err := <-firstErr
		if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindCanceled {
			t.Fatalf("first caller: %v, want a cancelled search", err)
		}
		// A third caller that waits at most 20 ms gives up then.
		short, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err = b.cache.Search(short, c, request(), search)
		if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindTimeout || time.Since(start) != 20*time.Millisecond {
			t.Fatalf("a waiter with a 20ms deadline: %v after %s", err, time.Since(start))
		}
		close(f.hold)
		res := <-second
		if res.Answer == nil || res.Answer.TraceID != "trace-1" || f.calls.Load() != 1 {
			t.Fatalf("second caller got %+v after %d calls", res, f.calls.Load())
		}
		if left != 7*time.Second {
			t.Fatalf("the shared call had %s, want the connector's search timeout (7s)", left)
		}
		// Its answer was kept: the next search is a hit.
		if res := mustSearch(t, b, c, request(), f); !res.Cached || res.Answer.TraceID != "trace-1" {
			t.Fatalf("after the shared call: %+v", res)
		}
		// The supplier call ends at its deadline, not before, when nobody
		// waits for it any more.
		f.hold = make(chan struct{})
		r := request()
		r.Adults = 2
		gone, cancelGone := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := b.cache.Search(gone, c, r, func(ctx context.Context) (*supplier.Answer, error) {
				a, err := f.search(ctx)
				done <- err
				return a, err
			})
			if err == nil {
				t.Error("a cancelled search succeeded")
			}
		}()
		synctest.Wait()
		cancelGone()
		start = time.Now()
		callErr := <-done
		if !errors.Is(callErr, context.DeadlineExceeded) || time.Since(start) != 7*time.Second {
			t.Fatalf("the abandoned call ended with %v after %s", callErr, time.Since(start))
		}
	})
}

// Searches that differ in anything the supplier request is made of are
// not coalesced, nor answered from each other's cache; the order of the
// sources plays no part.
func TestKeyTellsSearchesApart(t *testing.T) {
	t.Parallel()
	base := request()
	tbo := conn(t, "tbo", "")
	other := conn(t, "tbo-b", "")
	key := Key(tbo, base)
	variants := map[string]func(r *supplier.SearchRequest){
		"origin":      func(r *supplier.SearchRequest) { r.Origin = "BLR" },
		"destination": func(r *supplier.SearchRequest) { r.Destination = "GOI" },
		"depart":      func(r *supplier.SearchRequest) { r.Depart = day.AddDate(0, 0, 1) },
		"return":      func(r *supplier.SearchRequest) { r.Return = day.AddDate(0, 0, 7) },
		"cabin":       func(r *supplier.SearchRequest) { r.Cabin = 4 },
		"adults":      func(r *supplier.SearchRequest) { r.Adults = 2 },
		"children":    func(r *supplier.SearchRequest) { r.Children = 1 },
		"infants":     func(r *supplier.SearchRequest) { r.Infants = 1 },
		"nonstop":     func(r *supplier.SearchRequest) { r.Nonstop = true },
		"airline":     func(r *supplier.SearchRequest) { r.Airlines = []string{"AI"} },
		"sources":     func(r *supplier.SearchRequest) { r.Sources = []string{"LCC"} },
	}
	seen := map[string]string{key: "base"}
	for name, edit := range variants {
		r := base
		edit(&r)
		k := Key(tbo, r)
		if prev, dup := seen[k]; dup {
			t.Errorf("%s: same key as %s", name, prev)
		}
		seen[k] = name
	}
	if Key(other, base) == key {
		t.Error("two connectors share a key")
	}
	moved := *tbo
	moved.Endpoints.Air = "http://127.0.0.1:2/b"
	if Key(&moved, base) == key {
		t.Error("a connector pointed at another supplier keeps its key")
	}
	swapped := base
	swapped.Sources = []string{"LCC", "GDS"}
	if Key(tbo, swapped) != key {
		t.Error("the order of the sources changes the key")
	}
	// Different searches at once, and the same one through two
	// connectors: a call each.
	synctest.Test(t, func(t *testing.T) {
		b := setup(t, DefaultMaxBytes)
		f := &supplierFake{hold: make(chan struct{})}
		var wg sync.WaitGroup
		for _, r := range []supplier.SearchRequest{base, func() supplier.SearchRequest { r := base; r.Adults = 2; return r }()} {
			wg.Go(func() { mustSearch(t, b, tbo, r, f) })
		}
		wg.Go(func() { mustSearch(t, b, other, base, f) })
		synctest.Wait()
		close(f.hold)
		wg.Wait()
		if f.calls.Load() != 3 {
			t.Fatalf("%d supplier calls, want 3", f.calls.Load())
		}
		if _, misses, coalesced := b.counts("tbo"); misses != 2 || coalesced != 0 {
			t.Fatalf("tbo: misses %v, coalesced %v", misses, coalesced)
		}
		if _, misses, _ := b.counts("tbo-b"); misses != 1 {
			t.Fatalf("tbo-b: misses %v", misses)
		}
	})
}

// An identical search within the window is answered from the cache, with
// the first answer's TraceId and time; from the end of the window on, the
// supplier is asked again.
func TestWindowExpiry(t *testing.T) {
	t.Parallel()
	b := setup(t, DefaultMaxBytes)
	c := conn(t, "tbo", "2m")
	f := &supplierFake{}
	first := mustSearch(t, b, c, request(), f)
	if first.Cached || !first.SearchedAt.Equal(b.clock.Now()) || first.Age != 0 {
		t.Fatalf("first search %+v", first)
	}
	b.clock.Step(2*time.Minute - time.Second)
	again := mustSearch(t, b, c, request(), f)
	if !again.Cached || again.Answer.TraceID != first.Answer.TraceID || !again.SearchedAt.Equal(first.SearchedAt) ||
		again.Age != 2*time.Minute-time.Second || f.calls.Load() != 1 {
		t.Fatalf("within the window: %+v after %d calls", again, f.calls.Load())
	}
	b.clock.Step(time.Second)
	later := mustSearch(t, b, c, request(), f)
	if later.Cached || later.Answer.TraceID != "trace-2" || f.calls.Load() != 2 {
		t.Fatalf("at the end of the window: %+v after %d calls", later, f.calls.Load())
	}
	if hits, misses, _ := b.counts("tbo"); hits != 1 || misses != 2 {
		t.Fatalf("hits %v, misses %v", hits, misses)
	}
	// A window shortened since (a configuration change) applies to what
	// is kept already.
	b.clock.Step(31 * time.Second)
	if res := mustSearch(t, b, conn(t, "tbo", "30s"), request(), f); res.Cached || f.calls.Load() != 3 {
		t.Fatalf("after the window shrank to 30s: %+v", res)
	}
}

// A TraceId lives 15 minutes from the search: an answer whose TraceId
// would have less than 10 minutes left is not given again, however long
// the window, even when the supplier took long to answer.
func TestTraceAgeExpiry(t *testing.T) {
	t.Parallel()
	b := setup(t, DefaultMaxBytes)
	c := conn(t, "tbo", "5m")
	// The supplier takes 2 minutes: the TraceId is 2 minutes old on
	// arrival.
	f := &supplierFake{during: func() { b.clock.Step(2 * time.Minute) }}
	start := b.clock.Now()
	first := mustSearch(t, b, c, request(), f)
	if !first.SearchedAt.Equal(start.Add(2 * time.Minute)) {
		t.Fatalf("searchedAt %s, want the answer's time", first.SearchedAt)
	}
	f.during = nil
	b.clock.Step(3*time.Minute - time.Second) // the TraceId is 4m59s old: 10m01s left
	if res := mustSearch(t, b, c, request(), f); !res.Cached || f.calls.Load() != 1 {
		t.Fatalf("with 10m01s left: %+v", res)
	}
	b.clock.Step(time.Second) // 10 minutes left: the window (until 7m) is not what ends it
	if res := mustSearch(t, b, c, request(), f); res.Cached || f.calls.Load() != 2 {
		t.Fatalf("with 10m left: %+v", res)
	}
}

// A window of 0 turns reuse off: identical searches, one after the other
// or at once, each go to the supplier.
func TestWindowZeroDisables(t *testing.T) {
	t.Parallel()
	b := setup(t, DefaultMaxBytes)
	c := conn(t, "tbo", "0s")
	f := &supplierFake{}
	for range 2 {
		if res := mustSearch(t, b, c, request(), f); res.Cached {
			t.Fatal("answered from the cache")
		}
	}
	synctest.Test(t, func(t *testing.T) {
		f.hold = make(chan struct{})
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() { mustSearch(t, b, c, request(), f) })
		}
		synctest.Wait()
		close(f.hold)
		wg.Wait()
	})
	if s := b.cache.Stats(); s.Entries != 0 || f.calls.Load() != 5 {
		t.Fatalf("%+v after %d calls", s, f.calls.Load())
	}
	if hits, misses, coalesced := b.counts("tbo"); hits != 0 || misses != 5 || coalesced != 0 {
		t.Fatalf("hits %v, misses %v, coalesced %v", hits, misses, coalesced)
	}
}

// A failed search is not kept: every search waiting on it gets the error,
// and the next one asks the supplier again.
func TestErrorsAreNotCached(t *testing.T) {
	t.Parallel()
	b := setup(t, DefaultMaxBytes)
	c := conn(t, "tbo", "")
	failure := &supplier.Error{Op: connector.OpSearch, Kind: supplier.KindTimeout, Message: "Request timed out after 7000 ms"}
	f := &supplierFake{err: failure}
	synctest.Test(t, func(t *testing.T) {
		f.hold = make(chan struct{})
		var wg sync.WaitGroup
		errs := make([]error, 3)
		for i := range errs {
			wg.Go(func() { _, errs[i] = b.cache.Search(context.Background(), c, request(), f.search) })
		}
		synctest.Wait()
		close(f.hold)
		wg.Wait()
		for i, err := range errs {
			if !errors.Is(err, failure) {
				t.Fatalf("search %d: %v", i, err)
			}
		}
	})
	if f.calls.Load() != 1 {
		t.Fatalf("supplier called %d times for three searches at once", f.calls.Load())
	}
	f.err, f.hold = nil, nil
	if res := mustSearch(t, b, c, request(), f); res.Cached || res.Answer == nil {
		t.Fatalf("after a failure: %+v", res)
	}
	if f.calls.Load() != 2 {
		t.Fatalf("supplier called %d times, want 2", f.calls.Load())
	}
	// An answer without a TraceId (nothing could be quoted from it) is not
	// kept either.
	noTrace := func(context.Context) (*supplier.Answer, error) {
		f.calls.Add(1)
		return &supplier.Answer{Doc: []byte(`{"Response":{}}`)}, nil
	}
	r := request()
	r.Destination = "GOI"
	for range 2 {
		if _, err := b.cache.Search(context.Background(), c, r, noTrace); err != nil {
			t.Fatal(err)
		}
	}
	if f.calls.Load() != 4 {
		t.Fatalf("an answer without TraceId was reused (%d calls)", f.calls.Load())
	}
}

// The cache stays within its byte budget: the least recently used answer
// goes first; an answer larger than the budget is not kept; expired
// answers are dropped.
func TestMemoryBound(t *testing.T) {
	t.Parallel()
	const docSize = 10 << 10
	entrySize := int64(len(`{"Response":{"TraceId":"trace-1","Results":[[{"ResultIndex":"OB1"}]]},"pad":""}`)+docSize+len("trace-1")+
		len(Key(conn(t, "tbo", ""), request()))) + entryOverhead
	b := setup(t, 2*entrySize+entrySize/2) // room for two
	c := conn(t, "tbo", "")
	f := &supplierFake{docSize: docSize}
	route := func(dest string) supplier.SearchRequest { r := request(); r.Destination = dest; return r }
	mustSearch(t, b, c, route("DEL"), f)
	b.clock.Step(time.Second)
	mustSearch(t, b, c, route("GOI"), f)
	b.clock.Step(time.Second)
	if res := mustSearch(t, b, c, route("DEL"), f); !res.Cached { // DEL is now the most recent
		t.Fatal("DEL not kept")
	}
	mustSearch(t, b, c, route("BLR"), f) // evicts GOI, the least recently used
	if s := b.cache.Stats(); s.Entries != 2 || s.Bytes > 2*entrySize+entrySize/2 {
		t.Fatalf("stats %+v, budget %d", s, 2*entrySize+entrySize/2)
	}
	calls := f.calls.Load()
	if res := mustSearch(t, b, c, route("DEL"), f); !res.Cached {
		t.Fatal("DEL evicted before GOI")
	}
	if res := mustSearch(t, b, c, route("GOI"), f); res.Cached || f.calls.Load() != calls+1 {
		t.Fatal("GOI was kept beyond the budget")
	}
	if v := testutil.ToFloat64(b.metrics.Evictions.WithLabelValues("budget")); v < 1 {
		t.Fatalf("budget evictions %v", v)
	}
	if v := testutil.ToFloat64(b.metrics.Bytes); int64(v) != b.cache.Stats().Bytes {
		t.Fatalf("bytes gauge %v, stats %+v", v, b.cache.Stats())
	}

	// Larger than the whole budget: given, not kept.
	huge := &supplierFake{docSize: 3 * int(entrySize)}
	mustSearch(t, b, c, route("MAA"), huge)
	if res := mustSearch(t, b, c, route("MAA"), huge); res.Cached || huge.calls.Load() != 2 {
		t.Fatal("an answer beyond the budget was kept")
	}

	// Expired answers are dropped at the next sweep, not left to take room.
	b.clock.Step(connector.DefaultSearchCacheWindow + sweepEvery)
	mustSearch(t, b, conn(t, "tbo", ""), route("CCU"), f)
	if s := b.cache.Stats(); s.Entries != 1 {
		t.Fatalf("after expiry and a sweep: %+v", s)
	}
	if v := testutil.ToFloat64(b.metrics.Evictions.WithLabelValues("expired")); v < 1 {
		t.Fatalf("expired evictions %v", v)
	}
}

// With no budget nothing is kept, but identical searches in flight at once
// still share their call.
func TestNoBudgetStillCoalesces(t *testing.T) {
	t.Parallel()
	b := setup(t, 0)
	c := conn(t, "tbo", "")
	f := &supplierFake{}
	synctest.Test(t, func(t *testing.T) {
		f.hold = make(chan struct{})
		var wg sync.WaitGroup
		for range 5 {
			wg.Go(func() { mustSearch(t, b, c, request(), f) })
		}
		synctest.Wait()
		close(f.hold)
		wg.Wait()
	})
	f.hold = nil
	if f.calls.Load() != 1 {
		t.Fatalf("%d calls for 5 searches at once", f.calls.Load())
	}
	if res := mustSearch(t, b, c, request(), f); res.Cached || f.calls.Load() != 2 {
		t.Fatal("an answer was kept without a budget")
	}
}

// BenchmarkHit is a search answered from the cache: the key and the
// look-up.
func BenchmarkHit(b *testing.B) {
	cache := New(Options{MaxBytes: DefaultMaxBytes, Metrics: telemetry.NewSearchCacheMetrics(prometheus.NewRegistry())})
	doc, _ := connector.Parse([]byte("connectors:\n  - name: tbo\n    endpoints: {auth: \"http://a\", air: \"http://b\"}\n    credentials: {file: /x}\n"))
	c, _ := doc.Find("tbo")
	f := &supplierFake{docSize: 300 << 10}
	r := request()
	r.Depart = time.Now().Add(48 * time.Hour)
	if _, err := cache.Search(context.Background(), c, r, f.search); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		res, err := cache.Search(context.Background(), c, r, f.search)
		if err != nil || !res.Cached {
			b.Fatal("not a hit", err)
		}
	}
}

// A booking started on a TraceId ends the reuse of the answer carrying it,
// for that connector only.
func TestForgetTrace(t *testing.T) {
	t.Parallel()
	b := setup(t, DefaultMaxBytes)
	tbo, other := conn(t, "tbo", ""), conn(t, "tbo-b", "")
	f := &supplierFake{}
	first := mustSearch(t, b, tbo, request(), f) // trace-1
	mustSearch(t, b, other, request(), f)        // trace-2
	b.cache.ForgetTrace("tbo-b", first.Answer.TraceID)
	if res := mustSearch(t, b, tbo, request(), f); !res.Cached {
		t.Fatal("another connector's booking ended the reuse")
	}
	b.cache.ForgetTrace("tbo", first.Answer.TraceID)
	if res := mustSearch(t, b, tbo, request(), f); res.Cached || res.Answer.TraceID != "trace-3" {
		t.Fatalf("reused after a booking on its TraceId: %+v", res)
	}
	if res := mustSearch(t, b, other, request(), f); !res.Cached || res.Answer.TraceID != "trace-2" {
		t.Fatalf("the other connector's answer: %+v", res)
	}
	if v := testutil.ToFloat64(b.metrics.Evictions.WithLabelValues("booked")); v != 1 {
		t.Fatalf("booked evictions %v", v)
	}
}

// A search that panics fails the searches waiting on it, not the process;
// nothing is kept.
func TestPanickingSearchFails(t *testing.T) {
	t.Parallel()
	b := setup(t, DefaultMaxBytes)
	c := conn(t, "tbo", "")
	_, err := b.cache.Search(context.Background(), c, request(), func(context.Context) (*supplier.Answer, error) { panic("boom") })
	if err == nil || !strings.Contains(err.Error(), "panic: boom") {
		t.Fatalf("err = %v", err)
	}
	f := &supplierFake{}
	if res := mustSearch(t, b, c, request(), f); res.Cached || f.calls.Load() != 1 {
		t.Fatalf("after the panic: %+v", res)
	}
}
