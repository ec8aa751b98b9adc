package outbox_test

import (
	"context"
	"log/slog"
	"mime"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/smtpmail"
	"github.com/paryatan/paryatan/internal/platform/smtpmail/smtptest"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

type bundle struct {
	pool    *pgxpool.Pool
	relay   *smtptest.Server
	metrics *telemetry.OutboxMetrics
	queue   *outbox.Queue
}

func setup(t *testing.T, relay *smtptest.Server) *bundle {
	t.Helper()
	return &bundle{pool: storetest.NewPool(t), relay: relay, metrics: telemetry.NewMetrics().Outbox, queue: outbox.NewQueue(nil)}
}

// worker returns a worker named id sending to the bundle's relay from the
// display-name sender every deployment configures.
func (b *bundle) worker(t *testing.T, id string, cfg outbox.Config) *outbox.Worker {
	t.Helper()
	from, err := smtpmail.ParseFrom("Paryatan <no-reply@paryatan.example>")
	if err != nil {
		t.Fatal(err)
	}
	m, err := smtpmail.New(b.relay.URL(), from)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ID = id
	if cfg.RetryFirst == 0 {
		cfg.RetryFirst = 50 * time.Millisecond
	}
	return outbox.NewWorker(b.pool, outbox.SMTP{Mailer: m}, b.metrics, slog.New(slog.DiscardHandler), cfg)
}

func (b *bundle) enqueue(t *testing.T, to mail.Address) uuid.UUID {
	t.Helper()
	id, err := b.queue.Enqueue(context.Background(), b.pool, outbox.Message{Kind: outbox.KindEmailVerification, To: to,
		Subject: "Verify your e-mail address", Text: "Hello,\nhttps://paryatan.example/v?t=1\n", HTML: "<p>Hello,</p>"})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func (b *bundle) row(t *testing.T, id uuid.UUID) queries.OutboxMessage {
	t.Helper()
	r, err := queries.New(b.pool).OutboxGet(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func deliverDue(t *testing.T, w *outbox.Worker) int {
	t.Helper()
	n, err := w.DeliverDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The envelope carries the bare sender address, the From header its name;
// a recipient named outside ASCII decodes back to the name.
func TestDeliversFromDisplayNameSender(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t))
	id := b.enqueue(t, mail.Address{Name: "आरव शर्मा", Address: "aarav@example.in"})
	if n := deliverDue(t, b.worker(t, "w1", outbox.Config{})); n != 1 {
		t.Fatalf("claimed %d", n)
	}
	got := b.relay.Received()
	if len(got) != 1 || got[0].From != "no-reply@paryatan.example" || len(got[0].To) != 1 || got[0].To[0] != "aarav@example.in" {
		t.Fatalf("envelope: %+v", got)
	}
	msg, err := mail.ReadMessage(strings.NewReader(string(got[0].Data)))
	if err != nil {
		t.Fatal(err)
	}
	ap := mail.AddressParser{WordDecoder: new(mime.WordDecoder)}
	if from, err := ap.Parse(msg.Header.Get("From")); err != nil || from.Name != "Paryatan" || from.Address != "no-reply@paryatan.example" {
		t.Errorf("From %q: %+v %v", msg.Header.Get("From"), from, err)
	}
	if to, err := ap.Parse(msg.Header.Get("To")); err != nil || to.Name != "आरव शर्मा" {
		t.Errorf("To %q: %+v %v", msg.Header.Get("To"), to, err)
	}
	if ct := msg.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") || msg.Header.Get("Message-Id") == "" || msg.Header.Get("Date") == "" {
		t.Errorf("headers %v", msg.Header)
	}
	if r := b.row(t, id); r.SentAt == nil || r.FailedAt != nil || r.Attempts != 1 || r.LockedBy != nil {
		t.Fatalf("row %+v", r)
	}
	if v := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("sent")); v != 1 {
		t.Errorf("deliveries sent = %v", v)
	}
}

// A relay that is down costs a retry, not the message: once it is up the
// message arrives, exactly once.
func TestRelayDownThenUp(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.NewStopped(t))
	id := b.enqueue(t, mail.Address{Address: "asha@example.in"})
	w := b.worker(t, "w1", outbox.Config{RetryFirst: 300 * time.Millisecond})
	deliverDue(t, w)
	r := b.row(t, id)
	if r.SentAt != nil || r.FailedAt != nil || r.Attempts != 1 || r.LastError == "" || r.LockedBy != nil {
		t.Fatalf("after a failed attempt: %+v", r)
	}
	if n := deliverDue(t, w); n != 0 {
		t.Fatalf("claimed %d before the retry was due", n)
	}
	if v := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("retried")); v != 1 {
		t.Errorf("deliveries retried = %v", v)
	}
	w.RefreshStats(context.Background())
	if v := testutil.ToFloat64(b.metrics.Messages.WithLabelValues("queued")); v != 1 {
		t.Errorf("queued = %v", v)
	}

	b.relay.Start()
	deadline := time.Now().Add(10 * time.Second)
	for b.row(t, id).SentAt == nil {
		if time.Now().After(deadline) {
			t.Fatalf("not sent: %+v", b.row(t, id))
		}
		deliverDue(t, w)
		time.Sleep(50 * time.Millisecond)
	}
	deliverDue(t, w)
	if got := b.relay.Received(); len(got) != 1 {
		t.Fatalf("relay got %d messages, want 1", len(got))
	}
	w.RefreshStats(context.Background())
	if q, s := testutil.ToFloat64(b.metrics.Messages.WithLabelValues("queued")), testutil.ToFloat64(b.metrics.Messages.WithLabelValues("sent")); q != 0 || s != 1 {
		t.Errorf("queued %v, sent %v", q, s)
	}
	if v := testutil.ToFloat64(b.metrics.OldestQueuedAge); v != 0 {
		t.Errorf("oldest queued age %v with nothing queued", v)
	}
}

