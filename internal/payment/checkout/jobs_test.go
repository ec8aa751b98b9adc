package checkout_test

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/payment/razorpay"
	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// The payments' jobs against a real PostgreSQL, a real job queue (River,
// working the payments queue) and the gateway simulator over HTTP, without
// webhooks: past the callback, what the product learns it learns from its
// jobs.

// env is one test's payment service and what it talks to.
type env struct {
	pool *pgxpool.Pool
	jobs *jobs.Jobs
	svc  *checkout.Service
	sim  *rzpsim.Sim
	// refundAsks counts the refunds asked of the gateway (POST
	// /v1/payments/{id}/refund); loseRefundAnswers drops the answer of that
	// many asks after the gateway made the refund.
	refundAsks        atomic.Int32
	loseRefundAnswers atomic.Int32

	// failOnPaid makes OnPaid fail (the seller's write refused).
	failOnPaid atomic.Bool
	mu         sync.Mutex
	paid       []paidCall
}

// paidCall is one call of OnPaid: the booking, who learnt of the payment,
// and the paid orders of that booking seen inside the transaction and
// outside it (committed).
type paidCall struct {
	booking         uuid.UUID
	source          string
	inside, outside int
	failedOnPurpose bool
}

// setup starts the service over a new database; with run, a job client
// works the payments queue (without the periodic work) until the test ends.
func setup(t *testing.T, simOpts rzpsim.Options, run bool) *env {
	t.Helper()
	e := &env{pool: storetest.NewPool(t)}
	e.sim = rzpsim.New(simOpts)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/refund") {
			e.sim.ServeHTTP(w, r)
			return
		}
		e.refundAsks.Add(1)
		if e.loseRefundAnswers.Add(-1) >= 0 {
			// The gateway makes the refund; its answer never arrives.
			e.sim.ServeHTTP(httptest.NewRecorder(), r)
			panic(http.ErrAbortHandler)
		}
		e.sim.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { srv.Close(); e.sim.Close() })
	settings, err := rzpsim.LocalSettings(t.TempDir(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	reg := prometheus.NewRegistry()
	e.jobs, err = jobs.New(e.pool, jobs.Config{Log: log, Metrics: telemetry.NewJobMetrics(reg), FetchPoll: 100 * time.Millisecond,
		Without: []string{jobs.QueueMaintenance, jobs.QueueMail, jobs.QueueSupplier, jobs.QueueTickets}})
	if err != nil {
		t.Fatal(err)
	}
	metrics := telemetry.NewPaymentMetrics(reg)
	e.svc, err = checkout.New(checkout.Deps{DB: e.pool, Jobs: e.jobs, Settings: settings, Metrics: metrics, Log: log,
		Gateways:  payment.Registry{razorpay.Type: razorpay.New(metrics, noop.NewTracerProvider(), log, os.Getenv)},
		PublicURL: "http://paryatan.test", OnPaid: e.onPaid})
	if err != nil {
		t.Fatal(err)
	}
	if run {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- e.jobs.Run(ctx, false, time.Second) }()
		t.Cleanup(func() {
			cancel()
			if err := <-done; err != nil {
				t.Error(err)
			}
		})
	}
	return e
}

func (e *env) onPaid(ctx context.Context, tx pgx.Tx, booking uuid.UUID, source string) error {
	c := paidCall{booking: booking, source: source, failedOnPurpose: e.failOnPaid.Load()}
	const count = `SELECT count(*) FROM payments WHERE booking_id = $1 AND status = 'paid'`
	if err := tx.QueryRow(ctx, count, booking).Scan(&c.inside); err != nil {
		return err
	}
	if err := e.pool.QueryRow(ctx, count, booking).Scan(&c.outside); err != nil {
		return err
	}
	e.mu.Lock()
	e.paid = append(e.paid, c)
	e.mu.Unlock()
	if c.failedOnPurpose {
		return errors.New("the seller could not write its job")
	}
	return nil
}

