package flights

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/trip"
)

// BookingJSON is our record of a booking, as My Trips and the fare page read
// it. Status is one of the booking statuses (docs/flights-api.md); Price is
// exact, a decimal written as a JSON string ("5293.46", docs/flights-api.md).
type BookingJSON struct {
	ID           string          `json:"_id"`
	Supplier     string          `json:"supplier"`
	Status       trip.Status     `json:"status"`
	IsLCC        bool            `json:"isLCC"`
	PNR          string          `json:"pnr,omitempty"`
	BookingId    int64           `json:"bookingId,omitempty"`
	TraceId      string          `json:"traceId"`
	ResultIndex  string          `json:"resultIndex"`
	Price        decimal.Decimal `json:"price"`
	Currency     string          `json:"currency"`
	Origin       string          `json:"origin"`
	Destination  string          `json:"destination"`
	Departure    string          `json:"departure"`
	Airline      string          `json:"airline"`
	Failure      string          `json:"failure,omitempty"`
	CreatedAt    time.Time       `json:"createdAt"`
	UpdatedAt    time.Time       `json:"updatedAt"`
	PriceChanged bool            `json:"priceChanged,omitempty"`
	// NewPrice is the fare the airline asks when it moved at ticketing;
	// NewExtrasPrice what it asks for the seats, meals and baggage when it
	// moved their price there.
	NewPrice       *decimal.Decimal `json:"newPrice,omitempty"`
	NewExtrasPrice *decimal.Decimal `json:"newExtrasPrice,omitempty"`
	// PayBy is when the booking expires unless paid.
	PayBy *time.Time `json:"payBy,omitempty"`
	// Paid, Refunded and AmountDue are rupees, exact; on one booking's
	// answer only (GET /me/bookings/{id}).
	Paid      decimal.Decimal `json:"paid,omitzero"`
	Refunded  decimal.Decimal `json:"refunded,omitzero"`
	AmountDue decimal.Decimal `json:"amountDue,omitzero"`
	// Extras are the seats, meals and baggage bought or asked for, per
	// passenger; ExtrasPrice what they cost together. The traveller pays
	// the fare (Price, or NewPrice) plus ExtrasPrice.
	Extras      []ExtraLine     `json:"extras"`
	ExtrasPrice decimal.Decimal `json:"extrasPrice"`
	// Cancellation is where a ticketed booking's cancellations leave it:
	// "cancelling" (a cancellation is with the airline), "partly_cancelled"
	// or "cancelled" (every ticket); empty when none.
	Cancellation string `json:"cancellation,omitempty"`
}

func bookingJSON(b queries.Booking) BookingJSON {
	out := BookingJSON{ID: b.ID.String(), Supplier: b.Supplier, Status: b.Status, IsLCC: b.IsLcc, PNR: derefOr(b.Pnr),
		TraceId: b.TraceID, ResultIndex: b.ResultIndex, Currency: b.Currency, Origin: b.Origin, Destination: b.Destination,
		Departure: b.Departure, Airline: b.Airline, Failure: b.Failure, CreatedAt: b.CreatedAt, UpdatedAt: b.UpdatedAt,
		PriceChanged: b.PriceChangePending, PayBy: b.PayBy}
	if b.PriceChangePending {
		out.NewPrice, out.NewExtrasPrice = b.NewPrice, b.NewExtrasPrice
	}
	if b.SupplierBookingID != nil {
		out.BookingId = *b.SupplierBookingID
	}
	if b.Price != nil {
		out.Price = *b.Price
	}
	out.Extras = linesOf(b)
	out.ExtrasPrice = b.ExtrasPrice
	return out
}

// linesOf reads a booking's extras; a record that cannot be read shows none
// (its price still counts: ExtrasPrice).
func linesOf(b queries.Booking) []ExtraLine {
	lines := []ExtraLine{}
	if len(b.Extras) > 0 {
		_ = json.Unmarshal(b.Extras, &lines)
	}
	return withLabels(lines)
}

// outcomeBody is a book or ticket answer: the supplier document as data
// (the web app reads BookingId and PNR there) and our booking record.
type outcomeBody struct {
	OK bool `json:"ok"`
	// Code is the error envelope's code when OK is false (docs/api-errors.md).
	Code    string          `json:"error,omitempty"`
	Data    json.RawMessage `json:"data,omitempty"`
	Booking BookingJSON     `json:"booking"`
	Message string          `json:"message,omitempty"`
	Pending bool            `json:"pending,omitempty"`
}

// failed is the kept answer to a failed book or ticket request.
func failed(ctx context.Context, err error) captured {
	status, body := httpjson.Envelope(ctx, err)
	return captured{status, body}
}

