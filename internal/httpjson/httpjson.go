// Package httpjson is the one writer of JSON responses and of the error
// envelope every API route answers failures with (docs/api-errors.md).
package httpjson

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/paryatan/paryatan/internal/apierr"
)

// ErrorBody is the error envelope. Code is a stable, machine-readable token
// (snake_case); Message is meant for people and may be shown as is. OK is
// always false, for clients that read the flights API's ok flag.
type ErrorBody struct {
	OK      bool   `json:"ok"`
	Code    string `json:"error"`
	Message string `json:"message"`
	// Field is the JSON path of the input at fault, when one is.
	Field string `json:"field,omitempty"`
	// Detail is the flight supplier's own words, when it refused.
	Detail string `json:"detail,omitempty"`
}

// Write sends v as JSON with the given status. Responses are never cached by
// shared caches: they may carry one user's data.
func Write(w http.ResponseWriter, r *http.Request, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.DebugContext(r.Context(), "json response not fully written", "err", err)
	}
}

// Fail answers err: an *apierr.Error (found with errors.As) with its status
// and envelope, anything else with a 500 whose cause is logged, never sent.
func Fail(w http.ResponseWriter, r *http.Request, err error) {
	status, body := Envelope(r.Context(), err)
	Write(w, r, status, body)
}

// Envelope is the status and body Fail answers err with, for handlers that
// keep an answer before sending it. Causes of 5xx answers are logged with
// ctx's logger (WithLogger).
func Envelope(ctx context.Context, err error) (int, ErrorBody) {
	var e *apierr.Error
	if !errors.As(err, &e) {
		e = apierr.Internal(err)
	}
	if e.Status >= http.StatusInternalServerError && e.Err != nil {
		Logger(ctx).ErrorContext(ctx, "request failed", "code", e.Code, "err", e.Err)
	}
	return e.Status, ErrorBody{Code: e.Code, Message: e.Message, Field: e.Field, Detail: e.Detail}
}
