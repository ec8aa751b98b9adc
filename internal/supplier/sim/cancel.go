package sim

// Cancelling ticketed bookings: GetCancellationCharges, SendChangeRequest
// and GetChangeRequestStatus, over the bookings the simulator holds.
//
// The supplier publishes the calls' shapes but not its rules; these are the
// simulator's, chosen to agree with the fare rules it shows (farerules.go):
//
//   - What can be cancelled: a ticketed booking, whole (RequestType 1, every
//     ticket; TicketId may be left out) or some of its tickets (RequestType
//     2 with TicketId), and on a full-service fare some of its journeys
//     (Sectors naming a direction's first origin and last destination, such
//     as DEL-YYZ of a return; one flight of a connection is refused).
//     Low-cost fares cancel whole tickets only. A partial cancellation that
//     would leave an infant without an adult on a journey is refused. Held
//     (unticketed) and released bookings are refused: a hold is given up
//     with ReleasePNRRequest. Reissuance (RequestType 3) is refused.
//   - Charges, per ticket and per journey, in whole rupees: the journey's
//     cancellation fee from its fare rules (penaltiesOf: higher abroad,
//     halved in business and first) while more than 72 hours remain before
//     the journey's departure, the higher 0-72 hour fee after that; an
//     infant pays a flat INR 250 per journey. A fee never exceeds the
//     ticket's basic fare and fuel surcharge (YQ) for that journey, as
//     India's DGCA caps it, so the taxes and airport fees always come back.
//     A non-refundable fare is cancelled too, at that cap: the airline
//     keeps the basic fare and YQ and refunds the taxes and airport fees,
//     as the DGCA's refund requirements (in force from 26 March 2026)
//     oblige it to for every fare.
//   - Refund, per ticket: what the passenger's ticket cost (its share of the
//     published fare as the simulator prices it: base fare, taxes and its
//     share of the booking's other charges; paid extras are not refunded),
//     split over the journeys by their fares, minus the charge.
//   - Refused: journeys departing within 2 hours or gone. GetCancellationCharges answers them with an error
//     (ResponseStatus 2); SendChangeRequest makes the change requests and
//     answers each with ChangeRequestStatus 5 (Rejected) and the reason in
//     Remarks, the tickets staying as they are.
//   - One change request per ticket: a second one while the first is in
//     progress or completed is refused (ResponseStatus 2), whatever its
//     sectors; after a rejected one the ticket may be asked for again.
//   - Timing: a request starts Unassigned (1; Pending, 7, at a low-cost
//     airline), is Acknowledged (3) after Cancellations.AcknowledgeAfter and
//     Completed (4), with its amounts and a credit note, after
//     Cancellations.CompleteAfter, on the simulator's clock. Some low-cost
//     airlines (Cancellations.InstantLCC) complete at once: SendChangeRequest
//     answers Completed with the amounts and credit note. The amounts are
//     fixed when the request is made, so GetCancellationCharges asked for
//     the same tickets just before gives the same charge and refund as the
//     requests end with (until a fee band, or the fare, changes).
//   - GetBookingDetails shows each ticket's latest change request on its
//     Ticket (ChangeRequestId, ChangeRequestStatus) and Status: "OK",
//     "CancellationInProgress", "Cancelled" or "PartiallyCancelled" (some
//     journeys). A journey every ticket of which is cancelled shows its
//     segments XX; a booking all of whose journeys are, Status 8.
//   - The cancellation reason (CancellationType 1 NoShow, 2 FlightCancelled,
//     3 Others) is required and recorded; it does not change the amounts.
//
// SendChangeRequest commits before its delay, like Book and Ticket: a call
// dropped after the work (X-Sim-Drop: after) or timed out has made its
// change requests, which GetBookingDetails shows.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"
)