// outcome is the answer to a book or ticket request of step: an error as
// its envelope, else the outcome, with its HTTP status and code chosen by
// its kind (httpOutcome).
func (h *Handler) outcome(ctx context.Context, out Outcome, err error, step trip.Step) captured {
	var e *apierr.Error
	if errors.As(err, &e) {
		return failed(ctx, e)
	}
	if err != nil {
		msg := msgBookingFailed
		if step == trip.StepTicket {
			msg = msgTicketingFailed
		}
		return failed(ctx, supplierError(err, msg))
	}
	var data json.RawMessage
	if len(out.Raw) > 0 {
		data = travellerView(out.Raw)
	}
	status, code := httpOutcome(out.Kind, step)
	body := outcomeBody{OK: code == "", Code: code, Data: data, Booking: bookingJSON(out.Booking), Message: out.Message, Pending: out.Kind == Pending}
	return captured{status, body}
}

// BookInput is the book payload of spec 7.
type BookInput struct {
	TraceId     string           `json:"traceId"`
	ResultIndex string           `json:"resultIndex"`
	IsLCC       *bool            `json:"isLCC,omitempty"`
	BlockedFare bool             `json:"blockedFare,omitempty"`
	Contact     ContactInput     `json:"contact"`
	Address     AddressInput     `json:"address"`
	Passengers  []PassengerInput `json:"passengers"`
	GST         *GSTInput        `json:"gst,omitempty"`
	// Extras are the seats, meals and baggage chosen, one per passenger in
	// their order (FlightExtras); none when absent.
	Extras []supplier.Choice `json:"extras,omitempty"`
}

