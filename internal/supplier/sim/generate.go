package sim

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"
)

// query is a validated search: everything the generator needs to rebuild
// the same results later (FareQuote, Book, Ticket and GetBookingDetails
// regenerate instead of storing results, which keeps memory per trace and
// per booking small).
type query struct {
	journeyType               int
	legs                      []queryLeg
	adults, children, infants int
	direct, oneStop           bool
	// gds: full-service fares wanted; lcc: the low-cost carriers wanted
	// (nil with allLCC for every one).
	gds, allLCC bool
	lcc         map[string]bool
	preferred   map[string]bool
	fareType    int
	// docs are the document settings in force when the search was made.
	docs Documents
}

type queryLeg struct {
	from, to *airport
	// date is the departure day, as a UTC midnight.
	date  time.Time
	cabin int
}

// seated is the number of passengers who need a seat (infants sit on laps).
func (q *query) seated() int { return q.adults + q.children }

// domesticIndia reports whether every airport of the search is in India:
// the supplier's "domestic", which decides the shape of return results.
func (q *query) domesticIndia() bool {
	for _, l := range q.legs {
		if l.from.CountryCode != "IN" || l.to.CountryCode != "IN" {
			return false
		}
	}
	return true
}

// combined reports whether every direction is sold as one result (Segments
// holding one inner list per direction) rather than one list per direction.
func (q *query) combined() bool {
	switch q.journeyType {
	case journeyReturn:
		return !q.domesticIndia()
	case journeyMultiStop, journeySpecialReturn:
		return true
	}
	return false
}

// JourneyType values.
const (
	journeyOneWay        = 1
	journeyReturn        = 2
	journeyMultiStop     = 3
	journeyAdvanceSearch = 4
	journeySpecialReturn = 5
)

// flight is one leg of a journey, as flown.
type flight struct {
	c                  *carrier
	number             string
	from, to           *airport
	dep, arr           time.Time
	minutes, ground    int
	accumulated        int
	craft, fareClass   string
	fareBasis          string
	seats              int
	termFrom, termTo   string
	baggage, cabinBags string
}

// journey is one direction of travel on one set of flights, with its fare
// per passenger type.
type journey struct {
	key        hasher
	flights    []flight
	carrier    *carrier // validating carrier
	lcc        bool
	cabin      int
	refundable bool
	remark     string
	fare       paxFares
}

func (j *journey) stops() int { return len(j.flights) - 1 }

// offer is one Result: a journey per direction sold together.
type offer struct {
	index    string
	key      uint64 // identifies the offer within its search (order)
	journeys []*journey
	trips    []int // TripIndicator of each journey
	lcc      bool
	carrier  *carrier
	cabin    int
}

// gen builds deterministic results from a seed.
type gen struct {
	w    *world
	seed uint64
	// departures multiplies every routing's departures a day (at least 1;
	// see Options.Departures).
	departures int
}

// generate returns the result lists of q: one list, or two for a domestic
// return, ordered by price with their ResultIndex assigned.
func (g *gen) generate(q *query) [][]*offer {
	per := make([][]*journey, len(q.legs))
	for i, leg := range q.legs {
		per[i] = g.filter(q, g.journeys(leg))
	}
	if !q.combined() {
		lists := make([][]*offer, len(per))
		for i, js := range per {
			trip, prefix := 1, "OB"
			if i == 1 && q.journeyType == journeyReturn {
				trip, prefix = 2, "IB"
			}
			offers := make([]*offer, 0, len(js))
			for _, j := range js {
				offers = append(offers, &offer{journeys: []*journey{j}, trips: []int{trip}, lcc: j.lcc, carrier: j.carrier, cabin: j.cabin})
			}
			g.order(q, offers, prefix)
			lists[i] = offers
		}
		if q.journeyType != journeyReturn {
			lists = lists[:1]
		}
		return lists
	}
	offers := g.combine(per)
	g.order(q, offers, "OB")
	return [][]*offer{offers}
}

