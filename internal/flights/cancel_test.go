package flights_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/documents"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// cancelView is GET /me/bookings/{id} with its tickets and cancellations.
type cancelView struct {
	tripView
	Documents []struct {
		Kind  string `json:"kind"`
		Title string `json:"title"`
		Href  string `json:"href"`
	} `json:"documents"`
	Tickets []struct {
		Passenger    int    `json:"passenger"`
		TicketID     int64  `json:"ticketId"`
		TicketNumber string `json:"ticketNumber"`
		Name         string `json:"name"`
		State        string `json:"state"`
	} `json:"tickets"`
	Cancellations []struct {
		ID           string  `json:"_id"`
		Status       string  `json:"status"`
		StatusText   string  `json:"statusText"`
		Whole        bool    `json:"whole"`
		QuotedRefund string  `json:"quotedRefund"`
		Charge       *string `json:"charge"`
		RefundDue    *string `json:"refundDue"`
		Failure      string  `json:"failure"`
		Tickets      []struct {
			TicketID int64  `json:"ticketId"`
			Status   string `json:"status"`
		} `json:"tickets"`
	} `json:"cancellations"`
}

type quoteView struct {
	Quote struct {
		Whole      bool   `json:"whole"`
		Charge     string `json:"charge"`
		Fee        string `json:"fee"`
		Refund     string `json:"refund"`
		RefundTo   string `json:"refundTo"`
		RefundDays int    `json:"refundDays"`
		Tickets    []struct {
			TicketID int64 `json:"ticketId"`
		} `json:"tickets"`
	} `json:"quote"`
}

func cancelTrip(t *testing.T, c *apitest.Client, id string) cancelView {
	t.Helper()
	res := c.Do("GET", "/api/v1/me/bookings/"+id, nil)
	if res.StatusCode != 200 {
		t.Fatalf("GET booking = %d %s", res.StatusCode, res.Body)
	}
	var v cancelView
	res.JSON(t, &v)
	return v
}

// ticketedFamily books a refundable fare for two adults three weeks ahead,
// pays it by UPI and waits for the tickets.
func ticketedFamily(t *testing.T, env *apitest.Env, c *apitest.Client, lcc bool) cancelView {
	t.Helper()
	res := c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{
		"origin": "BOM", "destination": "DEL", "departDate": time.Now().AddDate(0, 0, 21).Format(time.DateOnly), "adults": 2,
	})
	var s struct {
		Data struct {
			Response struct {
				TraceId string
				Results [][]struct {
					ResultIndex  string
					IsLCC        bool
					IsRefundable bool
				}
			}
		} `json:"data"`
	}
	res.JSON(t, &s)
	if res.StatusCode != 200 || len(s.Data.Response.Results) == 0 {
		t.Fatalf("search = %d %s", res.StatusCode, truncate(res.Body))
	}
	index := ""
	for _, r := range s.Data.Response.Results[0] {
		if r.IsRefundable && r.IsLCC == lcc {
			index = r.ResultIndex
			break
		}
	}
	if index == "" {
		t.Fatalf("no refundable result with IsLCC=%v", lcc)
	}
	body := bookBody(s.Data.Response.TraceId, index, lcc)
	pax := body["passengers"].([]map[string]any)
	second := map[string]any{}
	for k, v := range pax[0] {
		second[k] = v
	}
	second["FirstName"], second["Title"], second["Gender"] = "Meera", "Ms", 2
	body["passengers"] = append(pax, second)
	res = c.Do("POST", "/api/v1/flights/tbo/book", body)
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.ID == "" {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	pay(t, env, c, b.Booking.ID, "upi", "success")
	waitStatus(t, c, b.Booking.ID, "ticketed")
	v := cancelTrip(t, c, b.Booking.ID)
	if len(v.Tickets) != 2 || v.Tickets[0].State != "ticketed" || v.Tickets[1].TicketID == 0 {
		t.Fatalf("tickets of a ticketed booking: %+v", v.Tickets)
	}
	return v
}

