package suppliertest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Release succeeds by default, answers what the test scripts, and every
// call is recorded with its request.
func TestFakeRelease(t *testing.T) {
	t.Parallel()
	f := New()
	conn := &connector.Connector{Name: "tbo"}
	ctx := context.Background()
	if err := f.Port().Release(ctx, conn, supplier.ReleaseRequest{BookingID: 7, Source: "4"}); err != nil {
		t.Fatalf("default release: %v", err)
	}
	refused := &supplier.Error{Op: connector.OpRelease, Kind: supplier.KindNotAllowed, Message: "Booking 8 is ticketed."}
	f.Release = func(r supplier.ReleaseRequest) error {
		if r.BookingID == 8 {
			return refused
		}
		return nil
	}
	if err := f.Port().Release(ctx, conn, supplier.ReleaseRequest{BookingID: 8}); !errors.Is(err, refused) {
		t.Fatalf("scripted release: %v", err)
	}
	calls := f.Calls()
	if len(calls) != 2 || calls[0].Op != connector.OpRelease || calls[0].Connector != "tbo" ||
		calls[0].Request.(supplier.ReleaseRequest).BookingID != 7 || calls[1].Request.(supplier.ReleaseRequest).BookingID != 8 {
		t.Fatalf("calls %+v", calls)
	}
}

// The cancellation operations answer coherent defaults (the change requests
// end with what the charges said), answer what the test scripts, and are
// recorded with their requests.
func TestFakeCancellation(t *testing.T) {
	t.Parallel()
	f := New()
	conn := &connector.Connector{Name: "tbo"}
	ctx := context.Background()
	ch, err := f.Port().CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: 7, TicketIDs: []int64{11, 12}})
	if err != nil || !ch.Charge.Equal(DefaultCharge.Mul(decimal.NewFromInt(2))) || !ch.Refund.Equal(DefaultRefund.Mul(decimal.NewFromInt(2))) ||
		ch.Currency != "INR" || !strings.Contains(string(ch.Doc), `"RefundAmount":4486.9200`) {
		t.Fatalf("default charges: %+v %v", ch, err)
	}
	changes, err := f.Port().ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: 7, TicketIDs: []int64{11, 12}, Partial: true})
	if err != nil || len(changes) != 2 || changes[1].TicketID != 12 || changes[1].ChangeRequestID != FirstChangeRequestID+1 ||
		changes[0].Status != supplier.ChangeUnassigned {
		t.Fatalf("default change requests: %+v %v", changes, err)
	}
	var charged, refunded decimal.Decimal
	for _, c := range changes {
		st, err := f.Port().ChangeRequestStatus(ctx, conn, c.ChangeRequestID)
		if err != nil || st.Status != supplier.ChangeCompleted || !st.Status.Done() || st.CreditNote == "" || st.ChangeRequestID != c.ChangeRequestID {
			t.Fatalf("default status: %+v %v", st, err)
		}
		charged, refunded = charged.Add(st.Charge), refunded.Add(st.Refunded)
	}
	if !charged.Equal(ch.Charge) || !refunded.Equal(ch.Refund) {
		t.Fatalf("the requests end with %s/%s, the charges said %s/%s", charged, refunded, ch.Charge, ch.Refund)
	}

	refused := &supplier.Error{Op: connector.OpChangeRequest, Kind: supplier.KindNotAllowed, Message: "Ticket 11 is already cancelled."}
	f.ChangeRequest = func(r supplier.ChangeRequest) ([]supplier.TicketChange, error) { return nil, refused }
	f.ChangeRequestStatus = func(id int64) (*supplier.TicketChange, error) {
		return &supplier.TicketChange{ChangeRequestID: id, Status: supplier.ChangeRejected, Remarks: "Non-refundable."}, nil
	}
	if _, err := f.Port().ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: 7}); !errors.Is(err, refused) {
		t.Fatalf("scripted change request: %v", err)
	}
	if st, _ := f.Port().ChangeRequestStatus(ctx, conn, 9); st.Status != supplier.ChangeRejected || !st.Status.Done() {
		t.Fatalf("scripted status: %+v", st)
	}
	var ops []connector.Operation
	for _, c := range f.Calls() {
		ops = append(ops, c.Op)
	}
	want := []connector.Operation{connector.OpCancellationCharges, connector.OpChangeRequest, connector.OpChangeRequestStatus,
		connector.OpChangeRequestStatus, connector.OpChangeRequest, connector.OpChangeRequestStatus}
	if !slices.Equal(ops, want) || f.Calls()[2].Request.(int64) != FirstChangeRequestID {
		t.Fatalf("calls %v", ops)
	}
}

// SSR answers the default fare's preferences, or what the test scripts,
// and is recorded.
func TestFakeSSR(t *testing.T) {
	t.Parallel()
	f := New()
	conn := &connector.Connector{Name: "tbo"}
	ref := supplier.ResultRef{TraceID: TraceID, ResultIndex: "OB1"}
	x, err := f.Port().SSR(context.Background(), conn, ref)
	if err != nil || x.Kind != supplier.ExtrasGDS || x.Result != ref || len(x.MealPreferences) == 0 || len(x.SeatPreferences) == 0 {
		t.Fatalf("default extras %+v %v", x, err)
	}
	f.SSR = func(supplier.ResultRef) (*supplier.Extras, error) {
		return &supplier.Extras{Kind: supplier.ExtrasLCC, Currency: "INR"}, nil
	}
	if x, err := f.Port().SSR(context.Background(), conn, ref); err != nil || x.Kind != supplier.ExtrasLCC {
		t.Fatalf("scripted extras %+v %v", x, err)
	}
	if calls := f.Calls(); len(calls) != 2 || calls[0].Op != connector.OpSSR || calls[1].Request.(supplier.ResultRef) != ref {
		t.Fatalf("calls %+v", calls)
	}
}
