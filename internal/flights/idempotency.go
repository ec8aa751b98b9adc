package flights

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// IdempotencyHeader names the key a client sends with book and ticket.
const IdempotencyHeader = "Idempotency-Key"

// captured is an answer kept for replays.
type captured struct {
	status int
	body   any
}

// idempotent runs do once per (user, operation, key). A repeat with the same
// key and body gets the first answer; one that arrives while the first runs
// (a double click, or a retry through another replica) waits for it; the
// same key with another body is refused. Without a key, do just runs.
func (h *Handler) idempotent(w http.ResponseWriter, r *http.Request, userID uuid.UUID, op string, body []byte, do func(context.Context) captured) {
	key := r.Header.Get(IdempotencyHeader)
	if key == "" {
		c := do(r.Context())
		httpjson.Write(w, r, c.status, c.body)
		return
	}
	if len(key) > 200 {
		writeFail(w, r, http.StatusBadRequest, "Idempotency-Key is too long (200 characters at most).", "")
		return
	}
	sum := sha256.Sum256(canonicalJSON(body))
	ctx := r.Context()
	first, err := h.q.IdempotencyClaim(ctx, queries.IdempotencyClaimParams{UserID: userID, Operation: op, Key: key, RequestHash: sum[:]})
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		h.internal(w, r, err)
		return
	}
	if first {
		c := do(ctx)
		resp, _ := json.Marshal(c.body)
		status := int32(c.status)
		// Stored even if the client has gone: a retry must find the answer.
		if err := h.q.IdempotencyFinish(context.WithoutCancel(ctx), queries.IdempotencyFinishParams{
			UserID: userID, Operation: op, Key: key, StatusCode: &status, Response: resp,
		}); err != nil {
			h.log.ErrorContext(ctx, "idempotency: could not store the answer", "err", err)
		}
		httpjson.Write(w, r, c.status, json.RawMessage(resp))
		return
	}
	// Someone else holds the key: wait for their answer (bounded by the
	// longest supplier call and this request's own life).
	deadline := time.Now().Add(h.idempotencyWait)
	for {
		row, err := h.q.IdempotencyGet(ctx, queries.IdempotencyGetParams{UserID: userID, Operation: op, Key: key})
		if err != nil {
			h.internal(w, r, err)
			return
		}
		if !bytes.Equal(row.RequestHash, sum[:]) {
			writeFail(w, r, http.StatusUnprocessableEntity, "This Idempotency-Key was already used for a different request.", "")
			return
		}
		if row.StatusCode != nil {
			w.Header().Set("Idempotent-Replayed", "true")
			httpjson.Write(w, r, int(*row.StatusCode), json.RawMessage(row.Response))
			return
		}
		if time.Now().After(deadline) {
			writeFail(w, r, http.StatusConflict, "A request with this Idempotency-Key is still being processed. Please check My Trips.", "")
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// canonicalJSON re-encodes a JSON body so that whitespace and key order do
// not make the same request look different.
func canonicalJSON(b []byte) []byte {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return b
	}
	out, err := json.Marshal(v)
	if err != nil {
		return b
	}
	return out
}

// readBody reads a capped JSON body once, for hashing and decoding.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, httpjson.MaxBody))
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			writeFail(w, r, http.StatusRequestEntityTooLarge, "The request body is too large.", "")
		} else {
			writeFail(w, r, http.StatusBadRequest, "The request body could not be read.", "")
		}
		return nil, false
	}
	return b, true
}
