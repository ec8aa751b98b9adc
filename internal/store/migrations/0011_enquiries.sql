-- Where a reply to an e-mail goes when it is not the sender (the team's
-- copy of an enquiry answers the traveller); '' when it is.
ALTER TABLE outbox_messages ADD COLUMN reply_to text NOT NULL DEFAULT '';
ALTER TABLE outbox_messages ADD COLUMN reply_to_name text NOT NULL DEFAULT '';

-- An enquiry a traveller sent from the site (a MICE proposal request, a
-- concierge request, a contact message), stored before anything is mailed:
-- the team's copy and the traveller's acknowledgement go through the outbox
-- in the same transaction. reference is the short code people quote
-- (PY-7K3Q9D); details holds the fields of its kind.
CREATE TABLE enquiries (
	id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	reference  text NOT NULL UNIQUE CHECK (reference ~ '^PY-[A-Z0-9]{6}$'),
	kind       text NOT NULL CHECK (kind IN ('proposal', 'concierge', 'contact')),
	-- The signed-in traveller who sent it; NULL for a visitor.
	user_id    uuid REFERENCES users (id) ON DELETE SET NULL,
	name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
	email      text NOT NULL,
	phone      text NOT NULL DEFAULT '',
	-- The team whose mailbox it went to: holidays, mice or support.
	team       text NOT NULL CHECK (team IN ('holidays', 'mice', 'support')),
	topic      text NOT NULL DEFAULT '',
	details    jsonb NOT NULL DEFAULT '{}',
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enquiries_user ON enquiries (user_id, created_at DESC) WHERE user_id IS NOT NULL;
