package rzpsim_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

// paid makes an order of amount paise and pays it by card.
func (e *env) paid(amount int64) (orderID, paymentID string) {
	e.t.Helper()
	orderID = e.order(amount)["id"].(string)
	cb, err := e.sim.Pay(orderID, rzpsim.MethodCard, rzpsim.OutcomeSuccess)
	if err != nil {
		e.t.Fatal(err)
	}
	return orderID, cb.PaymentID
}

func TestRefunds(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t)
	e := setup(t, rzpsim.Options{WebhookURL: rc.URL()})
	_, payID := e.paid(100000)
	rc.wait(3) // the payment's own events
	refundPath := "/v1/payments/" + payID + "/refund"

	// A partial refund is pending at first and processed after the delay.
	r1 := e.ok(http.MethodPost, refundPath, map[string]any{"amount": 30000, "speed": "optimum",
		"notes": map[string]string{"reason": "fare difference"}, "receipt": "PT-7Q2-R1"})
	id1, _ := r1["id"].(string)
	if !strings.HasPrefix(id1, "rfnd_") || len(id1) != len("rfnd_")+14 || r1["entity"] != "refund" || r1["amount"] != 30000.0 ||
		r1["currency"] != "INR" || r1["payment_id"] != payID || r1["status"] != "pending" || r1["receipt"] != "PT-7Q2-R1" ||
		r1["speed_requested"] != "optimum" || r1["speed_processed"] != "instant" || r1["batch_id"] != nil ||
		r1["acquirer_data"].(map[string]any)["arn"] != nil || r1["notes"].(map[string]any)["reason"] != "fare difference" {
		t.Errorf("refund %v", r1)
	}
	if p := e.ok(http.MethodGet, "/v1/payments/"+payID, nil); p["amount_refunded"] != 0.0 || p["refund_status"] != nil {
		t.Errorf("payment before the refund is processed %v", p)
	}
	hooks := rc.wait(5)
	created, processed := hooks[3], hooks[4]
	if created.Event.Event != "refund.created" || strings.Join(created.Event.Contains, ",") != "refund,payment" ||
		created.Event.Payload["refund"].Entity["status"] != "pending" || created.Event.Payload["payment"].Entity["id"] != payID {
		t.Errorf("refund.created %s", created.Body)
	}
	if processed.Event.Event != "refund.processed" || processed.Event.Payload["refund"].Entity["status"] != "processed" ||
		processed.Event.Payload["payment"].Entity["amount_refunded"] != 30000.0 ||
		processed.Event.Payload["payment"].Entity["refund_status"] != "partial" {
		t.Errorf("refund.processed %s", processed.Body)
	}
	got := e.ok(http.MethodGet, "/v1/refunds/"+id1, nil)
	if got["status"] != "processed" || got["acquirer_data"].(map[string]any)["arn"] == nil {
		t.Errorf("processed refund %v", got)
	}
	p := e.ok(http.MethodGet, "/v1/payments/"+payID, nil)
	if p["amount_refunded"] != 30000.0 || p["refund_status"] != "partial" || p["status"] != "captured" || p["captured"] != true {
		t.Errorf("payment after a partial refund %v", p)
	}

	// The same receipt again is the same refund, not a second one.
	again := e.ok(http.MethodPost, refundPath, map[string]any{"amount": 30000, "receipt": "PT-7Q2-R1"})
	if again["id"] != id1 || again["status"] != "processed" {
		t.Errorf("the same receipt made %v, want %s again", again, id1)
	}

	// More than is left is refused, in Razorpay's words.
	code, body := e.call(http.MethodPost, refundPath, map[string]any{"amount": 70001})
	if got := apiErr(t, body); code != http.StatusBadRequest || got["description"] != "The refund amount provided is greater than amount captured" ||
		got["field"] != "amount" {
		t.Errorf("over-refund: HTTP %d %v", code, got)
	}
	for _, tc := range []struct {
		body map[string]any
		desc string
	}{
		{map[string]any{"amount": 99}, "The amount must be at least INR 1.00"},
		{map[string]any{"speed": "instant"}, "The selected speed is invalid."},
		{map[string]any{"amount": 100, "currency": "INR"}, "currency is/are not required and should not be sent"},
	} {
		code, body := e.call(http.MethodPost, refundPath, tc.body)
		if got := apiErr(t, body); code != http.StatusBadRequest || got["description"] != tc.desc {
			t.Errorf("%v: HTTP %d %v, want %q", tc.body, code, got, tc.desc)
		}
	}

	// Without an amount the rest is refunded; the payment becomes
	// refunded once that is processed.
	rest := e.ok(http.MethodPost, refundPath, nil)
	if rest["amount"] != 70000.0 || rest["speed_requested"] != "normal" || rest["speed_processed"] != "normal" ||
		rest["receipt"] != nil {
		t.Errorf("refund of the rest %v", rest)
	}
	code, body = e.call(http.MethodPost, refundPath, map[string]any{"amount": 100})
	if got := apiErr(t, body); code != http.StatusBadRequest || got["description"] != "The payment has been fully refunded already" {
		t.Errorf("refund beyond a pending full refund: HTTP %d %v", code, got)
	}
	eventually(t, 5*time.Second, "the full refund processed", func() bool {
		return e.ok(http.MethodGet, "/v1/payments/"+payID, nil)["status"] == "refunded"
	})
	p = e.ok(http.MethodGet, "/v1/payments/"+payID, nil)
	if p["amount_refunded"] != 100000.0 || p["refund_status"] != "full" || p["captured"] != true {
		t.Errorf("fully refunded payment %v", p)
	}
	// The order stays paid.
	if o := e.ok(http.MethodGet, "/v1/orders/"+p["order_id"].(string), nil); o["status"] != "paid" {
		t.Errorf("order after refunds %v", o)
	}
	list := e.ok(http.MethodGet, "/v1/payments/"+payID+"/refunds", nil)
	items, _ := list["items"].([]any)
	if list["count"] != 2.0 || len(items) != 2 || items[0].(map[string]any)["id"] != rest["id"] || items[1].(map[string]any)["id"] != id1 {
		t.Errorf("refunds of the payment, newest first: %v", list)
	}
	if one := e.ok(http.MethodGet, "/v1/payments/"+payID+"/refunds/"+id1, nil); one["id"] != id1 {
		t.Errorf("one refund of the payment %v", one)
	}
	code, body = e.call(http.MethodPost, refundPath, nil)
	if got := apiErr(t, body); code != http.StatusBadRequest || got["description"] != "The payment has been fully refunded already" {
		t.Errorf("refund of a refunded payment: HTTP %d %v", code, got)
	}
	rc.wait(7)
	if got := events(rc.hooks())[3:]; strings.Join(got, " ") != "refund.created refund.processed refund.created refund.processed" {
		t.Errorf("refund events %v", got)
	}
}

