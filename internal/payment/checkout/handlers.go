package checkout

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// maxGatewayBody bounds a checkout callback or a webhook.
const maxGatewayBody = 1 << 20

// PaymentJSON is one order of a booking, as My Payments and the booking's
// page show it. Amount is rupees, exact ("5293.46").
type PaymentJSON struct {
	ID        string          `json:"_id"`
	BookingID string          `json:"bookingId"`
	OrderID   string          `json:"orderId"`
	Amount    decimal.Decimal `json:"amount"`
	Currency  string          `json:"currency"`
	// Status is the order's: created, attempted (a payment failed), paid.
	Status    trip.OrderStatus `json:"status"`
	Method    string           `json:"method,omitempty"`
	PaymentID string           `json:"paymentId,omitempty"`
	Failure   string           `json:"failure,omitempty"`
	PaidAt    *time.Time       `json:"paidAt,omitempty"`
	CreatedAt time.Time        `json:"createdAt"`
}

// NewPaymentJSON is the answer form of an order.
func NewPaymentJSON(p queries.Payment) PaymentJSON {
	return PaymentJSON{ID: p.ID.String(), BookingID: p.BookingID.String(), OrderID: p.OrderID, Amount: Rupees(p.Amount),
		Currency: p.Currency, Status: p.Status, Method: p.Method, PaymentID: derefOr(p.PaymentID), Failure: p.Failure,
		PaidAt: p.PaidAt, CreatedAt: p.CreatedAt}
}

// RefundJSON is one refund of a booking.
type RefundJSON struct {
	ID        string          `json:"_id"`
	BookingID string          `json:"bookingId"`
	Amount    decimal.Decimal `json:"amount"`
	Currency  string          `json:"currency"`
	// Status: requested, pending (the gateway holds it), processed, failed.
	Status    trip.RefundStatus `json:"status"`
	Reason    string            `json:"reason"`
	CreatedAt time.Time         `json:"createdAt"`
	UpdatedAt time.Time         `json:"updatedAt"`
}

