-- name: CancellationCreate :one
INSERT INTO cancellations (booking_id, user_id, whole, currency, quoted_charge, quoted_refund, fee)
VALUES (@booking_id, @user_id, @whole, @currency, @quoted_charge, @quoted_refund, @fee)
RETURNING *;

-- name: CancellationTicketAdd :exec
-- Adds a ticket to a cancellation; a ticket already in a live cancellation
-- fails on cancellation_tickets_once.
INSERT INTO cancellation_tickets (cancellation_id, booking_id, ticket_id, passenger, name, ticket_number, fare)
VALUES (@cancellation_id, @booking_id, @ticket_id, @passenger, @name, @ticket_number, @fare);

-- name: CancellationGet :one
SELECT * FROM cancellations WHERE id = @id;

-- name: CancellationListByBooking :many
SELECT * FROM cancellations WHERE booking_id = @booking_id ORDER BY created_at;

-- name: CancellationTickets :many
SELECT * FROM cancellation_tickets WHERE cancellation_id = @cancellation_id ORDER BY passenger;

-- name: CancellationTicketsByBooking :many
SELECT * FROM cancellation_tickets WHERE booking_id = @booking_id ORDER BY passenger;

-- name: CancellationMove :one
-- Moves a cancellation compare-and-set: no row when it is no longer in one
-- of from_statuses.
UPDATE cancellations SET status = @status,
	sent_at = CASE WHEN @status = 'sending' THEN now() ELSE sent_at END
WHERE id = @id AND status = ANY (@from_statuses::text[])
RETURNING *;

-- name: CancellationFinish :one
-- Ends a cancellation with the airline's word: cancelled (charge and refund
-- due set) or refused (failure says why).
UPDATE cancellations SET status = @status, charge = @charge, refund_due = @refund_due, failure = @failure, done_at = now()
WHERE id = @id AND status = ANY (@from_statuses::text[])
RETURNING *;

-- name: CancellationTicketRecord :exec
-- Records a ticket's change request as the supplier answered it.
UPDATE cancellation_tickets SET change_request_id = coalesce(@change_request_id, change_request_id),
	change_status = @change_status, charge = @charge, refunded = @refunded, credit_note = @credit_note, remarks = @remarks,
	live = @live
WHERE cancellation_id = @cancellation_id AND ticket_id = @ticket_id;

-- name: CancellationTicketsRelease :exec
-- A refused cancellation holds its tickets no more: they may be asked
-- again.
UPDATE cancellation_tickets SET live = false WHERE cancellation_id = @cancellation_id;

-- name: DocumentNext :one
-- Takes the next number of a series in a year, in the caller's transaction
-- (the row stays locked until it ends, so numbers have no gaps).
INSERT INTO document_series (series, year, last) VALUES (@series, @year, 1)
ON CONFLICT (series, year) DO UPDATE SET last = document_series.last + 1
RETURNING last;

-- name: TaxDocumentAdd :one
INSERT INTO tax_documents (booking_id, cancellation_id, kind, number, issued_at, body)
VALUES (@booking_id, @cancellation_id, @kind, @number, @issued_at, @body)
RETURNING *;

-- name: TaxDocumentInvoice :one
SELECT * FROM tax_documents WHERE booking_id = @booking_id AND kind = 'invoice';


-- name: CancellationSummaryByUser :many
-- For each of a user's bookings with a live cancelled or cancelling
-- ticket: how many tickets are cancelled, and how many are being.
SELECT t.booking_id,
	count(*) FILTER (WHERE t.change_status = 4)::int AS cancelled,
	count(*) FILTER (WHERE t.change_status <> 4)::int AS cancelling
FROM cancellation_tickets t JOIN bookings b ON b.id = t.booking_id
WHERE b.user_id = @user_id AND t.live
GROUP BY t.booking_id;

-- name: TaxDocumentCreditNote :one
SELECT * FROM tax_documents WHERE cancellation_id = @cancellation_id;

-- name: TaxDocumentCreditNotes :many
SELECT * FROM tax_documents WHERE booking_id = @booking_id AND kind = 'credit_note' ORDER BY issued_at, number;
