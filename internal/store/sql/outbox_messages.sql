-- name: OutboxEnqueue :one
INSERT INTO outbox_messages (kind, recipient, recipient_name, subject, text_body, html_body, reply_to, reply_to_name)
VALUES (@kind, @recipient, @recipient_name, @subject, @text_body, @html_body, @reply_to, @reply_to_name)
RETURNING id;

-- name: OutboxClaimDue :many
-- Leases up to max_messages due messages to the worker locked_by for
-- lease_seconds and counts the attempt. SKIP LOCKED lets every replica claim at once
-- without two taking the same message.
WITH due AS (
	SELECT id FROM outbox_messages
	WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
	ORDER BY next_attempt_at
	LIMIT @max_messages
	FOR UPDATE SKIP LOCKED
)
UPDATE outbox_messages o SET attempts = o.attempts + 1, locked_by = @locked_by::text,
	next_attempt_at = now() + make_interval(secs => @lease_seconds::float8)
FROM due WHERE o.id = due.id
RETURNING o.*;

-- name: OutboxMarkSent :execrows
-- Only the lease holder settles a message: a worker that overran its lease
-- changes nothing.
UPDATE outbox_messages SET sent_at = now(), locked_by = NULL
WHERE id = @id AND locked_by = @locked_by::text AND sent_at IS NULL AND failed_at IS NULL;

-- name: OutboxMarkRetry :execrows
UPDATE outbox_messages SET last_error = @last_error, locked_by = NULL,
	next_attempt_at = now() + make_interval(secs => @retry_seconds::float8)
WHERE id = @id AND locked_by = @locked_by::text AND sent_at IS NULL AND failed_at IS NULL;

-- name: OutboxMarkFailed :execrows
UPDATE outbox_messages SET failed_at = now(), last_error = @last_error, locked_by = NULL
WHERE id = @id AND locked_by = @locked_by::text AND sent_at IS NULL AND failed_at IS NULL;

-- name: OutboxStats :one
SELECT
	count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)::bigint AS queued,
	count(*) FILTER (WHERE sent_at IS NOT NULL)::bigint AS sent,
	count(*) FILTER (WHERE failed_at IS NOT NULL)::bigint AS failed,
	COALESCE(EXTRACT(EPOCH FROM now() - min(created_at) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)), 0)::float8 AS oldest_queued_age_seconds
FROM outbox_messages;

-- name: OutboxListRecent :many
-- The newest messages first, for operators and tests.
SELECT * FROM outbox_messages ORDER BY created_at DESC, id LIMIT @max_messages;

-- name: OutboxGet :one
SELECT * FROM outbox_messages WHERE id = @id;

-- name: OutboxPurgeSettled :execrows
-- Deletes settled messages past their keeping time, a batch at a time: sent
-- ones sent_keep_seconds after sending, failed ones failed_keep_seconds after
-- failing. Queued messages are never deleted.
DELETE FROM outbox_messages WHERE id IN (
	SELECT id FROM outbox_messages
	WHERE (sent_at IS NOT NULL AND sent_at < now() - make_interval(secs => @sent_keep_seconds::float8))
	   OR (failed_at IS NOT NULL AND failed_at < now() - make_interval(secs => @failed_keep_seconds::float8))
	LIMIT @max_messages
	FOR UPDATE SKIP LOCKED
);