// Cancellations set how the simulated supplier processes change requests.
// Durations run on the simulator's clock (Options.Clock) from the request.
type Cancellations struct {
	// AcknowledgeAfter is when a request moves from Unassigned (or Pending)
	// to Acknowledged.
	AcknowledgeAfter time.Duration
	// CompleteAfter is when it is Completed: the ticket cancelled, the
	// amounts and the credit note known. Zero completes every request at
	// once, which is how tests make cancellations instant.
	CompleteAfter time.Duration
	// InstantLCC is the share of low-cost airlines (chosen by a hash of
	// their code, so always the same ones) whose requests complete at
	// once, in SendChangeRequest's answer.
	InstantLCC float64
}

// DefaultCancellations apply when Options.Cancellations is nil.
var DefaultCancellations = Cancellations{AcknowledgeAfter: time.Minute, CompleteAfter: 5 * time.Minute, InstantLCC: 0.5}

// maxCompleteAfter bounds Cancellations.CompleteAfter: real refunds take
// days, a simulated one need not take longer than a month.
const maxCompleteAfter = 30 * 24 * time.Hour

// Check reports the first setting out of range.
func (c Cancellations) Check() error {
	switch {
	case c.AcknowledgeAfter < 0 || c.CompleteAfter < 0:
		return errors.New("acknowledgeAfter and completeAfter: want durations of 0 or more")
	case c.AcknowledgeAfter > c.CompleteAfter:
		return fmt.Errorf("acknowledgeAfter %s: want at most completeAfter (%s)", c.AcknowledgeAfter, c.CompleteAfter)
	case c.CompleteAfter > maxCompleteAfter:
		return fmt.Errorf("completeAfter %s: want at most %s", c.CompleteAfter, maxCompleteAfter)
	case math.IsNaN(c.InstantLCC) || c.InstantLCC < 0 || c.InstantLCC > 1:
		return fmt.Errorf("instantLCC %v: want a share from 0 to 1", c.InstantLCC)
	}
	return nil
}

// cancellationsJSON is Cancellations as AdminPrefix reads and writes it.
type cancellationsJSON struct {
	AcknowledgeAfter *string  `json:"acknowledgeAfter,omitempty"`
	CompleteAfter    *string  `json:"completeAfter,omitempty"`
	InstantLCC       *float64 `json:"instantLCC,omitempty"`
}

// MarshalJSON writes {"acknowledgeAfter": "1m0s", "completeAfter": "5m0s",
// "instantLCC": 0.5}.
func (c Cancellations) MarshalJSON() ([]byte, error) {
	ack, done, share := c.AcknowledgeAfter.String(), c.CompleteAfter.String(), c.InstantLCC
	return json.Marshal(cancellationsJSON{AcknowledgeAfter: &ack, CompleteAfter: &done, InstantLCC: &share})
}

// UnmarshalJSON reads the fields MarshalJSON writes, durations as Go
// durations ("90s"); a field left out keeps its value. Unknown fields are
// refused.
func (c *Cancellations) UnmarshalJSON(b []byte) error {
	var in cancellationsJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		in   *string
		out  *time.Duration
	}{{"acknowledgeAfter", in.AcknowledgeAfter, &c.AcknowledgeAfter}, {"completeAfter", in.CompleteAfter, &c.CompleteAfter}} {
		if f.in == nil {
			continue
		}
		d, err := time.ParseDuration(strings.TrimSpace(*f.in))
		if err != nil {
			return fmt.Errorf("%s %q: want a duration like 5m", f.name, *f.in)
		}
		*f.out = d
	}
	if in.InstantLCC != nil {
		c.InstantLCC = *in.InstantLCC
	}
	return nil
}

// cancellationSettings are the settings in force, changed through
// AdminPrefix.
type cancellationSettings struct {
	mu sync.RWMutex
	c  Cancellations
}

// SetCancellations replaces the cancellation settings; they apply to change
// requests made from now on. Nothing changes when one is out of range.
func (s *Server) SetCancellations(c Cancellations) error {
	if err := c.Check(); err != nil {
		return err
	}
	s.cancellations.mu.Lock()
	s.cancellations.c = c
	s.cancellations.mu.Unlock()
	return nil
}

