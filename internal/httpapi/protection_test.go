package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/httpapi"
)

// public are the routes anyone may call. Every other route of the server
// is protected: a route added later without a session check fails this
// test until it is listed here on purpose.
var public = map[string]bool{
	"GET /healthz":                               true,
	"GET /readyz":                                true,
	"GET /.well-known/jwks.json":                 true, // public keys, for partners
	"GET /*":                                     true,
	"HEAD /*":                                    true,
	"POST /api/auth/register":                    true,
	"POST /api/auth/login":                       true,
	"POST /api/auth/logout":                      true,
	"GET /api/auth/me":                           true, // answers 401 itself: it is how the app asks
	"GET /api/auth/email/verify":                 true, // the e-mailed link, with its token
	"GET /api/oauth/{provider}/start":            true,
	"GET /api/oauth/{provider}/callback":         true,
	"POST /api/v1/flights/{supplier}/search":     true,
	"POST /api/v1/flights/{supplier}/fare-quote": true,
	"POST /api/v1/flights/{supplier}/fare-rule":  true,
	"POST /api/v1/flights/{supplier}/extras":     true,
	"POST /api/v1/enquiries":                     true, // a visitor may ask; a contact message answers 401 itself
	"GET /api/docs":                              true, // local mode only
	"GET /api/docs/openapi.yaml":                 true,
	"GET /api/docs/*":                            true,
	"GET /dev/mail":                              true, // local mode only
	"GET /dev/mail/{message}":                    true,
	"GET /jobs":                                  true, // 404: the job UI is on the internal listener only
	"GET /jobs/*":                                true,
	// The payment gateway's returns: proved by its signature, never by a
	// session (crossSiteByDesign).
	"POST /api/v1/payments/{gateway}/callback": true,
	"POST /api/v1/payments/{gateway}/webhook":  true,
	// A partner's server redeeming a sign-on ticket: proved by the
	// partner's credential and the ticket (crossSiteByDesign).
	"POST /api/v1/sso/redeem": true,
}

// crossSiteByDesign are the state-changing routes another site calls on
// purpose (the payment gateway's form post and webhooks, a partner's
// server redeeming a sign-on ticket). They act on the gateway's signature
// or the partner's credential alone: without one they change nothing.
var crossSiteByDesign = map[string]bool{
	"POST /api/v1/payments/{gateway}/callback": true,
	"POST /api/v1/payments/{gateway}/webhook":  true,
	"POST /api/v1/sso/redeem":                  true,
}

// fill gives a pattern's parameters concrete values.
func fill(pattern string, ids map[string]string) string {
	r := strings.NewReplacer("{supplier}", "tbo", "{provider}", "google", "{gateway}", "razorpay", "{kind}", "e-ticket",
		"{cancellation}", "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f", "{id}", ids["id"])
	return r.Replace(pattern)
}

