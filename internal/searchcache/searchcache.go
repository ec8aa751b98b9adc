// Package searchcache lets identical flight searches share the supplier's
// work. Searches that change nothing in the supplier request (same
// connector, route, dates, travellers, cabin, sources and flags; the
// traveller asking and the request's trace play no part) and arrive while
// one of them is with the supplier share that one call
// (golang.org/x/sync/singleflight). Its answer, TraceId included, is then
// kept for the connector's window (connector.Connector.CacheWindow, 5
// minutes by default) and given to every identical search in that time, as
// long as the TraceId still has connector.MinTraceLeft of its
// connector.TraceLifetime left: a traveller shown a reused TraceId has at
// least 10 minutes to quote and book.
//
// A booking started on a TraceId ends its reuse (Cache.ForgetTrace): the
// supplier takes one booking per TraceId and result, so the travellers who
// search after it get a TraceId of their own.
//
// Only answers are kept: a failed search (a supplier error, a timeout, no
// answer) is never reused, so the next identical search asks the supplier
// again. Only searches go through the cache: fare quotes, fare rules,
// bookings and tickets always reach the supplier, which is where a fare
// that moved since the search is caught.
//
// The answers are the supplier's documents as they came, before any
// traveller's view is made of them: whatever is shaped per request is
// shaped again for each request. Memory is bounded by a byte budget
// (SEARCH_CACHE_BYTES): expired answers go first, then the least recently
// used.
package searchcache

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/singleflight"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// DefaultMaxBytes is the memory budget of the cached answers when the
// configuration sets none: a search answer is 20 KiB to a few MiB, so
// several hundred busy routes fit.
const DefaultMaxBytes = 64 << 20

// entryOverhead is what an entry costs beyond its document, TraceId and
// key: the entry, its list element and its map slot.
const entryOverhead = 512

// sweepEvery is how often storing an answer also drops every expired one
// (expired answers are dropped when looked up, too).
const sweepEvery = 30 * time.Second

// Options configure a Cache.
type Options struct {
	// MaxBytes bounds the estimated memory of the cached answers; 0 keeps
	// none (identical searches in flight at once still share one call).
	MaxBytes int64
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// Metrics, when set, count hits, misses and coalesced searches.
	Metrics *telemetry.SearchCacheMetrics
}

// Cache shares searches between identical requests. It is safe for
// concurrent use.
type Cache struct {
	maxBytes int64
	now      func() time.Time
	metrics  *telemetry.SearchCacheMetrics
	flights  singleflight.Group

	mu        sync.Mutex
	used      int64
	lru       *list.List // of *entry, most recently used first
	byKey     map[string]*list.Element
	nextSweep time.Time
}

// New returns an empty cache.
func New(o Options) *Cache {
	c := &Cache{maxBytes: max(o.MaxBytes, 0), now: o.Now, metrics: o.Metrics, lru: list.New(), byKey: map[string]*list.Element{}}
	if c.now == nil {
		c.now = time.Now
	}
	return c
}

// SetClock replaces the clock (tests move it to expire answers).
func (c *Cache) SetClock(now func() time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = now
}

func (c *Cache) clock() time.Time {
	c.mu.Lock()
	now := c.now
	c.mu.Unlock()
	return now()
}

// Result is the answer to a search.
type Result struct {
	// Answer is the supplier's answer. It is shared: its Doc must not be
	// changed.
	Answer *supplier.Answer
	// SearchedAt is when the supplier answered.
	SearchedAt time.Time
	// Age is how long ago the supplier answered, as of the answer to this
	// search.
	Age time.Duration
	// Cached: the answer was already kept when the search came; false for
	// an answer the supplier gave for this search, or for an identical one
	// in flight at the same moment.
	Cached bool
}

// result is the Result of answer e.
func (c *Cache) result(e *entry, cached bool) Result {
	return Result{Answer: e.answer, SearchedAt: e.answered, Age: max(c.clock().Sub(e.answered), 0), Cached: cached}
}

