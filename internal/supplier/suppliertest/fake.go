// Package suppliertest is an in-memory supplier adapter for unit tests of
// the flight features: no HTTP, no simulator. Each operation answers what
// the test scripts (a function per operation; unscripted operations answer
// a small coherent default: Release succeeds, a cancellation costs
// DefaultCharge, a change request is Unassigned and its status Completed),
// and every request is recorded. Integration tests use the real adapter against the simulator
// instead (internal/apitest).
package suppliertest

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// TraceID is the trace of the default answers.
const TraceID = "fake-trace-1"

// Fake is a scripted supplier.
type Fake struct {
	Search    func(supplier.SearchRequest) (*supplier.Answer, error)
	FareQuote func(supplier.ResultRef) (*supplier.Quote, error)
	FareRule  func(supplier.ResultRef) (*supplier.Answer, error)
	// SSR scripts a result's extras; by default a full-service fare's
	// preferences (DefaultExtras).
	SSR            func(supplier.ResultRef) (*supplier.Extras, error)
	Book           func(supplier.BookRequest) (*supplier.Booking, error)
	Ticket         func(supplier.TicketRequest) (*supplier.Booking, error)
	BookingDetails func(supplier.DetailsRequest) (*supplier.Details, error)
	Release        func(supplier.ReleaseRequest) error
	// CancellationCharges, ChangeRequest and ChangeRequestStatus script the
	// cancellation of ticketed bookings.
	CancellationCharges func(supplier.ChargesRequest) (*supplier.Charges, error)
	ChangeRequest       func(supplier.ChangeRequest) ([]supplier.TicketChange, error)
	ChangeRequestStatus func(changeRequestID int64) (*supplier.TicketChange, error)

	mu    sync.Mutex
	calls []Call
}

// Call is one request the fake received.
type Call struct {
	Op        connector.Operation
	Connector string
	// Request is the request value (supplier.SearchRequest, ResultRef, …).
	Request any
}

// New returns a fake answering the defaults.
func New() *Fake { return &Fake{} }

// Port returns f as the port (the methods are on an unexported view so the
// scripting fields keep the operations' names).
func (f *Fake) Port() supplier.Port { return port{f} }

// Calls returns the requests received so far.
func (f *Fake) Calls() []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Call(nil), f.calls...)
}

func (f *Fake) record(op connector.Operation, conn *connector.Connector, req any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, Call{Op: op, Connector: conn.Name, Request: req})
}

