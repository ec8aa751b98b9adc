package apierr_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/paryatan/paryatan/internal/apierr"
)

func TestSentinelMatchesCopiesWithCause(t *testing.T) {
	t.Parallel()
	sentinel := apierr.NotFound("Not found.")
	if err := fmt.Errorf("revoke: %w", sentinel.WithCause(errors.New("no rows"))); !errors.Is(err, sentinel) {
		t.Fatal("a copy with a cause does not match its sentinel")
	}
	if errors.Is(apierr.Conflict("email_taken", "x"), sentinel) {
		t.Fatal("another code matches")
	}
}

func TestCauseIsKeptForLogs(t *testing.T) {
	t.Parallel()
	cause := errors.New("dial tcp: refused")
	err := apierr.Internal(cause)
	if !errors.Is(err, cause) || err.Error() != "internal: "+apierr.InternalMessage+": dial tcp: refused" {
		t.Fatalf("got %q", err)
	}
	if got := apierr.Invalid("email", "Please enter a valid e-mail address.").Error(); got != "invalid_field: email: Please enter a valid e-mail address." {
		t.Fatalf("got %q", got)
	}
}
