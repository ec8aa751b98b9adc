package flights

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
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
	Status    string     `json:"status"`
	Method    string     `json:"method,omitempty"`
	PaymentID string     `json:"paymentId,omitempty"`
	Failure   string     `json:"failure,omitempty"`
	PaidAt    *time.Time `json:"paidAt,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
}

func paymentJSON(p queries.Payment) PaymentJSON {
	return PaymentJSON{ID: p.ID.String(), BookingID: p.BookingID.String(), OrderID: p.OrderID, Amount: rupees(p.Amount),
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
	Status    string    `json:"status"`
	Reason    string    `json:"reason"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func refundJSON(r queries.Refund, currency string) RefundJSON {
	return RefundJSON{ID: r.ID.String(), BookingID: r.BookingID.String(), Amount: rupees(r.Amount), Currency: currency,
		Status: r.Status, Reason: r.Reason, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

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
	o, err := h.payments.Pay(r.Context(), b, lead)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		Payment  PaymentJSON  `json:"payment"`
		Checkout CheckoutJSON `json:"checkout"`
	}{paymentJSON(o.Payment), CheckoutJSON{Action: o.Checkout.Action, Fields: o.Checkout.Fields}})
}

// CancelBooking handles POST /api/v1/me/bookings/{id}/cancel: a booking
// not yet paid, or one whose fare moved at ticketing, is cancelled; a held
// seat is released and anything paid refunded.
func (h *Handler) CancelBooking(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	b, err := h.payments.Cancel(r.Context(), b)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	h.writeBooking(w, r, b)
}

// errNoPayments answers when the server has no payment gateway configured.
var errNoPayments = apierr.Unavailable("payments_unavailable", "Payments are not available on this server.")

// ownBooking is the signed-in user's booking named by {id}, on a server
// that takes payments.
func (h *Handler) ownBooking(w http.ResponseWriter, r *http.Request) (queries.Booking, bool) {
	if h.payments == nil {
		httpjson.Fail(w, r, errNoPayments)
		return queries.Booking{}, false
	}
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

// PaymentCallback handles POST /api/v1/payments/{gateway}/callback, where
// the gateway's hosted checkout returns the traveller (a form post from
// the gateway's site, so it carries no session: the signed proof is the
// authority). It records the outcome and sends the traveller to the
// booking's page.
func (h *Handler) PaymentCallback(w http.ResponseWriter, r *http.Request) {
	if h.payments == nil || chi.URLParam(r, "gateway") != h.payments.Gateway() {
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
	form := map[string]string{}
	for k := range r.PostForm {
		form[k] = r.PostForm.Get(k)
	}
	id, outcome, err := h.payments.Callback(r.Context(), form)
	if err != nil {
		var e *apierr.Error
		if !errors.As(err, &e) {
			h.log.ErrorContext(r.Context(), "payment callback failed", "err", err)
		}
		http.Redirect(w, r, "/account/payments?payment=unknown", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/flights/booking/"+id.String()+"?payment="+outcome, http.StatusSeeOther)
}

// PaymentWebhook handles POST /api/v1/payments/{gateway}/webhook. The
// signature is checked over the raw bytes before anything is parsed; a
// forged or unreadable event is refused (400), an event already applied or
// about something the product does not hold is acknowledged (200), and a
// failure to record it answers 500 so the gateway delivers it again.
func (h *Handler) PaymentWebhook(w http.ResponseWriter, r *http.Request) {
	if h.payments == nil || chi.URLParam(r, "gateway") != h.payments.Gateway() {
		httpjson.Fail(w, r, apierr.NotFound("No such payment gateway."))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxGatewayBody))
	if err != nil {
		httpjson.Fail(w, r, apierr.New(http.StatusRequestEntityTooLarge, "body_too_large", "The event is too large."))
		return
	}
	result, err := h.payments.Webhook(r.Context(), r.Header, body)
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
	type trip struct {
		Origin      string `json:"origin"`
		Destination string `json:"destination"`
		Departure   string `json:"departure"`
		Airline     string `json:"airline"`
		Status      string `json:"status"`
	}
	type item struct {
		PaymentJSON
		Trip trip `json:"trip"`
	}
	out := struct {
		Payments []item       `json:"payments"`
		Refunds  []RefundJSON `json:"refunds"`
	}{Payments: make([]item, 0, len(ps)), Refunds: make([]RefundJSON, 0, len(rs))}
	for _, p := range ps {
		out.Payments = append(out.Payments, item{PaymentJSON: paymentJSON(p.Payment),
			Trip: trip{Origin: p.Origin, Destination: p.Destination, Departure: p.Departure, Airline: p.Airline, Status: p.BookingStatus}})
	}
	for _, x := range rs {
		out.Refunds = append(out.Refunds, refundJSON(x.Refund, x.Currency))
	}
	httpjson.Write(w, r, http.StatusOK, out)
}

// writeBooking answers one booking with its payments and refunds.
func (h *Handler) writeBooking(w http.ResponseWriter, r *http.Request, b queries.Booking) {
	ps, err := h.q.PaymentListByBooking(r.Context(), b.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	rs, err := h.q.RefundListByBooking(r.Context(), b.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	out := struct {
		Booking  BookingJSON   `json:"booking"`
		Payments []PaymentJSON `json:"payments"`
		Refunds  []RefundJSON  `json:"refunds"`
	}{Booking: bookingJSON(b), Payments: make([]PaymentJSON, 0, len(ps)), Refunds: make([]RefundJSON, 0, len(rs))}
	var paid, refunded int64
	for _, p := range ps {
		out.Payments = append(out.Payments, paymentJSON(p))
		if p.Status == payment.OrderPaid {
			paid += p.Amount
		}
	}
	for _, x := range rs {
		out.Refunds = append(out.Refunds, refundJSON(x.Refund, x.Currency))
		refunded += x.Refund.Amount
	}
	out.Booking.Paid, out.Booking.Refunded = rupees(paid), rupees(refunded)
	if awaitingTicket(b) {
		out.Booking.AmountDue = rupees(max(due(b)-paid, 0))
	}
	httpjson.Write(w, r, http.StatusOK, out)
}
