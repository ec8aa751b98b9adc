-- name: BookingCreate :one
INSERT INTO bookings (user_id, supplier, trace_id, result_index, is_lcc, status, currency, price,
	origin, destination, departure, airline, passengers, agent_reference, quote)
VALUES (@user_id, @supplier, @trace_id, @result_index, @is_lcc, 'quoted', @currency, @price,
	@origin, @destination, @departure, @airline, @passengers, @agent_reference, @quote)
RETURNING *;

-- name: BookingGet :one
SELECT * FROM bookings WHERE id = @id AND user_id = @user_id;

-- name: BookingGetBySupplierID :one
SELECT * FROM bookings WHERE supplier = @supplier AND supplier_booking_id = @supplier_booking_id AND user_id = @user_id;

-- name: BookingGetLatestByTrace :one
SELECT * FROM bookings
WHERE user_id = @user_id AND supplier = @supplier AND trace_id = @trace_id AND result_index = @result_index
ORDER BY created_at DESC LIMIT 1;

-- name: BookingListByUser :many
SELECT * FROM bookings WHERE user_id = @user_id ORDER BY created_at DESC LIMIT 200;

-- name: BookingTransition :one
-- Moves a booking from one status to another only if it is still in the
-- expected status; no row means someone else moved it first.
UPDATE bookings SET status = @to_status, unknown_step = sqlc.narg(unknown_step)
WHERE id = @id AND status = @from_status
RETURNING *;

-- name: BookingRecordBooked :one
UPDATE bookings SET status = @status, unknown_step = NULL, pnr = @pnr, supplier_booking_id = @supplier_booking_id,
	last_response = @last_response, failure = '', price_change_pending = false,
	reconciled_at = CASE WHEN @reconciled::boolean THEN now() ELSE reconciled_at END
WHERE id = @id
RETURNING *;

-- name: BookingRecordFailure :one
UPDATE bookings SET status = @status, unknown_step = NULL, failure = @failure, last_response = @last_response,
	price_change_pending = @price_change_pending,
	reconciled_at = CASE WHEN @reconciled::boolean THEN now() ELSE reconciled_at END
WHERE id = @id
RETURNING *;

-- name: BookingMarkUnknown :one
UPDATE bookings SET status = 'unknown', unknown_step = @unknown_step, failure = @failure,
	unknown_since = now(), reconcile_attempts = 0, next_reconcile_at = now()
WHERE id = @id
RETURNING *;

-- name: BookingClaimForReconcile :one
-- Claims the oldest due unknown booking; SKIP LOCKED lets every replica run
-- the reconciler without working on the same booking.
SELECT * FROM bookings
WHERE status = 'unknown' AND next_reconcile_at <= now()
ORDER BY next_reconcile_at
LIMIT 1
FOR UPDATE SKIP LOCKED;

-- name: BookingPostponeReconcile :exec
UPDATE bookings SET reconcile_attempts = reconcile_attempts + 1, next_reconcile_at = @next_reconcile_at
WHERE id = @id;

-- name: BookingEventAdd :exec
INSERT INTO booking_events (booking_id, from_status, to_status, note) VALUES (@booking_id, @from_status, @to_status, @note);

-- name: BookingEvents :many
SELECT * FROM booking_events WHERE booking_id = @booking_id ORDER BY id;

-- name: IdempotencyClaim :one
-- Returns true when this request is the first with the key.
INSERT INTO idempotency_keys (user_id, operation, key, request_hash)
VALUES (@user_id, @operation, @key, @request_hash)
ON CONFLICT (user_id, operation, key) DO NOTHING
RETURNING true;

-- name: IdempotencyGet :one
SELECT * FROM idempotency_keys WHERE user_id = @user_id AND operation = @operation AND key = @key;

-- name: IdempotencyFinish :exec
UPDATE idempotency_keys SET status_code = @status_code, response = @response
WHERE user_id = @user_id AND operation = @operation AND key = @key;

-- name: IdempotencyRelease :exec
-- Forgets a key whose request ended before reaching the supplier, so the
-- client may retry with it.
DELETE FROM idempotency_keys WHERE user_id = @user_id AND operation = @operation AND key = @key AND response IS NULL;
