package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Headers that override the fault and latency knobs for one call, so that a
// test can script exactly what the supplier does.
const (
	// HeaderLatency delays the answer: a Go duration ("5s") or a
	// distribution (see ParseLatency). "0" answers at once.
	HeaderLatency = "X-Sim-Latency"
	// HeaderError forces a failure: "true" (a business error with HTTP 200),
	// a number (that ErrorCode; 6 is the expired-token answer), "http" or
	// "http:503" (an HTML error page with that status), or "false" (no
	// random error on this call).
	HeaderError = "X-Sim-Error"
	// HeaderDrop hangs up: "before" (without doing the work), "after" (the
	// work is done, the answer is never sent) or "none".
	HeaderDrop = "X-Sim-Drop"
	// HeaderSlowBody trickles the answer over a duration ("10s"); "true"
	// uses Options.SlowBody, "false" disables it.
	HeaderSlowBody = "X-Sim-Slow-Body"
	// HeaderPriceChange forces ("true") or prevents ("false") a price
	// change on FareQuote, Book or Ticket.
	HeaderPriceChange = "X-Sim-Price-Change"
	// HeaderExtrasPriceChange ("true") raises the prices of a low-cost
	// result's seats, meals and baggage at its Ticket: items sent at the
	// prices the SSR answer gave are then refused as a price change, and
	// SSR answers the new prices from then on.
	HeaderExtrasPriceChange = "X-Sim-Extras-Price-Change"
)

// maxLatency caps sampled delays: a heavy-tailed distribution must not
// hold a call for hours.
const maxLatency = 30 * time.Minute

// Latency is a distribution of response delays. The zero value is no delay.
type Latency struct {
	kind      latencyKind
	min, max  time.Duration // fixed (min), uniform
	mu, sigma float64       // log-normal, of the delay in seconds
	spec      string
}

type latencyKind uint8

const (
	latencyNone latencyKind = iota
	latencyFixed
	latencyUniform
	latencyLogNormal
)

// FixedLatency always waits d.
func FixedLatency(d time.Duration) Latency {
	if d <= 0 {
		return Latency{}
	}
	return Latency{kind: latencyFixed, min: d, spec: d.String()}
}

// UniformLatency waits between lo and hi, uniformly.
func UniformLatency(lo, hi time.Duration) Latency {
	if hi < lo {
		lo, hi = hi, lo
	}
	return Latency{kind: latencyUniform, min: lo, max: hi, spec: fmt.Sprintf("uniform:%s-%s", lo, hi)}
}

// LogNormalLatency waits a log-normally distributed time with the given
// median and 99th percentile: the long tail of a real supplier.
func LogNormalLatency(p50, p99 time.Duration) (Latency, error) {
	if p50 <= 0 || p99 < p50 {
		return Latency{}, fmt.Errorf("lognormal latency: want 0 < p50 <= p99, got p50=%s p99=%s", p50, p99)
	}
	mu := math.Log(p50.Seconds())
	// 2.3263 is the 99th percentile of the standard normal distribution.
	sigma := math.Log(p99.Seconds()/p50.Seconds()) / 2.3263
	return Latency{kind: latencyLogNormal, mu: mu, sigma: sigma, spec: fmt.Sprintf("lognormal:p50=%s,p99=%s", p50, p99)}, nil
}

