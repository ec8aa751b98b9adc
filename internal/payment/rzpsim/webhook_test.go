package rzpsim_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

func TestWebhookEventsAndSignature(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t)
	e := setup(t, rzpsim.Options{WebhookURL: rc.URL(), WebhookSecret: "whsec-for-this-test"})
	orderID := e.order(250000)["id"].(string)
	cb, err := e.sim.Pay(orderID, rzpsim.MethodUPI, rzpsim.OutcomeSuccess)
	if err != nil {
		t.Fatal(err)
	}
	hooks := rc.wait(3)
	if got := strings.Join(events(hooks), " "); got != "payment.authorized payment.captured order.paid" {
		t.Fatalf("events %s", got)
	}
	seen := map[string]bool{}
	for _, h := range hooks {
		// The receiver checks the signature over the raw body, as it must.
		m := hmac.New(sha256.New, []byte("whsec-for-this-test"))
		m.Write(h.Body)
		if h.Signature != hex.EncodeToString(m.Sum(nil)) || h.Signature != rzpsim.SignWebhook("whsec-for-this-test", h.Body) {
			t.Errorf("%s: signature %q does not verify", h.Event.Event, h.Signature)
		}
		if rzpsim.SignWebhook("whsec-for-this-test", append(h.Body, ' ')) == h.Signature ||
			rzpsim.SignWebhook("another-secret", h.Body) == h.Signature {
			t.Errorf("%s: the signature does not depend on body and secret", h.Event.Event)
		}
		if h.Type != "application/json" || len(h.EventID) != 14 || seen[h.EventID] {
			t.Errorf("%s: content type %q, event id %q", h.Event.Event, h.Type, h.EventID)
		}
		seen[h.EventID] = true
		if h.Event.Entity != "event" || !strings.HasPrefix(h.Event.AccountID, "acc_") || h.Event.CreatedAt != testNow.Unix() {
			t.Errorf("envelope %s", h.Body)
		}
	}
	auth, capt, paid := hooks[0].Event, hooks[1].Event, hooks[2].Event
	// Each payload is the entity as it was when the event happened.
	if pay := auth.Payload["payment"].Entity; strings.Join(auth.Contains, ",") != "payment" || pay["id"] != cb.PaymentID ||
		pay["status"] != "authorized" || pay["captured"] != false || pay["vpa"] != "success@razorpay" {
		t.Errorf("payment.authorized %s", hooks[0].Body)
	}
	if pay := capt.Payload["payment"].Entity; pay["status"] != "captured" || pay["captured"] != true || pay["fee"] != 5900.0 {
		t.Errorf("payment.captured %s", hooks[1].Body)
	}
	if strings.Join(paid.Contains, ",") != "payment,order" || paid.Payload["order"].Entity["status"] != "paid" ||
		paid.Payload["order"].Entity["amount_paid"] != 250000.0 || paid.Payload["payment"].Entity["id"] != cb.PaymentID {
		t.Errorf("order.paid %s", hooks[2].Body)
	}

	// A failure sends payment.failed only.
	failed := e.order(1000)["id"].(string)
	if _, err := e.sim.PayWith(failed, rzpsim.PayRequest{Method: rzpsim.MethodCard, Outcome: rzpsim.OutcomeFailure,
		Reason: "insufficient_funds"}); err != nil {
		t.Fatal(err)
	}
	h := rc.wait(4)[3]
	if h.Event.Event != "payment.failed" || h.Event.Payload["payment"].Entity["error_reason"] != "insufficient_funds" {
		t.Errorf("payment.failed %s", h.Body)
	}

	// The log lists every delivery.
	eventually(t, 2*time.Second, "four deliveries logged", func() bool { return len(e.sim.Deliveries()) == 4 })
	log := e.sim.Deliveries()
	if len(log) != 4 || log[0].Event != "payment.authorized" || log[0].Attempt != 1 || log[0].Status != 200 ||
		log[0].PaymentID != cb.PaymentID || log[0].EventID != hooks[0].EventID {
		t.Errorf("deliveries %+v", log)
	}
}

func TestWebhookRetriesWithSameEventID(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t, http.StatusInternalServerError, http.StatusServiceUnavailable)
	e := setup(t, rzpsim.Options{WebhookURL: rc.URL()})
	orderID := e.order(1000)["id"].(string)
	if _, err := e.sim.PayWith(orderID, rzpsim.PayRequest{Method: rzpsim.MethodWallet, Outcome: rzpsim.OutcomeFailure}); err != nil {
		t.Fatal(err)
	}
	hooks := rc.wait(3)
	if len(hooks) != 3 || hooks[0].Status != 500 || hooks[1].Status != 503 || hooks[2].Status != 200 {
		t.Fatalf("attempts %+v", hooks)
	}
	for _, h := range hooks {
		if h.EventID != hooks[0].EventID || string(h.Body) != string(hooks[0].Body) || h.Signature != hooks[0].Signature {
			t.Errorf("a retry differs: %s %s", h.EventID, h.Body)
		}
	}
	eventually(t, 2*time.Second, "three deliveries logged", func() bool { return len(e.sim.Deliveries()) == 3 })
	log := e.sim.Deliveries()
	for i, d := range log {
		if d.Attempt != i+1 || d.EventID != hooks[0].EventID || d.Status != hooks[i].Status {
			t.Errorf("delivery %d: %+v", i, d)
		}
	}

	// A receiver that never answers 2xx gets the bounded number of
	// attempts, and no more.
	down := newReceiver(t, 500, 500, 500, 500, 500, 500, 500)
	f := setup(t, rzpsim.Options{WebhookURL: down.URL(), RetryDelays: []time.Duration{10 * time.Millisecond, 10 * time.Millisecond}})
	if _, err := f.sim.Pay(f.order(1000)["id"].(string), rzpsim.MethodCard, rzpsim.OutcomeFailure); err != nil {
		t.Fatal(err)
	}
	down.wait(3)
	time.Sleep(100 * time.Millisecond)
	if n := len(down.hooks()); n != 3 {
		t.Errorf("%d attempts, want 3", n)
	}

	// Nothing listening: the attempts fail with no status.
	gone := newReceiver(t)
	url := gone.URL()
	gone.srv.Close()
	g := setup(t, rzpsim.Options{WebhookURL: url, RetryDelays: []time.Duration{}})
	if _, err := g.sim.Pay(g.order(1000)["id"].(string), rzpsim.MethodCard, rzpsim.OutcomeFailure); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "a failed delivery logged", func() bool { return len(g.sim.Deliveries()) == 1 })
	if d := g.sim.Deliveries()[0]; d.Status != 0 || d.Error == "" {
		t.Errorf("delivery to nothing %+v", d)
	}
}

