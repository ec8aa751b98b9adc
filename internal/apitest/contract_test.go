package apitest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The contract check tells a conforming exchange from each way of breaking
// the contract.
func TestContractViolations(t *testing.T) {
	t.Parallel()
	ct, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	jsonHeader := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	user := `{"user":{"_id":"6f1c2a9e-3b1d-4c7e-9a51-0c2b7d8e4f10","fullName":"Asha Rao","email":"asha@example.in",` +
		`"accountType":"personal","emailVerified":false,"createdAt":"2026-11-23T10:00:00.123456Z"}}`
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		answer                   string
		violation                string // "" when the exchange conforms
	}{
		{"conforming", "POST", "/api/auth/login", `{"email":"asha@example.in","password":"password1"}`, 200, user, ""},
		{"documented failure", "POST", "/api/auth/login", `{"email":"a@b.in","password":"x"}`, 401,
			`{"ok":false,"error":"bad_credentials","message":"Incorrect e-mail or password."}`, ""},
		{"answer with an undocumented field", "POST", "/api/auth/login", `{"email":"a@b.in","password":"password1"}`, 200,
			strings.Replace(user, `"fullName"`, `"passwordHash":"x","fullName"`, 1), "answer"},
		{"answer without a required field", "GET", "/api/auth/me", "", 200, strings.Replace(user, `"email":"asha@example.in",`, "", 1), "answer"},
		{"undocumented status", "GET", "/api/v1/me/sessions", "", 418, `{"ok":false,"error":"teapot","message":"teapot"}`, ""}, // default: the error envelope
		{"an envelope without ok", "GET", "/api/v1/me/sessions", "", 418, `{"error":"teapot","message":"teapot"}`, "missing property 'ok'"},
		{"error without the envelope", "GET", "/api/v1/me/sessions", "", 500, `{"oops":true}`, "answer"},
		{"invalid request refused", "POST", "/api/auth/register", `{"email":"a@b.in"}`, 400,
			`{"ok":false,"error":"invalid_field","message":"Please enter your full name.","field":"fullName"}`, ""},
		{"invalid request accepted", "POST", "/api/auth/register", `{"email":"a@b.in"}`, 201, user, "accepted"},
		{"invalid request refused without the envelope", "POST", "/api/auth/register", `{"email":"a@b.in"}`, 400, `bad`, "envelope"},
		{"unknown API path, the router's 404", "GET", "/api/nope", "", 404, `{"ok":false,"error":"not_found","message":"No API route GET /api/nope."}`, ""},
		{"unknown API path answered", "GET", "/api/v1/secret", "", 200, `{}`, "no such operation"},
		{"documented route the server lacks", "GET", "/api/v1/me/sessions", "", 404,
			`{"ok":false,"error":"not_found","message":"No API route GET /api/v1/me/sessions."}`, "no such route"},
		{"the web app", "GET", "/account/profile", "", 200, `<!doctype html>`, ""},
		{"a health probe", "GET", "/readyz", "", 503, `{"status":"draining"}`, ""},
		{"a health probe's wrong answer", "GET", "/healthz", "", 200, `{"status":"fine"}`, "answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var body []byte
			if tc.body != "" {
				body = []byte(tc.body)
			}
			req := httptest.NewRequest(tc.method, "http://127.0.0.1:8080"+tc.path, strings.NewReader(tc.body))
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			got := ct.violation(req, body, tc.status, jsonHeader, []byte(tc.answer))
			switch {
			case tc.violation == "" && got != "":
				t.Fatalf("violation %q, want none", got)
			case tc.violation != "" && !strings.Contains(got, tc.violation):
				t.Fatalf("violation %q, want one about %q", got, tc.violation)
			}
		})
	}
}
