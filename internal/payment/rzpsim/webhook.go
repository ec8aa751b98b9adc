package rzpsim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"
)

// WebhookSettings say where events go and how their delivery misbehaves on
// purpose.
type WebhookSettings struct {
	// URL receives the events (absolute http or https); empty sends none.
	URL string `json:"url"`
	// Secret signs them (X-Razorpay-Signature). An event is signed when it
	// happens: its retries keep the signature even if Secret changes, as
	// Razorpay's do.
	Secret string `json:"secret"`
	// Duplicates delivers every event this many times in all (0 and 1:
	// once), with the same event id: a receiver must not act twice.
	Duplicates int `json:"duplicates"`
	// Reorder delivers the events of one happening (a payment's
	// payment.authorized, payment.captured and order.paid), and on release
	// of held events all the events of each payment, newest first.
	Reorder bool `json:"reorder"`
	// Paused drops events: they are logged as never sent, and never
	// delivered (a webhook lost for good).
	Paused bool `json:"paused"`
	// Hold keeps events back; setting it false again releases them.
	Hold bool `json:"hold"`
}

// maxDuplicates bounds WebhookSettings.Duplicates.
const maxDuplicates = 10

// Delivery is one attempt to deliver an event, as the delivery log holds it.
type Delivery struct {
	EventID   string `json:"event_id"`
	Event     string `json:"event"`
	PaymentID string `json:"payment_id,omitempty"`
	// Attempt counts from 1; retries of a failed attempt count on, and
	// duplicate deliveries repeat the number of the attempt that succeeded.
	// It is 0 for an event dropped because delivery was paused.
	Attempt   int  `json:"attempt"`
	Duplicate bool `json:"duplicate,omitempty"`
	// Status is the receiver's HTTP status, 0 when there was none.
	Status int       `json:"status"`
	Error  string    `json:"error,omitempty"`
	At     time.Time `json:"at"`
}

// maxDeliveries bounds the delivery log; the oldest entries go first.
const maxDeliveries = 10_000

// webhookTimeout is how long a receiver has to answer; Razorpay allows 5 s.
const webhookTimeout = 5 * time.Second

type webhooks struct {
	mu       sync.Mutex
	settings WebhookSettings
	queue    [][]*event // batches waiting for the dispatcher, in order
	queued   int        // events in queue
	held     []*event
	wake     chan struct{}
	log      []Delivery
}

// event is a signed event, ready to send.
type event struct {
	id, name, paymentID string
	url, signature      string
	body                []byte
}

// eventSpec is an event to send: its payload entities by name ("payment",
// "order", "refund"), listed in contains.
type eventSpec struct {
	name, paymentID string
	contains        []string
	payload         map[string]any
}

type eventBody struct {
	Entity    string                    `json:"entity"`
	AccountID string                    `json:"account_id"`
	Event     string                    `json:"event"`
	Contains  []string                  `json:"contains"`
	Payload   map[string]map[string]any `json:"payload"`
	CreatedAt int64                     `json:"created_at"`
}

// SetWebhook replaces the webhook settings. Clearing Hold releases the
// events held. Nothing changes when a setting is invalid.
func (s *Sim) SetWebhook(ws WebhookSettings) error {
	if err := ws.Check(); err != nil {
		return err
	}
	w := &s.wh
	w.mu.Lock()
	defer w.mu.Unlock()
	release := w.settings.Hold && !ws.Hold
	w.settings = ws
	if release && len(w.held) > 0 {
		evs := w.held
		w.held = nil
		if ws.Reorder {
			evs = newestFirstByPayment(evs)
		}
		w.enqueueLocked(evs, s.now())
	}
	return nil
}

