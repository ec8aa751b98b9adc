-- name: UserCreate :one
INSERT INTO users (email, email_key, full_name, phone, account_type, password_hash, email_verified_at)
VALUES (@email, lower(@email), @full_name, sqlc.narg(phone), @account_type, sqlc.narg(password_hash), sqlc.narg(email_verified_at))
RETURNING *;

-- name: UserGet :one
SELECT * FROM users WHERE id = @id;

-- name: UserGetByEmail :one
SELECT * FROM users WHERE email_key = lower(@email);

-- name: UserSetPassword :exec
UPDATE users SET password_hash = @password_hash WHERE id = @id;

-- name: UserMarkEmailVerified :execrows
-- Only while the address is still the one the link was sent to.
UPDATE users SET email_verified_at = now()
WHERE id = @id AND email_key = lower(@email) AND email_verified_at IS NULL;

-- name: UserTakeOverUnverified :one
-- A provider vouches for the e-mail of an account that never proved it: the
-- password whoever registered it set is removed and the address is
-- verified, in the transaction that links the provider identity.
UPDATE users SET password_hash = NULL, email_verified_at = now()
WHERE id = @id AND email_verified_at IS NULL
RETURNING *;