// Book handles POST /api/v1/flights/{supplier}/book.
func (h *Handler) Book(w http.ResponseWriter, r *http.Request) {
	conn, _, ok := h.connector(w, r)
	if !ok {
		return
	}
	body, err := httpjson.ReadBody(w, r)
	var in BookInput
	if err == nil {
		err = httpjson.Unmarshal(body, &in)
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	tr, bad := TraceInput{TraceId: in.TraceId, ResultIndex: in.ResultIndex}.validate()
	if bad != nil {
		httpjson.Fail(w, r, bad)
		return
	}
	pax, bad := buildPassengers(in.Passengers, in.Address, in.Contact, in.GST, h.now())
	if bad != nil {
		httpjson.Fail(w, r, bad)
		return
	}
	if len(in.Extras) > len(pax) {
		httpjson.Fail(w, r, apierr.Invalid("extras", "Send at most one choice of extras per passenger."))
		return
	}
	user := auth.FromContext(r.Context()).User
	h.idempotent(w, r, user.ID, trip.StepBook, body, func(ctx context.Context, claim *keyClaim) captured {
		h.searches.ForgetTrace(conn.Name, tr.TraceID) // one booking per TraceId and result
		out, err := h.bookings.Book(ctx, claim, user.ID, conn, tr, pax, in.Extras)
		return h.outcome(ctx, out, err, trip.StepBook)
	})
}

// TicketInput is the ticket payload of spec 7: the GDS path names the
// booking (bookingId, pnr, traceId); the LCC path sends the fare and the
// passenger (isLCC, traceId, resultIndex, agentReferenceNo, passengers,
// address, contact).
type TicketInput struct {
	BookingId        httpjson.Int     `json:"bookingId,omitempty"`
	PNR              string           `json:"pnr,omitempty"`
	TraceId          string           `json:"traceId"`
	IsLCC            bool             `json:"isLCC,omitempty"`
	ResultIndex      string           `json:"resultIndex,omitempty"`
	AgentReferenceNo string           `json:"agentReferenceNo,omitempty"`
	Passengers       []PassengerInput `json:"passengers,omitempty"`
	Address          AddressInput     `json:"address,omitempty"`
	Contact          ContactInput     `json:"contact,omitempty"`
	GST              *GSTInput        `json:"gst,omitempty"`
}

// Ticket handles POST /api/v1/flights/{supplier}/ticket.
func (h *Handler) Ticket(w http.ResponseWriter, r *http.Request) {
	conn, _, ok := h.connector(w, r)
	if !ok {
		return
	}
	body, err := httpjson.ReadBody(w, r)
	var in TicketInput
	if err == nil {
		err = httpjson.Unmarshal(body, &in)
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	trace, ok := supplierID(in.TraceId)
	if !ok {
		httpjson.Fail(w, r, apierr.Invalid("traceId", "Missing traceId for ticketing."))
		return
	}
	in.TraceId = trace
	user := auth.FromContext(r.Context()).User
	ctx := r.Context()
	var b queries.Booking
	if in.IsLCC {
		tr, bad := TraceInput{TraceId: in.TraceId, ResultIndex: in.ResultIndex}.validate()
		if bad != nil {
			httpjson.Fail(w, r, bad)
			return
		}
		b, err = h.q.BookingGetLatestByTrace(ctx, queries.BookingGetLatestByTraceParams{
			UserID: user.ID, Supplier: conn.Name, TraceID: tr.TraceID, ResultIndex: tr.ResultIndex})
		if errors.Is(err, pgx.ErrNoRows) {
			// LCC fares need no Book: a ticket request may be the first.
			pax, bad := buildPassengers(in.Passengers, in.Address, in.Contact, in.GST, h.now())
			if bad != nil {
				httpjson.Fail(w, r, bad)
				return
			}
			h.idempotent(w, r, user.ID, trip.StepTicket, body, func(ctx context.Context, claim *keyClaim) captured {
				h.searches.ForgetTrace(conn.Name, tr.TraceID) // one booking per TraceId and result
				nb, _, err := h.bookings.create(ctx, user.ID, conn, tr, pax, nil, normaliseAgentRef(in.AgentReferenceNo, h.now()))
				if err != nil {
					return h.outcome(ctx, Outcome{}, err, trip.StepTicket)
				}
				if !nb.IsLcc {
					return failed(ctx, apierr.Conflict("not_low_cost", "This fare is not a low-cost fare: book it first, then ticket it."))
				}
				out, err := h.bookings.Ticket(ctx, claim, conn, nb, normaliseAgentRef(in.AgentReferenceNo, h.now()))
				return h.outcome(ctx, out, err, trip.StepTicket)
			})
			return
		}
	} else {
		if in.BookingId == 0 {
			httpjson.Fail(w, r, apierr.Invalid("bookingId", "No BookingId to ticket."))
			return
		}
		id := int64(in.BookingId)
		b, err = h.q.BookingGetBySupplierID(ctx, queries.BookingGetBySupplierIDParams{Supplier: conn.Name, SupplierBookingID: &id, UserID: user.ID})
	}
	if errors.Is(err, pgx.ErrNoRows) {
		err = errNoBooking
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	h.idempotent(w, r, user.ID, trip.StepTicket, body, func(ctx context.Context, claim *keyClaim) captured {
		out, err := h.bookings.Ticket(ctx, claim, conn, b, normaliseAgentRef(in.AgentReferenceNo, h.now()))
		if err == nil && out.Kind == Done && out.Message == "" {
			out.Message = msgTicketed
		}
		return h.outcome(ctx, out, err, trip.StepTicket)
	})
}

// BookingDetails handles POST /api/v1/flights/{supplier}/booking-details
// {bookingId}: the user's own booking only, refreshed from the supplier.
func (h *Handler) BookingDetails(w http.ResponseWriter, r *http.Request) {
	conn, port, ok := h.connector(w, r)
	if !ok {
		return
	}
	var in struct {
		BookingId httpjson.Int `json:"bookingId"`
	}
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if in.BookingId == 0 {
		httpjson.Fail(w, r, apierr.Invalid("bookingId", "No BookingId to refresh."))
		return
	}
	id := int64(in.BookingId)
	user := auth.FromContext(r.Context()).User
	b, err := h.q.BookingGetBySupplierID(r.Context(), queries.BookingGetBySupplierIDParams{Supplier: conn.Name, SupplierBookingID: &id, UserID: user.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		err = errNoBooking
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	d, err := port.BookingDetails(r.Context(), conn, supplier.DetailsRequest{BookingID: id, PNR: derefOr(b.Pnr)})
	if err != nil {
		httpjson.Fail(w, r, supplierError(err, "Could not refresh booking details."))
		return
	}
	if b.Status == trip.Unknown {
		// A look at the details is as good as the reconciler's.
		if _, _, err := h.bookings.reconcileOnce(r.Context(), conn, b); err != nil {
			h.log.WarnContext(r.Context(), "booking details: reconcile failed", "err", err)
		}
	}
	writeRaw(w, r, d.Doc)
}

// MyBookings handles GET /api/v1/me/bookings (My Trips).
func (h *Handler) MyBookings(w http.ResponseWriter, r *http.Request) {
	rows, err := h.q.BookingListByUser(r.Context(), auth.FromContext(r.Context()).User.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	sums, err := h.q.CancellationSummaryByUser(r.Context(), auth.FromContext(r.Context()).User.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	byBooking := make(map[uuid.UUID]queries.CancellationSummaryByUserRow, len(sums))
	for _, sum := range sums {
		byBooking[sum.BookingID] = sum
	}
	items := make([]BookingJSON, 0, len(rows))
	for _, b := range rows {
		j := bookingJSON(b)
		if sum, ok := byBooking[b.ID]; ok && b.Status == trip.Ticketed {
			j.Cancellation = cancellationState(int(sum.Cancelled), int(sum.Cancelling), len(ticketsOf(b)))
		}
		items = append(items, j)
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		Items []BookingJSON `json:"items"`
	}{items})
}

// MyBooking handles GET /api/v1/me/bookings/{id} (one trip of My Trips).
func (h *Handler) MyBooking(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		httpjson.Fail(w, r, errNoBooking)
		return
	}
	b, err := h.q.BookingGetForUser(r.Context(), queries.BookingGetForUserParams{ID: id, UserID: auth.FromContext(r.Context()).User.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		err = errNoBooking
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	h.writeBooking(w, r, b)
}

// errNoBooking answers for a booking that is not the user's, or not there.
var errNoBooking = apierr.NotFound("No such booking.")