// Check reports whether the settings are usable: an absolute http(s) URL
// (or none) with a secret, and at most 10 duplicates.
func (ws WebhookSettings) Check() error {
	if ws.URL != "" {
		if err := checkAbsoluteURL(ws.URL); err != nil {
			return fmt.Errorf("webhook url: %w", err)
		}
		if ws.Secret == "" {
			return errors.New("webhook secret: a webhook needs a secret")
		}
	}
	if ws.Duplicates < 0 || ws.Duplicates > maxDuplicates {
		return fmt.Errorf("webhook duplicates: want 0 to %d, got %d", maxDuplicates, ws.Duplicates)
	}
	return nil
}

// Webhook returns the webhook settings in force.
func (s *Sim) Webhook() WebhookSettings {
	s.wh.mu.Lock()
	defer s.wh.mu.Unlock()
	return s.wh.settings
}

// Deliveries returns the delivery log, oldest first.
func (s *Sim) Deliveries() []Delivery {
	s.wh.mu.Lock()
	defer s.wh.mu.Unlock()
	return slices.Clone(s.wh.log)
}

// ClearDeliveries empties the delivery log.
func (s *Sim) ClearDeliveries() {
	s.wh.mu.Lock()
	s.wh.log = nil
	s.wh.mu.Unlock()
}

// checkAbsoluteURL accepts absolute http and https URLs only.
func checkAbsoluteURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%q: %w", raw, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	return nil
}

func (w *webhooks) signal() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *webhooks) recordLocked(d Delivery) {
	if len(w.log) >= maxDeliveries {
		w.log = slices.Delete(w.log, 0, len(w.log)-maxDeliveries+1)
	}
	w.log = append(w.log, d)
}

// newestFirstByPayment reverses the events of each payment, keeping the
// payments in the order of their first event.
func newestFirstByPayment(evs []*event) []*event {
	var order []string
	groups := map[string][]*event{}
	for _, ev := range evs {
		if _, ok := groups[ev.paymentID]; !ok {
			order = append(order, ev.paymentID)
		}
		groups[ev.paymentID] = append(groups[ev.paymentID], ev)
	}
	out := make([]*event, 0, len(evs))
	for _, id := range order {
		g := groups[id]
		slices.Reverse(g)
		out = append(out, g...)
	}
	return out
}

// emitLocked signs events with the settings in force and queues, holds or
// drops them. The caller holds s.mu, so events leave in the order things
// happen.
func (s *Sim) emitLocked(specs []eventSpec) {
	if len(specs) == 0 || s.closed {
		return
	}
	created := s.now().Unix()
	w := &s.wh
	w.mu.Lock()
	defer w.mu.Unlock()
	ws := w.settings
	if ws.URL == "" {
		return
	}
	evs := make([]*event, 0, len(specs))
	for _, sp := range specs {
		payload := make(map[string]map[string]any, len(sp.payload))
		for name, entity := range sp.payload {
			payload[name] = map[string]any{"entity": entity}
		}
		body, err := json.Marshal(eventBody{Entity: "event", AccountID: s.accountID, Event: sp.name,
			Contains: sp.contains, Payload: payload, CreatedAt: created})
		if err != nil {
			s.log.Error("encoding a webhook event", "event", sp.name, "err", err)
			continue
		}
		evs = append(evs, &event{id: randomString(base62, idLength), name: sp.name, paymentID: sp.paymentID,
			url: ws.URL, signature: SignWebhook(ws.Secret, body), body: body})
	}
	switch {
	case ws.Paused:
		for _, ev := range evs {
			w.recordLocked(Delivery{EventID: ev.id, Event: ev.name, PaymentID: ev.paymentID,
				Error: "delivery paused: never sent", At: s.now()})
		}
	case ws.Hold:
		if over := len(w.held) + len(evs) - maxWaiting; over > 0 {
			for _, ev := range w.held[:min(over, len(w.held))] {
				w.recordLocked(Delivery{EventID: ev.id, Event: ev.name, PaymentID: ev.paymentID,
					Error: "too many events held: dropped", At: s.now()})
			}
			w.held = slices.Delete(w.held, 0, min(over, len(w.held)))
		}
		w.held = append(w.held, evs...)
	default:
		if ws.Reorder {
			slices.Reverse(evs)
		}
		w.enqueueLocked(evs, s.now())
	}
}

