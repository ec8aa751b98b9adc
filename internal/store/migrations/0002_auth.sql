-- Accounts, signed-in devices, linked sign-in providers, e-mail verification,
-- one-time OAuth states and shared rate-limit counters.

CREATE TABLE users (
	id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	-- email keeps what the user typed (trimmed); email_key is the lower-cased
	-- form every look-up and the uniqueness rule use.
	email             text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
	email_key         text NOT NULL UNIQUE CHECK (email_key = lower(email)),
	full_name         text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 200),
	phone             text CHECK (phone IS NULL OR length(phone) BETWEEN 4 AND 32),
	account_type      text NOT NULL DEFAULT 'personal' CHECK (account_type IN ('personal', 'biz')),
	-- NULL for accounts created through a sign-in provider only.
	password_hash     text,
	email_verified_at timestamptz,
	created_at        timestamptz NOT NULL DEFAULT now(),
	updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER users_updated_at BEFORE UPDATE ON users
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- One row per signed-in device. The cookie holds a random token; only its
-- SHA-256 is stored, so a database leak yields no usable session.
CREATE TABLE sessions (
	id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	token_hash    bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
	user_agent    text NOT NULL DEFAULT '',
	ip            text NOT NULL DEFAULT '',
	created_at    timestamptz NOT NULL DEFAULT now(),
	last_seen_at  timestamptz NOT NULL DEFAULT now(),
	-- Sliding expiry, pushed forward as the session is used, never past
	-- absolute_expires_at.
	expires_at          timestamptz NOT NULL,
	absolute_expires_at timestamptz NOT NULL,
	revoked_at    timestamptz,
	CHECK (expires_at <= absolute_expires_at)
);
CREATE INDEX sessions_user_active ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE oauth_identities (
	provider   text NOT NULL,
	subject    text NOT NULL,
	user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	email      text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (provider, subject)
);
CREATE INDEX oauth_identities_user ON oauth_identities (user_id);

-- A sign-in with a provider in progress: single use, short-lived, so any
-- replica can finish what another started.
CREATE TABLE oauth_states (
	state_hash    bytea PRIMARY KEY CHECK (length(state_hash) = 32),
	provider      text NOT NULL,
	nonce         text NOT NULL,
	code_verifier text NOT NULL,
	return_to     text NOT NULL,
	account_type  text NOT NULL DEFAULT 'personal' CHECK (account_type IN ('personal', 'biz')),
	expires_at    timestamptz NOT NULL
);

CREATE TABLE email_verifications (
	token_hash bytea PRIMARY KEY CHECK (length(token_hash) = 32),
	user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	email      text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL,
	used_at    timestamptz
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- Fixed-window counters shared by every replica: key names what is limited
-- (e.g. "login:ip:203.0.113.9"), window_start the window.
CREATE TABLE rate_limits (
	key          text NOT NULL,
	window_start timestamptz NOT NULL,
	hits         integer NOT NULL DEFAULT 0,
	PRIMARY KEY (key, window_start)
);
