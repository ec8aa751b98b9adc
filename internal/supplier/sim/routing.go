package sim

import (
	"math"
	"sort"
)

// hasher derives every "random" choice of the generator from its inputs, so
// that the same search always gives the same answer. It is FNV-1a over the
// parts, finished with a SplitMix64 round for well-spread low bits.
type hasher uint64

const fnvOffset hasher = 14695981039346656037

func (h hasher) str(s string) hasher {
	for i := 0; i < len(s); i++ {
		h ^= hasher(s[i])
		h *= 1099511628211
	}
	// A separator, so that ("AB","C") and ("A","BC") differ.
	h ^= 0xff
	h *= 1099511628211
	return h
}

func (h hasher) num(n uint64) hasher {
	for i := 0; i < 8; i++ {
		h ^= hasher(n & 0xff)
		h *= 1099511628211
		n >>= 8
	}
	return h
}

func (h hasher) sum() uint64 {
	z := uint64(h) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// frac is a number in [0, 1).
func (h hasher) frac() float64 { return float64(h.sum()>>11) / (1 << 53) }

// intn is a number in [0, n).
func (h hasher) intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int(h.sum() % uint64(n))
}

// between is a number in [lo, hi].
func (h hasher) between(lo, hi float64) float64 { return lo + (hi-lo)*h.frac() }

// minLegKm is the shortest leg anyone flies: closer airports are reached by road.
const minLegKm = 150

// flies reports whether carrier c flies non-stop between p and q. The
// network is a fixed picture, independent of the seed: the same airline
// always flies the same routes, while times and prices vary by seed.
func (w *world) flies(c *carrier, p, q *airport) bool {
	if p == q {
		return false
	}
	d := distanceKm(p, q)
	if d < minLegKm || d > c.RangeKm {
		return false
	}
	a, b := p, q
	if a.Code > b.Code {
		a, b = b, a
	}
	chance := fnvOffset.str(c.Code).str(a.Code).str(b.Code).frac()
	ph, qh := c.hubSet[p], c.hubSet[q]

	if p.CountryCode == q.CountryCode {
		if !c.homeIn(p.CountryCode) {
			return false // no cabotage
		}
		switch {
		case ph && qh:
			return true
		case ph || qh:
			hub, other := p, q
			if qh {
				hub, other = q, p
			}
			if other.major {
				return true
			}
			return chance < 0.4 || w.feeds(c, hub, other)
		case p.major && q.major:
			// Trunk routes between large airports of one country are flown
			// non-stop by someone; which home carriers do is a matter of
			// chance, but at least one always does.
			return d < 3000 && (chance < 0.5 || w.trunkCarrier(a, b, d) == c)
		}
		return false
	}

	if (!ph && !qh) || c.DomesticOnly {
		return false
	}
	hub, other := p, q
	if qh && !ph {
		hub, other = q, p
	}
	density := intlDensity(d)
	if hub.Code == c.Hubs[0] {
		// From its main base a carrier serves most of the big airports in
		// range.
		density = 0.9
		if d > 8000 {
			density = 0.6
		}
	}
	switch {
	case other.gdsHub:
		return chance < density
	case other.hub && c.LCC:
		return chance < density // low-cost carriers fly between each other's bases
	case other.major && d < 7000:
		return chance < density*0.7
	}
	return w.feeds(c, hub, other)
}

// intlDensity is the share of hub-to-hub pairs at distance d that a carrier
// flies non-stop: most short sectors, few ultra-long ones.
func intlDensity(d float64) float64 {
	switch {
	case d < 2000:
		return 0.85
	case d < 4500:
		return 0.7
	case d < 8000:
		return 0.5
	case d < 11000:
		return 0.35
	}
	return 0.2
}

func (c *carrier) homeIn(country string) bool {
	for _, cc := range c.Countries {
		if cc == country {
			return true
		}
	}
	return false
}

// feeds reports whether c connects the small airport other to its hub: every
// small airport is linked to one hub by one designated carrier (a home
// carrier if its country has one, else one based at its gateway), so that
// any airport can be reached.
func (w *world) feeds(c *carrier, hub, other *airport) bool {
	fc, fh := w.feeder(other)
	return fc == c && fh == hub
}

// feeder is the designated carrier and hub of a small airport (see feeds),
// computed once when the world is built.
func (w *world) feeder(a *airport) (*carrier, *airport) { return a.feedCarrier, a.feedHub }

