package rzpsim_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

// merchant is the merchant's site: it serves the callback the checkout
// posts to and records what arrives.
type merchant struct {
	srv *httptest.Server

	mu    sync.Mutex
	posts []url.Values
}

func newMerchant(t *testing.T) *merchant {
	t.Helper()
	m := &merchant{}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/payments/callback" {
			http.Error(w, "unexpected "+r.Method+" "+r.URL.Path, http.StatusNotFound)
			return
		}
		if err := r.ParseForm(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		m.mu.Lock()
		m.posts = append(m.posts, r.PostForm)
		m.mu.Unlock()
		_, _ = io.WriteString(w, "thank you")
	}))
	t.Cleanup(m.srv.Close)
	return m
}

func (m *merchant) callbackURL() string { return m.srv.URL + "/payments/callback?booking=PT-7Q2" }

func (m *merchant) received() []url.Values {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]url.Values(nil), m.posts...)
}

// page is an HTML answer of the checkout.
type page struct {
	status int
	url    string
	body   string
}

// browser sends requests as a browser following the checkout would (it
// follows the redirect after paying).
func (e *env) browser(method, target string, form url.Values) page {
	e.t.Helper()
	if !strings.HasPrefix(target, "http") {
		target = e.srv.URL + target
	}
	var resp *http.Response
	var err error
	if method == http.MethodPost {
		resp, err = e.srv.Client().PostForm(target, form)
	} else {
		resp, err = e.srv.Client().Get(target)
	}
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, target, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return page{status: resp.StatusCode, url: resp.Request.URL.String(), body: string(b)}
}

// openCheckout posts the merchant's hosted-checkout form for an order.
func (e *env) openCheckout(orderID, callback string, extra ...string) page {
	e.t.Helper()
	form := url.Values{
		"key_id": {rzpsim.DefaultKeyID}, "order_id": {orderID}, "name": {"Paryatan Travels"},
		"description": {"Flight DEL → BOM, 14 March"}, "prefill[name]": {"Arjun Mehta"},
		"prefill[email]": {"arjun@example.in"}, "prefill[contact]": {"+919820012345"},
		"callback_url": {callback}, "cancel_url": {"https://paryatan.example/booking/PT-7Q2?cancelled=1"},
		"notes[booking]": {"PT-7Q2"},
	}
	for i := 0; i+1 < len(extra); i += 2 {
		form.Set(extra[i], extra[i+1])
	}
	return e.browser(http.MethodPost, "/v1/checkout/embedded", form)
}