// Search answers r through conn: from the cache, from the identical search
// in flight, or by calling search. The caller waits for as long as its ctx
// allows; the supplier call itself runs under a context of its own,
// bounded by the connector's search timeout, so that the searches sharing
// it are not failed by the first one going away. A connector whose window
// is 0 shares nothing: search is called with ctx.
func (c *Cache) Search(ctx context.Context, conn *connector.Connector, r supplier.SearchRequest,
	search func(context.Context) (*supplier.Answer, error)) (Result, error) {
	window := conn.CacheWindow()
	if window <= 0 {
		c.count(misses, conn.Name)
		a, err := search(ctx)
		if err != nil {
			return Result{}, err
		}
		return Result{Answer: a, SearchedAt: c.clock()}, nil
	}
	key := Key(conn, r)
	if e, ok := c.lookup(key, window); ok {
		c.count(hits, conn.Name)
		return c.result(e, true), nil
	}
	// led is set by the one search whose function runs (the leader); the
	// channel's answer comes after it.
	led := false
	wait := c.flights.DoChan(key, func() (_ any, err error) {
		led = true
		// The call runs on a goroutine of its own, where a panic would end
		// the process: it fails the searches waiting on it instead.
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("search of %s: panic: %v\n%s", conn.Name, p, debug.Stack())
			}
		}()
		// An identical search may have kept its answer between the look-up
		// above and now.
		if e, ok := c.lookup(key, window); ok {
			return flight{entry: e, cached: true}, nil
		}
		c.count(misses, conn.Name)
		callCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), conn.Timeout(connector.OpSearch))
		defer cancel()
		started := c.clock()
		a, err := search(callCtx)
		if err != nil {
			return nil, err
		}
		e := &entry{key: key, conn: conn.Name, answer: a, started: started, answered: c.clock()}
		c.store(e, window)
		return flight{entry: e}, nil
	})
	select {
	case <-ctx.Done():
		return Result{}, gaveUp(ctx.Err())
	case res := <-wait:
		if res.Err != nil {
			return Result{}, res.Err
		}
		f := res.Val.(flight)
		switch {
		case f.cached:
			c.count(hits, conn.Name)
		case !led:
			c.count(coalesced, conn.Name)
		}
		return c.result(f.entry, f.cached), nil
	}
}

// flight is what a shared supplier call gives every search waiting on it.
type flight struct {
	entry *entry
	// cached: the answer came from the cache after all.
	cached bool
}

// gaveUp is the error of a search whose caller stopped waiting.
func gaveUp(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return &supplier.Error{Op: connector.OpSearch, Kind: supplier.KindTimeout, Message: "The search took too long. Please try again.", Err: err}
	}
	return &supplier.Error{Op: connector.OpSearch, Kind: supplier.KindCanceled, Message: "The request was cancelled.", Err: err}
}

// Key identifies a search: the connector (its name, and what decides which
// supplier and account answer) and everything the supplier request is made
// of. Sources and airlines are sets: their order plays no part.
func Key(conn *connector.Connector, r supplier.SearchRequest) string {
	var ret string
	if r.IsReturn() {
		ret = r.Return.Format(time.DateOnly)
	}
	k := struct {
		Connector, Type, Air, EndUserIP     string
		Credentials                         connector.CredentialsRef
		Origin, Destination, Depart, Return string
		Cabin, Adults, Children, Infants    int
		Nonstop                             bool
		Airlines, Sources                   []string
	}{
		conn.Name, conn.Type, conn.Endpoints.Air, conn.EndUserIP, conn.Credentials,
		r.Origin, r.Destination, r.Depart.Format(time.DateOnly), ret,
		r.Cabin, r.Adults, r.Children, r.Infants, r.Nonstop,
		set(r.Airlines), set(r.Sources),
	}
	b, _ := json.Marshal(k) // strings, numbers and booleans only: never fails
	return string(b)
}

// set returns the distinct values of s, sorted.
func set(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}

// entry is a kept answer.
type entry struct {
	key string
	// conn is the connector's name.
	conn   string
	answer *supplier.Answer
	// started is when the supplier call began: the TraceId is no older.
	// answered is when the answer came.
	started, answered time.Time
	// expires is the end of the window the answer was kept for, or of the
	// TraceId's reuse, whichever comes first.
	expires time.Time
	size    int64
}

