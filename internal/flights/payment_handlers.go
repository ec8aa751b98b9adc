package flights

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
)

// CheckoutJSON is the form the browser posts to the gateway's hosted
// checkout.
type CheckoutJSON struct {
	Action string            `json:"action"`
	Fields map[string]string `json:"fields"`
}

// PayBooking handles POST /api/v1/me/bookings/{id}/payment: the order that
// pays what the booking still owes (the server's fare, never an amount
// from the browser) and the checkout form for it. A failed payment is
// retried on the same order.
func (h *Handler) PayBooking(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	var pax []supplier.Passenger
	_ = json.Unmarshal(b.Passengers, &pax)
	var lead supplier.Passenger
	for _, p := range pax {
		if p.IsLeadPax {
			lead = p
		}
	}
	o, err := h.bookings.payments.Pay(r.Context(), b, lead)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		Payment  checkout.PaymentJSON `json:"payment"`
		Checkout CheckoutJSON         `json:"checkout"`
	}{checkout.NewPaymentJSON(o.Payment), CheckoutJSON{Action: o.Checkout.Action, Fields: o.Checkout.Fields}})
}

// CancelBooking handles POST /api/v1/me/bookings/{id}/cancel: a booking
// not yet paid, or one whose fare moved at ticketing, is cancelled; a held
// seat is released and anything paid refunded.
func (h *Handler) CancelBooking(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	b, err := h.bookings.payments.Cancel(r.Context(), b)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	h.writeBooking(w, r, b)
}

// ownBooking is the signed-in user's booking named by {id}.
func (h *Handler) ownBooking(w http.ResponseWriter, r *http.Request) (queries.Booking, bool) {
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		httpjson.Fail(w, r, errNoBooking)
		return queries.Booking{}, false
	}
	b, err := h.q.BookingGetForUser(r.Context(), queries.BookingGetForUserParams{ID: id, UserID: auth.FromContext(r.Context()).User.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		err = errNoBooking
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return queries.Booking{}, false
	}
	return b, true
}

// writeBooking answers one booking with its payments and refunds.
func (h *Handler) writeBooking(w http.ResponseWriter, r *http.Request, b queries.Booking) {
	l, err := h.bookings.payments.checkout.Ledger(r.Context(), b.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	tickets, cancellations, err := h.bookings.cancellationsOf(r.Context(), b)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	out := struct {
		Booking  BookingJSON            `json:"booking"`
		Payments []checkout.PaymentJSON `json:"payments"`
		Refunds  []checkout.RefundJSON  `json:"refunds"`
		// Tickets and Cancellations: a ticketed booking's only.
		Tickets       []TicketJSON       `json:"tickets,omitempty"`
		Cancellations []CancellationJSON `json:"cancellations,omitempty"`
		Documents     []DocumentJSON     `json:"documents,omitempty"`
	}{Documents: h.bookings.documentsOf(b), Booking: bookingJSON(b), Payments: l.Payments, Refunds: l.Refunds, Tickets: tickets, Cancellations: cancellations}
	if out.Documents, err = h.bookings.creditNotesOf(r.Context(), b, out.Documents); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	out.Booking.Paid, out.Booking.Refunded = checkout.Rupees(l.Paid), checkout.Rupees(l.Refunded)
	cancelled, cancelling := 0, 0
	for _, t := range tickets {
		switch t.State {
		case "cancelled":
			cancelled++
		case "cancelling":
			cancelling++
		}
	}
	out.Booking.Cancellation = cancellationState(cancelled, cancelling, len(tickets))
	if awaitingTicket(b) {
		out.Booking.AmountDue = checkout.Rupees(max(due(b)-l.Paid, 0))
	}
	httpjson.Write(w, r, http.StatusOK, out)
}
