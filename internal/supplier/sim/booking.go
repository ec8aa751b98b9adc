package sim

import (
	"container/list"
	"crypto/rand"
	"fmt"
	"math/big"
	mrand "math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paryatan/paryatan/internal/validate"
)

// paxRecord is a booked passenger.
type paxRecord struct {
	id                            int
	title, first, last            string
	paxType                       int
	dob                           string
	gender                        int
	passportNo, passportExpiry    string
	pan                           string
	mealCode, mealName            string // a full-service special meal
	seatCode, seatName            string // a full-service seat preference
	addr1, addr2, city            string
	countryCode, countryName      string
	nationality, contact, email   string
	lead                          bool
	ffAirline, ffNumber           string
	gstAddress, gstPhone, gstName string
	gstNumber, gstEmail           string
	// extras are what a low-cost passenger took (ssr.go).
	extras       paxExtras
	ticketID     int
	ticketNumber string
}

// booking is a PNR. It keeps the query and result index rather than the
// itinerary, which is regenerated when shown.
type booking struct {
	id          int
	pnr         string
	airlinePNR  string
	traceID     string
	q           *query
	index       string
	lcc         bool
	rise        priceRise
	pendingRise priceRise // announced by Ticket, not yet accepted
	pax         []paxRecord
	ticketed    bool
	released    bool // given up by ReleasePNRRequest: never ticketed
	createdAt   time.Time
	ticketedAt  time.Time
	releasedAt  time.Time
	agentRef    string
	invoiceID   int
	ssr         [3]paise // baggage, meals, seats bought by every passenger
	// changes are the change requests made on the booking's tickets,
	// oldest first (cancel.go); a record is never changed once made.
	changes []changeRecord
}

func (b *booking) snapshot() *booking {
	c := *b
	c.pax = append([]paxRecord(nil), b.pax...)
	c.changes = append([]changeRecord(nil), b.changes...)
	return &c
}

// bookingStore keeps bookings in a bounded LRU: the least recently used
// are forgotten once MaxBookings is reached.
type bookingStore struct {
	mu       sync.Mutex
	max      int
	lru      *list.List // of *booking, most recently used first
	byID     map[int]*list.Element
	byPNR    map[string]int
	byTrace  map[string]int // the latest booking of each trace
	byOffer  map[string]int // trace and ResultIndex → booking
	byChange map[int]int    // ChangeRequestId → booking
	// sold are the seats low-cost bookings hold: flight (flightKey) →
	// seat → booking.
	sold                                     map[string]map[string]int
	nextID, nextPax, nextTicket, nextInvoice int
	nextChange                               int
}

func newBookingStore(max int) *bookingStore {
	// Numbering starts at a random point so that two simulator runs do not
	// hand out the same BookingIds to one database.
	start := func(base int) int { return base + mrand.IntN(8_000_000) }
	return &bookingStore{
		max: max, lru: list.New(),
		byID: map[int]*list.Element{}, byPNR: map[string]int{}, byTrace: map[string]int{}, byOffer: map[string]int{}, byChange: map[int]int{},
		sold:   map[string]map[string]int{},
		nextID: start(1_000_000), nextPax: start(1_000_000), nextTicket: start(1_000_000), nextInvoice: start(100_000), nextChange: start(100_000),
	}
}

func offerKey(traceID, index string) string { return traceID + "|" + index }

// create stores b unless its trace and result already have a booking, in
// which case it returns that one and false. It numbers the booking and its
// passengers, and holds their seats; a seat another booking holds (sold
// since the caller checked) stores nothing and is returned as taken.
func (bs *bookingStore) create(b *booking) (stored *booking, fresh bool, taken *pickedSeat) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	key := offerKey(b.traceID, b.index)
	if id, ok := bs.byOffer[key]; ok {
		if e := bs.byID[id]; e != nil {
			bs.lru.MoveToFront(e)
			return e.Value.(*booking).snapshot(), false, nil
		}
	}
	for _, px := range b.pax {
		for _, st := range px.extras.seats {
			if bs.held(st.flight, st.w.Code, b.createdAt) {
				return nil, false, &st
			}
		}
	}
	bs.nextID++
	b.id = bs.nextID
	for i := range b.pax {
		bs.nextPax++
		b.pax[i].id = bs.nextPax
	}
	for {
		b.pnr = randomLocator()
		if _, taken := bs.byPNR[b.pnr]; !taken {
			break
		}
	}
	b.airlinePNR = b.pnr
	if !b.lcc {
		b.airlinePNR = randomLocator()
	}
	if b.ticketed {
		bs.issue(b)
	}
	bs.byID[b.id] = bs.lru.PushFront(b)
	bs.byPNR[b.pnr] = b.id
	bs.byTrace[b.traceID] = b.id
	bs.byOffer[key] = b.id
	for _, px := range b.pax {
		for _, st := range px.extras.seats {
			if bs.sold[st.flight] == nil {
				bs.sold[st.flight] = map[string]int{}
			}
			bs.sold[st.flight][st.w.Code] = b.id
		}
	}
	for bs.lru.Len() > bs.max {
		bs.evict(bs.lru.Back())
	}
	return b.snapshot(), true, nil
}

// soldSeats are the seats the simulator's bookings hold on a flight
// (flightKey).
func (bs *bookingStore) soldSeats(flight string, now time.Time) map[string]bool {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	out := make(map[string]bool, len(bs.sold[flight]))
	for code := range bs.sold[flight] {
		if bs.held(flight, code, now) {
			out[code] = true
		}
	}
	return out
}

