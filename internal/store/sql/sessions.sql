-- name: SessionCreate :one
INSERT INTO sessions (user_id, token_hash, user_agent, ip, expires_at, absolute_expires_at)
VALUES (@user_id, @token_hash, @user_agent, @ip, @expires_at, @absolute_expires_at)
RETURNING *;

-- name: SessionGetByToken :one
-- The live session for a cookie token, with its user.
SELECT sqlc.embed(s), sqlc.embed(u)
FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.token_hash = @token_hash AND s.revoked_at IS NULL AND s.expires_at > now();

-- name: SessionTouch :exec
-- Records use and slides the expiry, never past the absolute limit.
UPDATE sessions
SET last_seen_at = now(), expires_at = LEAST(@expires_at::timestamptz, absolute_expires_at)
WHERE id = @id AND revoked_at IS NULL;

-- name: SessionListByUser :many
SELECT * FROM sessions
WHERE user_id = @user_id AND revoked_at IS NULL AND expires_at > now()
ORDER BY last_seen_at DESC, created_at DESC;

-- name: SessionRevoke :execrows
-- Revokes one of the user's own live sessions; another user's id matches nothing.
UPDATE sessions SET revoked_at = now()
WHERE id = @id AND user_id = @user_id AND revoked_at IS NULL;

-- name: SessionRevokeOthers :execrows
UPDATE sessions SET revoked_at = now()
WHERE user_id = @user_id AND id <> @keep_id AND revoked_at IS NULL;

-- name: SessionDeleteExpired :execrows
DELETE FROM sessions WHERE expires_at < @before OR revoked_at < @before;

-- name: SessionRevokeAll :execrows
UPDATE sessions SET revoked_at = now() WHERE user_id = @user_id AND revoked_at IS NULL;

-- name: SessionUserAgentsByUser :many
-- The devices the user has signed in from, ended sessions included until
-- they are deleted: whether a sign-in comes from a device seen before.
SELECT DISTINCT user_agent FROM sessions WHERE user_id = @user_id;
