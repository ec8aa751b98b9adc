package httpjson

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/apierr"
)

func TestDecode(t *testing.T) {
	t.Parallel()
	type body struct {
		Email string `json:"email"`
		Age   int    `json:"age"`
	}
	for _, tc := range []struct {
		name, ctype, in string
		status          int
		msg             string
	}{
		{"ok", "application/json", `{"email":"a@b.in","age":3}`, 0, ""},
		{"ok with charset", "application/json; charset=utf-8", `{"email":"a@b.in"}`, 0, ""},
		{"malformed", "application/json", `{"email":`, 400, "not valid JSON"},
		{"garbage", "application/json", `<xml/>`, 400, "not valid JSON"},
		{"empty", "application/json", ``, 400, "empty"},
		{"wrong type", "application/json", `{"email":42}`, 400, "email must be a string"},
		{"not an object", "application/json", `[1,2]`, 400, "JSON object"},
		{"two objects", "application/json", `{"email":"a"}{"email":"b"}`, 400, "single JSON object"},
		{"form post", "application/x-www-form-urlencoded", `email=a`, 415, "application/json"},
		{"oversize", "application/json", `{"email":"` + strings.Repeat("x", MaxBody) + `"}`, 413, "larger than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tc.in))
			req.Header.Set("Content-Type", tc.ctype)
			var b body
			err := Decode(httptest.NewRecorder(), req, &b)
			if tc.status == 0 {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var e *apierr.Error
			if !errors.As(err, &e) || e.Status != tc.status || !strings.Contains(e.Message, tc.msg) {
				t.Fatalf("got %v, want %d containing %q", err, tc.status, tc.msg)
			}
		})
	}
}
