package rzpsim_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

// Short delays keep the tests fast; the behaviour does not depend on them.
const (
	testPendingDelay = 300 * time.Millisecond
	testRefundDelay  = 100 * time.Millisecond
)

var testRetryDelays = []time.Duration{20 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond}

// testNow is the time the simulator writes in created_at.
var testNow = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// env is a simulator served over real HTTP.
type env struct {
	t   *testing.T
	sim *rzpsim.Sim
	srv *httptest.Server
}

func setup(t *testing.T, opts rzpsim.Options) *env {
	t.Helper()
	if opts.PendingDelay == 0 {
		opts.PendingDelay = testPendingDelay
	}
	if opts.RefundDelay == 0 {
		opts.RefundDelay = testRefundDelay
	}
	if opts.RetryDelays == nil {
		opts.RetryDelays = testRetryDelays
	}
	if opts.Now == nil {
		opts.Now = func() time.Time { return testNow }
	}
	s := rzpsim.New(opts)
	srv := httptest.NewServer(s)
	// Cleanups run last first: the simulator stops (ending held requests)
	// before the server waits for its requests.
	t.Cleanup(srv.Close)
	t.Cleanup(s.Close)
	return &env{t: t, sim: s, srv: srv}
}

// call sends an API request with the default credentials and returns the
// status and decoded body.
func (e *env) call(method, path string, body any) (int, map[string]any) {
	e.t.Helper()
	return e.callAs(rzpsim.DefaultKeyID, rzpsim.DefaultKeySecret, method, path, body)
}

func (e *env) callAs(keyID, secret, method, path string, body any, headers ...string) (int, map[string]any) {
	e.t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, r)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if keyID != "" {
		req.SetBasicAuth(keyID, secret)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		e.t.Fatalf("%s %s: HTTP %d, not JSON: %v in %s", method, path, resp.StatusCode, err, raw)
	}
	return resp.StatusCode, out
}

// ok sends an API request that must succeed.
func (e *env) ok(method, path string, body any) map[string]any {
	e.t.Helper()
	code, out := e.call(method, path, body)
	if code != http.StatusOK {
		e.t.Fatalf("%s %s: HTTP %d: %v", method, path, code, out)
	}
	return out
}

// order creates an order of amount paise.
func (e *env) order(amount int64, extra ...any) map[string]any {
	e.t.Helper()
	body := map[string]any{"amount": amount, "currency": "INR", "receipt": "PT-" + strings.Repeat("1", 6)}
	for i := 0; i+1 < len(extra); i += 2 {
		body[extra[i].(string)] = extra[i+1]
	}
	return e.ok(http.MethodPost, "/v1/orders", body)
}

// apiErr returns the error object of a Razorpay error body.
func apiErr(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	e, ok := body["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error object in %v", body)
	}
	return e
}

// eventually polls cond until it holds or the deadline passes.
func eventually(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// receiver is a webhook endpoint that records what it is sent. It answers
// with the statuses in answers, in turn, then 200.
type receiver struct {
	t   *testing.T
	srv *httptest.Server

	mu      sync.Mutex
	answers []int
	got     []hook
}

// hook is one webhook request as received.
type hook struct {
	Body      []byte
	Signature string
	EventID   string
	Type      string
	Event     struct {
		Entity    string   `json:"entity"`
		AccountID string   `json:"account_id"`
		Event     string   `json:"event"`
		Contains  []string `json:"contains"`
		Payload   map[string]struct {
			Entity map[string]any `json:"entity"`
		} `json:"payload"`
		CreatedAt int64 `json:"created_at"`
	}
	Status int
}

func newReceiver(t *testing.T, answers ...int) *receiver {
	t.Helper()
	rc := &receiver{t: t, answers: answers}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h := hook{Body: body, Signature: r.Header.Get("X-Razorpay-Signature"),
			EventID: r.Header.Get("X-Razorpay-Event-Id"), Type: r.Header.Get("Content-Type")}
		if err := json.Unmarshal(body, &h.Event); err != nil {
			t.Errorf("webhook body is not an event: %v in %s", err, body)
		}
		rc.mu.Lock()
		h.Status = http.StatusOK
		if len(rc.answers) > 0 {
			h.Status, rc.answers = rc.answers[0], rc.answers[1:]
		}
		rc.got = append(rc.got, h)
		rc.mu.Unlock()
		w.WriteHeader(h.Status)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) URL() string { return rc.srv.URL + "/webhooks/razorpay" }

// hooks returns what has arrived so far.
func (rc *receiver) hooks() []hook {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]hook(nil), rc.got...)
}

// wait returns the requests once n have arrived.
func (rc *receiver) wait(n int) []hook {
	rc.t.Helper()
	eventually(rc.t, 5*time.Second, "webhooks arriving", func() bool { return len(rc.hooks()) >= n })
	return rc.hooks()
}

