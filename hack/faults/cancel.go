package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// The cancellation cases (docs/cancellations.md): ticketed bookings are
// cancelled, whole or in part, and the fault strikes the cancellation's
// job (cancellation.follow) while the supplier holds its change request,
// or the refund the cancellation ends with. Every cancellation must end
// cancelled, with one change request per ticket at the supplier and one
// gateway refund of the refund due, processed, announced by one e-mail.

// The kinds of booking a cancellation case's run makes and cancels, each a
// refundable fare on its own search, paid and ticketed.
const (
	// VariantGDSCancel is a GDS fare for one adult, cancelled whole.
	VariantGDSCancel = "GDS cancel"
	// VariantLCCCancel is an LCC fare for one adult, cancelled whole.
	VariantLCCCancel = "LCC cancel"
	// VariantGDSPartial is a GDS fare for two adults, the second of whom
	// is cancelled: the first stays ticketed.
	VariantGDSPartial = "GDS partial cancel"
	// VariantLCCPartial is the same on an LCC fare.
	VariantLCCPartial = "LCC partial cancel"
)

// cancelVariants are the bookings of run of a cancellation case: a GDS and
// an LCC fare cancelled whole, and one cancelled in part (GDS in even runs,
// LCC in odd ones).
func cancelVariants(run int) []string {
	partial := VariantGDSPartial
	if run%2 == 1 {
		partial = VariantLCCPartial
	}
	return []string{VariantGDSCancel, VariantLCCCancel, partial}
}

// changeLate is when the supplier answers SendChangeRequest in cancel-late:
// after the connector's changeRequest deadline (bookTimeout, see
// writeConnectors).
const changeLate = bookTimeout + 2*time.Second

// drillCancellations are the supplier's cancellation timings in the drill:
// a change request is acknowledged at once and completed 2 s later, and no
// low-cost airline completes it in SendChangeRequest's answer, so every
// cancellation's job follows it with GetChangeRequestStatus.
var drillCancellations = sim.Cancellations{CompleteAfter: 2 * time.Second}

// Cancellation is one cancellation a case asked for and the API took
// (202).
type Cancellation struct {
	B  *Booking
	ID string
	// Tickets are the tickets it cancels: every one of the booking's, or
	// (Partial) the last.
	Tickets []int64
	Partial bool
	// Quoted is the refund the traveller was shown and confirmed.
	Quoted decimal.Decimal
}

// cancels holds a drill's cancellations.
type cancels struct {
	mu   sync.Mutex
	list []*Cancellation
}

func (d *Drill) addCancellation(c *Cancellation) {
	d.cancels.mu.Lock()
	defer d.cancels.mu.Unlock()
	d.cancels.list = append(d.cancels.list, c)
}

// Cancellations returns the cancellations the API took so far.
func (d *Drill) Cancellations() []*Cancellation {
	d.cancels.mu.Lock()
	defer d.cancels.mu.Unlock()
	return append([]*Cancellation(nil), d.cancels.list...)
}

// CancelCases are the cancellation scenarios, each on the bookings of
// cancelVariants in every run.
func CancelCases(runs int) []Case {
	return []Case{
		// The API dies while the supplier holds SendChangeRequest: after
		// making the change requests (even runs), or before making them
		// (odd runs). The restarted API's rescued job must find the change
		// requests made, or send the request again once it is sure none
		// was, never both.
		{Name: "cancel-kill-9", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.cancelKill9(ctx, d.St.APIs[0], run)
		}},
		// The supplier makes the change requests and answers after the
		// API's deadline: the job must find them, not send again.
		{Name: "cancel-late", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.cancelLate(ctx, d.St.APIs[0], run)
		}},
		// The gateway makes the cancellation's refund and its answer is
		// lost: the refund's job must find it by its receipt.
		{Name: "cancel-refund-lost", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.cancelRefundLost(ctx, d.St.APIs[0], run)
		}},
		// The gateway's webhooks about the refund come twice each, the
		// refund processed before the refund created: one refund
		// processed, one e-mail.
		{Name: "cancel-refund-webhook", Replicas: 1, Runs: runs, Run: func(ctx context.Context, d *Drill, run int) error {
			return d.cancelRefundWebhook(ctx, d.St.APIs[0], run)
		}},
	}
}

