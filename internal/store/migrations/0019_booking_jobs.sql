-- The booking machine's background work runs as jobs (internal/jobs, River's
-- river_job table, created before this migration): a booking's reconcile,
-- settle, expire and release jobs are written with the change that calls for
-- them. The reconciler's own schedule goes: the job holds it.
ALTER TABLE bookings DROP COLUMN reconcile_attempts, DROP COLUMN next_reconcile_at;

-- Work already due when this version starts, written as jobs once: every
-- unknown booking is reconciled; every booking with money in and its next
-- step not taken (paid and awaiting its ticket, or ended with a paid order
-- not refunded) is settled; every unpaid booking awaiting its ticket expires
-- at its pay-by time. The workers start from the booking as it stands, so
-- a job for work already done does nothing.
INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at)
SELECT jsonb_build_object('booking_id', b.id), 'booking.reconcile', 25, 'supplier', 'available', now()
FROM bookings b WHERE b.status = 'unknown';

INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at)
SELECT jsonb_build_object('booking_id', b.id), 'booking.settle', 25, 'tickets', 'available', now()
FROM bookings b
WHERE b.status IN ('quoted', 'booked', 'failed', 'expired', 'cancelled')
	AND EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.status = 'paid'
		AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id));

INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at)
SELECT jsonb_build_object('booking_id', b.id), 'booking.expire', 25, 'payments',
	CASE WHEN b.pay_by > now() THEN 'scheduled' ELSE 'available' END::river_job_state, greatest(b.pay_by, now())
FROM bookings b
WHERE b.status IN ('quoted', 'booked') AND b.pay_by IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.status = 'paid');
