package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/platform/smtpmail"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// Config tunes a Worker; zero fields take the defaults.
type Config struct {
	// ID names the worker in the leases it takes (the replica's
	// api_instances id); two workers must not share one.
	ID string
	// GiveUpAfter is how long after it was queued a message that keeps
	// failing temporarily is marked failed (OUTBOX_GIVE_UP_AFTER, 24 h).
	GiveUpAfter time.Duration
	// RetryFirst is the wait after the first temporary failure (10 s); it
	// doubles with each attempt up to RetryMax (15 min).
	RetryFirst, RetryMax time.Duration
	// Poll is how often the worker looks for due messages (2 s).
	Poll time.Duration
	// Batch is how many messages one claim leases (10).
	Batch int
	// KeepSent and KeepFailed are how long settled messages stay in the
	// table (7 and 30 days): long enough to answer "did my e-mail go out?",
	// short enough that the table holds what is due, not years of mail.
	KeepSent, KeepFailed time.Duration
}

// purgeBatch bounds one delete: a large backlog goes a batch per stats tick.
const purgeBatch = 1000

// sendTimeout bounds one delivery (smtpmail gives up sooner); a lease
// covers a whole batch of them.
const sendTimeout = smtpmail.Timeout + 5*time.Second

// statsEvery is how often the gauges are read from the table.
const statsEvery = 15 * time.Second

// Worker sends due messages. Every replica runs one; the database keeps
// them apart (SKIP LOCKED and leases).
type Worker struct {
	q         *queries.Queries
	deliverer Deliverer
	metrics   *telemetry.OutboxMetrics
	log       *slog.Logger
	cfg       Config
	now       func() time.Time
	// backlog is the last reading of RefreshStats.
	backlog atomic.Pointer[Backlog]
}

// NewWorker returns a worker over pool. A nil deliverer (no mail server
// configured) leaves messages queued; the worker then only keeps the
// gauges.
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
	if cfg.Poll <= 0 {
		cfg.Poll = 2 * time.Second
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 10
	}
	if cfg.KeepSent <= 0 {
		cfg.KeepSent = 7 * 24 * time.Hour
	}
	if cfg.KeepFailed <= 0 {
		cfg.KeepFailed = 30 * 24 * time.Hour
	}
	return &Worker{q: queries.New(store.Reads{Pool: pool}), deliverer: deliverer, metrics: metrics,
		log: log.With("component", "outbox"), cfg: cfg, now: time.Now}
}

// Run delivers due messages and refreshes the gauges until ctx ends. It
// picks up after restarts: the work list is the table.
func (w *Worker) Run(ctx context.Context) {
	poll, stats := time.NewTicker(w.cfg.Poll), time.NewTicker(statsEvery)
	defer poll.Stop()
	defer stats.Stop()
	w.RefreshStats(ctx)
	for {
		if w.deliverer != nil {
			// A full batch suggests more are due: claim again at once.
			for {
				n, err := w.DeliverDue(ctx)
				if err != nil && ctx.Err() == nil {
					w.log.Warn("claiming due e-mails failed", "err", err)
				}
				if n < w.cfg.Batch || ctx.Err() != nil {
					break
				}
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-poll.C:
		case <-stats.C:
			if _, err := w.PurgeSettled(ctx); err != nil && ctx.Err() == nil {
				w.log.Warn("purging settled e-mails failed", "err", err)
			}
			w.RefreshStats(ctx)
		}
	}
}

// DeliverDue leases one batch of due messages and tries each once; it
// returns how many it leased.
func (w *Worker) DeliverDue(ctx context.Context) (int, error) {
	if w.deliverer == nil {
		return 0, errors.New("outbox: no mail server to deliver to")
	}
	// The lease outlasts every delivery of the batch, so no other worker
	// takes a message this one is still sending.
	lease := time.Duration(w.cfg.Batch)*sendTimeout + time.Minute
	rows, err := w.q.OutboxClaimDue(ctx, queries.OutboxClaimDueParams{LockedBy: w.cfg.ID,
		LeaseSeconds: lease.Seconds(), MaxMessages: int32(w.cfg.Batch)}) //nolint:gosec // a small configured count
	if err != nil {
		return 0, fmt.Errorf("outbox: claim: %w", err)
	}
	for _, r := range rows {
		w.deliver(ctx, r)
	}
	return len(rows), nil
}

// deliver sends one leased message and records the outcome.
func (w *Worker) deliver(ctx context.Context, r queries.OutboxMessage) {
	sctx, cancel := context.WithTimeout(ctx, sendTimeout)
	err := w.deliverer.Deliver(sctx, fromRow(r))
	cancel()
	// The outcome is recorded even when ctx ended during the attempt
	// (shutdown): the lease is released for another replica at once.
	rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer rcancel()
	log := w.log.With("id", r.ID, "kind", r.Kind, "attempt", r.Attempts)
	var n int64
	var qerr error
	outcome := "sent"
	switch {
	case err == nil:
		n, qerr = w.q.OutboxMarkSent(rctx, queries.OutboxMarkSentParams{ID: r.ID, LockedBy: w.cfg.ID})
		log.Info("e-mail sent")
	case errors.Is(err, ErrRejected):
		outcome = "failed"
		n, qerr = w.q.OutboxMarkFailed(rctx, queries.OutboxMarkFailedParams{ID: r.ID, LockedBy: w.cfg.ID, LastError: err.Error()})
		log.Error("e-mail refused by the mail server; not retried", "err", err)
	case w.now().Sub(r.CreatedAt) >= w.cfg.GiveUpAfter:
		outcome = "failed"
		n, qerr = w.q.OutboxMarkFailed(rctx, queries.OutboxMarkFailedParams{ID: r.ID, LockedBy: w.cfg.ID,
			LastError: fmt.Sprintf("gave up after %d attempts: %v", r.Attempts, err)})
		log.Error("e-mail given up on after retrying", "err", err, "queued_at", r.CreatedAt)
	default:
		outcome = "retried"
		wait := w.retryAfter(int(r.Attempts))
		n, qerr = w.q.OutboxMarkRetry(rctx, queries.OutboxMarkRetryParams{ID: r.ID, LockedBy: w.cfg.ID,
			LastError: err.Error(), RetrySeconds: wait.Seconds()})
		log.Warn("e-mail not sent; will retry", "err", err, "retry_in", wait)
	}
	switch {
	case qerr != nil:
		// The lease runs out and the message is tried again: a duplicate
		// e-mail is better than a lost one.
		log.Error("recording the e-mail's outcome failed", "outcome", outcome, "err", qerr)
		return
	case n == 0:
		log.Warn("e-mail lease lost before its outcome was recorded", "outcome", outcome)
		return
	}
	w.metrics.Deliveries.WithLabelValues(outcome).Inc()
}

// retryAfter is the wait after the attempt-th temporary failure:
// RetryFirst, doubling, at most RetryMax.
func (w *Worker) retryAfter(attempt int) time.Duration {
	d := w.cfg.RetryFirst
	for i := 1; i < attempt && d < w.cfg.RetryMax; i++ {
		d *= 2
	}
	return min(d, w.cfg.RetryMax)
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

// Backlog is the outbox as RefreshStats last read it (every 15 s while the
// worker runs); ok is false before the first reading.
func (w *Worker) Backlog() (b Backlog, ok bool) {
	if p := w.backlog.Load(); p != nil {
		return *p, true
	}
	return Backlog{}, false
}
