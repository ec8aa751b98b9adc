package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// What a result sells besides its fare (SSR), and how the LCC Ticket takes
// it.
//
// A low-cost result sells, per flight, seats on a seat map and meals, and
// per journey extra checked baggage by weight (5, 10, 15, 20 and 30 kg).
// Every list has the airline's "nothing" placeholder (NoSeat in row 0,
// NoMeal, NoBaggage). An international low-cost fare's baggage allowance is
// an item of its own (Description 1, price 0), which the Ticket must send
// back for the passenger to get it: without it the passenger flies with
// cabin baggage only.
//
// Seat maps follow the aircraft: 3-3 on A320s and 737s (about 30 rows,
// exit rows 12 and 13, or 14 and 15), 2-2 on turboprops and regional jets,
// 3-3-3 and 2-4-2 on wide bodies. Row 1 (bulkhead) and the exit rows cost
// most, the front rows more than the middle, and the back third of the
// cabin is free. Some seats are taken (Reserved, or CheckedIn within 48
// hours of departure, when web check-in is open), the same ones at every
// ask of the same flight, and the seats sold by earlier Tickets of the
// simulator are Reserved too. Everything is drawn from the flight (carrier,
// number, airport and departure) and the seed, so answers are stable.
//
// The LCC Ticket refuses (ResponseStatus 3) an item the SSR answer does
// not list for the flight or journey, at another price; a seat taken, or
// given to two passengers; a seat for an infant, an exit-row seat for a
// child; extra baggage for an infant; and more than one seat or meal per
// flight, or more than one extra baggage item per journey, for a passenger.
// Placeholders are taken as they come. What each passenger bought is
// charged in the itinerary's Fare (TotalBaggageCharges, TotalMealCharges,
// TotalSeatCharges, each passenger's share on their Fare) and its invoice,
// PublishedFare staying the fare's: the supplier's documentation does not
// say that the fare takes them in. GetBookingDetails lists each passenger's
// items (Baggage, MealDynamic, SeatDynamic) and, per flight, the seat, meal
// and baggage allowance (SegmentAdditionalInfo).
//
// A full-service result answers the special meals (IATA codes) and seat
// preferences the airline may be asked for; Book keeps the passenger's
// Meal and Seat, and says SSRDenied for a meal the airline does not serve.

// ssrCallRequest is SSR's request: a result of a live trace. After
// ticketing the supplier takes a BookingId instead, for extras bought
// later; the simulator does not sell those.
type ssrCallRequest struct {
	resultRequest
	BookingID looseInt `json:"BookingId"`
}

// ssr answers SSR.
func (s *Server) ssr(body []byte) reply {
	var req ssrCallRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	if req.BookingID != 0 && req.ResultIndex == "" {
		if f := s.checkAir(&req.airRequest, now); f != nil {
			return reply{body: envelope{Response: f}}
		}
		return reply{body: envelope{Response: invalid(req.TraceID.String(),
			"Extras after ticketing are not available for this booking; send TraceId and ResultIndex before ticketing.")}}
	}
	t, o, f := s.liveOffer(&req.airRequest, req.ResultIndex.String(), now)
	if f != nil {
		return reply{body: envelope{Response: f}}
	}
	if !o.lcc {
		return reply{body: envelope{Response: ssrGDSBody{statusBody: ok(t.id), Meal: specialMeals, SeatPreference: seatPreferences}}}
	}
	x := s.lccExtras(o, now, s.traces.extrasRise(t, o.index))
	return reply{body: envelope{Response: ssrLCCBody{statusBody: ok(t.id), Baggage: x.baggage, MealDynamic: x.meals, SeatDynamic: x.seats}}}
}

// specialMeals are the special meals full-service airlines take requests
// for, by IATA code.
var specialMeals = []wMeal{
	{"AVML", "Asian Vegetarian Meal"}, {"BBML", "Baby Meal"}, {"BLML", "Bland Meal"}, {"CHML", "Child Meal"},
	{"DBML", "Diabetic Meal"}, {"FPML", "Fruit Platter Meal"}, {"GFML", "Gluten Intolerant Meal"}, {"HNML", "Hindu Meal"},
	{"KSML", "Kosher Meal"}, {"LCML", "Low Calorie Meal"}, {"LFML", "Low Fat Meal"}, {"MOML", "Muslim Meal"},
	{"NLML", "No Lactose Meal"}, {"SFML", "Seafood Meal"}, {"VGML", "Vegetarian Vegan Meal"}, {"VJML", "Vegetarian Jain Meal"},
	{"VLML", "Vegetarian Lacto-Ovo Meal"}, {"VOML", "Vegetarian Oriental Meal"},
}