func (w *world) computeFeeder(a *airport) (*carrier, *airport) {
	var best *carrier
	var bestHub *airport
	bestScore := math.Inf(1)
	consider := func(c *carrier, onlyHub *airport) {
		var hub *airport
		hd := math.Inf(1)
		for h := range c.hubSet {
			if onlyHub != nil && h != onlyHub {
				continue
			}
			if d := distanceKm(a, h); d >= minLegKm && d <= c.RangeKm && (d < hd || (d == hd && h.Code < hub.Code)) {
				hub, hd = h, d
			}
		}
		if hub == nil {
			return
		}
		if s := fnvOffset.str("feeder").str(c.Code).str(a.Code).frac(); s < bestScore {
			best, bestHub, bestScore = c, hub, s
		}
	}
	if home := w.home[a.CountryCode]; len(home) > 0 {
		for _, c := range home {
			consider(c, nil)
		}
		if best != nil {
			return best, bestHub
		}
	}
	for _, c := range a.gateway.hubCarriers {
		consider(c, a.gateway)
	}
	return best, bestHub
}

// trunkCarrier is the home carrier that always flies the domestic trunk
// route a–b (a < b by code).
func (w *world) trunkCarrier(a, b *airport, d float64) *carrier {
	var best *carrier
	bestScore := math.Inf(1)
	for _, c := range w.home[a.CountryCode] {
		if d > c.RangeKm {
			continue
		}
		if s := fnvOffset.str("trunk").str(c.Code).str(a.Code).str(b.Code).frac(); s < bestScore {
			best, bestScore = c, s
		}
	}
	return best
}

