package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// holdFor is how long the supplier keeps a committed Book or Ticket before
// answering: the window in which the suite strikes.
const holdFor = 4 * time.Second

// The kinds of booking a run makes, each on its own search. Every booking
// the drill tickets is paid first: its order opened through the API and
// paid at the gateway simulator.
const (
	// VariantGDSBook is a GDS fare; the fault strikes its Book.
	VariantGDSBook = "GDS book"
	// VariantGDSTicket is a GDS fare booked and paid; the fault strikes its
	// keyed Ticket, which finds the payment at the gateway (no callback is
	// posted).
	VariantGDSTicket = "GDS ticket"
	// VariantLCCTicket is an LCC fare recorded by its Book (quoted, nothing
	// at the supplier) and paid; the fault strikes its keyed Ticket, which
	// books and tickets at once.
	VariantLCCTicket = "LCC ticket"
	// VariantGDSCallback is a GDS fare booked and paid whose callback (the
	// traveller back from the gateway) starts the Ticket on the server;
	// the fault strikes that Ticket.
	VariantGDSCallback = "GDS callback ticket"
	// VariantLCCCallback is the same for an LCC fare.
	VariantLCCCallback = "LCC callback ticket"
)

// keyedVariants are a run's bookings when the faulted calls are the
// traveller's keyed requests; callbackVariants when they are tickets the
// server started after a payment.
var (
	keyedVariants    = []string{VariantGDSBook, VariantGDSTicket, VariantLCCTicket}
	callbackVariants = []string{VariantGDSCallback, VariantLCCCallback}
)

// Case is one fault scenario.
type Case struct {
	Name string
	// Variants are the bookings of each run (keyedVariants when empty).
	Variants []string
	// Replicas is the number of API replicas on the case's database.
	Replicas int
	// OwnPostgres gives the case a cluster of its own (it stops it).
	OwnPostgres bool
	Runs        int
	// Alone runs the case by itself, after the others: it measures how the
	// API bears its own load, which the others' kills and restarts on the
	// same cores would drown.
	Alone bool
	// Run strikes once: each run books its own bookings.
	Run func(ctx context.Context, d *Drill, run int) error
}

// Drill is a case in progress: its stage, its traveller and its findings.
type Drill struct {
	St   *Stage
	User *User
	T    *Tally
	Logf func(format string, args ...any)

	variants []string
	mu       sync.Mutex
	bookings []*Booking
	// busy counts the keyed calls in flight on each replica (load case).
	busy []atomic.Int64
	// cancels are the cancellations the API took (cancellation cases).
	cancels cancels
}

func (d *Drill) add(b *Booking) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.bookings = append(d.bookings, b)
}

// Bookings returns the bookings made so far.
func (d *Drill) Bookings() []*Booking {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]*Booking(nil), d.bookings...)
}

// RunCase runs c in a stage of its own and returns its findings. The stage
// is returned, even on error, for its logs; the caller closes it.
func RunCase(ctx context.Context, w *World, shared *Postgres, c Case, logf func(string, ...any)) (*Tally, *Stage, error) {
	t := &Tally{Case: c.Name, Runs: c.Runs}
	pg := shared
	if c.OwnPostgres {
		var err error
		if pg, err = w.StartPostgres(ctx, filepath.Join(w.Dir, c.Name+"-pg")); err != nil {
			return t, nil, err
		}
	}
	st, err := w.NewStage(ctx, c.Name, pg, c.Replicas)
	if err != nil {
		return t, st, err
	}
	user, err := Register(ctx, st.APIs[0].URL, c.Name+"@example.in")
	if err != nil {
		return t, st, err
	}
	d := &Drill{St: st, User: user, T: t, Logf: logf, variants: c.Variants}
	if len(d.variants) == 0 {
		d.variants = keyedVariants
	}
	for run := range c.Runs {
		if err := c.Run(ctx, d, run); err != nil {
			return t, st, fmt.Errorf("run %d: %w", run+1, err)
		}
	}
	settling := time.Now()
	if err := st.Settle(ctx); err != nil {
		return t, st, err
	}
	logf("%s: settled (or gave up) in %s", c.Name, time.Since(settling).Round(time.Second))
	return t, st, st.Compare(ctx, t, d.Bookings(), d.Cancellations())
}