// seatPreferences are the seat preferences full-service airlines take.
var seatPreferences = []wMeal{{"A", "Aisle"}, {"W", "Window"}}

// servesMeal reports whether code is a special meal the airlines serve.
func servesMeal(code string) bool {
	return slices.ContainsFunc(specialMeals, func(m wMeal) bool { return strings.EqualFold(m.Code, code) })
}

// Seat availability (AvailablityType).
const (
	seatNotSet    = 0
	seatOpen      = 1
	seatCheckedIn = 2
	seatReserved  = 3
)

// Item way types, and item descriptions.
const (
	waySegment     = 1
	wayFullJourney = 2
	ssrIncluded    = 1
	ssrPurchased   = 2
)

// The "nothing chosen" placeholders.
const (
	noBaggage = "NoBaggage"
	noMeal    = "NoMeal"
	noSeat    = "NoSeat"
)

func isPlaceholder(code string) bool {
	switch strings.ToLower(strings.TrimSpace(code)) {
	case "", "nobaggage", "nomeal", "noseat":
		return true
	}
	return false
}

// ssrKind is the list an item belongs to.
type ssrKind uint8

const (
	kindBaggage ssrKind = iota
	kindMeal
	kindSeat
)

// itemKey finds an item of an offer's extras: its list, its flight's or
// journey's airports and its code.
type itemKey struct {
	kind                      ssrKind
	origin, destination, code string
}

// itemAt is where an item is in the answer's lists: its journey, and its
// flight in the journey (-1 for a journey's baggage).
type itemAt struct {
	journey, segment int
	bag              *wBaggage
	meal             *wMealDynamic
	seat             *wSeat
	// flight is the seat's flight, as sold seats are kept (flightKey).
	flight string
	exit   bool
}

// lccExtras is a low-cost offer's SSR answer, and its items by key.
type lccExtras struct {
	baggage [][]wBaggage
	meals   [][]wMealDynamic
	seats   []wSeatDynamic
	items   map[itemKey]itemAt
}

// international reports whether any flight of o crosses a border.
func (o *offer) international() bool {
	for _, j := range o.journeys {
		for _, f := range j.flights {
			if !domestic(f.from, f.to) {
				return true
			}
		}
	}
	return false
}

// flightKey names a flight across searches, as sold seats are kept.
func flightKey(f flight) string {
	return f.c.Code + "|" + f.number + "|" + f.from.Code + "|" + f.dep.Format(wireTime)
}

// lccExtras builds what a low-cost offer sells now: seats sold by the
// simulator's bookings are taken, and every priced item costs rise percent
// more than it first did (HeaderExtrasPriceChange).
func (s *Server) lccExtras(o *offer, now time.Time, rise int) *lccExtras {
	x := &lccExtras{items: map[itemKey]itemAt{}}
	intl := o.international()
	for i, j := range o.journeys {
		var segs []wSegmentSeat
		var meals []wMealDynamic
		var first string
		for k, f := range j.flights {
			number := s.gen.segment(f, o.trips[i], k+1, j.cabin).Airline.FlightNumber
			if k == 0 {
				first = number
			}
			segs = append(segs, s.gen.seatMap(f, number, intl, now, s.bookings.soldSeats(flightKey(f), now)))
			meals = append(meals, mealsOf(f, number, intl)...)
		}
		x.seats = append(x.seats, wSeatDynamic{SegmentSeat: segs})
		x.meals = append(x.meals, meals)
		x.baggage = append(x.baggage, baggageOf(j, first, intl))
	}
	if rise != 0 {
		x.raise(rise)
	}
	for i := range x.baggage {
		for k := range x.baggage[i] {
			b := &x.baggage[i][k]
			x.items[itemKey{kindBaggage, b.Origin, b.Destination, strings.ToUpper(b.Code)}] = itemAt{journey: i, segment: -1, bag: b}
		}
	}
	for i, j := range o.journeys {
		for k := range x.meals[i] {
			m := &x.meals[i][k]
			seg := slices.IndexFunc(j.flights, func(f flight) bool { return f.from.Code == m.Origin && f.to.Code == m.Destination })
			x.items[itemKey{kindMeal, m.Origin, m.Destination, strings.ToUpper(m.Code)}] = itemAt{journey: i, segment: seg, meal: m}
		}
		for k, seg := range x.seats[i].SegmentSeat {
			f := j.flights[k]
			for _, row := range seg.RowSeats {
				for n := range row.Seats {
					st := &row.Seats[n]
					exit := slices.Contains(exitSeatTypes, st.SeatType)
					x.items[itemKey{kindSeat, st.Origin, st.Destination, strings.ToUpper(st.Code)}] = itemAt{journey: i, segment: k, seat: st,
						flight: flightKey(f), exit: exit}
				}
			}
		}
	}
	return x
}

