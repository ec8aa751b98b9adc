package checkout

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/trip"
)

// The payments' background work, each a job (internal/jobs) on the
// payments queue, written in the transaction of the change that calls for
// it:
//   - orderJob follows an unpaid order at the gateway, whose webhook may
//     never come (written with the order);
//   - refundJob asks the gateway for a refund and follows it to its end
//     (written with the refund);
//   - cleanupJob is periodic: the deletion of old webhook event ids.
//
// A job whose process died is rescued and run again, and a job may be
// written again for its row: each worker starts from the row as it
// stands, the order's payment is recorded once (PaymentMarkPaid), and a
// refund is found at the gateway by its receipt before it is asked for.

// orderJob names the order (payments.id) a job follows; the booking is
// there for people reading the queue, and the job is unique by the order
// alone.
type orderJob struct {
	PaymentID uuid.UUID `json:"payment_id" river:"unique"`
	BookingID uuid.UUID `json:"booking_id"`
}

func (orderJob) Kind() string { return "payment.order" }

func orderJobOf(p queries.Payment) orderJob { return orderJob{PaymentID: p.ID, BookingID: p.BookingID} }

// refundJob names the refund (refunds.id) a job asks for and follows.
type refundJob struct {
	RefundID  uuid.UUID `json:"refund_id" river:"unique"`
	BookingID uuid.UUID `json:"booking_id"`
}

func (refundJob) Kind() string { return "payment.refund" }

func refundJobOf(r queries.Refund) refundJob {
	return refundJob{RefundID: r.ID, BookingID: r.BookingID}
}

type cleanupJob struct{}

func (cleanupJob) Kind() string { return "payment.cleanup" }

// Intervals and limits of the payments' jobs.
const (
	// firstCheck is how long a new order is left to its callback and
	// webhook before the gateway is asked about it.
	firstCheck = time.Minute
	// checkFirst and checkMax bound the wait between two looks at an
	// unpaid order or a pending refund: 30 s, doubling, at most an hour.
	checkFirst = 30 * time.Second
	checkMax   = time.Hour
	// followAfterEnd is how long after it opened an unpaid order of a
	// booking that is over (ticketed, or ended without a ticket) is still
	// asked about (followEnds).
	followAfterEnd = 24 * time.Hour
	cleanupEvery   = 10 * time.Minute
	// eventsKept is how long applied webhook ids are kept; the gateway
	// retries for a day.
	eventsKept = 7 * 24 * time.Hour
	// jobLimit bounds one run: a refund's look-up (30 s) and ask (60 s) at
	// the gateway's deadlines, and the writes after them.
	jobLimit = 3 * time.Minute
	// jobAttempts is how many times a job that fails (the gateway or the
	// database away) is retried, with River's growing back-off, before it
	// is discarded and reported (paryatan_job_runs_total{outcome="discarded"}):
	// about three weeks. Waiting on the gateway (an unpaid order, a pending
	// refund) is a snooze and uses none. The upgrade's migration
	// (0018_payment_jobs.sql) writes the same number.
	jobAttempts = 25
)

// register adds the payments' workers and periodic jobs to j.
func (s *Service) register(j *jobs.Jobs) {
	jobs.AddFunc(j, jobLimit, s.followOrder)
	jobs.AddFunc(j, jobLimit, s.followRefund)
	jobs.AddFunc(j, time.Minute, s.cleanup)
	j.Every(cleanupEvery, func() river.JobArgs { return cleanupJob{} })
}

// orderOpts are an order job's: one open per order, first run when the
// order is a minute old. River schedules on the real clock, not the
// service's.
func orderOpts() *river.InsertOpts {
	return &river.InsertOpts{Queue: jobs.QueuePayments, UniqueOpts: jobs.UniqueWhileOpen, MaxAttempts: jobAttempts,
		ScheduledAt: time.Now().Add(firstCheck)}
}

