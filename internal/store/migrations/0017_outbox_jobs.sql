-- E-mail is sent by a job per message (internal/outbox: kind outbox.send on
-- the mail queue of River's river_job table, created before this
-- migration; docs/email.md), no longer by a worker on every replica leasing
-- due rows: the columns that scheduled and leased them go (the job keeps
-- its attempts, its errors and its next run), and every message still
-- queued gets its job here, in the upgrade's transaction, so none is left
-- behind between the old loop and the new workers.
--
-- The jobs are written as internal/outbox writes them: the message's id in
-- the args, 1,000 attempts (the give-up period, OUTBOX_GIVE_UP_AFTER, ends a
-- message long before), due at once, oldest message first. A message that
-- was waiting for a retry is tried once more now; one queued longer than the
-- give-up period is marked failed by its first attempt that fails.
INSERT INTO river_job (args, kind, max_attempts, queue, state, scheduled_at)
SELECT jsonb_build_object('message_id', id), 'outbox.send', 1000, 'mail', 'available', now()
FROM outbox_messages
WHERE sent_at IS NULL AND failed_at IS NULL
ORDER BY created_at, id;

DROP INDEX outbox_messages_due;
ALTER TABLE outbox_messages DROP COLUMN next_attempt_at, DROP COLUMN attempts, DROP COLUMN locked_by;