// Result is what a case found, with the tail of its logs when it failed.
type Result struct {
	Tally *Tally
	Err   error
	Logs  string
}

// Failed reports whether the case could not run or found anything wrong.
func (r Result) Failed() bool { return r.Err != nil || r.Tally.Failed() }

// RunAll runs the cases at once, each in its own stage, and closes them;
// then those that run Alone, one after the other.
func RunAll(ctx context.Context, w *World, shared *Postgres, cases []Case, logf func(string, ...any)) []Result {
	out := make([]Result, len(cases))
	run := func(i int) {
		t, st, err := RunCase(ctx, w, shared, cases[i], logf)
		out[i] = Result{Tally: t, Err: err}
		if st != nil {
			if out[i].Failed() {
				out[i].Logs = st.Logs(25)
			}
			st.Close()
		}
	}
	var wg sync.WaitGroup
	for i, c := range cases {
		if !c.Alone {
			wg.Go(func() { run(i) })
		}
	}
	wg.Wait()
	for i, c := range cases {
		if c.Alone {
			run(i)
		}
	}
	return out
}

// Prepare makes the bookings of a run (the drill's variants), each on a
// fresh search, and returns them with the call the fault will strike: a
// GDS fare's Book; or, for a fare booked (GDS) or recorded (LCC) and paid
// at the gateway, its keyed Ticket, or the gateway's callback that starts
// the Ticket on the server.
func (d *Drill) Prepare(ctx context.Context, api *API, run int) ([]*Booking, error) {
	key := func(variant, op string) string {
		return fmt.Sprintf("%s-r%d-%s-%s", d.St.Name, run+1, variant, op)
	}
	var out []*Booking
	for i, v := range d.variants {
		lcc := strings.HasPrefix(v, "LCC")
		trace, index, err := d.User.Search(ctx, api.URL, run*len(d.variants)+i, lcc)
		if err != nil {
			return nil, err
		}
		b := &Booking{Variant: v, Trace: trace, Index: index, LCC: lcc}
		slug := strings.ToLower(strings.ReplaceAll(v, " ", "-"))
		book := BookCall(key(slug, "book"), trace, index, lcc)
		if v == VariantGDSBook {
			b.Faulted = book
			b.Calls = append(b.Calls, book)
			d.add(b)
			out = append(out, b)
			continue
		}
		b.Calls = append(b.Calls, book)
		a := d.User.Do(ctx, api.URL, book, firstTimeout)
		o, ok := payable(a, lcc)
		if !ok {
			return nil, fmt.Errorf("%s: book before paying: %s", v, a)
		}
		b.ID = o.Booking.ID
		fields, err := d.pay(ctx, api.URL, b.ID)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", v, err)
		}
		switch v {
		case VariantGDSTicket:
			b.Faulted = TicketGDSCall(key(slug, "ticket"), trace, o.Booking.BookingID, o.Booking.PNR)
		case VariantLCCTicket:
			b.Faulted = TicketLCCCall(key(slug, "ticket"), trace, index)
		case VariantGDSCallback, VariantLCCCallback:
			b.Faulted = CallbackCall(fields)
		default:
			return nil, fmt.Errorf("no such variant %q", v)
		}
		if b.Faulted.Key != "" {
			b.Calls = append(b.Calls, b.Faulted)
		}
		d.add(b)
		out = append(out, b)
	}
	return out, nil
}