// Cancellations returns the cancellation settings in force.
func (s *Server) Cancellations() Cancellations {
	s.cancellations.mu.RLock()
	defer s.cancellations.mu.RUnlock()
	return s.cancellations.c
}

// optionCancellations are the settings Options ask for.
func (o Options) cancellations() Cancellations {
	if o.Cancellations == nil {
		return DefaultCancellations
	}
	return *o.Cancellations
}

// RequestType values of GetCancellationCharges and SendChangeRequest, and
// the BookingMode GetCancellationCharges takes.
const (
	requestFull    = 1
	requestPartial = 2
	requestReissue = 3
	bookingModeAPI = 5
)

// Fee rules beyond the journeys' own fare rules.
const (
	// cancelLateWithin is when the higher (0-72 hour) fee applies.
	cancelLateWithin = 72 * time.Hour
	// cancelCloseWithin is when cancellations close before departure.
	cancelCloseWithin = 2 * time.Hour
	// infantCancelFee is an infant's fee per journey, in rupees.
	infantCancelFee = 250
)

// changeRecord is one ticket's change request. Its amounts are fixed when it
// is made; its status follows from the clock.
type changeRecord struct {
	id       int
	ticketID int
	// journeys are the cancelled journeys, by index into the offer's.
	journeys []int
	reason   int
	remarks  string // the agent's
	// refusal is why the request was rejected; empty when accepted.
	refusal        string
	charge, refund paise
	createdAt      time.Time
	acknowledgeAt  time.Time
	completeAt     time.Time
	// initial is the status before acknowledgement: Unassigned, or Pending
	// at a low-cost airline.
	initial int
}

// status is where the request stands at now.
func (c *changeRecord) status(now time.Time) int {
	switch {
	case c.refusal != "":
		return changeRejected
	case !now.Before(c.completeAt):
		return changeCompleted
	case !now.Before(c.acknowledgeAt):
		return changeAcknowledged
	}
	return c.initial
}

// covers reports whether the request cancels journey j.
func (c *changeRecord) covers(j int) bool { return slices.Contains(c.journeys, j) }

// ticketStatus is the ticket's Status text under the request, of a booking
// with n journeys.
func (c *changeRecord) ticketStatus(now time.Time, n int) string {
	switch c.status(now) {
	case changeRejected:
		return ticketOK
	case changeCompleted:
		if len(c.journeys) < n {
			return ticketPartlyCancelled
		}
		return ticketCancelled
	}
	return ticketCancellationInProgress
}

// remark is the supplier's word on the request at now.
func (c *changeRecord) remark(now time.Time) string {
	switch c.status(now) {
	case changeRejected:
		return c.refusal
	case changeCompleted:
		return "Cancelled with the airline; the refund is credited to the agency account."
	}
	return "Change request received; the airline's cancellation charges apply."
}

// creditNote is the number and date of the refund's credit note.
func (c *changeRecord) creditNote() (string, string) {
	at := c.completeAt.In(ist)
	return fmt.Sprintf("CN/%s/%d", fiscalYear(at), c.id), at.Format(wireTime)
}

// info is the request as SendChangeRequest answers it at now: the amounts
// and the credit note only once it is completed.
func (c *changeRecord) info(now time.Time) wTicketCR {
	st := c.status(now)
	out := wTicketCR{ChangeRequestID: c.id, TicketID: c.ticketID, Status: st, Remarks: c.remark(now)}
	if st == changeCompleted {
		charge, refund, zero := amount(c.charge), amount(c.refund), amount(0)
		out.ChangeRequestStatus = st
		out.CancellationCharge, out.RefundedAmount = &charge, &refund
		out.ServiceTaxOnRAF, out.SwachhBharatCess, out.KrishiKalyanCess = &zero, &zero, &zero
		out.CreditNoteNo, out.CreditNoteCreatedOn = c.creditNote()
	}
	return out
}

// latestChange is the last change request of a ticket, or nil.
func (b *booking) latestChange(ticketID int) *changeRecord {
	for i := len(b.changes) - 1; i >= 0; i-- {
		if b.changes[i].ticketID == ticketID {
			return &b.changes[i]
		}
	}
	return nil
}

