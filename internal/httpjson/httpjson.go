// Package httpjson is the one writer of JSON responses and of the error
// envelope {"error": code, "message": text} that every API route answers with.
package httpjson

import (
	"encoding/json"
	"log/slog"
	"net/http"
)

// ErrorBody is the error envelope. Code is a stable, machine-readable token
// (snake_case); Message is meant for people and may be shown as is.
type ErrorBody struct {
	Code    string `json:"error"`
	Message string `json:"message"`
	// Field names the input at fault, when one is.
	Field string `json:"field,omitempty"`
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
	if r != nil && r.Method == http.MethodHead {
		return
	}
	if err := json.NewEncoder(w).Encode(v); err != nil {
		slog.DebugContext(contextOf(r), "json response not fully written", "err", err)
	}
}

// Error sends the error envelope.
func Error(w http.ResponseWriter, r *http.Request, status int, code, message string) {
	Write(w, r, status, ErrorBody{Code: code, Message: message})
}
