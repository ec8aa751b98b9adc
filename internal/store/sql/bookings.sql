-- name: BookingLockResult :exec
-- Held until the transaction ends: one booking is created on a supplier
-- result at a time.
SELECT pg_advisory_xact_lock(hashtextextended('booking-result/' || @supplier::text || '/' || @trace_id::text || '/' || @result_index::text, 0));

-- name: BookingResultHeldByOther :one
-- Whether another user holds a booking on the result that has not failed
-- or been cancelled.
SELECT EXISTS (
	SELECT 1 FROM bookings
	WHERE supplier = @supplier AND trace_id = @trace_id AND result_index = @result_index
		AND user_id <> @user_id AND status NOT IN ('failed', 'cancelled')
);

-- name: BookingCreate :one
INSERT INTO bookings (user_id, supplier, trace_id, result_index, is_lcc, status, currency, price,
	origin, destination, departure, airline, passengers, agent_reference, quote, pay_by, extras, extras_price, extras_choice)
VALUES (@user_id, @supplier, @trace_id, @result_index, @is_lcc, 'quoted', @currency, @price,
	@origin, @destination, @departure, @airline, @passengers, @agent_reference, @quote, @pay_by, @extras, @extras_price,
	coalesce(sqlc.narg(extras_choice)::jsonb, '[]'))
RETURNING *;

-- name: BookingGetByID :one
SELECT * FROM bookings WHERE id = @id;

-- name: BookingGetForUser :one
SELECT * FROM bookings WHERE id = @id AND user_id = @user_id;

-- name: BookingGetBySupplierID :one
SELECT * FROM bookings WHERE supplier = @supplier AND supplier_booking_id = @supplier_booking_id AND user_id = @user_id;

-- name: BookingGetLatestByTrace :one
SELECT * FROM bookings
WHERE user_id = @user_id AND supplier = @supplier AND trace_id = @trace_id AND result_index = @result_index
ORDER BY created_at DESC LIMIT 1;

-- name: BookingListByUser :many
SELECT * FROM bookings WHERE user_id = @user_id ORDER BY created_at DESC LIMIT 200;

-- name: BookingStartCall :one
-- Moves a booking into 'booking' or 'ticketing' only if it is still in the
-- expected status (no row means someone else moved it first), leased to the
-- process about to call the supplier for lease_seconds from now.
UPDATE bookings SET status = @to_status, lease_owner = @lease_owner::text,
	lease_until = now() + make_interval(secs => @lease_seconds::float8)
WHERE id = @id AND status = @from_status
RETURNING *;

-- name: BookingRecordBooked :one
UPDATE bookings SET status = @status, unknown_step = NULL, pnr = @pnr, supplier_booking_id = @supplier_booking_id,
	last_response = @last_response, failure = '', reason = '', price_change_pending = false, lease_owner = NULL, lease_until = NULL,
	-- A ticket issued at a moved fare (accepted and paid) is at that fare.
	price = CASE WHEN price_change_pending AND new_price IS NOT NULL AND @status::text = 'ticketed' THEN new_price ELSE price END,
	-- and its seats, meals and baggage at their moved price.
	extras_price = CASE WHEN price_change_pending AND new_extras_price IS NOT NULL AND @status::text = 'ticketed'
		THEN new_extras_price ELSE extras_price END,
	reconciled_at = CASE WHEN @reconciled::boolean THEN now() ELSE reconciled_at END
WHERE id = @id AND status = ANY (@from_statuses::text[])
RETURNING *;

-- name: BookingRecordFailure :one
UPDATE bookings SET status = @status, unknown_step = NULL, failure = @failure, reason = @reason, last_response = @last_response,
	price_change_pending = @price_change_pending, lease_owner = NULL, lease_until = NULL,
	reconciled_at = CASE WHEN @reconciled::boolean THEN now() ELSE reconciled_at END
WHERE id = @id AND status = ANY (@from_statuses::text[])
RETURNING *;

-- name: BookingMarkUnknown :one
-- unknown_since is the booking service's clock, which its decisions read;
-- a lease is the database's, the one clock every replica shares. The
-- caller writes the booking's reconcile job in the same transaction.
UPDATE bookings SET status = 'unknown', unknown_step = @unknown_step, failure = @failure, reason = 'lost',
	unknown_since = @now::timestamptz, lease_owner = NULL, lease_until = NULL
WHERE id = @id AND status = ANY (@from_statuses::text[])
RETURNING *;

-- name: BookingSweepLeases :many
-- Moves to 'unknown' every in-flight booking whose lease ran out or whose
-- holder is no longer alive, with an event each; the caller writes each
-- one's reconcile job in the same transaction, which asks the supplier
-- what became of the call. A booking whose holder is recording its answer
-- right now is waited for, then left alone if it settled.
WITH due AS (
	SELECT b.id, b.status, b.lease_owner FROM bookings b
	WHERE b.status IN ('booking', 'ticketing')
		AND (b.lease_until < now() OR NOT EXISTS (
			SELECT 1 FROM api_instances i WHERE i.id = b.lease_owner AND i.alive_until > now()))
	ORDER BY b.lease_until
	LIMIT 100
	FOR UPDATE OF b
), swept AS (
	UPDATE bookings b SET status = 'unknown',
		unknown_step = CASE due.status WHEN 'booking' THEN 'book' ELSE 'ticket' END,
		failure = 'The process making the supplier call stopped.', reason = 'lost',
		unknown_since = now(), lease_owner = NULL, lease_until = NULL
	FROM due WHERE b.id = due.id
	RETURNING b.id, due.status AS from_status, COALESCE(due.lease_owner, '') AS lease_owner
), events AS (
	INSERT INTO booking_events (booking_id, from_status, to_status, note)
	SELECT swept.id, swept.from_status, 'unknown', 'lease swept: holder ' || swept.lease_owner || ' stopped or ran out of time'
	FROM swept
)
SELECT id, from_status, lease_owner FROM swept;

-- name: BookingCountByStatus :many
SELECT status, count(*)::bigint AS bookings FROM bookings GROUP BY status;

-- name: BookingOldestUnknownAge :one
-- Seconds since the oldest booking still unknown became unknown (0 if none).
SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(unknown_since)), 0)::float8 AS age_seconds
FROM bookings WHERE status = 'unknown';

-- name: BookingEventAdd :exec
INSERT INTO booking_events (booking_id, from_status, to_status, note) VALUES (@booking_id, @from_status, @to_status, @note);

-- name: BookingMarkMailed :execrows
-- Notes that the e-mail of this kind about the booking is written; no row
-- when it was already.
UPDATE bookings SET mailed = array_append(mailed, @kind::text)
WHERE id = @id AND NOT (@kind::text = ANY (mailed));

-- name: BookingRepriceExtras :one
-- Puts the items of a booking whose extras moved at ticketing on its
-- passengers at their new prices (chosen again from extras_choice), before
-- the ticket is sent again; new_extras_price is what they cost now.
UPDATE bookings SET passengers = @passengers, extras = @extras, new_extras_price = @new_extras_price
WHERE id = @id AND status = @status AND price_change_pending
RETURNING *;
