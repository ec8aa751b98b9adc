package flights_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/outbox"
)

func mailsOf(env *apitest.Env, kind string) []apitest.Mail {
	var out []apitest.Mail
	for _, m := range env.Mail.All() {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// A GDS booking writes "booking confirmed" with its PNR when the seats are
// held and "ticket issued" with the ticket numbers when ticketed, each once
// and to the booking's owner, linking to the trip in My Trips.
func TestBookingAndTicketMails(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{TicketOnRequest: true})
	c := signIn(t, env, "mails@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	trace := s.Data.Response.TraceId
	var b outcome
	c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace, gds.ResultIndex, false)).JSON(t, &b)
	if b.Booking.Status != "booked" {
		t.Fatalf("book: %+v", b)
	}
	confirmed := mailsOf(env, outbox.KindBookingConfirmed)
	if len(confirmed) != 1 {
		t.Fatalf("%d booking-confirmed mails", len(confirmed))
	}
	m := confirmed[0]
	link := "/account/trips/" + b.Booking.ID
	if m.To != "mails@example.in" || !strings.Contains(m.Subject, "PNR "+b.Booking.PNR) || !strings.Contains(m.Body, "Mr RAVI KUMAR (adult)") ||
		!strings.Contains(m.Body, link) || !strings.Contains(m.Body, "₹") {
		t.Fatalf("booking confirmed to %s %q:\n%s", m.To, m.Subject, m.Body)
	}
	if len(mailsOf(env, outbox.KindTicketIssued)) != 0 {
		t.Fatal("a ticket mail before the ticket")
	}

	var tk outcome
	payFor(t, env, c, b.Booking.ID)
	c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": b.Data.Response.Response.BookingId, "pnr": b.Booking.PNR, "traceId": trace}).JSON(t, &tk)
	if tk.Booking.Status != "ticketed" {
		t.Fatalf("ticket: %+v", tk)
	}
	// Ticketing again answers from the record and writes nothing more.
	c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": b.Data.Response.Response.BookingId, "pnr": b.Booking.PNR, "traceId": trace})
	issued := mailsOf(env, outbox.KindTicketIssued)
	if len(issued) != 1 || len(mailsOf(env, outbox.KindBookingConfirmed)) != 1 {
		t.Fatalf("%d ticket-issued mails", len(issued))
	}
	if !strings.Contains(issued[0].Body, "ticket ") || !strings.Contains(issued[0].HTML, link) {
		t.Fatalf("ticket issued:\n%s", issued[0].Body)
	}
}

// A refused LCC ticket (after payment) writes "not booked" with the
// reason in plain words, once.
func TestFailedBookingMail(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: header("Ticket", "X-Sim-Error", "true")})
	c := signIn(t, env, "refused@example.in")
	b := bookGDS(t, c, true)
	payFor(t, env, c, b.Booking.ID)
	waitStatus(t, c, b.Booking.ID, "failed")
	var failed []apitest.Mail
	waitFor(t, 10*time.Second, "the failure mail", func() bool {
		failed = mailsOf(env, outbox.KindBookingFailed)
		return len(failed) > 0
	})
	if len(failed) != 1 || !strings.Contains(failed[0].Body, "Your booking did not go through: the airline could not issue the ticket") {
		t.Fatalf("failed mails %+v", failed)
	}
}

// A booking the airline has not answered for PendingMailAfter gets one
// "we are confirming" mail, then the outcome's when it resolves.
func TestPendingMailOnceThenOutcome(t *testing.T) {
	t.Parallel()
	var detailsDown atomic.Bool
	detailsDown.Store(true)
	mw := func(next http.Handler) http.Handler {
		drop := header("Book", "X-Sim-Drop", "after")(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isCall(r, "GetBookingDetails") && detailsDown.Load() {
				http.Error(w, "down", http.StatusBadGateway)
				return
			}
			drop.ServeHTTP(w, r)
		})
	}
	env := apitest.New(t, apitest.Options{SimMiddleware: mw})
	env.Bookings.InlineReconcile = 0
	c := signIn(t, env, "pending@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	var b outcome
	c.Do("POST", "/api/v1/flights/tbo/book", bookBody(s.Data.Response.TraceId, gds.ResultIndex, false)).JSON(t, &b)
	if b.Booking.Status != "unknown" {
		t.Fatalf("dropped book: %+v", b)
	}
	var elapsed time.Duration
	due := func(unknownFor time.Duration) {
		t.Helper()
		env.Clock.Advance(unknownFor - elapsed) // past each retry's back-off too
		elapsed = unknownFor
		env.WorkJobs(t)
	}
	due(30 * time.Second)
	if n := len(mailsOf(env, outbox.KindBookingPending)); n != 0 {
		t.Fatalf("%d pending mails after 30 s", n)
	}
	due(3 * time.Minute)
	due(4 * time.Minute)
	pending := mailsOf(env, outbox.KindBookingPending)
	if len(pending) != 1 || !strings.Contains(pending[0].Body, "Please do not book the same flight again") {
		t.Fatalf("pending mails %+v", pending)
	}
	detailsDown.Store(false)
	due(5 * time.Minute)
	if n := len(mailsOf(env, outbox.KindBookingConfirmed)); n != 1 {
		t.Fatalf("%d confirmed mails once reconciled", n)
	}
	if n := len(mailsOf(env, outbox.KindBookingPending)); n != 1 {
		t.Fatalf("%d pending mails in all", n)
	}
}
