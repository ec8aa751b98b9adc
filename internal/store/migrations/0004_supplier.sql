-- Flight supplier state shared by every replica.

-- One token per supplier per day (the supplier's rule), obtained by whichever
-- replica needs it first.
CREATE TABLE supplier_tokens (
	supplier    text PRIMARY KEY,
	token       text NOT NULL,
	valid_until timestamptz NOT NULL,
	created_at  timestamptz NOT NULL DEFAULT now()
);

-- A flight booking and where it stands. Its statuses and every allowed move
-- between them are in one table, internal/trip (later migrations add
-- statuses; a test checks this table's CHECK against it). Moves are
-- compare-and-set on status, so two requests can never both book or ticket
-- one booking.
CREATE TABLE bookings (
	id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	user_id             uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	supplier            text NOT NULL,
	trace_id            text NOT NULL,
	result_index        text NOT NULL,
	is_lcc              boolean NOT NULL,
	status              text NOT NULL CHECK (status IN ('quoted', 'booking', 'booked', 'ticketing', 'ticketed', 'failed', 'unknown')),
	-- Which call's outcome is unknown while status is 'unknown'.
	unknown_step        text CHECK (unknown_step IN ('book', 'ticket')),
	pnr                 text,
	supplier_booking_id bigint,
	currency            text NOT NULL DEFAULT 'INR',
	price               numeric(12, 2),
	origin              text NOT NULL DEFAULT '',
	destination         text NOT NULL DEFAULT '',
	departure           text NOT NULL DEFAULT '',
	airline             text NOT NULL DEFAULT '',
	-- The passengers as sent to the supplier; needed for the LCC ticket call.
	passengers          jsonb NOT NULL DEFAULT '[]',
	agent_reference     text NOT NULL DEFAULT '',
	price_change_pending boolean NOT NULL DEFAULT false,
	quote               jsonb,
	last_response       jsonb,
	failure             text NOT NULL DEFAULT '',
	unknown_since       timestamptz,
	reconcile_attempts  integer NOT NULL DEFAULT 0,
	next_reconcile_at   timestamptz,
	reconciled_at       timestamptz,
	created_at          timestamptz NOT NULL DEFAULT now(),
	updated_at          timestamptz NOT NULL DEFAULT now(),
	CHECK ((status = 'unknown') = (unknown_step IS NOT NULL))
);
CREATE INDEX bookings_user ON bookings (user_id, created_at DESC);
CREATE UNIQUE INDEX bookings_supplier_booking ON bookings (supplier, supplier_booking_id);
CREATE INDEX bookings_to_reconcile ON bookings (next_reconcile_at) WHERE status = 'unknown';
CREATE TRIGGER bookings_updated_at BEFORE UPDATE ON bookings
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Every status change, for support and audits.
CREATE TABLE booking_events (
	id          bigserial PRIMARY KEY,
	booking_id  uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
	from_status text NOT NULL,
	to_status   text NOT NULL,
	note        text NOT NULL DEFAULT '',
	at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX booking_events_booking ON booking_events (booking_id, id);

-- Idempotency keys of book and ticket requests: the first request with a key
-- does the work; repeats get its answer (waiting while it runs).
CREATE TABLE idempotency_keys (
	user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	operation    text NOT NULL,
	key          text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
	request_hash bytea NOT NULL,
	status_code  integer,
	response     jsonb,
	created_at   timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (user_id, operation, key)
);