// refundOpts are a refund job's: one open per refund, run at once.
func refundOpts() *river.InsertOpts {
	return &river.InsertOpts{Queue: jobs.QueuePayments, UniqueOpts: jobs.UniqueWhileOpen, MaxAttempts: jobAttempts}
}

// followEnds decides, without I/O, whether an unpaid order whose booking
// is in status, opened age ago, is no longer worth asking about. While the
// booking is not over, a payment may still lead to its ticket: the order is
// followed whatever its age (the booking's own end is bounded by its time
// to pay, or the airline's hold). Once the booking is over, only a late
// payment can still come (a UPI approval or a bank's late authorisation),
// to be recorded so that it is refunded; such news comes within hours, and
// its webhook is retried for a day, so the order is followed until it is a
// day old and then left: a payment later still is the gateway dashboard's
// and support's.
func followEnds(status trip.Status, age time.Duration) bool {
	over := status.Ended() || status == trip.Ticketed
	return over && age >= followAfterEnd
}

// followOrder asks the gateway about one unpaid order (checkOrder, the news
// learnt from SourceReconcile): a captured payment is recorded, and the
// seller told (OnPaid), in one transaction. While the order is unpaid it
// snoozes (waiting on the traveller is not a failure), 30 s doubling to an
// hour, until followEnds; a gateway that fails is an error, retried with
// River's back-off.
func (s *Service) followOrder(ctx context.Context, job *river.Job[orderJob]) error {
	row, err := s.q.PaymentGetByID(ctx, job.Args.PaymentID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // gone with its booking
	}
	if err != nil {
		return err
	}
	if row.Status == trip.OrderPaid {
		return nil // by its callback, webhook or an earlier run
	}
	paid, err := s.checkOrder(ctx, s.gateway(), row, SourceReconcile)
	if err != nil {
		return fmt.Errorf("checking order %s at the gateway: %w", row.OrderID, err)
	}
	if paid {
		return nil
	}
	b, err := s.q.BookingGetByID(ctx, row.BookingID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if followEnds(b.Status, s.now().Sub(row.CreatedAt)) {
		s.log.Info("payments: an unpaid order of a booking that is over is no longer followed", "booking", row.BookingID,
			"order", row.OrderID, "booking_status", b.Status, "asked", jobs.Snoozes(job.JobRow)+1)
		return nil
	}
	return river.JobSnooze(jobs.Backoff(jobs.Snoozes(job.JobRow), checkFirst, checkMax))
}

// followRefund takes one refund to its end: a requested one is asked for
// (askRefund, which finds an earlier ask's refund by its receipt first), a
// pending one read back (readRefund). While the gateway holds it pending it
// snoozes, 30 s doubling to an hour, until it is processed or failed (its
// webhook usually ends it first; the gateway always gives a last word). A
// gateway that fails is an error, retried with River's back-off.
func (s *Service) followRefund(ctx context.Context, job *river.Job[refundJob]) error {
	row, err := s.q.RefundGetByID(ctx, job.Args.RefundID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // gone with its booking
	}
	if err != nil {
		return err
	}
	r, paymentID := row.Refund, derefOr(row.GatewayPaymentID)
	var done bool
	switch r.Status {
	case trip.RefundRequested:
		done, err = s.askRefund(ctx, r, paymentID)
	case trip.RefundPending:
		done, err = s.readRefund(ctx, r, paymentID)
	default:
		return nil // ended by its webhook or an earlier run
	}
	if err != nil {
		return fmt.Errorf("following refund %s at the gateway: %w", r.ID, err)
	}
	if done {
		return nil
	}
	return river.JobSnooze(jobs.Backoff(jobs.Snoozes(job.JobRow), checkFirst, checkMax))
}

// cleanup deletes webhook event ids older than eventsKept: a delivery that
// old is not retried by the gateway any more.
func (s *Service) cleanup(ctx context.Context, _ *river.Job[cleanupJob]) error {
	if err := s.q.PaymentEventsCleanup(ctx, s.now().Add(-eventsKept)); err != nil {
		return fmt.Errorf("deleting old webhook event ids: %w", err)
	}
	return nil
}