// payable reads a book answer: our booking, ready to be paid (a GDS fare
// booked under a BookingId, an LCC fare quoted).
func payable(a Answer, lcc bool) (Outcome, bool) {
	o := a.Outcome()
	if a.Err != nil || a.Status != http.StatusOK || o.Booking.ID == "" {
		return o, false
	}
	if lcc {
		return o, o.Booking.Status == "quoted"
	}
	return o, o.Booking.Status == "booked" && o.Booking.BookingID != 0
}

// pay pays our booking id as the traveller does: the order opened through
// the API at base, then paid on the gateway's checkout (its controls
// stand in for the browser). The callback is not posted: it returns the
// fields the page would post.
func (d *Drill) pay(ctx context.Context, base, id string) (map[string]string, error) {
	order, err := d.User.OpenOrder(ctx, base, id)
	if err != nil {
		return nil, err
	}
	return d.St.Gateway.Pay(ctx, order)
}

// Held is a faulted call in flight.
type Held struct {
	B      *Booking
	cancel context.CancelFunc
	done   chan Answer
}

// Cancel gives up on the call, as a client that goes away.
func (h *Held) Cancel() { h.cancel() }

// Wait returns the call's answer, waiting up to timeout.
func (h *Held) Wait(timeout time.Duration) (Answer, bool) {
	select {
	case a := <-h.done:
		h.done <- a
		return a, true
	default:
	}
	if timeout <= 0 {
		return Answer{}, false
	}
	select {
	case a := <-h.done:
		h.done <- a
		return a, true
	case <-time.After(timeout):
		return Answer{}, false
	}
}

