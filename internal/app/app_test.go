package app

import (
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/platform/config"
)

// The composition root refuses to build a half-wired app.
func TestNewNeedsItsParts(t *testing.T) {
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"PARYATAN_MODE": "local", "PUBLIC_URL": "http://localhost:8080"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(cfg, Parts{}); err == nil || !strings.Contains(err.Error(), "required") {
		t.Fatalf("New without parts: %v", err)
	}
	cfg.PublicURL = ""
	if _, err := New(cfg, Parts{}); err == nil || !strings.Contains(err.Error(), "PUBLIC_URL") {
		t.Fatalf("New without the site's origin: %v", err)
	}
}
