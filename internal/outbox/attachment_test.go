package outbox_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/rivertype"

	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/smtpmail/smtptest"
)

// fakePDF is a file of n bytes after a PDF header, every byte value in
// it, so that any damage on the way shows.
func fakePDF(seed byte, n int) []byte {
	b := append([]byte("%PDF-1.7\r\n%\xe2\xe3\xcf\xd3\r\n"), make([]byte, n)...)
	for i := 16; i < len(b); i++ {
		b[i] = byte(i*31) + seed
	}
	return b
}

// enqueueMessage writes m in a committed transaction, as a request does.
func (b *bundle) enqueueMessage(t *testing.T, m outbox.Message) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) (err error) {
		id, err = b.queue.Enqueue(context.Background(), tx, m)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A message with two PDFs goes through the outbox and the relay: it
// arrives as multipart/mixed, its text and HTML alternative first, then
// each file, named, with the exact bytes written; a settled message goes
// with its files when it is purged.
func TestAttachmentsSent(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	ticket, invoice := fakePDF(3, 40_000), fakePDF(9, 250_000)
	m := message(mail.Address{Name: "Asha Rao", Address: "asha@example.in"})
	m.Kind, m.Subject = outbox.KindTicketIssued, "Ticket issued: BOM → DEL, PNR K7Q2MZ"
	m.Attachments = []outbox.Attachment{{Name: "e-ticket-K7Q2MZ.pdf", ContentType: "application/pdf", Data: ticket},
		{Name: "invoice-PY-2026-0001.pdf", Data: invoice}} // the type from the extension
	id := b.enqueueMessage(t, m)
	if r := b.row(t, id); r.Attachments != 2 {
		t.Fatalf("row counts %d attachments", r.Attachments)
	}
	b.run(t, false)
	waitFor(t, "the send job to complete", func() bool { return b.sendJob(t, id).State == rivertype.JobStateCompleted })
	got := b.relay.Received()
	if len(got) != 1 {
		t.Fatalf("relay got %d messages", len(got))
	}
	msg, err := mail.ReadMessage(bytes.NewReader(got[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("Content-Type %q", msg.Header.Get("Content-Type"))
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	body, err := parts.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	if ct, _, _ := mime.ParseMediaType(body.Header.Get("Content-Type")); ct != "multipart/alternative" {
		t.Fatalf("first part %v", body.Header)
	}
	for _, want := range m.Attachments {
		p, err := parts.NextRawPart()
		if err != nil {
			t.Fatalf("%s: %v", want.Name, err)
		}
		ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if disp, _, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition")); disp != "attachment" ||
			p.FileName() != want.Name || ct != "application/pdf" || p.Header.Get("Content-Transfer-Encoding") != "base64" {
			t.Errorf("%s: part %v", want.Name, p.Header)
		}
		data, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, p))
		if err != nil {
			t.Fatalf("%s: %v", want.Name, err)
		}
		if !bytes.Equal(data, want.Data) {
			t.Errorf("%s: %d bytes arrived, not the %d sent", want.Name, len(data), len(want.Data))
		}
	}
	if p, err := parts.NextPart(); !errors.Is(err, io.EOF) {
		t.Errorf("a part after the files: %v %v", p, err)
	}

	ctx := context.Background()
	if _, err := b.pool.Exec(ctx, `UPDATE outbox_messages SET sent_at = now() - interval '8 days' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if n, err := b.worker.PurgeSettled(ctx); err != nil || n != 1 {
		t.Fatalf("purge deleted %d (%v)", n, err)
	}
	if n := countFiles(t, b, id); n != 0 {
		t.Errorf("%d files left after their message was purged", n)
	}
}

// countFiles counts the stored files of message id.
func countFiles(t *testing.T, b *bundle, id uuid.UUID) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox_attachments WHERE message_id = $1`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A message without files stores none and arrives as before there were
// attachments: multipart/alternative at the top.
func TestNoAttachmentsNoFiles(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	id := b.enqueue(t, mail.Address{Address: "asha@example.in"})
	if r := b.row(t, id); r.Attachments != 0 || countFiles(t, b, id) != 0 {
		t.Fatalf("a message without files: row counts %d, table holds %d", r.Attachments, countFiles(t, b, id))
	}
	b.run(t, false)
	waitFor(t, "the send job to complete", func() bool { return b.sendJob(t, id).State == rivertype.JobStateCompleted })
	msg, err := mail.ReadMessage(bytes.NewReader(b.relay.Received()[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if ct, _, _ := mime.ParseMediaType(msg.Header.Get("Content-Type")); ct != "multipart/alternative" ||
		strings.Contains(string(b.relay.Received()[0].Data), "Content-Disposition") {
		t.Fatalf("Content-Type %q", msg.Header.Get("Content-Type"))
	}
}

// Files that cannot be sent are refused at Enqueue, saying why, before
// anything is written: the caller's transaction goes on without the
// message, or rolls back.
func TestAttachmentsRefusedAtEnqueue(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	ctx := context.Background()
	half := outbox.MaxAttachmentBytes/2 + 1
	for _, c := range []struct {
		name  string
		files []outbox.Attachment
		says  string
	}{
		{"two files over the limit together", []outbox.Attachment{{Name: "a.pdf", Data: make([]byte, half)}, {Name: "b.pdf", Data: make([]byte, half)}},
			"attachments too large for an e-mail: 2 files, 5242882 bytes in all, more than 5242880 (5 MiB)"},
		{"no name", []outbox.Attachment{{Name: " ", Data: []byte("x")}}, "attachment 1: the file has no name"},
		{"a path", []outbox.Attachment{{Name: "ok.pdf", Data: []byte("x")}, {Name: "../etc/passwd", Data: []byte("x")}}, "attachment 2: the file name"},
		{"a line break", []outbox.Attachment{{Name: "a\r\nBcc: eve@example.com", Data: []byte("x")}}, "control character"},
		{"empty", []outbox.Attachment{{Name: "a.pdf"}}, "attachment 1 (a.pdf) is empty"},
		{"a bad media type", []outbox.Attachment{{Name: "a.pdf", ContentType: "application/pdf\r\nBcc: eve@example.com", Data: []byte("x")}}, `content type`},
	} {
		err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
			m := message(mail.Address{Address: "asha@example.in"})
			m.Attachments = c.files
			_, err := b.queue.Enqueue(ctx, tx, m)
			var n int
			if qerr := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM outbox_messages) + (SELECT count(*) FROM outbox_attachments)
				+ (SELECT count(*) FROM river_job)`).Scan(&n); qerr != nil || n != 0 {
				t.Errorf("%s: the transaction is unusable (%v) or holds %d rows", c.name, qerr, n)
			}
			return err
		})
		if err == nil || !strings.Contains(err.Error(), c.says) || !strings.HasPrefix(err.Error(), "outbox: enqueue email_verification: ") {
			t.Errorf("%s: %v, want it to say %q", c.name, err, c.says)
		}
		if tooLarge := errors.Is(err, outbox.ErrTooLarge); tooLarge != (c.name == "two files over the limit together") {
			t.Errorf("%s: errors.Is(ErrTooLarge) = %v", c.name, tooLarge)
		}
	}
	// Exactly the limit is accepted.
	m := message(mail.Address{Address: "asha@example.in"})
	m.Attachments = []outbox.Attachment{{Name: "a.pdf", Data: make([]byte, outbox.MaxAttachmentBytes)}}
	if id := b.enqueueMessage(t, m); countFiles(t, b, id) != 1 {
		t.Fatal("a file of exactly the limit was not stored")
	}
}
