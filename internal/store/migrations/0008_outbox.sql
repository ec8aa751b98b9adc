-- Outgoing e-mail, written in the same transaction as what it announces (a
-- verification token), so a message is never lost to a slow or absent mail
-- server and never sent for a change that rolled back. Every replica runs a
-- worker that leases due messages (SKIP LOCKED keeps them apart) and sends
-- them.
--
-- A message is queued until sent_at or failed_at is set. next_attempt_at is
-- when it is due: after a temporary failure, the retry time; while a worker
-- is sending it, the end of that worker's lease, so a message whose worker
-- died is taken up again once the lease runs out.
CREATE TABLE outbox_messages (
	id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	kind            text NOT NULL,
	recipient       text NOT NULL,
	recipient_name  text NOT NULL DEFAULT '',
	subject         text NOT NULL,
	text_body       text NOT NULL,
	html_body       text NOT NULL DEFAULT '',
	created_at      timestamptz NOT NULL DEFAULT now(),
	next_attempt_at timestamptz NOT NULL DEFAULT now(),
	attempts        integer NOT NULL DEFAULT 0,
	-- The last failure, as the mail server replied or the connection broke.
	last_error      text NOT NULL DEFAULT '',
	-- The worker (api_instances id) holding the lease, NULL when none does.
	locked_by       text,
	sent_at         timestamptz,
	failed_at       timestamptz,
	CONSTRAINT outbox_messages_one_outcome CHECK (sent_at IS NULL OR failed_at IS NULL)
);
CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at)
	WHERE sent_at IS NULL AND failed_at IS NULL;