// Hold strikes Book and Ticket with fault, sends the faulted call of each
// booking to api, and returns once the supplier has done the work of every
// one (the bookings are made, the tickets issued) while the answers are
// still to come. The fault is cleared before it returns: calls made later
// are answered normally.
func (d *Drill) Hold(ctx context.Context, api *API, bs []*Booking, fault sim.Fault) ([]*Held, error) {
	if err := d.St.Sim.SetFaults(ctx, map[string]sim.Fault{"Book": fault, "Ticket": fault}); err != nil {
		return nil, err
	}
	defer func() { _ = d.St.Sim.ClearFaults(context.WithoutCancel(ctx)) }()
	var held []*Held
	for _, b := range bs {
		cctx, cancel := context.WithCancel(ctx)
		h := &Held{B: b, cancel: cancel, done: make(chan Answer, 1)}
		go func() { h.done <- d.User.Do(cctx, api.URL, b.Faulted, firstTimeout) }()
		held = append(held, h)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		list, err := d.St.Sim.Bookings(ctx)
		if err != nil {
			return held, err
		}
		done := map[string]bool{}
		for _, s := range list {
			done[s.TraceID] = done[s.TraceID] || !strings.HasSuffix(bookingVariant(bs, s.TraceID), "ticket") || s.Ticketed
		}
		missing := 0
		for _, b := range bs {
			if !done[b.Trace] {
				missing++
			}
		}
		if missing == 0 {
			for _, h := range held {
				if h.B.Faulted.Form {
					// The callback answers at once by design: the ticket it
					// started runs on the server, where the fault holds it.
					if a, answered := h.Wait(firstTimeout); !answered || a.Status != http.StatusSeeOther ||
						!strings.HasSuffix(a.Location, "?payment=paid") {
						return held, fmt.Errorf("%s: the callback was not taken as a payment: %s", h.B.Variant, a)
					}
					continue
				}
				if a, answered := h.Wait(0); answered && fault.Drop == "" {
					// Too slow to strike mid-call (a loaded machine): the
					// booking is still checked, but this run proves less.
					d.Logf("%s: %s answered before the strike: %s", d.St.Name, h.B.Variant, a)
				}
			}
			return held, nil
		}
		if time.Now().After(deadline) {
			var answers []string
			for _, h := range held {
				if a, answered := h.Wait(0); answered {
					answers = append(answers, h.B.Variant+": "+a.String())
				}
			}
			return held, fmt.Errorf("%d of %d faulted calls never reached the supplier (answers so far: %s)",
				missing, len(bs), strings.Join(answers, "; "))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func bookingVariant(bs []*Booking, trace string) string {
	for _, b := range bs {
		if b.Trace == trace {
			return b.Variant
		}
	}
	return ""
}

// WaitAll waits up to timeout for every held call to end.
func WaitAll(held []*Held, timeout time.Duration) {
	deadline := time.Now().Add(timeout)
	for _, h := range held {
		h.Wait(time.Until(deadline))
	}
}

// ReplayAll sends each booking's faulted call again, with its key, to api,
// all at once, and tallies the answers. A ticket its callback started has
// no key to repeat: the traveller looks at the booking instead.
func (d *Drill) ReplayAll(ctx context.Context, api *API, bs []*Booking) {
	var wg sync.WaitGroup
	for _, b := range bs {
		wg.Go(func() {
			if b.Faulted.Form {
				d.T.ReplayView(b.ID, b.ends(), d.User.Do(ctx, api.URL, BookingCall(b.ID), replayTimeout))
				return
			}
			a := d.User.Do(ctx, api.URL, b.Faulted, replayTimeout)
			d.T.Replay(b.Faulted.Key, a)
		})
	}
	wg.Wait()
}

// round is one run of a case on api: its bookings are prepared, their
// faulted calls sent and held by the simulator with fault, then strike does
// the damage and names the replica to replay every key on (api when nil);
// wait bounds how long the held calls may still take after the replays.
func (d *Drill) round(ctx context.Context, api *API, run int, fault sim.Fault, wait time.Duration,
	strike func(held []*Held) (replayOn *API, err error)) error {
	bs, err := d.Prepare(ctx, api, run)
	if err != nil {
		return err
	}
	held, err := d.Hold(ctx, api, bs, fault)
	if err != nil {
		return err
	}
	replayOn, err := strike(held)
	if err != nil {
		return err
	}
	if replayOn == nil {
		replayOn = api
	}
	d.ReplayAll(ctx, replayOn, bs)
	WaitAll(held, wait)
	return nil
}

// Cases are the fault scenarios, each on GDS book, GDS ticket and LCC
// ticket in every run, but paid-then-kill-9 and refund-kill-9, on tickets
// started by the gateway's callback (GDS and LCC).
func Cases(runs int) []Case {
	hold := sim.Fault{Latency: holdFor.String()}
	kill9 := func(ctx context.Context, d *Drill, run int) error {
		api := d.St.APIs[0]
		return d.round(ctx, api, run, hold, time.Second, func([]*Held) (*API, error) {
			api.Kill()
			return nil, api.Start(ctx)
		})
	}
	return []Case{
		{Name: "kill-9", Replicas: 1, Runs: runs, Run: kill9},
		// The traveller pays and comes back from the gateway; the callback
		// starts the ticket on the server and answers. The API dies while
		// the supplier holds that ticket: nobody will repeat a request for
		// it, so the lease sweep and the reconciler must finish it.
		{Name: "paid-then-kill-9", Variants: callbackVariants, Replicas: 1, Runs: runs, Run: kill9},
		{Name: "sigterm", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			api := d.St.APIs[0]
			return d.round(ctx, api, run, hold, time.Second, func([]*Held) (*API, error) {
				if !api.Term(shutdownGrace + 5*time.Second) {
					d.T.mu.Lock()
					d.T.note("run %d: the API did not end within its shutdown grace; killed", run+1)
					d.T.mu.Unlock()
				}
				return nil, api.Start(ctx)
			})
		}},
		{Name: "client-disconnect", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.round(ctx, d.St.APIs[0], run, hold, 0, func(held []*Held) (*API, error) {
				for _, h := range held {
					h.Cancel()
				}
				WaitAll(held, time.Second)
				// The traveller comes back a moment later (a reopened tab):
				// the repeat then waits for the rest of the supplier's
				// answer, which the detached call is still collecting.
				time.Sleep(holdFor / 2)
				return nil, nil
			})
		}},
		{Name: "pg-terminate", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.round(ctx, d.St.APIs[0], run, hold, 0, func(held []*Held) (*API, error) {
				n, err := d.St.TerminateAPIConnections(ctx)
				if err != nil {
					return nil, err
				}
				d.Logf("%s run %d: ended %d API connections", d.St.Name, run+1, n)
				WaitAll(held, holdFor+bookTimeout)
				return nil, nil
			})
		}},
		// Even runs keep PostgreSQL down until the supplier has answered, so
		// the outcome arrives with no database to record it in; odd runs
		// bring it back while the call is still held.
		{Name: "pg-restart", Replicas: 1, OwnPostgres: true, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.round(ctx, d.St.APIs[0], run, hold, 0, func(held []*Held) (*API, error) {
				answered := time.Now().Add(holdFor + time.Second)
				if err := d.St.PG.Stop(ctx); err != nil {
					return nil, err
				}
				if run%2 == 0 {
					time.Sleep(time.Until(answered))
				}
				if err := d.St.PG.Start(ctx); err != nil {
					return nil, err
				}
				WaitAll(held, holdFor+bookTimeout)
				return nil, nil
			})
		}},
		// Even runs: the supplier commits and drops the connection; odd
		// runs: it answers after the API's deadline.
		{Name: "supplier-drop-or-late", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			fault := sim.Fault{Drop: "after"}
			if run%2 == 1 {
				fault = sim.Fault{Latency: (bookTimeout + 2*time.Second).String()}
			}
			return d.round(ctx, d.St.APIs[0], run, fault, 0, func(held []*Held) (*API, error) {
				WaitAll(held, firstTimeout)
				return nil, nil
			})
		}},
		// The traveller pays and comes back from the gateway; the ticket the
		// callback starts is refused, so the booking ends failed and its
		// refund is written with its job. The API dies while that job runs
		// (see refundRound); the restarted API must rescue the job and
		// finish the refund, once.
		{Name: "refund-kill-9", Variants: callbackVariants, Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.refundRound(ctx, d.St.APIs[0], run)
		}},
		// One replica takes the calls and is killed; the key is replayed
		// on the other, which must also settle the bookings.
		{Name: "replica-kill-9", Replicas: 2, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			victim, survivor := d.St.APIs[run%2], d.St.APIs[(run+1)%2]
			// The previous run killed the other one: both run again first.
			for _, api := range []*API{victim, survivor} {
				if !api.Running() {
					if err := api.Start(ctx); err != nil {
						return err
					}
				}
			}
			return d.round(ctx, victim, run, hold, time.Second, func([]*Held) (*API, error) {
				victim.Kill()
				return survivor, nil
			})
		}},
	}
}