func (e *env) paidCalls() []paidCall {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]paidCall(nil), e.paid...)
}

// booking writes a traveller and a quoted booking of 5,000 rupees.
func (e *env) booking(t *testing.T) checkout.Bill {
	t.Helper()
	return newBooking(t, e.pool)
}

func newBooking(t *testing.T, pool *pgxpool.Pool) checkout.Bill {
	t.Helper()
	ctx := context.Background()
	email := "t" + strconv.FormatInt(time.Now().UnixNano(), 36) + "@example.in"
	var user, booking uuid.UUID
	if err := pool.QueryRow(ctx, `INSERT INTO users (email, email_key, full_name) VALUES ($1, $1, 'Asha Rao') RETURNING id`, email).Scan(&user); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `INSERT INTO bookings (user_id, supplier, trace_id, result_index, is_lcc, status, price, origin, destination)
		VALUES ($1, 'tbo', 'trace', 'OB1', true, 'quoted', 5000.00, 'BOM', 'DEL') RETURNING id`, user).Scan(&booking); err != nil {
		t.Fatal(err)
	}
	return checkout.Bill{BookingID: booking, UserID: user, Amount: 500000, Description: "Flight BOM → DEL",
		CancelPath: "/flights/booking/" + booking.String()}
}

// job is a row of river_job.
type job struct {
	ID          int64
	State       string
	Snoozes     int
	Errors      int
	ScheduledAt time.Time
}

// jobsFor reads the jobs of kind whose args' field key is id.
func (e *env) jobsFor(t *testing.T, kind, key string, id uuid.UUID) []job {
	t.Helper()
	rows, err := e.pool.Query(context.Background(), `SELECT id, state::text, coalesce((metadata->>'snoozes')::int, 0),
		coalesce(array_length(errors, 1), 0), scheduled_at FROM river_job WHERE kind = $1 AND args->>$2 = $3 ORDER BY id`,
		kind, key, id.String())
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[job])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// oneJob is the only job of kind for id.
func (e *env) oneJob(t *testing.T, kind, key string, id uuid.UUID) job {
	t.Helper()
	js := e.jobsFor(t, kind, key, id)
	if len(js) != 1 {
		t.Fatalf("%d %s jobs for %s; want one: %+v", len(js), kind, id, js)
	}
	return js[0]
}

