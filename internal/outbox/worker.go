package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/platform/smtpmail"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// The outbox's background work, each a job (internal/jobs):
//   - SendArgs sends one message (written by Queue.Enqueue with it, on the
//     mail queue, which only a process with a mail server works);
//   - purgeArgs is periodic: the deletion of settled messages.
//
// A job whose process died is rescued and run again, and River may run a
// job more than once: the send worker starts from the message as it
// stands, sends only a queued one, and settles it only while it is queued,
// so a second run after a recorded outcome sends nothing. A run that dies
// between the mail server's acceptance and the record sends the message
// again: a duplicate e-mail is better than a lost one.

// SendArgs is the job that sends one message.
type SendArgs struct {
	MessageID uuid.UUID `json:"message_id"`
}

// Kind names the job in the queue.
func (SendArgs) Kind() string { return "outbox.send" }

// InsertOpts puts the job on the mail queue, with River's cap on attempts
// above what the give-up period allows.
func (SendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.QueueMail, MaxAttempts: sendAttempts}
}

// purgeArgs is the periodic deletion of settled messages.
type purgeArgs struct{}

func (purgeArgs) Kind() string { return "outbox.purge" }

// Intervals and limits of the outbox's jobs.
const (
	// sendAttempts is River's cap on a send job's runs. The give-up period
	// (GiveUpAfter) ends a message first: at the default back-off a day is
	// about 100 attempts, and 1,000 last ten days at 15 minutes apart.
	// Should a job reach the cap anyway (a very long give-up period), its
	// last attempt gives the message up too, so no message stays queued
	// without a job. The upgrade's migration (0017_outbox_jobs.sql) writes
	// the same number.
	sendAttempts = 1000
	// sendTimeout bounds one delivery (smtpmail gives up sooner).
	sendTimeout = smtpmail.Timeout + 5*time.Second
	// recordTimeout bounds the write of a delivery's outcome.
	recordTimeout = 10 * time.Second
	// sendLimit is a send job's time limit: the message's read, its
	// delivery and the record of the outcome.
	sendLimit = sendTimeout + recordTimeout + 5*time.Second
	// purgeEvery is how often the leader purges settled messages.
	purgeEvery = time.Minute
	// purgeLimit bounds one purge; a backlog larger than it clears goes on
	// at the next.
	purgeLimit = time.Minute
	// purgeBatch bounds one delete: a purge deletes batches until one
	// comes back short.
	purgeBatch = 1000
)

// Config tunes a Worker; zero fields take the defaults.
type Config struct {
	// GiveUpAfter is how long after it was queued a message that keeps
	// failing temporarily is marked failed (OUTBOX_GIVE_UP_AFTER, 24 h).
	GiveUpAfter time.Duration
	// RetryFirst is the wait after the first temporary failure (10 s); it
	// doubles with each attempt up to RetryMax (15 min).
	RetryFirst, RetryMax time.Duration
	// KeepSent and KeepFailed are how long settled messages stay in the
	// table (7 and 30 days): long enough to answer "did my e-mail go out?",
	// short enough that the table holds what is due, not years of mail.
	KeepSent, KeepFailed time.Duration
}

// Worker sends the outbox's messages: it is the job queue's worker of
// SendArgs, run by whichever replica works the mail queue. It also purges
// settled messages and keeps the outbox's gauges.
type Worker struct {
	river.WorkerDefaults[SendArgs]
	q         *queries.Queries
	deliverer Deliverer
	metrics   *telemetry.OutboxMetrics
	log       *slog.Logger
	cfg       Config
	now       func() time.Time
	// limit is a send job's time limit (Register lowers it to the job
	// queue's).
	limit time.Duration
	// backlog is the last reading of RefreshStats.
	backlog atomic.Pointer[Backlog]
}

