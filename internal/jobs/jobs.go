// Package jobs is the process's one way to run background work: a durable
// job queue in PostgreSQL (River). A feature writes a job in the same
// transaction as the change that calls for it (InsertTx), so work is never
// lost to a crash and never asked for by a change that rolled back; any
// replica may work it; a job whose process died is rescued and run again,
// so every worker is written to be run more than once. Periodic work
// (sweeps, clean-ups) is inserted by the elected leader only, once per
// period, whatever the number of replicas.
//
// Kinds live with their features (internal/outbox, internal/flights,
// internal/payment/checkout); this package holds the client, the queues and
// what operators see of them (metrics, spans, the /jobs/ UI).
package jobs

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
	"github.com/riverqueue/rivercontrib/otelriver"
	"go.opentelemetry.io/otel/metric/noop"
	"go.opentelemetry.io/otel/trace"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
)

// The queues, sized for a replica of 2 cores. The work is almost all
// waiting on the network (the supplier's calls take up to 120 s), so the
// counts bound concurrent calls and database connections, not CPU.
const (
	// QueueMaintenance runs the periodic sweeps and clean-ups: short
	// statements on the database.
	QueueMaintenance = "maintenance"
	// QueueMail sends the outbox's e-mails: one SMTP session each.
	QueueMail = "mail"
	// QueueSupplier asks and tells the flight supplier: reconciling unknown
	// bookings, releasing held seats.
	QueueSupplier = "supplier"
	// QueueTickets takes paid bookings to their ticket or refund: a ticket
	// call is the longest call the product makes.
	QueueTickets = "tickets"
	// QueuePayments follows orders and refunds at the payment gateway.
	QueuePayments = "payments"
)

// queueWorkers is how many jobs of each queue one replica works at once.
var queueWorkers = map[string]int{
	QueueMaintenance: 2,
	QueueMail:        4,
	QueueSupplier:    8,
	QueueTickets:     8,
	QueuePayments:    4,
}

// Client is River's client over pgx.
type Client = river.Client[pgx.Tx]

// Inserter writes jobs; features take it to insert theirs with the change
// that calls for them.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config sets up the queue.
type Config struct {
	// ID names this client in the jobs it works (the api_instances id).
	ID      string
	Log     *slog.Logger
	Tracing trace.TracerProvider
	Metrics *telemetry.JobMetrics
	// RescueAfter is how long a running job may go without finishing before
	// it is taken to have lost its process and is run again (JOBS_RESCUE_AFTER;
	// 10 min). Every kind's time limit is shorter.
	RescueAfter time.Duration
	// Without lists the queues this process does not work: their jobs wait
	// for a replica that does (a process without a mail relay leaves e-mail
	// queued; the ticket route's tests leave tickets to their requests).
	Without []string
	// FetchPoll is how often an idle queue looks for due work besides the
	// notice of every insert (1 s).
	FetchPoll time.Duration
}

// Jobs is the process's job client, its workers and its periodic work.
type Jobs struct {
	*Client
	workers     *river.Workers
	periodic    []*river.PeriodicJob
	log         *slog.Logger
	rescueAfter time.Duration
}

// DefaultRescueAfter is how long a running job may last before it is taken
// to be lost: longer than the longest kind's time limit.
const DefaultRescueAfter = 10 * time.Minute