// runNow makes a waiting job due at once, as the passing of its wait
// would.
func (e *env) runNow(t *testing.T, id int64) {
	t.Helper()
	if _, err := e.jobs.JobRetry(context.Background(), id); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls cond until it holds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (e *env) order(t *testing.T, id uuid.UUID) (status string, failure string) {
	t.Helper()
	if err := e.pool.QueryRow(context.Background(), `SELECT status, failure FROM payments WHERE id = $1`, id).Scan(&status, &failure); err != nil {
		t.Fatal(err)
	}
	return status, failure
}

func (e *env) refunds(t *testing.T, booking uuid.UUID) []refundRow {
	t.Helper()
	rows, err := e.pool.Query(context.Background(), `SELECT id, status, coalesce(refund_id, '') FROM refunds WHERE booking_id = $1`, booking)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[refundRow])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type refundRow struct {
	ID       uuid.UUID
	Status   string
	RefundID string
}

// gatewayRefunds is every refund the gateway made.
func (e *env) gatewayRefunds() []rzpsim.Refund {
	var out []rzpsim.Refund
	for _, o := range e.sim.Orders() {
		out = append(out, o.Refunds...)
	}
	return out
}

// An order is followed from the moment it is written: its job waits a
// minute (the callback and webhook usually come first), on the payments
// queue. Reopening the order while its job is open writes no second one.
func TestAnOpenedOrderHasItsFollowJob(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{}, false)
	ctx := context.Background()
	bill := e.booking(t)
	before := time.Now()
	o, err := e.svc.Open(ctx, bill, checkout.Payer{Name: "Asha Rao"})
	if err != nil {
		t.Fatal(err)
	}
	j := e.oneJob(t, "payment.order", "payment_id", o.Payment.ID)
	if j.State != "scheduled" || j.ScheduledAt.Before(before.Add(time.Minute-time.Second)) || j.ScheduledAt.After(time.Now().Add(time.Minute+time.Second)) {
		t.Fatalf("the order's job is %s at %s; want scheduled a minute after %s", j.State, j.ScheduledAt, before)
	}
	var queue, booking string
	if err := e.pool.QueryRow(ctx, `SELECT queue, args->>'booking_id' FROM river_job WHERE id = $1`, j.ID).Scan(&queue, &booking); err != nil {
		t.Fatal(err)
	}
	if queue != jobs.QueuePayments || booking != bill.BookingID.String() {
		t.Fatalf("the order's job is on queue %q for booking %q", queue, booking)
	}

	again, err := e.svc.Open(ctx, bill, checkout.Payer{Name: "Asha Rao"})
	if err != nil {
		t.Fatal(err)
	}
	if again.Payment.ID != o.Payment.ID {
		t.Fatalf("a second Open made order %s; want the first, %s", again.Payment.OrderID, o.Payment.OrderID)
	}
	if js := e.jobsFor(t, "payment.order", "payment_id", o.Payment.ID); len(js) != 1 || js[0].ID != j.ID {
		t.Fatalf("reopening an order while its job is open: %+v; want the first job only", js)
	}
}

// The traveller pays and neither the callback nor the webhook arrives: the
// order's job finds the payment at the gateway and records it, telling the
// seller inside the transaction that records it. Before that it waits,
// backing off, while the order is unpaid.
func TestTheOrderJobRecordsAPaymentNeverReported(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{}, true)
	ctx := context.Background()
	bill := e.booking(t)
	o, err := e.svc.Open(ctx, bill, checkout.Payer{Name: "Asha Rao"})
	if err != nil {
		t.Fatal(err)
	}
	j := e.oneJob(t, "payment.order", "payment_id", o.Payment.ID)

	// Not paid yet: the job asks, and waits 30 s before asking again.
	e.runNow(t, j.ID)
	waitFor(t, "the unpaid order's job to snooze", func() bool {
		return e.oneJob(t, "payment.order", "payment_id", o.Payment.ID).Snoozes == 1
	})
	j = e.oneJob(t, "payment.order", "payment_id", o.Payment.ID)
	if wait := time.Until(j.ScheduledAt); j.State != "scheduled" || wait < 20*time.Second || wait > 31*time.Second {
		t.Fatalf("an unpaid order's job is %s, due in %s; want scheduled about 30 s on", j.State, wait)
	}
	if status, _ := e.order(t, o.Payment.ID); status != "created" {
		t.Fatalf("an order nobody paid is %s", status)
	}

	if _, err := e.sim.Pay(o.Payment.OrderID, rzpsim.MethodUPI, rzpsim.OutcomeSuccess); err != nil {
		t.Fatal(err)
	}
	e.runNow(t, j.ID)
	waitFor(t, "the order's job to complete", func() bool {
		return e.oneJob(t, "payment.order", "payment_id", o.Payment.ID).State == "completed"
	})
	if status, _ := e.order(t, o.Payment.ID); status != "paid" {
		t.Fatalf("the job completed with the order %s; want paid", status)
	}
	calls := e.paidCalls()
	if len(calls) != 1 || calls[0].booking != bill.BookingID || calls[0].source != checkout.SourceReconcile {
		t.Fatalf("OnPaid calls %+v; want one for booking %s, learnt from the reconcile", calls, bill.BookingID)
	}
	if calls[0].inside != 1 || calls[0].outside != 0 {
		t.Fatalf("OnPaid saw %d paid orders in its transaction and %d committed; want it inside the uncommitted record (1, 0)",
			calls[0].inside, calls[0].outside)
	}
	var note string
	if err := e.pool.QueryRow(ctx, `SELECT note FROM booking_events WHERE booking_id = $1 ORDER BY id DESC LIMIT 1`, bill.BookingID).Scan(&note); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(note, "learnt from the reconcile") {
		t.Fatalf("the booking's last event is %q; want the payment learnt from the reconcile", note)
	}
}

