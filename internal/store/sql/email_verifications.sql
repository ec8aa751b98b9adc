-- name: EmailVerificationCreate :exec
INSERT INTO email_verifications (token_hash, user_id, email, expires_at)
VALUES (@token_hash, @user_id, @email, @expires_at);

-- name: EmailVerificationUse :one
UPDATE email_verifications SET used_at = now()
WHERE token_hash = @token_hash AND used_at IS NULL AND expires_at > now()
RETURNING user_id, email;