// NewWorker returns a worker over pool. A nil deliverer (no mail server
// configured) leaves messages queued: such a process does not work the
// mail queue, and its worker only purges and keeps the gauges.
func NewWorker(pool *pgxpool.Pool, deliverer Deliverer, metrics *telemetry.OutboxMetrics, log *slog.Logger, cfg Config) *Worker {
	if cfg.GiveUpAfter <= 0 {
		cfg.GiveUpAfter = 24 * time.Hour
	}
	if cfg.RetryFirst <= 0 {
		cfg.RetryFirst = 10 * time.Second
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = 15 * time.Minute
	}
	if cfg.KeepSent <= 0 {
		cfg.KeepSent = 7 * 24 * time.Hour
	}
	if cfg.KeepFailed <= 0 {
		cfg.KeepFailed = 30 * 24 * time.Hour
	}
	return &Worker{q: queries.New(store.Reads{Pool: pool}), deliverer: deliverer, metrics: metrics,
		log: log.With("component", "outbox"), cfg: cfg, now: time.Now, limit: sendLimit}
}

// Register adds the send worker and the periodic purge to j. The send
// worker is added even without a mail server: the job queue refuses to
// write a job of a kind no worker is added for, and every process writes
// messages.
func (w *Worker) Register(j *jobs.Jobs) {
	w.limit = j.Limit(sendLimit)
	jobs.Add(j, w)
	jobs.AddFunc(j, purgeLimit, w.purge)
	j.Every(purgeEvery, func() river.JobArgs { return purgeArgs{} })
}

// Timeout is a send job's time limit.
func (w *Worker) Timeout(*river.Job[SendArgs]) time.Duration { return w.limit }

// NextRetry is when a send that failed temporarily is tried again:
// RetryFirst after the first failure, doubling, at most RetryMax. River
// schedules on the real clock.
func (w *Worker) NextRetry(job *river.Job[SendArgs]) time.Time {
	return time.Now().Add(w.retryAfter(job.Attempt))
}

// retryAfter is the wait after the attempt-th temporary failure.
func (w *Worker) retryAfter(attempt int) time.Duration {
	return jobs.Backoff(attempt-1, w.cfg.RetryFirst, w.cfg.RetryMax)
}

