-- The kinds of e-mail already written to the outbox about a booking
-- (booking_confirmed, ticket_issued, booking_failed, booking_pending): each
-- is sent at most once, in the transaction of the change it announces.
ALTER TABLE bookings ADD COLUMN mailed text[] NOT NULL DEFAULT '{}';