// held reports whether a booking holds seat code on flight at now: one was
// sold it, and its ticket is not cancelled (a cancelled seat is on sale
// again). bs.mu is held.
func (bs *bookingStore) held(flight, code string, now time.Time) bool {
	id := bs.sold[flight][code]
	if id == 0 {
		return false
	}
	e, ok := bs.byID[id]
	return !ok || !e.Value.(*booking).seatGiven(flight, code, now)
}

// seatGiven reports whether the passenger of b holding seat code on flight
// gave it back: their ticket's cancellation is complete at now.
func (b *booking) seatGiven(flight, code string, now time.Time) bool {
	for _, px := range b.pax {
		for _, st := range px.extras.seats {
			if st.flight == flight && st.w.Code == code {
				c := b.liveChange(px.ticketID)
				return c != nil && c.status(now) == changeCompleted
			}
		}
	}
	return false
}

func (bs *bookingStore) evict(e *list.Element) {
	b := bs.lru.Remove(e).(*booking)
	delete(bs.byID, b.id)
	delete(bs.byPNR, b.pnr)
	if bs.byTrace[b.traceID] == b.id {
		delete(bs.byTrace, b.traceID)
	}
	if k := offerKey(b.traceID, b.index); bs.byOffer[k] == b.id {
		delete(bs.byOffer, k)
	}
	for _, c := range b.changes {
		delete(bs.byChange, c.id)
	}
	for _, px := range b.pax {
		for _, st := range px.extras.seats {
			if bs.sold[st.flight][st.w.Code] == b.id {
				delete(bs.sold[st.flight], st.w.Code)
				if len(bs.sold[st.flight]) == 0 {
					delete(bs.sold, st.flight)
				}
			}
		}
	}
}

// addChanges numbers change requests and adds them to b (under bs.mu).
func (bs *bookingStore) addChanges(b *booking, recs []changeRecord) []changeRecord {
	for i := range recs {
		bs.nextChange++
		recs[i].id = bs.nextChange
		bs.byChange[recs[i].id] = b.id
	}
	b.changes = append(b.changes, recs...)
	return recs
}

// idByChange returns the booking holding a change request.
func (bs *bookingStore) idByChange(changeID int) int {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	return bs.byChange[changeID]
}

// issue numbers the tickets of b (under bs.mu).
func (bs *bookingStore) issue(b *booking) {
	for i := range b.pax {
		bs.nextTicket++
		b.pax[i].ticketID = bs.nextTicket
		if b.lcc {
			// Low-cost carriers issue no ticket stock: the PNR is the ticket.
			b.pax[i].ticketNumber = b.pnr
		} else {
			b.pax[i].ticketNumber = fmt.Sprintf("%010d", mrand.Int64N(10_000_000_000))
		}
	}
	bs.nextInvoice++
	b.invoiceID = bs.nextInvoice
	b.ticketed = true
}

// release gives up an unticketed booking and frees its result, which may
// then be booked again (the seats went back to the airline). A booking
// released already stays as it is. It returns a copy of the booking, and
// whether there is one; a ticketed booking is returned unchanged.
func (bs *bookingStore) release(id int, now time.Time) (*booking, bool) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	e := bs.byID[id]
	if e == nil {
		return nil, false
	}
	bs.lru.MoveToFront(e)
	b := e.Value.(*booking)
	if !b.ticketed && !b.released {
		b.released, b.releasedAt = true, now
		if k := offerKey(b.traceID, b.index); bs.byOffer[k] == b.id {
			delete(bs.byOffer, k)
		}
	}
	return b.snapshot(), true
}

// get returns a copy of the booking with that id.
func (bs *bookingStore) get(id int) (*booking, bool) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	e := bs.byID[id]
	if e == nil {
		return nil, false
	}
	bs.lru.MoveToFront(e)
	return e.Value.(*booking).snapshot(), true
}

func (bs *bookingStore) idByPNR(pnr string) int {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	return bs.byPNR[strings.ToUpper(pnr)]
}

func (bs *bookingStore) idByTrace(traceID string) int {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	return bs.byTrace[traceID]
}

func (bs *bookingStore) idByOffer(traceID, index string) int {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	return bs.byOffer[offerKey(traceID, index)]
}

// update runs fn on the stored booking under the lock and returns a copy of
// the result.
func (bs *bookingStore) update(id int, fn func(b *booking)) (*booking, bool) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	e := bs.byID[id]
	if e == nil {
		return nil, false
	}
	bs.lru.MoveToFront(e)
	b := e.Value.(*booking)
	fn(b)
	return b.snapshot(), true
}

func (bs *bookingStore) len() int {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	return bs.lru.Len()
}

// randomLocator is a six-character record locator, without the letters and
// digits people confuse (0/O, 1/I).
func randomLocator() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 6)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		b[i] = alphabet[n.Int64()]
	}
	return string(b)
}