// extrasRiseStep is how far (percent) a result's extras rise at a Ticket
// with HeaderExtrasPriceChange.
const extrasRiseStep = 10

// raise puts every priced item up by pct percent, to the nearest 5 rupees.
func (x *lccExtras) raise(pct int) {
	up := func(p *float64) {
		if *p > 0 {
			*p = math.Round(*p*float64(100+pct)/100/5) * 5
		}
	}
	for i := range x.baggage {
		for k := range x.baggage[i] {
			up(&x.baggage[i][k].Price)
		}
	}
	for i := range x.meals {
		for k := range x.meals[i] {
			up(&x.meals[i][k].Price)
		}
	}
	for i := range x.seats {
		for k := range x.seats[i].SegmentSeat {
			for r := range x.seats[i].SegmentSeat[k].RowSeats {
				row := &x.seats[i].SegmentSeat[k].RowSeats[r]
				for n := range row.Seats {
					up(&row.Seats[n].Price)
				}
			}
		}
	}
}

// cabinLayout is an aircraft's economy cabin as sold: its column blocks
// (an aisle between two), rows, exit rows and the rows over the wing.
type cabinLayout struct {
	craft  string
	blocks [][]string
	rows   int
	exits  []int
	wing   [2]int
}

var (
	threeThree   = [][]string{{"A", "B", "C"}, {"D", "E", "F"}}
	twoTwo       = [][]string{{"A", "C"}, {"D", "F"}}
	twoThree     = [][]string{{"A", "C"}, {"D", "E", "F"}}
	threeByThree = [][]string{{"A", "B", "C"}, {"D", "E", "F"}, {"G", "H", "K"}}
	twoFourTwo   = [][]string{{"A", "C"}, {"D", "E", "F", "G"}, {"H", "K"}}
)

// layoutOf is the cabin of an aircraft type (an A320's when unknown).
func layoutOf(craft string) cabinLayout {
	switch craft {
	case "319":
		return cabinLayout{craft: "A319", blocks: threeThree, rows: 24, exits: []int{10}, wing: [2]int{8, 13}}
	case "320":
		return cabinLayout{craft: "A320", blocks: threeThree, rows: 30, exits: []int{12, 13}, wing: [2]int{10, 16}}
	case "321", "32Q":
		name := map[string]string{"321": "A321", "32Q": "A321neo"}[craft]
		return cabinLayout{craft: name, blocks: threeThree, rows: 37, exits: []int{11, 25}, wing: [2]int{12, 20}}
	case "737", "738", "73H", "739", "73W", "7M8":
		name := map[string]string{"737": "B737-800", "738": "B737-800", "73H": "B737-800", "739": "B737-900", "73W": "B737-700", "7M8": "B737 MAX 8"}[craft]
		rows := map[string]int{"739": 34, "73W": 24}[craft]
		if rows == 0 {
			rows = 31
		}
		return cabinLayout{craft: name, blocks: threeThree, rows: rows, exits: []int{14, 15}, wing: [2]int{12, 18}}
	case "AT7":
		return cabinLayout{craft: "ATR 72-600", blocks: twoTwo, rows: 18}
	case "AT4":
		return cabinLayout{craft: "ATR 42-600", blocks: twoTwo, rows: 12}
	case "DH8", "DH4":
		return cabinLayout{craft: "Q400", blocks: twoTwo, rows: 19}
	case "DHT":
		return cabinLayout{craft: "DHC-6 Twin Otter", blocks: [][]string{{"A"}, {"C", "D"}}, rows: 6}
	case "E70", "E75", "E90", "E95", "CRJ", "CR9":
		name := map[string]string{"E70": "E170", "E75": "E175", "E90": "E190", "E95": "E195", "CRJ": "CRJ-200", "CR9": "CRJ-900"}[craft]
		return cabinLayout{craft: name, blocks: twoTwo, rows: 24, exits: []int{11}, wing: [2]int{9, 13}}
	case "223":
		return cabinLayout{craft: "A220-300", blocks: twoThree, rows: 27, exits: []int{10, 11}, wing: [2]int{9, 14}}
	case "788", "789":
		name := map[string]string{"788": "B787-8", "789": "B787-9"}[craft]
		return cabinLayout{craft: name, blocks: threeByThree, rows: 36, exits: []int{16, 31}, wing: [2]int{14, 24}}
	case "332", "333", "339":
		name := map[string]string{"332": "A330-200", "333": "A330-300", "339": "A330-900neo"}[craft]
		return cabinLayout{craft: name, blocks: twoFourTwo, rows: 40, exits: []int{15, 30}, wing: [2]int{13, 24}}
	}
	name := map[string]string{"32N": "A320neo"}[craft]
	if name == "" {
		name = "A320"
	}
	return cabinLayout{craft: name, blocks: threeThree, rows: 30, exits: []int{12, 13}, wing: [2]int{10, 16}}
}

