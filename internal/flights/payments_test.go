package flights_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

// order is the answer to POST /me/bookings/{id}/payment.
type order struct {
	Payment struct {
		ID      string `json:"_id"`
		OrderID string `json:"orderId"`
		Amount  string `json:"amount"`
		Status  string `json:"status"`
	} `json:"payment"`
	Checkout struct {
		Action string            `json:"action"`
		Fields map[string]string `json:"fields"`
	} `json:"checkout"`
}

// tripView is GET /me/bookings/{id}.
type tripView struct {
	Booking struct {
		ID           string `json:"_id"`
		Status       string `json:"status"`
		Price        string `json:"price"`
		Paid         string `json:"paid"`
		Refunded     string `json:"refunded"`
		AmountDue    string `json:"amountDue"`
		Failure      string `json:"failure"`
		PriceChanged bool   `json:"priceChanged"`
		NewPrice     string `json:"newPrice"`
		ExtrasPrice  string `json:"extrasPrice"`
		// NewExtrasPrice is the extras' price moved at ticketing.
		NewExtrasPrice string `json:"newExtrasPrice"`
		BookingId      int64  `json:"bookingId"`
		PNR            string `json:"pnr"`
		TraceId        string `json:"traceId"`
		ResultIndex    string `json:"resultIndex"`
		Cancellation   string `json:"cancellation"`
	} `json:"booking"`
	Payments []struct {
		OrderID   string `json:"orderId"`
		Amount    string `json:"amount"`
		Status    string `json:"status"`
		Method    string `json:"method"`
		PaymentID string `json:"paymentId"`
		Failure   string `json:"failure"`
	} `json:"payments"`
	Refunds []struct {
		Amount string `json:"amount"`
		Status string `json:"status"`
		Reason string `json:"reason"`
	} `json:"refunds"`
}

func trip(t *testing.T, c *apitest.Client, id string) tripView {
	t.Helper()
	res := c.Do("GET", "/api/v1/me/bookings/"+id, nil)
	if res.StatusCode != 200 {
		t.Fatalf("GET booking = %d %s", res.StatusCode, res.Body)
	}
	var v tripView
	res.JSON(t, &v)
	return v
}

// openOrder asks for the order that pays booking id.
func openOrder(t *testing.T, c *apitest.Client, id string) order {
	t.Helper()
	res := c.Do("POST", "/api/v1/me/bookings/"+id+"/payment", nil)
	if res.StatusCode != 200 {
		t.Fatalf("payment = %d %s", res.StatusCode, res.Body)
	}
	var o order
	res.JSON(t, &o)
	return o
}

// callback posts the checkout's answer to the callback as the gateway's
// page does (a cross-site form post: no cookies) and returns where it
// sends the traveller.
func callback(t *testing.T, env *apitest.Env, form url.Values) string {
	t.Helper()
	req, _ := http.NewRequest("POST", env.URL+"/api/v1/payments/razorpay/callback", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", env.GatewayURL)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback = %d", res.StatusCode)
	}
	return res.Header.Get("Location")
}

// pay pays booking id in the gateway simulator as a traveller on its
// checkout page would (method, outcome) and returns the callback's
// redirect.
func pay(t *testing.T, env *apitest.Env, c *apitest.Client, id, method, outcome string) (order, string) {
	t.Helper()
	o := openOrder(t, c, id)
	fields, err := env.Gateway.Pay(o.Payment.OrderID, method, outcome)
	if err != nil {
		t.Fatal(err)
	}
	return o, callback(t, env, fields.Form())
}