// A ticket request that finds the payment at the gateway (Confirm) goes on
// to the ticket itself, but the seller is told too, inside the record, as
// for any other news: the request's process may die before its ticket
// starts, and then only the seller's own work is left to take the paid
// booking on.
func TestAPaymentATicketRequestFoundIsToldToTheSeller(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{}, false)
	ctx := context.Background()
	bill := e.booking(t)
	o, err := e.svc.Open(ctx, bill, checkout.Payer{Name: "Asha Rao"})
	if err != nil {
		t.Fatal(err)
	}
	if asked, err := e.svc.Confirm(ctx, bill.BookingID, checkout.SourceTicket); err != nil || !asked {
		t.Fatalf("Confirm of an unpaid order: asked %v, %v; want asked", asked, err)
	}
	if calls := e.paidCalls(); len(calls) != 0 {
		t.Fatalf("OnPaid calls %+v before anyone paid; want none", calls)
	}

	if _, err := e.sim.Pay(o.Payment.OrderID, rzpsim.MethodUPI, rzpsim.OutcomeSuccess); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Confirm(ctx, bill.BookingID, checkout.SourceTicket); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.svc.Covered(ctx, bill.BookingID, bill.Amount); err != nil || !ok {
		t.Fatalf("after Confirm found the payment, covered = %v, %v; want true", ok, err)
	}
	calls := e.paidCalls()
	if len(calls) != 1 || calls[0].booking != bill.BookingID || calls[0].source != checkout.SourceTicket {
		t.Fatalf("OnPaid calls %+v; want one for booking %s, learnt from the ticket", calls, bill.BookingID)
	}
	if calls[0].inside != 1 || calls[0].outside != 0 {
		t.Fatalf("OnPaid saw %d paid orders in its transaction and %d committed; want it inside the uncommitted record (1, 0)",
			calls[0].inside, calls[0].outside)
	}
	// A second look finds it recorded: the seller is not told twice.
	if _, err := e.svc.Confirm(ctx, bill.BookingID, checkout.SourceTicket); err != nil {
		t.Fatal(err)
	}
	if calls := e.paidCalls(); len(calls) != 1 {
		t.Fatalf("OnPaid calls %+v after a second look; want still one", calls)
	}
}