// A traveller cancels one of two travellers: the charges are shown first,
// the confirmed cancellation goes to the airline once, the other traveller
// stays ticketed, and the gateway holds exactly one refund of the amount
// shown.
func TestCancelOneOfTwoTravellers(t *testing.T) {
	t.Parallel()
	// The airline acknowledges at once and completes within a second (no
	// low-cost answer comes back completed: the job must follow).
	env := apitest.New(t, apitest.Options{Sim: sim.Options{Cancellations: &sim.Cancellations{CompleteAfter: time.Second}}})
	for _, lcc := range []bool{false, true} {
		c := signIn(t, env, fmt.Sprintf("canceller-%v@example.in", lcc))
		v := ticketedFamily(t, env, c, lcc)
		id, second := v.Booking.ID, v.Tickets[1].TicketID

		res := c.Do("GET", "/api/v1/me/bookings/"+id+"/cancellation-charges?tickets="+strconv.FormatInt(second, 10), nil)
		var q quoteView
		res.JSON(t, &q)
		if res.StatusCode != 200 || q.Quote.Whole || len(q.Quote.Tickets) != 1 || q.Quote.RefundTo != "UPI" || q.Quote.RefundDays != 7 {
			t.Fatalf("lcc=%v: charges = %d %s", lcc, res.StatusCode, res.Body)
		}
		refund := decimal.RequireFromString(q.Quote.Refund)
		if !refund.IsPositive() || !decimal.RequireFromString(q.Quote.Charge).IsPositive() {
			t.Fatalf("lcc=%v: quote %+v", lcc, q.Quote)
		}

		// Confirming at a refund not shown is refused with the real quote.
		res = c.Do("POST", "/api/v1/me/bookings/"+id+"/cancellations", map[string]any{"tickets": []int64{second}, "refund": refund.Add(decimal.NewFromInt(1)).String()})
		if code, _ := res.Error(t); res.StatusCode != 409 || code != "charges_changed" {
			t.Fatalf("lcc=%v: confirm at another refund = %d %s", lcc, res.StatusCode, res.Body)
		}
		res = c.Do("POST", "/api/v1/me/bookings/"+id+"/cancellations", map[string]any{"tickets": []int64{second}, "refund": q.Quote.Refund})
		if res.StatusCode != 202 {
			t.Fatalf("lcc=%v: confirm = %d %s", lcc, res.StatusCode, res.Body)
		}
		// The same ticket again is refused: never two change requests.
		res = c.Do("POST", "/api/v1/me/bookings/"+id+"/cancellations", map[string]any{"tickets": []int64{second}, "refund": q.Quote.Refund})
		if code, _ := res.Error(t); res.StatusCode != 409 || code != "ticket_taken" {
			t.Fatalf("lcc=%v: the same ticket again = %d %s", lcc, res.StatusCode, res.Body)
		}

		var done cancelView
		defer func() { t.Logf("last seen: %+v", done.Cancellations) }()
		waitFor(t, 30*time.Second, "the cancellation's end", func() bool {
			env.WorkJobs(t)
			done = cancelTrip(t, c, id)
			return len(done.Cancellations) == 1 && done.Cancellations[0].Status == "cancelled"
		})
		cn := done.Cancellations[0]
		t.Logf("cancellation %+v", cn)
		if cn.RefundDue == nil || *cn.RefundDue != q.Quote.Refund || cn.StatusText != "Cancelled" {
			t.Fatalf("lcc=%v: cancellation %+v, quoted refund %s", lcc, cn, q.Quote.Refund)
		}
		if done.Booking.Status != "ticketed" || done.Booking.Cancellation != "partly_cancelled" || done.Tickets[0].State != "ticketed" || done.Tickets[1].State != "cancelled" {
			t.Fatalf("lcc=%v: after a partial cancellation: %s %+v", lcc, done.Booking.Status, done.Tickets)
		}

		// A credit note against the booking's invoice states the refund.
		var note string
		for _, d := range done.Documents {
			if d.Kind == "credit-note" {
				note = d.Href
			}
		}
		if note == "" {
			t.Fatalf("lcc=%v: no credit note among %+v", lcc, done.Documents)
		}
		res = c.Do("GET", note, nil)
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("lcc=%v: credit note = %d", lcc, res.StatusCode)
		}
		text := pdfText(t, res.Body)
		for _, want := range []string{"Credit Note", "CN/", "PY/", documents.FormatINR(refund)} {
			if !strings.Contains(text, want) {
				t.Errorf("lcc=%v: the credit note does not show %q:\n%s", lcc, want, text)
			}
		}
		if other := signIn(t, env, fmt.Sprintf("peeker-%v@example.in", lcc)); other.Do("GET", note, nil).StatusCode != 404 {
			t.Errorf("lcc=%v: another user reads the credit note", lcc)
		}

		// My Trips says so too.
		var list struct {
			Items []struct {
				ID           string `json:"_id"`
				Cancellation string `json:"cancellation"`
			} `json:"items"`
		}
		c.Do("GET", "/api/v1/me/bookings", nil).JSON(t, &list)
		if len(list.Items) != 1 || list.Items[0].Cancellation != "partly_cancelled" {
			t.Fatalf("lcc=%v: My Trips shows %+v", lcc, list.Items)
		}

		// Exactly one refund at the gateway, of the amount shown.
		waitFor(t, 20*time.Second, "the refund at the gateway", func() bool {
			env.WorkJobs(t)
			return len(cancelTrip(t, c, id).Refunds) == 1
		})
		// The traveller heard at each step: asked, cancelled, and the
		// refund processed (once the gateway says so).
		waitFor(t, 30*time.Second, "the refund processed", func() bool {
			env.WorkJobs(t)
			r := cancelTrip(t, c, id).Refunds
			return len(r) == 1 && r[0].Status == "processed"
		})
		kinds := map[string]int{}
		for _, m := range env.Mail.All() {
			if m.To == fmt.Sprintf("canceller-%v@example.in", lcc) {
				kinds[m.Kind]++
			}
		}
		if kinds["cancellation_requested"] != 1 || kinds["cancellation_done"] != 1 || kinds["refund_done"] != 1 {
			t.Errorf("lcc=%v: the traveller's e-mails by kind: %v", lcc, kinds)
		}

		paise := refund.Shift(2).IntPart()
		var n int
		var sum int64
		for _, rec := range env.Gateway.Orders() {
			if rec.Order.Receipt == nil || *rec.Order.Receipt != id {
				continue
			}
			for _, r := range rec.Refunds {
				n++
				sum += r.Amount
			}
		}
		if n != 1 || sum != paise {
			t.Fatalf("lcc=%v: gateway holds %d refunds of %d paise, want one of %d", lcc, n, sum, paise)
		}
	}
}

