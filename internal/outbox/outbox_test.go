package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"mime"
	"net/mail"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/smtpmail"
	"github.com/paryatan/paryatan/internal/platform/smtpmail/smtptest"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// The outbox against a real PostgreSQL, a real job queue (River, working
// the mail queue) and a real SMTP server on loopback.

// bundle is one test's outbox and what it talks to.
type bundle struct {
	pool    *pgxpool.Pool
	relay   *smtptest.Server
	metrics *telemetry.OutboxMetrics
	jobs    *jobs.Jobs
	queue   *outbox.Queue
	worker  *outbox.Worker
}

// setup builds the outbox over a new database (setupOn).
func setup(t *testing.T, relay *smtptest.Server, cfg outbox.Config) *bundle {
	t.Helper()
	return setupOn(t, storetest.NewPool(t), relay, cfg)
}

// setupOn builds the outbox over pool as the process wires it: a worker
// sending to relay from the display-name sender every deployment
// configures, registered with a job client that run starts. Retries are
// 50 ms doubling to 200 ms unless cfg says otherwise.
func setupOn(t *testing.T, pool *pgxpool.Pool, relay *smtptest.Server, cfg outbox.Config) *bundle {
	t.Helper()
	from, err := smtpmail.ParseFrom("Paryatan <no-reply@paryatan.example>")
	if err != nil {
		t.Fatal(err)
	}
	m, err := smtpmail.New(relay.URL(), from)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.RetryFirst == 0 {
		cfg.RetryFirst = 50 * time.Millisecond
	}
	if cfg.RetryMax == 0 {
		cfg.RetryMax = 200 * time.Millisecond
	}
	log := slog.New(slog.DiscardHandler)
	metrics := telemetry.NewMetrics()
	j, err := jobs.New(pool, jobs.Config{Log: log, Metrics: metrics.Jobs, FetchPoll: 100 * time.Millisecond,
		Without: []string{jobs.QueueSupplier, jobs.QueueTickets, jobs.QueuePayments}})
	if err != nil {
		t.Fatal(err)
	}
	w := outbox.NewWorker(pool, outbox.SMTP{Mailer: m}, metrics.Outbox, log, cfg)
	w.Register(j)
	return &bundle{pool: pool, relay: relay, metrics: metrics.Outbox, jobs: j, queue: outbox.NewQueue(j, nil), worker: w}
}

// run works the mail and maintenance queues (with the leader's periodic
// jobs when periodic) until the test ends.
func (b *bundle) run(t *testing.T, periodic bool) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.jobs.Run(ctx, periodic, time.Second) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
}