// A seller that cannot write its answer to a payment (OnPaid fails) rolls
// the record back: the order stays unpaid and its job is retried, and the
// next run records it and tells the seller again.
func TestAFailedOnPaidLeavesTheOrderUnpaid(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{}, true)
	ctx := context.Background()
	bill := e.booking(t)
	o, err := e.svc.Open(ctx, bill, checkout.Payer{Name: "Asha Rao"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.sim.Pay(o.Payment.OrderID, rzpsim.MethodCard, rzpsim.OutcomeSuccess); err != nil {
		t.Fatal(err)
	}
	e.failOnPaid.Store(true)
	j := e.oneJob(t, "payment.order", "payment_id", o.Payment.ID)
	e.runNow(t, j.ID)
	waitFor(t, "the job's failed run", func() bool { return e.oneJob(t, "payment.order", "payment_id", o.Payment.ID).Errors == 1 })
	if status, _ := e.order(t, o.Payment.ID); status == "paid" {
		t.Fatal("the order is recorded as paid though the seller's part of the transaction failed")
	}
	var events int
	if err := e.pool.QueryRow(ctx, `SELECT count(*) FROM booking_events WHERE booking_id = $1`, bill.BookingID).Scan(&events); err != nil {
		t.Fatal(err)
	}
	if events != 0 {
		t.Fatalf("%d booking events written by a rolled-back record", events)
	}

	e.failOnPaid.Store(false)
	e.runNow(t, j.ID)
	waitFor(t, "the retried job to complete", func() bool {
		return e.oneJob(t, "payment.order", "payment_id", o.Payment.ID).State == "completed"
	})
	if status, _ := e.order(t, o.Payment.ID); status != "paid" {
		t.Fatalf("after the retry the order is %s", status)
	}
	// River may have retried on its own while OnPaid still failed: every
	// call but the last failed, and the last was inside the record.
	calls := e.paidCalls()
	last := len(calls) - 1
	if last < 1 || calls[last].failedOnPurpose || calls[last].inside != 1 || calls[last].outside != 0 {
		t.Fatalf("OnPaid calls %+v; want the failed ones, then one inside the uncommitted record", calls)
	}
	for _, c := range calls[:last] {
		if !c.failedOnPurpose {
			t.Fatalf("OnPaid calls %+v: a success before the last", calls)
		}
	}
}

// pay opens and pays bill's order through the callback.
func (e *env) pay(t *testing.T, bill checkout.Bill) checkout.Opened {
	t.Helper()
	ctx := context.Background()
	o, err := e.svc.Open(ctx, bill, checkout.Payer{Name: "Asha Rao"})
	if err != nil {
		t.Fatal(err)
	}
	fields, err := e.sim.Pay(o.Payment.OrderID, rzpsim.MethodUPI, rzpsim.OutcomeSuccess)
	if err != nil {
		t.Fatal(err)
	}
	if _, outcome, err := e.svc.Callback(ctx, fields.Form()); err != nil || outcome != checkout.CallbackPaid {
		t.Fatalf("callback: %q %v", outcome, err)
	}
	return o
}

// A refund is written with its job and asked by it. The gateway makes the
// refund but its answer is lost: the job fails, and its next run finds the
// refund by its receipt instead of asking again. A second RefundAll, and
// the job's further runs, make nothing more: one refund row, one job, one
// ask, one refund at the gateway.
func TestARefundIsAskedOnceWhateverTheRuns(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{RefundDelay: time.Hour}, true)
	ctx := context.Background()
	bill := e.booking(t)
	e.pay(t, bill)
	e.loseRefundAnswers.Store(1)
	if err := e.svc.RefundAll(ctx, bill.BookingID, bill.UserID, "The airline could not issue the ticket.", "failed"); err != nil {
		t.Fatal(err)
	}
	rs := e.refunds(t, bill.BookingID)
	if len(rs) != 1 {
		t.Fatalf("refunds %+v; want one", rs)
	}
	r := rs[0]
	j := e.oneJob(t, "payment.refund", "refund_id", r.ID)

	waitFor(t, "the first ask, whose answer is lost", func() bool { return e.oneJob(t, "payment.refund", "refund_id", r.ID).Errors == 1 })
	if n := len(e.gatewayRefunds()); n != 1 {
		t.Fatalf("the gateway holds %d refunds after the lost answer; want the one it made", n)
	}
	// Run at once rather than after River's retry back-off (a second).
	e.runNow(t, j.ID)
	waitFor(t, "the refund found and pending", func() bool { return e.refunds(t, bill.BookingID)[0].Status == "pending" })
	waitFor(t, "the job to wait on the pending refund", func() bool { return e.oneJob(t, "payment.refund", "refund_id", r.ID).State == "scheduled" })

	// Asked again for the same booking, and the job run again: nothing new
	// is written or asked.
	if err := e.svc.RefundAll(ctx, bill.BookingID, bill.UserID, "again", "failed"); err != nil {
		t.Fatal(err)
	}
	before := e.oneJob(t, "payment.refund", "refund_id", r.ID).Snoozes
	e.runNow(t, j.ID)
	waitFor(t, "the job's next look", func() bool {
		j := e.oneJob(t, "payment.refund", "refund_id", r.ID)
		return j.Snoozes > before && j.State == "scheduled"
	})

	gw := e.gatewayRefunds()
	if len(gw) != 1 || e.refundAsks.Load() != 1 {
		t.Fatalf("the gateway was asked %d times and holds %d refunds; want one of each", e.refundAsks.Load(), len(gw))
	}
	rs = e.refunds(t, bill.BookingID)
	if len(rs) != 1 || rs[0].RefundID != gw[0].ID || gw[0].Amount != bill.Amount {
		t.Fatalf("refund rows %+v, gateway refunds %+v; want one, the same, of the whole payment", rs, gw)
	}
	if js := e.jobsFor(t, "payment.refund", "refund_id", r.ID); len(js) != 1 {
		t.Fatalf("refund jobs %+v; want one", js)
	}
}

