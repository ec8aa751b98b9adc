package sim_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// Paths as the staging environment lays them out.
const (
	authPath = "/SharedServices/SharedData.svc/rest/Authenticate"
	airPath  = "/BookingEngineService_Air/AirService.svc/rest/"
)

// ist is where the supplier's day starts and ends.
var ist = time.FixedZone("IST", 5*3600+1800)

// fakeClock is a settable clock for token and trace expiry.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// env is a simulator served over real HTTP, with a fake clock set to
// 1 March 2026, 10:00 in India.
type env struct {
	t     *testing.T
	sim   *sim.Server
	srv   *httptest.Server
	clock *fakeClock
}

func setup(t *testing.T, opts sim.Options) *env {
	t.Helper()
	clock := &fakeClock{now: time.Date(2026, 3, 1, 10, 0, 0, 0, ist)}
	if opts.Clock == nil {
		opts.Clock = clock.Now
	}
	s := sim.New(opts)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &env{t: t, sim: s, srv: srv, clock: clock}
}

// raw posts body (a string, or a value encoded as JSON) and returns the
// status and the body.
func (e *env) raw(ctx context.Context, path string, body any, headers ...string) (*http.Response, []byte, error) {
	e.t.Helper()
	var b []byte
	if s, ok := body.(string); ok {
		b = []byte(s)
	} else {
		var err error
		if b, err = json.Marshal(body); err != nil {
			e.t.Fatal(err)
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.srv.URL+path, bytes.NewReader(b))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	return resp, out, err
}

// post posts body and decodes the JSON answer.
func (e *env) post(path string, body any, headers ...string) map[string]any {
	e.t.Helper()
	resp, b, err := e.raw(context.Background(), path, body, headers...)
	if err != nil {
		e.t.Fatalf("POST %s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		e.t.Fatalf("POST %s: HTTP %d: %s", path, resp.StatusCode, b)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		e.t.Fatalf("POST %s: %v in %s", path, err, b)
	}
	return out
}

// air calls an Air method and returns its "Response" object.
func (e *env) air(method string, body any, headers ...string) map[string]any {
	e.t.Helper()
	out := e.post(airPath+method, body, headers...)
	r, ok := out["Response"].(map[string]any)
	if !ok {
		e.t.Fatalf("%s: no Response object in %v", method, out)
	}
	return r
}

func (e *env) token() string {
	e.t.Helper()
	out := e.post(authPath, map[string]any{"ClientId": "ApiIntegrationNew", "UserName": "paryatan", "Password": "paryatan@123", "EndUserIp": "10.0.0.1"})
	if out["Status"] != 1.0 {
		e.t.Fatalf("authenticate: %v", out)
	}
	return out["TokenId"].(string)
}

// searchBody is a one-way search request; mutate it for other shapes.
func searchBody(token, from, to, date string, cabin int) map[string]any {
	return map[string]any{
		"EndUserIp": "10.0.0.1", "TokenId": token,
		"AdultCount": 1, "ChildCount": 0, "InfantCount": 0,
		"DirectFlight": false, "OneStopFlight": false, "JourneyType": 1,
		"Segments": []map[string]any{{"Origin": from, "Destination": to, "FlightCabinClass": cabin,
			"PreferredDepartureTime": date + "T00:00:00", "PreferredArrivalTime": date + "T00:00:00"}},
	}
}

func (e *env) search(body map[string]any, headers ...string) map[string]any {
	e.t.Helper()
	r := e.air("Search", body, headers...)
	if r["ResponseStatus"] != 1.0 {
		e.t.Fatalf("search: %v", r["Error"])
	}
	return r
}

// results returns Results[list].
func results(t *testing.T, r map[string]any, list int) []map[string]any {
	t.Helper()
	lists, _ := r["Results"].([]any)
	if len(lists) <= list {
		t.Fatalf("no result list %d in %d lists", list, len(lists))
	}
	var out []map[string]any
	for _, x := range lists[list].([]any) {
		out = append(out, x.(map[string]any))
	}
	if len(out) == 0 {
		t.Fatalf("result list %d is empty", list)
	}
	return out
}

// segments returns a result's Segments as [][]map.
func segments(r map[string]any) [][]map[string]any {
	var out [][]map[string]any
	for _, dir := range r["Segments"].([]any) {
		var segs []map[string]any
		for _, s := range dir.([]any) {
			segs = append(segs, s.(map[string]any))
		}
		out = append(out, segs)
	}
	return out
}

func fare(r map[string]any) map[string]any { return r["Fare"].(map[string]any) }

func num(v any) float64 {
	switch n := v.(type) {
	case float64:
		return n
	case int:
		return float64(n)
	}
	return 0
}

func errorOf(r map[string]any) (code float64, msg string) {
	e, _ := r["Error"].(map[string]any)
	return num(e["ErrorCode"]), fmt.Sprint(e["ErrorMessage"])
}

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	for _, tc := range []struct {
		name           string
		user, password string
		status         float64
	}{
		{"good", "paryatan", "paryatan@123", 1},
		{"user name is not case sensitive", "PARYATAN", "paryatan@123", 1},
		{"wrong password", "paryatan", "nope", 4},
		{"unknown user", "someone", "paryatan@123", 3},
	} {
		out := e.post(authPath, map[string]any{"ClientId": "ApiIntegrationNew", "UserName": tc.user, "Password": tc.password, "EndUserIp": "10.0.0.1"})
		if out["Status"] != tc.status {
			t.Errorf("%s: Status %v, want %v (%v)", tc.name, out["Status"], tc.status, out)
		}
		if _, wrapped := out["Response"]; wrapped {
			t.Errorf("%s: Authenticate must not be wrapped in Response", tc.name)
		}
		code, msg := errorOf(out)
		if tc.status == 1 {
			if out["TokenId"] == "" || code != 0 || out["Member"] == nil {
				t.Errorf("%s: %v", tc.name, out)
			}
		} else if code == 0 || msg == "" || out["TokenId"] != "" {
			t.Errorf("%s: want an error and no token, got %v", tc.name, out)
		}
	}
	// Loose typing reaches Authenticate too, and the production path works.
	out := e.post("/SharedAPI/SharedData.svc/rest/Authenticate", `{"ClientId":"ApiIntegrationNew","UserName":"paryatan","Password":"paryatan@123","EndUserIp":"10.0.0.1"}`)
	if out["Status"] != 1.0 {
		t.Fatalf("production path: %v", out)
	}
}

func TestTokenExpiresAtMidnightInIndia(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	e.clock.now = time.Date(2026, 3, 1, 23, 50, 0, 0, ist)
	tok := e.token()
	body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)
	e.search(body)

	e.clock.Advance(15 * time.Minute) // 00:05 the next day
	r := e.air("Search", body)
	code, _ := errorOf(r)
	if r["ResponseStatus"] != 4.0 || code != 6 {
		t.Fatalf("after midnight: ResponseStatus %v ErrorCode %v, want 4 and 6", r["ResponseStatus"], code)
	}
	// Re-authenticating gives a working token again.
	body["TokenId"] = e.token()
	e.search(body)

	// A token from another simulator (or made up) is refused the same way.
	body["TokenId"] = "bd2a8d8a-1f3c-4c4e-9a57-3d0c6e1f2a7b"
	if r := e.air("Search", body); r["ResponseStatus"] != 4.0 {
		t.Fatalf("unknown token: %v", r)
	}
}

