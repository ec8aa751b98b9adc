// Package flights serves the flights API: search, fare quote and rules
// (open to everyone), and booking, ticketing and booking details (signed-in
// users, their own bookings only), through the configured supplier
// connectors.
package flights

import (
	"errors"
	"net/http"

	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// The flights API answers {ok: true, data} or {ok: false, message, detail?}
// (product spec 7 and 8).

// failBody is a failed flights call. Message is for people; Detail carries
// the supplier's own words; Field names the input at fault on a 400.
type failBody struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
	Detail  string `json:"detail,omitempty"`
	// Field names the input at fault, for validation failures.
	Field string `json:"field,omitempty"`
}

// writeRaw answers {ok: true, data: raw} with the supplier document in the
// traveller's view (travellerView: fare objects from the allow-lists),
// without re-encoding the rest: supplier documents run to hundreds of KiB
// and were already parsed once, so they are known to be valid JSON.
func writeRaw(w http.ResponseWriter, r *http.Request, raw []byte) {
	raw = travellerView(raw)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write([]byte(`{"ok":true,"data":`))
	_, _ = w.Write(raw)
	_, _ = w.Write([]byte("}\n"))
}

func writeFail(w http.ResponseWriter, r *http.Request, status int, message, detail string) {
	httpjson.Write(w, r, status, failBody{Message: message, Detail: detail})
}

// invalidInput is a request the API refuses before calling anyone.
type invalidInput struct {
	field, message string
}

func (e *invalidInput) Error() string { return e.message }

func writeInvalid(w http.ResponseWriter, r *http.Request, e *invalidInput) {
	httpjson.Write(w, r, http.StatusBadRequest, failBody{Message: e.message, Field: e.field})
}

// supplierStatus is the HTTP status of a failed supplier call: 504 for a
// timeout, 422 when the supplier refused the request as invalid or expired
// (the caller's input: search again), else 502 (the supplier failed).
func supplierStatus(e *tbo.Error) int {
	switch {
	case e.Kind == tbo.KindTimeout:
		return http.StatusGatewayTimeout
	case e.ClientFault():
		return http.StatusUnprocessableEntity
	}
	return http.StatusBadGateway
}

// writeSupplierError maps a failed supplier call to its status
// (supplierStatus); the message is the one people see.
func writeSupplierError(w http.ResponseWriter, r *http.Request, err error, fallback string) {
	var e *tbo.Error
	if !errors.As(err, &e) {
		writeFail(w, r, http.StatusInternalServerError, fallback, "")
		return
	}
	status := supplierStatus(e)
	msg := e.Message
	detail := ""
	if e.Kind == tbo.KindSupplier && fallback != "" && msg != fallback {
		// Keep the spec's message for the step and the supplier's words as detail.
		msg, detail = fallback, e.Message
	}
	writeFail(w, r, status, msg, detail)
}

func decode(w http.ResponseWriter, r *http.Request, dst any) bool {
	if e := httpjson.Decode(w, r, dst); e != nil {
		httpjson.Write(w, r, e.Status, failBody{Message: e.Message})
		return false
	}
	return true
}