// bookGDS books a GDS fare for c and returns its booking.
func bookGDS(t *testing.T, c *apitest.Client, lcc bool) outcome {
	t.Helper()
	s := search(t, c, "BOM", "DEL")
	r := pick(t, s, lcc)
	res := c.Do("POST", "/api/v1/flights/tbo/book", bookBody(s.Data.Response.TraceId, r.ResultIndex, lcc))
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.ID == "" {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	return b
}

func waitStatus(t *testing.T, c *apitest.Client, id string, want ...string) tripView {
	t.Helper()
	var v tripView
	waitFor(t, 20*time.Second, "booking "+strings.Join(want, " or "), func() bool {
		v = trip(t, c, id)
		for _, w := range want {
			if v.Booking.Status == w {
				return true
			}
		}
		return false
	})
	return v
}

// A traveller pays by UPI on the gateway's page and is sent back: the
// payment is recorded from the signed proof and the ticket issued without
// another request, for a full-service (GDS) and a low-cost (LCC) fare.
func TestPayThenTicket(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	for _, lcc := range []bool{false, true} {
		c := signIn(t, env, fmt.Sprintf("payer-%v@example.in", lcc))
		b := bookGDS(t, c, lcc)
		want := map[bool]string{false: "booked", true: "quoted"}[lcc]
		if b.Booking.Status != want {
			t.Fatalf("lcc=%v: booked as %s", lcc, b.Booking.Status)
		}
		// No ticket before payment, by any route.
		ours := trip(t, c, b.Booking.ID).Booking
		ticket := map[string]any{"bookingId": b.Booking.BookingId, "pnr": b.Booking.PNR, "traceId": ours.TraceId}
		if lcc {
			ticket = map[string]any{"isLCC": true, "traceId": ours.TraceId, "resultIndex": ours.ResultIndex}
		}
		res := c.Do("POST", "/api/v1/flights/tbo/ticket", ticket)
		if code, msg := res.Error(t); res.StatusCode != 402 || code != "payment_required" || msg != "Please pay for this booking before the ticket is issued." {
			t.Fatalf("lcc=%v: unpaid ticket = %d %s", lcc, res.StatusCode, res.Body)
		}

		before := trip(t, c, b.Booking.ID)
		if before.Booking.AmountDue != before.Booking.Price || before.Booking.Paid != "" && before.Booking.Paid != "0" {
			t.Fatalf("lcc=%v: due %q of %q, paid %q", lcc, before.Booking.AmountDue, before.Booking.Price, before.Booking.Paid)
		}
		o, to := pay(t, env, c, b.Booking.ID, "upi", "success")
		if to != "/flights/booking/"+b.Booking.ID+"?payment=paid" {
			t.Fatalf("callback sends the traveller to %q", to)
		}
		// The order is for the server's fare, in paise, with the booking as
		// its receipt.
		if o.Payment.Amount != before.Booking.Price {
			t.Fatalf("order of %s for a fare of %s", o.Payment.Amount, before.Booking.Price)
		}
		var rec rzpsim.OrderRecord
		for _, x := range env.Gateway.Orders() {
			if x.Order.ID == o.Payment.OrderID {
				rec = x
			}
		}
		if rec.Order.Receipt == nil || *rec.Order.Receipt != b.Booking.ID || rec.Order.Amount != decimal.RequireFromString(before.Booking.Price).Shift(2).IntPart() {
			t.Fatalf("gateway order %+v for booking %s of %s", rec.Order, b.Booking.ID, before.Booking.Price)
		}
		v := waitStatus(t, c, b.Booking.ID, "ticketed")
		if v.Booking.Paid != before.Booking.Price || len(v.Payments) != 1 || v.Payments[0].Status != "paid" || v.Payments[0].Method != "upi" || v.Booking.AmountDue != "" {
			t.Fatalf("lcc=%v: after payment %+v", lcc, v)
		}
	}
}

// A failed payment is shown in the gateway's words and retried on the same
// order; My Payments lists both attempts' order and the refund-free paid
// state, and nothing of another user's.
func TestFailedPaymentRetriedOnTheSameOrder(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signIn(t, env, "retry@example.in")
	b := bookGDS(t, c, false)
	o, to := pay(t, env, c, b.Booking.ID, "card", "failure")
	if to != "/flights/booking/"+b.Booking.ID+"?payment=failed" {
		t.Fatalf("failed callback sends the traveller to %q", to)
	}
	v := trip(t, c, b.Booking.ID)
	if v.Booking.Status != "booked" || len(v.Payments) != 1 || v.Payments[0].Status != "attempted" || v.Payments[0].Failure == "" {
		t.Fatalf("after a failed payment: %+v", v)
	}
	again := openOrder(t, c, b.Booking.ID)
	if again.Payment.OrderID != o.Payment.OrderID {
		t.Fatalf("retry opened order %s, not %s", again.Payment.OrderID, o.Payment.OrderID)
	}
	if fields, err := env.Gateway.Pay(again.Payment.OrderID, "netbanking", "success"); err != nil {
		t.Fatal(err)
	} else {
		callback(t, env, fields.Form())
	}
	waitStatus(t, c, b.Booking.ID, "ticketed")

	var mine struct {
		Payments []struct {
			OrderID, Status, Method string
			Trip                    struct{ Origin, Destination string }
		}
		Refunds []any
	}
	c.Do("GET", "/api/v1/me/payments", nil).JSON(t, &mine)
	if len(mine.Payments) != 1 || mine.Payments[0].Status != "paid" || mine.Payments[0].Method != "netbanking" ||
		mine.Payments[0].Trip.Origin != "BOM" || len(mine.Refunds) != 0 {
		t.Fatalf("my payments %+v", mine)
	}
	other := signIn(t, env, "nosy@example.in")
	other.Do("GET", "/api/v1/me/payments", nil).JSON(t, &mine)
	if len(mine.Payments) != 0 {
		t.Fatal("another user sees the payment")
	}
	if res := other.Do("POST", "/api/v1/me/bookings/"+b.Booking.ID+"/payment", nil); res.StatusCode != 404 {
		t.Fatalf("another user's payment = %d", res.StatusCode)
	}
	// A paid booking is not paid twice.
	if res := c.Do("POST", "/api/v1/me/bookings/"+b.Booking.ID+"/payment", nil); res.StatusCode != 409 {
		t.Fatalf("second payment = %d %s", res.StatusCode, res.Body)
	}
}

// A callback whose signature does not check (one character changed, or
// signed with another secret) records nothing and tickets nothing.
func TestForgedCallbackChangesNothing(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{NoWebhooks: true})
	c := signIn(t, env, "forge@example.in")
	b := bookGDS(t, c, false)
	o := openOrder(t, c, b.Booking.ID)
	fields, err := env.Gateway.Pay(o.Payment.OrderID, "upi", "success")
	if err != nil {
		t.Fatal(err)
	}
	sig := []byte(fields.Signature)
	sig[3] ^= 1
	for _, form := range []url.Values{
		{"razorpay_payment_id": {fields.PaymentID}, "razorpay_order_id": {fields.OrderID}, "razorpay_signature": {string(sig)}},
		{"razorpay_payment_id": {fields.PaymentID}, "razorpay_order_id": {fields.OrderID}, "razorpay_signature": {rzpsim.Sign("guessed", fields.OrderID, fields.PaymentID)}},
	} {
		if to := callback(t, env, form); !strings.HasSuffix(to, "?payment=unverified") {
			t.Fatalf("forged callback sends the traveller to %q", to)
		}
	}
	time.Sleep(300 * time.Millisecond)
	v := trip(t, c, b.Booking.ID)
	if v.Booking.Status != "booked" || v.Payments[0].Status == "paid" {
		t.Fatalf("a forged callback paid the booking: %+v", v)
	}
}

