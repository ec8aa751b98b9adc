package httpapi

import (
	"strings"
	"testing"
)

func TestNewServerRefusesMissingDependencies(t *testing.T) {
	t.Parallel()
	_, err := NewServer(Deps{})
	if err == nil || !strings.Contains(err.Error(), "Account") || !strings.Contains(err.Error(), "Auth") {
		t.Fatalf("err = %v, want the missing dependencies named", err)
	}
}
