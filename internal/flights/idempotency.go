package flights

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// IdempotencyHeader names the key a client sends with book and ticket.
const IdempotencyHeader = "Idempotency-Key"

// captured is an answer kept for replays.
type captured struct {
	status int
	body   any
}

// keyClaim is an idempotency key held by this process for the request it
// is doing. It is passed to where the supplier call starts (Book, Ticket), which ties the key to the booking in the same transaction, and
// only while this process still holds the key (a fencing check: a process
// that lost the key makes no supplier call).
type keyClaim struct {
	userID  uuid.UUID
	op, key string
	holder  string
	// linked: the key is tied to a booking whose supplier call started.
	linked bool
}

// errKeyLost is a request whose idempotency key was taken over by a repeat
// of it because this process was thought dead: the repeat does the work.
var errKeyLost = apierr.Conflict("request_in_progress", "This request is being handled by a repeat of it. Please check My Trips.")

func (c *keyClaim) link(ctx context.Context, q *queries.Queries, bookingID uuid.UUID) error {
	_, err := q.IdempotencyLink(ctx, queries.IdempotencyLinkParams{UserID: c.userID, Operation: c.op, Key: c.key, Holder: c.holder, BookingID: &bookingID})
	if errors.Is(err, pgx.ErrNoRows) {
		return errKeyLost
	}
	return err
}

// idempotent runs do once per (user, operation, key), on a context detached
// from the client's request: a client that goes away changes nothing about
// what happens at the supplier, and its outcome is what a repeat gets.
//
// A repeat with the same key and body gets the first answer byte for byte.
// One that arrives while the first runs waits for it (a double click, or a
// retry through another replica). One whose first request's process died
// answers within a few seconds from the booking that request started:
// settled, or still being confirmed ("do not book again"); if that request
// died before any supplier call, the repeat does the work itself. The same
// key with another body is refused. Without a key, do just runs (with a nil
// claim).
func (h *Handler) idempotent(w http.ResponseWriter, r *http.Request, userID uuid.UUID, op trip.Step, body []byte, do func(context.Context, *keyClaim) captured) {
	work := context.WithoutCancel(r.Context())
	key := r.Header.Get(IdempotencyHeader)
	if key == "" {
		c := do(work, nil)
		httpjson.Write(w, r, c.status, c.body)
		return
	}
	if len(key) > 200 {
		httpjson.Fail(w, r, apierr.BadRequest("invalid_idempotency_key", "Idempotency-Key is too long (200 characters at most)."))
		return
	}
	sum := sha256.Sum256(canonicalJSON(body))
	claim := &keyClaim{userID: userID, op: string(op), key: key, holder: h.bookings.owner}
	first, err := h.q.IdempotencyClaim(work, queries.IdempotencyClaimParams{UserID: userID, Operation: string(op), Key: key,
		RequestHash: sum[:], Holder: claim.holder})
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		httpjson.Fail(w, r, err)
		return
	}
	if first {
		h.runClaimed(w, r, work, claim, do)
		return
	}
	// Someone else holds the key: wait for their answer while they live
	// (bounded by the longest supplier call and this request's own life),
	// looking again after a pause that grows (keyPollFirst doubling to
	// keyPollMax): many repeats waiting at once on a busy replica must not
	// crowd out, in its small pool, the work they wait for.
	ctx := r.Context()
	deadline := time.Now().Add(h.idempotencyWait)
	pause := keyPollFirst
	for {
		row, err := h.q.IdempotencyGet(ctx, queries.IdempotencyGetParams{UserID: userID, Operation: string(op), Key: key})
		if errors.Is(err, pgx.ErrNoRows) {
			// The first request ended without an answer to keep and
			// released the key: claim it afresh.
			if first, err = h.q.IdempotencyClaim(work, queries.IdempotencyClaimParams{UserID: userID, Operation: string(op), Key: key,
				RequestHash: sum[:], Holder: claim.holder}); err == nil && first {
				h.runClaimed(w, r, work, claim, do)
				return
			}
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				httpjson.Fail(w, r, err)
				return
			}
			continue
		}
		if err != nil {
			httpjson.Fail(w, r, err)
			return
		}
		if !bytes.Equal(row.RequestHash, sum[:]) {
			httpjson.Fail(w, r, apierr.New(http.StatusUnprocessableEntity, "idempotency_key_reused", "This Idempotency-Key was already used for a different request."))
			return
		}
		if row.StatusCode != nil {
			w.Header().Set("Idempotent-Replayed", "true")
			httpjson.Write(w, r, int(*row.StatusCode), json.RawMessage(row.Response))
			return
		}
		if !row.HolderAlive {
			if row.BookingID == nil {
				// The first request died before any supplier call: nothing
				// happened that a retry could double.
				took, err := h.q.IdempotencyTakeOver(work, queries.IdempotencyTakeOverParams{UserID: userID, Operation: string(op), Key: key, Holder: claim.holder})
				if err == nil && took {
					h.log.InfoContext(ctx, "idempotency key taken over from a stopped request", "operation", op)
					h.runClaimed(w, r, work, claim, do)
					return
				}
				if err != nil && !errors.Is(err, pgx.ErrNoRows) {
					httpjson.Fail(w, r, err)
					return
				}
			} else if done := h.answerFromBooking(w, r, userID, op, key, *row.BookingID); done {
				return
			} else {
				continue // its answer is kept now: replay it
			}
		}
		if time.Now().After(deadline) {
			httpjson.Fail(w, r, apierr.Conflict("request_in_progress", "A request with this Idempotency-Key is still being processed. Please check My Trips."))
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, keyPollMax)
	}
}