// legCarriers lists the carriers flying p–q non-stop, in table order.
func (w *world) legCarriers(p, q *airport) []*carrier {
	var out []*carrier
	seen := func(c *carrier) bool {
		for _, o := range out {
			if o == c {
				return true
			}
		}
		return false
	}
	try := func(c *carrier) {
		if c != nil && !seen(c) && w.flies(c, p, q) {
			out = append(out, c)
		}
	}
	for _, c := range p.hubCarriers {
		try(c)
	}
	for _, c := range q.hubCarriers {
		try(c)
	}
	if p.CountryCode == q.CountryCode {
		for _, c := range w.home[p.CountryCode] {
			try(c)
		}
	}
	if !p.major {
		c, _ := w.feeder(p)
		try(c)
	}
	if !q.major {
		c, _ := w.feeder(q)
		try(c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// routing is a sequence of airports from origin to destination with the
// carriers flying each leg.
type routing struct {
	stops []*airport
	legs  [][]*carrier
	km    float64
}

// score ranks routings: shortest first, a stop costing as much as 450 km
// of detour, and changing planes at a big long-haul hub between two
// countries counting as a shorter way round, since that is how most such
// trips are sold.
func (r routing) score() float64 {
	s := r.km + 450*float64(len(r.stops)-2)
	if !domestic(r.stops[0], r.stops[len(r.stops)-1]) {
		for _, a := range r.stops[1 : len(r.stops)-1] {
			if a.megaHub {
				s -= 700
			}
		}
	}
	return s
}

// Limits on how many ways of getting from A to B are offered: enough for a
// realistic spread, few enough that a search stays fast.
const (
	maxOneStopRoutings = 5
	maxTwoStopRoutings = 3
)

// routings finds the plausible ways of flying a → b: non-stop where some
// carrier flies it, else (and also) through one or two hubs, and as a last
// resort through the gateway hubs of both ends.
func (w *world) routings(a, b *airport) []routing {
	d := distanceKm(a, b)
	if a == b || d < minLegKm {
		return nil
	}
	var out []routing
	direct := w.legCarriers(a, b)
	if len(direct) > 0 {
		out = append(out, routing{stops: []*airport{a, b}, legs: [][]*carrier{direct}, km: d})
	}
	// A trip within one country connects within it.
	home := ""
	if domestic(a, b) {
		home = a.CountryCode
	}

	maxOne := d*1.45 + 400
	var one []routing
	for _, h := range w.hubs {
		if h == a || h == b || (home != "" && h.CountryCode != home) {
			continue
		}
		d1, d2 := distanceKm(a, h), distanceKm(h, b)
		if d1+d2 > maxOne {
			continue
		}
		c1 := w.legCarriers(a, h)
		if len(c1) == 0 {
			continue
		}
		c2 := w.legCarriers(h, b)
		if len(c2) == 0 {
			continue
		}
		one = append(one, routing{stops: []*airport{a, h, b}, legs: [][]*carrier{c1, c2}, km: d1 + d2})
	}
	out = append(out, best(one, maxOneStopRoutings)...)

	if len(out) == 0 || (len(direct) == 0 && len(out) < 3) {
		out = append(out, best(w.twoStops(a, b, home, d*1.7+800), maxTwoStopRoutings)...)
	}
	if len(out) == 0 {
		out = w.viaGateways(a, b)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score() < out[j].score() })
	return out
}

// twoStops finds routings a → h1 → h2 → b no longer than maxKm, through
// hubs in the country home when it is set.
func (w *world) twoStops(a, b *airport, home string, maxKm float64) []routing {
	type reach struct {
		h  *airport
		cs []*carrier
		km float64
	}
	var from, to []reach
	for _, h := range w.hubs {
		if h == a || h == b || (home != "" && h.CountryCode != home) {
			continue
		}
		da, db := distanceKm(a, h), distanceKm(h, b)
		if da+db > maxKm {
			continue
		}
		if cs := w.legCarriers(a, h); len(cs) > 0 {
			from = append(from, reach{h, cs, da})
		}
		if cs := w.legCarriers(h, b); len(cs) > 0 {
			to = append(to, reach{h, cs, db})
		}
	}
	var out []routing
	for _, f := range from {
		for _, t := range to {
			if f.h == t.h {
				continue
			}
			mid := distanceKm(f.h, t.h)
			km := f.km + mid + t.km
			if km > maxKm {
				continue
			}
			cs := w.legCarriers(f.h, t.h)
			if len(cs) == 0 {
				continue
			}
			out = append(out, routing{stops: []*airport{a, f.h, t.h, b}, legs: [][]*carrier{f.cs, cs, t.cs}, km: km})
		}
	}
	return out
}

// viaGateways joins two remote airports through their designated hubs, for
// pairs no nearby hub connects.
func (w *world) viaGateways(a, b *airport) []routing {
	var head, tail []*airport
	var headLegs, tailLegs [][]*carrier
	ga, gb := a, b
	if !a.major {
		if _, h := w.feeder(a); h != nil {
			ga = h
		}
	}
	if !b.major {
		if _, h := w.feeder(b); h != nil {
			gb = h
		}
	}
	if ga != a {
		cs := w.legCarriers(a, ga)
		if len(cs) == 0 {
			return nil
		}
		head, headLegs = []*airport{a}, [][]*carrier{cs}
	}
	if gb != b {
		cs := w.legCarriers(gb, b)
		if len(cs) == 0 {
			return nil
		}
		tail, tailLegs = []*airport{b}, [][]*carrier{cs}
	}
	if ga == gb {
		if len(head) == 0 || len(tail) == 0 {
			return nil
		}
		return []routing{{stops: []*airport{a, ga, b}, legs: append(headLegs, tailLegs...), km: distanceKm(a, ga) + distanceKm(ga, b)}}
	}
	var out []routing
	var middles []routing
	if cs := w.legCarriers(ga, gb); len(cs) > 0 {
		middles = append(middles, routing{stops: []*airport{ga, gb}, legs: [][]*carrier{cs}, km: distanceKm(ga, gb)})
	} else {
		for _, h := range w.hubs {
			if h == ga || h == gb {
				continue
			}
			c1, c2 := w.legCarriers(ga, h), w.legCarriers(h, gb)
			if len(c1) > 0 && len(c2) > 0 {
				middles = append(middles, routing{stops: []*airport{ga, h, gb}, legs: [][]*carrier{c1, c2}, km: distanceKm(ga, h) + distanceKm(h, gb)})
			}
		}
		middles = best(middles, 2)
	}
	for _, m := range middles {
		r := routing{km: m.km}
		r.stops = append(append(append(r.stops, head...), m.stops...), tail...)
		r.legs = append(append(append(r.legs, headLegs...), m.legs...), tailLegs...)
		if len(head) > 0 {
			r.km += distanceKm(a, ga)
		}
		if len(tail) > 0 {
			r.km += distanceKm(gb, b)
		}
		out = append(out, r)
	}
	return out
}

// best keeps the n routings with the lowest score.
func best(rs []routing, n int) []routing {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].score() < rs[j].score() })
	if len(rs) > n {
		rs = rs[:n]
	}
	return rs
}
