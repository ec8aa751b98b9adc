package tbo_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// ticketedTrip searches BOM→DEL four days ahead for adults adults through
// the adapter, takes the first result pick accepts, and tickets it (booking
// it first on a full-service fare). It returns the booking's id and its
// tickets, by passenger.
func ticketedTrip(t *testing.T, f *fixture, a *tbo.Adapter, adults int, pick func(lcc, refundable bool) bool) (int64, []int64) {
	t.Helper()
	ctx := context.Background()
	conn := f.conn(t)
	traceID, results := outbound[struct {
		ResultIndex         string
		IsLCC, IsRefundable bool
	}](t, a, conn, supplier.SearchRequest{Origin: "BOM", Destination: "DEL", Depart: time.Now().Add(96 * time.Hour),
		Cabin: 2, Adults: adults, Sources: []string{"GDS", "LCC"}})
	var index string
	for _, r := range results {
		if pick(r.IsLCC, r.IsRefundable) {
			index = r.ResultIndex
			break
		}
	}
	if index == "" {
		t.Fatal("no result fits the test")
	}
	ref := supplier.ResultRef{TraceID: traceID, ResultIndex: index}
	q, err := a.FareQuote(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	pax := familyOf(q)[:adults]
	var id int64
	if q.IsLCC {
		b, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: ref, AgentReference: "PT-CX", Passengers: pax})
		if err != nil || !b.Ticketed {
			t.Fatalf("LCC ticket: %v %+v", err, b)
		}
		id = b.BookingID
	} else {
		b, err := a.Book(ctx, conn, supplier.BookRequest{ResultRef: ref, Passengers: pax})
		if err != nil {
			t.Fatal(err)
		}
		tk, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: ref, BookingID: b.BookingID, PNR: b.PNR, Passengers: pax})
		if err != nil || !tk.Ticketed {
			t.Fatalf("ticket: %v %+v", err, tk)
		}
		id = b.BookingID
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: id})
	if err != nil {
		t.Fatal(err)
	}
	var tickets []int64
	for _, p := range d.Passengers {
		if p.TicketID == 0 || p.PaxType != supplier.PaxAdult || p.ChangeRequestID != 0 || p.ChangeStatus != supplier.ChangeNotSet {
			t.Fatalf("a fresh ticket: %+v", p)
		}
		tickets = append(tickets, p.TicketID)
	}
	return id, tickets
}

func refundableFare(lcc bool) func(bool, bool) bool {
	return func(isLCC, refundable bool) bool { return isLCC == lcc && refundable }
}

// assertKind fails unless err is a supplier refusal of kind want for op.
func assertKind(t *testing.T, what string, err error, op connector.Operation, want supplier.Kind) {
	t.Helper()
	if e, ok := supplier.AsError(err); !ok || e.Kind != want || e.Op != op || e.OutcomeUnknown() ||
		(want != supplier.KindRefused && !e.FromSupplier) {
		t.Fatalf("%s: %v, want %s from %s", what, err, want, op)
	}
}

// A whole booking of two travellers, priced and then cancelled through the
// adapter over real HTTP: one change request per ticket, the booking's
// details showing them, followed to Completed, where they add up to the
// price quoted; the booking is then released (its seats gone), and neither
// priced nor cancelled again.
func TestAdapterCancelsAWholeBooking(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	id, tickets := ticketedTrip(t, f, a, 2, refundableFare(false))

	ch, err := a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: id})
	if err != nil || !ch.Charge.IsPositive() || !ch.Refund.IsPositive() || ch.Currency != "INR" || ch.Remarks == "" || ch.TraceID == "" ||
		!strings.Contains(string(ch.Doc), `"RefundAmount":`+ch.Refund.StringFixed(4)) {
		t.Fatalf("charges: %+v %v", ch, err)
	}
	changes, err := a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets, Remarks: "Plans changed"})
	if err != nil || len(changes) != 2 {
		t.Fatalf("change request: %+v %v", changes, err)
	}
	for i, c := range changes {
		if c.TicketID != tickets[i] || c.ChangeRequestID == 0 || c.Status != supplier.ChangeUnassigned || c.Status.Done() || !c.Refunded.IsZero() {
			t.Fatalf("change %d: %+v", i, c)
		}
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: id})
	if err != nil || d.Released || !d.Ticketed() {
		t.Fatalf("details being cancelled: %+v %v", d, err)
	}
	for i, p := range d.Passengers {
		if p.TicketID != tickets[i] || p.ChangeRequestID != changes[i].ChangeRequestID || p.ChangeStatus != supplier.ChangeUnassigned {
			t.Fatalf("passenger %d being cancelled: %+v", i, p)
		}
	}

	f.clock.Add(int64(5 * time.Minute))
	var charged, refunded decimal.Decimal
	for _, c := range changes {
		st, err := a.ChangeRequestStatus(ctx, conn, c.ChangeRequestID)
		if err != nil || st.Status != supplier.ChangeCompleted || st.CreditNote == "" || st.CreditNoteOn == "" || st.TicketID != c.TicketID {
			t.Fatalf("status of %d: %+v %v", c.ChangeRequestID, st, err)
		}
		charged, refunded = charged.Add(st.Charge), refunded.Add(st.Refunded)
	}
	if !charged.Equal(ch.Charge) || !refunded.Equal(ch.Refund) {
		t.Fatalf("the change requests ended with %s/%s, the charges said %s/%s", charged, refunded, ch.Charge, ch.Refund)
	}
	d, err = a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: id})
	if err != nil || !d.Released {
		t.Fatalf("details of the cancelled booking: %+v %v", d, err)
	}
	for i, p := range d.Passengers {
		if p.ChangeStatus != supplier.ChangeCompleted {
			t.Fatalf("passenger %d cancelled: %+v", i, p)
		}
	}
	_, err = a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets})
	assertKind(t, "a second change request", err, connector.OpChangeRequest, supplier.KindNotAllowed)
	_, err = a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: id})
	assertKind(t, "charges of a cancelled booking", err, connector.OpCancellationCharges, supplier.KindNotAllowed)

	var spans int
	for _, s := range f.spans.Ended() {
		if s.Name() == "tbo.changeRequest" || s.Name() == "tbo.cancellationCharges" || s.Name() == "tbo.changeRequestStatus" {
			spans++
		}
	}
	if spans != 6 {
		t.Fatalf("%d cancellation spans, want 6", spans)
	}
	if n := testutil.ToFloat64(f.metrics.Errors.WithLabelValues("tbo", "changeRequest", "supplier_error")); n != 1 {
		t.Fatalf("change request errors counted: %v", n)
	}
}

