-- Crash safety for book and ticket: who is making a supplier call, until
-- when, and whether that process is still alive.

-- Every running API process renews its row every few seconds. A process that
-- stops renewing (killed, out of memory, node lost) is dead once alive_until
-- has passed; what it held is then swept by the live ones.
CREATE TABLE api_instances (
	id          text PRIMARY KEY,
	host        text NOT NULL DEFAULT '',
	pid         integer NOT NULL DEFAULT 0,
	started_at  timestamptz NOT NULL DEFAULT now(),
	alive_until timestamptz NOT NULL
);

-- A booking in 'booking' or 'ticketing' is a supplier call in flight: it is
-- leased to the process making the call until the call's deadline plus a
-- margin. When the lease runs out or its holder dies, any replica moves the
-- booking to 'unknown' and the reconciler settles it from the supplier.
ALTER TABLE bookings ADD COLUMN lease_owner text, ADD COLUMN lease_until timestamptz;
-- Bookings left in flight by a process that died before this migration are
-- swept at once.
UPDATE bookings SET lease_until = now() WHERE status IN ('booking', 'ticketing');
ALTER TABLE bookings ADD CONSTRAINT bookings_lease_in_flight
	CHECK ((status IN ('booking', 'ticketing')) = (lease_until IS NOT NULL));
CREATE INDEX bookings_in_flight ON bookings (lease_until) WHERE status IN ('booking', 'ticketing');

-- An idempotency key is held by the process doing its request (holder, an
-- api_instances id; NULL once nobody is working on it) and is linked to the
-- booking whose supplier call it started. A repeat whose holder died answers
-- from that booking instead of waiting. Keys are kept for 24 hours.
ALTER TABLE idempotency_keys
	ADD COLUMN holder     text,
	ADD COLUMN booking_id uuid REFERENCES bookings (id) ON DELETE SET NULL;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