// Work sends the job's message, unless a run of its job settled it before.
// A temporary failure is an error, and River runs the job again at
// NextRetry; a refusal, or a failure once the message has waited
// GiveUpAfter, marks it failed and cancels the job, which is not retried.
func (w *Worker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	if w.deliverer == nil {
		// A process without a mail server leaves the mail queue alone
		// (jobs.Config.Without): one that works it is wired wrongly. The
		// job is retried, by a process that can send.
		return errors.New("outbox: no mail server to deliver to: a process without SMTP_URL must not work the mail queue")
	}
	r, err := w.q.OutboxGet(ctx, job.Args.MessageID)
	if errors.Is(err, pgx.ErrNoRows) {
		// Queued messages are never purged: this one was settled and
		// purged since, or its job outlived it some other way.
		w.log.Warn("e-mail of a send job not found; nothing to send", "id", job.Args.MessageID, "job", job.ID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("outbox: read message %s: %w", job.Args.MessageID, err)
	}
	log := w.log.With("id", r.ID, "kind", r.Kind, "attempt", job.Attempt, "job", job.ID)
	if r.SentAt != nil || r.FailedAt != nil {
		log.Info("e-mail already settled by an earlier run of its job; not sent again")
		return nil
	}
	var files []queries.OutboxAttachmentListRow
	if r.Attachments > 0 {
		// Only a message with files reads them: the others cost no query.
		if files, err = w.q.OutboxAttachmentList(ctx, r.ID); err != nil {
			return fmt.Errorf("outbox: read attachments of %s: %w", r.ID, err)
		}
		if len(files) != int(r.Attachments) {
			// Written in one transaction with the message, so never short
			// unless rows were deleted by hand: better unsent than sent
			// without the ticket it announces.
			return fmt.Errorf("outbox: message %s has %d of its %d attachments", r.ID, len(files), r.Attachments)
		}
	}
	sctx, cancel := context.WithTimeout(ctx, sendTimeout)
	err = w.deliverer.Deliver(sctx, fromRow(r, files))
	cancel()
	return w.record(ctx, log, job, r, err)
}

// record writes the outcome of one delivery (err) and says what the job
// returns.
func (w *Worker) record(ctx context.Context, log *slog.Logger, job *river.Job[SendArgs], r queries.OutboxMessage, err error) error {
	// The outcome is recorded even when ctx ended during the attempt
	// (shutdown, the time limit).
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	var n int64
	var qerr, result error
	outcome := "sent"
	switch {
	case err == nil:
		n, qerr = w.q.OutboxMarkSent(rctx, r.ID)
		log.Info("e-mail sent")
	case errors.Is(err, ErrRejected):
		outcome = "failed"
		n, qerr = w.q.OutboxMarkFailed(rctx, queries.OutboxMarkFailedParams{ID: r.ID, LastError: err.Error()})
		log.Error("e-mail refused by the mail server; not retried", "err", err)
		result = river.JobCancel(err)
	case w.now().Sub(r.CreatedAt) >= w.cfg.GiveUpAfter || job.Attempt >= job.MaxAttempts:
		outcome = "failed"
		err = fmt.Errorf("gave up after %d attempts: %w", job.Attempt, err)
		n, qerr = w.q.OutboxMarkFailed(rctx, queries.OutboxMarkFailedParams{ID: r.ID, LastError: err.Error()})
		log.Error("e-mail given up on after retrying", "err", err, "queued_at", r.CreatedAt)
		result = river.JobCancel(err)
	default:
		outcome = "retried"
		n, qerr = w.q.OutboxRecordError(rctx, queries.OutboxRecordErrorParams{ID: r.ID, LastError: err.Error()})
		log.Warn("e-mail not sent; will retry", "err", err, "retry_in", w.retryAfter(job.Attempt))
		result = fmt.Errorf("outbox: send: %w", err)
	}
	switch {
	case qerr != nil:
		// The job runs again and the message is tried again: a duplicate
		// e-mail is better than a lost one.
		log.Error("recording the e-mail's outcome failed", "outcome", outcome, "err", qerr)
		return fmt.Errorf("outbox: record %s: %w", outcome, qerr)
	case n == 0:
		log.Warn("e-mail settled by another run of its job before this outcome was recorded", "outcome", outcome)
		return nil
	}
	w.metrics.Deliveries.WithLabelValues(outcome).Inc()
	return result
}

// purge deletes settled messages past their keeping time, batch after
// batch until one comes back short, so a backlog (after an outage of the
// leader, or a burst of mail) goes in one run of short statements.
func (w *Worker) purge(ctx context.Context, _ *river.Job[purgeArgs]) error {
	for {
		n, err := w.PurgeSettled(ctx)
		if err != nil {
			return err
		}
		if n < purgeBatch {
			return nil
		}
	}
}

// PurgeSettled deletes up to one batch of messages sent longer ago than
// KeepSent or failed longer ago than KeepFailed, and says how many went.
func (w *Worker) PurgeSettled(ctx context.Context) (int64, error) {
	n, err := w.q.OutboxPurgeSettled(ctx, queries.OutboxPurgeSettledParams{
		SentKeepSeconds:   w.cfg.KeepSent.Seconds(),
		FailedKeepSeconds: w.cfg.KeepFailed.Seconds(),
		MaxMessages:       purgeBatch,
	})
	if err != nil {
		return 0, fmt.Errorf("outbox purge: %w", err)
	}
	return n, nil
}

// RefreshStats reads the gauges from the table.
func (w *Worker) RefreshStats(ctx context.Context) {
	s, err := w.q.OutboxStats(ctx)
	if err != nil {
		if ctx.Err() == nil {
			w.log.Warn("reading outbox statistics failed", "err", err)
		}
		return
	}
	w.metrics.Messages.WithLabelValues("queued").Set(float64(s.Queued))
	w.metrics.Messages.WithLabelValues("sent").Set(float64(s.Sent))
	w.metrics.Messages.WithLabelValues("failed").Set(float64(s.Failed))
	w.metrics.OldestQueuedAge.Set(s.OldestQueuedAgeSeconds)
	w.backlog.Store(&Backlog{Queued: s.Queued, Oldest: time.Duration(s.OldestQueuedAgeSeconds * float64(time.Second))})
}

// Backlog is what waits in the outbox: how many messages are queued and
// how long the oldest has waited.
type Backlog struct {
	Queued int64
	Oldest time.Duration
}

// Backlog is the outbox as RefreshStats last read it (the process reads it
// every 15 s); ok is false before the first reading.
func (w *Worker) Backlog() (b Backlog, ok bool) {
	if p := w.backlog.Load(); p != nil {
		return *p, true
	}
	return Backlog{}, false
}
