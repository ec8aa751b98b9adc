package flights

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/trip"
)

// OutcomeKind is how a book or ticket request ended, for the traveller and
// for the HTTP answer (httpOutcome).
type OutcomeKind uint8

// The outcome kinds.
const (
	// Done: booked, ticketed, or (a low-cost fare's book) recorded.
	Done OutcomeKind = iota
	// Refused: a definite failure at the supplier.
	Refused
	// Pending: the outcome is still being found out (reconciling, or
	// another request's call in flight).
	Pending
	// FareMoved: the supplier asked a new fare.
	FareMoved
	// NotIssued: the call never took effect (its process died, or its
	// answer was lost, and the supplier shows nothing done): doing it again
	// is safe.
	NotIssued
)

// httpOutcome is the HTTP status and error code of an outcome of step: the
// one place they are chosen (the message is for people and never decides).
func httpOutcome(kind OutcomeKind, step trip.Step) (status int, code string) {
	switch kind {
	case Refused:
		if step == trip.StepTicket {
			return http.StatusBadGateway, "ticketing_failed"
		}
		return http.StatusBadGateway, "booking_failed"
	case FareMoved:
		return http.StatusConflict, "price_changed"
	case NotIssued:
		if step == trip.StepTicket {
			return http.StatusConflict, "ticket_not_issued"
		}
		return http.StatusConflict, "booking_not_made"
	case Pending:
		return http.StatusAccepted, ""
	}
	return http.StatusOK, ""
}

// decision is what an answer from the supplier does to a booking: the
// event, the status it leads to (from the transition table), what is
// recorded, and what the request that made the call answers.
type decision struct {
	Event trip.Event
	To    trip.Status
	// Failure is bookings.failure; Note the booking event's note.
	Failure, Note string
	// Raw is the supplier's document, kept as last_response.
	Raw json.RawMessage
	// PNR and BookingID are the supplier's references (Hold and Issue).
	PNR       string
	BookingID int64
	// PriceChangePending and NewPrice record a fare moved at Ticket;
	// NewExtrasPrice a low-cost booking's seats, meals and baggage whose
	// price moved there.
	PriceChangePending bool
	NewPrice           *decimal.Decimal
	NewExtrasPrice     *decimal.Decimal
	// Reconciled marks a decision taken from the booking details.
	Reconciled bool
	// Outcome is the request's answer; its Booking is filled in once the
	// decision is recorded.
	Outcome Outcome
}

// from is the statuses a decision may be recorded from: the status the call
// started in, or unknown when the lease sweep got there first, as far as
// the transition table allows d's event from them.
func (d decision) from(b queries.Booking, step trip.Step) []string {
	var out []string
	for _, s := range []trip.Status{b.Status, trip.Unknown} {
		if to, err := trip.Next(s, d.Event, trip.FareOf(b.IsLcc), step); err == nil && to == d.To && !slices.Contains(out, string(s)) {
			out = append(out, string(s))
		}
	}
	return out
}