// liveChange is the change request cancelling a ticket (in progress or
// completed), or nil: a rejected one cancels nothing.
func (b *booking) liveChange(ticketID int) *changeRecord {
	if c := b.latestChange(ticketID); c != nil && c.refusal == "" {
		return c
	}
	return nil
}

// change is the change request with that id, or nil.
func (b *booking) change(id int) *changeRecord {
	for i := range b.changes {
		if b.changes[i].id == id {
			return &b.changes[i]
		}
	}
	return nil
}

// journeyCancelled reports whether every ticket's cancellation of journey j
// is completed at now.
func (b *booking) journeyCancelled(j int, now time.Time) bool {
	if !b.ticketed || len(b.pax) == 0 {
		return false
	}
	for _, px := range b.pax {
		c := b.liveChange(px.ticketID)
		if c == nil || !c.covers(j) || c.status(now) != changeCompleted {
			return false
		}
	}
	return true
}

// cancelScope is what a request covers: tickets, by passenger index, and
// journeys, by index into the offer's journeys.
type cancelScope struct {
	pax, journeys []int
}

// scope reads which tickets and journeys a request names, and refuses one
// the supplier would refuse whatever the tickets' state; the refusal is the
// answer to give.
func scope(b *booking, o *offer, traceID string, requestType int, ticketIDs []int64, sectors []sectorRequest) (cancelScope, *statusBody) {
	var sc cancelScope
	byTicket := make(map[int64]int, len(b.pax))
	for i, px := range b.pax {
		byTicket[int64(px.ticketID)] = i
	}
	for _, id := range ticketIDs {
		i, ok := byTicket[id]
		if !ok {
			return sc, invalid(traceID, fmt.Sprintf("TicketId %d does not belong to booking %d.", id, b.id))
		}
		if !slices.Contains(sc.pax, i) {
			sc.pax = append(sc.pax, i)
		}
	}
	slices.Sort(sc.pax)
	every := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	switch requestType {
	case requestFull:
		if len(sc.pax) > 0 && len(sc.pax) != len(b.pax) {
			return sc, invalid(traceID, fmt.Sprintf("A full cancellation covers every ticket of booking %d: cancel some of them with RequestType 2 (PartialCancellation).", b.id))
		}
		sc.pax, sc.journeys = every(len(b.pax)), every(len(o.journeys))
		return sc, nil
	case requestPartial:
	case requestReissue:
		return sc, invalid(traceID, "Reissuance (RequestType 3) is not offered through the API.")
	default:
		return sc, invalid(traceID, "RequestType must be 1 (FullCancellation) or 2 (PartialCancellation).")
	}
	if len(sc.pax) == 0 {
		return sc, invalid(traceID, "TicketId is mandatory for a partial cancellation.")
	}
	if len(sectors) == 0 {
		sc.journeys = every(len(o.journeys))
		return sc, nil
	}
	named := map[int]bool{}
	for _, sec := range sectors {
		j, msg := journeyOf(b, o, strings.ToUpper(sec.Origin.String()), strings.ToUpper(sec.Destination.String()))
		if msg != "" {
			return sc, invalid(traceID, msg)
		}
		named[j] = true
	}
	for j := range o.journeys {
		if named[j] {
			sc.journeys = append(sc.journeys, j)
		}
	}
	if len(sc.journeys) < len(o.journeys) && o.lcc {
		return sc, failed(traceID, errNotAllowed, "Sector-wise cancellation is not allowed on this low-cost fare: cancel whole tickets.")
	}
	return sc, nil
}