// refundRound is one run of refund-kill-9 on api, its one replica. The
// run's bookings are paid and their callbacks posted; the supplier refuses
// the tickets they start (after holding them holdFor), so each booking
// ends failed and its refund is written, with the job that asks the
// gateway for it. The gateway is told to hold that job mid-call, then the
// API is killed -9 while it holds it:
//
//   - even runs: the gateway makes the refund and holds its answer; the
//     strike comes once the gateway shows every refund made. The job run
//     again after the rescue must find the refund by its receipt, not make
//     a second one;
//   - odd runs: the gateway holds the job's look-up of the payment's
//     refunds, before the refund is asked for; the strike comes once every
//     refund's job is running. The job run again must make the refund.
//
// The gateway's faults are cleared before the API restarts. The verdict
// (Compare) then wants every refund processed, once, at the gateway.
func (d *Drill) refundRound(ctx context.Context, api *API, run int) error {
	bs, err := d.Prepare(ctx, api, run)
	if err != nil {
		return err
	}
	for _, b := range bs {
		b.Refused = true
	}
	// The refusal comes after holdFor: the gateway's fault is set once the
	// callbacks have answered (a callback asks the gateway about its order,
	// which a held look-up would stall), and before the refunds' jobs call.
	refuse := sim.Fault{Latency: holdFor.String(), Error: "true"}
	if err := d.St.Sim.SetFaults(ctx, map[string]sim.Fault{"Ticket": refuse}); err != nil {
		return err
	}
	defer func() { _ = d.St.Sim.ClearFaults(context.WithoutCancel(ctx)) }()
	for _, b := range bs {
		// The callback answers at once by design: the ticket it started
		// runs on the server, where the supplier holds it.
		if a := d.User.Do(ctx, api.URL, b.Faulted, firstTimeout); a.Err != nil || a.Status != http.StatusSeeOther ||
			!strings.HasSuffix(a.Location, "?payment=paid") {
			return fmt.Errorf("%s: the callback was not taken as a payment: %s", b.Variant, a)
		}
	}
	made := run%2 == 0
	fault := rzpsim.Faults{Refunds: rzpsim.FaultTimeout}
	if !made {
		fault = rzpsim.Faults{Fetch: rzpsim.FaultTimeout}
	}
	if err := d.St.Gateway.SetFaults(ctx, fault); err != nil {
		return err
	}
	defer func() { _ = d.St.Gateway.ClearFaults(context.WithoutCancel(ctx)) }()
	if err := d.awaitRefundJobs(ctx, bs, made); err != nil {
		return err
	}
	api.Kill()
	// The gateway answers again, as it would to a new connection: what
	// is left to prove is the rescue of the killed jobs.
	if err := d.St.Gateway.ClearFaults(ctx); err != nil {
		return err
	}
	if err := api.Start(ctx); err != nil {
		return err
	}
	d.ReplayAll(ctx, api, bs)
	return nil
}

