// Package tbo is a client of the TBO Air API (the flight supplier): the
// shared daily token, Search, FareQuote, FareRule, SSR, Book, Ticket,
// GetBookingDetails, ReleasePNRRequest, GetCancellationCharges,
// SendChangeRequest and GetChangeRequestStatus, each with the deadline the
// connector configuration gives it, measured, traced and logged.
package tbo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// maxBody bounds a supplier answer; search results for busy routes are a
// few MiB.
const maxBody = 32 << 20

// TokenStore shares one supplier token per connector between replicas.
type TokenStore interface {
	// Token returns a live token, calling fetch (once across replicas) when
	// there is none.
	Token(ctx context.Context, supplier string, fetch func(context.Context) (token string, validUntil time.Time, err error)) (string, error)
	// Invalidate forgets token when the supplier rejected it.
	Invalidate(ctx context.Context, supplier, token string) error
}

// Client calls TBO. It is safe for concurrent use.
type Client struct {
	http    *http.Client
	tokens  TokenStore
	metrics *telemetry.SupplierMetrics
	tracer  trace.Tracer
	log     *slog.Logger
	getenv  func(string) string
	now     func() time.Time
}

// NewClient returns a client. getenv resolves credentials given as
// environment variable names.
func NewClient(tokens TokenStore, metrics *telemetry.SupplierMetrics, tp trace.TracerProvider, log *slog.Logger, getenv func(string) string) *Client {
	transport := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          512,
		MaxIdleConnsPerHost:   256,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	return &Client{
		// No client-wide timeout: every operation has its own deadline.
		http:    &http.Client{Transport: transport},
		tokens:  tokens,
		metrics: metrics,
		tracer:  tp.Tracer("github.com/paryatan/paryatan/internal/supplier/tbo"),
		log:     log,
		getenv:  getenv,
		now:     time.Now,
	}
}

// Reply is a supplier answer: its raw JSON (passed on to the web app) and
// the supplier's TraceId.
type Reply struct {
	Raw     json.RawMessage
	TraceId string
}

// airCall performs one Air API operation with a token, re-authenticating
// once when the supplier says the token is invalid. The connector snapshot
// conn is used for the whole call. body receives the token to send.
func (c *Client) airCall(ctx context.Context, conn *connector.Connector, op connector.Operation, url string, body func(token string) any) (*Reply, error) {
	timeout := conn.Timeout(op)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	for attempt := 0; ; attempt++ {
		token, err := c.token(ctx, conn)
		if err != nil {
			return nil, c.asTimeout(ctx, op, timeout, err)
		}
		reply, env, err := c.post(ctx, conn, op, url, timeout, body(token))
		if err != nil {
			return nil, err
		}
		if int(env.Response.Error.ErrorCode) == ErrorCodeInvalidToken && attempt == 0 {
			// The token died early (rotated credentials, a supplier restart):
			// it was refused before any work was done, so one retry with a
			// fresh token is safe even for Book and Ticket.
			if err := c.tokens.Invalidate(ctx, conn.Name, token); err != nil {
				return nil, c.asTimeout(ctx, op, timeout, err)
			}
			continue
		}
		if err := supplierError(op, env); err != nil {
			return reply, err
		}
		return reply, nil
	}
}

// asTimeout turns an error that happened because the deadline passed into
// the timeout error people see.
func (c *Client) asTimeout(ctx context.Context, op connector.Operation, timeout time.Duration, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &Error{Op: op, Kind: KindTimeout, Message: timeoutMessage(timeout), Err: err}
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return &Error{Op: op, Kind: KindCanceled, Message: "The request was cancelled.", Err: err}
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Op: op, Kind: KindNetwork, Message: "The flight supplier could not be reached.", Err: err}
}

func timeoutMessage(d time.Duration) string {
	return fmt.Sprintf("Request timed out after %d ms", d.Milliseconds())
}

func supplierError(op connector.Operation, env envelope) error {
	r := env.Response
	if int(r.Error.ErrorCode) == 0 && (r.ResponseStatus == 0 || r.ResponseStatus == StatusSuccessful) {
		return nil
	}
	msg := string(r.Error.ErrorMessage)
	if msg == "" {
		msg = fmt.Sprintf("The flight supplier refused the request (status %d).", r.ResponseStatus)
	}
	return &Error{Op: op, Kind: KindSupplier, Code: int(r.Error.ErrorCode), ResponseStatus: int(r.ResponseStatus), Message: msg}
}