// decideCall decides, without I/O, what the answer to a Book or Ticket call
// of step on booking b (as it stood when the call started) does: a lost
// outcome goes to the reconciler, never retried; a refusal, a moved fare, a
// ticket not issued or success are recorded. err is a move the transition
// table does not allow, which is a bug.
func decideCall(b queries.Booking, step trip.Step, res *supplier.Booking, callErr error) (decision, error) {
	fare := trip.FareOf(b.IsLcc)
	var d decision
	switch {
	case isOutcomeUnknown(callErr):
		e, _ := supplier.AsError(callErr)
		d = decision{Event: trip.LoseOutcome, Failure: e.Message, Note: string(step) + " outcome unknown: " + string(e.Kind),
			Outcome: Outcome{Kind: Pending, Message: msgConfirming}}
	case step == trip.StepBook && res != nil && res.PriceChanged && res.BookingID == 0:
		// The supplier holds nothing when the fare moved at Book: this
		// attempt ends, and booking again quotes and books the new fare.
		d = decision{Event: trip.MoveFareAtBook, Failure: failureFareChanged, Raw: res.Doc, Note: "fare changed at book",
			Outcome: Outcome{Kind: FareMoved, Raw: res.Doc, Message: msgFareChangedAtBook}}
	case callErr != nil:
		msg, ev := msgBookingFailed, trip.RefuseBook
		if step == trip.StepTicket {
			msg, ev = msgTicketingFailed, trip.RefuseTicket
		}
		var raw []byte
		if res != nil {
			raw = res.Doc
		}
		detail := callErr.Error()
		if e, ok := supplier.AsError(callErr); ok {
			detail = e.Message
		}
		d = decision{Event: ev, Failure: msg, Raw: raw, Note: string(step) + " refused: " + callErr.Error(),
			Outcome: Outcome{Kind: Refused, Raw: raw, Message: msg + " " + detail}}
	case step == trip.StepTicket && res.PriceChanged:
		d = decision{Event: trip.MoveFareAtTicket, Failure: failureFareChanged, Raw: res.Doc, PriceChangePending: true,
			Note: "fare changed at ticketing", Outcome: Outcome{Kind: FareMoved, Raw: res.Doc, Message: msgFareChangedAtTicket}}
		if res.Price.IsPositive() {
			// The traveller pays the difference to this fare first.
			p := res.Price
			d.NewPrice = &p
		}
		if x := res.ExtrasPrice; b.IsLcc && x != nil && !x.Equal(b.ExtrasPrice) {
			// And to the extras' new price.
			p := *x
			d.NewExtrasPrice = &p
			if onlyExtrasMoved(b.Price, d.NewPrice) {
				d.Note, d.Outcome.Message = "extras price changed at ticketing", msgExtrasChangedAtTicket
			}
		}
	case step == trip.StepTicket && !res.Ticketed:
		d = decision{Event: trip.RefuseTicket, Failure: msgTicketingFailed, Raw: res.Doc, Note: "ticket status " + res.Status,
			Outcome: Outcome{Kind: Refused, Raw: res.Doc, Message: msgTicketingFailed}}
	default:
		d = decision{Event: trip.Hold, Raw: res.Doc, PNR: res.PNR, BookingID: res.BookingID, Note: string(step) + " done",
			Outcome: Outcome{Kind: Done, Raw: res.Doc}}
		if step == trip.StepTicket {
			d.Event = trip.Issue
		}
		if d.PNR == "" {
			d.PNR = derefOr(b.Pnr)
		}
		if d.BookingID == 0 && b.SupplierBookingID != nil {
			d.BookingID = *b.SupplierBookingID
		}
	}
	var err error
	d.To, err = trip.Next(b.Status, d.Event, fare, step)
	return d, err
}

// onlyExtrasMoved reports, of a booking at price whose extras moved at
// ticketing, whether its fare stayed (newPrice: the fare asked now, nil
// when not stated).
func onlyExtrasMoved(price, newPrice *decimal.Decimal) bool {
	return price == nil || newPrice == nil || newPrice.Equal(*price)
}

// isOutcomeUnknown reports whether a call's error leaves its outcome
// unknown (a timeout, a dropped connection): the supplier may have acted.
func isOutcomeUnknown(err error) bool {
	e, ok := supplier.AsError(err)
	return ok && e.OutcomeUnknown()
}

// decideReconcile decides, without I/O, what the supplier's booking
// details (or its failure to give them) do to an unknown booking, at now.
// settle is false while the booking stays unknown: only the supplier saying
// it has no such booking, giveUpAfter or longer after the call, settles it
// as never made; timeouts, HTTP failures and other errors prove nothing.
func decideReconcile(b queries.Booking, d *supplier.Details, err error, now time.Time, giveUpAfter time.Duration) (dec decision, settle bool, result string) {
	step := trip.Step(derefOr((*string)(b.UnknownStep)))
	fare := trip.FareOf(b.IsLcc)
	if err != nil {
		if !supplier.IsNoSuchBooking(err) {
			return decision{}, false, "supplier_unavailable"
		}
		if b.UnknownSince == nil || now.Sub(*b.UnknownSince) < giveUpAfter {
			return decision{}, false, "not_found_yet"
		}
		dec = decision{Event: trip.NotReceived, Failure: failureNotReceived, Reconciled: true,
			Note: "reconciled: the supplier has no such booking"}
		dec.To, _ = trip.Next(trip.Unknown, trip.NotReceived, fare, step)
		return dec, true, "failed"
	}
	dec = decision{Event: trip.Hold, PNR: d.PNR, BookingID: d.BookingID, Raw: d.AsBooking, Reconciled: true,
		Note: "reconciled from booking details"}
	if d.Ticketed() {
		dec.Event = trip.Issue
	}
	dec.To, _ = trip.Next(trip.Unknown, dec.Event, fare, step)
	return dec, true, string(dec.To)
}