// maxWaiting bounds the events held, and those queued for a receiver too
// slow to keep up; beyond it events are dropped (and logged as dropped).
const maxWaiting = 10_000

func (w *webhooks) enqueueLocked(evs []*event, now time.Time) {
	if room := maxWaiting - w.queued; len(evs) > room {
		for _, ev := range evs[max(room, 0):] {
			w.recordLocked(Delivery{EventID: ev.id, Event: ev.name, PaymentID: ev.paymentID,
				Error: "too many events waiting for delivery: dropped", At: now})
		}
		evs = evs[:max(room, 0)]
	}
	if len(evs) == 0 {
		return
	}
	w.queue = append(w.queue, evs)
	w.queued += len(evs)
	w.signal()
}

// dispatch makes the first attempt of every queued event, one at a time in
// queue order, until the Sim is closed. Retries run on their own.
func (s *Sim) dispatch() {
	defer s.wg.Done()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-s.wh.wake:
		}
		for {
			s.wh.mu.Lock()
			if len(s.wh.queue) == 0 {
				s.wh.mu.Unlock()
				break
			}
			batch := s.wh.queue[0]
			s.wh.queue[0] = nil
			s.wh.queue = s.wh.queue[1:]
			s.wh.queued -= len(batch)
			s.wh.mu.Unlock()
			for _, ev := range batch {
				if s.ctx.Err() != nil {
					return
				}
				s.attempt(ev, 1)
			}
		}
	}
}

// attempt delivers an event; on failure it schedules the next attempt, on
// success it sends the duplicates asked for.
func (s *Sim) attempt(ev *event, n int) {
	status, err := s.post(ev)
	if s.ctx.Err() != nil {
		return
	}
	d := Delivery{EventID: ev.id, Event: ev.name, PaymentID: ev.paymentID, Attempt: n, Status: status, At: s.now()}
	if err != nil {
		d.Error = err.Error()
	}
	ok := err == nil && status >= 200 && status < 300
	s.wh.mu.Lock()
	s.wh.recordLocked(d)
	dups := s.wh.settings.Duplicates
	s.wh.mu.Unlock()
	if ok {
		for range max(dups-1, 0) {
			status, err := s.post(ev)
			if s.ctx.Err() != nil {
				return
			}
			d := Delivery{EventID: ev.id, Event: ev.name, PaymentID: ev.paymentID, Attempt: n, Duplicate: true,
				Status: status, At: s.now()}
			if err != nil {
				d.Error = err.Error()
			}
			s.wh.mu.Lock()
			s.wh.recordLocked(d)
			s.wh.mu.Unlock()
		}
		return
	}
	if n > len(s.opts.RetryDelays) {
		s.log.Warn("webhook not delivered; giving up", "event_id", ev.id, "event", ev.name, "attempts", n,
			"status", status, "err", err)
		return
	}
	s.log.Info("webhook not delivered; will retry", "event_id", ev.id, "event", ev.name, "attempt", n,
		"status", status, "err", err, "retry_in", s.opts.RetryDelays[n-1])
	s.after(s.opts.RetryDelays[n-1], func() { s.attempt(ev, n+1) })
}

// post sends an event once and returns the receiver's status.
func (s *Sim) post(ev *event) (int, error) {
	ctx, cancel := context.WithTimeout(s.ctx, webhookTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ev.url, bytes.NewReader(ev.body))
	if err != nil {
		return 0, fmt.Errorf("webhook request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Razorpay-Webhook/v1")
	req.Header.Set("X-Razorpay-Signature", ev.signature)
	req.Header.Set("X-Razorpay-Event-Id", ev.id)
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("webhook post: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.StatusCode, nil
}
