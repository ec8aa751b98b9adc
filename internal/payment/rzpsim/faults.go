package rzpsim

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// faultTarget is a group of API calls a fault applies to.
type faultTarget uint8

const (
	faultOrders  faultTarget = iota + 1 // POST /v1/orders
	faultRefunds                        // POST /v1/payments/{id}/refund
	faultCapture                        // POST /v1/payments/{id}/capture
	faultFetch                          // every GET under /v1
)

// Fault modes.
const (
	// FaultError500 answers 500 SERVER_ERROR without doing anything.
	FaultError500 = "error500"
	// FaultTimeout does the work (an order or refund is made) and then
	// never answers: the request is held until the client gives up, the
	// Sim is closed, or maxHold passes (then 504).
	FaultTimeout = "timeout"
)

// maxHold bounds how long a timeout fault holds a request.
const maxHold = 2 * time.Minute

// Faults make API calls fail, by group. Each is "" (no fault), a mode
// (FaultError500 or FaultTimeout) that applies to every later call, or a
// mode and a count, "error500:2", that applies to the next calls only.
type Faults struct {
	// Orders is POST /v1/orders.
	Orders string `json:"orders"`
	// Refunds is POST /v1/payments/{id}/refund.
	Refunds string `json:"refunds"`
	// Capture is POST /v1/payments/{id}/capture.
	Capture string `json:"capture"`
	// Fetch is every GET under /v1 (orders, payments, refunds).
	Fetch string `json:"fetch"`
}

// fault is a parsed fault: a mode, for the next left calls (0: all).
type fault struct {
	mode string
	left int
}

func (f fault) String() string {
	if f.mode == "" || f.left == 0 {
		return f.mode
	}
	return f.mode + ":" + strconv.Itoa(f.left)
}

func parseFault(v string) (fault, error) {
	mode, count, counted := strings.Cut(strings.TrimSpace(v), ":")
	f := fault{mode: mode}
	switch mode {
	case "", FaultError500, FaultTimeout:
	default:
		return fault{}, fmt.Errorf("fault %q: want %s or %s, optionally with :count", v, FaultError500, FaultTimeout)
	}
	if counted {
		n, err := strconv.Atoi(count)
		if err != nil || n < 1 || mode == "" {
			return fault{}, fmt.Errorf("fault %q: the count must be a positive integer after a mode", v)
		}
		f.left = n
	}
	return f, nil
}

// SetFaults replaces the faults in force. Nothing changes when one is
// invalid.
func (s *Sim) SetFaults(f Faults) error {
	parsed := map[faultTarget]fault{}
	for target, v := range map[faultTarget]string{faultOrders: f.Orders, faultRefunds: f.Refunds,
		faultCapture: f.Capture, faultFetch: f.Fetch} {
		p, err := parseFault(v)
		if err != nil {
			return err
		}
		if p.mode != "" {
			parsed[target] = p
		}
	}
	s.mu.Lock()
	s.faults = parsed
	s.mu.Unlock()
	return nil
}

// Faults returns the faults in force, with the calls left of counted ones.
func (s *Sim) Faults() Faults {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Faults{Orders: s.faults[faultOrders].String(), Refunds: s.faults[faultRefunds].String(),
		Capture: s.faults[faultCapture].String(), Fetch: s.faults[faultFetch].String()}
}

// takeFault returns the fault mode for one call to target, counting it.
func (s *Sim) takeFault(target faultTarget) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.faults[target]
	if !ok {
		return ""
	}
	if f.left > 0 {
		f.left--
		if f.left == 0 {
			delete(s.faults, target)
		} else {
			s.faults[target] = f
		}
	}
	return f.mode
}

// hold keeps a request unanswered until its client leaves, the Sim is
// closed (the connection is then dropped), or maxHold passes, when it
// answers 504 as a gateway would.
func (s *Sim) hold(ctx context.Context, w http.ResponseWriter) {
	t := time.NewTimer(maxHold)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-s.ctx.Done():
		panic(http.ErrAbortHandler)
	case <-t.C:
		e := serverError()
		e.status = http.StatusGatewayTimeout
		e.Description = "Gateway timeout"
		writeJSON(w, e.status, e)
	}
}