// A 5xx refusal is final and recorded with the server's reply.
func TestRefusalFailsAtOnce(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t))
	b.relay.Refuse(&smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such mailbox here"})
	id := b.enqueue(t, mail.Address{Address: "nobody@example.in"})
	w := b.worker(t, "w1", outbox.Config{})
	deliverDue(t, w)
	r := b.row(t, id)
	if r.FailedAt == nil || r.SentAt != nil || !strings.Contains(r.LastError, "No such mailbox here") || !strings.Contains(r.LastError, "550") {
		t.Fatalf("row %+v", r)
	}
	b.relay.Refuse(nil)
	time.Sleep(100 * time.Millisecond)
	if n := deliverDue(t, w); n != 0 || len(b.relay.Received()) != 0 {
		t.Fatalf("a failed message was tried again")
	}
	w.RefreshStats(context.Background())
	if v := testutil.ToFloat64(b.metrics.Messages.WithLabelValues("failed")); v != 1 {
		t.Errorf("failed = %v", v)
	}
}

// A temporary failure past the give-up period marks the message failed.
func TestGivesUpAfterPeriod(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.NewStopped(t))
	id := b.enqueue(t, mail.Address{Address: "asha@example.in"})
	deliverDue(t, b.worker(t, "w1", outbox.Config{GiveUpAfter: time.Nanosecond}))
	if r := b.row(t, id); r.FailedAt == nil || !strings.Contains(r.LastError, "gave up after 1 attempts") {
		t.Fatalf("row %+v", r)
	}
	if v := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("failed")); v != 1 {
		t.Errorf("deliveries failed = %v", v)
	}
}

