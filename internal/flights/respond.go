// Package flights serves the flights API: search, fare quote and rules
// (open to everyone), and booking, ticketing and booking details (signed-in
// users, their own bookings only), through the configured supplier
// connectors.
package flights

import (
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
// traveller's view (fareView: fare objects from the allow-lists), without
// re-encoding the rest: supplier documents run to hundreds of KiB.
func writeRaw(w http.ResponseWriter, r *http.Request, raw []byte) {
	writeView(w, r, raw, nil)
}

// writeSearch answers a search: the supplier document in the traveller's
// view (made for this request, whoever the answer was first fetched for),
// with how old the answer is added beside its Response: cached (it was
// reused), searchedAt (when the supplier answered, RFC 3339) and
// ageSeconds. The shared document is read, never written.
func writeSearch(w http.ResponseWriter, r *http.Request, res searchcache.Result) {
	age := fmt.Appendf(nil, `"cached":%t,"searchedAt":"%s","ageSeconds":%d`,
		res.Cached, res.SearchedAt.UTC().Format(time.RFC3339), int64(res.Age/time.Second))
	writeView(w, r, res.Answer.Doc, age)
}

// writeView answers {ok: true, data} with the traveller's view of doc, and
// members added to it when it is an object (writeTravellerView).
//
// The view goes to w span by span, straight from the supplier's bytes, and
// w packs it for the client (the compress middleware, internal/httpapi).
// Written in one piece, a 400 KB answer would first be copied whole into
// the middleware's start-up buffer, which keeps what it is given until it
// has seen 1 KiB; the first span of a search answer is about 1 KiB.
// Packing is then the larger part of the API's own work on a search: about
// 0.45 ms of CPU with zstd and 0.8 ms with gzip, against 0.3 ms for all the
// rest, the view included (BenchmarkSearchResponse, each against
// identity). It stays as configured: it makes the answer seven times
// smaller (46 KiB), which saves a traveller's connection far more time than
// it costs here; zstd has no faster level, and a smaller window changes
// neither its time nor its size on these answers.
func writeView(w http.ResponseWriter, r *http.Request, doc, members []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(dataOpen)
	_ = writeTravellerView(w, doc, members) // a write fails only when the client has gone
	_, _ = w.Write(dataClose)
}

// The envelope around the data of an answer.
var (
	dataOpen  = []byte(`{"ok":true,"data":`)
	dataClose = []byte("}\n")
)

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