// order sorts offers by published fare and numbers them.
func (g *gen) order(q *query, offers []*offer, prefix string) {
	type keyed struct {
		o     *offer
		price int64
		key   uint64
	}
	ks := make([]keyed, len(offers))
	for i, o := range offers {
		k := fnvOffset
		for _, j := range o.journeys {
			k = k.num(j.key.sum()).num(uint64(j.cabin))
		}
		ks[i] = keyed{o, o.price(q, 0).published(), k.sum()}
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i].price != ks[j].price {
			return ks[i].price < ks[j].price
		}
		return ks[i].key < ks[j].key
	})
	for i := range ks {
		offers[i] = ks[i].o
		offers[i].key = ks[i].key
		offers[i].index = resultIndex(prefix, i+1, g.seed, ks[i].key)
	}
}

// maxCombined bounds the results of a return or multi-city search.
const maxCombined = 60

// combine pairs journeys of every direction into round-trip or multi-city
// offers: on one carrier where possible (always for low-cost carriers),
// else interlined between full-service carriers.
func (g *gen) combine(per [][]*journey) []*offer {
	// A few journeys per carrier and direction: the product grows as the
	// power of the number of directions.
	perCarrier := 3
	if len(per) > 3 {
		perCarrier = 2
	}
	byCarrier := make([]map[*carrier][]*journey, len(per))
	for i, js := range per {
		byCarrier[i] = map[*carrier][]*journey{}
		for _, j := range js {
			if len(byCarrier[i][j.carrier]) < perCarrier {
				byCarrier[i][j.carrier] = append(byCarrier[i][j.carrier], j)
			}
		}
	}
	var out []*offer
	var carriersAll []*carrier
	for c := range byCarrier[0] {
		carriersAll = append(carriersAll, c)
	}
	sort.Slice(carriersAll, func(i, j int) bool { return carriersAll[i].Code < carriersAll[j].Code })
	for _, c := range carriersAll {
		lists := make([][]*journey, len(per))
		ok := true
		for i := range per {
			if lists[i] = byCarrier[i][c]; len(lists[i]) == 0 {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, product(lists, c)...)
		}
	}
	if len(out) < 10 {
		lists := make([][]*journey, len(per))
		for i, js := range per {
			for _, j := range js {
				if !j.lcc && len(lists[i]) < perCarrier {
					lists[i] = append(lists[i], j)
				}
			}
		}
		for _, o := range product(lists, nil) {
			if o.carrier != nil {
				out = append(out, o)
			}
		}
	}
	// Keep the cheapest; order() numbers them.
	sort.SliceStable(out, func(i, j int) bool { return out[i].baseSum() < out[j].baseSum() })
	if len(out) > maxCombined {
		out = out[:maxCombined]
	}
	return out
}

// product builds an offer for every choice of one journey per direction.
// With c nil the offer is interlined: its validating carrier is that of the
// first journey, and offers mixing in one carrier twice are skipped.
func product(lists [][]*journey, c *carrier) []*offer {
	var out []*offer
	pick := make([]*journey, len(lists))
	var rec func(i int)
	rec = func(i int) {
		if i == len(lists) {
			js := append([]*journey(nil), pick...)
			trips := make([]int, len(js))
			cabin := js[0].cabin
			lcc := c != nil && js[0].lcc
			for k, j := range js {
				trips[k] = k + 1
				if j.cabin != cabin {
					return
				}
			}
			vc := c
			if vc == nil {
				vc = js[0].carrier
				for _, j := range js[1:] {
					if j.carrier == vc {
						return // a same-carrier offer covers this
					}
				}
			}
			out = append(out, &offer{journeys: js, trips: trips, lcc: lcc, carrier: vc, cabin: cabin})
			return
		}
		for _, j := range lists[i] {
			pick[i] = j
			rec(i + 1)
		}
	}
	if len(lists) > 0 {
		rec(0)
	}
	return out
}

func (o *offer) baseSum() int64 {
	var s int64
	for _, j := range o.journeys {
		s += j.fare[paxAdult].base
	}
	return s
}