func TestRefundIdempotencyKey(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	_, payID := e.paid(50000)
	refund := func(key string, body map[string]any) (int, map[string]any) {
		return e.callAs(rzpsim.DefaultKeyID, rzpsim.DefaultKeySecret, http.MethodPost, "/v1/payments/"+payID+"/refund", body,
			"X-Refund-Idempotency", key)
	}
	key := "5f0e8400-e29b-41d4-a716-446655440000"
	code, first := refund(key, map[string]any{"amount": 10000})
	if code != http.StatusOK {
		t.Fatalf("HTTP %d %v", code, first)
	}
	code, second := refund(key, map[string]any{"amount": 10000})
	if code != http.StatusOK || second["id"] != first["id"] {
		t.Errorf("a retry with the same key: HTTP %d %v, want %s", code, second, first["id"])
	}
	code, body := refund(key, map[string]any{"amount": 20000})
	if got := apiErr(t, body); code != http.StatusConflict ||
		got["description"] != "Different request with the same idempotency key has already been processed." {
		t.Errorf("another request with the key: HTTP %d %v", code, got)
	}
	for _, bad := range []string{"short", "has spaces in it"} {
		if code, body := refund(bad, map[string]any{"amount": 100}); code != http.StatusBadRequest {
			t.Errorf("key %q: HTTP %d %v", bad, code, body)
		}
	}
	if n := len(e.sim.Orders()[0].Refunds); n != 1 {
		t.Errorf("%d refunds made, want 1", n)
	}
}

func TestRefundNeedsCapture(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	orderID := e.order(50000, "payment_capture", false)["id"].(string)
	cb, _ := e.sim.Pay(orderID, rzpsim.MethodUPI, rzpsim.OutcomeSuccess)
	code, body := e.call(http.MethodPost, "/v1/payments/"+cb.PaymentID+"/refund", map[string]any{"amount": 100})
	if got := apiErr(t, body); code != http.StatusBadRequest || got["description"] != "The payment status should be captured for action to be taken" {
		t.Errorf("refund of an authorized payment: HTTP %d %v", code, got)
	}
	code, body = e.call(http.MethodPost, "/v1/payments/pay_00000000000000/refund", nil)
	if got := apiErr(t, body); code != http.StatusBadRequest || got["description"] != "The id provided does not exist" {
		t.Errorf("refund of an unknown payment: HTTP %d %v", code, got)
	}
}
