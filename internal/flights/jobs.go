package flights

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// The booking machine's background work, each a job (internal/jobs)
// written in the transaction of the change that calls for it:
//   - reconcileJob asks the supplier what became of a call whose answer was
//     lost, until the booking is settled (written when a booking becomes
//     unknown);
//   - settleJob takes a booking with money in to its ticket or refund
//     (written when an order is paid, and when a paid booking ends or is
//     back awaiting its ticket);
//   - expireJob ends a booking not paid in time (written with the booking,
//     due at its pay-by time);
//   - releaseJob lets a held booking's seats go at the supplier (written
//     when a held booking ends unticketed);
//   - sweepJob and cleanupJob are periodic: the lease sweep and the
//     deletion of old idempotency keys and dead instances.
//
// Every worker may run more than once for the same booking (a job whose
// process died is rescued and run again): each starts from the booking as
// it stands and moves it compare-and-set, so a second run does nothing a
// first one did.

// bookingArgs names the booking a job is about.
type bookingArgs struct {
	BookingID uuid.UUID `json:"booking_id"`
}

type reconcileJob bookingArgs

func (reconcileJob) Kind() string { return "booking.reconcile" }

type settleJob bookingArgs

func (settleJob) Kind() string { return "booking.settle" }

type expireJob bookingArgs

func (expireJob) Kind() string { return "booking.expire" }

type releaseJob bookingArgs

func (releaseJob) Kind() string { return "booking.release" }

type sweepJob struct{}

func (sweepJob) Kind() string { return "booking.sweep" }

type cleanupJob struct{}

func (cleanupJob) Kind() string { return "booking.cleanup" }

// Intervals and limits of the booking machine's jobs.
const (
	// sweepEvery is how often the leader sweeps the leases of in-flight
	// calls: a dead process's call is reconciled within seconds.
	sweepEvery   = 2 * time.Second
	cleanupEvery = 10 * time.Minute
	// KeyLifetime is how long idempotency keys are kept: a repeat within
	// it gets the first answer; after it, the key may be used afresh.
	KeyLifetime = 24 * time.Hour
	// reconcileFirst and reconcileMax bound the wait between two questions
	// about an unknown booking: 5 s, doubling, at most about 20 minutes.
	reconcileFirst = 5 * time.Second
	reconcileMax   = 1280 * time.Second
	// releaseAttempts bounds the tries to release seats: past them the
	// airline's own time limit lets the hold lapse.
	releaseAttempts = 5
	// settleBehindRequest is how long the settle job of a payment a
	// ticket request found waits for that request to start the ticket
	// (OnPaid): long enough that the two do not race on a busy replica.
	settleBehindRequest = 30 * time.Second
	// supplierJobLimit bounds a job that calls the supplier: the longest
	// call (120 s) and, for a ticket, the inline reconciliation after it.
	supplierJobLimit = 5 * time.Minute
	// jobAttempts is how many times a job that fails (the database or the
	// gateway away) is retried, with River's growing back-off, before it is
	// discarded and reported (paryatan_job_runs_total{outcome="discarded"}):
	// about three weeks.
	jobAttempts = 25
)

// register adds the booking machine's workers and periodic jobs to j.
func (s *Bookings) register(j *jobs.Jobs) {
	p := s.payments
	jobs.AddFunc(j, supplierJobLimit, s.reconcileByJob)
	jobs.AddFunc(j, supplierJobLimit, func(ctx context.Context, job *river.Job[settleJob]) error {
		return p.Settle(ctx, job.Args.BookingID)
	})
	jobs.AddFunc(j, supplierJobLimit, func(ctx context.Context, job *river.Job[expireJob]) error {
		return p.expireDue(ctx, job.Args.BookingID)
	})
	jobs.AddFunc(j, supplierJobLimit, p.releaseByJob)
	jobs.AddFunc(j, supplierJobLimit, s.followCancellation)
	jobs.AddFunc(j, time.Minute, func(ctx context.Context, _ *river.Job[sweepJob]) error {
		_, err := s.Sweep(ctx)
		return err
	})
	jobs.AddFunc(j, time.Minute, func(ctx context.Context, _ *river.Job[cleanupJob]) error { return s.Cleanup(ctx) })
	j.Every(sweepEvery, func() river.JobArgs { return sweepJob{} })
	j.Every(cleanupEvery, func() river.JobArgs { return cleanupJob{} })
}

// Insert options of each kind.
// reconcileOpts are a reconcile job's: one open per booking. An insert
// while one runs is skipped, which loses nothing: a booking becomes unknown
// only from booking or ticketing, which a running reconcile job's booking
// (unknown) is not until that job has settled it and returned.
func reconcileOpts(at time.Time) *river.InsertOpts {
	if !at.After(time.Now()) {
		at = time.Time{} // due now: available at once, not left to the scheduler
	}
	return &river.InsertOpts{Queue: jobs.QueueSupplier, UniqueOpts: jobs.UniqueWhileOpen, MaxAttempts: jobAttempts, ScheduledAt: at}
}

