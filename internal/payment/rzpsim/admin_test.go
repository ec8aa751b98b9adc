package rzpsim_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

// admin sends a request to the simulator's controls and decodes the JSON
// answer into out (when not nil).
func (e *env) admin(method, path, body string, out any) int {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+rzpsim.AdminPrefix+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, out); err != nil {
			e.t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

func TestFaults(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	_, payID := e.paid(10000)
	var f rzpsim.Faults
	if code := e.admin(http.MethodPut, "faults", `{"orders": "error500:1", "fetch": "error500"}`, &f); code != http.StatusOK ||
		f != (rzpsim.Faults{Orders: "error500:1", Fetch: "error500"}) {
		t.Fatalf("PUT faults: HTTP %d %+v", code, f)
	}
	code, body := e.call(http.MethodPost, "/v1/orders", map[string]any{"amount": 100, "currency": "INR", "receipt": "r"})
	if got := apiErr(t, body); code != http.StatusInternalServerError || got["code"] != "SERVER_ERROR" {
		t.Errorf("faulted order: HTTP %d %v", code, got)
	}
	// error500 does nothing; a counted fault wears off.
	if n := len(e.sim.Orders()); n != 1 {
		t.Errorf("%d orders after a 500, want 1", n)
	}
	e.order(100)
	for _, path := range []string{"/v1/payments/" + payID, "/v1/orders/" + e.sim.Orders()[0].Order.ID} {
		if code, _ := e.call(http.MethodGet, path, nil); code != http.StatusInternalServerError {
			t.Errorf("GET %s under a fetch fault: HTTP %d", path, code)
		}
	}
	// Authentication comes first.
	if code, _ := e.callAs("", "", http.MethodGet, "/v1/payments/"+payID, nil); code != http.StatusUnauthorized {
		t.Errorf("unauthenticated under a fault: HTTP %d", code)
	}
	if e.admin(http.MethodGet, "faults", "", &f); f != (rzpsim.Faults{Fetch: "error500"}) {
		t.Errorf("faults left %+v", f)
	}

	// timeout: the refund is made, the answer never comes; a retry with the
	// same idempotency key then gets that refund.
	if code := e.admin(http.MethodPut, "faults", `{"refunds": "timeout:1"}`, nil); code != http.StatusOK {
		t.Fatalf("PUT faults: HTTP %d", code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, e.srv.URL+"/v1/payments/"+payID+"/refund",
		strings.NewReader(`{"amount": 4000}`))
	req.SetBasicAuth(rzpsim.DefaultKeyID, rzpsim.DefaultKeySecret)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Refund-Idempotency", "refund-PT-7Q2-0001")
	resp, err := e.srv.Client().Do(req)
	if err == nil {
		resp.Body.Close()
		t.Fatalf("a timed-out refund answered HTTP %d", resp.StatusCode)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("timed-out refund: %v", err)
	}
	refunds := e.sim.Orders()[0].Refunds
	if len(refunds) != 1 || refunds[0].Amount != 4000 {
		t.Fatalf("refunds after the timeout %+v", refunds)
	}
	code, again := e.callAs(rzpsim.DefaultKeyID, rzpsim.DefaultKeySecret, http.MethodPost, "/v1/payments/"+payID+"/refund",
		map[string]any{"amount": 4000}, "X-Refund-Idempotency", "refund-PT-7Q2-0001")
	if code != http.StatusOK || again["id"] != refunds[0].ID {
		t.Errorf("retry after the timeout: HTTP %d %v, want %s", code, again, refunds[0].ID)
	}

	if code := e.admin(http.MethodDelete, "faults", "", &f); code != http.StatusOK || f != (rzpsim.Faults{}) {
		t.Errorf("DELETE faults: HTTP %d %+v", code, f)
	}
	e.ok(http.MethodGet, "/v1/payments/"+payID, nil)
	for _, bad := range []string{`{"orders": "sometimes"}`, `{"orders": "error500:0"}`, `{"orders": ":2"}`, `{"payouts": "error500"}`, `nope`} {
		if code := e.admin(http.MethodPut, "faults", bad, nil); code != http.StatusBadRequest {
			t.Errorf("PUT faults %s: HTTP %d", bad, code)
		}
	}
}

func TestAdminControls(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t)
	e := setup(t, rzpsim.Options{PendingDelay: time.Hour})
	orderID := e.order(99900)["id"].(string)

	// Webhook settings change field by field.
	var ws rzpsim.WebhookSettings
	if code := e.admin(http.MethodPut, "webhook", `{"url": "`+rc.URL()+`"}`, &ws); code != http.StatusOK ||
		ws.URL != rc.URL() || ws.Secret != rzpsim.DefaultWebhookSecret {
		t.Fatalf("PUT webhook: HTTP %d %+v", code, ws)
	}
	if code := e.admin(http.MethodPut, "webhook", `{"duplicates": 2, "reorder": true}`, &ws); code != http.StatusOK ||
		ws.URL != rc.URL() || ws.Duplicates != 2 || !ws.Reorder {
		t.Fatalf("PUT webhook: HTTP %d %+v", code, ws)
	}
	for _, bad := range []string{`{"url": "not a url"}`, `{"duplicates": 99}`, `{"colour": "red"}`} {
		if code := e.admin(http.MethodPut, "webhook", bad, nil); code != http.StatusBadRequest {
			t.Errorf("PUT webhook %s: HTTP %d", bad, code)
		}
	}
	if code := e.admin(http.MethodPut, "webhook", `{"duplicates": 0, "reorder": false}`, nil); code != http.StatusOK {
		t.Fatal(code)
	}

	// Paying without the browser returns the callback fields.
	var res rzpsim.PayResult
	if code := e.admin(http.MethodPost, "orders/"+orderID+"/pay", `{"method": "upi", "outcome": "pending"}`, &res); code != http.StatusOK ||
		res.Status != "created" || len(res.Fields) != 0 {
		t.Fatalf("pay pending: HTTP %d %+v", code, res)
	}
	var p rzpsim.Payment
	if code := e.admin(http.MethodPost, "payments/"+res.PaymentID+"/complete", "", &p); code != http.StatusOK || p.Status != "captured" {
		t.Fatalf("complete: HTTP %d %+v", code, p)
	}
	if code := e.admin(http.MethodPost, "payments/"+res.PaymentID+"/fail", "", nil); code != http.StatusConflict {
		t.Errorf("failing a completed payment: HTTP %d", code)
	}
	if got := strings.Join(events(rc.wait(3)), " "); got != "payment.authorized payment.captured order.paid" {
		t.Errorf("events after complete: %s", got)
	}

	other := e.order(5000)["id"].(string)
	if code := e.admin(http.MethodPost, "orders/"+other+"/pay", `{"method": "card", "outcome": "failure", "reason": "payment_cancelled"}`, &res); code != http.StatusOK ||
		res.Status != "failed" || res.Fields["error[reason]"] != "payment_cancelled" || res.Fields["error[source]"] != "customer" {
		t.Errorf("pay failure: HTTP %d %+v", code, res)
	}
	if code := e.admin(http.MethodPost, "orders/"+other+"/pay", `{"method": "card", "outcome": "success"}`, &res); code != http.StatusOK ||
		res.Fields["razorpay_signature"] != rzpsim.Sign(rzpsim.DefaultKeySecret, other, res.PaymentID) ||
		res.Fields["razorpay_order_id"] != other {
		t.Errorf("pay success: HTTP %d %+v", code, res)
	}
	for _, tc := range []struct {
		path, body string
		want       int
	}{
		{"orders/" + other + "/pay", `{"method": "card", "outcome": "success"}`, http.StatusConflict},
		{"orders/order_00000000000000/pay", `{"method": "card", "outcome": "success"}`, http.StatusNotFound},
		{"orders/" + orderID + "/pay", `{"method": "card", "outcome": "maybe"}`, http.StatusBadRequest},
		{"payments/pay_00000000000000/complete", "", http.StatusNotFound},
	} {
		if code := e.admin(http.MethodPost, tc.path, tc.body, nil); code != tc.want {
			t.Errorf("POST %s %s: HTTP %d, want %d", tc.path, tc.body, code, tc.want)
		}
	}

	// The records a test compares with its own.
	var list struct {
		Orders []rzpsim.OrderRecord `json:"orders"`
	}
	if code := e.admin(http.MethodGet, "orders", "", &list); code != http.StatusOK || len(list.Orders) != 2 {
		t.Fatalf("GET orders: HTTP %d %+v", code, list)
	}
	if rec := list.Orders[1]; rec.Order.ID != other || rec.Order.Status != "paid" || len(rec.Payments) != 2 ||
		rec.Payments[0].Status != "failed" || rec.Payments[1].Status != "captured" || len(rec.Refunds) != 0 {
		t.Errorf("record %+v", rec)
	}

	var deliveries struct {
		Deliveries []rzpsim.Delivery `json:"deliveries"`
	}
	eventually(t, 2*time.Second, "deliveries logged", func() bool {
		e.admin(http.MethodGet, "deliveries", "", &deliveries)
		return len(deliveries.Deliveries) == 7
	})
	if code := e.admin(http.MethodDelete, "deliveries", "", nil); code != http.StatusNoContent || len(e.sim.Deliveries()) != 0 {
		t.Errorf("DELETE deliveries: HTTP %d", code)
	}
	if code := e.admin(http.MethodGet, "nothing", "", nil); code != http.StatusNotFound {
		t.Errorf("GET nothing: HTTP %d", code)
	}
	if code := e.admin(http.MethodPost, "webhook", "{}", nil); code != http.StatusNotFound {
		t.Errorf("POST webhook: HTTP %d", code)
	}
}