// events lists the event names of the requests answered 2xx.
func events(hs []hook) []string {
	var out []string
	for _, h := range hs {
		if h.Status < 300 {
			out = append(out, h.Event.Event)
		}
	}
	return out
}

func TestAuthentication(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	order := e.order(50000)
	for _, tc := range []struct {
		name, header string
		want         string
	}{
		{"no credentials", "", "Please provide your api key for authentication purposes."},
		{"wrong secret", basic(rzpsim.DefaultKeyID, "wrong-secret"), "Authentication failed"},
		{"wrong key id", basic("rzp_test_SomeoneElse0001", rzpsim.DefaultKeySecret), "Authentication failed"},
		{"lower-case scheme", "basic " + strings.TrimPrefix(basic(rzpsim.DefaultKeyID, rzpsim.DefaultKeySecret), "Basic "), "Authentication failed"},
		{"bearer", "Bearer " + rzpsim.DefaultKeySecret, "Authentication failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, e.srv.URL+"/v1/orders/"+order["id"].(string), nil)
			if tc.header != "" {
				req.Header.Set("Authorization", tc.header)
			}
			resp, err := e.srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body map[string]any
			_ = json.NewDecoder(resp.Body).Decode(&body)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("HTTP %d, want 401: %v", resp.StatusCode, body)
			}
			got := apiErr(t, body)
			if got["code"] != "BAD_REQUEST_ERROR" || got["description"] != tc.want || got["source"] != "NA" ||
				got["step"] != "NA" || got["reason"] != "NA" {
				t.Fatalf("error %v, want %q", got, tc.want)
			}
		})
	}
	// The key pair given in Options replaces the default one.
	own := setup(t, rzpsim.Options{KeyID: "rzp_test_OwnKeyOwnKey01", KeySecret: "own-secret"})
	if code, _ := own.call(http.MethodPost, "/v1/orders", map[string]any{"amount": 100, "currency": "INR", "receipt": "r"}); code != http.StatusUnauthorized {
		t.Errorf("the default key on a simulator with its own: HTTP %d", code)
	}
	if code, _ := own.callAs("rzp_test_OwnKeyOwnKey01", "own-secret", http.MethodPost, "/v1/orders",
		map[string]any{"amount": 100, "currency": "INR", "receipt": "r"}); code != http.StatusOK {
		t.Errorf("its own key: HTTP %d", code)
	}
}

func basic(user, pass string) string {
	req, _ := http.NewRequest(http.MethodGet, "/", nil)
	req.SetBasicAuth(user, pass)
	return req.Header.Get("Authorization")
}

func TestCreateOrder(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	o := e.order(123450, "notes", map[string]string{"booking": "PT-7Q2"})
	id, _ := o["id"].(string)
	if !strings.HasPrefix(id, "order_") || len(id) != len("order_")+14 {
		t.Errorf("id %q", id)
	}
	want := map[string]any{"entity": "order", "amount": 123450.0, "amount_paid": 0.0, "amount_due": 123450.0,
		"currency": "INR", "receipt": "PT-111111", "offer_id": nil, "status": "created", "attempts": 0.0,
		"created_at": float64(testNow.Unix())}
	for k, v := range want {
		if o[k] != v {
			t.Errorf("%s = %#v, want %#v", k, o[k], v)
		}
	}
	if notes, _ := o["notes"].(map[string]any); notes["booking"] != "PT-7Q2" {
		t.Errorf("notes %v", o["notes"])
	}
	if got := e.ok(http.MethodGet, "/v1/orders/"+id, nil); got["id"] != id || got["amount"] != 123450.0 {
		t.Errorf("fetched %v", got)
	}

	// Empty notes come back as [], as Razorpay writes them.
	bare := e.order(10000)
	if notes, ok := bare["notes"].([]any); !ok || len(notes) != 0 {
		t.Errorf("empty notes: %#v, want []", bare["notes"])
	}
	var typed rzpsim.Order
	raw, _ := json.Marshal(bare)
	if err := json.Unmarshal(raw, &typed); err != nil || typed.Notes != nil || typed.ID != bare["id"] {
		t.Errorf("rzpsim.Order from %s: %v %+v", raw, err, typed)
	}

	// A form body works as well as JSON.
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/orders",
		strings.NewReader("amount=5000&currency=INR&receipt=form-1&notes[via]=form"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(rzpsim.DefaultKeyID, rzpsim.DefaultKeySecret)
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var form map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&form)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || form["amount"] != 5000.0 || form["notes"].(map[string]any)["via"] != "form" {
		t.Errorf("form order: HTTP %d %v", resp.StatusCode, form)
	}
}