// journeyOf is the journey a sector names by its first origin and last
// destination, or the reason it names none.
func journeyOf(b *booking, o *offer, from, to string) (int, string) {
	for j, jr := range o.journeys {
		if jr.flights[0].from.Code == from && jr.flights[len(jr.flights)-1].to.Code == to {
			return j, ""
		}
	}
	for _, jr := range o.journeys {
		for _, f := range jr.flights {
			if f.from.Code == from && f.to.Code == to {
				return 0, fmt.Sprintf("Sector %s-%s is one flight of the connection %s: cancel the whole connection.", from, to, jr.points())
			}
		}
	}
	return 0, fmt.Sprintf("Sector %s-%s is not a sector of booking %d.", from, to, b.id)
}

// conflict refuses a request for sc when one of its tickets is cancelled or
// being cancelled already, or when it would leave an infant without an
// adult on a journey of a booking with n journeys; nil when there is none.
func (b *booking) conflict(traceID string, sc cancelScope, n int, now time.Time) *statusBody {
	for _, i := range sc.pax {
		tk := b.pax[i].ticketID
		if c := b.liveChange(tk); c != nil {
			if c.status(now) == changeCompleted {
				return failed(traceID, errNotAllowed, fmt.Sprintf("Ticket %d is already cancelled (change request %d).", tk, c.id))
			}
			return failed(traceID, errNotAllowed, fmt.Sprintf("A change request is already in progress for ticket %d (change request %d).", tk, c.id))
		}
	}
	for j := range n {
		var adults, infants int
		for i, px := range b.pax {
			if slices.Contains(sc.pax, i) && slices.Contains(sc.journeys, j) {
				continue
			}
			if c := b.liveChange(px.ticketID); c != nil && c.covers(j) {
				continue
			}
			switch px.paxType {
			case paxAdult + 1:
				adults++
			case paxInfant + 1:
				infants++
			}
		}
		if infants > adults {
			return invalid(traceID, "Each infant must travel with an adult: cancel the infant's ticket together with the adult's.")
		}
	}
	return nil
}

// ticketCharge prices the cancellation of one ticket's journeys at now: the
// charge and the refund, or the reason it is refused. t is the passenger's
// type (paxAdult…), fc the booking's fare.
func ticketCharge(o *offer, fc fareCalc, t int, journeys []int, now time.Time) (charge, refund paise, refusal string) {
	shares, basics := journeyShares(o, fc, t)
	for _, j := range journeys {
		jr := o.journeys[j]
		first := jr.flights[0]
		left := first.dep.Sub(now)
		switch {
		case left <= 0:
			return 0, 0, fmt.Sprintf("Flight %s %s of %s has departed: the ticket can no longer be cancelled.", first.c.Code, first.number, first.dep.Format("02Jan"))
		case left < cancelCloseWithin:
			return 0, 0, fmt.Sprintf("Cancellations of %s close 2 hours before departure: the ticket can no longer be cancelled.", jr.points())
		}
		var fee paise
		switch p := penaltiesOf(jr); {
		case !jr.refundable:
			// DGCA: even a non-refundable fare gives back its taxes and
			// airport fees; the airline keeps the basic fare and YQ.
			fee = basics[j]
		case t == paxInfant:
			fee = infantCancelFee * 100
		case left > cancelLateWithin:
			fee = paise(p.cancelEarly) * 100
		default:
			fee = paise(p.cancelLate) * 100
		}
		fee = min(fee, basics[j], shares[j])
		charge += fee
		refund += shares[j] - fee
	}
	return charge, refund, ""
}

// journeyShares splits what one passenger of type t paid for the ticket
// (shares), and its basic fare and fuel surcharge (basics), over the
// offer's journeys in proportion to their fares.
func journeyShares(o *offer, fc fareCalc, t int) (shares, basics []paise) {
	paid := make([]paise, len(o.journeys))
	basic := make([]paise, len(o.journeys))
	for j, jr := range o.journeys {
		paid[j] = jr.fare[t].base + jr.fare[t].taxTotal()
		basic[j] = jr.fare[t].base + jr.fare[t].tax[taxYQ]
	}
	a := fc.pax[t]
	return split(fc.paxPublished(t), paid), split(a.base+a.tax[taxYQ], basic)
}