// A refund the gateway holds pending is read back until it ends (no
// webhook tells of it here); then its job is done.
func TestAPendingRefundIsFollowedToProcessed(t *testing.T) {
	t.Parallel()
	e := setup(t, rzpsim.Options{RefundDelay: 50 * time.Millisecond}, true)
	ctx := context.Background()
	bill := e.booking(t)
	e.pay(t, bill)
	if err := e.svc.RefundAll(ctx, bill.BookingID, bill.UserID, "Cancelled at your request.", "cancelled"); err != nil {
		t.Fatal(err)
	}
	r := e.refunds(t, bill.BookingID)[0]
	waitFor(t, "the refund asked and pending", func() bool {
		j := e.oneJob(t, "payment.refund", "refund_id", r.ID)
		return e.refunds(t, bill.BookingID)[0].Status == "pending" && j.State == "scheduled" && j.Snoozes == 1
	})
	waitFor(t, "the gateway to process the refund", func() bool {
		gw := e.gatewayRefunds()
		return len(gw) == 1 && gw[0].Status == "processed"
	})
	if got := e.refunds(t, bill.BookingID)[0]; got.Status != "pending" {
		t.Fatalf("the refund is %s before its job looked again", got.Status)
	}
	e.runNow(t, e.oneJob(t, "payment.refund", "refund_id", r.ID).ID)
	waitFor(t, "the refund's job to complete", func() bool {
		return e.oneJob(t, "payment.refund", "refund_id", r.ID).State == "completed"
	})
	if got := e.refunds(t, bill.BookingID)[0]; got.Status != "processed" {
		t.Fatalf("the refund's job completed with the refund %s", got.Status)
	}
	if e.refundAsks.Load() != 1 {
		t.Fatalf("the gateway was asked %d times for one refund", e.refundAsks.Load())
	}
}