// enqueue writes a verification e-mail to to as a request does: the
// message and its job in one committed transaction.
func (b *bundle) enqueue(t *testing.T, to mail.Address) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) (err error) {
		id, err = b.queue.Enqueue(context.Background(), tx, message(to))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func message(to mail.Address) outbox.Message {
	return outbox.Message{Kind: outbox.KindEmailVerification, To: to,
		Subject: "Verify your e-mail address", Text: "Hello,\nhttps://paryatan.example/v?t=1\n", HTML: "<p>Hello,</p>"}
}

func (b *bundle) row(t *testing.T, id uuid.UUID) queries.OutboxMessage {
	t.Helper()
	r, err := queries.New(b.pool).OutboxGet(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sendJobs are the send jobs of message id.
func (b *bundle) sendJobs(t *testing.T, id uuid.UUID) []*rivertype.JobRow {
	t.Helper()
	ctx := context.Background()
	rows, err := b.pool.Query(ctx, `SELECT id FROM river_job WHERE kind = 'outbox.send' AND args->>'message_id' = $1 ORDER BY id`, id.String())
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	var out []*rivertype.JobRow
	for _, jid := range ids {
		j, err := b.jobs.JobGet(ctx, jid)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, j)
	}
	return out
}

// sendJob is the one send job of message id.
func (b *bundle) sendJob(t *testing.T, id uuid.UUID) *rivertype.JobRow {
	t.Helper()
	js := b.sendJobs(t, id)
	if len(js) != 1 {
		t.Fatalf("message %s has %d send jobs, want 1", id, len(js))
	}
	return js[0]
}

// waitFor polls cond until it holds, for at most 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A message and its send job exist exactly when the transaction that wrote
// them commits.
func TestMessageAndJobCommitTogether(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	ctx := context.Background()
	var lost uuid.UUID
	errRollback := errors.New("the change failed")
	err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) (err error) {
		if lost, err = b.queue.Enqueue(ctx, tx, message(mail.Address{Address: "lost@example.in"})); err != nil {
			return err
		}
		return errRollback
	})
	if !errors.Is(err, errRollback) || lost == uuid.Nil {
		t.Fatalf("enqueue in a failing transaction: %v, id %s", err, lost)
	}
	var messages, sendJobs int
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM outbox_messages), (SELECT count(*) FROM river_job WHERE kind = 'outbox.send')`).
		Scan(&messages, &sendJobs); err != nil || messages != 0 || sendJobs != 0 {
		t.Fatalf("after the rollback: %d messages, %d send jobs (%v)", messages, sendJobs, err)
	}

	id := b.enqueue(t, mail.Address{Address: "kept@example.in"})
	if r := b.row(t, id); r.SentAt != nil || r.FailedAt != nil {
		t.Fatalf("row %+v", r)
	}
	j := b.sendJob(t, id)
	if j.Queue != jobs.QueueMail || j.State != rivertype.JobStateAvailable || j.MaxAttempts != 1000 {
		t.Fatalf("send job on %s, %s, max attempts %d", j.Queue, j.State, j.MaxAttempts)
	}
}

// A committed message is sent once: the envelope carries the bare sender
// address, the From header its name; a recipient named outside ASCII
// decodes back to the name.
func TestSendsOnceFromDisplayNameSender(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	b.run(t, false)
	id := b.enqueue(t, mail.Address{Name: "आरव शर्मा", Address: "aarav@example.in"})
	waitFor(t, "the send job to complete", func() bool { return b.sendJob(t, id).State == rivertype.JobStateCompleted })
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
	if r := b.row(t, id); r.SentAt == nil || r.FailedAt != nil || r.LastError != "" {
		t.Fatalf("row %+v", r)
	}
	if j := b.sendJob(t, id); j.Attempt != 1 {
		t.Errorf("sent at attempt %d", j.Attempt)
	}
	if v := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("sent")); v != 1 {
		t.Errorf("deliveries sent = %v", v)
	}
}

// A relay that is down costs retries, not the message: once it is up the
// message arrives, exactly once.
func TestRelayDownThenUp(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.NewStopped(t), outbox.Config{})
	b.run(t, false)
	id := b.enqueue(t, mail.Address{Address: "asha@example.in"})
	waitFor(t, "a retry", func() bool { return b.sendJob(t, id).Attempt >= 2 })
	r := b.row(t, id)
	if r.SentAt != nil || r.FailedAt != nil || r.LastError == "" {
		t.Fatalf("after failed attempts: %+v", r)
	}
	if v := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("retried")); v < 1 {
		t.Errorf("deliveries retried = %v", v)
	}
	b.worker.RefreshStats(context.Background())
	if v := testutil.ToFloat64(b.metrics.Messages.WithLabelValues("queued")); v != 1 {
		t.Errorf("queued = %v", v)
	}

	b.relay.Start()
	waitFor(t, "the send job to complete", func() bool { return b.sendJob(t, id).State == rivertype.JobStateCompleted })
	if r := b.row(t, id); r.SentAt == nil {
		t.Fatalf("job completed, message not sent: %+v", r)
	}
	if got := b.relay.Received(); len(got) != 1 {
		t.Fatalf("relay got %d messages, want 1", len(got))
	}
	b.worker.RefreshStats(context.Background())
	if q, s := testutil.ToFloat64(b.metrics.Messages.WithLabelValues("queued")), testutil.ToFloat64(b.metrics.Messages.WithLabelValues("sent")); q != 0 || s != 1 {
		t.Errorf("queued %v, sent %v", q, s)
	}
	if v := testutil.ToFloat64(b.metrics.OldestQueuedAge); v != 0 {
		t.Errorf("oldest queued age %v with nothing queued", v)
	}
}

// Two replicas working the mail queue at once, each several jobs at a
// time, send every message exactly once.
func TestTwoReplicasSendEachOnce(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	other := setupOn(t, b.pool, b.relay, outbox.Config{})
	const n = 20
	ids := make([]uuid.UUID, n)
	for i := range n {
		ids[i] = b.enqueue(t, mail.Address{Address: fmt.Sprintf("u%02d@example.in", i)})
	}
	b.run(t, false)
	other.run(t, false)
	for _, id := range ids {
		waitFor(t, "every send job to complete", func() bool { return b.sendJob(t, id).State == rivertype.JobStateCompleted })
	}
	seen := map[string]int{}
	for _, m := range b.relay.Received() {
		seen[strings.Join(m.To, ",")]++
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

// A 5xx refusal is final: the message is failed with the server's reply,
// and its job ends at its first attempt, not to be retried.
func TestRefusalFailsWithoutRetry(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	b.relay.Refuse(&smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such mailbox here"})
	b.run(t, false)
	id := b.enqueue(t, mail.Address{Address: "nobody@example.in"})
	waitFor(t, "the send job to end", func() bool { return b.sendJob(t, id).FinalizedAt != nil })
	r := b.row(t, id)
	if r.FailedAt == nil || r.SentAt != nil || !strings.Contains(r.LastError, "No such mailbox here") || !strings.Contains(r.LastError, "550") {
		t.Fatalf("row %+v", r)
	}
	if j := b.sendJob(t, id); j.State != rivertype.JobStateCancelled || j.Attempt != 1 || len(j.Errors) != 1 ||
		!strings.Contains(j.Errors[0].Error, "No such mailbox here") {
		t.Fatalf("send job %s after %d attempts, errors %+v", j.State, j.Attempt, j.Errors)
	}
	if f, re := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("failed")), testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("retried")); f != 1 || re != 0 {
		t.Errorf("deliveries failed %v, retried %v", f, re)
	}
	if got := b.relay.Received(); len(got) != 0 {
		t.Errorf("relay got %d messages", len(got))
	}
	b.worker.RefreshStats(context.Background())
	if v := testutil.ToFloat64(b.metrics.Messages.WithLabelValues("failed")); v != 1 {
		t.Errorf("failed = %v", v)
	}
}

// A temporary failure of a message queued longer than GiveUpAfter marks
// it failed and ends its job; so does a failure at the last attempt River
// allows the job, whatever the message's age.
func TestGivesUp(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.NewStopped(t), outbox.Config{GiveUpAfter: time.Hour})
	ctx := context.Background()
	old := b.enqueue(t, mail.Address{Address: "old@example.in"})
	capped := b.enqueue(t, mail.Address{Address: "capped@example.in"})
	if _, err := b.pool.Exec(ctx, `UPDATE outbox_messages SET created_at = now() - interval '61 minutes' WHERE id = $1`, old); err != nil {
		t.Fatal(err)
	}
	if _, err := b.pool.Exec(ctx, `UPDATE river_job SET max_attempts = 1 WHERE id = $1`, b.sendJob(t, capped).ID); err != nil {
		t.Fatal(err)
	}
	b.run(t, false)
	for _, id := range []uuid.UUID{old, capped} {
		waitFor(t, "the send job to end", func() bool { return b.sendJob(t, id).FinalizedAt != nil })
		if r := b.row(t, id); r.FailedAt == nil || !strings.Contains(r.LastError, "gave up after 1 attempts") {
			t.Fatalf("row %+v", r)
		}
		if j := b.sendJob(t, id); j.State != rivertype.JobStateCancelled || j.Attempt != 1 {
			t.Fatalf("send job %s after %d attempts", j.State, j.Attempt)
		}
	}
	if v := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("failed")); v != 2 {
		t.Errorf("deliveries failed = %v", v)
	}
}

// A job run again after its first run recorded the send (rescued after its
// process died, or a duplicate) sends nothing.
func TestJobRunTwiceSendsOnce(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	ctx := context.Background()
	id := b.enqueue(t, mail.Address{Address: "asha@example.in"})
	row := b.sendJob(t, id)
	for attempt := 1; attempt <= 2; attempt++ {
		row.Attempt = attempt
		if err := b.worker.Work(ctx, &river.Job[outbox.SendArgs]{JobRow: row, Args: outbox.SendArgs{MessageID: id}}); err != nil {
			t.Fatalf("run %d: %v", attempt, err)
		}
	}
	if got := b.relay.Received(); len(got) != 1 {
		t.Fatalf("relay got %d messages, want 1", len(got))
	}
	if r := b.row(t, id); r.SentAt == nil {
		t.Fatalf("row %+v", r)
	}
	if v := testutil.ToFloat64(b.metrics.Deliveries.WithLabelValues("sent")); v != 1 {
		t.Errorf("deliveries sent = %v", v)
	}
}

// Without a mail server a process still writes messages and their jobs (it
// does not work the mail queue, so they wait); were one of its jobs run
// there, it would fail, saying why, and leave the message queued.
func TestWithoutMailServer(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	metrics := telemetry.NewMetrics()
	j, err := jobs.New(pool, jobs.Config{Log: log, Metrics: metrics.Jobs, Without: []string{jobs.QueueMail}})
	if err != nil {
		t.Fatal(err)
	}
	w := outbox.NewWorker(pool, nil, metrics.Outbox, log, outbox.Config{})
	w.Register(j)
	var id uuid.UUID
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
		id, err = outbox.NewQueue(j, log).Enqueue(ctx, tx, message(mail.Address{Address: "dev@example.in"}))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	b := &bundle{pool: pool, jobs: j}
	row := b.sendJob(t, id)
	row.Attempt = 1
	err = w.Work(ctx, &river.Job[outbox.SendArgs]{JobRow: row, Args: outbox.SendArgs{MessageID: id}})
	if err == nil || !strings.Contains(err.Error(), "no mail server") {
		t.Fatalf("work without a mail server: %v", err)
	}
	if r := b.row(t, id); r.SentAt != nil || r.FailedAt != nil {
		t.Fatalf("row %+v", r)
	}
}

// Settled messages leave the table after their keeping time (sent 7 days,
// failed 30), deleted by the leader's periodic purge; a queued message
// stays however old it is.
func TestPurgeSettled(t *testing.T) {
	t.Parallel()
	b := setup(t, smtptest.New(t), outbox.Config{})
	ctx := context.Background()
	q := queries.New(b.pool)
	rows := map[string]uuid.UUID{}
	for name, set := range map[string]string{
		"old sent":      "sent_at = now() - interval '8 days'",
		"recent sent":   "sent_at = now() - interval '6 days'",
		"old failed":    "failed_at = now() - interval '31 days'",
		"recent failed": "failed_at = now() - interval '29 days'",
		"old queued":    "created_at = now() - interval '90 days'",
	} {
		// Rows alone, without send jobs: the purge is what is tested.
		id, err := q.OutboxEnqueue(ctx, queries.OutboxEnqueueParams{Kind: outbox.KindEmailVerification,
			Recipient: strings.ReplaceAll(name, " ", ".") + "@example.in", Subject: name, TextBody: name})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.pool.Exec(ctx, "UPDATE outbox_messages SET "+set+" WHERE id = $1", id); err != nil {
			t.Fatal(err)
		}
		rows[name] = id
	}
	b.run(t, true)
	waitFor(t, "a purge to complete", func() bool {
		var n int
		err := b.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'outbox.purge' AND state = 'completed'`).Scan(&n)
		return err == nil && n > 0
	})
	for name, kept := range map[string]bool{"old sent": false, "recent sent": true, "old failed": false, "recent failed": true, "old queued": true} {
		_, err := q.OutboxGet(ctx, rows[name])
		if (err == nil) != kept {
			t.Errorf("%s message: kept = %v, want %v (%v)", name, err == nil, kept, err)
		}
	}
	if n, err := b.worker.PurgeSettled(ctx); err != nil || n != 0 {
		t.Errorf("a second purge deleted %d (%v)", n, err)
	}
}

