package sim

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"sync"
	"time"
)

// ist is Indian Standard Time, in which the supplier's tokens expire at
// midnight. India keeps no daylight saving, so a fixed zone is exact.
var ist = time.FixedZone("IST", 5*3600+1800)

// guid formats 16 bytes the way the supplier prints its identifiers.
func guid(b [16]byte) string {
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

func randomGUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails on supported platforms
	return guid(b)
}

// Tokens carry their own expiry, signed with a key of this Server: checking
// one needs no stored state, so any number of authentications costs no
// memory. Layout: 4 bytes expiry (Unix seconds), 4 random bytes, 8 bytes of
// HMAC-SHA-256 over the first eight.
func (s *Server) issueToken(now time.Time) (string, time.Time) {
	exp := now.Add(s.opts.TokenLifetime)
	if s.opts.TokenLifetime <= 0 {
		// Valid for the calendar day in India.
		d := now.In(ist)
		exp = time.Date(d.Year(), d.Month(), d.Day()+1, 0, 0, 0, 0, ist)
	}
	var b [16]byte
	binary.BigEndian.PutUint32(b[0:4], uint32(exp.Unix()))
	_, _ = rand.Read(b[4:8])
	copy(b[8:], s.tokenMAC(b[:8]))
	return guid(b), exp
}

func (s *Server) tokenMAC(payload []byte) []byte {
	m := hmac.New(sha256.New, s.tokenKey[:])
	m.Write(payload)
	return m.Sum(nil)[:8]
}

// tokenValid reports whether tok was issued by this Server and has not
// expired at now.
func (s *Server) tokenValid(tok string, now time.Time) bool {
	raw, err := hex.DecodeString(strings.ReplaceAll(tok, "-", ""))
	if err != nil || len(raw) != 16 {
		return false
	}
	if !hmac.Equal(raw[8:], s.tokenMAC(raw[:8])) {
		return false
	}
	exp := time.Unix(int64(binary.BigEndian.Uint32(raw[0:4])), 0)
	return now.Before(exp)
}

// trace is one search session: the validated query (results are
// regenerated from it) and the price rises quoted since.
type trace struct {
	id      string
	expires time.Time
	q       *query
	rises   map[string]priceRise // by ResultIndex; guarded by traceStore.mu
	// extrasRises are the percentages a low-cost result's seats, meals
	// and baggage rose by at Ticket, by ResultIndex; guarded by
	// traceStore.mu.
	extrasRises map[string]int
}

// traceStore holds live traces. Every trace lives equally long, so creation
// order is expiry order: a FIFO queue lets each insertion sweep the expired
// ones at the front, and a cap bounds memory under any load.
type traceStore struct {
	mu    sync.Mutex
	byID  map[string]*trace
	queue []*trace
	head  int
	max   int
}

func newTraceStore(max int) *traceStore {
	return &traceStore{byID: map[string]*trace{}, max: max}
}

func (ts *traceStore) add(t *trace, now time.Time) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for ts.head < len(ts.queue) {
		old := ts.queue[ts.head]
		if old.expires.After(now) && len(ts.byID) < ts.max {
			break
		}
		delete(ts.byID, old.id)
		ts.queue[ts.head] = nil
		ts.head++
	}
	if ts.head > 1024 && ts.head > len(ts.queue)/2 {
		n := copy(ts.queue, ts.queue[ts.head:])
		clear(ts.queue[n:])
		ts.queue = ts.queue[:n]
		ts.head = 0
	}
	ts.byID[t.id] = t
	ts.queue = append(ts.queue, t)
}

// get returns the live trace with that id, or nil.
func (ts *traceStore) get(id string, now time.Time) *trace {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := ts.byID[id]
	if t == nil || !t.expires.After(now) {
		return nil
	}
	return t
}

// rise returns the price rise quoted on a result of the trace.
func (ts *traceStore) rise(t *trace, index string) priceRise {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return t.rises[index]
}

// raise adds delta to the rise of a result and returns the new rise.
func (ts *traceStore) raise(t *trace, index string, delta priceRise) priceRise {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t.rises == nil {
		t.rises = map[string]priceRise{}
	}
	t.rises[index] += delta
	return t.rises[index]
}

// extrasRise is the percentage a result's extras have risen by.
func (ts *traceStore) extrasRise(t *trace, index string) int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return t.extrasRises[index]
}

// raiseExtras adds pct to the rise of a result's extras and returns it.
func (ts *traceStore) raiseExtras(t *trace, index string, pct int) int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t.extrasRises == nil {
		t.extrasRises = map[string]int{}
	}
	t.extrasRises[index] += pct
	return t.extrasRises[index]
}

func (ts *traceStore) len() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return len(ts.byID)
}