// ParseLatency reads a delay distribution: "" or "0" (none), a Go duration
// ("800ms", "3m"), "uniform:1s-3s", or "lognormal:p50=800ms,p99=20s".
func ParseLatency(s string) (Latency, error) {
	s = strings.TrimSpace(s)
	kind, arg, hasKind := strings.Cut(s, ":")
	switch {
	case s == "" || s == "0" || s == "none":
		return Latency{}, nil
	case !hasKind:
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return Latency{}, fmt.Errorf("latency %q: want a duration like 800ms, uniform:1s-3s or lognormal:p50=800ms,p99=20s", s)
		}
		return FixedLatency(d), nil
	case strings.EqualFold(kind, "uniform"):
		lo, hi, ok := strings.Cut(arg, "-")
		a, err1 := time.ParseDuration(strings.TrimSpace(lo))
		b, err2 := time.ParseDuration(strings.TrimSpace(hi))
		if !ok || err1 != nil || err2 != nil || a < 0 || b < 0 {
			return Latency{}, fmt.Errorf("latency %q: want uniform:MIN-MAX, like uniform:1s-3s", s)
		}
		return UniformLatency(a, b), nil
	case strings.EqualFold(kind, "lognormal"):
		var p50, p99 time.Duration
		for _, part := range strings.Split(arg, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
			d, err := time.ParseDuration(strings.TrimSpace(v))
			if err != nil {
				return Latency{}, fmt.Errorf("latency %q: %s: %w", s, part, err)
			}
			switch strings.ToLower(strings.TrimSpace(k)) {
			case "p50":
				p50 = d
			case "p99":
				p99 = d
			default:
				return Latency{}, fmt.Errorf("latency %q: unknown parameter %q (want p50 and p99)", s, k)
			}
		}
		l, err := LogNormalLatency(p50, p99)
		if err != nil {
			return Latency{}, fmt.Errorf("latency %q: %w", s, err)
		}
		return l, nil
	}
	return Latency{}, fmt.Errorf("latency %q: unknown distribution %q (want uniform or lognormal)", s, kind)
}

// ParseLatencies reads a latency setting that may vary by method:
// "lognormal:p50=1s,p99=8s" for every method, or
// "Search=uniform:2s-6s;Book=3s;*=300ms" per method, "*" being the default.
func ParseLatencies(s string) (def Latency, perMethod map[string]Latency, err error) {
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, spec, ok := strings.Cut(part, "=")
		if !ok || strings.ContainsAny(name, ":,") {
			// No method name: the whole part is a distribution.
			if def, err = ParseLatency(part); err != nil {
				return Latency{}, nil, err
			}
			continue
		}
		l, err := ParseLatency(spec)
		if err != nil {
			return Latency{}, nil, err
		}
		name = strings.TrimSpace(name)
		if name == "*" {
			def = l
			continue
		}
		m, known := methodByName(name)
		if !known {
			return Latency{}, nil, fmt.Errorf("latency %q: unknown method %q", s, name)
		}
		if perMethod == nil {
			perMethod = map[string]Latency{}
		}
		perMethod[m.String()] = l
	}
	return def, perMethod, nil
}

// String returns the setting in the form ParseLatency reads.
func (l Latency) String() string {
	if l.kind == latencyNone {
		return "0"
	}
	return l.spec
}

// Sample draws one delay.
func (l Latency) Sample() time.Duration {
	var d time.Duration
	switch l.kind {
	case latencyFixed:
		d = l.min
	case latencyUniform:
		d = l.min + time.Duration(rand.Int64N(int64(l.max-l.min)+1))
	case latencyLogNormal:
		d = time.Duration(math.Exp(l.mu+l.sigma*rand.NormFloat64()) * float64(time.Second))
	}
	return min(d, maxLatency)
}

// DropPoint is when a dropped call hangs up.
type DropPoint uint8

const (
	// DropNone answers normally.
	DropNone DropPoint = iota
	// DropAfter does the work (a Book makes the booking) and then closes the
	// connection without answering: the caller cannot know what happened.
	DropAfter
	// DropBefore closes the connection without doing anything.
	DropBefore
)

// ParseDropPoint reads "before", "after" or "none".
func ParseDropPoint(s string) (DropPoint, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "after", "true":
		return DropAfter, nil
	case "before":
		return DropBefore, nil
	case "none", "false", "":
		return DropNone, nil
	}
	return DropNone, fmt.Errorf("drop %q: want before, after or none", s)
}

// String returns the name ParseDropPoint reads.
func (p DropPoint) String() string {
	switch p {
	case DropAfter:
		return "after"
	case DropBefore:
		return "before"
	}
	return "none"
}

// plan is what the simulator does to one call besides answering it.
type plan struct {
	latency     time.Duration
	drop        DropPoint
	errorCode   int // a forced business error (0: none)
	httpStatus  int // a forced HTTP error page (0: none)
	slowBody    time.Duration
	priceChange bool
	// extrasPriceChange raises an LCC result's extras at Ticket.
	extrasPriceChange bool
}