// post sends one JSON request and reads the envelope, recording the
// duration, a span and one log line.
func (c *Client) post(ctx context.Context, conn *connector.Connector, op connector.Operation, url string, timeout time.Duration, body any) (*Reply, envelope, error) {
	var env envelope
	start := c.now()
	ctx, span := c.tracer.Start(ctx, "tbo."+string(op), trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("supplier.name", conn.Name), attribute.String("supplier.operation", string(op))))
	defer span.End()
	inflight := c.metrics.InFlight.WithLabelValues(conn.Name, string(op))
	inflight.Inc()
	defer inflight.Dec()

	outcome := "ok"
	httpStatus := 0
	var reply *Reply
	err := func() error {
		buf, err := json.Marshal(body)
		if err != nil {
			return &Error{Op: op, Kind: KindProtocol, Message: "Could not encode the request.", Err: err}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(buf))
		if err != nil {
			return &Error{Op: op, Kind: KindProtocol, Message: "Bad supplier URL.", Err: err}
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json")
		if !conn.Compressed() {
			// Set explicitly, the transport neither asks for gzip nor unpacks.
			req.Header.Set("Accept-Encoding", "identity")
		}
		if h := supplierHeaders(ctx); h != nil {
			for k, v := range h {
				req.Header[k] = v
			}
		}
		res, err := c.http.Do(req)
		if err != nil {
			return c.asTimeout(ctx, op, timeout, err)
		}
		defer res.Body.Close()
		httpStatus = res.StatusCode
		raw, err := readAll(res)
		if err != nil {
			return c.asTimeout(ctx, op, timeout, err)
		}
		if len(raw) > maxBody {
			return &Error{Op: op, Kind: KindProtocol, Message: "The flight supplier's answer is too large."}
		}
		if res.StatusCode >= 500 {
			return &Error{Op: op, Kind: KindNetwork, Message: fmt.Sprintf("The flight supplier failed (HTTP %d).", res.StatusCode)}
		}
		if err := readEnvelope(raw, &env); err != nil || res.StatusCode >= 400 {
			return &Error{Op: op, Kind: KindProtocol, Message: fmt.Sprintf("The flight supplier sent an answer we cannot read (HTTP %d).", res.StatusCode), Err: err}
		}
		reply = &Reply{Raw: raw, TraceId: string(env.Response.TraceId)}
		if int(env.Response.Error.ErrorCode) != 0 {
			outcome = string(KindSupplier)
		}
		return nil
	}()
	var e *Error
	if errors.As(err, &e) && e.Kind == KindCanceled {
		// Not the supplier's failure: the caller went away.
		outcome = string(e.Kind)
	} else if errors.As(err, &e) {
		outcome = string(e.Kind)
		c.metrics.Errors.WithLabelValues(conn.Name, string(op), outcome).Inc()
		if e.Kind == KindTimeout {
			c.metrics.Timeouts.WithLabelValues(conn.Name, string(op)).Inc()
		}
		span.SetStatus(codes.Error, e.Message)
	} else if outcome == string(KindSupplier) {
		c.metrics.Errors.WithLabelValues(conn.Name, string(op), outcome).Inc()
		span.SetStatus(codes.Error, "supplier error")
	}
	elapsed := c.now().Sub(start)
	c.metrics.Duration.WithLabelValues(conn.Name, string(op), outcome).Observe(elapsed.Seconds())
	traceID := string(env.Response.TraceId)
	span.SetAttributes(attribute.String("supplier.trace_id", traceID), attribute.String("supplier.outcome", outcome),
		attribute.Int("http.response.status_code", httpStatus))
	level := slog.LevelInfo
	if outcome != "ok" && outcome != string(KindCanceled) {
		level = slog.LevelWarn
	}
	// No personal data: names, e-mails and documents stay out of logs.
	c.log.Log(ctx, level, "supplier call", "supplier", conn.Name, "operation", string(op), "outcome", outcome,
		"duration_ms", elapsed.Milliseconds(), "http_status", httpStatus, "supplier_trace_id", forLog(traceID),
		"error_code", int(env.Response.Error.ErrorCode))
	return reply, env, err
}

// forLog shortens a supplier identifier for a log line: the supplier's
// identifiers are opaque and may run to hundreds of characters.
func forLog(id string) string {
	const keep = 64
	if len(id) <= keep {
		return id
	}
	return id[:keep] + "…"
}

// readAll reads an answer of at most maxBody+1 bytes (one more tells it is
// too large), into one buffer of the announced size when there is one:
// search answers run to hundreds of KiB, and growing a buffer step by step
// copies them several times over.
func readAll(res *http.Response) ([]byte, error) {
	var buf bytes.Buffer
	switch n := res.ContentLength; {
	case n >= 0 && n <= maxBody:
		buf.Grow(int(n) + bytes.MinRead)
	default:
		buf.Grow(64 << 10)
	}
	_, err := buf.ReadFrom(io.LimitReader(res.Body, maxBody+1))
	return buf.Bytes(), err
}
