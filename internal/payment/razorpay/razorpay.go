// Package razorpay is the payment port's adapter for Razorpay: orders,
// payments and refunds over its REST API (HTTP Basic with the key id and
// secret, amounts in paise), its hosted checkout (a form the browser posts
// to the gateway), the checkout signature (HMAC-SHA256 of
// "order_id|payment_id" with the key secret) and signed webhooks
// (HMAC-SHA256 of the raw body with the webhook secret), each call
// measured, traced and bounded by its deadline.
package razorpay

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
)

// Type is the gateway type this adapter serves.
const Type = "razorpay"

// maxBody bounds a gateway answer.
const maxBody = 4 << 20

// Adapter talks to Razorpay. It is safe for concurrent use.
type Adapter struct {
	http    *http.Client
	metrics *telemetry.PaymentMetrics
	tracer  trace.Tracer
	log     *slog.Logger
	getenv  func(string) string
}

var _ payment.Gateway = (*Adapter)(nil)

// New returns the adapter. getenv resolves keys given as environment
// variable names.
func New(metrics *telemetry.PaymentMetrics, tp trace.TracerProvider, log *slog.Logger, getenv func(string) string) *Adapter {
	transport := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:   true,
		MaxIdleConnsPerHost: 32,
		IdleConnTimeout:     90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
	}
	return &Adapter{http: &http.Client{Transport: transport}, metrics: metrics,
		tracer: tp.Tracer("github.com/paryatan/paryatan/internal/payment/razorpay"), log: log, getenv: getenv}
}

// Wire types (the fields the product reads).
type (
	order struct {
		ID         string `json:"id"`
		Amount     int64  `json:"amount"`
		AmountPaid int64  `json:"amount_paid"`
		Status     string `json:"status"`
		Receipt    string `json:"receipt"`
	}
	paymentWire struct {
		ID               string `json:"id"`
		OrderID          string `json:"order_id"`
		Amount           int64  `json:"amount"`
		Status           string `json:"status"`
		Method           string `json:"method"`
		AmountRefunded   int64  `json:"amount_refunded"`
		ErrorDescription string `json:"error_description"`
		ErrorReason      string `json:"error_reason"`
		CreatedAt        int64  `json:"created_at"`
	}
	refund struct {
		ID        string `json:"id"`
		PaymentID string `json:"payment_id"`
		Amount    int64  `json:"amount"`
		Status    string `json:"status"`
		Receipt   string `json:"receipt"`
	}
	apiError struct {
		Error struct {
			Code        string `json:"code"`
			Description string `json:"description"`
			Reason      string `json:"reason"`
		} `json:"error"`
	}
)

func (o order) port() *payment.Order {
	return &payment.Order{ID: o.ID, Amount: o.Amount, Paid: o.AmountPaid, Status: o.Status, Receipt: o.Receipt}
}

func (p paymentWire) port() payment.Payment {
	return payment.Payment{ID: p.ID, OrderID: p.OrderID, Amount: p.Amount, Status: p.Status, Method: p.Method,
		Refunded: p.AmountRefunded, Error: p.ErrorDescription, Reason: p.ErrorReason, CreatedAt: time.Unix(p.CreatedAt, 0).UTC()}
}

func (r refund) port() *payment.Refund {
	return &payment.Refund{ID: r.ID, PaymentID: r.PaymentID, Amount: r.Amount, Status: r.Status, Receipt: r.Receipt}
}

// CreateOrder creates an auto-captured order.
func (a *Adapter) CreateOrder(ctx context.Context, g *payment.Settings, r payment.OrderRequest) (*payment.Order, error) {
	body := map[string]any{"amount": r.Amount, "currency": r.Currency, "receipt": r.Receipt, "payment_capture": true}
	if len(r.Notes) > 0 {
		body["notes"] = r.Notes
	}
	var o order
	if err := a.call(ctx, g, payment.OpOrder, "create_order", http.MethodPost, "/v1/orders", body, &o); err != nil {
		return nil, err
	}
	return o.port(), nil
}

// Order fetches an order.
func (a *Adapter) Order(ctx context.Context, g *payment.Settings, orderID string) (*payment.Order, error) {
	var o order
	if err := a.call(ctx, g, payment.OpFetch, "fetch_order", http.MethodGet, "/v1/orders/"+url.PathEscape(orderID), nil, &o); err != nil {
		return nil, err
	}
	return o.port(), nil
}

