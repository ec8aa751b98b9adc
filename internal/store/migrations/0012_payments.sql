-- Payment before ticketing (docs/payments.md). A booking waits for its
-- payment until pay_by; unpaid then, it expires (a held GDS seat is
-- released). A traveller who declines a fare that moved at ticketing
-- cancels it, with the payment refunded.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN
	('quoted', 'booking', 'booked', 'ticketing', 'ticketed', 'failed', 'unknown', 'expired', 'cancelled'));
ALTER TABLE bookings ADD COLUMN pay_by timestamptz;
-- The fare the airline asks at ticketing when it moved (price_change_pending):
-- the traveller pays the difference, or cancels.
ALTER TABLE bookings ADD COLUMN new_price numeric(12, 2);
CREATE INDEX bookings_awaiting_payment ON bookings (pay_by) WHERE status IN ('quoted', 'booked');

-- A gateway order for a booking: its whole fare, or the difference when the
-- fare moved. Amounts are paise. status follows the gateway's order
-- (created, attempted: a payment failed, paid); payment_id is the payment
-- that paid it. next_check_at schedules asking the gateway about an order
-- that is not paid (a webhook that never came).
CREATE TABLE payments (
	id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	booking_id    uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
	user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	gateway       text NOT NULL,
	order_id      text NOT NULL UNIQUE,
	amount        bigint NOT NULL CHECK (amount >= 100),
	currency      text NOT NULL DEFAULT 'INR',
	status        text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'attempted', 'paid')),
	payment_id    text UNIQUE,
	method        text NOT NULL DEFAULT '',
	-- The last failed attempt, in the gateway's words.
	failure       text NOT NULL DEFAULT '',
	paid_at       timestamptz,
	checks        integer NOT NULL DEFAULT 0,
	next_check_at timestamptz NOT NULL DEFAULT now() + interval '1 minute',
	created_at    timestamptz NOT NULL DEFAULT now(),
	updated_at    timestamptz NOT NULL DEFAULT now(),
	CHECK ((status = 'paid') = (payment_id IS NOT NULL AND paid_at IS NOT NULL))
);
CREATE INDEX payments_booking ON payments (booking_id);
CREATE INDEX payments_user ON payments (user_id, created_at DESC);
CREATE INDEX payments_to_check ON payments (next_check_at) WHERE status <> 'paid';
CREATE TRIGGER payments_updated_at BEFORE UPDATE ON payments
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- A refund of a paid order, whole and once. 'requested' is written before
-- the gateway is asked (its receipt, rf_<id without dashes>, finds it at the
-- gateway if the answer was lost); 'pending' once the gateway holds it;
-- 'processed' or 'failed' from its webhook or a check.
CREATE TABLE refunds (
	id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	payment_id    uuid NOT NULL UNIQUE REFERENCES payments (id) ON DELETE CASCADE,
	booking_id    uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
	user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	amount        bigint NOT NULL CHECK (amount > 0),
	-- Why, in words for the traveller.
	reason        text NOT NULL,
	status        text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'pending', 'processed', 'failed')),
	refund_id     text UNIQUE,
	checks        integer NOT NULL DEFAULT 0,
	next_check_at timestamptz NOT NULL DEFAULT now(),
	created_at    timestamptz NOT NULL DEFAULT now(),
	updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_user ON refunds (user_id, created_at DESC);
CREATE INDEX refunds_to_check ON refunds (next_check_at) WHERE status IN ('requested', 'pending');
CREATE TRIGGER refunds_updated_at BEFORE UPDATE ON refunds
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Webhook events applied, by the gateway's event id: a retried or
-- duplicated delivery is acknowledged and not applied again.
CREATE TABLE payment_events (
	gateway     text NOT NULL,
	event_id    text NOT NULL,
	event       text NOT NULL,
	received_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (gateway, event_id)
);
CREATE INDEX payment_events_received ON payment_events (received_at);