// awaitRefundJobs waits until the refund of every booking in bs is held
// mid-call at the gateway: made there (made) or not yet asked for, with
// its job running. A job no longer running at the strike (a loaded
// machine: the gateway's 5 s deadline passed first) still has its refund
// checked, but the run proves less.
func (d *Drill) awaitRefundJobs(ctx context.Context, bs []*Booking, made bool) error {
	ids := make([]string, len(bs))
	for i, b := range bs {
		ids[i] = b.ID
	}
	// The window: the refused ticket (holdFor), the refund's write and its
	// job's first call.
	deadline := time.Now().Add(holdFor + 10*time.Second)
	for {
		// The gateway first: a job seen running after its refund was seen
		// made is still in the call that made it.
		list, err := d.St.Gateway.Orders(ctx)
		if err != nil {
			return err
		}
		running, orders, err := d.refundJobs(ctx, ids)
		if err != nil {
			return err
		}
		refunded := 0
		for _, o := range list {
			if orders[o.Order.ID] && len(o.Refunds) > 0 {
				refunded++
			}
		}
		ready := running == len(bs) && refunded == 0
		if made {
			ready = refunded == len(bs)
		}
		if ready {
			d.Logf("%s: strike with %d of %d refund jobs running, %d of %d refunds made at the gateway", d.St.Name,
				running, len(bs), refunded, len(bs))
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the refunds were not held mid-call: %d of %d refund jobs running, %d of %d paid orders refunded at the gateway",
				running, len(bs), refunded, len(bs))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// refundJobs reads, for our booking ids, how many of their refunds' jobs
// (payment.refund, internal/payment/checkout) are running, and the
// gateway's ids of their paid orders.
func (d *Drill) refundJobs(ctx context.Context, ids []string) (running int, orders map[string]bool, err error) {
	rows, err := d.St.DB.Query(ctx, `SELECT p.order_id, EXISTS (SELECT 1 FROM refunds r JOIN river_job j
			ON j.kind = 'payment.refund' AND j.args->>'refund_id' = r.id::text AND j.state = 'running'
			WHERE r.payment_id = p.id)
		FROM payments p WHERE p.status = 'paid' AND p.booking_id::text = ANY($1)`, ids)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	orders = map[string]bool{}
	for rows.Next() {
		var order string
		var run bool
		if err := rows.Scan(&order, &run); err != nil {
			return 0, nil, err
		}
		orders[order] = true
		if run {
			running++
		}
	}
	return running, orders, rows.Err()
}

// LoadCase is n concurrent bookings, half GDS and half LCC, each booked,
// paid and ticketed, over two replicas; every second or two, one that holds book
// or ticket calls is killed (-9) and restarted. Every key is replayed at the
// end. It runs Alone.
func LoadCase(n, concurrency int, latency time.Duration) Case {
	return Case{Name: fmt.Sprintf("load-%d", n), Replicas: 2, Runs: 1, Alone: true, Run: func(ctx context.Context, d *Drill, _ int) error {
		return d.Load(ctx, n, concurrency, latency)
	}}
}

// Load runs the load case's bookings; see LoadCase.
func (d *Drill) Load(ctx context.Context, n, concurrency int, latency time.Duration) error {
	apis := d.St.APIs
	lat := sim.Fault{Latency: latency.String()}
	if err := d.St.Sim.SetFaults(ctx, map[string]sim.Fault{"Book": lat, "Ticket": lat}); err != nil {
		return err
	}

	begin := time.Now()
	stop := make(chan struct{})
	var kills atomic.Int64
	killerErr := make(chan error, 1)
	d.busy = make([]atomic.Int64, len(apis))
	go func() {
		rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
		for {
			select {
			case <-stop:
				killerErr <- nil
				return
			case <-time.After(time.Second + time.Duration(rng.Int64N(int64(time.Second)))):
			}
			// Strike a replica while it holds book or ticket calls; one
			// that holds none has nothing to lose.
			victim := -1
			for wait := time.Now().Add(3 * time.Second); victim < 0 && time.Now().Before(wait); time.Sleep(20 * time.Millisecond) {
				for _, i := range rng.Perm(len(apis)) {
					if d.busy[i].Load() > 0 {
						victim = i
						break
					}
				}
			}
			if victim < 0 {
				continue
			}
			apis[victim].Kill()
			kills.Add(1)
			if err := apis[victim].Start(ctx); err != nil {
				killerErr <- err
				return
			}
		}
	}()

	var failed atomic.Int64
	var firstErr error
	var errOnce sync.Once
	sem := make(chan struct{}, concurrency)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			if err := d.loadOne(ctx, i); err != nil {
				failed.Add(1)
				errOnce.Do(func() { firstErr = err })
			}
		})
	}
	wg.Wait()
	close(stop)
	if err := <-killerErr; err != nil {
		return fmt.Errorf("restarting a killed replica: %w", err)
	}
	for _, a := range apis {
		if !a.Running() {
			if err := a.Start(ctx); err != nil {
				return err
			}
		}
	}
	if err := d.St.Sim.ClearFaults(ctx); err != nil {
		return err
	}
	d.Logf("%s: %d bookings started in %s, %d kills, %d could not start (%v)", d.St.Name, n,
		time.Since(begin).Round(time.Second), kills.Load(), failed.Load(), firstErr)
	if f := failed.Load(); f > int64(n)/10 {
		return fmt.Errorf("%d of %d bookings could not even be searched or paid: %w", f, n, firstErr)
	}

	// Every key again, after the storm: the answers must be settled or
	// pending, and come at once.
	calls := 0
	var rwg sync.WaitGroup
	rsem := make(chan struct{}, 64)
	for _, b := range d.Bookings() {
		for _, c := range b.Calls {
			if c.hung.Load() {
				continue // counted already
			}
			api := apis[calls%len(apis)]
			calls++
			rwg.Go(func() {
				rsem <- struct{}{}
				defer func() { <-rsem }()
				d.T.Replay(c.Key, d.User.Do(ctx, api.URL, c, replayTimeout))
			})
		}
	}
	rwg.Wait()
	d.Logf("%s: %d keys replayed", d.St.Name, calls)
	return nil
}