// split shares total out in proportion to weights, in whole rupees; the
// last part takes what rounding leaves, so the parts add up to total.
func split(total paise, weights []paise) []paise {
	var sum paise
	for _, w := range weights {
		sum += w
	}
	parts := make([]paise, len(weights))
	left := total
	for j, w := range weights {
		if j == len(parts)-1 || sum == 0 {
			parts[j] = left
			break
		}
		parts[j] = total / 100 * w / sum * 100
		left -= parts[j]
	}
	return parts
}

// instantRefunds reports whether a low-cost airline completes cancellations
// at once: the share of airlines set by InstantLCC, picked by their code.
func instantRefunds(code string, share float64) bool {
	return fnvOffset.str("instant-refund").str(code).frac() < share
}

// ticketedBooking is the ticketed booking a cancellation call names, with
// its offer, or the refusal to answer with.
func (s *Server) ticketedBooking(traceID string, id int) (*booking, *offer, *statusBody) {
	if id <= 0 {
		return nil, nil, invalid(traceID, "BookingId is mandatory.")
	}
	b, found := s.bookings.get(id)
	switch {
	case !found:
		return nil, nil, failed(traceID, errNotFound, "No booking found for this BookingId.")
	case b.released:
		return nil, nil, failed(traceID, errNotAllowed, fmt.Sprintf("Booking %d has been released: it has no tickets to cancel.", b.id))
	case !b.ticketed:
		return nil, nil, failed(traceID, errNotAllowed,
			fmt.Sprintf("Booking %d is not ticketed: a held booking is given up with ReleasePNRRequest, not cancelled.", b.id))
	}
	o := s.gen.find(b.q, b.index)
	if o == nil {
		return nil, nil, failed(traceID, errGeneric, "The itinerary of this booking is no longer available.")
	}
	return b, o, nil
}

// cancellationCharges answers GetCancellationCharges: what cancelling the
// named tickets would cost now, as SendChangeRequest would charge it. It
// changes nothing.
func (s *Server) cancellationCharges(body []byte) reply {
	var req cancellationChargesRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	if f := s.checkAir(&req.airRequest, now); f != nil {
		return reply{body: envelope{Response: f}}
	}
	traceID := randomGUID()
	refuse := func(st *statusBody) reply { return reply{body: envelope{Response: st}} }
	if m := int(req.BookingMode); m != 0 && m != bookingModeAPI {
		return refuse(invalid(traceID, "BookingMode must be 5."))
	}
	b, o, st := s.ticketedBooking(traceID, int(req.BookingID))
	if st != nil {
		return refuse(st)
	}
	sc, st := scope(b, o, traceID, int(req.RequestType), req.TicketID, req.Sectors)
	if st != nil {
		return refuse(st)
	}
	if st := b.conflict(traceID, sc, len(o.journeys), now); st != nil {
		return refuse(st)
	}
	fc := o.price(b.q, b.rise)
	var charge, refund paise
	for _, i := range sc.pax {
		c, r, refusal := ticketCharge(o, fc, b.pax[i].paxType-1, sc.journeys, now)
		if refusal != "" {
			return refuse(failed(traceID, errNotAllowed, refusal))
		}
		charge, refund = charge+c, refund+r
	}
	return reply{body: envelope{Response: chargesBody{statusBody: ok(traceID), RefundAmount: amount(refund), CancellationCharge: amount(charge),
		Remarks: "Charges are per passenger and per sector, as of now: they rise within 72 hours of departure.", Currency: "INR"}}}
}

