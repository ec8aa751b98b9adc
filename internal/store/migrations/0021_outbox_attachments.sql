-- Files an e-mail carries (an e-ticket, an invoice), written with their
-- message in its transaction and read by its send job (docs/email.md,
-- "Attachments"). They sit in a table of their own so that a message
-- without any costs nothing: no row here, and the outbox's listings
-- (SELECT * of outbox_messages, the dev mailbox) never drag file bytes
-- along. A message goes with its files when the purge deletes it.
CREATE TABLE outbox_attachments (
	message_id   uuid NOT NULL REFERENCES outbox_messages (id) ON DELETE CASCADE,
	-- The file's place in the message, from 0, as the sender gave them.
	position     integer NOT NULL CHECK (position >= 0),
	-- The file name the recipient sees, and its media type
	-- (application/pdf).
	name         text NOT NULL CHECK (name <> ''),
	content_type text NOT NULL,
	data         bytea NOT NULL,
	PRIMARY KEY (message_id, position)
);

-- How many files outbox_attachments holds for the message: the send job
-- reads them only when there are some. A constant default is a catalogue
-- change, not a rewrite of the table.
ALTER TABLE outbox_messages ADD COLUMN attachments integer NOT NULL DEFAULT 0 CHECK (attachments >= 0);