// webhook sends body signed with secret as the gateway would.
func webhook(t *testing.T, env *apitest.Env, id string, body []byte, secret string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", env.URL+"/api/v1/payments/razorpay/webhook", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Razorpay-Event-Id", id)
	req.Header.Set("X-Razorpay-Signature", rzpsim.SignWebhook(secret, body))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct{ Result, Error string }
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out.Result + out.Error
}

func event(name, orderID, paymentID string, amount int64, status string) []byte {
	b, _ := json.Marshal(map[string]any{"entity": "event", "account_id": "acc_test", "event": name, "contains": []string{"payment"},
		"payload": map[string]any{"payment": map[string]any{"entity": map[string]any{
			"id": paymentID, "entity": "payment", "order_id": orderID, "amount": amount, "currency": "INR", "status": status, "method": "upi",
			"error_description": map[bool]any{true: "Payment failed", false: nil}[status == "failed"]}}},
		"created_at": time.Now().Unix()})
	return b
}

// Webhooks cannot be forged or double-counted: a bad signature is refused
// before anything is read; an event is applied once whatever the number of
// deliveries; a late failure of an earlier attempt does not undo a payment;
// an event about an order we do not hold is acknowledged and ignored.
func TestWebhooksAppliedOnceInAnyOrder(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{NoWebhooks: true})
	c := signIn(t, env, "hooks@example.in")
	b := bookGDS(t, c, false)
	o := openOrder(t, c, b.Booking.ID)
	amount := decimal.RequireFromString(o.Payment.Amount).Shift(2).IntPart()

	captured := event("payment.captured", o.Payment.OrderID, "pay_Hook0000000001", amount, "captured")
	if code, r := webhook(t, env, "evtForged00001", captured, "not-the-secret"); code != 400 || r != "bad_signature" {
		t.Fatalf("forged webhook = %d %s", code, r)
	}
	if v := trip(t, c, b.Booking.ID); v.Payments[0].Status == "paid" {
		t.Fatal("a forged webhook paid the order")
	}
	// Too little for the order: ignored.
	short := event("payment.captured", o.Payment.OrderID, "pay_Hook0000000002", amount-100, "captured")
	if code, r := webhook(t, env, "evtShort000001", short, rzpsim.DefaultWebhookSecret); code != 200 || r != "ignored" {
		t.Fatalf("short payment = %d %s", code, r)
	}
	if code, r := webhook(t, env, "evtCapture0001", captured, rzpsim.DefaultWebhookSecret); code != 200 || r != "applied" {
		t.Fatalf("capture = %d %s", code, r)
	}
	if code, r := webhook(t, env, "evtCapture0001", captured, rzpsim.DefaultWebhookSecret); code != 200 || r != "duplicate" {
		t.Fatalf("the same event again = %d %s", code, r)
	}
	// order.paid for the same payment: a new event, nothing new to do.
	if code, r := webhook(t, env, "evtOrderPaid01", event("order.paid", o.Payment.OrderID, "pay_Hook0000000001", amount, "captured"), rzpsim.DefaultWebhookSecret); code != 200 || r != "ignored" {
		t.Fatalf("order.paid after capture = %d %s", code, r)
	}
	failed := event("payment.failed", o.Payment.OrderID, "pay_Hook0000000000", amount, "failed")
	if code, r := webhook(t, env, "evtLateFail001", failed, rzpsim.DefaultWebhookSecret); code != 200 || r != "ignored" {
		t.Fatalf("a late failure = %d %s", code, r)
	}
	if code, r := webhook(t, env, "evtUnknown0001", event("payment.captured", "order_NotOurs0000001", "pay_X", 100, "captured"), rzpsim.DefaultWebhookSecret); code != 200 || r != "ignored" {
		t.Fatalf("another merchant's order = %d %s", code, r)
	}
	v := waitStatus(t, c, b.Booking.ID, "ticketed")
	if len(v.Payments) != 1 || v.Payments[0].PaymentID != "pay_Hook0000000001" || v.Payments[0].Status != "paid" {
		t.Fatalf("after the webhooks: %+v", v)
	}
	var n int
	if err := env.DB.QueryRow(context.Background(), `SELECT count(*) FROM booking_events WHERE booking_id = $1 AND note LIKE 'paid %'`, uuid.MustParse(b.Booking.ID)).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d payment events recorded (%v), want 1", n, err)
	}
}

