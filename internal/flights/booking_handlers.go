package flights

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// BookingJSON is our record of a booking, as My Trips and the fare page read
// it. Status is one of the booking statuses (docs/flights-api.md).
type BookingJSON struct {
	ID           string    `json:"_id"`
	Supplier     string    `json:"supplier"`
	Status       string    `json:"status"`
	IsLCC        bool      `json:"isLCC"`
	PNR          string    `json:"pnr,omitempty"`
	BookingId    int64     `json:"bookingId,omitempty"`
	TraceId      string    `json:"traceId"`
	ResultIndex  string    `json:"resultIndex"`
	Price        float64   `json:"price"`
	Currency     string    `json:"currency"`
	Origin       string    `json:"origin"`
	Destination  string    `json:"destination"`
	Departure    string    `json:"departure"`
	Airline      string    `json:"airline"`
	Failure      string    `json:"failure,omitempty"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
	PriceChanged bool      `json:"priceChanged,omitempty"`
}

func bookingJSON(b queries.Booking) BookingJSON {
	out := BookingJSON{ID: b.ID.String(), Supplier: b.Supplier, Status: b.Status, IsLCC: b.IsLcc, PNR: derefOr(b.Pnr),
		TraceId: b.TraceID, ResultIndex: b.ResultIndex, Currency: b.Currency, Origin: b.Origin, Destination: b.Destination,
		Departure: b.Departure, Airline: b.Airline, Failure: b.Failure, CreatedAt: b.CreatedAt, UpdatedAt: b.UpdatedAt,
		PriceChanged: b.PriceChangePending}
	if b.SupplierBookingID != nil {
		out.BookingId = *b.SupplierBookingID
	}
	if b.Price != nil {
		out.Price = *b.Price
	}
	return out
}

// outcomeBody is a book or ticket answer: the supplier document as data
// (the web app reads BookingId and PNR there) and our booking record.
type outcomeBody struct {
	OK      bool            `json:"ok"`
	Data    json.RawMessage `json:"data,omitempty"`
	Booking BookingJSON     `json:"booking"`
	Message string          `json:"message,omitempty"`
	Pending bool            `json:"pending,omitempty"`
}

func (h *Handler) outcome(ctx context.Context, out Outcome, err error, failMsg string) captured {
	var conflict *errConflict
	var bad *invalidInput
	switch {
	case errors.As(err, &bad):
		return captured{http.StatusBadRequest, failBody{Message: bad.message, Field: bad.field}}
	case errors.As(err, &conflict):
		return captured{http.StatusConflict, failBody{Message: conflict.message}}
	case err != nil:
		var e *tbo.Error
		if errors.As(err, &e) {
			status := supplierStatus(e)
			msg, detail := e.Message, ""
			if e.Kind == tbo.KindSupplier {
				msg, detail = failMsg, e.Message
			}
			return captured{status, failBody{Message: msg, Detail: detail}}
		}
		h.log.ErrorContext(ctx, "booking request failed", "err", err)
		return captured{http.StatusInternalServerError, failBody{Message: failMsg}}
	}
	var data json.RawMessage
	if len(out.Raw) > 0 {
		data = travellerView(out.Raw)
	}
	body := outcomeBody{OK: !out.Failed && !out.PriceChanged && !out.NotIssued, Data: data, Booking: bookingJSON(out.Booking),
		Message: out.Message, Pending: out.Pending}
	switch {
	case out.Failed:
		return captured{http.StatusBadGateway, body}
	case out.PriceChanged, out.NotIssued:
		return captured{http.StatusConflict, body}
	case out.Pending:
		return captured{http.StatusAccepted, body}
	}
	return captured{http.StatusOK, body}
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
}

func decodeBytes(w http.ResponseWriter, r *http.Request, body []byte, dst any) bool {
	r2 := r.Clone(r.Context())
	r2.Body = io.NopCloser(bytes.NewReader(body))
	return decode(w, r2, dst)
}

// Book handles POST /api/v1/flights/{supplier}/book.
func (h *Handler) Book(w http.ResponseWriter, r *http.Request) {
	conn, ok := h.connector(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var in BookInput
	if !decodeBytes(w, r, body, &in) {
		return
	}
	tr, bad := TraceInput{TraceId: in.TraceId, ResultIndex: in.ResultIndex}.validate()
	if bad != nil {
		writeInvalid(w, r, bad)
		return
	}
	pax, bad := buildPassenger(in.Passengers, in.Address, in.Contact, h.now())
	if bad != nil {
		writeInvalid(w, r, bad)
		return
	}
	user := auth.FromContext(r.Context()).User
	h.idempotent(w, r, user.ID, "book", body, func(ctx context.Context) captured {
		out, err := h.bookings.Book(ctx, user.ID, conn, tr, pax)
		return h.outcome(ctx, out, err, msgBookingFailed)
	})
}

// TicketInput is the ticket payload of spec 7: the GDS path names the
// booking (bookingId, pnr, traceId); the LCC path sends the fare and the
// passenger (isLCC, traceId, resultIndex, agentReferenceNo, passengers,
// address, contact).
type TicketInput struct {
	BookingId        tbo.Int          `json:"bookingId,omitempty"`
	PNR              string           `json:"pnr,omitempty"`
	TraceId          string           `json:"traceId"`
	IsLCC            bool             `json:"isLCC,omitempty"`
	ResultIndex      string           `json:"resultIndex,omitempty"`
	AgentReferenceNo string           `json:"agentReferenceNo,omitempty"`
	Passengers       []PassengerInput `json:"passengers,omitempty"`
	Address          AddressInput     `json:"address,omitempty"`
	Contact          ContactInput     `json:"contact,omitempty"`
}

// Ticket handles POST /api/v1/flights/{supplier}/ticket.
func (h *Handler) Ticket(w http.ResponseWriter, r *http.Request) {
	conn, ok := h.connector(w, r)
	if !ok {
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var in TicketInput
	if !decodeBytes(w, r, body, &in) {
		return
	}
	trace, ok := supplierID(in.TraceId)
	if !ok {
		writeInvalid(w, r, &invalidInput{"traceId", "Missing traceId for ticketing."})
		return
	}
	in.TraceId = trace
	user := auth.FromContext(r.Context()).User
	ctx := r.Context()
	var b queries.Booking
	var err error
	if in.IsLCC {
		tr, bad := TraceInput{TraceId: in.TraceId, ResultIndex: in.ResultIndex}.validate()
		if bad != nil {
			writeInvalid(w, r, bad)
			return
		}
		b, err = h.q.BookingGetLatestByTrace(ctx, queries.BookingGetLatestByTraceParams{
			UserID: user.ID, Supplier: conn.Name, TraceID: tr.TraceId, ResultIndex: tr.ResultIndex})
		if errors.Is(err, pgx.ErrNoRows) {
			// LCC fares need no Book: a ticket request may be the first.
			pax, bad := buildPassenger(in.Passengers, in.Address, in.Contact, h.now())
			if bad != nil {
				writeInvalid(w, r, bad)
				return
			}
			h.idempotent(w, r, user.ID, "ticket", body, func(ctx context.Context) captured {
				nb, _, err := h.bookings.create(ctx, user.ID, conn, tr, pax, normaliseAgentRef(in.AgentReferenceNo, h.now()))
				if err != nil {
					return h.outcome(ctx, Outcome{}, err, msgTicketingFailed)
				}
				if !nb.IsLcc {
					return captured{http.StatusConflict, failBody{Message: "This fare is not a low-cost fare: book it first, then ticket it."}}
				}
				out, err := h.bookings.Ticket(ctx, conn, nb, normaliseAgentRef(in.AgentReferenceNo, h.now()))
				return h.outcome(ctx, out, err, msgTicketingFailed)
			})
			return
		}
	} else {
		if in.BookingId == 0 {
			writeInvalid(w, r, &invalidInput{"bookingId", "No BookingId to ticket."})
			return
		}
		id := int64(in.BookingId)
		b, err = h.q.BookingGetBySupplierID(ctx, queries.BookingGetBySupplierIDParams{Supplier: conn.Name, SupplierBookingID: &id, UserID: user.ID})
	}
	if errors.Is(err, pgx.ErrNoRows) {
		writeFail(w, r, http.StatusNotFound, "No such booking.", "")
		return
	}
	if err != nil {
		h.internal(w, r, err)
		return
	}
	h.idempotent(w, r, user.ID, "ticket", body, func(ctx context.Context) captured {
		out, err := h.bookings.Ticket(ctx, conn, b, normaliseAgentRef(in.AgentReferenceNo, h.now()))
		if err == nil && !out.Failed && !out.Pending && !out.PriceChanged && out.Message == "" {
			out.Message = msgTicketed
		}
		return h.outcome(ctx, out, err, msgTicketingFailed)
	})
}

// BookingDetails handles POST /api/v1/flights/{supplier}/booking-details
// {bookingId}: the user's own booking only, refreshed from the supplier.
func (h *Handler) BookingDetails(w http.ResponseWriter, r *http.Request) {
	conn, ok := h.connector(w, r)
	if !ok {
		return
	}
	var in struct {
		BookingId tbo.Int `json:"bookingId"`
	}
	if !decode(w, r, &in) {
		return
	}
	if in.BookingId == 0 {
		writeInvalid(w, r, &invalidInput{"bookingId", "No BookingId to refresh."})
		return
	}
	id := int64(in.BookingId)
	user := auth.FromContext(r.Context()).User
	b, err := h.q.BookingGetBySupplierID(r.Context(), queries.BookingGetBySupplierIDParams{Supplier: conn.Name, SupplierBookingID: &id, UserID: user.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		writeFail(w, r, http.StatusNotFound, "No such booking.", "")
		return
	}
	if err != nil {
		h.internal(w, r, err)
		return
	}
	d, err := h.tbo.BookingDetails(r.Context(), conn, tbo.DetailsRequest{BookingId: id, PNR: derefOr(b.Pnr)})
	if err != nil {
		writeSupplierError(w, r, err, "Could not refresh booking details.")
		return
	}
	if b.Status == StatusUnknown {
		// A look at the details is as good as the reconciler's.
		if _, _, err := h.bookings.reconcileOnce(r.Context(), conn, b); err != nil {
			h.log.WarnContext(r.Context(), "booking details: reconcile failed", "err", err)
		}
	}
	writeRaw(w, r, d.Raw)
}

// MyBookings handles GET /api/v1/me/bookings (My Trips).
func (h *Handler) MyBookings(w http.ResponseWriter, r *http.Request) {
	rows, err := h.q.BookingListByUser(r.Context(), auth.FromContext(r.Context()).User.ID)
	if err != nil {
		h.internal(w, r, err)
		return
	}
	items := make([]BookingJSON, 0, len(rows))
	for _, b := range rows {
		items = append(items, bookingJSON(b))
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		Items []BookingJSON `json:"items"`
	}{items})
}

func (h *Handler) internal(w http.ResponseWriter, r *http.Request, err error) {
	h.log.ErrorContext(r.Context(), "flights request failed", "err", err)
	writeFail(w, r, http.StatusInternalServerError, "Something went wrong on our side. Please try again.", "")
}
