-- Why a booking stands where it does when that is not success, as a code the
-- booking machine decides by (internal/trip, Reason); bookings.failure keeps
-- the words shown to people. Rows from before are given the reason their
-- failure text and status tell.
ALTER TABLE bookings ADD COLUMN reason text NOT NULL DEFAULT '' CHECK (reason IN
	('', 'book_refused', 'ticket_refused', 'fare_changed', 'lost', 'not_received', 'ticket_refunded', 'expired', 'cancelled'));

UPDATE bookings SET reason = CASE
	WHEN status = 'unknown' THEN 'lost'
	WHEN status = 'expired' THEN 'expired'
	WHEN status = 'cancelled' THEN 'cancelled'
	WHEN failure = 'fare changed' THEN 'fare_changed'
	WHEN failure = 'The airline did not receive this request.' THEN 'not_received'
	WHEN failure LIKE 'The airline could not issue the ticket.%' THEN 'ticket_refunded'
	WHEN failure = 'Ticketing failed from supplier side.' THEN 'ticket_refused'
	WHEN status = 'failed' THEN 'book_refused'
	ELSE ''
END
WHERE status IN ('unknown', 'expired', 'cancelled') OR failure <> '';
