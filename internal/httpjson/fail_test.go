package httpjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/apierr"
)

func TestFail(t *testing.T) {
	t.Parallel()
	cause := errors.New("connection refused by 10.0.0.7")
	for _, tc := range []struct {
		name   string
		err    error
		status int
		body   string
		logged bool
	}{
		{"invalid field", apierr.Invalid("passport.expiry", "This passport has expired."), 400,
			`{"ok":false,"error":"invalid_field","message":"This passport has expired.","field":"passport.expiry"}`, false},
		{"wrapped", fmt.Errorf("book: %w", apierr.Conflict("price_changed", "The fare has changed.")), 409,
			`{"ok":false,"error":"price_changed","message":"The fare has changed."}`, false},
		{"supplier detail", &apierr.Error{Status: 502, Code: "supplier_failed", Message: "Booking failed.", Detail: "Seat sold out", Err: cause}, 502,
			`{"ok":false,"error":"supplier_failed","message":"Booking failed.","detail":"Seat sold out"}`, true},
		{"unknown error", cause, 500,
			`{"ok":false,"error":"internal","message":"Something went wrong on our side. Please try again."}`, true},
		{"client error with a cause", apierr.NotFound("Not found.").WithCause(cause), 404,
			`{"ok":false,"error":"not_found","message":"Not found."}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			log := slog.New(slog.NewTextHandler(&logs, nil))
			req := httptest.NewRequest(http.MethodPost, "/api/x", nil)
			req = req.WithContext(WithLogger(req.Context(), log))
			rec := httptest.NewRecorder()
			Fail(rec, req, tc.err)
			if rec.Code != tc.status || strings.TrimSpace(rec.Body.String()) != tc.body {
				t.Fatalf("got %d %s, want %d %s", rec.Code, rec.Body, tc.status, tc.body)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("Content-Type %q", ct)
			}
			var b ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil || b.OK {
				t.Fatalf("not an envelope: %v", err)
			}
			if got := strings.Contains(logs.String(), cause.Error()); got != tc.logged {
				t.Fatalf("cause logged = %v, want %v: %s", got, tc.logged, logs.String())
			}
			if strings.Contains(rec.Body.String(), "10.0.0.7") {
				t.Fatal("the cause reached the client")
			}
		})
	}
}