func TestCreateOrderValidation(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	manyNotes := map[string]string{}
	for i := range 16 {
		manyNotes[string(rune('a'+i))] = "x"
	}
	for _, tc := range []struct {
		name        string
		body        map[string]any
		field, desc string
	}{
		{"no amount", map[string]any{"currency": "INR", "receipt": "r"}, "amount", "The amount field is required."},
		{"amount below one rupee", map[string]any{"amount": 99, "currency": "INR", "receipt": "r"}, "amount", "The amount must be at least INR 1.00"},
		{"fractional amount", map[string]any{"amount": 100.5, "currency": "INR", "receipt": "r"}, "amount", "The amount must be an integer."},
		{"amount as words", map[string]any{"amount": "lots", "currency": "INR", "receipt": "r"}, "amount", "The amount must be an integer."},
		{"no currency", map[string]any{"amount": 100, "receipt": "r"}, "currency", "The currency field is required."},
		{"dollars", map[string]any{"amount": 100, "currency": "USD", "receipt": "r"}, "currency", "Currency is not supported"},
		{"no receipt", map[string]any{"amount": 100, "currency": "INR"}, "receipt", "The receipt field is required."},
		{"long receipt", map[string]any{"amount": 100, "currency": "INR", "receipt": strings.Repeat("r", 41)}, "receipt", "The receipt may not be greater than 40 characters."},
		{"sixteen notes", map[string]any{"amount": 100, "currency": "INR", "receipt": "r", "notes": manyNotes}, "notes", "Number of fields in notes should be less than or equal to 15"},
		{"notes as a list", map[string]any{"amount": 100, "currency": "INR", "receipt": "r", "notes": []string{"a"}}, "notes", "Notes should be provided as a dictionary"},
		{"long note", map[string]any{"amount": 100, "currency": "INR", "receipt": "r", "notes": map[string]string{"k": strings.Repeat("v", 257)}}, "notes", "Notes value cannot be greater 256 characters"},
		{"unknown field", map[string]any{"amount": 100, "currency": "INR", "receipt": "r", "customer": "x"}, "customer", "customer is/are not required and should not be sent"},
		{"capture as text", map[string]any{"amount": 100, "currency": "INR", "receipt": "r", "payment_capture": "later"}, "payment_capture", "The payment capture field must be true or false."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := e.call(http.MethodPost, "/v1/orders", tc.body)
			got := apiErr(t, body)
			if code != http.StatusBadRequest || got["code"] != "BAD_REQUEST_ERROR" || got["field"] != tc.field ||
				got["description"] != tc.desc || got["source"] != "business" || got["step"] != "payment_initiation" ||
				got["reason"] != "input_validation_failed" {
				t.Fatalf("HTTP %d %v, want 400 on %s: %q", code, got, tc.field, tc.desc)
			}
		})
	}
	if got := e.sim.Orders(); len(got) != 0 {
		t.Errorf("refused orders were kept: %v", got)
	}
	// Exactly the limits pass.
	e.order(100, "receipt", strings.Repeat("r", 40), "payment_capture", 0)
}

func TestUnknownIDsAndURLs(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	for _, tc := range []struct {
		method, path, desc string
	}{
		// Razorpay answers 400, not 404, for an id it does not know.
		{http.MethodGet, "/v1/orders/order_00000000000000", "The id provided does not exist"},
		{http.MethodGet, "/v1/payments/pay_00000000000000", "The id provided does not exist"},
		{http.MethodGet, "/v1/refunds/rfnd_00000000000000", "The id provided does not exist"},
		{http.MethodGet, "/v1/orders/12345", "12345 is not a valid id"},
		{http.MethodGet, "/v1/payments/pay_short", "pay_short is not a valid id"},
		{http.MethodGet, "/v1/orders", "The requested URL was not found on the server."},
		{http.MethodDelete, "/v1/orders/order_00000000000000", "The requested URL was not found on the server."},
		{http.MethodGet, "/v1/customers", "The requested URL was not found on the server."},
	} {
		code, body := e.call(tc.method, tc.path, nil)
		if got := apiErr(t, body); code != http.StatusBadRequest || got["description"] != tc.desc {
			t.Errorf("%s %s: HTTP %d %v, want 400 %q", tc.method, tc.path, code, got, tc.desc)
		}
	}
}

func TestOrdersAreBounded(t *testing.T) {
	t.Parallel()
	now := testNow
	var mu sync.Mutex
	e := setup(t, rzpsim.Options{MaxOrders: 3, Retention: time.Hour, Now: func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return now
	}})
	first := e.order(100)["id"].(string)
	var ids []string
	for range 3 {
		ids = append(ids, e.order(100)["id"].(string))
	}
	if code, _ := e.call(http.MethodGet, "/v1/orders/"+first, nil); code != http.StatusBadRequest {
		t.Errorf("the oldest of four orders with a cap of three: HTTP %d", code)
	}
	mu.Lock()
	now = now.Add(2 * time.Hour)
	mu.Unlock()
	latest := e.order(100)["id"].(string)
	got := e.sim.Orders()
	if len(got) != 1 || got[0].Order.ID != latest {
		t.Errorf("after the retention passed: %+v, want only %s (not %v)", got, latest, ids)
	}
}

// jsonText encodes v for searching.
func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func jsonUnmarshal(text string, v any) error { return json.Unmarshal([]byte(text), v) }
