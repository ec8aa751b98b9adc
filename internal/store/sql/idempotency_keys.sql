-- name: IdempotencyClaim :one
-- Returns true when this request is the first with the key; the key is then
-- held by the calling process.
INSERT INTO idempotency_keys (user_id, operation, key, request_hash, holder)
VALUES (@user_id, @operation, @key, @request_hash, @holder::text)
ON CONFLICT (user_id, operation, key) DO NOTHING
RETURNING true;

-- name: IdempotencyGet :one
-- The key, and whether a live process is still working on it.
SELECT k.request_hash, k.status_code, k.response, k.booking_id,
	(k.holder IS NOT NULL AND EXISTS (
		SELECT 1 FROM api_instances i WHERE i.id = k.holder AND i.alive_until > now()))::boolean AS holder_alive
FROM idempotency_keys k
WHERE k.user_id = @user_id AND k.operation = @operation AND k.key = @key;

-- name: IdempotencyTakeOver :one
-- Hands a key nobody is working on, and whose request reached no supplier
-- call, to the calling process. No row: it is not free.
UPDATE idempotency_keys k SET holder = @holder::text
WHERE k.user_id = @user_id AND k.operation = @operation AND k.key = @key
	AND k.status_code IS NULL AND k.booking_id IS NULL
	AND NOT (k.holder IS NOT NULL AND EXISTS (
		SELECT 1 FROM api_instances i WHERE i.id = k.holder AND i.alive_until > now()))
RETURNING true;

-- name: IdempotencyLink :one
-- Ties the key to the booking whose supplier call it is about to make, if
-- the caller still holds the key. No row: it lost the key.
UPDATE idempotency_keys SET booking_id = @booking_id
WHERE user_id = @user_id AND operation = @operation AND key = @key AND holder = @holder::text AND status_code IS NULL
RETURNING true;

-- name: IdempotencyFinish :exec
-- Stores the answer of the key's request, once.
UPDATE idempotency_keys SET status_code = @status_code, response = @response, holder = NULL
WHERE user_id = @user_id AND operation = @operation AND key = @key AND status_code IS NULL
	AND (holder = @holder::text OR booking_id = sqlc.narg(booking_id));

-- name: IdempotencyAbandon :exec
-- The holder ends without an answer to keep (an error on our side): a key
-- that started no supplier call is forgotten, so the client may retry with
-- it; one that did is left to answer from its booking.
WITH gone AS (
	DELETE FROM idempotency_keys
	WHERE user_id = @user_id AND operation = @operation AND key = @key AND holder = @holder::text
		AND status_code IS NULL AND booking_id IS NULL
	RETURNING key
)
UPDATE idempotency_keys k SET holder = NULL
WHERE k.user_id = @user_id AND k.operation = @operation AND k.key = @key AND k.holder = @holder::text
	AND k.status_code IS NULL AND NOT EXISTS (SELECT 1 FROM gone);

-- name: IdempotencyDeleteExpired :execrows
DELETE FROM idempotency_keys WHERE created_at < @created_before;
