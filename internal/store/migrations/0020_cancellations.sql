-- Cancellations of ticketed bookings, their tickets, partial refunds, and
-- the GST invoices and credit notes (docs/cancellations.md).

-- A cancellation: the traveller's request for the whole booking or some of
-- its tickets, with what they were shown before confirming (quoted_*), and
-- the airline's final word (charge, refund_due). Its statuses and moves are
-- internal/trip's CancelTransitions.
CREATE TABLE cancellations (
	id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	booking_id    uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
	user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	status        text NOT NULL DEFAULT 'requested'
		CHECK (status IN ('requested', 'sending', 'with_airline', 'cancelled', 'refused')),
	-- The whole booking (a full cancellation), or some tickets.
	whole         boolean NOT NULL,
	currency      text NOT NULL DEFAULT 'INR',
	quoted_charge numeric(12, 2) NOT NULL CHECK (quoted_charge >= 0),
	quoted_refund numeric(12, 2) NOT NULL CHECK (quoted_refund >= 0),
	-- Paryatan's own fee, kept from the refund (0: none).
	fee           numeric(12, 2) NOT NULL DEFAULT 0 CHECK (fee >= 0),
	-- The airline's charge and what the traveller is refunded, once final.
	charge        numeric(12, 2) CHECK (charge >= 0),
	refund_due    numeric(12, 2) CHECK (refund_due >= 0),
	-- Why it was refused, in words for the traveller.
	failure       text NOT NULL DEFAULT '',
	-- When the change request was last sent (a lost answer is judged
	-- against it).
	sent_at       timestamptz,
	done_at       timestamptz,
	created_at    timestamptz NOT NULL DEFAULT now(),
	updated_at    timestamptz NOT NULL DEFAULT now(),
	CHECK ((status IN ('cancelled', 'refused')) = (done_at IS NOT NULL)),
	CHECK (status <> 'cancelled' OR (charge IS NOT NULL AND refund_due IS NOT NULL))
);
CREATE INDEX cancellations_booking ON cancellations (booking_id, created_at);
CREATE TRIGGER cancellations_updated_at BEFORE UPDATE ON cancellations
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- The tickets a cancellation asks to cancel, one change request each. A
-- ticket is in at most one live cancellation (refused ones are not live):
-- a change request is never sent twice for the same ticket.
CREATE TABLE cancellation_tickets (
	cancellation_id   uuid NOT NULL REFERENCES cancellations (id) ON DELETE CASCADE,
	booking_id        uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
	ticket_id         bigint NOT NULL,
	-- The passenger's place in bookings.passengers, name and ticket number,
	-- as the traveller chose them.
	passenger         integer NOT NULL,
	name              text NOT NULL,
	ticket_number     text NOT NULL,
	-- The ticket's fare share, as quoted (what it cost the traveller).
	fare              numeric(12, 2) NOT NULL DEFAULT 0,
	change_request_id bigint,
	-- The supplier's ChangeRequestStatus (0 not set … 4 completed, 5
	-- rejected, 6 closed, 7 pending).
	change_status     integer NOT NULL DEFAULT 0,
	charge            numeric(12, 2),
	refunded          numeric(12, 2),
	credit_note       text NOT NULL DEFAULT '',
	remarks           text NOT NULL DEFAULT '',
	live              boolean NOT NULL DEFAULT true,
	PRIMARY KEY (cancellation_id, ticket_id)
);
CREATE UNIQUE INDEX cancellation_tickets_once ON cancellation_tickets (booking_id, ticket_id) WHERE live;
CREATE UNIQUE INDEX cancellation_tickets_request ON cancellation_tickets (change_request_id) WHERE change_request_id IS NOT NULL;

-- A paid order may now be refunded in parts: once whole (a booking that
-- ended unticketed: cancellation_id NULL) and once per cancellation.
ALTER TABLE refunds DROP CONSTRAINT refunds_payment_id_key;
ALTER TABLE refunds ADD COLUMN cancellation_id uuid REFERENCES cancellations (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX refunds_whole_once ON refunds (payment_id) WHERE cancellation_id IS NULL;
CREATE UNIQUE INDEX refunds_cancellation_once ON refunds (payment_id, cancellation_id) WHERE cancellation_id IS NOT NULL;
CREATE INDEX refunds_payment ON refunds (payment_id);

-- Number series without gaps: the next number of a series in a financial
-- year is taken in the transaction that issues the document, so a rolled
-- back issue takes no number.
CREATE TABLE document_series (
	series text NOT NULL,
	-- The Indian financial year, April to March: '2026-27'.
	year   text NOT NULL,
	last   bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (series, year)
);

-- GST documents: the tax invoice of a ticketed booking (once), and a credit
-- note per cancellation that refunds what the invoice charged. body is what
-- the PDF is rendered from, kept as issued, so the same document is the
-- same bytes every time.
CREATE TABLE tax_documents (
	id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	booking_id      uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
	cancellation_id uuid UNIQUE REFERENCES cancellations (id) ON DELETE CASCADE,
	kind            text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
	number          text NOT NULL UNIQUE,
	issued_at       timestamptz NOT NULL DEFAULT now(),
	body            jsonb NOT NULL,
	CHECK ((kind = 'credit_note') = (cancellation_id IS NOT NULL))
);
CREATE UNIQUE INDEX tax_documents_invoice_once ON tax_documents (booking_id) WHERE kind = 'invoice';