// Cancelling every adult while an infant stays is refused before the
// airline is asked; cancelling a booking that is not ticketed is refused.
func TestCancellationChecks(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signIn(t, env, "checker@example.in")
	b := bookGDS(t, c, false)
	res := c.Do("GET", "/api/v1/me/bookings/"+b.Booking.ID+"/cancellation-charges", nil)
	if code, _ := res.Error(t); res.StatusCode != 409 || code != "not_cancellable" {
		t.Fatalf("charges of an unticketed booking = %d %s", res.StatusCode, res.Body)
	}
	res = c.Do("GET", "/api/v1/me/bookings/"+b.Booking.ID+"/cancellation-charges?tickets=abc", nil)
	if res.StatusCode != 400 {
		t.Fatalf("bad ticket ids = %d %s", res.StatusCode, res.Body)
	}
	other := signIn(t, env, "other@example.in")
	res = other.Do("GET", "/api/v1/me/bookings/"+b.Booking.ID+"/cancellation-charges", nil)
	if res.StatusCode != 404 {
		t.Fatalf("another user's booking = %d %s", res.StatusCode, res.Body)
	}
}

// The airline refusing the change request ends the cancellation refused,
// in plain words, with nothing refunded: the ticket stays valid and may be
// asked again, and the traveller is told why.
func TestRefusedCancellation(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{Sim: sim.Options{Cancellations: &sim.Cancellations{}}})
	c := signIn(t, env, "refused@example.in")
	v := ticketedFamily(t, env, c, false)
	id := v.Booking.ID
	res := c.Do("GET", "/api/v1/me/bookings/"+id+"/cancellation-charges", nil)
	var q quoteView
	res.JSON(t, &q)
	if res.StatusCode != 200 || !q.Quote.Whole || len(q.Quote.Tickets) != 2 {
		t.Fatalf("charges of the whole booking = %d %s", res.StatusCode, res.Body)
	}
	if err := env.Sim.SetFaults(map[string]sim.Fault{"SendChangeRequest": {Error: "true"}}); err != nil {
		t.Fatal(err)
	}
	if res := c.Do("POST", "/api/v1/me/bookings/"+id+"/cancellations", map[string]any{"refund": q.Quote.Refund}); res.StatusCode != 202 {
		t.Fatalf("confirm = %d %s", res.StatusCode, res.Body)
	}
	var done cancelView
	waitFor(t, 30*time.Second, "the refusal", func() bool {
		env.WorkJobs(t)
		done = cancelTrip(t, c, id)
		return len(done.Cancellations) == 1 && done.Cancellations[0].Status == "refused"
	})
	cn := done.Cancellations[0]
	if cn.Failure == "" || cn.StatusText != "Cancellation refused" || cn.RefundDue != nil || len(done.Refunds) != 0 ||
		done.Tickets[0].State != "ticketed" || done.Tickets[1].State != "ticketed" || done.Booking.Cancellation != "" {
		t.Fatalf("a refused cancellation: %+v, tickets %+v, refunds %+v", cn, done.Tickets, done.Refunds)
	}
	kinds := map[string]int{}
	for _, m := range env.Mail.All() {
		if m.To == "refused@example.in" {
			kinds[m.Kind]++
		}
	}
	if kinds["cancellation_refused"] != 1 || kinds["cancellation_done"] != 0 {
		t.Errorf("the traveller's e-mails by kind: %v", kinds)
	}
	// The tickets are free to be cancelled again.
	if err := env.Sim.SetFaults(nil); err != nil {
		t.Fatal(err)
	}
	if res := c.Do("GET", "/api/v1/me/bookings/"+id+"/cancellation-charges", nil); res.StatusCode != 200 {
		t.Fatalf("charges after a refusal = %d %s", res.StatusCode, res.Body)
	}
}