// loadOne makes booking i of the load case: a keyed Book (a GDS fare held
// at the supplier, an LCC one recorded), the payment, and a keyed Ticket.
// Its keys are replayed on the other replica whenever the one it talks to
// goes away, and so are the payment's steps.
func (d *Drill) loadOne(ctx context.Context, i int) error {
	apis := d.St.APIs
	lcc := i%2 == 1
	var trace, index string
	var err error
	for attempt := range 10 {
		if trace, index, err = d.User.Search(ctx, apis[(i+attempt)%len(apis)].URL, i, lcc); err == nil {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	key := fmt.Sprintf("%s-%d", d.St.Name, i)
	b := &Booking{Variant: "GDS book+ticket", Trace: trace, Index: index, LCC: lcc}
	if lcc {
		b.Variant = "LCC book+ticket"
	}
	b.Faulted = BookCall(key+"-book", trace, index, lcc)
	b.Calls = append(b.Calls, b.Faulted)
	d.add(b)
	o, ok := payable(d.keyed(ctx, b.Faulted, i), lcc)
	if !ok {
		// Not made, or still being confirmed: nothing to pay for.
		return nil
	}
	if err := d.payOnAny(ctx, o.Booking.ID, i); err != nil {
		return err
	}
	ticket := TicketGDSCall(key+"-ticket", trace, o.Booking.BookingID, o.Booking.PNR)
	if lcc {
		ticket = TicketLCCCall(key+"-ticket", trace, index)
	}
	d.mu.Lock()
	b.ID = o.Booking.ID
	b.Calls = append(b.Calls, ticket)
	d.mu.Unlock()
	d.keyed(ctx, ticket, i+1)
	return nil
}

// payOnAny pays our booking id, opening its order on the other replica in
// turn when one fails to answer (killed under the request). The gateway
// lives on: an order it says is paid already was paid by an attempt whose
// answer was lost.
func (d *Drill) payOnAny(ctx context.Context, id string, start int) error {
	apis := d.St.APIs
	var err error
	for attempt := range 10 {
		var order string
		if order, err = d.User.OpenOrder(ctx, apis[(start+attempt)%len(apis)].URL, id); err == nil {
			if _, err = d.St.Gateway.Pay(ctx, order); err == nil || errors.Is(err, errOrderPaid) {
				return nil
			}
		}
		if ctx.Err() != nil {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	return fmt.Errorf("pay booking %s: %w", id, err)
}

// keyed sends c, and sends it again with its key, to the other replica in
// turn, whenever no answer comes: the replica died or restarted under it.
// An answer that does not come in time from a live replica is a hung
// replay.
func (d *Drill) keyed(ctx context.Context, c *Call, start int) Answer {
	apis := d.St.APIs
	var a Answer
	for attempt := range 12 {
		timeout := firstTimeout
		if attempt > 0 {
			timeout = replayTimeout
		}
		i := (start + attempt) % len(apis)
		d.busy[i].Add(1)
		a = d.User.Do(ctx, apis[i].URL, c, timeout)
		d.busy[i].Add(-1)
		if attempt > 0 && (a.Err == nil || a.TimedOut) {
			d.T.Replay(c.Key, a)
			if a.TimedOut {
				// A live replica that does not answer a replay has said
				// enough; asking again would only hang again.
				c.hung.Store(true)
				return a
			}
		}
		if a.Err == nil {
			return a
		}
		if errors.Is(ctx.Err(), context.Canceled) {
			return a
		}
		time.Sleep(300 * time.Millisecond)
	}
	return a
}