// The traveller closes the tab after paying: the gateway's own webhook,
// duplicated and out of order, finishes the booking.
func TestTabClosedAfterPaying(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	if err := env.Gateway.SetWebhook(rzpsim.WebhookSettings{URL: env.URL + "/api/v1/payments/razorpay/webhook",
		Secret: rzpsim.DefaultWebhookSecret, Duplicates: 2, Reorder: true}); err != nil {
		t.Fatal(err)
	}
	c := signIn(t, env, "tab@example.in")
	b := bookGDS(t, c, true)
	o := openOrder(t, c, b.Booking.ID)
	if _, err := env.Gateway.Pay(o.Payment.OrderID, "upi", "success"); err != nil {
		t.Fatal(err)
	}
	// No callback: the tab is gone.
	waitStatus(t, c, b.Booking.ID, "ticketed")
}

// paidAtGatewayOnly books a full-service fare for a new user and pays it at
// the gateway by method, in a world where the gateway's news never comes
// back: no callback (the tab is gone) and no webhooks.
func paidAtGatewayOnly(t *testing.T, email, method string) (*apitest.Env, *apitest.Client, outcome) {
	t.Helper()
	env := apitest.New(t, apitest.Options{NoWebhooks: true})
	c := signIn(t, env, email)
	b := bookGDS(t, c, false)
	o := openOrder(t, c, b.Booking.ID)
	if _, err := env.Gateway.Pay(o.Payment.OrderID, method, "success"); err != nil {
		t.Fatal(err)
	}
	return env, c, b
}

