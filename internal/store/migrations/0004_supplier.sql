-- Flight supplier state shared by every replica.

-- One token per supplier per day (the supplier's rule), obtained by whichever
-- replica needs it first.
CREATE TABLE supplier_tokens (
	supplier    text PRIMARY KEY,
	token       text NOT NULL,
	valid_until timestamptz NOT NULL,
	created_at  timestamptz NOT NULL DEFAULT now()
);