// position is where a column's seats are: by a window, by an aisle, or
// between.
func (l cabinLayout) position(b, c int) string {
	block := l.blocks[b]
	switch {
	case (b == 0 && c == 0) || (b == len(l.blocks)-1 && c == len(block)-1):
		return "window"
	case c == 0 || c == len(block)-1:
		return "aisle"
	}
	return "middle"
}

// seatTypes are the supplier's SeatType numbers the simulator writes: a
// position alone, with a bulkhead (row 1), by an exit, over the wing, or
// both.
var seatTypes = map[string][5]int{
	// plain, bulkhead, exit, wing, exit over the wing
	"window": {1, 25, 6, 5, 9},
	"aisle":  {2, 31, 12, 11, 15},
	"middle": {3, 28, 18, 17, 21},
}

// exitSeatTypes are the SeatType numbers of exit-row seats.
var exitSeatTypes = []int{6, 12, 18, 9, 15, 21}

// seatType is the SeatType of a seat.
func seatType(pos string, bulkhead, exit, wing bool) int {
	t := seatTypes[pos]
	switch {
	case bulkhead:
		return t[1]
	case exit && wing:
		return t[4]
	case exit:
		return t[2]
	case wing:
		return t[3]
	}
	return t[0]
}

// seatRupees is a seat's price before the carrier's and the route's
// factors: row 1 and the exit rows dearest, then the front rows, the
// middle of the cabin cheap, the back third free.
func (l cabinLayout) seatRupees(row int, pos string, exit bool) float64 {
	middle := pos == "middle"
	pick := func(side, mid float64) float64 {
		if middle {
			return mid
		}
		return side
	}
	switch {
	case row == 1:
		return pick(1500, 1200)
	case exit:
		return pick(1200, 1000)
	case row > l.rows-l.rows/3:
		return 0
	case row <= 5:
		return pick(600, 450)
	case pos == "window":
		return 350
	}
	return pick(300, 200)
}

