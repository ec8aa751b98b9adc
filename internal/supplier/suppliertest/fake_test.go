package suppliertest

import (
	"context"
	"errors"
	"testing"

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