// A message queued before the upgrade to the job queue gets a send job from
// the upgrade (0017_outbox_jobs.sql) and is sent by it; settled messages
// get none.
func TestQueuedBeforeUpgradeIsSent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := store.Open(ctx, storetest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	before := fstest.MapFS{}
	err = fs.WalkDir(store.Migrations(), ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || name >= "0017" {
			return err
		}
		data, err := fs.ReadFile(store.Migrations(), name)
		before[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Migrate(ctx, pool, before); err != nil {
		t.Fatal(err)
	}
	// As the leasing worker left them: one message waiting for its retry
	// after two attempts, one sent, one failed.
	var queued uuid.UUID
	if err := pool.QueryRow(ctx, `INSERT INTO outbox_messages (kind, recipient, subject, text_body, attempts, last_error, next_attempt_at)
		VALUES ('email_verification', 'waiting@example.in', 'Verify', 'Hello', 2, 'connection refused', now() + interval '5 minutes') RETURNING id`).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO outbox_messages (kind, recipient, subject, text_body, attempts, sent_at, failed_at)
		VALUES ('email_verification', 'sent@example.in', 'Verify', 'Hello', 1, now(), NULL),
		       ('email_verification', 'failed@example.in', 'Verify', 'Hello', 1, NULL, now())`); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Migrate(ctx, pool, store.Migrations()); err != nil {
		t.Fatal(err)
	}
	var total int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'outbox.send'`).Scan(&total); err != nil || total != 1 {
		t.Fatalf("%d send jobs after the upgrade (%v), want 1", total, err)
	}
	b := setupOn(t, pool, smtptest.New(t), outbox.Config{})
	j := b.sendJob(t, queued)
	if j.Queue != jobs.QueueMail || j.State != rivertype.JobStateAvailable || j.MaxAttempts != 1000 {
		t.Fatalf("send job on %s, %s, max attempts %d", j.Queue, j.State, j.MaxAttempts)
	}
	b.run(t, false)
	waitFor(t, "the send job to complete", func() bool { return b.sendJob(t, queued).State == rivertype.JobStateCompleted })
	if got := b.relay.Received(); len(got) != 1 || got[0].To[0] != "waiting@example.in" {
		t.Fatalf("relay got %+v", got)
	}
	if r := b.row(t, queued); r.SentAt == nil {
		t.Fatalf("row %+v", r)
	}
}