// One traveller of two is cancelled on a low-cost fare: the other keeps
// their ticket, the change request is pending and then completed at the
// price quoted for that ticket, and the ticket takes no second request.
func TestAdapterCancelsOneOfTwoTravellers(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{Cancellations: &sim.Cancellations{AcknowledgeAfter: time.Minute, CompleteAfter: 3 * time.Minute}})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	id, tickets := ticketedTrip(t, f, a, 2, refundableFare(true))

	ch, err := a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: id, TicketIDs: tickets[1:]})
	if err != nil {
		t.Fatal(err)
	}
	whole, err := a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: id})
	if err != nil || !whole.Refund.GreaterThan(ch.Refund) {
		t.Fatalf("one ticket refunds %s, both %v (%v)", ch.Refund, whole, err)
	}
	changes, err := a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets[1:], Partial: true, Reason: supplier.ReasonOthers})
	if err != nil || len(changes) != 1 || changes[0].TicketID != tickets[1] || changes[0].Status != supplier.ChangePending {
		t.Fatalf("partial change request: %+v %v", changes, err)
	}
	_, err = a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets[1:], Partial: true})
	assertKind(t, "a second request while the first is pending", err, connector.OpChangeRequest, supplier.KindNotAllowed)

	f.clock.Add(int64(time.Minute))
	if st, err := a.ChangeRequestStatus(ctx, conn, changes[0].ChangeRequestID); err != nil || st.Status != supplier.ChangeAcknowledged {
		t.Fatalf("acknowledged: %+v %v", st, err)
	}
	f.clock.Add(int64(2 * time.Minute))
	st, err := a.ChangeRequestStatus(ctx, conn, changes[0].ChangeRequestID)
	if err != nil || st.Status != supplier.ChangeCompleted || !st.Charge.Equal(ch.Charge) || !st.Refunded.Equal(ch.Refund) {
		t.Fatalf("completed %+v (%v), quoted %+v", st, err, ch)
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: id})
	if err != nil || d.Released || !d.Ticketed() {
		t.Fatalf("partly cancelled booking: %+v %v", d, err)
	}
	if p := d.Passengers[0]; p.ChangeRequestID != 0 || p.ChangeStatus != supplier.ChangeNotSet {
		t.Fatalf("the traveller who stays: %+v", p)
	}
	if p := d.Passengers[1]; p.ChangeRequestID != changes[0].ChangeRequestID || p.ChangeStatus != supplier.ChangeCompleted {
		t.Fatalf("the traveller cancelled: %+v", p)
	}
	_, err = a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets[1:], Partial: true})
	assertKind(t, "a request for the cancelled ticket", err, connector.OpChangeRequest, supplier.KindNotAllowed)
}

// A low-cost airline that refunds at once answers the change request
// completed, with the refund quoted and a credit note.
func TestAdapterInstantLowCostCancellation(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{Cancellations: &sim.Cancellations{AcknowledgeAfter: time.Hour, CompleteAfter: time.Hour, InstantLCC: 1}})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	id, tickets := ticketedTrip(t, f, a, 1, refundableFare(true))
	ch, err := a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: id})
	if err != nil {
		t.Fatal(err)
	}
	changes, err := a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id})
	if err != nil || len(changes) != 1 || changes[0].TicketID != tickets[0] || changes[0].Status != supplier.ChangeCompleted ||
		changes[0].CreditNote == "" || !changes[0].Refunded.Equal(ch.Refund) || !changes[0].Charge.Equal(ch.Charge) {
		t.Fatalf("instant cancellation %+v (%v), quoted %+v", changes, err, ch)
	}
}

