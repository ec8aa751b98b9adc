-- Outgoing e-mail, written in the same transaction as what it announces (a
-- verification token), so a message is never lost to a slow or absent mail
-- server and never sent for a change that rolled back.
--
-- A message is queued until sent_at or failed_at is set. Since
-- 0017_outbox_jobs.sql each message is sent by a job of its own (kind
-- outbox.send, written in the same transaction) that River retries and
-- rescues; the columns below that scheduled and leased messages for a
-- worker on every replica (next_attempt_at, attempts, locked_by, and the
-- index on next_attempt_at) are dropped there.
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
	-- The worker (api_instances id) leasing the message while it sent it.
	locked_by       text,
	sent_at         timestamptz,
	failed_at       timestamptz,
	CONSTRAINT outbox_messages_one_outcome CHECK (sent_at IS NULL OR failed_at IS NULL)
);
CREATE INDEX outbox_messages_due ON outbox_messages (next_attempt_at)
	WHERE sent_at IS NULL AND failed_at IS NULL;
