package flights

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
)

// Limits guard the supplier behind the open routes (search, fare quote,
// fare rules): each costs a supplier call, and the supplier counts looks
// against bookings. They hold per replica: N replicas allow N times as much.
type Limits struct {
	// PerClientPerMinute is the sustained rate of open supplier calls one
	// client address may make (0: no limit).
	PerClientPerMinute int
	// PerClientBurst is how many it may make at once.
	PerClientBurst int
	// MaxInFlight caps the open supplier calls in flight per connector
	// (0: no cap). Book and ticket are never refused by it.
	MaxInFlight int
}

// DefaultLimits let a traveller search, page through fares and read rules
// briskly, and stop a script (the server's defaults come from its
// configuration: SUPPLIER_RATE_PER_MINUTE, SUPPLIER_RATE_BURST,
// SUPPLIER_MAX_IN_FLIGHT).
func DefaultLimits() Limits {
	return Limits{PerClientPerMinute: 60, PerClientBurst: 20, MaxInFlight: 2000}
}

// guard applies Limits to the open routes.
type guard struct {
	limits  Limits
	metrics *telemetry.SupplierMetrics

	mu        sync.Mutex
	clients   map[string]*clientBucket
	lastSweep time.Time
	inFlight  map[string]int
}

type clientBucket struct {
	limiter  *rate.Limiter
	lastSeen time.Time
}

func newGuard(l Limits, m *telemetry.SupplierMetrics) *guard {
	return &guard{limits: l, metrics: m, clients: map[string]*clientBucket{}, inFlight: map[string]int{}}
}

// Refusals, in the words travellers see.
const (
	msgRateLimited = "Too many searches from your connection. Please wait a moment and try again."
	msgAtCapacity  = "Flight search is very busy right now. Please try again in a few seconds."
)

// admit lets one open supplier call of connector through for the request's
// client, or answers 429 with Retry-After and returns false. done must be
// called when the call ends.
func (g *guard) admit(w http.ResponseWriter, r *http.Request, connector, operation string) (done func(), ok bool) {
	now := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if l := g.limits; l.PerClientPerMinute > 0 {
		ip := clientip.Addr(r.Context())
		b := g.clients[ip]
		if b == nil {
			b = &clientBucket{limiter: rate.NewLimiter(rate.Limit(float64(l.PerClientPerMinute)/60), max(l.PerClientBurst, 1))}
			g.clients[ip] = b
		}
		b.lastSeen = now
		g.sweep(now)
		if res := b.limiter.ReserveN(now, 1); !res.OK() || res.DelayFrom(now) > 0 {
			wait := res.DelayFrom(now)
			res.CancelAt(now)
			g.refuse(w, r, connector, operation, "rate_limited", msgRateLimited, wait)
			return nil, false
		}
	}
	if g.limits.MaxInFlight > 0 {
		if g.inFlight[connector] >= g.limits.MaxInFlight {
			g.refuse(w, r, connector, operation, "at_capacity", msgAtCapacity, 5*time.Second)
			return nil, false
		}
		g.inFlight[connector]++
		return func() {
			g.mu.Lock()
			g.inFlight[connector]--
			g.mu.Unlock()
		}, true
	}
	return func() {}, true
}

// sweep forgets clients idle for ten minutes (their buckets are full again
// by then), at most once a minute; g.mu is held.
func (g *guard) sweep(now time.Time) {
	if now.Sub(g.lastSweep) < time.Minute {
		return
	}
	g.lastSweep = now
	for ip, b := range g.clients {
		if now.Sub(b.lastSeen) > 10*time.Minute {
			delete(g.clients, ip)
		}
	}
}

func (g *guard) refuse(w http.ResponseWriter, r *http.Request, connector, operation, reason, msg string, wait time.Duration) {
	g.metrics.Refused.WithLabelValues(connector, operation, reason).Inc()
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(max(wait, time.Second).Seconds()))))
	httpjson.Fail(w, r, apierr.New(http.StatusTooManyRequests, reason, msg))
}