// OrderPayments lists an order's payment attempts.
func (a *Adapter) OrderPayments(ctx context.Context, g *payment.Settings, orderID string) ([]payment.Payment, error) {
	var c struct {
		Items []paymentWire `json:"items"`
	}
	if err := a.call(ctx, g, payment.OpFetch, "order_payments", http.MethodGet, "/v1/orders/"+url.PathEscape(orderID)+"/payments", nil, &c); err != nil {
		return nil, err
	}
	out := make([]payment.Payment, 0, len(c.Items))
	for _, p := range c.Items {
		out = append(out, p.port())
	}
	return out, nil
}

// Refund refunds a captured payment at normal speed.
func (a *Adapter) Refund(ctx context.Context, g *payment.Settings, r payment.RefundRequest) (*payment.Refund, error) {
	body := map[string]any{"amount": r.Amount, "speed": "normal", "receipt": r.Receipt}
	if len(r.Notes) > 0 {
		body["notes"] = r.Notes
	}
	var out refund
	if err := a.call(ctx, g, payment.OpRefund, "refund", http.MethodPost, "/v1/payments/"+url.PathEscape(r.PaymentID)+"/refund", body, &out); err != nil {
		return nil, err
	}
	return out.port(), nil
}

// PaymentRefunds lists a payment's refunds.
func (a *Adapter) PaymentRefunds(ctx context.Context, g *payment.Settings, paymentID string) ([]payment.Refund, error) {
	var c struct {
		Items []refund `json:"items"`
	}
	if err := a.call(ctx, g, payment.OpFetch, "payment_refunds", http.MethodGet, "/v1/payments/"+url.PathEscape(paymentID)+"/refunds", nil, &c); err != nil {
		return nil, err
	}
	out := make([]payment.Refund, 0, len(c.Items))
	for _, r := range c.Items {
		out = append(out, *r.port())
	}
	return out, nil
}

// Checkout is the hosted checkout form: the key id (public), the order,
// what the page shows, and where it returns.
func (a *Adapter) Checkout(g *payment.Settings, r payment.CheckoutRequest) (*payment.CheckoutForm, error) {
	keys, err := g.Keys(a.getenv)
	if err != nil {
		return nil, &payment.Error{Op: "checkout", Kind: payment.KindConfig, Err: err}
	}
	f := map[string]string{
		"key_id": keys.KeyID, "order_id": r.OrderID, "name": g.MerchantName, "description": r.Description,
		"callback_url": r.CallbackURL, "cancel_url": r.CancelURL,
	}
	for k, v := range map[string]string{"prefill[name]": r.Name, "prefill[email]": r.Email, "prefill[contact]": r.Contact} {
		if v != "" {
			f[k] = v
		}
	}
	return &payment.CheckoutForm{Action: g.Endpoints.Checkout, Fields: f}, nil
}

// VerifyCheckout checks razorpay_signature = hex(HMAC-SHA256(order_id +
// "|" + payment_id, key secret)), in constant time.
func (a *Adapter) VerifyCheckout(g *payment.Settings, p payment.CheckoutProof) error {
	keys, err := g.Keys(a.getenv)
	if err != nil {
		return &payment.Error{Op: "verify", Kind: payment.KindConfig, Err: err}
	}
	if p.OrderID == "" || p.PaymentID == "" || !signed(keys.KeySecret, []byte(p.OrderID+"|"+p.PaymentID), p.Signature) {
		return &payment.Error{Op: "verify", Kind: payment.KindBadSignature, Message: "the checkout signature does not match"}
	}
	return nil
}

// ReadCheckout reads Razorpay's callback form: razorpay_payment_id,
// razorpay_order_id and razorpay_signature on a payment; on a failed
// attempt, error[metadata], a JSON object whose order_id names the order.
func (a *Adapter) ReadCheckout(form url.Values) payment.CheckoutReturn {
	if id := form.Get("razorpay_payment_id"); id != "" {
		return payment.CheckoutReturn{Proof: &payment.CheckoutProof{OrderID: form.Get("razorpay_order_id"), PaymentID: id,
			Signature: form.Get("razorpay_signature")}}
	}
	var meta struct {
		OrderID string `json:"order_id"`
	}
	_ = json.Unmarshal([]byte(form.Get("error[metadata]")), &meta) // unreadable: no order named
	return payment.CheckoutReturn{FailedOrderID: meta.OrderID}
}

// Sign is the checkout signature of orderID and paymentID: what the
// gateway returns and VerifyCheckout expects.
func Sign(keySecret, orderID, paymentID string) string {
	return mac(keySecret, []byte(orderID+"|"+paymentID))
}

// SignWebhook is the X-Razorpay-Signature of a webhook body.
func SignWebhook(secret string, body []byte) string { return mac(secret, body) }

func mac(secret string, msg []byte) string {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write(msg)
	return hex.EncodeToString(h.Sum(nil))
}

