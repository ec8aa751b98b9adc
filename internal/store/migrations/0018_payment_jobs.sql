-- Orders and refunds are followed at the gateway by jobs of the job queue
-- (internal/jobs, River; docs/payments.md), no longer by every replica
-- claiming due rows of payments and refunds: the columns that scheduled
-- those claims go, and every order and refund still to follow gets its job
-- here, in the upgrade's transaction, so none is dropped between the old
-- loop and the new workers.
--
-- The jobs are written as internal/payment/checkout writes them: the kinds
-- payment.order and payment.refund on the payments queue, 25 attempts, and
-- the same unique key (the SHA-256 of the kind and the row's id, as River
-- builds it from the args' unique field) and unique states (available,
-- pending, running, retryable, scheduled), so that a job the product writes
-- later for the same row while this one is open is skipped as a duplicate.
-- They are due at once: each order is asked about one more time (and ends
-- there when its booking is over and it is more than a day old), each
-- refund is asked for (found first by its receipt) or read back.

INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at, unique_key, unique_states)
SELECT jsonb_build_object('payment_id', id, 'booking_id', booking_id), 'payment.order', 25, 'payments', 'available', now(),
	sha256(convert_to('&kind=payment.order&args={"payment_id":"' || id::text || '"}', 'UTF8')), B'11110001'
FROM payments
WHERE status <> 'paid'
ORDER BY created_at;

INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at, unique_key, unique_states)
SELECT jsonb_build_object('refund_id', id, 'booking_id', booking_id), 'payment.refund', 25, 'payments', 'available', now(),
	sha256(convert_to('&kind=payment.refund&args={"refund_id":"' || id::text || '"}', 'UTF8')), B'11110001'
FROM refunds
WHERE status IN ('requested', 'pending')
ORDER BY created_at;

DROP INDEX payments_to_check;
DROP INDEX refunds_to_check;
ALTER TABLE payments DROP COLUMN checks, DROP COLUMN next_check_at;
ALTER TABLE refunds DROP COLUMN checks, DROP COLUMN next_check_at;
