-- A MyBiz account's company: the GST registration its flight invoices carry,
-- so the company can claim the input tax credit. One per account, created on
-- first save; the rules are package validate's (GSTIN with its check
-- character), the checks here only keep the shape.
CREATE TABLE companies (
	user_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
	legal_name text NOT NULL CHECK (length(legal_name) BETWEEN 1 AND 100),
	gstin      text NOT NULL CHECK (gstin ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'),
	address    text NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
	email      text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
	phone      text NOT NULL CHECK (length(phone) BETWEEN 1 AND 32),
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER companies_updated_at BEFORE UPDATE ON companies
	FOR EACH ROW EXECUTE FUNCTION set_updated_at();
