package sim_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// admin sends a request to the simulator's control surface and decodes the
// JSON answer into out (when not nil).
func (e *env) admin(method, path, body string, out any) int {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+sim.AdminPrefix+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, out); err != nil {
			e.t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

func (e *env) simBookings() []sim.BookingInfo {
	e.t.Helper()
	var list sim.BookingList
	if code := e.admin(http.MethodGet, "bookings", "", &list); code != http.StatusOK {
		e.t.Fatalf("GET bookings: HTTP %d", code)
	}
	return list.Bookings
}

// A fault set at run time applies to every later call of its method: a Book
// that commits and then hangs is listed while the caller still waits, a Book
// dropped after the work is listed too, and clearing the faults restores
// normal answers.
func TestAdminFaultsAndBookings(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	if got := e.simBookings(); len(got) != 0 {
		t.Fatalf("a fresh simulator lists %v", got)
	}

	if code := e.admin(http.MethodPut, "faults", `{"book": {"latency": "30s"}}`, nil); code != http.StatusOK {
		t.Fatalf("PUT faults: HTTP %d", code)
	}
	trace, res := e.pick(tok, false)
	body := map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"], "Passengers": []any{lead()}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := e.raw(ctx, airPath+"Book", body)
		done <- err
	}()
	var held []sim.BookingInfo
	for deadline := time.Now().Add(5 * time.Second); len(held) == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		held = e.simBookings()
	}
	if len(held) != 1 || held[0].TraceID != trace || held[0].ResultIndex != res["ResultIndex"] || held[0].IsLCC || held[0].Ticketed ||
		held[0].BookingID == 0 || len(held[0].PNR) != 6 || held[0].CreatedAt.IsZero() {
		t.Fatalf("while the Book is held: %+v", held)
	}
	select {
	case err := <-done:
		t.Fatalf("the held Book answered early: %v", err)
	default:
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the held Book, its client gone: %v, want the cancellation", err)
	}

	var faults map[string]sim.Fault
	if e.admin(http.MethodPut, "faults", `{"Book": {"drop": "after"}, "Ticket": {"latency": "0"}}`, &faults) != http.StatusOK ||
		faults["Book"].Drop != "after" || faults["Ticket"].Latency != "0" || len(faults) != 2 {
		t.Fatalf("faults after PUT: %v", faults)
	}
	trace2, res2 := e.pick(tok, false)
	body["TraceId"], body["ResultIndex"] = trace2, res2["ResultIndex"]
	if _, _, err := e.raw(context.Background(), airPath+"Book", body); err == nil {
		t.Fatal("a Book under drop=after answered")
	}
	got := e.simBookings()
	if len(got) != 2 || got[1].TraceID != trace2 || got[0].BookingID >= got[1].BookingID {
		t.Fatalf("after the dropped Book: %+v", got)
	}

	// A header on the call still wins over the override.
	trace3, res3 := e.pick(tok, false)
	body["TraceId"], body["ResultIndex"] = trace3, res3["ResultIndex"]
	booked := e.book(tok, trace3, res3, sim.HeaderDrop, "none")

	faults = nil
	if e.admin(http.MethodDelete, "faults", "", &faults) != http.StatusOK || len(faults) != 0 {
		t.Fatalf("faults after DELETE: %v", faults)
	}
	e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace3, "PNR": booked["PNR"], "BookingId": booked["BookingId"]})
	got = e.simBookings()
	if len(got) != 3 || !got[2].Ticketed || got[2].TicketedAt == nil || got[2].PNR != booked["PNR"] || got[1].Ticketed {
		t.Fatalf("after the ticket: %+v", got)
	}

	// An LCC ticket books and tickets at once.
	traceL, resL := e.pick(tok, true)
	e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": traceL, "ResultIndex": resL["ResultIndex"],
		"AgentReferenceNo": "PT-1", "Passengers": []any{withFare(lead(), resL)}})
	if got = e.simBookings(); len(got) != 4 || !got[3].IsLCC || !got[3].Ticketed || got[3].TraceID != traceL {
		t.Fatalf("after the LCC ticket: %+v", got[len(got)-1])
	}
}

// A bad override is refused whole and the previous ones stay in force.
func TestAdminRefusesBadFaults(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	if code := e.admin(http.MethodPut, "faults", `{"Ticket": {"drop": "after"}}`, nil); code != http.StatusOK {
		t.Fatalf("PUT faults: HTTP %d", code)
	}
	for _, body := range []string{
		`{"Teleport": {"latency": "1s"}}`,
		`{"Book": {"latency": "soon"}}`,
		`{"Book": {"drop": "sometimes"}}`,
		`{"Book": {"error": "http:200"}}`,
		`{"Book": {"lateness": "1s"}}`,
		`{"Book": {"latency": "1s"}, "Search": {"slowBody": "-1s"}}`,
		`not json`,
	} {
		if code := e.admin(http.MethodPut, "faults", body, nil); code != http.StatusBadRequest {
			t.Errorf("%s: HTTP %d, want 400", body, code)
		}
	}
	var faults map[string]sim.Fault
	if e.admin(http.MethodGet, "faults", "", &faults); len(faults) != 1 || faults["Ticket"].Drop != "after" {
		t.Fatalf("faults after refused changes: %v", faults)
	}
	if code := e.admin(http.MethodPost, "bookings", "", nil); code != http.StatusMethodNotAllowed {
		t.Errorf("POST bookings: HTTP %d", code)
	}
	if code := e.admin(http.MethodGet, "nothing", "", nil); code != http.StatusNotFound {
		t.Errorf("GET nothing: HTTP %d", code)
	}
}