// signed compares the hex signature given with the one expected in
// constant time.
func signed(secret string, msg []byte, given string) bool {
	got, err := hex.DecodeString(strings.TrimSpace(given))
	if err != nil {
		return false
	}
	h := hmac.New(sha256.New, []byte(secret))
	h.Write(msg)
	return hmac.Equal(h.Sum(nil), got)
}

// webhook is a Razorpay event.
type webhook struct {
	Event   string `json:"event"`
	Payload struct {
		Payment *struct {
			Entity paymentWire `json:"entity"`
		} `json:"payment"`
		Order *struct {
			Entity order `json:"entity"`
		} `json:"order"`
		Refund *struct {
			Entity refund `json:"entity"`
		} `json:"refund"`
	} `json:"payload"`
}

// Webhook checks X-Razorpay-Signature over the raw body before reading it.
// The event id is X-Razorpay-Event-Id, the same on every retry.
func (a *Adapter) Webhook(g *payment.Settings, header http.Header, body []byte) (*payment.Event, error) {
	keys, err := g.Keys(a.getenv)
	if err != nil {
		return nil, &payment.Error{Op: "webhook", Kind: payment.KindConfig, Err: err}
	}
	if !signed(keys.WebhookSecret, body, header.Get("X-Razorpay-Signature")) {
		return nil, &payment.Error{Op: "webhook", Kind: payment.KindBadSignature, Message: "the webhook signature does not match"}
	}
	var w webhook
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, &payment.Error{Op: "webhook", Kind: payment.KindProtocol, Err: err}
	}
	id := header.Get("X-Razorpay-Event-Id")
	if id == "" || w.Event == "" {
		return nil, &payment.Error{Op: "webhook", Kind: payment.KindProtocol, Message: "no event id or event name"}
	}
	ev := &payment.Event{ID: id, Kind: w.Event}
	if p := w.Payload.Payment; p != nil {
		pp := p.Entity.port()
		ev.Payment = &pp
	}
	if o := w.Payload.Order; o != nil {
		ev.Order = o.Entity.port()
	}
	if r := w.Payload.Refund; r != nil {
		ev.Refund = r.Entity.port()
	}
	return ev, nil
}

// call performs one REST call within op's deadline and decodes the answer
// into out.
func (a *Adapter) call(ctx context.Context, g *payment.Settings, op, name, method, path string, in, out any) (err error) {
	timeout := g.Timeout(op)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	ctx, span := a.tracer.Start(ctx, "payment "+name, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("payment.gateway", g.Name), attribute.String("payment.operation", name)))
	start := time.Now()
	defer func() {
		outcome := "ok"
		if e, ok := payment.AsError(err); ok {
			outcome = string(e.Kind)
			span.SetStatus(codes.Error, string(e.Kind))
			span.RecordError(err)
		}
		a.metrics.Duration.WithLabelValues(g.Name, name, outcome).Observe(time.Since(start).Seconds())
		span.End()
	}()
	keys, err := g.Keys(a.getenv)
	if err != nil {
		return &payment.Error{Op: name, Kind: payment.KindConfig, Err: err}
	}
	var reqBody io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return &payment.Error{Op: name, Kind: payment.KindProtocol, Err: err}
		}
		reqBody = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(g.Endpoints.API, "/")+path, reqBody)
	if err != nil {
		return &payment.Error{Op: name, Kind: payment.KindConfig, Err: err}
	}
	req.SetBasicAuth(keys.KeyID, keys.KeySecret)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := a.http.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &payment.Error{Op: name, Kind: payment.KindTimeout, Message: fmt.Sprintf("no answer within %s", timeout), Err: err}
		}
		return &payment.Error{Op: name, Kind: payment.KindUnavailable, Err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &payment.Error{Op: name, Kind: payment.KindTimeout, Status: resp.StatusCode, Err: err}
		}
		return &payment.Error{Op: name, Kind: payment.KindUnavailable, Status: resp.StatusCode, Err: err}
	}
	span.SetAttributes(attribute.Int("http.response.status_code", resp.StatusCode))
	if resp.StatusCode >= 300 {
		var e apiError
		_ = json.Unmarshal(raw, &e)
		kind := payment.KindRefused
		switch {
		case resp.StatusCode == http.StatusUnauthorized:
			kind = payment.KindAuth
		case resp.StatusCode >= 500:
			kind = payment.KindUnavailable
		}
		return &payment.Error{Op: name, Kind: kind, Status: resp.StatusCode, Message: e.Error.Description}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return &payment.Error{Op: name, Kind: payment.KindProtocol, Status: resp.StatusCode, Err: err}
	}
	return nil
}