// settleOpts are a settle job's. It is not unique: uniqueness in River
// counts a running job as open, so news that arrives while one runs (the
// difference of a moved fare paid as that job records the move) would be
// dropped, and the booking left paid with nothing to take it on. Two
// settle jobs at once are harmless: the ticket call starts compare-and-set
// and a refund is made once per order.
func settleOpts() *river.InsertOpts {
	return &river.InsertOpts{Queue: jobs.QueueTickets, MaxAttempts: jobAttempts}
}

// follow writes, in tx, the work a booking's new state b calls for: an
// unknown booking is reconciled (from at: a request that lost its answer
// asks inline first); a booking with money in that ended, or is back
// awaiting its ticket, is settled (refunded or ticketed).
func (s *Bookings) follow(ctx context.Context, tx pgx.Tx, b queries.Booking, at time.Time) error {
	switch {
	case b.Status == trip.Unknown:
		_, err := s.jobs.InsertTx(ctx, tx, reconcileJob{BookingID: b.ID}, reconcileOpts(at))
		return err
	case b.Status.Ended() || awaitingTicket(b):
		paid, err := s.q.WithTx(tx).PaymentPaidTotal(ctx, b.ID)
		if err != nil || paid == 0 {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, settleJob{BookingID: b.ID}, settleOpts())
		return err
	}
	return nil
}

// reconcileByJob asks the supplier about one unknown booking. While the
// answer is still "unknown" it snoozes (waiting on the supplier is not a
// failure), 5 s doubling to about 20 minutes; the supplier gives up on a
// booking only on proof (decideReconcile).
func (s *Bookings) reconcileByJob(ctx context.Context, job *river.Job[reconcileJob]) error {
	b, err := s.q.BookingGetByID(ctx, job.Args.BookingID)
	if err != nil {
		return err
	}
	if b.Status != trip.Unknown {
		return nil // settled by a request, another job or an earlier run
	}
	wait := jobs.Backoff(jobs.Snoozes(job.JobRow), reconcileFirst, reconcileMax)
	conn, ok := s.connectors.Current().Find(b.Supplier)
	if !ok {
		s.log.Warn("reconciler: booking's supplier is no longer configured", "booking", b.ID, "supplier", b.Supplier)
		return river.JobSnooze(wait)
	}
	_, done, err := s.reconcileOnce(ctx, conn, b)
	switch {
	case done:
		s.log.Info("reconciler: booking resolved", "booking", b.ID)
		return nil
	case err != nil:
		s.log.Info("reconciler: booking still unknown", "booking", b.ID, "asked", jobs.Snoozes(job.JobRow)+1, "err", err)
	}
	if b.UnknownSince != nil && s.now().Sub(*b.UnknownSince) >= PendingMailAfter {
		s.mailPending(ctx, b)
	}
	return river.JobSnooze(wait)
}

// releaseByJob lets one held booking's seats go at the supplier.
func (p *Payments) releaseByJob(ctx context.Context, job *river.Job[releaseJob]) error {
	err := p.release(ctx, job.Args.BookingID)
	if err != nil && job.Attempt >= job.MaxAttempts {
		p.log.Warn("releasing a booking's seats failed for the last time; the airline's time limit will", "booking", job.Args.BookingID, "err", err)
	}
	return err
}

// Cleanup deletes idempotency keys older than KeyLifetime and forgets
// processes long dead.
func (s *Bookings) Cleanup(ctx context.Context) error {
	n, err := s.q.IdempotencyDeleteExpired(ctx, s.now().Add(-KeyLifetime))
	if err != nil {
		return fmt.Errorf("deleting expired idempotency keys: %w", err)
	}
	if n > 0 {
		s.log.Info("expired idempotency keys deleted", "keys", n)
	}
	if _, err := instance.Forget(ctx, s.q); err != nil {
		return fmt.Errorf("forgetting dead api instances: %w", err)
	}
	return nil
}

// Sweep moves in-flight bookings whose lease ran out or whose holder died
// to unknown, and writes their reconcile jobs in the same transaction; it
// returns how many it moved.
func (s *Bookings) Sweep(ctx context.Context) (int, error) {
	var rows []queries.BookingSweepLeasesRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if rows, err = s.q.WithTx(tx).BookingSweepLeases(ctx); err != nil || len(rows) == 0 {
			return err
		}
		params := make([]river.InsertManyParams, len(rows))
		for i, r := range rows {
			params[i] = river.InsertManyParams{Args: reconcileJob{BookingID: r.ID}, InsertOpts: reconcileOpts(time.Time{})}
		}
		_, err = s.jobs.InsertManyTx(ctx, tx, params)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("booking lease sweep: %w", err)
	}
	for _, r := range rows {
		s.metrics.LeasesSwept.WithLabelValues(string(r.FromStatus)).Inc()
		s.log.Warn("booking lease swept: its process stopped or overran; the reconciler will settle it",
			"booking", r.ID, "from_status", r.FromStatus, "holder", r.LeaseOwner)
	}
	return len(rows), nil
}

// errNoSupplier is a booking whose supplier connector is gone from the
// configuration: its job is retried, as the connector may come back.
func errNoSupplier(b queries.Booking) error {
	return fmt.Errorf("booking %s's supplier %q is not configured", b.ID, b.Supplier)
}