// Ticketed makes the bookings of run of a cancellation case on api, each
// on a fresh search for a refundable fare: booked (GDS) or recorded (LCC),
// paid at the gateway, and ticketed by the server after the gateway's
// callback. It returns once every one is ticketed, with its tickets.
func (d *Drill) Ticketed(ctx context.Context, api *API, run int) ([]*Booking, error) {
	if err := d.St.Sim.SetCancellations(ctx, drillCancellations); err != nil {
		return nil, err
	}
	variants := cancelVariants(run)
	var out []*Booking
	for i, v := range variants {
		lcc := strings.HasPrefix(v, "LCC")
		adults := 1
		if strings.Contains(v, "partial") {
			adults = 2
		}
		trace, index, err := d.User.SearchFare(ctx, api.URL, run*len(variants)+i, Fare{LCC: lcc, Adults: adults, Refundable: true})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", v, err)
		}
		b := &Booking{Variant: v, Trace: trace, Index: index, LCC: lcc}
		slug := strings.ToLower(strings.ReplaceAll(v, " ", "-"))
		book := BookCallFor(fmt.Sprintf("%s-r%d-%s-book", d.St.Name, run+1, slug), trace, index, lcc, adults)
		b.Calls = append(b.Calls, book)
		a := d.User.Do(ctx, api.URL, book, firstTimeout)
		o, ok := payable(a, lcc)
		if !ok {
			return nil, fmt.Errorf("%s: book before paying: %s", v, a)
		}
		b.ID = o.Booking.ID
		d.add(b)
		fields, err := d.pay(ctx, api.URL, b.ID)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", v, err)
		}
		if a := d.User.Do(ctx, api.URL, CallbackCall(fields), firstTimeout); a.Err != nil || a.Status != http.StatusSeeOther ||
			!strings.HasSuffix(a.Location, "?payment=paid") {
			return nil, fmt.Errorf("%s: the callback was not taken as a payment: %s", v, a)
		}
		out = append(out, b)
	}
	deadline := time.Now().Add(firstTimeout)
	for _, b := range out {
		for {
			v, err := d.User.Look(ctx, api.URL, b.ID)
			if err != nil {
				return nil, err
			}
			if v.Booking.Status == "ticketed" && len(v.Tickets) > 0 {
				for _, t := range v.Tickets {
					b.Tickets = append(b.Tickets, t.TicketID)
				}
				break
			}
			if time.Now().After(deadline) {
				return nil, fmt.Errorf("%s: booking %s is %s, not ticketed, %s after its payment", b.Variant, b.ID, v.Booking.Status, firstTimeout)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	return out, nil
}

// CancelAll cancels each booking of bs on api as a traveller does: the
// charges asked first, then the cancellation confirmed at the refund shown
// (the last ticket of a partial variant, every ticket of the others). Each
// cancellation the API takes is recorded for the verdict.
func (d *Drill) CancelAll(ctx context.Context, api *API, bs []*Booking) ([]*Cancellation, error) {
	var out []*Cancellation
	for _, b := range bs {
		c := &Cancellation{B: b, Tickets: b.Tickets, Partial: strings.Contains(b.Variant, "partial")}
		var chosen []int64
		if c.Partial {
			if len(b.Tickets) < 2 {
				return out, fmt.Errorf("%s: booking %s has %d ticket(s), none to keep", b.Variant, b.ID, len(b.Tickets))
			}
			chosen = b.Tickets[len(b.Tickets)-1:]
			c.Tickets = chosen
		}
		var err error
		if c.Quoted, err = d.User.CancellationRefund(ctx, api.URL, b.ID, chosen); err != nil {
			return out, fmt.Errorf("%s: %w", b.Variant, err)
		}
		if c.ID, err = d.User.Cancel(ctx, api.URL, b.ID, chosen, c.Quoted); err != nil {
			return out, fmt.Errorf("%s: %w", b.Variant, err)
		}
		d.addCancellation(c)
		out = append(out, c)
	}
	return out, nil
}

// cancelKill9 is one run of cancel-kill-9 on api, its one replica. The
// supplier holds SendChangeRequest for holdFor: in even runs after making
// the change requests (the strike comes once it lists them), in odd runs
// without making them, then hanging up (the strike comes once every
// cancellation is sending, its job in the call). The API is killed -9,
// the fault cleared, the API restarted; the traveller then looks at each
// booking.
func (d *Drill) cancelKill9(ctx context.Context, api *API, run int) error {
	bs, err := d.Ticketed(ctx, api, run)
	if err != nil {
		return err
	}
	made := run%2 == 0
	fault := sim.Fault{Latency: holdFor.String()}
	if !made {
		fault.Drop = "before"
	}
	if err := d.St.Sim.SetFaults(ctx, map[string]sim.Fault{"SendChangeRequest": fault}); err != nil {
		return err
	}
	defer func() { _ = d.St.Sim.ClearFaults(context.WithoutCancel(ctx)) }()
	cs, err := d.CancelAll(ctx, api, bs)
	if err != nil {
		return err
	}
	if made {
		err = d.awaitChangeRequests(ctx, cs)
	} else {
		err = d.awaitSending(ctx, cs)
	}
	if err != nil {
		return err
	}
	running, requests, err := d.cancelState(ctx, cs)
	if err != nil {
		return err
	}
	d.Logf("%s run %d: strike with %d of %d cancellation jobs in the call, %d of %d change requests made at the supplier", d.St.Name, run+1,
		running, len(cs), requests, tickets(cs))
	api.Kill()
	if err := d.St.Sim.ClearFaults(ctx); err != nil {
		return err
	}
	if err := api.Start(ctx); err != nil {
		return err
	}
	d.LookAll(ctx, api, bs)
	return nil
}

// cancelLate is one run of cancel-late on api: the supplier makes the
// change requests at once and answers changeLate later, after the API's
// deadline. The fault is cleared once every call has timed out (the API
// logs the lost answer); the job's next run must find the change requests
// at the supplier.
func (d *Drill) cancelLate(ctx context.Context, api *API, run int) error {
	bs, err := d.Ticketed(ctx, api, run)
	if err != nil {
		return err
	}
	if err := d.St.Sim.SetFaults(ctx, map[string]sim.Fault{"SendChangeRequest": {Latency: changeLate.String()}}); err != nil {
		return err
	}
	defer func() { _ = d.St.Sim.ClearFaults(context.WithoutCancel(ctx)) }()
	const lost = "change request answer lost"
	before := api.Count(lost)
	cs, err := d.CancelAll(ctx, api, bs)
	if err != nil {
		return err
	}
	if err := d.awaitChangeRequests(ctx, cs); err != nil {
		return err
	}
	deadline := time.Now().Add(changeLate + time.Second)
	for api.Count(lost)-before < len(cs) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if n := api.Count(lost) - before; n < len(cs) {
		// A call that did not time out (a loaded machine) still has its
		// cancellation checked, but the run proves less.
		d.Logf("%s run %d: only %d of %d change requests timed out", d.St.Name, run+1, n, len(cs))
	}
	if err := d.St.Sim.ClearFaults(ctx); err != nil {
		return err
	}
	d.LookAll(ctx, api, bs)
	return nil
}

// cancelRefundLost is one run of cancel-refund-lost on api: the gateway
// makes every refund asked for and holds its answer until the job gives
// up (its 5 s deadline). The fault stays for the rest of the case: a job
// that asked again, instead of finding the refund by its receipt, would
// never be answered, and its refund would stay requested.
func (d *Drill) cancelRefundLost(ctx context.Context, api *API, run int) error {
	bs, err := d.Ticketed(ctx, api, run)
	if err != nil {
		return err
	}
	if err := d.St.Gateway.SetFaults(ctx, rzpsim.Faults{Refunds: rzpsim.FaultTimeout}); err != nil {
		return err
	}
	cs, err := d.CancelAll(ctx, api, bs)
	if err != nil {
		return err
	}
	if err := d.awaitGatewayRefunds(ctx, cs, false); err != nil {
		return err
	}
	// The answers are lost; the refunds' jobs try again.
	start := time.Now()
	for {
		open, err := d.refundsRequested(ctx, cs)
		if err != nil {
			return err
		}
		if open == 0 {
			d.Logf("%s run %d: every refund made at the gateway, its answer lost, found by its receipt %s later", d.St.Name, run+1,
				time.Since(start).Round(100*time.Millisecond))
			break
		}
		if time.Since(start) > refundFound {
			// Left to the verdict: the refund must still end processed.
			d.Logf("%s run %d: %d refund(s) made at the gateway, the answers lost, still requested after %s", d.St.Name, run+1, open, refundFound)
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	d.LookAll(ctx, api, bs)
	return nil
}

// refundFound bounds how long the drill watches a refund's job find the
// refund whose answer was lost: the gateway holds the ask 5 s (the API's
// refund deadline), River retries the job after about 1 s and its
// scheduler makes it due within 5 s; with margin.
const refundFound = 30 * time.Second

// cancelRefundWebhook is one run of cancel-refund-webhook on api. The
// gateway's webhooks go to api, every event delivered twice, and are held
// from before the cancellations until every refund is processed at the
// gateway; then they are released newest first: refund.processed (twice)
// before refund.created (twice). The refund is then settled by the
// webhook, long before its job would read it back (30 s after asking).
func (d *Drill) cancelRefundWebhook(ctx context.Context, api *API, run int) error {
	bs, err := d.Ticketed(ctx, api, run)
	if err != nil {
		return err
	}
	url, secret, twice, yes, no, none := api.URL+"/api/v1/payments/razorpay/webhook", rzpsim.DefaultWebhookSecret, 2, true, false, ""
	// Set once the bookings are paid: no payment event is sent.
	if err := d.St.Gateway.SetWebhook(ctx, WebhookChange{URL: &url, Secret: &secret, Duplicates: &twice, Reorder: &yes, Hold: &yes}); err != nil {
		return err
	}
	defer func() { _ = d.St.Gateway.SetWebhook(context.WithoutCancel(ctx), WebhookChange{URL: &none, Hold: &no}) }()
	cs, err := d.CancelAll(ctx, api, bs)
	if err != nil {
		return err
	}
	if err := d.awaitGatewayRefunds(ctx, cs, true); err != nil {
		return err
	}
	if err := d.St.Gateway.SetWebhook(ctx, WebhookChange{Hold: &no}); err != nil {
		return err
	}
	payments, err := d.paymentsOf(ctx, cs)
	if err != nil {
		return err
	}
	// Every refund event of the run's payments delivered twice (2xx).
	want := 2 * 2 * len(payments)
	deadline := time.Now().Add(20 * time.Second)
	var delivered int
	var order []string
	for {
		ds, err := d.St.Gateway.Deliveries(ctx)
		if err != nil {
			return err
		}
		delivered, order = 0, nil
		for _, dl := range ds {
			if payments[dl.PaymentID] && strings.HasPrefix(dl.Event, "refund.") && dl.Status/100 == 2 {
				delivered++
				if !dl.Duplicate {
					order = append(order, dl.Event)
				}
			}
		}
		if delivered >= want || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	settled, err := d.refundsProcessed(ctx, cs)
	if err != nil {
		return err
	}
	d.Logf("%s run %d: %d of %d refund webhooks delivered (first deliveries in order: %s); %d of %d refunds processed on our side", d.St.Name, run+1,
		delivered, want, strings.Join(order, ", "), settled, len(cs))
	if err := d.St.Gateway.SetWebhook(ctx, WebhookChange{URL: &none}); err != nil {
		return err
	}
	d.LookAll(ctx, api, bs)
	return nil
}

// LookAll looks at each booking of bs on api, as the traveller does after
// the fault: it must answer at once, ticketed (a partial or whole
// cancellation leaves the booking ticketed, its tickets cancelled).
func (d *Drill) LookAll(ctx context.Context, api *API, bs []*Booking) {
	var wg sync.WaitGroup
	for _, b := range bs {
		wg.Go(func() { d.T.ReplayView(b.ID, "ticketed", d.User.Do(ctx, api.URL, BookingCall(b.ID), replayTimeout)) })
	}
	wg.Wait()
}

// tickets counts the tickets cs cancel.
func tickets(cs []*Cancellation) int {
	n := 0
	for _, c := range cs {
		n += len(c.Tickets)
	}
	return n
}

// changeRequests counts the tickets of cs that hold a change request at
// the supplier.
func (d *Drill) changeRequests(ctx context.Context, cs []*Cancellation) (int, error) {
	list, err := d.St.Sim.Bookings(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cs {
		for _, s := range list {
			if s.TraceID != c.B.Trace {
				continue
			}
			for _, t := range c.Tickets {
				if slices.ContainsFunc(s.ChangeRequests, func(cr sim.ChangeRequestInfo) bool { return int64(cr.TicketID) == t }) {
					n++
				}
			}
		}
	}
	return n, nil
}

// awaitChangeRequests waits until the supplier lists a change request for
// every ticket of cs: made, while SendChangeRequest's answer is held.
func (d *Drill) awaitChangeRequests(ctx context.Context, cs []*Cancellation) error {
	// The window: the job picked up and its first call.
	deadline := time.Now().Add(holdFor + 10*time.Second)
	for {
		n, err := d.changeRequests(ctx, cs)
		if err != nil {
			return err
		}
		if n == tickets(cs) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d tickets hold a change request at the supplier", n, tickets(cs))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// awaitSending waits until every cancellation of cs is sending with its
// job (cancellation.follow) running: in the call to SendChangeRequest.
func (d *Drill) awaitSending(ctx context.Context, cs []*Cancellation) error {
	deadline := time.Now().Add(holdFor + 10*time.Second)
	for {
		running, _, err := d.cancelState(ctx, cs)
		if err != nil {
			return err
		}
		if running == len(cs) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d cancellations sending with their job running", running, len(cs))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// cancelState reads how many cancellations of cs are sending with their
// job running, and how many of their tickets hold a change request at
// the supplier.
func (d *Drill) cancelState(ctx context.Context, cs []*Cancellation) (running, requests int, err error) {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	if err := d.St.DB.QueryRow(ctx, `SELECT count(*) FROM cancellations c WHERE c.id::text = ANY($1) AND c.status = 'sending'
		AND EXISTS (SELECT 1 FROM river_job j WHERE j.kind = 'cancellation.follow' AND j.state = 'running'
			AND j.args->>'cancellation_id' = c.id::text)`, ids).Scan(&running); err != nil {
		return 0, 0, err
	}
	requests, err = d.changeRequests(ctx, cs)
	return running, requests, err
}

// ordersOf reads the gateway's ids of the paid orders of the bookings cs
// cancel, by booking id.
func (d *Drill) ordersOf(ctx context.Context, cs []*Cancellation) (map[string]string, error) {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.B.ID
	}
	rows, err := d.St.DB.Query(ctx, `SELECT order_id, booking_id::text FROM payments WHERE status = 'paid' AND booking_id::text = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var order, booking string
		if err := rows.Scan(&order, &booking); err != nil {
			return nil, err
		}
		out[order] = booking
	}
	return out, rows.Err()
}

// paymentsOf reads the gateway's ids of the captured payments of the
// bookings cs cancel.
func (d *Drill) paymentsOf(ctx context.Context, cs []*Cancellation) (map[string]bool, error) {
	orders, err := d.ordersOf(ctx, cs)
	if err != nil {
		return nil, err
	}
	list, err := d.St.Gateway.Orders(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, o := range list {
		if _, ok := orders[o.Order.ID]; ok {
			for _, p := range o.Payments {
				if p.Captured {
					out[p.ID] = true
				}
			}
		}
	}
	return out, nil
}

// awaitGatewayRefunds waits until the gateway holds a refund on the paid
// order of every booking cs cancel: made, or (processed) processed. The
// window: the change requests sent and completed (2 s), the job's snooze
// (5 s) and River's scheduler (5 s), the refund written and asked for.
func (d *Drill) awaitGatewayRefunds(ctx context.Context, cs []*Cancellation, processed bool) error {
	orders, err := d.ordersOf(ctx, cs)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(45 * time.Second)
	for {
		list, err := d.St.Gateway.Orders(ctx)
		if err != nil {
			return err
		}
		refunded := map[string]bool{}
		for _, o := range list {
			booking, ok := orders[o.Order.ID]
			if !ok {
				continue
			}
			for _, rf := range o.Refunds {
				if !processed || rf.Status == rzpsim.RefundProcessed {
					refunded[booking] = true
				}
			}
		}
		if len(refunded) == len(cs) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d cancelled bookings refunded at the gateway (processed: %v)", len(refunded), len(cs), processed)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// refundsRequested counts the refunds of cs still requested: the gateway's
// answer not yet had.
func (d *Drill) refundsRequested(ctx context.Context, cs []*Cancellation) (int, error) {
	return d.countRefunds(ctx, cs, "requested")
}

// refundsProcessed counts the refunds of cs processed.
func (d *Drill) refundsProcessed(ctx context.Context, cs []*Cancellation) (int, error) {
	return d.countRefunds(ctx, cs, "processed")
}

func (d *Drill) countRefunds(ctx context.Context, cs []*Cancellation, status string) (int, error) {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	var n int
	err := d.St.DB.QueryRow(ctx, `SELECT count(*) FROM refunds WHERE cancellation_id::text = ANY($1) AND status = $2`, ids, status).Scan(&n)
	return n, err
}
