-- name: OutboxEnqueue :one
INSERT INTO outbox_messages (kind, recipient, recipient_name, subject, text_body, html_body, reply_to, reply_to_name, attachments)
VALUES (@kind, @recipient, @recipient_name, @subject, @text_body, @html_body, @reply_to, @reply_to_name, @attachments)
RETURNING id;

-- name: OutboxAttachmentAdd :exec
-- One file of a message, in the transaction that writes the message.
INSERT INTO outbox_attachments (message_id, position, name, content_type, data)
VALUES (@message_id, @position, @name, @content_type, @data);

-- name: OutboxAttachmentList :many
-- A message's files in the order they were given.
SELECT position, name, content_type, data FROM outbox_attachments
WHERE message_id = @message_id ORDER BY position;

-- name: OutboxMarkSent :execrows
-- Only a queued message is settled: a second run of its job (a rescued or
-- duplicate job) changes nothing once one run has recorded an outcome.
UPDATE outbox_messages SET sent_at = now()
WHERE id = @id AND sent_at IS NULL AND failed_at IS NULL;

-- name: OutboxRecordError :execrows
-- Keeps the last temporary failure of a message still queued; its job is
-- retried by the job queue, which schedules the next attempt.
UPDATE outbox_messages SET last_error = @last_error
WHERE id = @id AND sent_at IS NULL AND failed_at IS NULL;

-- name: OutboxMarkFailed :execrows
UPDATE outbox_messages SET failed_at = now(), last_error = @last_error
WHERE id = @id AND sent_at IS NULL AND failed_at IS NULL;

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
-- failing. Queued messages are never deleted. Only the periodic purge job
-- deletes, and no send touches a settled message, so nothing but another
-- purge competes for these rows (it waits, then skips what went).
DELETE FROM outbox_messages WHERE id IN (
	SELECT id FROM outbox_messages
	WHERE (sent_at IS NOT NULL AND sent_at < now() - make_interval(secs => @sent_keep_seconds::float8))
	   OR (failed_at IS NOT NULL AND failed_at < now() - make_interval(secs => @failed_keep_seconds::float8))
	LIMIT @max_messages
);