func TestTokenLifetimeOption(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{TokenLifetime: time.Hour})
	tok := e.token()
	body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)
	e.clock.Advance(59 * time.Minute)
	e.search(body)
	e.clock.Advance(2 * time.Minute)
	if r := e.air("Search", body); num(r["ResponseStatus"]) != 4 {
		t.Fatalf("after the lifetime: %v", r["Error"])
	}
}

func TestRoutes(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	body := searchBody(tok, "BOM", "DEL", "2026-03-20", 2)
	for _, p := range []string{
		"/BookingEngineService_Air/AirService.svc/rest/Search",
		"/BookingEngineService_Air/AirService.svc/rest/Search/",
		"/AirAPI_V10/AirService.svc/rest/Search",
		"/AirService.svc/rest/Search",
	} {
		out := e.post(p, body)
		if num(out["Response"].(map[string]any)["ResponseStatus"]) != 1 {
			t.Errorf("%s: %v", p, out)
		}
	}
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{http.MethodPost, "/BookingEngineService_Air/AirService.svc/rest/Nope", http.StatusNotFound},
		{http.MethodPost, "/BookingEngineService_Air/AirService.svc/rest/GetCalendarFare", http.StatusNotFound},
		{http.MethodPost, "/somewhere/else", http.StatusNotFound},
		{http.MethodPost, "/XAirService.svc/rest/Search", http.StatusNotFound},
		{http.MethodGet, "/BookingEngineService_Air/AirService.svc/rest/Search", http.StatusMethodNotAllowed},
		{http.MethodGet, "/healthz", http.StatusOK},
	} {
		req, _ := http.NewRequest(tc.method, e.srv.URL+tc.path, strings.NewReader("{}"))
		resp, err := e.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.path, resp.StatusCode, tc.status)
		}
	}
	// A body that is not JSON is refused before the API sees it, with an
	// HTML page as the supplier's web server does.
	resp, b, err := e.raw(context.Background(), airPath+"Search", "not json")
	if err != nil || resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "<html>") {
		t.Fatalf("malformed body: %v %v %s", err, resp, b)
	}
}

func TestCallCounts(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	e.search(searchBody(tok, "BOM", "DEL", "2026-03-21", 2))
	if got := e.sim.Calls("Search"); got != 2 {
		t.Fatalf("Search calls = %d, want 2", got)
	}
	if got := e.sim.CallCounts()["Authenticate"]; got != 1 {
		t.Fatalf("Authenticate calls = %d, want 1", got)
	}
	e.sim.ResetCalls()
	if got := e.sim.Calls("Search"); got != 0 {
		t.Fatalf("after reset: %d", got)
	}
}

// timeNowPlusDays is a departure date n days from today, for tests that
// run on the real clock.
func timeNowPlusDays(n int) string { return time.Now().AddDate(0, 0, n).Format(time.DateOnly) }