func TestWebhookDuplicatesReorderPauseHold(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t)
	e := setup(t, rzpsim.Options{WebhookURL: rc.URL()})
	ws := e.sim.Webhook()

	// Duplicates: every event twice, with its id.
	ws.Duplicates = 2
	if err := e.sim.SetWebhook(ws); err != nil {
		t.Fatal(err)
	}
	if _, err := e.sim.Pay(e.order(1000)["id"].(string), rzpsim.MethodCard, rzpsim.OutcomeFailure); err != nil {
		t.Fatal(err)
	}
	hooks := rc.wait(2)
	if len(hooks) != 2 || hooks[0].EventID != hooks[1].EventID || string(hooks[0].Body) != string(hooks[1].Body) {
		t.Fatalf("duplicates %+v", hooks)
	}
	eventually(t, 2*time.Second, "both deliveries logged", func() bool { return len(e.sim.Deliveries()) == 2 })
	if log := e.sim.Deliveries(); log[0].Duplicate || !log[1].Duplicate || log[1].Attempt != 1 {
		t.Errorf("duplicates logged %+v", log)
	}

	// Reorder: one payment's events newest first.
	ws.Duplicates, ws.Reorder = 0, true
	if err := e.sim.SetWebhook(ws); err != nil {
		t.Fatal(err)
	}
	if _, err := e.sim.Pay(e.order(1000)["id"].(string), rzpsim.MethodCard, rzpsim.OutcomeSuccess); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(events(rc.wait(5)[2:]), " "); got != "order.paid payment.captured payment.authorized" {
		t.Errorf("reordered %s", got)
	}

	// Paused: events are dropped for good, and logged as never sent.
	ws.Reorder, ws.Paused = false, true
	if err := e.sim.SetWebhook(ws); err != nil {
		t.Fatal(err)
	}
	lostOrder := e.order(1000)["id"].(string)
	lost, _ := e.sim.Pay(lostOrder, rzpsim.MethodCard, rzpsim.OutcomeSuccess)
	ws.Paused = false
	if err := e.sim.SetWebhook(ws); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	for _, h := range rc.hooks() {
		if h.Event.Payload["payment"].Entity["id"] == lost.PaymentID {
			t.Errorf("a paused event arrived: %s", h.Event.Event)
		}
	}
	dropped := 0
	for _, d := range e.sim.Deliveries() {
		if d.PaymentID == lost.PaymentID {
			if d.Attempt != 0 || d.Status != 0 || !strings.Contains(d.Error, "paused") {
				t.Errorf("paused event logged as %+v", d)
			}
			dropped++
		}
	}
	if dropped != 3 {
		t.Errorf("%d paused events logged, want 3", dropped)
	}

	// Hold, then release with reorder: each payment's events, newest first;
	// a refund's processed event before its created one.
	ws.Hold = true
	if err := e.sim.SetWebhook(ws); err != nil {
		t.Fatal(err)
	}
	before := len(rc.hooks())
	_, payID := e.paid(5000)
	e.ok(http.MethodPost, "/v1/payments/"+payID+"/refund", nil)
	eventually(t, 5*time.Second, "the refund processed", func() bool {
		return e.ok(http.MethodGet, "/v1/payments/"+payID, nil)["status"] == "refunded"
	})
	time.Sleep(50 * time.Millisecond)
	if n := len(rc.hooks()); n != before {
		t.Fatalf("%d events arrived while held", n-before)
	}
	ws.Hold, ws.Reorder = false, true
	if err := e.sim.SetWebhook(ws); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(events(rc.wait(before + 5)[before:]), " ")
	if got != "refund.processed refund.created order.paid payment.captured payment.authorized" {
		t.Errorf("released %s", got)
	}
}

func TestWebhookSettingsRefused(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	for _, ws := range []rzpsim.WebhookSettings{
		{URL: "/relative", Secret: "s"},
		{URL: "ftp://example.in/hooks", Secret: "s"},
		{URL: "http://example.in/hooks"},
		{Duplicates: 11},
		{Duplicates: -1},
	} {
		if err := e.sim.SetWebhook(ws); err == nil {
			t.Errorf("%+v accepted", ws)
		}
	}
	// Without a URL nothing is sent or logged.
	if _, err := e.sim.Pay(e.order(1000)["id"].(string), rzpsim.MethodCard, rzpsim.OutcomeSuccess); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	if log := e.sim.Deliveries(); len(log) != 0 {
		t.Errorf("deliveries without a webhook: %+v", log)
	}
}
