-- Shared plumbing for every table that follows.

-- set_updated_at keeps an updated_at column true on every UPDATE, so no query
-- has to remember to set it. Tables opt in with:
--   CREATE TRIGGER t_updated_at BEFORE UPDATE ON t
--     FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE FUNCTION set_updated_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	NEW.updated_at := now();
	RETURN NEW;
END;
$$;