// The pauses of a repeat waiting on its key's holder: the first answers a
// double click about as soon as the first request ends; the longest keeps
// a repeat of a dead holder's request within 5 s (the holder is known dead
// 3 s after its last heartbeat, internal/instance).
const (
	keyPollFirst = 100 * time.Millisecond
	keyPollMax   = 500 * time.Millisecond
)

// runClaimed does the request of a key this process holds and keeps its
// answer for repeats. An answer that is not kept releases the key: it is
// forgotten when no supplier call was made (the client may retry with it),
// else left to answer from its booking.
func (h *Handler) runClaimed(w http.ResponseWriter, r *http.Request, work context.Context, claim *keyClaim, do func(context.Context, *keyClaim) captured) {
	c := do(work, claim)
	resp, _ := json.Marshal(c.body)
	// Kept: definite answers. A 202 (still confirming) is not kept, so that
	// repeats see the booking settle; nor is a failure before any supplier
	// call was made, which a retry may safely do again.
	keep := c.status != http.StatusAccepted && c.status != http.StatusInternalServerError &&
		(c.status < http.StatusInternalServerError || claim.linked)
	if keep {
		status := int32(c.status) //nolint:gosec // an HTTP status
		if err := h.q.IdempotencyFinish(work, queries.IdempotencyFinishParams{UserID: claim.userID, Operation: claim.op, Key: claim.key,
			Holder: claim.holder, StatusCode: &status, Response: resp}); err != nil {
			h.log.ErrorContext(work, "idempotency: could not store the answer", "err", err)
			keep = false
		}
	}
	if !keep {
		if err := h.q.IdempotencyAbandon(work, queries.IdempotencyAbandonParams{UserID: claim.userID, Operation: claim.op, Key: claim.key,
			Holder: claim.holder}); err != nil {
			h.log.ErrorContext(work, "idempotency: could not release the key", "err", err)
		}
	}
	httpjson.Write(w, r, c.status, json.RawMessage(resp))
}

// answerFromBooking answers a repeat whose first request's process died
// after starting a supplier call, from the booking that call was about. A
// settled booking's answer is kept for later repeats (done is false then:
// the caller replays what was kept, whoever kept it first); one still in
// flight or unknown answers 202 "still confirming" and is not kept.
func (h *Handler) answerFromBooking(w http.ResponseWriter, r *http.Request, userID uuid.UUID, op trip.Step, key string, bookingID uuid.UUID) (done bool) {
	ctx := r.Context()
	b, err := h.q.BookingGetByID(ctx, bookingID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return true
	}
	out := outcomeOf(b, op)
	c := h.outcome(ctx, out, nil, op)
	if out.Kind == Pending {
		httpjson.Write(w, r, c.status, c.body)
		return true
	}
	resp, _ := json.Marshal(c.body)
	status := int32(c.status) //nolint:gosec // an HTTP status
	if err := h.q.IdempotencyFinish(context.WithoutCancel(ctx), queries.IdempotencyFinishParams{UserID: userID, Operation: string(op), Key: key,
		BookingID: &bookingID, StatusCode: &status, Response: resp}); err != nil {
		httpjson.Fail(w, r, err)
		return true
	}
	return false
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
