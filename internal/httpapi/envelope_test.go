package httpapi_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/auth"
)

var codeRe = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Every route family fails with the one envelope (docs/api-errors.md):
// {ok: false, error, message, field?, detail?} and nothing else.
func TestOneErrorEnvelope(t *testing.T) {
	t.Parallel()
	cfg := auth.DefaultConfig()
	cfg.Limits.LoginPerIP = auth.Limit{Max: 1, Window: time.Hour}
	env := apitest.New(t, apitest.Options{Auth: &cfg})
	user := env.NewClient(t)
	if res := user.Do("POST", "/api/auth/register", map[string]string{"fullName": "Envelope", "email": "envelope@example.in", "password": "password1"}); res.StatusCode != 201 {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	textPlain := env.NewClient(t)
	textPlain.Header.Set("Content-Type", "text/plain")
	crossSite := env.NewClient(t)
	crossSite.Header.Set("Sec-Fetch-Site", "cross-site")

	for _, tc := range []struct {
		name         string
		client       *apitest.Client
		method, path string
		body         any
		status       int
		code, field  string
	}{
		{"auth field", env.NewClient(t), "POST", "/api/auth/register",
			map[string]string{"fullName": "A", "email": "not-mail", "password": "password1"}, 400, "invalid_field", "email"},
		{"auth credentials", env.NewClient(t), "POST", "/api/auth/login",
			map[string]string{"email": "envelope@example.in", "password": "wrong-password"}, 401, "bad_credentials", ""},
		{"auth rate limit", env.NewClient(t), "POST", "/api/auth/login",
			map[string]string{"email": "envelope@example.in", "password": "wrong-password"}, 429, "rate_limited", ""},
		{"signed out", env.NewClient(t), "GET", "/api/v1/me/profile", nil, 401, "unauthenticated", ""},
		{"account field", user, "PUT", "/api/v1/me/profile",
			map[string]any{"profile": map[string]any{"passport": map[string]string{"number": "#1"}}}, 400, "invalid_field", "passport.number"},
		{"account not found", user, "DELETE", "/api/v1/me/co-travellers/00000000-0000-0000-0000-000000000000", nil, 404, "not_found", ""},
		{"flights field", env.NewClient(t), "POST", "/api/v1/flights/tbo/search",
			map[string]any{"origin": "Mumbai", "destination": "DEL", "departDate": "2030-01-01"}, 400, "invalid_field", "origin"},
		{"flights trace", env.NewClient(t), "POST", "/api/v1/flights/tbo/fare-quote", map[string]any{}, 400, "invalid_field", "traceId"},
		{"flights supplier", env.NewClient(t), "POST", "/api/v1/flights/nobody/search", map[string]any{}, 404, "unknown_supplier", ""},
		{"flights booking", user, "POST", "/api/v1/flights/tbo/booking-details", map[string]any{"bookingId": 42}, 404, "not_found", ""},
		{"unknown API route", env.NewClient(t), "GET", "/api/v1/nothing-here", nil, 404, "not_found", ""},
		{"method not allowed", env.NewClient(t), "DELETE", "/api/auth/login", nil, 405, "method_not_allowed", ""},
		{"malformed body", env.NewClient(t), "POST", "/api/v1/flights/tbo/search", `{"origin":`, 400, "invalid_json", ""},
		{"wrong type", env.NewClient(t), "POST", "/api/auth/login", `{"email": 7}`, 400, "invalid_field", "email"},
		{"unsupported media type", textPlain, "POST", "/api/auth/login", `email=a`, 415, "unsupported_media_type", ""},
		{"body too large", user, "POST", "/api/v1/flights/tbo/book", `{"traceId":"` + strings.Repeat("x", 70<<10) + `"}`, 413, "body_too_large", ""},
		{"cross-site", crossSite, "POST", "/api/auth/logout", nil, 403, "cross_origin", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.client.Do(tc.method, tc.path, tc.body)
			if res.StatusCode != tc.status || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("%s %s = %d %q %s, want %d JSON", tc.method, tc.path, res.StatusCode, res.Header.Get("Content-Type"), res.Body, tc.status)
			}
			var raw map[string]json.RawMessage
			res.JSON(t, &raw)
			for k := range raw {
				switch k {
				case "ok", "error", "message", "field", "detail":
				default:
					t.Errorf("unexpected key %q in %s", k, res.Body)
				}
			}
			var e struct {
				OK             *bool
				Error, Message string
				Field          *string
			}
			res.JSON(t, &e)
			if e.OK == nil || *e.OK || e.Error != tc.code || !codeRe.MatchString(e.Error) || e.Message == "" {
				t.Errorf("body %s, want ok false, error %q and a message", res.Body, tc.code)
			}
			if (tc.field == "") != (e.Field == nil) || (e.Field != nil && *e.Field != tc.field) {
				t.Errorf("body %s, want field %q", res.Body, tc.field)
			}
		})
	}
}
