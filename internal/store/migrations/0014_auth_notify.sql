-- Every replica keeps the principals it resolved (session and user rows,
-- keyed by the cookie token's hash) in memory for a few seconds
-- (docs/sessions.md). These triggers tell every replica, on the
-- 'paryatan_auth' channel, when such a row stops being what it cached:
--   s:<session id>  a session was revoked, cut short, changed or deleted
--   u:<user id>     a user row was changed or deleted (password, e-mail
--                   verification, name, account type …)
--   *               a table was truncated: forget everything
-- A notification is sent when the transaction commits and not at all when
-- it rolls back. Payloads stay small (a NOTIFY payload holds 8000 bytes).

CREATE FUNCTION notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- A touch (last use recorded, sliding expiry moved forward, nothing
	-- else changed) makes no cached copy wrong enough to drop: each replica
	-- touches on its own schedule. Comparing whole rows keeps a column added
	-- later covered.
	IF TG_OP = 'UPDATE' AND NEW.expires_at >= OLD.expires_at AND NEW.last_seen_at >= OLD.last_seen_at
		AND to_jsonb(NEW) - '{last_seen_at,expires_at}'::text[] = to_jsonb(OLD) - '{last_seen_at,expires_at}'::text[] THEN
		RETURN NULL;
	END IF;
	PERFORM pg_notify('paryatan_auth', 's:' || OLD.id::text);
	RETURN NULL;
END;
$$;

-- Sessions that had ended already (the periodic clean-up deletes thousands)
-- are in no cache: their deletion says nothing.
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions
	FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
	EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions
	FOR EACH ROW EXECUTE FUNCTION notify_session_change();

CREATE FUNCTION notify_user_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('paryatan_auth', 'u:' || OLD.id::text);
	RETURN NULL;
END;
$$;

CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
	FOR EACH ROW EXECUTE FUNCTION notify_user_change();

CREATE FUNCTION notify_auth_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('paryatan_auth', '*');
	RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_notify_truncate AFTER TRUNCATE ON sessions
	FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_truncate();
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
	FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_truncate();