// usableAt reports whether e may answer a search at now under window (the
// connector's window now, which may have shrunk since e was kept).
func (e *entry) usableAt(now time.Time, window time.Duration) bool {
	return now.Before(e.expires) && now.Before(e.answered.Add(window))
}

// lookup returns the answer kept under key, if it may still be given.
func (c *Cache) lookup(key string, window time.Duration) (*entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	e := el.Value.(*entry)
	now := c.now()
	if !e.usableAt(now, window) {
		if !now.Before(e.expires) {
			c.remove(el, "expired")
			c.gauge()
		}
		return nil, false
	}
	c.lru.MoveToFront(el)
	return e, true
}

// store keeps e for window, making room within the budget. An answer
// without a TraceId (nothing can be quoted from it), or larger than the
// whole budget, is not kept.
func (c *Cache) store(e *entry, window time.Duration) {
	if e.answer == nil || e.answer.TraceID == "" || c.maxBytes == 0 {
		return
	}
	e.expires = e.answered.Add(window)
	// The TraceId is at most as old as the call: reused, it must keep
	// MinTraceLeft of its lifetime.
	if traceEnd := e.started.Add(connector.TraceLifetime - connector.MinTraceLeft); traceEnd.Before(e.expires) {
		e.expires = traceEnd
	}
	e.size = int64(len(e.answer.Doc)+len(e.answer.TraceID)+len(e.key)) + entryOverhead
	if e.size > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if !now.Before(e.expires) {
		return
	}
	if el, ok := c.byKey[e.key]; ok {
		c.remove(el, "")
	}
	c.byKey[e.key] = c.lru.PushFront(e)
	c.used += e.size
	if !now.Before(c.nextSweep) {
		c.sweep(now)
		c.nextSweep = now.Add(sweepEvery)
	}
	for c.used > c.maxBytes {
		c.remove(c.lru.Back(), "budget")
	}
	c.gauge()
}

// sweep drops every expired answer. c.mu is held.
func (c *Cache) sweep(now time.Time) {
	for el := c.lru.Back(); el != nil; {
		prev := el.Prev()
		if !now.Before(el.Value.(*entry).expires) {
			c.remove(el, "expired")
		}
		el = prev
	}
}

// remove drops el, counting it as evicted for reason (none: replaced).
// c.mu is held.
func (c *Cache) remove(el *list.Element, reason string) {
	e := c.lru.Remove(el).(*entry)
	delete(c.byKey, e.key)
	c.used -= e.size
	if reason != "" && c.metrics != nil {
		c.metrics.Evictions.WithLabelValues(reason).Inc()
	}
}

// gauge publishes the cache's size. c.mu is held.
func (c *Cache) gauge() {
	if c.metrics != nil {
		c.metrics.Bytes.Set(float64(c.used))
		c.metrics.Entries.Set(float64(c.lru.Len()))
	}
}

// ForgetTrace stops reusing the answer of connector supplierName that
// carries traceID: a booking is being made on it. The supplier takes one
// booking per TraceId and result, so travellers who search after it get a
// TraceId of their own.
func (c *Cache) ForgetTrace(supplierName, traceID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for el := c.lru.Front(); el != nil; {
		next := el.Next()
		if e := el.Value.(*entry); e.conn == supplierName && e.answer.TraceID == traceID {
			c.remove(el, "booked")
		}
		el = next
	}
	c.gauge()
}

// Stats are the cache's contents.
type Stats struct {
	// Entries counts the kept answers; Bytes is their estimated memory.
	Entries int
	Bytes   int64
}

// Stats returns what the cache holds now.
func (c *Cache) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Stats{Entries: c.lru.Len(), Bytes: c.used}
}

// The ways a search is answered, as the metrics count them.
const (
	hits = iota
	misses
	coalesced
)

// count counts one search of the connector named supplierName answered as
// how (hits, misses, coalesced).
func (c *Cache) count(how int, supplierName string) {
	if c.metrics == nil {
		return
	}
	v := [...]*prometheus.CounterVec{hits: c.metrics.Hits, misses: c.metrics.Misses, coalesced: c.metrics.Coalesced}[how]
	v.WithLabelValues(supplierName).Inc()
}