// No callback and no webhook (the gateway's webhooks never arrive): the
// background check of unpaid orders finds the payment at the gateway.
func TestPaymentFoundWithoutCallbackOrWebhook(t *testing.T) {
	t.Parallel()
	env, c, b := paidAtGatewayOnly(t, "silent@example.in", "card")
	env.WorkJobs(t)
	v := waitStatus(t, c, b.Booking.ID, "ticketed")
	if v.Payments[0].Method != "card" {
		t.Fatalf("payment %+v", v.Payments[0])
	}
}

// A ticket request finds the traveller's payment at the gateway, records
// it, and its process dies before the ticket starts (no lease is held yet,
// so the sweep has nothing to find). The booking is paid with nobody left
// on it; the settle job written with the payment is the net: it waits
// long enough not to race a live request, then issues the ticket, once.
func TestAPaymentATicketRequestFoundIsTicketedIfTheRequestDies(t *testing.T) {
	t.Parallel()
	env, c, b := paidAtGatewayOnly(t, "diedafterpaying@example.in", "upi")
	// What the ticket request does before its ticket: ask the gateway.
	id := uuid.MustParse(b.Booking.ID)
	if _, err := env.Checkout.Confirm(context.Background(), id, checkout.SourceTicket); err != nil {
		t.Fatal(err)
	}
	var due time.Time
	if err := env.DB.QueryRow(context.Background(), `SELECT scheduled_at FROM river_job
		WHERE kind = 'booking.settle' AND args->>'booking_id' = $1 AND state = 'scheduled'`, b.Booking.ID).Scan(&due); err != nil {
		t.Fatalf("the settle job of a payment a ticket request found: %v", err)
	}
	if wait := time.Until(due); wait < 20*time.Second || wait > 31*time.Second {
		t.Fatalf("the settle job is due in %s; want about 30 s, behind the request that found the payment", wait)
	}
	if v := trip(t, c, b.Booking.ID); v.Booking.Status != "booked" || v.Payments[0].Status != "paid" {
		t.Fatalf("after the request died: %s with payment %s; want booked and paid", v.Booking.Status, v.Payments[0].Status)
	}

	tickets := env.Sim.Calls("Ticket")
	env.WorkJobs(t)
	v := waitStatus(t, c, b.Booking.ID, "ticketed")
	if len(v.Refunds) != 0 {
		t.Fatalf("refunds %+v; want none", v.Refunds)
	}
	env.WorkJobs(t)
	if n := env.Sim.Calls("Ticket") - tickets; n != 1 {
		t.Fatalf("%d tickets asked of the supplier; want 1", n)
	}
}

// waitRefund waits until the booking's refund reaches status.
func waitRefund(t *testing.T, c *apitest.Client, id, status string) tripView {
	t.Helper()
	var v tripView
	waitFor(t, 20*time.Second, "refund "+status, func() bool {
		v = trip(t, c, id)
		return len(v.Refunds) == 1 && v.Refunds[0].Status == status
	})
	return v
}