// filter applies the search's passenger count, stops, source and airline
// preferences to the journeys of one direction.
func (g *gen) filter(q *query, js []*journey) []*journey {
	out := js[:0:0]
	for _, j := range js {
		switch {
		case q.direct && j.stops() > 0, q.oneStop && j.stops() > 1:
			continue
		case j.lcc && !q.allLCC && !q.lcc[j.carrier.Code]:
			continue
		case !j.lcc && !q.gds:
			continue
		case len(q.preferred) > 0 && !q.preferred[j.carrier.Code]:
			continue
		}
		seats := 9
		for _, f := range j.flights {
			seats = min(seats, f.seats)
		}
		if seats < q.seated() {
			continue
		}
		out = append(out, j)
	}
	return out
}

// journeys lists every way of flying one leg of a search on its day and in
// its cabin. The schedule depends on the seed, route and date only, so that
// the same flight shows in every cabin and for any passenger count.
func (g *gen) journeys(leg queryLeg) []*journey {
	routeKey := fnvOffset.num(g.seed).str(leg.from.Code).str(leg.to.Code).str(leg.date.Format(time.DateOnly))
	var out []*journey
	for ri, r := range g.w.routings(leg.from, leg.to) {
		rKey := routeKey.num(uint64(ri))
		for _, cs := range assignments(r) {
			cKey := rKey
			for _, c := range cs {
				cKey = cKey.str(c.Code)
			}
			n := frequency(r, cs, cKey) * max(g.departures, 1)
			for k := range n {
				key := cKey.num(uint64(k))
				cabins := []int{leg.cabin}
				if leg.cabin == cabinAll {
					cabins = []int{cabinEconomy}
					if key.str("biz").intn(3) == 0 {
						cabins = append(cabins, cabinBusiness)
					}
				}
				for _, cabin := range cabins {
					if j := g.build(leg, r, cs, key, k, n, cabin); j != nil {
						out = append(out, j)
					}
				}
			}
		}
	}
	return out
}

// assignments lists the carrier choices for a routing: each carrier flying
// every leg, and, where no full-service carrier does, one interline choice
// of full-service carriers.
func assignments(r routing) [][]*carrier {
	var out [][]*carrier
	anyGDS := false
	for _, c := range r.legs[0] {
		all := true
		for _, leg := range r.legs[1:] {
			if !containsCarrier(leg, c) {
				all = false
				break
			}
		}
		if all {
			cs := make([]*carrier, len(r.legs))
			for i := range cs {
				cs[i] = c
			}
			out = append(out, cs)
			anyGDS = anyGDS || !c.LCC
		}
	}
	if !anyGDS && len(r.legs) > 1 {
		cs := make([]*carrier, len(r.legs))
		for i, leg := range r.legs {
			for _, c := range leg {
				if !c.LCC {
					cs[i] = c
					break
				}
			}
			if cs[i] == nil {
				return out
			}
		}
		out = append(out, cs)
	}
	return out
}

func containsCarrier(cs []*carrier, c *carrier) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// frequency is how many departures a day a carrier choice has on a
// routing: several on trunk routes between a carrier's own hubs, one or two
// on connections.
func frequency(r routing, cs []*carrier, key hasher) int {
	h := key.str("freq")
	if len(r.legs) > 1 {
		if len(r.legs) == 2 && cs[0] == cs[1] {
			return 1 + h.intn(2)
		}
		return 1
	}
	c, a, b := cs[0], r.stops[0], r.stops[1]
	switch {
	case c.hubSet[a] && c.hubSet[b]:
		return 2 + h.intn(4)
	case c.hubSet[a] || c.hubSet[b]:
		return 1 + h.intn(3)
	}
	return 1 + h.intn(2)
}