var (
	namePattern  = regexp.MustCompile(`^[A-Za-z][A-Za-z .'-]*$`)
	emailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$`)
	countryCode  = regexp.MustCompile(`^[A-Za-z]{2}$`)
)

// titles lists the titles the supplier accepts and the gender each implies.
var titles = map[string]int{"mr": 1, "mrs": 2, "ms": 2, "miss": 2, "master": 1}

func canonicalTitle(t string) string {
	switch t = strings.ToLower(strings.TrimSpace(strings.TrimSuffix(t, "."))); t {
	case "mr", "mrs", "ms", "miss", "master":
		return strings.ToUpper(t[:1]) + t[1:]
	}
	return ""
}

// ageOn is a person's age in whole years on day.
func ageOn(dob, day time.Time) int {
	age := day.Year() - dob.Year()
	if day.Month() < dob.Month() || (day.Month() == dob.Month() && day.Day() < dob.Day()) {
		age--
	}
	return age
}

// passengers validates the passenger list of a Book or LCC Ticket as the
// supplier does, with the documents the call needs (rules), and returns the
// records to store, or the message to refuse with.
func passengers(ps []passengerRequest, q *query, rules paxRules) ([]paxRecord, string) {
	if len(ps) == 0 {
		return nil, "Passenger details are mandatory."
	}
	// Ages count on the first day of travel; a passport must outlast the
	// last one.
	travel, lastDay := q.legs[0].date, q.legs[len(q.legs)-1].date
	var counts [3]int
	leads, withGST := 0, 0
	out := make([]paxRecord, 0, len(ps))
	for i, p := range ps {
		n := i + 1
		t := int(p.PaxType)
		if t < 1 || t > 3 {
			return nil, fmt.Sprintf("Invalid PaxType for passenger %d.", n)
		}
		counts[t-1]++
		title := canonicalTitle(p.Title.String())
		if title == "" {
			return nil, fmt.Sprintf("Invalid Title %q for passenger %d. Allowed: Mr, Mrs, Ms, Miss, Master.", p.Title.String(), n)
		}
		if (t == 1 && title == "Master") || (t != 1 && title != "Master" && title != "Miss") {
			return nil, fmt.Sprintf("Title %s is not valid for passenger %d's passenger type.", title, n)
		}
		g := int(p.Gender)
		if g != 1 && g != 2 {
			return nil, fmt.Sprintf("Invalid Gender for passenger %d: use 1 (male) or 2 (female).", n)
		}
		if titles[strings.ToLower(title)] != g {
			return nil, fmt.Sprintf("Title %s does not match the Gender of passenger %d.", title, n)
		}
		first, last := strings.TrimSpace(p.FirstName.String()), strings.TrimSpace(p.LastName.String())
		if first == "" || len(first) > 32 || !namePattern.MatchString(first) {
			return nil, fmt.Sprintf("Invalid FirstName for passenger %d.", n)
		}
		if len(last) < 2 || len(last) > 32 || !namePattern.MatchString(last) {
			return nil, fmt.Sprintf("Invalid LastName for passenger %d: at least 2 letters.", n)
		}
		rec := paxRecord{
			title: title, first: first, last: last, paxType: t, gender: g,
			passportNo: p.PassportNo.String(), addr1: p.AddressLine1.String(), addr2: p.AddressLine2.String(),
			city: p.City.String(), countryCode: strings.ToUpper(p.CountryCode.String()), countryName: p.CountryName.String(),
			nationality: strings.ToUpper(p.Nationality.String()), contact: p.ContactNo.String(), email: p.Email.String(),
			lead: bool(p.IsLeadPax), ffAirline: p.FFAirlineCode.String(), ffNumber: p.FFNumber.String(),
			gstAddress: p.GSTCompanyAddress.String(), gstPhone: p.GSTCompanyContactNumber.String(),
			gstName: p.GSTCompanyName.String(), gstNumber: p.GSTNumber.String(), gstEmail: p.GSTCompanyEmail.String(),
		}
		if s := p.DateOfBirth.String(); s != "" {
			dob, ok := parseWireDate(s)
			if !ok || dob.After(travel) {
				return nil, fmt.Sprintf("Invalid DateOfBirth for passenger %d.", n)
			}
			age := ageOn(dob, travel)
			switch {
			case t == 1 && age < 12:
				return nil, fmt.Sprintf("Passenger %d is under 12 on the travel date and cannot travel as an adult.", n)
			case t == 2 && (age < 2 || age >= 12):
				return nil, fmt.Sprintf("Passenger %d must be 2 to 11 years old on the travel date to travel as a child.", n)
			case t == 3 && age >= 2:
				return nil, fmt.Sprintf("Passenger %d must be under 2 on the travel date to travel as an infant.", n)
			}
			rec.dob = time.Date(dob.Year(), dob.Month(), dob.Day(), 0, 0, 0, 0, time.UTC).Format(wireTime)
		} else if t != 1 {
			return nil, fmt.Sprintf("DateOfBirth is mandatory for child and infant passengers (passenger %d).", n)
		}
		if s := p.PassportExpiry.String(); s != "" {
			exp, ok := parseWireDate(s)
			if !ok || !exp.After(lastDay) {
				return nil, fmt.Sprintf("Passport of passenger %d expires before the journey.", n)
			}
			rec.passportExpiry = time.Date(exp.Year(), exp.Month(), exp.Day(), 0, 0, 0, 0, time.UTC).Format(wireTime)
		}
		if rules.passport && (strings.TrimSpace(rec.passportNo) == "" || rec.passportExpiry == "") {
			return nil, fmt.Sprintf("Passport details are mandatory for passenger %d of this itinerary.", n)
		}
		if s := p.PAN.String(); s != "" {
			pan, bad := validate.PAN(s)
			if bad != "" {
				return nil, fmt.Sprintf("Invalid PAN for passenger %d: %s", n, bad)
			}
			rec.pan = pan
		} else if rules.pan && t == 1 {
			return nil, fmt.Sprintf("PAN is mandatory for passenger %d.", n)
		}
		if msg := gstDetails(&rec, n, rules); msg != "" {
			return nil, msg
		}
		if rec.gstNumber != "" {
			withGST++
		}
		if p.Meal != nil && !rules.lcc {
			rec.mealCode = strings.ToUpper(p.Meal.Code.String())
			rec.mealName = p.Meal.Description.String()
		}
		if p.Seat != nil && !rules.lcc && p.Seat.Code != "" {
			if t == 3 {
				return nil, fmt.Sprintf("A seat preference is not allowed for an infant (passenger %d).", n)
			}
			rec.seatCode = strings.ToUpper(p.Seat.Code.String())
			rec.seatName = p.Seat.Description.String()
		}
		if rec.nationality != "" && !countryCode.MatchString(rec.nationality) {
			return nil, fmt.Sprintf("Invalid Nationality for passenger %d: use a two-letter country code.", n)
		}
		if rec.lead {
			leads++
			if t != 1 {
				return nil, "The lead passenger must be an adult."
			}
			switch {
			case !emailPattern.MatchString(rec.email):
				return nil, "A valid Email is mandatory for the lead passenger."
			case !validPhone(rec.contact):
				return nil, "A valid ContactNo (10 to 15 digits) is mandatory for the lead passenger."
			case strings.TrimSpace(rec.addr1) == "":
				return nil, "AddressLine1 is mandatory for the lead passenger."
			case strings.TrimSpace(rec.city) == "":
				return nil, "City is mandatory for the lead passenger."
			case !countryCode.MatchString(rec.countryCode):
				return nil, "CountryCode (two letters) is mandatory for the lead passenger."
			}
		}
		if rules.lcc && (p.Fare == nil || p.Fare.BaseFare <= 0) {
			return nil, fmt.Sprintf("Fare is mandatory for passenger %d.", n)
		}
		out = append(out, rec)
	}
	if leads != 1 {
		return nil, "Exactly one passenger must be the lead passenger (IsLeadPax)."
	}
	if counts[2] > counts[0] {
		return nil, "Each infant must travel with an adult."
	}
	if counts != [3]int{q.adults, q.children, q.infants} {
		return nil, fmt.Sprintf("Passenger count does not match the search: expected %d adult(s), %d child(ren), %d infant(s).", q.adults, q.children, q.infants)
	}
	if rules.gstMandatory && withGST == 0 {
		return nil, "GST details are mandatory for this fare."
	}
	return out, ""
}

// gstDetails checks the GST details a passenger carries (all five fields
// together, a GSTIN with its check character), and normalises the GSTIN.
func gstDetails(rec *paxRecord, n int, rules paxRules) string {
	fields := []string{rec.gstNumber, rec.gstName, rec.gstAddress, rec.gstPhone, rec.gstEmail}
	given := false
	for _, f := range fields {
		given = given || strings.TrimSpace(f) != ""
	}
	if !given {
		return ""
	}
	if !rules.gstAllowed {
		return "GST details are not allowed for this fare."
	}
	gstin, bad := validate.GSTIN(rec.gstNumber)
	if bad != "" {
		return fmt.Sprintf("Invalid GSTNumber for passenger %d: %s", n, bad)
	}
	switch {
	case strings.TrimSpace(rec.gstName) == "":
		return fmt.Sprintf("GSTCompanyName is mandatory with GSTNumber (passenger %d).", n)
	case strings.TrimSpace(rec.gstAddress) == "":
		return fmt.Sprintf("GSTCompanyAddress is mandatory with GSTNumber (passenger %d).", n)
	case !validPhone(rec.gstPhone):
		return fmt.Sprintf("A valid GSTCompanyContactNumber is mandatory with GSTNumber (passenger %d).", n)
	case !emailPattern.MatchString(rec.gstEmail):
		return fmt.Sprintf("A valid GSTCompanyEmail is mandatory with GSTNumber (passenger %d).", n)
	}
	rec.gstNumber = gstin
	return ""
}

func validPhone(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' || r == '-' || r == ' ' || r == '(' || r == ')':
		default:
			return false
		}
	}
	return digits >= 10 && digits <= 15
}

// fareShort reports whether the passenger fares a client sent are below
// the current fare: the client has not taken a price change into account.
// Fares are compared only when every passenger carries one.
func fareShort(ps []passengerRequest, fc fareCalc) bool {
	var sent, want paise
	for _, p := range ps {
		if p.Fare == nil {
			return false
		}
		t := int(p.PaxType) - 1
		if t < 0 || t > 2 {
			return false
		}
		sent += paise(float64(p.Fare.BaseFare+p.Fare.Tax)*100 + 0.5)
		want += fc.pax[t].base + fc.pax[t].taxTotal()
	}
	return sent+paise(100*len(ps)) < want
}

// book answers Book: a held PNR for a full-service (GDS) result.
func (s *Server) book(body []byte, p plan) reply {
	var req bookRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	t, o, f := s.liveOffer(&req.airRequest, req.ResultIndex.String(), now)
	if f != nil {
		return reply{body: envelope{Response: f}}
	}
	if o.lcc {
		return reply{body: envelope{Response: failed(t.id, errNotAllowed, "Book is not allowed for LCC itineraries; issue the ticket directly with Ticket.")}}
	}
	pax, msg := passengers(req.Passengers, t.q, o.documents(t.q.docs).bookRules())
	if msg != "" {
		return reply{body: envelope{Response: invalid(t.id, msg)}}
	}
	if id := s.bookings.idByOffer(t.id, o.index); id != 0 {
		return reply{body: envelope{Response: failed(t.id, errDuplicate, fmt.Sprintf("A booking already exists for this itinerary (BookingId %d). Use GetBookingDetails.", id))}}
	}
	rise := s.traces.rise(t, o.index)
	if p.priceChange {
		rise = s.traces.raise(t, o.index, riseStep())
	}
	b := &booking{traceID: t.id, q: t.q, index: o.index, rise: rise, pax: pax, createdAt: now}
	if p.priceChange || fareShort(req.Passengers, o.price(t.q, rise)) {
		// The supplier re-prices before holding: the caller must send Book
		// again with the new fare.
		return reply{body: envelope{Response: bookBody{statusBody: ok(t.id), Response: &bookInner{
			Status: 0, IsPriceChanged: true, FlightItinerary: s.itinerary(b, o, rise),
		}}}}
	}
	stored, fresh, _ := s.bookings.create(b)
	if !fresh {
		return reply{body: envelope{Response: failed(t.id, errDuplicate, fmt.Sprintf("A booking already exists for this itinerary (BookingId %d). Use GetBookingDetails.", stored.id))}}
	}
	inner := &bookInner{PNR: stored.pnr, BookingID: stored.id, Status: 1, FlightItinerary: s.itinerary(stored, o, stored.rise)}
	// A special meal the airline does not serve is booked without it: the
	// booking stands, the answer says so.
	var denied []string
	for i, px := range stored.pax {
		if px.mealCode != "" && !servesMeal(px.mealCode) {
			denied = append(denied, fmt.Sprintf("Meal %s for passenger %d is not served by the airline.", px.mealCode, i+1))
		}
	}
	if len(denied) > 0 {
		msg := strings.Join(denied, " ")
		inner.SSRDenied, inner.SSRMessage = true, &msg
	}
	return reply{body: envelope{Response: bookBody{statusBody: ok(t.id), Response: inner}}}
}

// ticket answers Ticket: for a booked GDS PNR (PNR and BookingId), or
// directly for an LCC result (ResultIndex and Passengers).
func (s *Server) ticket(body []byte, p plan) reply {
	var req ticketRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	if req.BookingID == 0 && req.PNR == "" && req.ResultIndex != "" {
		return s.ticketLCC(&req, p)
	}
	return s.ticketGDS(&req, p)
}

func ticketAnswer(traceID string, b *booking, it *wItinerary, status int, changed bool, message string) reply {
	inner := &ticketInner{bookInner: bookInner{
		PNR: b.pnr, BookingID: b.id, Status: 1, IsPriceChanged: changed, FlightItinerary: it,
	}, TicketStatus: status, Message: message}
	return reply{body: envelope{Response: ticketBody{statusBody: ok(traceID), Response: inner}}}
}

func (s *Server) ticketGDS(req *ticketRequest, p plan) reply {
	now := s.now()
	traceID := req.TraceID.String()
	if f := s.checkAir(&req.airRequest, now); f != nil {
		return reply{body: envelope{Response: f}}
	}
	switch {
	case traceID == "":
		return reply{body: envelope{Response: invalid("", "TraceId is mandatory.")}}
	case req.BookingID <= 0 || req.PNR == "":
		return reply{body: envelope{Response: invalid(traceID, "PNR and BookingId are mandatory to ticket a booked itinerary; LCC itineraries are ticketed with ResultIndex and Passengers.")}}
	}
	b, found := s.bookings.get(int(req.BookingID))
	if !found || !strings.EqualFold(b.pnr, req.PNR.String()) {
		return reply{body: envelope{Response: failed(traceID, errNotFound, "No booking found for this PNR and BookingId.")}}
	}
	if b.traceID != traceID {
		return reply{body: envelope{Response: invalid(traceID, "TraceId does not belong to this booking.")}}
	}
	if b.released {
		return releasedTicket(traceID, b)
	}
	o := s.gen.find(b.q, b.index)
	if o == nil {
		return reply{body: envelope{Response: failed(traceID, errGeneric, "The itinerary of this booking is no longer available.")}}
	}
	if b.ticketed {
		return ticketAnswer(traceID, b, s.itinerary(b, o, b.rise), ticketAlreadyCreated, false, "Ticket already created for this booking.")
	}
	passports := map[int]passportRequest{}
	for i, pp := range req.Passport {
		k := int(pp.PaxID)
		if k == 0 && i < len(b.pax) {
			k = b.pax[i].id
		}
		passports[k] = pp
	}
	docs := o.documents(b.q.docs)
	lastDay := b.q.legs[len(b.q.legs)-1].date
	if docs.passportAtTicket {
		for i, px := range b.pax {
			pp, given := passports[px.id]
			if px.passportNo == "" && (!given || pp.PassportNo == "") {
				return reply{body: envelope{Response: invalid(traceID, fmt.Sprintf("Passport details are mandatory for passenger %d of this itinerary.", i+1))}}
			}
			if px.passportExpiry == "" && (!given || pp.PassportExpiry == "") {
				return reply{body: envelope{Response: invalid(traceID, fmt.Sprintf("Passport details are mandatory for passenger %d of this itinerary.", i+1))}}
			}
			if given && pp.PassportExpiry != "" {
				if exp, ok := parseWireDate(pp.PassportExpiry.String()); !ok || !exp.After(lastDay) {
					return reply{body: envelope{Response: invalid(traceID, fmt.Sprintf("Passport of passenger %d expires before the journey.", i+1))}}
				}
			}
		}
	}
	if docs.panAtTicket {
		// The Ticket request has no PAN: it must be on the booking.
		for i, px := range b.pax {
			if px.paxType == 1 && px.pan == "" {
				return reply{body: envelope{Response: invalid(traceID, fmt.Sprintf("PAN is mandatory for passenger %d.", i+1))}}
			}
		}
	}

	accepted := bool(req.IsPriceChangeAccepted)
	var status int
	var changed, released bool
	b, found = s.bookings.update(b.id, func(b *booking) {
		if b.released {
			// Released while this call checked the passengers.
			released = true
			return
		}
		for i := range b.pax {
			if pp, given := passports[b.pax[i].id]; given {
				if pp.PassportNo != "" {
					b.pax[i].passportNo = pp.PassportNo.String()
				}
				if exp, ok := parseWireDate(pp.PassportExpiry.String()); ok {
					b.pax[i].passportExpiry = exp.Format(wireTime)
				}
			}
		}
		switch {
		case b.ticketed:
			status = ticketAlreadyCreated
			return
		case b.pendingRise == 0 && p.priceChange:
			b.pendingRise = b.rise + riseStep()
		}
		if b.pendingRise != 0 {
			changed = true
			if !accepted {
				status = ticketPriceChanged
				return
			}
			b.rise, b.pendingRise = b.pendingRise, 0
		}
		s.bookings.issue(b)
		b.ticketedAt = now
		status = ticketSuccessful
	})
	if !found {
		return reply{body: envelope{Response: failed(traceID, errNotFound, "No booking found for this PNR and BookingId.")}}
	}
	if released {
		return releasedTicket(traceID, b)
	}
	switch status {
	case ticketAlreadyCreated:
		return ticketAnswer(traceID, b, s.itinerary(b, o, b.rise), status, false, "Ticket already created for this booking.")
	case ticketPriceChanged:
		return ticketAnswer(traceID, b, s.itinerary(b, o, b.pendingRise), status, true, "Fare has changed. Send Ticket again with IsPriceChangeAccepted true to accept the new fare.")
	}
	return ticketAnswer(traceID, b, s.itinerary(b, o, b.rise), status, changed, "Ticket issued successfully.")
}

// releasedTicket refuses to ticket a released booking.
func releasedTicket(traceID string, b *booking) reply {
	return reply{body: envelope{Response: failed(traceID, errNotAllowed,
		fmt.Sprintf("Booking %d has been released and cannot be ticketed. Book the itinerary again.", b.id))}}
}

func (s *Server) ticketLCC(req *ticketRequest, p plan) reply {
	now := s.now()
	t, o, f := s.liveOffer(&req.airRequest, req.ResultIndex.String(), now)
	if f != nil {
		return reply{body: envelope{Response: f}}
	}
	if !o.lcc {
		return reply{body: envelope{Response: failed(t.id, errNotAllowed, "This itinerary is not LCC: hold it with Book, then ticket it with PNR and BookingId.")}}
	}
	pax, msg := passengers(req.Passengers, t.q, o.documents(t.q.docs).lccRules())
	if msg != "" {
		return reply{body: envelope{Response: invalid(t.id, msg)}}
	}
	if id := s.bookings.idByOffer(t.id, o.index); id != 0 {
		if b, found := s.bookings.get(id); found {
			return ticketAnswer(t.id, b, s.itinerary(b, o, b.rise), ticketAlreadyCreated, false, "Ticket already created for this itinerary.")
		}
	}
	// The extras sent must be the SSR answer's (the seats taken since
	// count), at today's prices.
	xr := s.traces.extrasRise(t, o.index)
	if p.extrasPriceChange {
		xr = s.traces.raiseExtras(t, o.index, extrasRiseStep)
	}
	extras, moved, msg := s.lccExtras(o, now, xr).take(req.Passengers, pax, xr > 0)
	if msg != "" {
		return reply{body: envelope{Response: invalid(t.id, msg)}}
	}
	var charges [3]paise
	for i := range pax {
		pax[i].extras = extras[i]
		for k, c := range extras[i].charges() {
			charges[k] += c
		}
	}
	accepted := bool(req.IsPriceChangeAccepted)
	rise := s.traces.rise(t, o.index)
	changed := false
	if p.priceChange {
		rise = s.traces.raise(t, o.index, riseStep())
		changed = true
	} else if fareShort(req.Passengers, o.price(t.q, rise)) {
		changed = true
	}
	b := &booking{traceID: t.id, q: t.q, index: o.index, lcc: true, rise: rise, pax: pax, createdAt: now,
		agentRef: req.AgentReferenceNo.String(), ssr: charges}
	if changed && !accepted {
		return ticketAnswer(t.id, b, s.itinerary(b, o, rise), ticketPriceChanged, true, "Fare has changed. Send Ticket again with the new fare.")
	}
	if moved {
		// The itinerary shows the items at today's prices.
		return ticketAnswer(t.id, b, s.itinerary(b, o, rise), ticketPriceChanged, true,
			"The price of the seats, meals or baggage has changed. Ask SSR again and send Ticket with the items at their new prices.")
	}
	b.ticketed, b.ticketedAt = true, now
	stored, fresh, taken := s.bookings.create(b)
	if taken != nil {
		// Sold to another booking since the check.
		return reply{body: envelope{Response: invalid(t.id, fmt.Sprintf("Seat %s on %s %s (%s-%s) is not available.",
			taken.w.Code, taken.w.AirlineCode, taken.w.FlightNumber, taken.w.Origin, taken.w.Destination))}}
	}
	if !fresh {
		return ticketAnswer(t.id, stored, s.itinerary(stored, o, stored.rise), ticketAlreadyCreated, false, "Ticket already created for this itinerary.")
	}
	return ticketAnswer(t.id, stored, s.itinerary(stored, o, stored.rise), ticketSuccessful, changed, "Ticket issued successfully.")
}

// bookingDetails answers GetBookingDetails in each of its request shapes:
// BookingId (with or without PNR), PNR with the lead passenger's first
// and/or last name, or TraceId.
func (s *Server) bookingDetails(body []byte) reply {
	var req bookingDetailsRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	if f := s.checkAir(&req.airRequest, now); f != nil {
		return reply{body: envelope{Response: f}}
	}
	notFound := reply{body: envelope{Response: failed(req.TraceID.String(), errNotFound, "No booking found for the given details.")}}
	pnr := strings.ToUpper(req.PNR.String())
	var id int
	switch {
	case req.BookingID > 0:
		id = int(req.BookingID)
	case pnr != "":
		if req.FirstName == "" && req.LastName == "" {
			return reply{body: envelope{Response: invalid("", "FirstName or LastName of the lead passenger is mandatory with PNR.")}}
		}
		id = s.bookings.idByPNR(pnr)
	case req.TraceID != "":
		id = s.bookings.idByTrace(req.TraceID.String())
	default:
		return reply{body: envelope{Response: invalid("", "BookingId, PNR or TraceId is mandatory.")}}
	}
	b, found := s.bookings.get(id)
	if !found || (pnr != "" && b.pnr != pnr) {
		return notFound
	}
	if req.BookingID <= 0 && pnr != "" {
		var lead paxRecord
		for _, px := range b.pax {
			if px.lead {
				lead = px
			}
		}
		if (req.FirstName != "" && !strings.EqualFold(lead.first, req.FirstName.String())) ||
			(req.LastName != "" && !strings.EqualFold(lead.last, req.LastName.String())) {
			return notFound
		}
	}
	o := s.gen.find(b.q, b.index)
	if o == nil {
		return reply{body: envelope{Response: failed(b.traceID, errGeneric, "The itinerary of this booking is no longer available.")}}
	}
	return reply{body: envelope{Response: bookingDetailsBody{statusBody: ok(b.traceID), FlightItinerary: s.itinerary(b, o, b.rise)}}}
}

// releasePNR answers ReleasePNRRequest: a held GDS booking gives up its seats
// and can no longer be ticketed. Releasing a released booking succeeds
// again; a ticketed booking (every LCC booking is one) is refused. The
// request names the booking by BookingId and the Source of its fare, which
// must be the booked result's.
func (s *Server) releasePNR(body []byte) reply {
	var req releaseRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	if f := s.checkAir(&req.airRequest, now); f != nil {
		return reply{body: envelope{Response: f}}
	}
	// Each release answers with a trace of its own.
	traceID := randomGUID()
	answer := func(st *statusBody) reply { return reply{body: envelope{Response: releaseBody{statusBody: *st}}} }
	source := strings.TrimSpace(req.Source.String())
	switch {
	case req.BookingID <= 0:
		return answer(invalid(traceID, "BookingId is mandatory."))
	case source == "":
		return answer(invalid(traceID, "Source is mandatory."))
	}
	b, found := s.bookings.get(int(req.BookingID))
	if !found {
		return answer(failed(traceID, errNotFound, "No booking found for this BookingId."))
	}
	if o := s.gen.find(b.q, b.index); o != nil && source != strconv.Itoa(o.carrier.Source) {
		return answer(invalid(traceID, fmt.Sprintf("Source %q does not match the source of booking %d.", source, b.id)))
	}
	b, found = s.bookings.release(b.id, now)
	switch {
	case !found:
		return answer(failed(traceID, errNotFound, "No booking found for this BookingId."))
	case b.ticketed:
		return answer(failed(traceID, errNotAllowed,
			fmt.Sprintf("Booking %d is ticketed and cannot be released; cancel it with SendChangeRequest.", b.id)))
	}
	st := ok(traceID)
	return answer(&st)
}

// itinerary renders a booking (or a would-be booking, with id 0) as the
// supplier's FlightItinerary: flat Segments, passengers with their fares
// and, once ticketed, tickets and an invoice. A ticket shows its change
// request and cancellation; a journey cancelled for every passenger shows
// its segments XX, and a booking cancelled on every journey Status 8.
func (s *Server) itinerary(b *booking, o *offer, rise priceRise) *wItinerary {
	q := b.q
	now := s.now()
	intlLCC := o.lcc && o.international()
	fc := o.price(q, rise)
	fc.baggage, fc.meals, fc.seats = b.ssr[0], b.ssr[1], b.ssr[2]
	first := o.journeys[0]
	it := &wItinerary{
		BookingID:             b.id,
		PNR:                   b.pnr,
		IsDomestic:            q.domesticIndia(),
		Source:                o.carrier.Source,
		Origin:                first.flights[0].from.Code,
		Destination:           first.flights[len(first.flights)-1].to.Code,
		AirlineCode:           o.carrier.Code,
		ValidatingAirlineCode: o.carrier.Code,
		AirlineRemark:         remarkOrNull(first.remark),
		IsLCC:                 o.lcc,
		NonRefundable:         !o.refundable(),
		FareType:              "PUB",
		JourneyType:           q.journeyType,
		TripIndicator:         o.trips[0],
		AgentReferenceNo:      b.agentRef,
		Fare:                  fc.wire(),
		Status:                itineraryBooked,
		CreatedOn:             b.createdAt.In(ist).Format(wireTime),
	}
	if b.released {
		it.Status = itineraryReleased
	}
	it.LastTicketDate = lastTicketDate(o)
	var info []wSegmentInfo
	var infoAt [][2]int // journey and flight of each info
	cancelled := 0
	for i, j := range o.journeys {
		gone := b.journeyCancelled(i, now)
		if gone {
			cancelled++
		}
		for k, f := range j.flights {
			seg := s.gen.segment(f, o.trips[i], k+1, j.cabin)
			apnr := b.airlinePNR
			seg.AirlinePNR = &apnr
			seg.Status = "HK" // holding confirmed
			if b.released || gone {
				seg.Status = "XX" // cancelled
			}
			it.Segments = append(it.Segments, seg)
			day := f.dep.Format("02Jan")
			info = append(info, wSegmentInfo{FareBasis: f.fareBasis, NVA: day, NVB: day, Baggage: f.baggage})
			infoAt = append(infoAt, [2]int{i, k})
		}
		it.FareRules = append(it.FareRules, fareRuleSummary(j, ""))
		it.MiniFareRules = append(it.MiniFareRules, miniFareRules(j))
	}
	if cancelled == len(o.journeys) && cancelled > 0 {
		it.Status = itineraryCancelled
	}
	for _, px := range b.pax {
		wp := wPassenger{
			PaxID: px.id, Title: px.title, FirstName: px.first, LastName: px.last, PaxType: px.paxType,
			DateOfBirth: px.dob, Gender: px.gender, PassportNo: px.passportNo, PassportExpiry: px.passportExpiry, PAN: px.pan,
			AddressLine1: px.addr1, AddressLine2: px.addr2, City: px.city, CountryCode: px.countryCode,
			CountryName: px.countryName, Nationality: px.nationality, ContactNo: px.contact, Email: px.email,
			IsLeadPax: px.lead, FFAirlineCode: px.ffAirline, FFNumber: px.ffNumber,
			Fare:              fc.paxFare(px.paxType - 1),
			GSTCompanyAddress: px.gstAddress, GSTCompanyContactNumber: px.gstPhone, GSTCompanyName: px.gstName,
			GSTNumber: px.gstNumber, GSTCompanyEmail: px.gstEmail,
		}
		if px.mealCode != "" {
			wp.Meal = &wMeal{Code: px.mealCode, Description: px.mealName}
		}
		if px.seatCode != "" {
			wp.Seat = &wMeal{Code: px.seatCode, Description: px.seatName}
		}
		x := px.extras
		for _, bg := range x.bags {
			wp.Baggage = append(wp.Baggage, bg.w)
		}
		for _, m := range x.meals {
			wp.MealDynamic = append(wp.MealDynamic, m.w)
		}
		for _, st := range x.seats {
			wp.SeatDynamic = append(wp.SeatDynamic, st.w)
		}
		ch := x.charges()
		wp.Fare.TotalBaggageCharges, wp.Fare.TotalMealCharges, wp.Fare.TotalSeatCharges = rupees(ch[0]), rupees(ch[1]), rupees(ch[2])
		for n, si := range info {
			journey, seg := infoAt[n][0], infoAt[n][1]
			si.Meal, si.Seat = x.mealOn(journey, seg), x.seatOn(journey, seg)
			if o.lcc && px.paxType != 3 {
				si.Baggage = fmt.Sprintf("%d Kg", x.allowanceKg(journey, allowanceKg(si.Baggage), intlLCC))
			}
			wp.SegmentAdditionalInfo = append(wp.SegmentAdditionalInfo, si)
		}
		if b.ticketed && px.ticketNumber != "" {
			validating := o.carrier.TicketPrefix
			if o.lcc {
				validating = o.carrier.Code
			}
			wp.Ticket = &wTicket{
				TicketID: px.ticketID, TicketNumber: px.ticketNumber, IssueDate: b.ticketedAt.In(ist).Format(wireTime),
				ValidatingAirline: validating, ServiceFeeDisplayType: "ShowInTax", Status: ticketOK,
			}
			if c := b.latestChange(px.ticketID); c != nil {
				wp.Ticket.ChangeRequestID, wp.Ticket.ChangeRequestStatus = c.id, c.status(now)
				wp.Ticket.Status = c.ticketStatus(now, len(o.journeys))
			}
		}
		it.Passenger = append(it.Passenger, wp)
	}
	if b.ticketed {
		fy := b.ticketedAt.In(ist)
		it.Invoice = []wInvoice{{
			InvoiceID:        b.invoiceID,
			InvoiceNo:        fmt.Sprintf("IW/%s/%d", fiscalYear(fy), b.invoiceID),
			InvoiceAmount:    rupees(fc.offered() + fc.baggage + fc.meals + fc.seats),
			InvoiceCreatedOn: fy.Format(wireTime),
			InvoiceStatus:    3,
		}}
	}
	return it
}