// The airline refuses the ticket after the traveller paid: the booking
// ends failed with a reason, the held seats are released, and the payment
// is refunded in full (the gateway's refund.processed webhook ends it).
func TestTicketRefusedAfterPaymentIsRefunded(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: header("Ticket", "X-Sim-Error", "true"),
		Gateway: rzpsim.Options{RefundDelay: 200 * time.Millisecond}})
	c := signIn(t, env, "refund@example.in")
	b := bookGDS(t, c, false)
	pay(t, env, c, b.Booking.ID, "upi", "success")
	v := waitStatus(t, c, b.Booking.ID, "failed")
	if !strings.Contains(v.Booking.Failure, "refunded") {
		t.Fatalf("failure %q does not say the money comes back", v.Booking.Failure)
	}
	v = waitRefund(t, c, b.Booking.ID, "processed")
	if v.Refunds[0].Amount != v.Booking.Price || v.Booking.Refunded != v.Booking.Price {
		t.Fatalf("refunded %s of %s (%+v)", v.Refunds[0].Amount, v.Booking.Price, v.Refunds)
	}
	// The gateway holds one refund of the whole payment, and the supplier
	// no longer holds the seats.
	for _, rec := range env.Gateway.Orders() {
		if rec.Order.ID != v.Payments[0].OrderID {
			continue
		}
		if len(rec.Payments) != 1 || rec.Payments[0].AmountRefunded != rec.Order.Amount || len(rec.Refunds) != 1 {
			t.Fatalf("gateway record %+v", rec)
		}
	}
	if !supplierReleased(t, env, v.Booking.BookingId) {
		t.Fatal("the seats of a refused, refunded booking are still held")
	}
}

// supplierReleased reports whether the simulator holds the booking as
// released.
func supplierReleased(t *testing.T, env *apitest.Env, bookingID int64) bool {
	t.Helper()
	for _, b := range env.Sim.Bookings() {
		if int64(b.BookingID) == bookingID {
			return b.Released
		}
	}
	t.Fatalf("the simulator holds no booking %d", bookingID)
	return false
}

// A booking not paid in time expires and its held seats are released; a
// payment that still arrives afterwards is refunded in full.
func TestUnpaidBookingExpiresAndALatePaymentIsRefunded(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{NoWebhooks: true, Gateway: rzpsim.Options{RefundDelay: 100 * time.Millisecond}})
	c := signIn(t, env, "late@example.in")
	b := bookGDS(t, c, false)
	o := openOrder(t, c, b.Booking.ID)
	env.Clock.Advance(payment.DefaultPayWithin + time.Second)
	env.WorkJobs(t)
	v := trip(t, c, b.Booking.ID)
	if v.Booking.Status != "expired" {
		t.Fatalf("unpaid booking past its time: %s", v.Booking.Status)
	}
	if !supplierReleased(t, env, v.Booking.BookingId) {
		t.Fatal("an expired booking's seats are still held")
	}
	if res := c.Do("POST", "/api/v1/me/bookings/"+b.Booking.ID+"/payment", nil); res.StatusCode != 409 {
		t.Fatalf("paying an expired booking = %d", res.StatusCode)
	}
	// The traveller's UPI app approves the old order late.
	fields, err := env.Gateway.Pay(o.Payment.OrderID, "upi", "success")
	if err != nil {
		t.Fatal(err)
	}
	callback(t, env, fields.Form())
	env.Clock.Advance(time.Minute) // past the time left to the callback's own settle
	env.WorkJobs(t)
	v = trip(t, c, b.Booking.ID)
	if v.Booking.Status != "expired" || len(v.Refunds) != 1 || !strings.Contains(v.Refunds[0].Reason, "after the booking expired") {
		t.Fatalf("late payment: %+v", v)
	}
}

// Before expiring, the gateway is asked: a payment made but not yet
// reported is recorded and the booking ticketed, not expired.
func TestExpiryAsksTheGatewayFirst(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{NoWebhooks: true})
	c := signIn(t, env, "justintime@example.in")
	b := bookGDS(t, c, true)
	o := openOrder(t, c, b.Booking.ID)
	if _, err := env.Gateway.Pay(o.Payment.OrderID, "wallet", "success"); err != nil {
		t.Fatal(err)
	}
	env.Clock.Advance(payment.DefaultPayWithin + time.Second)
	env.WorkJobs(t)
	waitStatus(t, c, b.Booking.ID, "ticketed")
}