// build lays out departure k of n for a carrier choice on a routing, or
// returns nil when the carriers do not sell the cabin.
func (g *gen) build(leg queryLeg, r routing, cs []*carrier, key hasher, k, n, cabin int) *journey {
	for _, c := range cs {
		if !c.Cabins.has(cabin) {
			return nil
		}
	}
	validating := cs[0]
	var longest float64
	for i := range cs {
		if d := distanceKm(r.stops[i], r.stops[i+1]); d > longest {
			validating, longest = cs[i], d
		}
	}
	lcc := validating.LCC
	j := &journey{key: key, carrier: validating, lcc: lcc, cabin: cabin}

	// Departures spread over 05:00–23:00 local time.
	span := 1080 / n
	depMin := 300 + k*span + key.str("dep").intn(max(span-30, 1))
	depMin -= depMin % 5
	y, m, d := leg.date.Date()
	t := time.Date(y, m, d, depMin/60, depMin%60, 0, 0, leg.from.loc)
	start := t
	level := key.str("level").frac() // cheap (0) to dear (1) fare bucket
	intl := !domestic(leg.from, leg.to)
	for i, c := range cs {
		from, to := r.stops[i], r.stops[i+1]
		fk := key.num(uint64(i))
		dist := distanceKm(from, to)
		craft := pick(fleetFor(c, dist), fk.str("craft"))
		block := blockMinutes(dist, craft)
		ground := 0
		if i > 0 {
			minConnect := 60
			if !domestic(from, r.stops[i-1]) || !domestic(from, to) {
				minConnect = 90
			}
			ground = minConnect + fk.str("ground").intn(37)*5
			t = t.Add(time.Duration(ground) * time.Minute)
		}
		arr := t.Add(time.Duration(block) * time.Minute)
		seats := 1 + fk.str("seats").intn(9)
		if cabin != cabinEconomy && cabin != cabinAll {
			seats = 1 + fk.str("seats").intn(6)
		}
		f := flight{
			c: c, number: flightNumber(c, from, to, t.In(from.loc)), from: from, to: to,
			dep: t.In(from.loc), arr: arr.In(to.loc), minutes: block, ground: ground,
			accumulated: int(arr.Sub(start) / time.Minute),
			craft:       craft, seats: seats,
			termFrom: terminal(from, c), termTo: terminal(to, c),
		}
		f.fareClass = fareClass(cabin, level)
		f.fareBasis = fareBasis(c, f.fareClass, from)
		f.baggage, f.cabinBags = baggage(c, cabin, intl, to)
		j.flights = append(j.flights, f)
		t = arr
	}
	j.refundable = key.str("refund").intn(10) < 8
	if lcc {
		j.refundable = key.str("refund").intn(10) < 7
	}
	if key.str("remark").intn(6) == 0 {
		j.remark = remarks[key.str("remark-text").intn(len(remarks))]
	}
	j.fare = g.price(leg, j, level)
	return j
}

var remarks = []string{
	"Complimentary meal on board.",
	"Web check-in is mandatory for this fare.",
	"Fare includes one free date change.",
	"Seat selection at a charge.",
}

func pick(s []string, h hasher) string { return s[h.intn(len(s))] }

func turboprop(craft string) bool {
	switch craft {
	case "AT7", "AT4", "DH8", "DH4", "DHT":
		return true
	}
	return false
}

// fleetFor lists the aircraft a carrier may use on a leg: its types for the
// distance, without turboprops beyond 700 km when it has jets.
func fleetFor(c *carrier, km float64) []string {
	types := c.Fleet[fleetBand(km)]
	if km <= 700 {
		return types
	}
	jets := make([]string, 0, len(types))
	for _, t := range types {
		if !turboprop(t) {
			jets = append(jets, t)
		}
	}
	if len(jets) == 0 {
		return types
	}
	return jets
}

func fleetBand(km float64) int {
	switch {
	case km < 1200:
		return 0
	case km < 4500:
		return 1
	}
	return 2
}

// blockMinutes is gate-to-gate time: taxi and climb allowances plus cruise
// at the aircraft's speed, rounded to five minutes.
func blockMinutes(km float64, craft string) int {
	var speed float64
	switch craft {
	case "AT7", "AT4", "DH8", "DH4", "DHT":
		speed = 460
	case "CRJ", "CR9", "E70", "E75", "E90", "E95", "F70", "F100", "SU9":
		speed = 720
	default:
		speed = 800
		if km > 4500 {
			speed = 860
		}
	}
	m := 35 + km/speed*60*1.1
	return int(math.Round(m/5) * 5)
}