// seatMap is one flight's seats: row 0 the NoSeat placeholder, then every
// seat of the cabin. sold are the seats the simulator's bookings hold.
func (g *gen) seatMap(f flight, number string, intl bool, now time.Time, sold map[string]bool) wSegmentSeat {
	l := layoutOf(f.craft)
	h := fnvOffset.num(g.seed).str("seats").str(f.c.Code).str(f.number).str(f.from.Code).str(f.dep.Format(wireTime))
	factor := fnvOffset.str("seat-price").str(f.c.Code).between(0.9, 1.2)
	if intl {
		factor *= 1.5
	}
	load := h.str("load").between(0.3, 0.75)
	checkInOpen := f.dep.Sub(now) < 48*time.Hour
	base := wSeat{AirlineCode: f.c.Code, FlightNumber: number, CraftType: l.craft, Origin: f.from.Code, Destination: f.to.Code,
		SeatWayType: waySegment, Currency: "INR"}
	none := base
	none.Code, none.RowNo, none.Description = noSeat, "0", ssrPurchased
	out := wSegmentSeat{RowSeats: []wRowSeats{{Seats: []wSeat{none}}}}
	for row := 1; row <= l.rows; row++ {
		exit := slices.Contains(l.exits, row)
		wing := row >= l.wing[0] && row <= l.wing[1] && l.wing[0] > 0
		var seats []wSeat
		for b, block := range l.blocks {
			for c, col := range block {
				pos := l.position(b, c)
				code := strconv.Itoa(row) + col
				st := base
				st.Code, st.RowNo, st.SeatNo = code, strconv.Itoa(row), &block[c]
				st.SeatType = seatType(pos, row == 1, exit, wing)
				st.Compartment, st.Deck = 1, 1
				rupees := l.seatRupees(row, pos, exit)
				st.Price = math.Round(rupees*factor/50) * 50
				st.Description = ssrPurchased
				if st.Price == 0 {
					st.Description = ssrIncluded
				}
				weight := map[string]float64{"window": 1.15, "aisle": 1.05, "middle": 0.7}[pos]
				if rupees >= 1000 {
					weight *= 0.6 // dear seats sell last
				}
				hs := h.str(code)
				st.AvailablityType = seatOpen
				switch {
				case sold[code]:
					st.AvailablityType = seatReserved
				case hs.frac() < load*weight:
					st.AvailablityType = seatReserved
					if checkInOpen && hs.str("checked-in").frac() < 0.6 {
						st.AvailablityType = seatCheckedIn
					}
				}
				seats = append(seats, st)
			}
		}
		out.RowSeats = append(out.RowSeats, wRowSeats{Seats: seats})
	}
	return out
}

// menuItem is a meal a low-cost airline sells.
type menuItem struct {
	code, name string
	rupees     float64
	// morning: served on flights leaving before 11:00; allDay: at any
	// hour; else after 11:00.
	morning, allDay bool
}

var lccMenu = []menuItem{
	{code: "UPMA", name: "Upma with Masala Chai", rupees: 300, morning: true},
	{code: "POHA", name: "Poha with Masala Chai", rupees: 300, morning: true},
	{code: "MSDO", name: "Masala Dosa with Sambar", rupees: 350, morning: true},
	{code: "VGSW", name: "Vegetable Sandwich Combo", rupees: 350, allDay: true},
	{code: "PTSW", name: "Paneer Tikka Sandwich Combo", rupees: 400},
	{code: "CJSW", name: "Chicken Junglee Sandwich Combo", rupees: 450},
	{code: "VBIR", name: "Vegetable Biryani", rupees: 450},
	{code: "CBIR", name: "Chicken Biryani", rupees: 500},
	{code: "RJCH", name: "Rajma Chawal", rupees: 400},
	{code: "JNML", name: "Jain Meal", rupees: 400, allDay: true},
	{code: "FRTP", name: "Fresh Fruit Platter", rupees: 300, allDay: true},
}

// mealsOf is what a flight's passengers may buy to eat: NoMeal, then three
// to five meals of the hour's menu.
func mealsOf(f flight, number string, intl bool) []wMealDynamic {
	base := wMealDynamic{AirlineCode: f.c.Code, FlightNumber: number, WayType: waySegment, Description: ssrPurchased,
		Currency: "INR", Origin: f.from.Code, Destination: f.to.Code}
	none := base
	none.Code = noMeal
	out := []wMealDynamic{none}
	h := fnvOffset.str("meals").str(f.c.Code).str(f.number).str(f.from.Code)
	factor := fnvOffset.str("meal-price").str(f.c.Code).between(0.9, 1.15)
	if intl {
		factor *= 1.3
	}
	morning := f.dep.Hour() < 11
	var menu []menuItem
	for _, m := range lccMenu {
		if m.allDay || m.morning == morning {
			menu = append(menu, m)
		}
	}
	n := min(3+h.str("n").intn(3), len(menu))
	for k, m := range menu {
		// Keep n of the menu's items, the same ones at every ask.
		if h.str(m.code).intn(len(menu)-k) >= n {
			continue
		}
		n--
		it := base
		it.Code, it.AirlineDescription, it.Quantity = m.code, m.name, 1
		it.Price = math.Round(m.rupees*factor/10) * 10
		out = append(out, it)
	}
	return out
}

// baggageWeights are the extra weights on sale, and the discount on each.
var baggageWeights = []struct {
	kg       int
	discount float64
}{{5, 1}, {10, 1}, {15, 0.97}, {20, 0.95}, {30, 0.9}}

