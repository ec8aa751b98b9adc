// Package outbox is the product's outgoing e-mail: messages are written to
// the outbox_messages table (their files, if any, to outbox_attachments) in
// the transaction of the change they announce, each with a job of the job
// queue (internal/jobs) that sends it, retrying while the mail server is
// slow or down. A request never waits for, nor fails because of, the mail
// server.
package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/platform/smtpmail"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// Message is one e-mail to one recipient.
type Message struct {
	// Kind names what the message is for (KindEmailVerification …), for
	// operators reading the table.
	Kind string
	// To is the recipient; its name, when set, is shown in the To header.
	To      mail.Address
	Subject string
	// Text is the plain-text body, HTML an optional alternative to it.
	Text, HTML string
	// ReplyTo, when set, is where a reply goes instead of the sender.
	ReplyTo *mail.Address
	// Attachments are files sent with the message, in order; together at
	// most MaxAttachmentBytes.
	Attachments []Attachment
}

// Kinds of message.
const (
	KindEmailVerification = "email_verification"
	// KindPasswordChanged tells a user their password was changed.
	KindPasswordChanged = "password_changed"
	// KindNewSignIn tells a user of a sign-in from a device not seen before.
	KindNewSignIn = "new_sign_in"
	// KindBookingConfirmed tells a traveller their seats are held (a PNR),
	// with the ticket still to be issued.
	KindBookingConfirmed = "booking_confirmed"
	// KindTicketIssued tells a traveller their tickets are issued.
	KindTicketIssued = "ticket_issued"
	// KindBookingFailed tells a traveller a booking or ticket did not go
	// through, and why.
	KindBookingFailed = "booking_failed"
	// KindBookingPending tells a traveller the airline's answer is late and
	// the booking is being confirmed.
	KindBookingPending = "booking_pending"
	// KindEnquiryReceived is a team's copy of a traveller's enquiry; a
	// reply goes to the traveller.
	KindEnquiryReceived = "enquiry_received"
	// KindEnquiryAcknowledgement tells a traveller their enquiry reached
	// the team, with its reference.
	KindEnquiryAcknowledgement = "enquiry_acknowledgement"
	// KindCancellationRequested tells a traveller we asked the airline to
	// cancel their booking or some of its tickets, with the charges and
	// the refund expected.
	KindCancellationRequested = "cancellation_requested"
	// KindCancellationDone tells a traveller the airline cancelled the
	// tickets, with the final charge and the refund.
	KindCancellationDone = "cancellation_done"
	// KindCancellationRefused tells a traveller the airline refused a
	// cancellation, and why; the tickets are unchanged.
	KindCancellationRefused = "cancellation_refused"
	// KindRefundDone tells a traveller a refund was processed to their
	// original payment method.
	KindRefundDone = "refund_done"
)

// Deliverer hands one message to the mail server. An error wrapping
// ErrRejected is final; any other is tried again later.
type Deliverer interface {
	Deliver(ctx context.Context, m Message) error
}

// ErrRejected marks a message the mail server refused for good.
var ErrRejected = errors.New("message refused")

// SMTP delivers through an SMTP server.
type SMTP struct{ Mailer *smtpmail.Mailer }

// Deliver sends m; a 5xx reply (smtpmail.ErrRejected) is final.
func (s SMTP) Deliver(ctx context.Context, m Message) error {
	sm := smtpmail.Message{To: m.To, ReplyTo: m.ReplyTo, Subject: m.Subject, Text: m.Text, HTML: m.HTML}
	for _, a := range m.Attachments {
		sm.Attachments = append(sm.Attachments, smtpmail.Attachment{Name: a.Name, ContentType: a.ContentType, Data: a.Data})
	}
	err := s.Mailer.Send(ctx, sm)
	if errors.Is(err, smtpmail.ErrRejected) {
		return fmt.Errorf("%w: %w", ErrRejected, err)
	}
	return err
}

// Queue writes messages to the outbox.
type Queue struct {
	// jobs writes each message's send job.
	jobs jobs.Inserter
	// log, when set, says that no mail server is configured: each message
	// is announced on it, so a developer knows one is waiting. Such
	// messages stay queued (their jobs wait on the mail queue, which only
	// a process with a mail server works). Bodies are not logged: they carry links that sign in or
	// verify, and logs travel further than the database.
	log *slog.Logger
}

// NewQueue returns the outbox's writer, which writes the send jobs with
// work. logOnly is nil when a mail server sends the messages; otherwise
// every message is announced on it (without its body).
func NewQueue(work jobs.Inserter, logOnly *slog.Logger) *Queue {
	return &Queue{jobs: work, log: logOnly}
}

// Enqueue writes m to the outbox, with its attachments and the job that
// sends it, in tx, which should be the transaction of the change m
// announces: the message and its job then exist exactly when the change
// does. Attachments that together exceed MaxAttachmentBytes (ErrTooLarge),
// or a file without a name, content or a valid media type, are refused
// before anything is written.
func (q *Queue) Enqueue(ctx context.Context, tx pgx.Tx, m Message) (uuid.UUID, error) {
	files, err := checkAttachments(m.Attachments)
	if err != nil {
		return uuid.Nil, fmt.Errorf("outbox: enqueue %s: %w", m.Kind, err)
	}
	p := queries.OutboxEnqueueParams{Kind: m.Kind, Recipient: m.To.Address,
		RecipientName: m.To.Name, Subject: m.Subject, TextBody: m.Text, HtmlBody: m.HTML,
		Attachments: int32(len(files))} //nolint:gosec // at most MaxAttachmentBytes files: each holds a byte at least
	if m.ReplyTo != nil {
		p.ReplyTo, p.ReplyToName = m.ReplyTo.Address, m.ReplyTo.Name
	}
	qtx := queries.New(tx)
	id, err := qtx.OutboxEnqueue(ctx, p)
	if err != nil {
		return uuid.Nil, fmt.Errorf("outbox: enqueue %s: %w", m.Kind, err)
	}
	for i, f := range files {
		if err := qtx.OutboxAttachmentAdd(ctx, queries.OutboxAttachmentAddParams{MessageID: id, Position: int32(i),
			Name: f.Name, ContentType: f.ContentType, Data: f.Data}); err != nil {
			return uuid.Nil, fmt.Errorf("outbox: enqueue %s: attachment %s: %w", m.Kind, f.Name, err)
		}
	}
	if _, err := q.jobs.InsertTx(ctx, tx, SendArgs{MessageID: id}, nil); err != nil {
		return uuid.Nil, fmt.Errorf("outbox: enqueue %s: send job: %w", m.Kind, err)
	}
	if q.log != nil {
		q.log.InfoContext(ctx, "e-mail kept in the outbox (no SMTP_URL configured)", "id", id, "kind", m.Kind,
			"to", m.To.Address, "subject", m.Subject, "attachments", len(files))
	}
	return id, nil
}

// fromRow is the message a row holds, with its files (files).
func fromRow(r queries.OutboxMessage, files []queries.OutboxAttachmentListRow) Message {
	m := Message{Kind: r.Kind, To: mail.Address{Name: r.RecipientName, Address: r.Recipient},
		Subject: r.Subject, Text: r.TextBody, HTML: r.HtmlBody}
	if r.ReplyTo != "" {
		m.ReplyTo = &mail.Address{Name: r.ReplyToName, Address: r.ReplyTo}
	}
	for _, f := range files {
		m.Attachments = append(m.Attachments, Attachment{Name: f.Name, ContentType: f.ContentType, Data: f.Data})
	}
	return m
}