// sendChangeRequest answers SendChangeRequest: one change request per
// ticket named, each accepted (and in time completed) or rejected with its
// reason.
func (s *Server) sendChangeRequest(body []byte) reply {
	var req changeRequestRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	if f := s.checkAir(&req.airRequest, now); f != nil {
		return reply{body: envelope{Response: f}}
	}
	traceID := randomGUID()
	refuse := func(st *statusBody) reply { return reply{body: envelope{Response: changeRequestBody{statusBody: *st}}} }
	reason := int(req.CancellationType)
	if reason < 1 || reason > 3 {
		return refuse(invalid(traceID, "CancellationType is mandatory: 1 (NoShow), 2 (FlightCancelled) or 3 (Others)."))
	}
	b, o, st := s.ticketedBooking(traceID, int(req.BookingID))
	if st != nil {
		return refuse(st)
	}
	sc, st := scope(b, o, traceID, int(req.RequestType), req.TicketID, req.Sectors)
	if st != nil {
		return refuse(st)
	}
	set := s.Cancellations()
	instant := o.lcc && instantRefunds(o.carrier.Code, set.InstantLCC)
	fc := o.price(b.q, b.rise)
	recs := make([]changeRecord, len(sc.pax))
	for k, i := range sc.pax {
		px := b.pax[i]
		charge, refund, refusal := ticketCharge(o, fc, px.paxType-1, sc.journeys, now)
		rec := changeRecord{ticketID: px.ticketID, journeys: sc.journeys, reason: reason, remarks: req.Remarks.String(),
			refusal: refusal, charge: charge, refund: refund, createdAt: now, initial: changeUnassigned,
			acknowledgeAt: now.Add(set.AcknowledgeAfter), completeAt: now.Add(set.CompleteAfter)}
		if o.lcc {
			rec.initial = changePending
		}
		if instant {
			rec.acknowledgeAt, rec.completeAt = now, now
		}
		recs[k] = rec
	}
	var conflict *statusBody
	_, found := s.bookings.update(b.id, func(live *booking) {
		// Checked under the lock: two requests for one ticket at once make
		// one change request.
		if conflict = live.conflict(traceID, sc, len(o.journeys), now); conflict == nil {
			recs = s.bookings.addChanges(live, recs)
		}
	})
	switch {
	case !found:
		return refuse(failed(traceID, errNotFound, "No booking found for this BookingId."))
	case conflict != nil:
		return refuse(conflict)
	}
	out := changeRequestBody{statusBody: ok(traceID)}
	for i := range recs {
		out.TicketCRInfo = append(out.TicketCRInfo, recs[i].info(now))
	}
	return reply{body: envelope{Response: out}}
}

// changeRequestStatus answers GetChangeRequestStatus.
func (s *Server) changeRequestStatus(body []byte) reply {
	var req changeRequestStatusRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	if f := s.checkAir(&req.airRequest, now); f != nil {
		return reply{body: envelope{Response: f}}
	}
	traceID := randomGUID()
	id := int(req.ChangeRequestID)
	if id <= 0 {
		return reply{body: envelope{Response: invalid(traceID, "ChangeRequestId is mandatory.")}}
	}
	var c *changeRecord
	if b, found := s.bookings.get(s.bookings.idByChange(id)); found {
		c = b.change(id)
	}
	if c == nil {
		return reply{body: envelope{Response: failed(traceID, errNotFound, "No change request found for this ChangeRequestId.")}}
	}
	out := changeStatusBody{statusBody: ok(traceID), ChangeRequestID: c.id, TicketID: c.ticketID,
		ChangeRequestStatus: c.status(now), Remarks: c.remark(now)}
	if out.ChangeRequestStatus == changeCompleted {
		no, on := c.creditNote()
		out.RefundedAmount, out.CancellationCharge = amount(c.refund), amount(c.charge)
		out.CreditNoteNo, out.CreditNoteCreatedOn = &no, &on
	}
	return reply{body: envelope{Response: out}}
}

// fiscalYear is India's financial year (April to March) of t, as invoices
// and credit notes number it: 2526 for April 2025 to March 2026.
func fiscalYear(t time.Time) string {
	year := t.Year()
	if t.Month() < time.April {
		year--
	}
	return fmt.Sprintf("%02d%02d", year%100, (year+1)%100)
}

// rupeeText writes an amount in rupees with two decimals, exactly.
func rupeeText(p paise) string {
	sign := ""
	if p < 0 {
		p, sign = -p, "-"
	}
	return fmt.Sprintf("%s%d.%02d", sign, p/100, p%100)
}
