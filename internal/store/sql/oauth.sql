-- name: OAuthStateCreate :exec
INSERT INTO oauth_states (state_hash, provider, nonce, code_verifier, return_to, account_type, expires_at, browser_hash)
VALUES (@state_hash, @provider, @nonce, @code_verifier, @return_to, @account_type, @expires_at, @browser_hash);

-- name: OAuthStateTake :one
-- Single use, and only by the browser that started the sign-in: the row is
-- gone once taken; another browser's attempt leaves it alone.
DELETE FROM oauth_states
WHERE state_hash = @state_hash AND provider = @provider AND browser_hash = @browser_hash
RETURNING *;

-- name: OAuthStateDeleteExpired :execrows
DELETE FROM oauth_states WHERE expires_at < @before;

-- name: OAuthIdentityGet :one
SELECT * FROM oauth_identities WHERE provider = @provider AND subject = @subject;

-- name: OAuthIdentityCreate :exec
INSERT INTO oauth_identities (provider, subject, user_id, email)
VALUES (@provider, @subject, @user_id, @email)
ON CONFLICT (provider, subject) DO NOTHING;