// plan draws the faults of one call from the options, then applies the
// run-time overrides of its method (see SetFaults) and the per-call headers.
func (s *Server) plan(m method, h http.Header) (plan, error) {
	var p plan
	lat := s.opts.Latency
	if l, ok := s.opts.MethodLatency[m.String()]; ok {
		lat = l
	}
	p.latency = lat.Sample()
	if chance(s.opts.ErrorRate) {
		p.errorCode = errGeneric
	}
	if chance(s.opts.DropRate) {
		p.drop = s.opts.DropWhen
		if p.drop == DropNone {
			p.drop = DropAfter
		}
	}
	if chance(s.opts.SlowBodyRate) {
		p.slowBody = s.opts.SlowBody
	}
	p.priceChange = chance(s.opts.PriceChange)
	if o := s.overrides.get(m); o != nil {
		if err := s.applyHeaders(&p, o); err != nil {
			return p, err
		}
	}
	return p, s.applyHeaders(&p, h)
}

// applyHeaders overrides p with the X-Sim-* values in h.
func (s *Server) applyHeaders(p *plan, h http.Header) error {
	if v := h.Get(HeaderLatency); v != "" {
		l, err := ParseLatency(v)
		if err != nil {
			return err
		}
		p.latency = l.Sample()
	}
	if v := strings.TrimSpace(h.Get(HeaderError)); v != "" {
		p.errorCode, p.httpStatus = 0, 0
		switch lv := strings.ToLower(v); {
		case lv == "false" || lv == "none":
		case lv == "true":
			p.errorCode = errGeneric
		case lv == "http":
			p.httpStatus = http.StatusInternalServerError
		case strings.HasPrefix(lv, "http:"):
			n, err := strconv.Atoi(lv[len("http:"):])
			if err != nil || n < 400 || n > 599 {
				return fmt.Errorf("%s %q: want http:4xx or http:5xx", HeaderError, v)
			}
			p.httpStatus = n
		default:
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return fmt.Errorf("%s %q: want true, false, an error code, or http:STATUS", HeaderError, v)
			}
			p.errorCode = n
		}
	}
	if v := h.Get(HeaderDrop); v != "" {
		d, err := ParseDropPoint(v)
		if err != nil {
			return fmt.Errorf("%s: %w", HeaderDrop, err)
		}
		p.drop = d
	}
	if v := strings.TrimSpace(h.Get(HeaderSlowBody)); v != "" {
		switch strings.ToLower(v) {
		case "true":
			p.slowBody = s.opts.SlowBody
		case "false", "0":
			p.slowBody = 0
		default:
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return fmt.Errorf("%s %q: want a duration like 10s", HeaderSlowBody, v)
			}
			p.slowBody = d
		}
	}
	if v := h.Get(HeaderPriceChange); v != "" {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s %q: want true or false", HeaderPriceChange, v)
		}
		p.priceChange = b
	}
	if v := h.Get(HeaderExtrasPriceChange); v != "" {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s %q: want true or false", HeaderExtrasPriceChange, v)
		}
		p.extrasPriceChange = b
	}
	return nil
}

func chance(p float64) bool { return p > 0 && rand.Float64() < p }

// wait sleeps for d or until ctx ends: a caller that gives up frees the
// goroutine at once.
func wait(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// hangUp closes the client's connection without an answer, as a supplier
// or a network in between does when it fails.
func hangUp(w http.ResponseWriter) {
	rc := http.NewResponseController(w)
	conn, _, err := rc.Hijack()
	if err != nil {
		// HTTP/2 cannot be hijacked; aborting the handler resets the stream.
		panic(http.ErrAbortHandler)
	}
	_ = conn.Close()
}

// trickle writes body over about d in small flushed pieces, as a slow or
// congested link delivers it. It gives up when ctx ends.
func trickle(ctx context.Context, w http.ResponseWriter, body []byte, d time.Duration) error {
	rc := http.NewResponseController(w)
	pieces := min(max(len(body)/256, 1), 200)
	size := (len(body) + pieces - 1) / pieces
	step := d / time.Duration(pieces)
	for off := 0; off < len(body); off += size {
		if off > 0 {
			if err := wait(ctx, step); err != nil {
				return err
			}
		}
		end := min(off+size, len(body))
		if _, err := w.Write(body[off:end]); err != nil {
			return err
		}
		if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
	}
	return nil
}