// Every protected route answers 401 without a session; every route about
// someone's resource answers 404 to another user; every state-changing
// route refuses a cross-site request with 403.
func TestEveryRouteIsProtected(t *testing.T) {
	t.Parallel()
	routes, err := httpapi.RouteTable()
	if err != nil {
		t.Fatal(err)
	}
	env := apitest.New(t, apitest.Options{})
	owner := env.NewClient(t)
	if res := owner.Do("POST", "/api/auth/register", map[string]string{"fullName": "Owner", "email": "owner@example.in", "password": "password1"}); res.StatusCode != 201 {
		t.Fatalf("register = %d", res.StatusCode)
	}
	stranger := env.NewClient(t)
	if res := stranger.Do("POST", "/api/auth/register", map[string]string{"fullName": "Stranger", "email": "stranger@example.in", "password": "password1"}); res.StatusCode != 201 {
		t.Fatalf("register = %d", res.StatusCode)
	}
	// The owner's resources that routes with {id} are about.
	var ct struct {
		ID string `json:"_id"`
	}
	res := owner.Do("POST", "/api/v1/me/co-travellers", map[string]any{"firstName": "Lata", "lastName": "Rao", "gender": "Female"})
	res.JSON(t, &ct)
	var sessions struct {
		Items []struct {
			ID string `json:"_id"`
		}
	}
	owner.Do("GET", "/api/v1/me/sessions", nil).JSON(t, &sessions)
	if ct.ID == "" || len(sessions.Items) == 0 {
		t.Fatalf("fixtures: co-traveller %q (%s), sessions %+v", ct.ID, res.Body, sessions)
	}
	booking := ownerBooking(t, owner)
	ownerResource := map[string]string{
		"/api/v1/me/co-travellers/{id}":                                  ct.ID,
		"/api/v1/me/sessions/{id}/revoke":                                sessions.Items[0].ID,
		"/api/v1/me/bookings/{id}":                                       booking,
		"/api/v1/me/bookings/{id}/payment":                               booking,
		"/api/v1/me/bookings/{id}/cancel":                                booking,
		"/api/v1/me/bookings/{id}/cancellation-charges":                  booking,
		"/api/v1/me/bookings/{id}/cancellations":                         booking,
		"/api/v1/me/bookings/{id}/documents/{kind}":                      booking,
		"/api/v1/me/bookings/{id}/documents/credit-notes/{cancellation}": booking,
	}

	for _, rt := range routes {
		key := rt.Method + " " + rt.Pattern
		path := fill(rt.Pattern, map[string]string{"id": ownerResource[rt.Pattern]})
		if strings.Contains(rt.Pattern, "{id}") && ownerResource[rt.Pattern] == "" {
			t.Errorf("%s: no owner's resource to test it with; add one above", key)
			continue
		}
		if path == "/*" {
			path = "/account/profile"
		}
		unsafe := rt.Method != http.MethodGet && rt.Method != http.MethodHead
		if !public[key] {
			if res := env.NewClient(t).Do(rt.Method, path, map[string]any{}); res.StatusCode != http.StatusUnauthorized {
				t.Errorf("%s without a session = %d, want 401", key, res.StatusCode)
			}
		}
		if strings.Contains(rt.Pattern, "{id}") {
			if res := stranger.Do(rt.Method, path, map[string]any{"firstName": "X", "lastName": "Y"}); res.StatusCode != http.StatusNotFound {
				t.Errorf("%s on another user's resource = %d, want 404", key, res.StatusCode)
			}
		}
		if crossSiteByDesign[key] {
			// Without the gateway's signature nothing is accepted.
			cross := env.NewClient(t)
			cross.Header.Set("Sec-Fetch-Site", "cross-site")
			if res := cross.Do(rt.Method, path, map[string]any{}); res.StatusCode < 300 {
				t.Errorf("%s unsigned = %d, want a refusal or a redirect", key, res.StatusCode)
			}
			continue
		}
		if unsafe {
			cross := env.NewClient(t)
			cross.HTTP.Jar = owner.HTTP.Jar
			cross.Header.Set("Sec-Fetch-Site", "cross-site")
			cross.Header.Set("Origin", "https://evil.example")
			if res := cross.Do(rt.Method, path, map[string]any{}); res.StatusCode != http.StatusForbidden {
				t.Errorf("%s cross-site = %d, want 403", key, res.StatusCode)
			}
		}
	}
	// The owner's resources survived the stranger.
	var list struct {
		Items []struct {
			ID string `json:"_id"`
		}
	}
	owner.Do("GET", "/api/v1/me/co-travellers", nil).JSON(t, &list)
	if len(list.Items) != 1 {
		t.Fatalf("the owner's co-travellers after the stranger: %+v", list.Items)
	}
	if res := owner.Do("GET", "/api/auth/me", nil); res.StatusCode != 200 {
		t.Fatal("the stranger revoked the owner's session")
	}
}

// ownerBooking records a booking of the owner's: a low-cost fare, which
// booking only records (the supplier is asked to quote it, nothing is held).
func ownerBooking(t *testing.T, owner *apitest.Client) string {
	t.Helper()
	res := owner.Do("POST", "/api/v1/flights/tbo/search", map[string]any{
		"origin": "BOM", "destination": "DEL", "departDate": time.Now().Add(30 * time.Hour).Format(time.DateOnly),
	})
	var s struct {
		Data struct {
			Response struct {
				TraceId string
				Results [][]struct {
					ResultIndex string
					IsLCC       bool
				}
			}
		} `json:"data"`
	}
	res.JSON(t, &s)
	index := ""
	for _, list := range s.Data.Response.Results {
		for _, r := range list {
			if r.IsLCC && index == "" {
				index = r.ResultIndex
			}
		}
	}
	if index == "" {
		t.Fatalf("fixtures: no low-cost fare in %d %s", res.StatusCode, res.Body)
	}
	res = owner.Do("POST", "/api/v1/flights/tbo/book", map[string]any{
		"traceId": s.Data.Response.TraceId, "resultIndex": index, "isLCC": true,
		"contact": map[string]string{"Email": "owner@example.in", "Mobile": "9876543210"},
		"address": map[string]string{"AddressLine1": "12 MG Road", "City": "Pune", "CountryCode": "IN"},
		"passengers": []map[string]any{{
			"Title": "Mr", "FirstName": "Ravi", "LastName": "Kumar", "PaxType": 1, "DateOfBirth": "1988-05-04",
			"Gender": 1, "ContactNo": "9876543210", "Email": "owner@example.in",
		}},
	})
	var b struct {
		Booking struct {
			ID string `json:"_id"`
		} `json:"booking"`
	}
	res.JSON(t, &b)
	if b.Booking.ID == "" {
		t.Fatalf("fixtures: booking = %d %s", res.StatusCode, res.Body)
	}
	return b.Booking.ID
}