// A non-refundable fare's cancellation is priced and made: the airline
// keeps the basic fare and YQ and refunds the taxes (the DGCA's rule), and
// the change request ends with the amounts quoted.
func TestAdapterNonRefundableFare(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{Cancellations: &sim.Cancellations{}})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	id, tickets := ticketedTrip(t, f, a, 1, func(_, refundable bool) bool { return !refundable })

	q, err := a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: id})
	if err != nil || !q.Charge.IsPositive() || !q.Refund.IsPositive() {
		t.Fatalf("charges of a non-refundable fare: %+v %v", q, err)
	}
	changes, err := a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets})
	if err != nil || len(changes) != 1 || changes[0].Status == supplier.ChangeRejected {
		t.Fatalf("change request on a non-refundable fare: %+v %v", changes, err)
	}
	st, err := a.ChangeRequestStatus(ctx, conn, changes[0].ChangeRequestID)
	if err != nil || st.Status != supplier.ChangeCompleted || !st.Refunded.Equal(q.Refund) || !st.Charge.Equal(q.Charge) {
		t.Fatalf("the request after completion: %+v %v; quoted %+v", st, err, q)
	}
}

// A change request whose answer is lost (the connection dropped after the
// supplier made it, or slower than its deadline) is of unknown outcome: the
// booking's details and the change request's status say what happened, and
// sending it again is refused rather than repeated.
func TestAdapterLostChangeRequest(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	id, tickets := ticketedTrip(t, f, a, 2, refundableFare(false))

	lost := tbo.WithHeaders(ctx, http.Header{sim.HeaderDrop: {"after"}})
	_, err := a.ChangeRequest(lost, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets[:1], Partial: true})
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindNotReceived || !e.OutcomeUnknown() || e.Op != connector.OpChangeRequest {
		t.Fatalf("a dropped change request: %v", err)
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: id})
	if err != nil || d.Passengers[0].ChangeRequestID == 0 || d.Passengers[0].ChangeStatus != supplier.ChangeUnassigned || d.Passengers[1].ChangeRequestID != 0 {
		t.Fatalf("details after the lost answer: %+v %v", d, err)
	}
	if st, err := a.ChangeRequestStatus(ctx, conn, d.Passengers[0].ChangeRequestID); err != nil || st.TicketID != tickets[0] {
		t.Fatalf("status of the lost request: %+v %v", st, err)
	}
	_, err = a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets[:1], Partial: true})
	assertKind(t, "the lost request sent again", err, connector.OpChangeRequest, supplier.KindNotAllowed)

	conn.Timeouts[connector.OpChangeRequest] = connector.Duration(time.Second)
	slow := tbo.WithHeaders(ctx, http.Header{sim.HeaderLatency: {"3s"}})
	_, err = a.ChangeRequest(slow, conn, supplier.ChangeRequest{BookingID: id, TicketIDs: tickets[1:], Partial: true})
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindTimeout || !e.OutcomeUnknown() {
		t.Fatalf("a slow change request: %v", err)
	}
	if d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: id}); err != nil || d.Passengers[1].ChangeRequestID == 0 {
		t.Fatalf("the change request that timed out was not made: %+v %v", d, err)
	}
	if n := f.sim.Calls("SendChangeRequest"); n != 3 {
		t.Fatalf("SendChangeRequest calls %d, want 3", n)
	}
}

// A booking or change request the supplier does not hold is no such
// booking.
func TestAdapterCancellationOfAnUnknownBooking(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	_, err := a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: 42})
	assertKind(t, "charges", err, connector.OpCancellationCharges, supplier.KindNoSuchBooking)
	_, err = a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: 42})
	assertKind(t, "change request", err, connector.OpChangeRequest, supplier.KindNoSuchBooking)
	_, err = a.ChangeRequestStatus(ctx, conn, 42)
	assertKind(t, "change request status", err, connector.OpChangeRequestStatus, supplier.KindNoSuchBooking)
}

// A supplier that says the change request succeeded but names no change
// request may have made them: the outcome is unknown, not a failure.
func TestAdapterChangeRequestAnswerWithoutChanges(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/SendChangeRequest") {
			f.sim.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"Response":{"B2B2BStatus":false,"ResponseStatus":1,"Error":{"ErrorCode":0,"ErrorMessage":""},"TraceId":"0b52bfff-627c-4693-a090-e572324245dc","TicketCRInfo":[]}}`))
	}))
	defer srv.Close()
	conns := apitest.NewSimConnectors(t, srv.URL, nil)
	conn, _ := conns.Current().Find("tbo")
	_, err := tbo.NewAdapter(f.client).ChangeRequest(context.Background(), conn, supplier.ChangeRequest{BookingID: 2045981})
	if e, ok := supplier.AsError(err); !ok || !e.OutcomeUnknown() || e.Op != connector.OpChangeRequest {
		t.Fatalf("an answer naming no change request: %v", err)
	}
}