// The upgrade writes a job for every unpaid order and every refund still
// open, due at once, counted as the product's own for uniqueness: an order
// reopened afterwards gets no second job.
func TestTheUpgradeWritesTheOpenWork(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := store.Open(ctx, storetest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if _, err := store.Migrate(ctx, pool, migrationsBefore(t, 18)); err != nil {
		t.Fatal(err)
	}
	open, paid := newBooking(t, pool), newBooking(t, pool)
	var unpaid, taken, requested, pending, processed uuid.UUID
	for _, q := range []struct {
		sql  string
		args []any
		id   *uuid.UUID
	}{
		{`INSERT INTO payments (booking_id, user_id, gateway, order_id, amount) VALUES ($1, $2, 'razorpay', 'order_unpaid', 500000) RETURNING id`,
			[]any{open.BookingID, open.UserID}, &unpaid},
		{`INSERT INTO payments (booking_id, user_id, gateway, order_id, amount, status, payment_id, paid_at)
			VALUES ($1, $2, 'razorpay', 'order_paid', 500000, 'paid', 'pay_1', now()) RETURNING id`, []any{paid.BookingID, paid.UserID}, &taken},
	} {
		if err := pool.QueryRow(ctx, q.sql, q.args...).Scan(q.id); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []struct {
		status, refundID string
		id               *uuid.UUID
	}{{"requested", "", &requested}, {"pending", "rfnd_2", &pending}, {"processed", "rfnd_3", &processed}} {
		// One paid order per refund (a payment is refunded once).
		var p uuid.UUID
		if err := pool.QueryRow(ctx, `INSERT INTO payments (booking_id, user_id, gateway, order_id, amount, status, payment_id, paid_at)
			VALUES ($1, $2, 'razorpay', $3, 100000, 'paid', $4, now()) RETURNING id`,
			paid.BookingID, paid.UserID, "order_"+r.status, "pay_"+r.status).Scan(&p); err != nil {
			t.Fatal(err)
		}
		if err := pool.QueryRow(ctx, `INSERT INTO refunds (payment_id, booking_id, user_id, amount, reason, status, refund_id, checks)
			VALUES ($1, $2, $3, 100000, 'ended', $4, nullif($5, ''), 3) RETURNING id`,
			p, paid.BookingID, paid.UserID, r.status, r.refundID).Scan(r.id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := store.Migrate(ctx, pool, store.Migrations()); err != nil {
		t.Fatal(err)
	}

	count := func(kind, key string, id uuid.UUID) (n int) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = $1 AND args->>$2 = $3
			AND state = 'available' AND queue = 'payments' AND scheduled_at <= now()`, kind, key, id.String()).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, c := range []struct {
		what, kind, key string
		id              uuid.UUID
		want            int
	}{
		{"unpaid order", "payment.order", "payment_id", unpaid, 1},
		{"paid order", "payment.order", "payment_id", taken, 0},
		{"requested refund", "payment.refund", "refund_id", requested, 1},
		{"pending refund", "payment.refund", "refund_id", pending, 1},
		{"processed refund", "payment.refund", "refund_id", processed, 0},
	} {
		if got := count(c.kind, c.key, c.id); got != c.want {
			t.Errorf("%s: %d due jobs after the upgrade; want %d", c.what, got, c.want)
		}
	}

	// The service as it runs after the upgrade: reopening the unpaid order
	// finds its job open.
	settings, err := rzpsim.LocalSettings(t.TempDir(), "http://127.0.0.1:1")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	reg := prometheus.NewRegistry()
	j, err := jobs.New(pool, jobs.Config{Log: log, Metrics: telemetry.NewJobMetrics(reg)})
	if err != nil {
		t.Fatal(err)
	}
	metrics := telemetry.NewPaymentMetrics(reg)
	svc, err := checkout.New(checkout.Deps{DB: pool, Jobs: j, Settings: settings, Metrics: metrics, Log: log,
		Gateways: payment.Registry{razorpay.Type: razorpay.New(metrics, noop.NewTracerProvider(), log, os.Getenv)}})
	if err != nil {
		t.Fatal(err)
	}
	o, err := svc.Open(ctx, open, checkout.Payer{Name: "Asha Rao"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Payment.ID != unpaid {
		t.Fatalf("Open made a new order %s instead of reopening %s", o.Payment.ID, unpaid)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'payment.order' AND args->>'payment_id' = $1`, unpaid.String()).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("%d jobs follow the reopened order; want the upgrade's only", n)
	}
}

// migrationsBefore is the product's migrations numbered below version.
func migrationsBefore(t *testing.T, version int) fs.FS {
	t.Helper()
	all := store.Migrations()
	names, err := fs.Glob(all, "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	out := fstest.MapFS{}
	for _, name := range names {
		n, err := strconv.Atoi(strings.SplitN(name, "_", 2)[0])
		if err != nil || n >= version {
			continue
		}
		b, err := fs.ReadFile(all, name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: b}
	}
	return out
}