// baggageOf is a journey's baggage: NoBaggage, the allowance of an
// international fare (to be claimed), and extra weight by the kilo.
func baggageOf(j *journey, number string, intl bool) []wBaggage {
	first, last := j.flights[0], j.flights[len(j.flights)-1]
	base := wBaggage{AirlineCode: j.carrier.Code, FlightNumber: number, WayType: wayFullJourney, Description: ssrPurchased,
		Currency: "INR", Origin: first.from.Code, Destination: last.to.Code}
	none := base
	none.Code = noBaggage
	out := []wBaggage{none}
	if kg := allowanceKg(first.baggage); intl && kg > 0 {
		inc := base
		inc.Code, inc.Description, inc.Weight = fmt.Sprintf("INCL%d", kg), ssrIncluded, kg
		out = append(out, inc)
	}
	h := fnvOffset.str("baggage-price").str(j.carrier.Code)
	perKg := h.between(450, 550)
	if intl {
		perKg = h.between(700, 850)
	}
	for n, w := range baggageWeights {
		it := base
		it.Weight = w.kg
		it.Code = fmt.Sprintf("EB%02d", w.kg)
		if j.carrier.Code == "6E" {
			it.Code = "XBP" + string(rune('A'+n))
		}
		it.Price = math.Round(float64(w.kg)*perKg*w.discount/5) * 5
		out = append(out, it)
	}
	return out
}

// allowanceKg is the weight of a checked allowance ("15 Kg"), 0 for one by
// pieces.
func allowanceKg(s string) int {
	kg, unit, _ := strings.Cut(strings.TrimSpace(s), " ")
	if !strings.EqualFold(unit, "kg") {
		return 0
	}
	n, _ := strconv.Atoi(kg)
	return n
}

// paxExtras are what one passenger of a low-cost booking took.
type paxExtras struct {
	bags  []pickedBag
	meals []pickedMeal
	seats []pickedSeat
}

type pickedBag struct {
	journey int
	w       wBaggage
}

type pickedMeal struct {
	journey, segment int
	w                wMealDynamic
}

type pickedSeat struct {
	journey, segment int
	flight           string
	w                wSeat
}

// charges are the prices of a passenger's items: baggage, meals, seats.
func (p paxExtras) charges() [3]paise {
	var out [3]paise
	for _, b := range p.bags {
		out[0] += toPaise(b.w.Price)
	}
	for _, m := range p.meals {
		out[1] += toPaise(m.w.Price)
	}
	for _, s := range p.seats {
		out[2] += toPaise(s.w.Price)
	}
	return out
}

// mealOn and seatOn are the codes of the meal and seat taken on a flight
// of a journey ("" for none).
func (p paxExtras) mealOn(journey, segment int) string {
	for _, m := range p.meals {
		if m.journey == journey && m.segment == segment {
			return m.w.Code
		}
	}
	return ""
}

func (p paxExtras) seatOn(journey, segment int) string {
	for _, s := range p.seats {
		if s.journey == journey && s.segment == segment {
			return s.w.Code
		}
	}
	return ""
}

// allowanceKg is the checked baggage a passenger (not an infant) flies a
// journey with: the fare's allowance (fareKg) and the weight bought. On an
// international low-cost fare (claimOnly) the allowance counts only when
// its item was sent back, as one of the passenger's items.
func (p paxExtras) allowanceKg(journey, fareKg int, claimOnly bool) int {
	kg := fareKg
	if claimOnly {
		kg = 0
	}
	for _, b := range p.bags {
		if b.journey == journey {
			kg += b.w.Weight
		}
	}
	return kg
}

func toPaise(rupees float64) paise { return paise(math.Round(rupees * 100)) }