var (
	formPattern  = regexp.MustCompile(`<form method="(post|get)" action="([^"]*)"[^>]*>`)
	inputPattern = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

// form returns the action of the page's first form and its hidden fields.
func (p page) form(t *testing.T) (string, url.Values) {
	t.Helper()
	m := formPattern.FindStringSubmatch(p.body)
	if m == nil {
		t.Fatalf("no form on the page (HTTP %d):\n%s", p.status, p.body)
	}
	fields := url.Values{}
	for _, in := range inputPattern.FindAllStringSubmatch(p.body, -1) {
		fields.Add(html.UnescapeString(in[1]), html.UnescapeString(in[2]))
	}
	return html.UnescapeString(m[2]), fields
}

// pay submits the payment page with the tester's choices.
func (e *env) pay(checkout page, choices ...string) page {
	e.t.Helper()
	action, fields := checkout.form(e.t)
	if action != "/v1/checkout/embedded/pay" {
		e.t.Fatalf("the payment form posts to %q", action)
	}
	for i := 0; i+1 < len(choices); i += 2 {
		fields.Set(choices[i], choices[i+1])
	}
	return e.browser(http.MethodPost, action, fields)
}

// submit posts a result page's form where it points, as its script does.
func (e *env) submit(result page) page {
	e.t.Helper()
	action, fields := result.form(e.t)
	resp, err := http.PostForm(action, fields)
	if err != nil {
		e.t.Fatalf("posting to the callback %s: %v", action, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return page{status: resp.StatusCode, url: action, body: string(b)}
}

func TestCheckoutSuccessPostsSignedCallback(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	m := newMerchant(t)
	orderID := e.order(123450)["id"].(string)

	checkout := e.openCheckout(orderID, m.callbackURL())
	if checkout.status != http.StatusOK {
		t.Fatalf("checkout: HTTP %d\n%s", checkout.status, checkout.body)
	}
	for _, want := range []string{"<title>Razorpay (simulator)</title>", "<h1>Paryatan Travels</h1>",
		"Flight DEL → BOM, 14 March", "₹1,234.50", `value="success@razorpay"`, `value="4111 1111 1111 1111"`,
		`<option value="ICIC"`, `href="https://paryatan.example/booking/PT-7Q2?cancelled=1"`, "Pay ₹1,234.50"} {
		if !strings.Contains(checkout.body, want) {
			t.Errorf("the checkout page lacks %q", want)
		}
	}
	checkAccessible(t, checkout.body)

	result := e.pay(checkout, "method", "card", "outcome", "success", "card_number", "5555 5555 5555 4444")
	if result.status != http.StatusOK || !strings.Contains(result.body, "<h1>Payment successful</h1>") ||
		!strings.Contains(result.body, `<button type="submit">Continue</button>`) ||
		!strings.Contains(result.body, `document.getElementById("callback").submit()`) {
		t.Fatalf("result page (HTTP %d):\n%s", result.status, result.body)
	}
	action, fields := result.form(t)
	if action != m.callbackURL() {
		t.Errorf("the result posts to %q, want exactly the callback_url %q", action, m.callbackURL())
	}
	if got := e.submit(result); got.status != http.StatusOK {
		t.Fatalf("callback answered %d", got.status)
	}
	posts := m.received()
	if len(posts) != 1 {
		t.Fatalf("callback posts: %v", posts)
	}
	post := posts[0]
	payID := post.Get("razorpay_payment_id")
	if post.Get("razorpay_order_id") != orderID || !strings.HasPrefix(payID, "pay_") || len(post) != 3 ||
		post.Get("razorpay_signature") != fields.Get("razorpay_signature") {
		t.Fatalf("callback fields %v", post)
	}
	// The merchant verifies the signature with its key secret, as
	// Razorpay's documentation says; one changed character fails.
	sig := post.Get("razorpay_signature")
	if !verifySignature(rzpsim.DefaultKeySecret, orderID, payID, sig) {
		t.Errorf("signature %s does not verify", sig)
	}
	flipped := sig[:10] + string(sig[10]^1) + sig[11:]
	for _, bad := range []struct{ secret, order, payment, sig string }{
		{rzpsim.DefaultKeySecret, orderID, payID, flipped},
		{rzpsim.DefaultKeySecret, orderID, payID[:len(payID)-1] + "X", sig},
		{rzpsim.DefaultKeySecret, "order_" + strings.Repeat("0", 14), payID, sig},
		{rzpsim.DefaultKeySecret + "x", orderID, payID, sig},
	} {
		if verifySignature(bad.secret, bad.order, bad.payment, bad.sig) {
			t.Errorf("verifies with a change: %+v", bad)
		}
	}

	// The payment: captured (the order captures automatically), card
	// details reduced to network and last four digits, fee and tax set.
	p := e.ok(http.MethodGet, "/v1/payments/"+payID, nil)
	card, _ := p["card"].(map[string]any)
	if p["status"] != "captured" || p["captured"] != true || p["method"] != "card" || p["order_id"] != orderID ||
		p["amount"] != 123450.0 || card["network"] != "MasterCard" || card["last4"] != "4444" ||
		p["card_id"] != card["id"] || p["email"] != "arjun@example.in" || p["contact"] != "+919820012345" ||
		p["description"] != "Flight DEL → BOM, 14 March" || p["fee"] != 2913.0 || p["tax"] != 444.0 ||
		p["refund_status"] != nil || p["error_code"] != nil || p["notes"].(map[string]any)["booking"] != "PT-7Q2" {
		t.Errorf("payment %v", p)
	}
	if strings.Contains(result.body+checkout.body, "5555555555554444") || strings.Contains(jsonText(t, e.sim.Orders()), "5555") {
		t.Error("the full card number was kept somewhere")
	}
	o := e.ok(http.MethodGet, "/v1/orders/"+orderID, nil)
	if o["status"] != "paid" || o["amount_paid"] != 123450.0 || o["amount_due"] != 0.0 || o["attempts"] != 1.0 {
		t.Errorf("order %v", o)
	}

	// A paid order cannot be paid again, in the browser or otherwise.
	again := e.openCheckout(orderID, m.callbackURL())
	if again.status != http.StatusBadRequest || !strings.Contains(again.body, "Payment already done for this order.") {
		t.Errorf("a second checkout of a paid order: HTTP %d\n%s", again.status, again.body)
	}
	if repeat := e.pay(checkout, "method", "upi", "outcome", "success"); repeat.status != http.StatusBadRequest {
		t.Errorf("paying twice from one page: HTTP %d", repeat.status)
	}
	if _, err := e.sim.Pay(orderID, rzpsim.MethodUPI, rzpsim.OutcomeSuccess); err != rzpsim.ErrOrderPaid {
		t.Errorf("Pay on a paid order: %v", err)
	}
}

func TestCheckoutFailurePostsErrorFields(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	m := newMerchant(t)
	orderID := e.order(50000)["id"].(string)

	result := e.pay(e.openCheckout(orderID, m.callbackURL()), "method", "netbanking", "bank", "SBIN", "outcome", "failure")
	if !strings.Contains(result.body, "<h1>Payment failed</h1>") {
		t.Fatalf("result page:\n%s", result.body)
	}
	e.submit(result)
	post := m.received()[0]
	meta := post.Get("error[metadata]")
	var metadata map[string]string
	if err := jsonUnmarshal(meta, &metadata); err != nil || metadata["order_id"] != orderID || !strings.HasPrefix(metadata["payment_id"], "pay_") {
		t.Fatalf("error[metadata] %q: %v", meta, err)
	}
	if post.Get("error[code]") != "BAD_REQUEST_ERROR" || post.Get("error[description]") != "Payment failed" ||
		post.Get("error[source]") != "bank" || post.Get("error[step]") != "payment_authorization" ||
		post.Get("error[reason]") != "payment_failed" || post.Has("razorpay_signature") {
		t.Errorf("failure callback %v", post)
	}
	p := e.ok(http.MethodGet, "/v1/payments/"+metadata["payment_id"], nil)
	if p["status"] != "failed" || p["bank"] != "SBIN" || p["captured"] != false || p["error_reason"] != "payment_failed" ||
		p["error_description"] != "Payment failed" || p["fee"] != nil {
		t.Errorf("failed payment %v", p)
	}
	if o := e.ok(http.MethodGet, "/v1/orders/"+orderID, nil); o["status"] != "attempted" || o["attempts"] != 1.0 || o["amount_paid"] != 0.0 {
		t.Errorf("order after a failure %v", o)
	}

	// The order can be paid after a failure; every attempt is listed,
	// newest first. failure@razorpay fails whatever outcome is chosen.
	second := e.pay(e.openCheckout(orderID, m.callbackURL()), "method", "upi", "vpa", "failure@razorpay", "outcome", "success")
	if !strings.Contains(second.body, "Payment failed") {
		t.Errorf("failure@razorpay did not fail:\n%s", second.body)
	}
	third := e.pay(e.openCheckout(orderID, m.callbackURL()), "method", "wallet", "wallet", "phonepe", "outcome", "success")
	if !strings.Contains(third.body, "Payment successful") {
		t.Errorf("third attempt:\n%s", third.body)
	}
	list := e.ok(http.MethodGet, "/v1/orders/"+orderID+"/payments", nil)
	items, _ := list["items"].([]any)
	if list["entity"] != "collection" || list["count"] != 3.0 || len(items) != 3 {
		t.Fatalf("payments of the order %v", list)
	}
	newest, oldest := items[0].(map[string]any), items[2].(map[string]any)
	if newest["status"] != "captured" || newest["wallet"] != "phonepe" || oldest["id"] != metadata["payment_id"] ||
		items[1].(map[string]any)["vpa"] != "failure@razorpay" {
		t.Errorf("payments, newest first: %v", items)
	}
	if o := e.ok(http.MethodGet, "/v1/orders/"+orderID, nil); o["attempts"] != 3.0 || o["status"] != "paid" {
		t.Errorf("order %v", o)
	}
}

func TestCheckoutPendingCompletesByItself(t *testing.T) {
	t.Parallel()
	rc := newReceiver(t)
	e := setup(t, rzpsim.Options{WebhookURL: rc.URL()})
	m := newMerchant(t)
	orderID := e.order(75000)["id"].(string)

	waiting := e.pay(e.openCheckout(orderID, m.callbackURL()), "method", "upi", "vpa", "arjun@okhdfc", "outcome", "pending")
	if waiting.status != http.StatusOK || !strings.Contains(waiting.body, "Waiting for your UPI app to approve…") ||
		!strings.Contains(waiting.body, "arjun@okhdfc") {
		t.Fatalf("waiting page (HTTP %d):\n%s", waiting.status, waiting.body)
	}
	paymentID := regexp.MustCompile(`name="payment" value="(pay_[A-Za-z0-9]+)"`).FindStringSubmatch(waiting.body)
	if paymentID == nil {
		t.Fatalf("no payment on the waiting page:\n%s", waiting.body)
	}
	if p := e.ok(http.MethodGet, "/v1/payments/"+paymentID[1], nil); p["status"] != "created" || p["vpa"] != "arjun@okhdfc" {
		t.Errorf("pending payment %v", p)
	}
	if o := e.ok(http.MethodGet, "/v1/orders/"+orderID, nil); o["status"] != "attempted" {
		t.Errorf("order while pending %v", o)
	}
	// The page polls the status endpoint its script names.
	statusURL := regexp.MustCompile(`statusURL = "([^"]+)"`).FindStringSubmatch(waiting.body)
	if statusURL == nil {
		t.Fatalf("no status URL in the waiting page's script:\n%s", waiting.body)
	}
	poll := strings.ReplaceAll(statusURL[1], `\u0026`, "&")
	poll = strings.ReplaceAll(poll, `\/`, "/")
	if st := e.browser(http.MethodGet, poll, nil); !strings.Contains(st.body, `"done":false`) {
		t.Errorf("status while pending: %s", st.body)
	}
	if len(rc.hooks()) != 0 {
		t.Errorf("webhooks before the payment completed: %v", events(rc.hooks()))
	}

	// Nobody touches the page: the payment completes after the delay and
	// the webhooks go out anyway.
	hooks := rc.wait(3)
	if got := strings.Join(events(hooks), " "); got != "payment.authorized payment.captured order.paid" {
		t.Errorf("events %s", got)
	}
	if st := e.browser(http.MethodGet, poll, nil); !strings.Contains(st.body, `"done":true`) || !strings.Contains(st.body, `"captured"`) {
		t.Errorf("status after completion: %s", st.body)
	}
	// The page then goes to the result, which posts the success.
	action, fields := waiting.form(t)
	result := e.browser(http.MethodGet, action+"?"+fields.Encode(), nil)
	if !strings.Contains(result.body, "Payment successful") {
		t.Fatalf("result after completion:\n%s", result.body)
	}
	e.submit(result)
	post := m.received()[0]
	if post.Get("razorpay_payment_id") != paymentID[1] ||
		post.Get("razorpay_signature") != rzpsim.Sign(rzpsim.DefaultKeySecret, orderID, paymentID[1]) {
		t.Errorf("callback after a pending payment %v", post)
	}
}

func TestCheckoutRefusals(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	m := newMerchant(t)
	orderID := e.order(10000)["id"].(string)
	for _, tc := range []struct {
		name  string
		extra []string
		want  string
	}{
		{"unknown key", []string{"key_id", "rzp_test_SomeoneElse0001"}, "The api key provided is invalid"},
		{"unknown order", []string{"order_id", "order_00000000000000"}, "The id provided does not exist"},
		{"relative callback", []string{"callback_url", "/payments/callback"}, "callback_url must be an absolute http or https URL"},
		{"script callback", []string{"callback_url", "javascript:alert(1)"}, "callback_url must be an absolute http or https URL"},
		{"relative cancel", []string{"cancel_url", "booking"}, "cancel_url must be an absolute http or https URL"},
		{"no callback", []string{"callback_url", ""}, "No callback_url was sent"},
	} {
		got := e.openCheckout(orderID, m.callbackURL(), tc.extra...)
		if got.status != http.StatusBadRequest || !strings.Contains(got.body, tc.want) ||
			!strings.Contains(got.body, "<title>Razorpay (simulator)</title>") {
			t.Errorf("%s: HTTP %d\n%s", tc.name, got.status, got.body)
		}
	}

	// A bad choice on the page shows the page again, the field marked.
	checkout := e.openCheckout(orderID, m.callbackURL())
	for _, tc := range []struct {
		choices     []string
		field, kept string
	}{
		{[]string{"method", "card", "card_number", "4111 1111 1111 1112", "outcome", "success"}, `id="card_number"`, `value="4111 1111 1111 1112"`},
		{[]string{"method", "upi", "vpa", "not a vpa", "outcome", "success"}, `id="vpa"`, `value="not a vpa"`},
		{[]string{"method", "card", "outcome", "pending"}, "", `id="method-card" name="method" value="card" checked`},
		{[]string{"method", "cash", "outcome", "success"}, "", `id="outcome-success" name="outcome" value="success" checked`},
	} {
		got := e.pay(checkout, tc.choices...)
		if got.status != http.StatusBadRequest || !strings.Contains(got.body, `role="alert"`) ||
			!strings.Contains(got.body, "<h1>Paryatan Travels</h1>") {
			t.Errorf("%v: HTTP %d\n%s", tc.choices, got.status, got.body)
			continue
		}
		if !strings.Contains(got.body, tc.kept) {
			t.Errorf("%v: the choice %s was not kept", tc.choices, tc.kept)
		}
		if tc.field != "" && !regexp.MustCompile(tc.field+`[^>]*aria-invalid="true"`).MatchString(got.body) {
			t.Errorf("%v: the field is not marked invalid:\n%s", tc.choices, got.body)
		}
		checkAccessible(t, got.body)
	}
	if o := e.ok(http.MethodGet, "/v1/orders/"+orderID, nil); o["attempts"] != 0.0 {
		t.Errorf("refused choices made payments: %v", o)
	}
	if got := e.pay(page{body: strings.Replace(checkout.body, `name="session" value="`, `name="session" value="x`, 1)},
		"method", "upi", "outcome", "success"); got.status != http.StatusBadRequest || !strings.Contains(got.body, "expired") {
		t.Errorf("unknown session: HTTP %d\n%s", got.status, got.body)
	}
}

// verifySignature checks a callback signature as a merchant does, from
// Razorpay's documented recipe.
func verifySignature(secret, orderID, paymentID, signature string) bool {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(orderID + "|" + paymentID))
	want := hex.EncodeToString(m.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

// checkAccessible checks what a page must have for keyboard and screen
// reader users: a language, one h1, a label for every visible control,
// radio groups in fieldsets with legends, and a visible focus style.
func checkAccessible(t *testing.T, body string) {
	t.Helper()
	if !strings.Contains(body, `<html lang="en">`) || strings.Count(body, "<h1>") != 1 {
		t.Errorf("page language or heading missing")
	}
	if !strings.Contains(body, ":focus-visible{outline:3px solid") {
		t.Errorf("no visible focus style")
	}
	controls := regexp.MustCompile(`<(input|select) type="(?:text|radio)" id="([^"]+)"|<select id="([^"]+)"`).FindAllStringSubmatch(body, -1)
	if len(controls) == 0 {
		return
	}
	for _, c := range controls {
		id := c[2] + c[3]
		if !strings.Contains(body, `<label for="`+id+`"`) && !strings.Contains(body, `for="`+id+`">`) {
			t.Errorf("control %q has no label", id)
		}
	}
	if strings.Count(body, "<fieldset") != strings.Count(body, "<legend>") {
		t.Errorf("a fieldset without a legend")
	}
}

func TestPayWithoutBrowser(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{})
	orderID := e.order(20000)["id"].(string)
	cb, err := e.sim.Pay(orderID, rzpsim.MethodUPI, rzpsim.OutcomeSuccess)
	if err != nil || cb.Status != "captured" || cb.Pending() ||
		cb.Signature != rzpsim.Sign(rzpsim.DefaultKeySecret, orderID, cb.PaymentID) {
		t.Fatalf("Pay: %v %+v", err, cb)
	}
	if f := cb.Form(); f.Get("razorpay_order_id") != orderID || f.Get("razorpay_payment_id") != cb.PaymentID || len(f) != 3 {
		t.Errorf("form %v", f)
	}
	if _, err := e.sim.Pay("order_00000000000000", rzpsim.MethodUPI, rzpsim.OutcomeSuccess); err != rzpsim.ErrNoSuchOrder {
		t.Errorf("unknown order: %v", err)
	}
	if _, err := e.sim.Pay(e.order(100)["id"].(string), "cheque", rzpsim.OutcomeSuccess); err == nil {
		t.Error("an unknown method was accepted")
	}

	// An order that does not capture automatically leaves the payment
	// authorized and the order attempted until the merchant captures it.
	manual := e.order(30000, "payment_capture", false)["id"].(string)
	cb, err = e.sim.PayWith(manual, rzpsim.PayRequest{Method: rzpsim.MethodNetbanking, Outcome: rzpsim.OutcomeSuccess, Bank: "UTIB"})
	if err != nil || cb.Status != "authorized" || cb.Signature == "" {
		t.Fatalf("authorized payment: %v %+v", err, cb)
	}
	if o := e.ok(http.MethodGet, "/v1/orders/"+manual, nil); o["status"] != "attempted" || o["amount_paid"] != 0.0 {
		t.Errorf("order with an authorized payment %v", o)
	}
	if _, err := e.sim.Pay(manual, rzpsim.MethodUPI, rzpsim.OutcomeSuccess); err != rzpsim.ErrOrderPaid {
		t.Errorf("a second payment beside an authorized one: %v", err)
	}
	code, body := e.call(http.MethodPost, "/v1/payments/"+cb.PaymentID+"/capture", map[string]any{"amount": 29999, "currency": "INR"})
	if code != http.StatusBadRequest || apiErr(t, body)["description"] != "Capture amount must be equal to the amount authorized" {
		t.Errorf("capture of the wrong amount: HTTP %d %v", code, body)
	}
	p := e.ok(http.MethodPost, "/v1/payments/"+cb.PaymentID+"/capture", map[string]any{"amount": 30000, "currency": "INR"})
	if p["status"] != "captured" || p["captured"] != true || p["bank"] != "UTIB" || p["fee"] != 708.0 || p["tax"] != 108.0 {
		t.Errorf("captured %v", p)
	}
	if o := e.ok(http.MethodGet, "/v1/orders/"+manual, nil); o["status"] != "paid" || o["amount_paid"] != 30000.0 {
		t.Errorf("order after capture %v", o)
	}
	code, body = e.call(http.MethodPost, "/v1/payments/"+cb.PaymentID+"/capture", map[string]any{"amount": 30000, "currency": "INR"})
	if code != http.StatusBadRequest || apiErr(t, body)["description"] != "This payment has already been captured" {
		t.Errorf("second capture: HTTP %d %v", code, body)
	}
}

func TestPendingPaymentControls(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{PendingDelay: time.Hour})
	orderID := e.order(40000)["id"].(string)
	cb, err := e.sim.Pay(orderID, rzpsim.MethodUPI, rzpsim.OutcomePending)
	if err != nil || !cb.Pending() || cb.Status != "created" || len(cb.Form()) != 0 {
		t.Fatalf("pending: %v %+v", err, cb)
	}
	if _, err := e.sim.Pay(orderID, rzpsim.MethodCard, rzpsim.OutcomePending); err == nil {
		t.Error("a pending card payment was accepted")
	}
	if err := e.sim.CompletePayment(cb.PaymentID); err != nil {
		t.Fatal(err)
	}
	if p := e.ok(http.MethodGet, "/v1/payments/"+cb.PaymentID, nil); p["status"] != "captured" {
		t.Errorf("completed %v", p)
	}
	if err := e.sim.CompletePayment(cb.PaymentID); err != rzpsim.ErrNotPending {
		t.Errorf("completing twice: %v", err)
	}

	other := e.order(40000)["id"].(string)
	cb, _ = e.sim.Pay(other, rzpsim.MethodUPI, rzpsim.OutcomePending)
	if err := e.sim.FailPayment(cb.PaymentID); err != nil {
		t.Fatal(err)
	}
	if p := e.ok(http.MethodGet, "/v1/payments/"+cb.PaymentID, nil); p["status"] != "failed" || p["error_code"] != "BAD_REQUEST_ERROR" {
		t.Errorf("failed %v", p)
	}
	if err := e.sim.FailPayment("pay_00000000000000"); err != rzpsim.ErrNoSuchPayment {
		t.Errorf("unknown payment: %v", err)
	}

	// A pending payment that completes after another payment paid the
	// order stays authorized: it is never captured.
	late := e.order(40000)["id"].(string)
	slow, _ := e.sim.Pay(late, rzpsim.MethodUPI, rzpsim.OutcomePending)
	if _, err := e.sim.Pay(late, rzpsim.MethodCard, rzpsim.OutcomeSuccess); err != nil {
		t.Fatal(err)
	}
	if err := e.sim.CompletePayment(slow.PaymentID); err != nil {
		t.Fatal(err)
	}
	if p := e.ok(http.MethodGet, "/v1/payments/"+slow.PaymentID, nil); p["status"] != "authorized" || p["captured"] != false {
		t.Errorf("late payment %v", p)
	}
}

// Close stops the timers: a pending payment does not complete afterwards.
func TestCloseStopsTimers(t *testing.T) {
	t.Parallel()
	s := rzpsim.New(rzpsim.Options{PendingDelay: 50 * time.Millisecond})
	srv := httptest.NewServer(s)
	defer srv.Close()
	e := &env{t: t, sim: s, srv: srv}
	orderID := e.order(10000)["id"].(string)
	cb, err := s.Pay(orderID, rzpsim.MethodUPI, rzpsim.OutcomePending)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	time.Sleep(150 * time.Millisecond)
	if got := s.Orders()[0].Payments[0]; got.ID != cb.PaymentID || got.Status != "created" {
		t.Errorf("after Close the pending payment became %s", got.Status)
	}
}
