-- A sign-in with a provider is bound to the browser that started it: the
-- state is accepted only with the cookie set by the start, so a callback
-- URL handed to someone else (login CSRF) signs nobody in. States live ten
-- minutes; those in flight during the upgrade are simply dropped.
DELETE FROM oauth_states;
ALTER TABLE oauth_states ADD COLUMN browser_hash bytea NOT NULL CHECK (length(browser_hash) = 32);