// take checks the extras of an LCC Ticket's passengers (ps, validated as
// pax) against what the offer sells, and returns what each takes at today's
// prices, or the message to refuse with. risen says the offer's extras went
// up since they were first sold: an item sent at a lower price than today's
// is then a price change (moved), not a mistake.
func (x *lccExtras) take(ps []passengerRequest, pax []paxRecord, risen bool) (out []paxExtras, moved bool, refusal string) {
	out = make([]paxExtras, len(ps))
	seatOf := map[itemKey]int{} // seat → passenger number
	for i, p := range ps {
		n := i + 1
		infant := pax[i].paxType == 3
		child := pax[i].paxType == 2
		find := func(kind ssrKind, it ssrRequest, list string) (itemAt, string) {
			k := itemKey{kind, strings.ToUpper(it.Origin.String()), strings.ToUpper(it.Destination.String()), strings.ToUpper(it.Code.String())}
			at, ok := x.items[k]
			if !ok {
				return at, fmt.Sprintf("Invalid %s %q for passenger %d on %s-%s: not offered for this itinerary.", list, it.Code.String(), n, k.origin, k.destination)
			}
			var want float64
			switch kind {
			case kindBaggage:
				want = at.bag.Price
			case kindMeal:
				want = at.meal.Price
			default:
				want = at.seat.Price
			}
			if sent := toPaise(float64(it.Price)); risen && sent < toPaise(want) {
				moved = true
			} else if sent != toPaise(want) {
				return at, fmt.Sprintf("%s %s for passenger %d costs %.2f, not %.2f: send the item as the SSR answer gives it.", list, it.Code.String(), n, want, float64(it.Price))
			}
			return at, ""
		}
		bought := map[int]bool{}
		claimed := map[int]bool{}
		for _, it := range p.Baggage {
			if isPlaceholder(it.Code.String()) {
				continue
			}
			at, msg := find(kindBaggage, it, "Baggage")
			switch {
			case msg != "":
				return nil, false, msg
			case at.bag.Description == ssrIncluded && claimed[at.journey]:
				return nil, false, fmt.Sprintf("The included baggage of %s-%s is sent twice for passenger %d.", at.bag.Origin, at.bag.Destination, n)
			case at.bag.Description == ssrIncluded:
				claimed[at.journey] = true
			case infant:
				return nil, false, fmt.Sprintf("Excess baggage cannot be bought for an infant (passenger %d).", n)
			case bought[at.journey]:
				return nil, false, fmt.Sprintf("Only one excess baggage item per journey may be bought for passenger %d (%s-%s).", n, at.bag.Origin, at.bag.Destination)
			default:
				bought[at.journey] = true
			}
			out[i].bags = append(out[i].bags, pickedBag{journey: at.journey, w: *at.bag})
		}
		fed := map[[2]int]bool{}
		for _, it := range p.MealDynamic {
			if isPlaceholder(it.Code.String()) {
				continue
			}
			at, msg := find(kindMeal, it, "MealDynamic")
			switch {
			case msg != "":
				return nil, false, msg
			case fed[[2]int{at.journey, at.segment}]:
				return nil, false, fmt.Sprintf("Only one meal per flight may be bought for passenger %d (%s-%s).", n, at.meal.Origin, at.meal.Destination)
			}
			fed[[2]int{at.journey, at.segment}] = true
			out[i].meals = append(out[i].meals, pickedMeal{journey: at.journey, segment: at.segment, w: *at.meal})
		}
		seated := map[[2]int]bool{}
		for _, it := range p.SeatDynamic {
			if isPlaceholder(it.Code.String()) {
				continue
			}
			at, msg := find(kindSeat, it, "SeatDynamic")
			k := itemKey{kindSeat, at.flight, "", strings.ToUpper(it.Code.String())}
			switch {
			case msg != "":
				return nil, false, msg
			case infant:
				return nil, false, fmt.Sprintf("Seat selection is not allowed for an infant (passenger %d).", n)
			case at.seat.AvailablityType != seatOpen:
				return nil, false, fmt.Sprintf("Seat %s on %s %s (%s-%s) is not available.", at.seat.Code, at.seat.AirlineCode, at.seat.FlightNumber, at.seat.Origin, at.seat.Destination)
			case child && at.exit:
				return nil, false, fmt.Sprintf("Passenger %d is a child and cannot be seated in an exit row (seat %s).", n, at.seat.Code)
			case seated[[2]int{at.journey, at.segment}]:
				return nil, false, fmt.Sprintf("Only one seat per flight may be selected for passenger %d (%s-%s).", n, at.seat.Origin, at.seat.Destination)
			case seatOf[k] != 0:
				return nil, false, fmt.Sprintf("Seat %s on %s %s is selected for passengers %d and %d.", at.seat.Code, at.seat.AirlineCode, at.seat.FlightNumber, seatOf[k], n)
			}
			seated[[2]int{at.journey, at.segment}] = true
			seatOf[k] = n
			out[i].seats = append(out[i].seats, pickedSeat{journey: at.journey, segment: at.segment, flight: at.flight, w: *at.seat})
		}
	}
	return out, moved, ""
}
