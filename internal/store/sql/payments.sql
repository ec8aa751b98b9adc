-- name: PaymentCreate :one
INSERT INTO payments (booking_id, user_id, gateway, order_id, amount, currency)
VALUES (@booking_id, @user_id, @gateway, @order_id, @amount, @currency)
RETURNING *;

-- name: PaymentOpenForBooking :one
-- The booking's latest unpaid order for this amount: a failed payment is
-- retried on the same order.
SELECT * FROM payments
WHERE booking_id = @booking_id AND gateway = @gateway AND amount = @amount AND status <> 'paid'
ORDER BY created_at DESC LIMIT 1;

-- name: PaymentCountForBooking :one
SELECT count(*) FROM payments WHERE booking_id = @booking_id;

-- name: PaymentGetByOrder :one
SELECT * FROM payments WHERE gateway = @gateway AND order_id = @order_id;

-- name: PaymentGetByID :one
SELECT * FROM payments WHERE id = @id;

-- name: PaymentMarkPaid :one
-- Records the payment that paid an order, once: no row when it was already
-- recorded.
UPDATE payments SET status = 'paid', payment_id = @payment_id, method = @method, paid_at = now(), failure = ''
WHERE id = @id AND status <> 'paid'
RETURNING *;

-- name: PaymentRecordFailure :exec
UPDATE payments SET status = 'attempted', failure = @failure
WHERE id = @id AND status <> 'paid';

-- name: PaymentPaidTotal :one
SELECT coalesce(sum(amount), 0)::bigint FROM payments WHERE booking_id = @booking_id AND status = 'paid';

-- name: PaymentsPaidUnrefunded :many
-- A booking's paid orders with no whole refund yet, and what of each is not
-- refunded by a cancellation (refunds that failed give nothing back).
SELECT sqlc.embed(p), (p.amount - coalesce((SELECT sum(r.amount) FROM refunds r
		WHERE r.payment_id = p.id AND r.status <> 'failed'), 0))::bigint AS remaining
FROM payments p
WHERE p.booking_id = @booking_id AND p.status = 'paid'
	AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.cancellation_id IS NULL)
ORDER BY p.created_at;

-- name: PaymentListByUser :many
SELECT sqlc.embed(p), b.origin, b.destination, b.departure, b.airline, b.status AS booking_status
FROM payments p JOIN bookings b ON b.id = p.booking_id
WHERE p.user_id = @user_id
ORDER BY p.created_at DESC LIMIT 200;

-- name: PaymentListByBooking :many
SELECT * FROM payments WHERE booking_id = @booking_id ORDER BY created_at;

-- name: RefundCreate :one
-- Asks for the whole refund of a paid order (what no cancellation
-- refunded), once: no row when it has one.
INSERT INTO refunds (payment_id, booking_id, user_id, amount, reason)
VALUES (@payment_id, @booking_id, @user_id, @amount, @reason)
ON CONFLICT (payment_id) WHERE cancellation_id IS NULL DO NOTHING
RETURNING *;

-- name: RefundCreateForCancellation :one
-- Asks for part of a paid order back for a cancellation, once per order
-- and cancellation: no row when it has one.
INSERT INTO refunds (payment_id, booking_id, user_id, amount, reason, cancellation_id)
VALUES (@payment_id, @booking_id, @user_id, @amount, @reason, @cancellation_id)
ON CONFLICT (payment_id, cancellation_id) WHERE cancellation_id IS NOT NULL DO NOTHING
RETURNING *;

-- name: RefundMarkPending :one
UPDATE refunds SET status = 'pending', refund_id = @refund_id
WHERE id = @id AND status = 'requested'
RETURNING *;

-- name: RefundSettle :one
-- Records a refund's end, from its webhook or a check; a refund that ended
-- stays as it ended.
UPDATE refunds SET status = @status
WHERE refund_id = @refund_id AND status IN ('requested', 'pending')
RETURNING *;

-- name: RefundGetByID :one
-- A refund with the gateway's id of the payment it refunds.
SELECT sqlc.embed(r), p.payment_id AS gateway_payment_id
FROM refunds r JOIN payments p ON p.id = r.payment_id
WHERE r.id = @id;

-- name: RefundListByUser :many
SELECT sqlc.embed(r), p.currency
FROM refunds r JOIN payments p ON p.id = r.payment_id
WHERE r.user_id = @user_id
ORDER BY r.created_at DESC LIMIT 200;

-- name: RefundListByBooking :many
SELECT sqlc.embed(r), p.currency
FROM refunds r JOIN payments p ON p.id = r.payment_id
WHERE r.booking_id = @booking_id ORDER BY r.created_at;

-- name: PaymentEventAdd :execrows
-- Records a webhook event as applied; 0 rows: it was, already.
INSERT INTO payment_events (gateway, event_id, event) VALUES (@gateway, @event_id, @event)
ON CONFLICT DO NOTHING;

-- name: PaymentEventsCleanup :exec
DELETE FROM payment_events WHERE received_at < @before;

-- name: BookingExpire :one
-- Ends an unpaid booking whose time to pay is over, unless a payment was
-- recorded meanwhile.
UPDATE bookings SET status = 'expired', failure = @failure, reason = 'expired', price_change_pending = false
WHERE bookings.id = @id AND bookings.status = @from_status
	AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = bookings.id AND p.status = 'paid')
RETURNING *;

-- name: BookingEnd :one
-- Ends a booking the traveller paid for that will not be ticketed (a ticket
-- the airline refused, a new fare declined): its money is refunded.
UPDATE bookings SET status = @status, failure = @failure, reason = @reason, price_change_pending = false, lease_owner = NULL, lease_until = NULL
WHERE id = @id AND status = ANY (@from_statuses::text[])
RETURNING *;

-- name: BookingSetNewPrice :exec
-- The fare and the extras' price the airline asks after a change at
-- ticketing (NULL: unchanged).
UPDATE bookings SET new_price = @new_price, new_extras_price = @new_extras_price WHERE id = @id;

-- name: BookingTouch :exec
-- Marks a booking as just worked on (a payment recorded), so the background
-- settle leaves it to whoever recorded it.
UPDATE bookings SET updated_at = now() WHERE id = @id;
