package razorpay

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel/trace/noop"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
)

const (
	keyID     = "rzp_test_unit"
	keySecret = "unit-key-secret"
	hookKey   = "unit-webhook-secret"
)

func newAdapter(t testing.TB) *Adapter {
	t.Helper()
	env := map[string]string{"KID": keyID, "KSECRET": keySecret, "WSECRET": hookKey}
	return New(telemetry.NewMetrics().Payments, noop.NewTracerProvider(), slog.New(slog.DiscardHandler), func(k string) string { return env[k] })
}

func settings(api string) *payment.Settings {
	return &payment.Settings{Name: "razorpay", Type: Type, MerchantName: "Paryatan",
		Endpoints:   payment.Endpoints{API: api, Checkout: api + "/v1/checkout/embedded"},
		Credentials: payment.CredentialsRef{Env: &payment.EnvVars{KeyID: "KID", KeySecret: "KSECRET", WebhookSecret: "WSECRET"}}}
}

// TestReadCheckout: Razorpay's own callback fields are read here, and only
// here: the proof of a payment, or the order a failed attempt names in
// error[metadata].
func TestReadCheckout(t *testing.T) {
	a := newAdapter(t)
	paid := a.ReadCheckout(url.Values{"razorpay_payment_id": {"pay_1"}, "razorpay_order_id": {"order_1"}, "razorpay_signature": {"sig"}})
	if paid.Proof == nil || *paid.Proof != (payment.CheckoutProof{OrderID: "order_1", PaymentID: "pay_1", Signature: "sig"}) {
		t.Errorf("paid: %+v", paid)
	}
	failed := a.ReadCheckout(url.Values{"error[code]": {"BAD_REQUEST_ERROR"}, "error[metadata]": {`{"payment_id":"pay_2","order_id":"order_2"}`}})
	if failed.Proof != nil || failed.FailedOrderID != "order_2" {
		t.Errorf("failed: %+v", failed)
	}
	for _, junk := range []string{"", "not json", `{"order_id": 7}`} {
		if got := a.ReadCheckout(url.Values{"error[metadata]": {junk}}); got.Proof != nil || got.FailedOrderID != "" {
			t.Errorf("metadata %q: %+v", junk, got)
		}
	}
}

func TestVerifyCheckout(t *testing.T) {
	a, g := newAdapter(t), settings("http://127.0.0.1:1")
	// The signature as the gateway's documentation defines it:
	// hex(HMAC-SHA256("order_id|payment_id", key secret)).
	good := Sign(keySecret, "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9")
	flipped := []byte(good)
	flipped[10] ^= 1 // one character changed
	for _, tc := range []struct {
		name, order, pay, sig string
		ok                    bool
	}{
		{"genuine", "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9", good, true},
		{"one character changed", "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9", string(flipped), false},
		{"wrong secret", "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9", Sign("another-secret", "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9"), false},
		{"another order's payment", "order_IluGWxBm9U8zJ7", "pay_IluGWxBm9U8zJ9", good, false},
		{"not hex", "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9", "zz" + good[2:], false},
		{"empty", "order_IluGWxBm9U8zJ8", "pay_IluGWxBm9U8zJ9", "", false},
		{"no payment id", "order_IluGWxBm9U8zJ8", "", Sign(keySecret, "order_IluGWxBm9U8zJ8", ""), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := a.VerifyCheckout(g, payment.CheckoutProof{OrderID: tc.order, PaymentID: tc.pay, Signature: tc.sig})
			if tc.ok != (err == nil) {
				t.Fatalf("verify: %v, want ok=%v", err, tc.ok)
			}
			if err != nil {
				if e, _ := payment.AsError(err); e == nil || e.Kind != payment.KindBadSignature {
					t.Fatalf("error %v, want kind bad_signature", err)
				}
			}
		})
	}
}

func TestWebhookSignatureIsCheckedOverTheRawBody(t *testing.T) {
	a, g := newAdapter(t), settings("http://127.0.0.1:1")
	body := []byte(`{"entity":"event","event":"payment.captured","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_A","order_id":"order_B","amount":529346,"status":"captured","method":"upi"}}},"created_at":1767225600}`)
	header := func(sig, id string) http.Header {
		h := http.Header{}
		h.Set("X-Razorpay-Signature", sig)
		h.Set("X-Razorpay-Event-Id", id)
		return h
	}
	ev, err := a.Webhook(g, header(SignWebhook(hookKey, body), "evt1"), body)
	if err != nil {
		t.Fatal(err)
	}
	if ev.ID != "evt1" || ev.Kind != payment.EventPaymentCaptured || ev.Payment == nil || ev.Payment.OrderID != "order_B" ||
		ev.Payment.Amount != 529346 || ev.Payment.Method != "upi" || !ev.Payment.Settled() {
		t.Fatalf("event %+v payment %+v", ev, ev.Payment)
	}
	// The same JSON re-encoded (spaces) is other bytes: its signature was
	// made over the bytes sent, so it no longer checks.
	var v any
	_ = json.Unmarshal(body, &v)
	reformatted, _ := json.MarshalIndent(v, "", " ")
	for name, tc := range map[string]struct {
		h    http.Header
		body []byte
	}{
		"reformatted body":  {header(SignWebhook(hookKey, body), "evt1"), reformatted},
		"wrong secret":      {header(SignWebhook("guess", body), "evt1"), body},
		"no signature":      {header("", "evt1"), body},
		"amount changed":    {header(SignWebhook(hookKey, body), "evt1"), []byte(strings.Replace(string(body), "529346", "100", 1))},
		"key secret signed": {header(SignWebhook(keySecret, body), "evt1"), body},
	} {
		if _, err := a.Webhook(g, tc.h, tc.body); err == nil {
			t.Errorf("%s: accepted", name)
		} else if e, _ := payment.AsError(err); e.Kind != payment.KindBadSignature {
			t.Errorf("%s: %v, want bad_signature", name, err)
		}
	}
	if _, err := a.Webhook(g, header(SignWebhook(hookKey, body), ""), body); err == nil {
		t.Error("an event without an id was accepted")
	}
	bad := []byte(`{not json`)
	if _, err := a.Webhook(g, header(SignWebhook(hookKey, bad), "evt2"), bad); err == nil {
		t.Error("a signed body that is not JSON was accepted")
	} else if e, _ := payment.AsError(err); e.Kind != payment.KindProtocol {
		t.Errorf("unreadable body: %v, want protocol", err)
	}
}

