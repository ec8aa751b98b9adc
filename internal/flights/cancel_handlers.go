package flights

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/trip"
)

// CancellationJSON is a cancellation as the booking page shows it. Amounts
// are rupees, exact; Charge and RefundDue once the airline has had its
// last word.
type CancellationJSON struct {
	ID     string            `json:"_id"`
	Status trip.CancelStatus `json:"status"`
	// StatusText is Status in words for the traveller.
	StatusText   string                   `json:"statusText"`
	Whole        bool                     `json:"whole"`
	Tickets      []CancellationTicketJSON `json:"tickets"`
	Currency     string                   `json:"currency"`
	QuotedCharge decimal.Decimal          `json:"quotedCharge"`
	QuotedRefund decimal.Decimal          `json:"quotedRefund"`
	Fee          decimal.Decimal          `json:"fee"`
	Charge       *decimal.Decimal         `json:"charge,omitempty"`
	RefundDue    *decimal.Decimal         `json:"refundDue,omitempty"`
	// Failure says why the airline refused, in plain words.
	Failure   string     `json:"failure,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
	DoneAt    *time.Time `json:"doneAt,omitempty"`
}

// CancellationTicketJSON is one ticket of a cancellation.
type CancellationTicketJSON struct {
	TicketID     int64  `json:"ticketId"`
	Passenger    int32  `json:"passenger"`
	Name         string `json:"name"`
	TicketNumber string `json:"ticketNumber"`
	// Status is the airline's word on the ticket, in words.
	Status     string `json:"status"`
	CreditNote string `json:"creditNote,omitempty"`
}

// cancelStatusText says where a cancellation stands, for the traveller.
var cancelStatusText = map[trip.CancelStatus]string{
	trip.CancelRequested:   "Cancellation requested",
	trip.CancelSending:     "Sending the cancellation to the airline",
	trip.CancelWithAirline: "With the airline",
	trip.CancelDone:        "Cancelled",
	trip.CancelRefused:     "Cancellation refused",
}

// changeStatusText says where a ticket's change request stands.
func changeStatusText(t queries.CancellationTicket) string {
	switch supplier.ChangeStatus(t.ChangeStatus) {
	case supplier.ChangeCompleted:
		return "Cancelled"
	case supplier.ChangeRejected, supplier.ChangeClosed:
		return "Refused by the airline"
	}
	if t.ChangeRequestID == nil {
		return "Requested"
	}
	return "With the airline"
}

func cancellationJSON(c queries.Cancellation, tickets []queries.CancellationTicket) CancellationJSON {
	out := CancellationJSON{ID: c.ID.String(), Status: c.Status, StatusText: cancelStatusText[c.Status], Whole: c.Whole,
		Currency: c.Currency, QuotedCharge: c.QuotedCharge, QuotedRefund: c.QuotedRefund, Fee: c.Fee, Charge: c.Charge,
		RefundDue: c.RefundDue, Failure: c.Failure, CreatedAt: c.CreatedAt, DoneAt: c.DoneAt, Tickets: []CancellationTicketJSON{}}
	for _, t := range tickets {
		if t.CancellationID != c.ID {
			continue
		}
		out.Tickets = append(out.Tickets, CancellationTicketJSON{TicketID: t.TicketID, Passenger: t.Passenger, Name: t.Name,
			TicketNumber: t.TicketNumber, Status: changeStatusText(t), CreditNote: t.CreditNote})
	}
	return out
}

// TicketJSON is a traveller's ticket on the booking page, with whether it
// may still be cancelled.
type TicketJSON struct {
	bookedTicket
	// State is "ticketed", "cancelling" or "cancelled".
	State string `json:"state"`
}

// cancellationsOf is a booking's tickets and cancellations, as its page
// shows them.
func (s *Bookings) cancellationsOf(ctx context.Context, b queries.Booking) ([]TicketJSON, []CancellationJSON, error) {
	if b.Status != trip.Ticketed {
		return nil, nil, nil
	}
	cs, err := s.q.CancellationListByBooking(ctx, b.ID)
	if err != nil {
		return nil, nil, err
	}
	ts, err := s.q.CancellationTicketsByBooking(ctx, b.ID)
	if err != nil {
		return nil, nil, err
	}
	tickets := []TicketJSON{}
	for _, t := range ticketsOf(b) {
		state := "ticketed"
		for _, ct := range ts {
			if ct.TicketID != t.TicketID || !ct.Live {
				continue
			}
			state = "cancelling"
			if supplier.ChangeStatus(ct.ChangeStatus) == supplier.ChangeCompleted {
				state = "cancelled"
			}
		}
		tickets = append(tickets, TicketJSON{bookedTicket: t, State: state})
	}
	out := make([]CancellationJSON, 0, len(cs))
	for _, c := range cs {
		out = append(out, cancellationJSON(c, ts))
	}
	return tickets, out, nil
}

// ticketIDs reads the tickets query parameter: ticket ids separated by
// commas (none: every ticket still held).
func ticketIDs(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		id, err := strconv.ParseInt(f, 10, 64)
		if err != nil || id <= 0 {
			return nil, apierr.Invalid("tickets", msgUnknownTicket)
		}
		out = append(out, id)
	}
	if len(out) > MaxPassengers {
		return nil, apierr.Invalid("tickets", msgUnknownTicket)
	}
	return out, nil
}

// CancellationCharges handles GET /api/v1/me/bookings/{id}/cancellation-charges?tickets=…:
// what cancelling the chosen tickets would cost, asked of the airline now.
func (h *Handler) CancellationCharges(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	ids, err := ticketIDs(r.URL.Query().Get("tickets"))
	if err == nil {
		var q CancelQuoteJSON
		if q, err = h.bookings.Charges(r.Context(), b, ids); err == nil {
			httpjson.Write(w, r, http.StatusOK, struct {
				Quote CancelQuoteJSON `json:"quote"`
			}{q})
			return
		}
	}
	httpjson.Fail(w, r, err)
}

// CancelTickets handles POST /api/v1/me/bookings/{id}/cancellations: a
// cancellation the traveller confirmed at the refund they were shown. 202
// with the cancellation, which its job sends to the airline; 409
// charges_changed with the new quote when the refund moved.
func (h *Handler) CancelTickets(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	var in CancelInput
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if len(in.Tickets) > MaxPassengers {
		httpjson.Fail(w, r, apierr.Invalid("tickets", msgUnknownTicket))
		return
	}
	c, moved, err := h.bookings.Cancel(r.Context(), b, in)
	if moved != nil {
		status, body := httpjson.Envelope(r.Context(), err)
		httpjson.Write(w, r, status, struct {
			httpjson.ErrorBody
			Quote CancelQuoteJSON `json:"quote"`
		}{body, *moved})
		return
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	tickets, err := h.bookings.q.CancellationTickets(r.Context(), c.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusAccepted, struct {
		Cancellation CancellationJSON `json:"cancellation"`
	}{cancellationJSON(c, tickets)})
}

// cancellationState sums up a ticketed booking's tickets for My Trips:
// cancelling while any is with the airline, else cancelled when every one
// of its tickets is, else partly cancelled.
func cancellationState(cancelled, cancelling, tickets int) string {
	switch {
	case cancelling > 0:
		return "cancelling"
	case cancelled > 0 && cancelled >= tickets:
		return "cancelled"
	case cancelled > 0:
		return "partly_cancelled"
	}
	return ""
}