// New builds the client over pool. Workers are added with Add and periodic
// work with Every before Run starts them.
func New(pool *pgxpool.Pool, cfg Config) (*Jobs, error) {
	if cfg.Log == nil || cfg.Metrics == nil {
		return nil, errors.New("jobs: Log and Metrics are required")
	}
	if cfg.RescueAfter <= 0 {
		cfg.RescueAfter = DefaultRescueAfter
	}
	queues := map[string]river.QueueConfig{}
	for _, name := range Worked(cfg) {
		queues[name] = river.QueueConfig{MaxWorkers: queueWorkers[name]}
	}
	tracing := cfg.Tracing
	if tracing == nil {
		tracing = trace.NewNoopTracerProvider() //nolint:staticcheck // the noop provider of the trace package itself
	}
	workers := river.NewWorkers()
	log := cfg.Log.With("component", "jobs")
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		ID:      cfg.ID,
		Logger:  log,
		Queues:  queues,
		Workers: workers,
		// A job without a limit of its own (every kind sets one) gets
		// this; the rescuer waits longer than any.
		JobTimeout:           min(time.Minute, cfg.RescueAfter/2),
		RescueStuckJobsAfter: cfg.RescueAfter,
		FetchPollInterval:    cfg.FetchPoll,
		// The pause between fetches may not be longer than the poll.
		FetchCooldown: min(100*time.Millisecond, cmp.Or(cfg.FetchPoll, time.Second)),
		// Kept for the UI and for questions ("did the refund run?"): a day
		// of completed work (the lease sweep alone completes 43,200 jobs a
		// day), a month of what was cancelled or gave up.
		CompletedJobRetentionPeriod: 24 * time.Hour,
		CancelledJobRetentionPeriod: 30 * 24 * time.Hour,
		DiscardedJobRetentionPeriod: 30 * 24 * time.Hour,
		Middleware: []rivertype.Middleware{
			// Spans per job, linked to the request that inserted it; the
			// metrics are Prometheus's (below), so OTel's meter is off.
			otelriver.NewMiddleware(&otelriver.MiddlewareConfig{TracerProvider: tracing, MeterProvider: noop.NewMeterProvider(),
				EnableTracePropagation: true, EnableWorkSpanJobKindSuffix: true}),
			&measure{metrics: cfg.Metrics, log: log},
		},
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return &Jobs{Client: client, workers: workers, log: log, rescueAfter: cfg.RescueAfter}, nil
}

// Add registers the worker of one kind.
func Add[T river.JobArgs](j *Jobs, w river.Worker[T]) {
	river.AddWorker(j.workers, w)
}

// Limit is a kind's time limit: want, or less when the rescuer would take
// the job back sooner (a job must end before it is taken to be lost).
func (j *Jobs) Limit(want time.Duration) time.Duration {
	return min(want, j.rescueAfter*3/4)
}

// Every has the leader insert the job args makes every interval (and once
// at start), on QueueMaintenance unless args say otherwise.
func (j *Jobs) Every(interval time.Duration, args func() river.JobArgs) {
	j.periodic = append(j.periodic, river.NewPeriodicJob(river.PeriodicInterval(interval),
		func() (river.JobArgs, *river.InsertOpts) {
			return args(), &river.InsertOpts{Queue: QueueMaintenance}
		}, &river.PeriodicJobOpts{RunOnStart: true}))
}

// Run works jobs until ctx ends (with the periodic work unless stepped),
// then stops: no new job is taken, and those running get up to grace to
// finish before their contexts are cancelled. A supplier call cut short
// leaves its booking leased: the sweep and the reconciler settle it.
func (j *Jobs) Run(ctx context.Context, periodic bool, grace time.Duration) error {
	if periodic {
		j.PeriodicJobs().AddMany(j.periodic)
	}
	if err := j.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("jobs: start: %w", err)
	}
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
	defer cancel()
	if err := j.Stop(sctx); err != nil {
		j.log.Warn("jobs still running after the grace period are cancelled; they run again elsewhere", "err", err)
		cctx, ccancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer ccancel()
		_ = j.StopAndCancel(cctx)
	}
	return nil
}

// UniqueWhileOpen makes one job per args among those not finished: a second
// insert while one waits or runs is skipped; once it has finished, the work
// may be asked for again. A running job counts as open (River requires it),
// so use it only where the job that runs covers whatever is asked of it
// meanwhile: news that needs another run must insert without it.
var UniqueWhileOpen = river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
	rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
	rivertype.JobStateRetryable, rivertype.JobStateScheduled,
}}

// Snoozes is how many times a job was snoozed (waiting on something
// outside, which is not a failure): the step of a back-off.
func Snoozes(job *rivertype.JobRow) int {
	return snoozes(job.Metadata)
}

// Backoff is first doubled n times, at most max.
func Backoff(n int, first, max time.Duration) time.Duration {
	d := first
	for i := 0; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// Worked lists the queues a client built from cfg works.
func Worked(cfg Config) []string {
	var out []string
	for name := range queueWorkers {
		if !slices.Contains(cfg.Without, name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// AddFunc registers work as the worker of kind T, each run limited to
// limit (Limit caps it below the rescuer's time): the way most kinds are
// written, a method of the service whose rows they move.
func AddFunc[T river.JobArgs](j *Jobs, limit time.Duration, work func(context.Context, *river.Job[T]) error) {
	river.AddWorker(j.workers, &funcWorker[T]{limit: j.Limit(limit), work: work})
}

type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	limit time.Duration
	work  func(context.Context, *river.Job[T]) error
}

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.limit }

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error { return w.work(ctx, job) }
