// Package flights serves the flights API: search, fare quote and rules
// (open to everyone), and booking, ticketing and booking details (signed-in
// users, their own bookings only), through the configured supplier
// connectors.
package flights

import (
	"bytes"
	"fmt"
	"net/http"
	"time"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/searchcache"
	"github.com/paryatan/paryatan/internal/supplier"
)

// The flights API answers {ok: true, data} (product spec 7), and fails with
// the API's one error envelope, {ok: false, error, message, field?,
// detail?} (httpjson.ErrorBody, docs/api-errors.md).

// writeRaw answers {ok: true, data: raw} with the supplier document in the
// traveller's view (travellerView: fare objects from the allow-lists),
// without re-encoding the rest: supplier documents run to hundreds of KiB
// and were already parsed once, so they are known to be valid JSON.
func writeRaw(w http.ResponseWriter, r *http.Request, raw []byte) {
	writeData(w, r, travellerView(raw))
}

// writeSearch answers a search: the supplier document in the traveller's
// view (made for this request, whoever the answer was first fetched for),
// with how old the answer is added beside its Response: cached (it was
// reused), searchedAt (when the supplier answered, RFC 3339) and
// ageSeconds. The shared document is read, never written.
func writeSearch(w http.ResponseWriter, r *http.Request, res searchcache.Result) {
	view := travellerView(res.Answer.Doc)
	open := bytes.IndexByte(view, '{')
	end := bytes.LastIndexByte(view, '}')
	if open < 0 || end < open || len(bytes.TrimSpace(view[:open])) > 0 {
		writeData(w, r, view) // not an object: nothing to add to
		return
	}
	age := fmt.Appendf(nil, `"cached":%t,"searchedAt":"%s","ageSeconds":%d`,
		res.Cached, res.SearchedAt.UTC().Format(time.RFC3339), int64(res.Age/time.Second))
	if len(bytes.TrimSpace(view[open+1:end])) > 0 {
		age = append([]byte{','}, age...)
	}
	writeData(w, r, view[:end], age, view[end:])
}

// writeData answers {ok: true, data} with data written as the parts given,
// one after the other.
func writeData(w http.ResponseWriter, r *http.Request, data ...[]byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write([]byte(`{"ok":true,"data":`))
	for _, part := range data {
		_, _ = w.Write(part) //nolint:gosec // JSON (Content-Type above, nosniff), never HTML
	}
	_, _ = w.Write([]byte("}\n"))
}

// supplierError is the answer to a failed supplier call: 504
// supplier_timeout for a timeout, 422 supplier_refused when the supplier
// refused the request as invalid or expired (the caller's input: search
// again), else 502 supplier_failed. The message is the one people see:
// the spec's message for the step (fallback), with the supplier's own words
// as detail, when the supplier said why it failed. An error that is not the
// supplier's is a 500 with fallback as its message, when there is one.
func supplierError(err error, fallback string) error {
	e, ok := supplier.AsError(err)
	if !ok {
		if fallback == "" {
			return err
		}
		return &apierr.Error{Status: http.StatusInternalServerError, Code: "internal", Message: fallback, Err: err}
	}
	out := &apierr.Error{Status: http.StatusBadGateway, Code: "supplier_failed", Message: e.Message, Err: err}
	switch e.Kind {
	case supplier.KindTimeout:
		out.Status, out.Code = http.StatusGatewayTimeout, "supplier_timeout"
	case supplier.KindRefused:
		out.Status, out.Code = http.StatusUnprocessableEntity, "supplier_refused"
	}
	if e.FromSupplier && fallback != "" && e.Message != fallback {
		out.Message, out.Detail = fallback, e.Message
	}
	return out
}
