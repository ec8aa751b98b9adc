package mailtmpl

import (
	"net/mail"

	"github.com/paryatan/paryatan/internal/outbox"
)

// Cancellation is a cancellation of a ticketed booking as the cancellation
// messages show it. Amounts and dates are written for people already
// (Money, "4 Dec 2026").
type Cancellation struct {
	// Reference is the short id of the cancellation people quote to
	// support.
	Reference string
	// Whole is true when the whole booking is cancelled, false when only
	// some of its tickets are.
	Whole bool
	// Travellers are the names whose tickets the cancellation takes;
	// Staying those still booked after it (empty when Whole).
	Travellers, Staying []string
	// Charge is the airline's cancellation charge (as quoted, until the
	// airline confirms it), Fee ours; an empty Fee is left out.
	Charge, Fee string
	// Refund is what the traveller gets back: the fare less Charge and
	// Fee.
	Refund string
	// RefundTo names the original payment method the refund goes to
	// ("UPI", "card"); empty, the message says only "your original
	// payment method".
	RefundTo string
	// RefundBy is the date the refund is expected by ("4 Dec 2026");
	// empty, the message gives none.
	RefundBy string
	// Reason is why the airline refused, in plain words, for
	// CancellationRefused.
	Reason string
}

// Refund is a refund the payment gateway has processed.
type Refund struct {
	// Amount is written for people (Money); To names the original payment
	// method ("UPI", "card"), and may be empty.
	Amount, To string
	// Reference is the gateway's refund reference, which the traveller's
	// bank can trace the refund by.
	Reference string
}

// CancellationRequested tells a traveller we have asked the airline to
// cancel their booking or some of its tickets: who, the airline's charge,
// our fee, the refund expected, where it goes and by when.
func (r *Renderer) CancellationRequested(to mail.Address, name string, t Trip, c Cancellation) (outbox.Message, error) {
	return r.render(outbox.KindCancellationRequested, to, r.cancellation(name, t, c))
}

// CancellationDone tells a traveller the airline has cancelled the
// tickets: the final charge, the refund, where it goes and by when, and,
// for a partial cancellation, who stays booked.
func (r *Renderer) CancellationDone(to mail.Address, name string, t Trip, c Cancellation) (outbox.Message, error) {
	return r.render(outbox.KindCancellationDone, to, r.cancellation(name, t, c))
}

// CancellationRefused tells a traveller the airline refused the
// cancellation, why (c.Reason), and that their tickets are unchanged.
func (r *Renderer) CancellationRefused(to mail.Address, name string, t Trip, c Cancellation) (outbox.Message, error) {
	return r.render(outbox.KindCancellationRefused, to, r.cancellation(name, t, c))
}

// RefundDone tells a traveller a refund was processed to their original
// payment method, with the gateway's reference, and that banks take a few
// working days to show it.
func (r *Renderer) RefundDone(to mail.Address, name string, t Trip, f Refund) (outbox.Message, error) {
	d := r.trip(name, t, "")
	d.Refund = &f
	return r.render(outbox.KindRefundDone, to, d)
}

func (r *Renderer) cancellation(name string, t Trip, c Cancellation) data {
	d := r.trip(name, t, "")
	d.Cancellation = &c
	return d
}