// flightNumber gives a carrier's flight on a leg a stable number: the same
// pair at the same time of day always carries the same number.
func flightNumber(c *carrier, from, to *airport, dep time.Time) string {
	h := fnvOffset.str(c.Code).str(from.Code).str(to.Code).num(uint64(dep.Hour()*60 + dep.Minute()))
	switch {
	case c.LCC && c.Countries[0] == "IN":
		return strconv.Itoa(100 + h.intn(6900))
	case h.intn(4) == 0:
		return strconv.Itoa(1000 + h.intn(8000))
	}
	return strconv.Itoa(100 + h.intn(900))
}

// terminals lists the terminals of airports that have several.
var terminals = map[string][]string{
	"DEL": {"1", "2", "3"}, "BOM": {"1", "2"}, "BLR": {"1", "2"}, "MAA": {"1", "4"}, "CCU": {"1", "2"},
	"DXB": {"1", "3"}, "LHR": {"2", "3", "4", "5"}, "JFK": {"1", "4", "5", "8"}, "SIN": {"1", "2", "3", "4"},
	"CDG": {"1", "2E", "2F"}, "FRA": {"1", "2"}, "BKK": {"1"}, "HKG": {"1"}, "SYD": {"1", "3"},
	"HND": {"2", "3"}, "NRT": {"1", "2"}, "ICN": {"1", "2"}, "LAX": {"4", "5", "7", "B"}, "ORD": {"1", "3", "5"},
	"KUL": {"1", "2"}, "AUH": {"A"}, "DOH": {"1"}, "MUC": {"1", "2"}, "AMS": {"1"}, "IST": {"1"},
}

// terminal is where a carrier operates at an airport: stable per pair,
// blank at small airports.
func terminal(a *airport, c *carrier) string {
	if ts, ok := terminals[a.Code]; ok {
		return ts[fnvOffset.str(a.Code).str(c.Code).intn(len(ts))]
	}
	if a.major {
		return "1"
	}
	return ""
}

// fareClass is the booking class: a cheap bucket in the cabin for low
// levels, a flexible one for high levels.
func fareClass(cabin int, level float64) string {
	var classes string
	switch cabin {
	case cabinPremiumEconomy:
		classes = "NEW"
	case cabinBusiness, cabinPremiumBusiness:
		classes = "ZIDCJ"
	case cabinFirst:
		classes = "AF"
	default:
		classes = "QVTSLKMHBY"
	}
	i := int(level * float64(len(classes)))
	return classes[min(i, len(classes)-1) : min(i, len(classes)-1)+1]
}

func fareBasis(c *carrier, class string, from *airport) string {
	if c.LCC {
		return class + "0" + c.Code[:1] + "P"
	}
	return fmt.Sprintf("%sLOW%s", class, from.CountryCode)
}

// baggage is the checked and cabin allowance of a fare.
func baggage(c *carrier, cabin int, intl bool, to *airport) (checked, cabinBags string) {
	cabinBags = "7 Kg"
	if cabin == cabinBusiness || cabin == cabinFirst || cabin == cabinPremiumBusiness {
		cabinBags = "10 Kg"
	}
	americas := to.CountryCode == "US" || to.CountryCode == "CA"
	switch {
	case americas && !c.LCC:
		if cabin == cabinEconomy {
			return "2 PC", cabinBags
		}
		return "3 PC", cabinBags
	case cabin == cabinFirst:
		return "50 Kg", cabinBags
	case cabin == cabinBusiness, cabin == cabinPremiumBusiness:
		if intl {
			return "40 Kg", cabinBags
		}
		return "35 Kg", cabinBags
	case cabin == cabinPremiumEconomy:
		return "35 Kg", cabinBags
	case intl && c.LCC:
		return "20 Kg", cabinBags
	case intl:
		return "30 Kg", cabinBags
	}
	return "15 Kg", cabinBags
}

// find regenerates q's results and returns the offer with the given index.
func (g *gen) find(q *query, index string) *offer {
	for _, list := range g.generate(q) {
		for _, o := range list {
			if o.index == index {
				return o
			}
		}
	}
	return nil
}