// Doc is a search document with one result priced fare (a JSON object),
// in the product's document shape.
func Doc(traceID, resultIndex string, fare string) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"Response":{"ResponseStatus":1,"TraceId":%q,"Results":[[{"ResultIndex":%q,"IsLCC":false,"Fare":%s}]]}}`,
		traceID, resultIndex, fare))
}

// defaultFare is the default answers' fare.
const defaultFare = `{"Currency":"INR","BaseFare":4120,"Tax":1123.46,"PublishedFare":5243.46,"OfferedFare":5200}`

// The default cancellation answers: a charge of DefaultCharge per ticket,
// the rest of the default fare (5243.46) refunded.
var (
	DefaultCharge = decimal.RequireFromString("3000")
	DefaultRefund = decimal.RequireFromString("2243.46")
)

// FirstChangeRequestID is the id of the first default change request; the
// others follow it, one per ticket.
const FirstChangeRequestID = 7001

type port struct{ f *Fake }

func (p port) Search(_ context.Context, conn *connector.Connector, r supplier.SearchRequest) (*supplier.Answer, error) {
	p.f.record(connector.OpSearch, conn, r)
	if p.f.Search != nil {
		return p.f.Search(r)
	}
	return &supplier.Answer{Doc: Doc(TraceID, "OB1", defaultFare), TraceID: TraceID}, nil
}

func (p port) FareQuote(_ context.Context, conn *connector.Connector, r supplier.ResultRef) (*supplier.Quote, error) {
	p.f.record(connector.OpFareQuote, conn, r)
	if p.f.FareQuote != nil {
		return p.f.FareQuote(r)
	}
	doc := fmt.Sprintf(`{"Response":{"ResponseStatus":1,"TraceId":%q,"Results":{"ResultIndex":%q,"Fare":%s}}}`, r.TraceID, r.ResultIndex, defaultFare)
	return &supplier.Quote{Answer: supplier.Answer{Doc: json.RawMessage(doc), TraceID: r.TraceID}, ResultIndex: r.ResultIndex,
		Price: decimal.RequireFromString("5243.46"), Currency: "INR", Airline: "AI", Origin: "BOM", Destination: "DEL",
		Departure: "2030-01-01T06:00:00", LastTravelDate: "2030-01-01", Travellers: [3]int{1, 0, 0},
		PassengerFares: [3]json.RawMessage{json.RawMessage(defaultFare)}}, nil
}

func (p port) FareRule(_ context.Context, conn *connector.Connector, r supplier.ResultRef) (*supplier.Answer, error) {
	p.f.record(connector.OpFareRule, conn, r)
	if p.f.FareRule != nil {
		return p.f.FareRule(r)
	}
	doc := fmt.Sprintf(`{"Response":{"ResponseStatus":1,"TraceId":%q,"FareRules":[{"FareRuleDetail":"Non-refundable."}]}}`, r.TraceID)
	return &supplier.Answer{Doc: json.RawMessage(doc), TraceID: r.TraceID}, nil
}

func (p port) SSR(_ context.Context, conn *connector.Connector, r supplier.ResultRef) (*supplier.Extras, error) {
	p.f.record(connector.OpSSR, conn, r)
	if p.f.SSR != nil {
		return p.f.SSR(r)
	}
	x := DefaultExtras()
	x.Result = r
	return x, nil
}

// DefaultExtras are the default answer's extras: the meal and seat
// preferences of the default (full-service) fare.
func DefaultExtras() *supplier.Extras {
	return &supplier.Extras{Kind: supplier.ExtrasGDS, Currency: "INR",
		MealPreferences: []supplier.Preference{{Code: "AVML", Description: "Asian Vegetarian Meal"}, {Code: "VGML", Description: "Vegetarian Vegan Meal"},
			{Code: "CHML", Description: "Child Meal"}},
		SeatPreferences: []supplier.Preference{{Code: "A", Description: "Aisle"}, {Code: "W", Description: "Window"}}}
}

func (p port) Book(_ context.Context, conn *connector.Connector, r supplier.BookRequest) (*supplier.Booking, error) {
	p.f.record(connector.OpBook, conn, r)
	if p.f.Book != nil {
		return p.f.Book(r)
	}
	return booked(r.TraceID, 1, "FAKE01", false), nil
}

func (p port) Ticket(_ context.Context, conn *connector.Connector, r supplier.TicketRequest) (*supplier.Booking, error) {
	p.f.record(connector.OpTicket, conn, r)
	if p.f.Ticket != nil {
		return p.f.Ticket(r)
	}
	id, pnr := r.BookingID, r.PNR
	if r.IsLCC() {
		id, pnr = 2, "FAKE02"
	}
	return booked(r.TraceID, id, pnr, true), nil
}

func (p port) BookingDetails(_ context.Context, conn *connector.Connector, r supplier.DetailsRequest) (*supplier.Details, error) {
	p.f.record(connector.OpBookingDetails, conn, r)
	if p.f.BookingDetails != nil {
		return p.f.BookingDetails(r)
	}
	return nil, &supplier.Error{Op: connector.OpBookingDetails, Kind: supplier.KindNoSuchBooking, FromSupplier: true,
		Message: fmt.Sprintf("No booking %d.", r.BookingID)}
}

func (p port) Release(_ context.Context, conn *connector.Connector, r supplier.ReleaseRequest) error {
	p.f.record(connector.OpRelease, conn, r)
	if p.f.Release != nil {
		return p.f.Release(r)
	}
	return nil
}

func (p port) CancellationCharges(_ context.Context, conn *connector.Connector, r supplier.ChargesRequest) (*supplier.Charges, error) {
	p.f.record(connector.OpCancellationCharges, conn, r)
	if p.f.CancellationCharges != nil {
		return p.f.CancellationCharges(r)
	}
	n := decimal.NewFromInt(int64(max(len(r.TicketIDs), 1)))
	doc := fmt.Sprintf(`{"Response":{"ResponseStatus":1,"TraceId":%q,"RefundAmount":%s,"CancellationCharge":%s,"Currency":"INR"}}`,
		TraceID, DefaultRefund.Mul(n).StringFixed(4), DefaultCharge.Mul(n).StringFixed(4))
	return &supplier.Charges{Answer: supplier.Answer{Doc: json.RawMessage(doc), TraceID: TraceID},
		Charge: DefaultCharge.Mul(n), Refund: DefaultRefund.Mul(n), Currency: "INR"}, nil
}

func (p port) ChangeRequest(_ context.Context, conn *connector.Connector, r supplier.ChangeRequest) ([]supplier.TicketChange, error) {
	p.f.record(connector.OpChangeRequest, conn, r)
	if p.f.ChangeRequest != nil {
		return p.f.ChangeRequest(r)
	}
	tickets := r.TicketIDs
	if len(tickets) == 0 {
		tickets = []int64{0}
	}
	out := make([]supplier.TicketChange, len(tickets))
	for i, t := range tickets {
		out[i] = supplier.TicketChange{ChangeRequestID: FirstChangeRequestID + int64(i), TicketID: t, Status: supplier.ChangeUnassigned}
	}
	return out, nil
}

func (p port) ChangeRequestStatus(_ context.Context, conn *connector.Connector, changeRequestID int64) (*supplier.TicketChange, error) {
	p.f.record(connector.OpChangeRequestStatus, conn, changeRequestID)
	if p.f.ChangeRequestStatus != nil {
		return p.f.ChangeRequestStatus(changeRequestID)
	}
	tc := &supplier.TicketChange{ChangeRequestID: changeRequestID, Status: supplier.ChangeCompleted, Charge: DefaultCharge, Refunded: DefaultRefund}
	tc.CreditNote, tc.CreditNoteOn = fmt.Sprintf("CN/FAKE/%d", changeRequestID), "2030-01-01T00:00:00"
	return tc, nil
}

func booked(traceID string, id int64, pnr string, ticketed bool) *supplier.Booking {
	doc := fmt.Sprintf(`{"Response":{"ResponseStatus":1,"TraceId":%q,"Response":{"BookingId":%d,"PNR":%q}}}`, traceID, id, pnr)
	status := "1"
	return &supplier.Booking{Answer: supplier.Answer{Doc: json.RawMessage(doc), TraceID: traceID}, BookingID: id, PNR: pnr,
		Ticketed: ticketed, Status: status}
}