func refundJSON(r queries.Refund, currency string) RefundJSON {
	return RefundJSON{ID: r.ID.String(), BookingID: r.BookingID.String(), Amount: Rupees(r.Amount), Currency: currency,
		Status: r.Status, Reason: r.Reason, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// Ledger is a booking's orders and refunds, and what they add up to.
type Ledger struct {
	Payments []PaymentJSON
	Refunds  []RefundJSON
	// Paid and Refunded are paise.
	Paid, Refunded int64
}

// Ledger reads a booking's orders and refunds.
func (s *Service) Ledger(ctx context.Context, bookingID uuid.UUID) (Ledger, error) {
	return LedgerOf(ctx, s.q, bookingID)
}

// LedgerOf reads a booking's orders and refunds through q: the pool's
// queries, or a transaction's (a caller inside a transaction reads through
// it, never the pool: a worker holding one connection and waiting for a
// second can starve the pool).
func LedgerOf(ctx context.Context, q *queries.Queries, bookingID uuid.UUID) (Ledger, error) {
	ps, err := q.PaymentListByBooking(ctx, bookingID)
	if err != nil {
		return Ledger{}, err
	}
	rs, err := q.RefundListByBooking(ctx, bookingID)
	if err != nil {
		return Ledger{}, err
	}
	l := Ledger{Payments: make([]PaymentJSON, 0, len(ps)), Refunds: make([]RefundJSON, 0, len(rs))}
	for _, p := range ps {
		l.Payments = append(l.Payments, NewPaymentJSON(p))
		if p.Status == trip.OrderPaid {
			l.Paid += p.Amount
		}
	}
	for _, x := range rs {
		l.Refunds = append(l.Refunds, refundJSON(x.Refund, x.Currency))
		l.Refunded += x.Refund.Amount
	}
	return l, nil
}

// Handler serves the payment routes: the checkout's return, the gateway's
// webhooks, and My Payments.
type Handler struct {
	s   *Service
	q   *queries.Queries
	log *slog.Logger
}

// NewHandler returns the payment routes over s.
func NewHandler(s *Service) *Handler { return &Handler{s: s, q: s.q, log: s.log} }

// Callback handles POST /api/v1/payments/{gateway}/callback, where the
// gateway's hosted checkout returns the traveller (a form post from the
// gateway's site, so it carries no session: the signed proof is the
// authority). It records the outcome and sends the traveller to the
// booking's page.
func (h *Handler) Callback(w http.ResponseWriter, r *http.Request) {
	if chi.URLParam(r, "gateway") != h.s.Gateway() {
		httpjson.Fail(w, r, apierr.NotFound("No such payment gateway."))
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/x-www-form-urlencoded" {
		httpjson.Fail(w, r, apierr.New(http.StatusUnsupportedMediaType, "unsupported_media_type", "The payment answer must be a form post."))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxGatewayBody)
	if err := r.ParseForm(); err != nil {
		httpjson.Fail(w, r, apierr.BadRequest("invalid_form", "The payment answer could not be read."))
		return
	}
	id, outcome, err := h.s.Callback(r.Context(), r.PostForm)
	if err != nil {
		var e *apierr.Error
		if !errors.As(err, &e) {
			h.log.ErrorContext(r.Context(), "payment callback failed", "err", err)
		}
		http.Redirect(w, r, "/account/payments?payment=unknown", http.StatusSeeOther)
		return
	}
	// A path on this site: the booking's id is ours (read from the order),
	// the outcome one of the Callback constants.
	http.Redirect(w, r, "/flights/booking/"+id.String()+"?payment="+outcome, http.StatusSeeOther) //nolint:gosec // see above

}

// Webhook handles POST /api/v1/payments/{gateway}/webhook. The signature
// is checked over the raw bytes before anything is parsed; a forged or
// unreadable event is refused (400), an event already applied or about
// something the product does not hold is acknowledged (200), and a failure
// to record it answers 500 so the gateway delivers it again.
func (h *Handler) Webhook(w http.ResponseWriter, r *http.Request) {
	if chi.URLParam(r, "gateway") != h.s.Gateway() {
		httpjson.Fail(w, r, apierr.NotFound("No such payment gateway."))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxGatewayBody))
	if err != nil {
		httpjson.Fail(w, r, apierr.New(http.StatusRequestEntityTooLarge, "body_too_large", "The event is too large."))
		return
	}
	result, err := h.s.Webhook(r.Context(), r.Header, body)
	if err != nil {
		if e, ok := payment.AsError(err); ok {
			if e.Kind == payment.KindBadSignature {
				h.log.WarnContext(r.Context(), "payment webhook refused: bad signature")
				httpjson.Fail(w, r, apierr.BadRequest("bad_signature", "The event's signature does not match."))
				return
			}
			httpjson.Fail(w, r, apierr.BadRequest("invalid_event", "The event could not be read."))
			return
		}
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		OK     bool   `json:"ok"`
		Result string `json:"result"`
	}{true, result})
}

// MyPayments handles GET /api/v1/me/payments (My Payments): the user's
// orders and refunds, newest first.
func (h *Handler) MyPayments(w http.ResponseWriter, r *http.Request) {
	user := auth.FromContext(r.Context()).User
	ps, err := h.q.PaymentListByUser(r.Context(), user.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	rs, err := h.q.RefundListByUser(r.Context(), user.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	type tripJSON struct {
		Origin      string      `json:"origin"`
		Destination string      `json:"destination"`
		Departure   string      `json:"departure"`
		Airline     string      `json:"airline"`
		Status      trip.Status `json:"status"`
	}
	type item struct {
		PaymentJSON
		Trip tripJSON `json:"trip"`
	}
	out := struct {
		Payments []item       `json:"payments"`
		Refunds  []RefundJSON `json:"refunds"`
	}{Payments: make([]item, 0, len(ps)), Refunds: make([]RefundJSON, 0, len(rs))}
	for _, p := range ps {
		out.Payments = append(out.Payments, item{PaymentJSON: NewPaymentJSON(p.Payment),
			Trip: tripJSON{Origin: p.Origin, Destination: p.Destination, Departure: p.Departure, Airline: p.Airline, Status: p.BookingStatus}})
	}
	for _, x := range rs {
		out.Refunds = append(out.Refunds, refundJSON(x.Refund, x.Currency))
	}
	httpjson.Write(w, r, http.StatusOK, out)
}
