package flights

import (
	"go/build"
	"strings"
	"testing"
)

// TestPaymentsReachedThroughTheCheckoutOnly: the booking machine knows no
// gateway. It imports the checkout service (through the Checkout
// interface) and nothing else of internal/payment: no adapter, no
// simulator, not the gateway port itself.
func TestPaymentsReachedThroughTheCheckoutOnly(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	const payments = "github.com/paryatan/paryatan/internal/payment"
	for _, imp := range pkg.Imports {
		if strings.HasPrefix(imp, payments) && imp != payments+"/checkout" {
			t.Errorf("internal/flights imports %s", imp)
		}
	}
}