// The fare moves at ticketing after the traveller paid: the booking waits
// with the new fare; paying the difference issues the ticket at it.
// Declining (cancel) refunds everything paid and releases the seats.
func TestMovedFareAfterPayment(t *testing.T) {
	t.Parallel()
	var moved atomic.Bool
	moved.Store(true)
	env := apitest.New(t, apitest.Options{Gateway: rzpsim.Options{RefundDelay: 100 * time.Millisecond},
		SimMiddleware: func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if isCall(r, "Ticket") && r.Header.Get("X-Sim-Price-Change") == "" {
					r.Header.Set("X-Sim-Price-Change", fmt.Sprint(moved.Load()))
				}
				next.ServeHTTP(w, r)
			})
		}})
	for _, accept := range []bool{true, false} {
		c := signIn(t, env, fmt.Sprintf("moved-%v@example.in", accept))
		b := bookGDS(t, c, false)
		pay(t, env, c, b.Booking.ID, "upi", "success")
		var v tripView
		waitFor(t, 20*time.Second, "the moved fare", func() bool {
			v = trip(t, c, b.Booking.ID)
			return v.Booking.PriceChanged
		})
		if v.Booking.Status != "booked" || v.Booking.NewPrice == "" || v.Booking.AmountDue == "" || v.Booking.AmountDue == "0" {
			t.Fatalf("after the fare moved: %+v", v.Booking)
		}
		if !accept {
			res := c.Do("POST", "/api/v1/me/bookings/"+b.Booking.ID+"/cancel", nil)
			if res.StatusCode != 200 {
				t.Fatalf("cancel = %d %s", res.StatusCode, res.Body)
			}
			v = waitRefund(t, c, b.Booking.ID, "processed")
			if v.Booking.Status != "cancelled" || v.Refunds[0].Amount != v.Booking.Price || !supplierReleased(t, env, v.Booking.BookingId) {
				t.Fatalf("cancelled: %+v", v)
			}
			continue
		}
		o := openOrder(t, c, b.Booking.ID)
		if o.Payment.Amount != v.Booking.AmountDue {
			t.Fatalf("difference order of %s, due %s", o.Payment.Amount, v.Booking.AmountDue)
		}
		moved.Store(false)
		fields, err := env.Gateway.Pay(o.Payment.OrderID, "upi", "success")
		if err != nil {
			t.Fatal(err)
		}
		callback(t, env, fields.Form())
		newFare := v.Booking.NewPrice
		v = waitStatus(t, c, b.Booking.ID, "ticketed")
		if len(v.Payments) != 2 || v.Booking.Paid != newFare || v.Booking.Price != newFare {
			t.Fatalf("ticketed at the new fare %s: %+v", newFare, v)
		}
		moved.Store(true)
	}
}

// payFor pays what booking id owes (by UPI, successfully), for tests of
// what comes after payment.
func payFor(t *testing.T, env *apitest.Env, c *apitest.Client, id string) {
	t.Helper()
	if _, to := pay(t, env, c, id, "upi", "success"); !strings.HasSuffix(to, "?payment=paid") {
		t.Fatalf("paying booking %s sent the traveller to %q", id, to)
	}
}

// A ticket request on a booking paid at the gateway whose news has not
// arrived (no callback, no webhook yet) asks the gateway and tickets.
func TestTicketRequestFindsAPaymentOnItsWay(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{NoWebhooks: true, TicketOnRequest: true})
	c := signIn(t, env, "onitsway@example.in")
	b := bookGDS(t, c, false)
	o := openOrder(t, c, b.Booking.ID)
	if _, err := env.Gateway.Pay(o.Payment.OrderID, "upi", "success"); err != nil {
		t.Fatal(err)
	}
	v := trip(t, c, b.Booking.ID)
	res := c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": v.Booking.BookingId, "pnr": v.Booking.PNR, "traceId": v.Booking.TraceId})
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" {
		t.Fatalf("ticket after paying = %d %s", res.StatusCode, truncate(res.Body))
	}
}
