-- Single sign-on to partner sites (docs/sso.md): one row per redeemed
-- ticket. The primary key on jti is what makes a ticket single use across
-- every replica: a redemption is an INSERT … ON CONFLICT DO NOTHING, and
-- the one that inserts the row wins. A row outlives its ticket by a day (an
-- expired ticket is refused before this table is asked), then is swept.
CREATE TABLE sso_redemptions (
	jti         text PRIMARY KEY CHECK (length(jti) BETWEEN 16 AND 128),
	-- The partner that redeemed it (the ticket's aud).
	audience    text NOT NULL,
	user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	redeemed_at timestamptz NOT NULL,
	-- The ticket's exp.
	expires_at  timestamptz NOT NULL
);
CREATE INDEX sso_redemptions_expires ON sso_redemptions (expires_at);