// Two workers (two replicas) claiming at once never send one message twice.
func TestTwoWorkersNeverSendTwice(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t))
	const n = 30
	for i := range n {
		b.enqueue(t, mail.Address{Address: "u" + string(rune('a'+i/26)) + string(rune('a'+i%26)) + "@example.in"})
	}
	var wg sync.WaitGroup
	for _, id := range []string{"w1", "w2"} {
		w := b.worker(t, id, outbox.Config{Batch: 3})
		wg.Go(func() {
			for {
				got, err := w.DeliverDue(context.Background())
				if err != nil {
					t.Error(err)
					return
				}
				if got == 0 {
					return
				}
			}
		})
	}
	wg.Wait()
	seen := map[string]int{}
	for _, m := range b.relay.Received() {
		seen[m.To[0]]++
	}
	if len(seen) != n {
		t.Fatalf("%d distinct recipients got mail, want %d", len(seen), n)
	}
	for to, c := range seen {
		if c != 1 {
			t.Errorf("%s got %d copies", to, c)
		}
	}
}

// Settled messages leave the table after their keeping time (sent 7 days,
// failed 30); a queued message stays however old it is.
func TestPurgeSettled(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t))
	ctx := context.Background()
	oldSent := b.enqueue(t, mail.Address{Address: "old.sent@example.in"})
	recentSent := b.enqueue(t, mail.Address{Address: "recent.sent@example.in"})
	oldFailed := b.enqueue(t, mail.Address{Address: "old.failed@example.in"})
	recentFailed := b.enqueue(t, mail.Address{Address: "recent.failed@example.in"})
	oldQueued := b.enqueue(t, mail.Address{Address: "old.queued@example.in"})
	for id, set := range map[uuid.UUID]string{
		oldSent:      "sent_at = now() - interval '8 days'",
		recentSent:   "sent_at = now() - interval '6 days'",
		oldFailed:    "failed_at = now() - interval '31 days'",
		recentFailed: "failed_at = now() - interval '29 days'",
		oldQueued:    "created_at = now() - interval '90 days'",
	} {
		if _, err := b.pool.Exec(ctx, "UPDATE outbox_messages SET "+set+" WHERE id = $1", id); err != nil {
			t.Fatal(err)
		}
	}
	n, err := b.worker(t, "w1", outbox.Config{}).PurgeSettled(ctx)
	if err != nil || n != 2 {
		t.Fatalf("purged %d, %v; want 2", n, err)
	}
	for id, kept := range map[uuid.UUID]bool{oldSent: false, recentSent: true, oldFailed: false, recentFailed: true, oldQueued: true} {
		_, err := queries.New(b.pool).OutboxGet(ctx, id)
		if (err == nil) != kept {
			t.Errorf("message %s: kept = %v, want %v (%v)", id, err == nil, kept, err)
		}
	}
}

// A worker that dies holding a lease (its replica killed mid-send) leaves
// the message to the others once the lease runs out: it is sent once, by
// another worker, and the dead worker's late word changes nothing.
func TestWorkerDyingMidSend(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t))
	id := b.enqueue(t, mail.Address{Address: "asha@example.in"})
	ctx := context.Background()
	q := queries.New(b.pool)
	claimed, err := q.OutboxClaimDue(ctx, queries.OutboxClaimDueParams{LockedBy: "dead", LeaseSeconds: 1, MaxMessages: 10})
	if err != nil || len(claimed) != 1 {
		t.Fatalf("claim: %v %d", err, len(claimed))
	}
	w := b.worker(t, "alive", outbox.Config{})
	if n := deliverDue(t, w); n != 0 {
		t.Fatalf("took a leased message: %d", n)
	}
	time.Sleep(1100 * time.Millisecond)
	if n := deliverDue(t, w); n != 1 {
		t.Fatalf("after the lease: %d", n)
	}
	if r := b.row(t, id); r.SentAt == nil || r.Attempts != 2 {
		t.Fatalf("row %+v", r)
	}
	if n, err := q.OutboxMarkFailed(ctx, queries.OutboxMarkFailedParams{ID: id, LockedBy: "dead", LastError: "late"}); err != nil || n != 0 {
		t.Fatalf("the dead worker's late word: %d %v", n, err)
	}
	if got := b.relay.Received(); len(got) != 1 {
		t.Fatalf("relay got %d", len(got))
	}
}
