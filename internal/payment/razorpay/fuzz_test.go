package razorpay

import (
	"net/http"
	"testing"

	"github.com/paryatan/paryatan/internal/payment"
)

// FuzzWebhook feeds the webhook reader arbitrary bodies: an unsigned one is
// always refused as bad_signature, a signed one is read or refused as
// unreadable, and nothing panics.
func FuzzWebhook(f *testing.F) {
	f.Add([]byte(`{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_A","order_id":"order_B","amount":100,"status":"captured"}}}}`), "evt1")
	f.Add([]byte(`{"event":"refund.processed","payload":{"refund":{"entity":{"id":"rfnd_A","amount":-1}}}}`), "evt2")
	f.Add([]byte(`{"payload":null}`), "")
	f.Add([]byte(`[]`), "x")
	a, g := newAdapter(f), settings("http://127.0.0.1:1")
	f.Fuzz(func(t *testing.T, body []byte, id string) {
		h := http.Header{}
		h.Set("X-Razorpay-Event-Id", id)
		h.Set("X-Razorpay-Signature", SignWebhook("wrong", body))
		if _, err := a.Webhook(g, h, body); err == nil {
			t.Fatal("an event signed with another secret was accepted")
		} else if e, _ := payment.AsError(err); e == nil || e.Kind != payment.KindBadSignature {
			t.Fatalf("unsigned: %v", err)
		}
		h.Set("X-Razorpay-Signature", SignWebhook(hookKey, body))
		ev, err := a.Webhook(g, h, body)
		if err != nil {
			if e, _ := payment.AsError(err); e == nil || e.Kind != payment.KindProtocol {
				t.Fatalf("signed: %v, want a protocol error or an event", err)
			}
			return
		}
		if ev.ID != id || ev.ID == "" || ev.Kind == "" {
			t.Fatalf("event %+v from id %q", ev, id)
		}
	})
}