func TestCallsAuthenticateAndMapErrors(t *testing.T) {
	var got struct {
		user, pass, path, body string
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/orders", func(w http.ResponseWriter, r *http.Request) {
		got.user, got.pass, _ = r.BasicAuth()
		b, _ := io.ReadAll(r.Body)
		got.path, got.body = r.URL.Path, string(b)
		_, _ = io.WriteString(w, `{"id":"order_X","entity":"order","amount":529346,"amount_paid":0,"status":"created","receipt":"b-1"}`)
	})
	mux.HandleFunc("GET /v1/orders/order_404/payments", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":{"code":"BAD_REQUEST_ERROR","description":"The id provided does not exist"}}`)
	})
	mux.HandleFunc("GET /v1/orders/order_500/payments", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	})
	mux.HandleFunc("GET /v1/orders/order_slow/payments", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(1500 * time.Millisecond)
	})
	mux.HandleFunc("POST /v1/payments/pay_401/refund", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"error":{"code":"BAD_REQUEST_ERROR","description":"Authentication failed"}}`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	a, g := newAdapter(t), settings(srv.URL)
	g.Timeouts = map[string]payment.Duration{payment.OpFetch: payment.Duration(time.Second)}
	ctx := context.Background()

	o, err := a.CreateOrder(ctx, g, payment.OrderRequest{Amount: 529346, Currency: "INR", Receipt: "b-1"})
	if err != nil {
		t.Fatal(err)
	}
	if o.ID != "order_X" || o.Amount != 529346 || got.user != keyID || got.pass != keySecret {
		t.Fatalf("order %+v, auth %s:%s", o, got.user, got.pass)
	}
	var sent map[string]any
	_ = json.Unmarshal([]byte(got.body), &sent)
	if sent["amount"] != float64(529346) || sent["currency"] != "INR" || sent["receipt"] != "b-1" || sent["payment_capture"] != true {
		t.Fatalf("order request %s", got.body)
	}
	for order, kind := range map[string]payment.Kind{"order_404": payment.KindRefused, "order_500": payment.KindUnavailable, "order_slow": payment.KindTimeout} {
		_, err := a.OrderPayments(ctx, g, order)
		e, ok := payment.AsError(err)
		if !ok || e.Kind != kind {
			t.Errorf("%s: %v, want %s", order, err, kind)
		}
	}
	if _, err := a.OrderPayments(ctx, g, "order_404"); !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("the gateway's description is lost: %v", err)
	}
	_, err = a.Refund(ctx, g, payment.RefundRequest{PaymentID: "pay_401", Amount: 100, Receipt: "rf_1"})
	if e, _ := payment.AsError(err); e == nil || e.Kind != payment.KindAuth {
		t.Errorf("refund with a refused key: %v, want auth", err)
	}
	var pe *payment.Error
	if !errors.As(err, &pe) || pe.OutcomeUnknown() {
		t.Errorf("a refused call's outcome is known: %v", err)
	}
}

func TestCheckoutFormCarriesNoSecret(t *testing.T) {
	a, g := newAdapter(t), settings("https://gateway.example")
	f, err := a.Checkout(g, payment.CheckoutRequest{OrderID: "order_X", Description: "Flight DEL → BOM",
		Name: "Asha Rao", Email: "asha@example.com", CallbackURL: "https://paryatan.example/cb", CancelURL: "https://paryatan.example/x"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Action != "https://gateway.example/v1/checkout/embedded" || f.Fields["key_id"] != keyID || f.Fields["order_id"] != "order_X" ||
		f.Fields["prefill[email]"] != "asha@example.com" || f.Fields["callback_url"] != "https://paryatan.example/cb" {
		t.Fatalf("form %+v", f)
	}
	if _, ok := f.Fields["prefill[contact]"]; ok {
		t.Error("an empty prefill is sent")
	}
	for k, v := range f.Fields {
		if strings.Contains(v, keySecret) || strings.Contains(v, hookKey) {
			t.Errorf("field %s carries a secret", k)
		}
	}
}
