package flights

import (
	"net/http"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/trip"
)

// The decisions of the booking machine, without a database or a supplier:
// what each answer to a Book or Ticket call, and each look at the booking
// details, does to a booking.

func booking(status trip.Status, lcc bool) queries.Booking {
	return queries.Booking{Status: status, IsLcc: lcc}
}

func TestDecideCall(t *testing.T) {
	lost := &supplier.Error{Kind: supplier.KindTimeout, Message: "no answer in 120 s"}
	refused := &supplier.Error{Kind: supplier.KindFailed, Message: "No seats.", FromSupplier: true}
	held := &supplier.Booking{PNR: "ABC123", BookingID: 77, Answer: supplier.Answer{Doc: []byte(`{"held":1}`)}}
	issued := &supplier.Booking{PNR: "ABC123", BookingID: 77, Ticketed: true, Answer: supplier.Answer{Doc: []byte(`{"ticketed":1}`)}}
	notIssued := &supplier.Booking{PNR: "ABC123", BookingID: 77, Status: "Pending", Answer: supplier.Answer{Doc: []byte(`{}`)}}
	movedAtBook := &supplier.Booking{PriceChanged: true, Answer: supplier.Answer{Doc: []byte(`{}`)}}
	movedAtTicket := &supplier.Booking{PriceChanged: true, Price: decimal.RequireFromString("5432.10"), Answer: supplier.Answer{Doc: []byte(`{}`)}}

	for _, c := range []struct {
		name   string
		b      queries.Booking
		step   trip.Step
		res    *supplier.Booking
		err    error
		event  trip.Event
		to     trip.Status
		kind   OutcomeKind
		status int
		code   string
	}{
		{"book held", booking(trip.Booking, false), trip.StepBook, held, nil, trip.Hold, trip.Booked, Done, 200, ""},
		{"book lost", booking(trip.Booking, false), trip.StepBook, nil, lost, trip.LoseOutcome, trip.Unknown, Pending, 202, ""},
		{"book refused", booking(trip.Booking, false), trip.StepBook, nil, refused, trip.RefuseBook, trip.Failed, Refused, 502, "booking_failed"},
		{"fare moved at book", booking(trip.Booking, false), trip.StepBook, movedAtBook, nil, trip.MoveFareAtBook, trip.Failed, FareMoved, 409, "price_changed"},
		{"ticket issued (GDS)", booking(trip.Ticketing, false), trip.StepTicket, issued, nil, trip.Issue, trip.Ticketed, Done, 200, ""},
		{"ticket issued (LCC)", booking(trip.Ticketing, true), trip.StepTicket, issued, nil, trip.Issue, trip.Ticketed, Done, 200, ""},
		{"ticket refused keeps a GDS hold", booking(trip.Ticketing, false), trip.StepTicket, nil, refused, trip.RefuseTicket, trip.Booked, Refused, 502, "ticketing_failed"},
		{"ticket refused fails an LCC", booking(trip.Ticketing, true), trip.StepTicket, nil, refused, trip.RefuseTicket, trip.Failed, Refused, 502, "ticketing_failed"},
		{"ticket not issued", booking(trip.Ticketing, false), trip.StepTicket, notIssued, nil, trip.RefuseTicket, trip.Booked, Refused, 502, "ticketing_failed"},
		{"fare moved at ticket", booking(trip.Ticketing, false), trip.StepTicket, movedAtTicket, nil, trip.MoveFareAtTicket, trip.Booked, FareMoved, 409, "price_changed"},
		{"ticket lost", booking(trip.Ticketing, true), trip.StepTicket, nil, lost, trip.LoseOutcome, trip.Unknown, Pending, 202, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := decideCall(c.b, c.step, c.res, c.err)
			if err != nil {
				t.Fatal(err)
			}
			if d.Event != c.event || d.To != c.to || d.Outcome.Kind != c.kind {
				t.Fatalf("decision %s → %s (%d); want %s → %s (%d)", d.Event, d.To, d.Outcome.Kind, c.event, c.to, c.kind)
			}
			status, code := httpOutcome(d.Outcome.Kind, c.step)
			if status != c.status || code != c.code {
				t.Errorf("HTTP %d %q; want %d %q", status, code, c.status, c.code)
			}
			// A call's answer also settles a booking the lease sweep made
			// unknown meanwhile; a lost outcome only moves the status the
			// call started in.
			from := d.from(c.b, c.step)
			want := []string{string(c.b.Status), string(trip.Unknown)}
			if c.event == trip.LoseOutcome {
				want = want[:1]
			}
			if len(from) != len(want) || from[0] != want[0] || len(want) == 2 && from[1] != want[1] {
				t.Errorf("recorded from %v; want %v", from, want)
			}
		})
	}
}

func TestDecideCallKeepsTheSuppliersReferences(t *testing.T) {
	pnr, id := "OLD111", int64(5)
	b := queries.Booking{Status: trip.Ticketing, Pnr: &pnr, SupplierBookingID: &id}
	d, err := decideCall(b, trip.StepTicket, &supplier.Booking{Ticketed: true}, nil)
	if err != nil || d.PNR != pnr || d.BookingID != id {
		t.Fatalf("decision %+v, %v: the booking's PNR and id must be kept when the answer has none", d, err)
	}
	d, _ = decideCall(booking(trip.Ticketing, false), trip.StepTicket, &supplier.Booking{PriceChanged: true, Price: decimal.RequireFromString("100.5")}, nil)
	if d.NewPrice == nil || !d.NewPrice.Equal(decimal.RequireFromString("100.5")) || !d.PriceChangePending {
		t.Errorf("a fare moved at ticket records the new price exactly: %+v", d)
	}
}

func TestDecideCallRefusesAMoveTheTableLacks(t *testing.T) {
	// A Book answer for a booking already ticketed is a bug, never recorded.
	if _, err := decideCall(booking(trip.Ticketed, false), trip.StepBook, &supplier.Booking{}, nil); err == nil {
		t.Fatal("a held answer moved a ticketed booking")
	}
}

func TestDecideReconcile(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	giveUp := 30 * time.Minute
	ticket, book := trip.StepTicket, trip.StepBook
	unknown := func(lcc bool, step *trip.Step, since time.Duration) queries.Booking {
		at := now.Add(-since)
		return queries.Booking{Status: trip.Unknown, IsLcc: lcc, UnknownStep: step, UnknownSince: &at}
	}
	noSuch := &supplier.Error{Kind: supplier.KindNoSuchBooking, Message: "No booking found."}
	down := &supplier.Error{Kind: supplier.KindTimeout, Message: "timeout"}
	for _, c := range []struct {
		name   string
		b      queries.Booking
		d      *supplier.Details
		err    error
		settle bool
		to     trip.Status
		result string
	}{
		{"supplier down proves nothing", unknown(false, &book, time.Hour), nil, down, false, "", "supplier_unavailable"},
		{"not found yet", unknown(false, &book, giveUp-time.Second), nil, noSuch, false, "", "not_found_yet"},
		{"never received: book", unknown(false, &book, giveUp), nil, noSuch, true, trip.Failed, "failed"},
		{"never received: GDS ticket stays held", unknown(false, &ticket, giveUp), nil, noSuch, true, trip.Booked, "failed"},
		{"never received: LCC ticket", unknown(true, &ticket, giveUp), nil, noSuch, true, trip.Failed, "failed"},
		{"found held", unknown(false, &book, time.Minute), &supplier.Details{PNR: "P", BookingID: 9}, nil, true, trip.Booked, "booked"},
		{"found ticketed", unknown(true, &ticket, time.Minute), &supplier.Details{PNR: "P", BookingID: 9, Passengers: []supplier.BookedPassenger{{TicketNumber: "1"}}}, nil, true, trip.Ticketed, "ticketed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, settle, result := decideReconcile(c.b, c.d, c.err, now, giveUp)
			if settle != c.settle || result != c.result || settle && d.To != c.to {
				t.Fatalf("settle %v to %q (%s); want %v to %q (%s)", settle, d.To, result, c.settle, c.to, c.result)
			}
			if settle && (!d.Reconciled || len(d.from(c.b, stepOf(c.b))) != 1) {
				t.Errorf("a reconciled decision records from unknown only, marked reconciled: %+v", d)
			}
		})
	}
}

func TestOutcomeOfAnswersFromTheBooking(t *testing.T) {
	for _, c := range []struct {
		b      queries.Booking
		step   trip.Step
		kind   OutcomeKind
		status int
	}{
		{queries.Booking{Status: trip.Ticketed}, trip.StepTicket, Done, http.StatusOK},
		{queries.Booking{Status: trip.Booked, PriceChangePending: true}, trip.StepTicket, FareMoved, http.StatusConflict},
		{queries.Booking{Status: trip.Booked, Reason: trip.ReasonNotReceived}, trip.StepTicket, NotIssued, http.StatusConflict},
		{queries.Booking{Status: trip.Booked}, trip.StepTicket, NotIssued, http.StatusConflict},
		{queries.Booking{Status: trip.Booked, Reason: trip.ReasonTicketRefused}, trip.StepTicket, Refused, http.StatusBadGateway},
		{queries.Booking{Status: trip.Failed, Reason: trip.ReasonNotReceived}, trip.StepBook, NotIssued, http.StatusConflict},
		{queries.Booking{Status: trip.Failed, Reason: trip.ReasonNotReceived}, trip.StepTicket, NotIssued, http.StatusConflict},
		{queries.Booking{Status: trip.Failed, Reason: trip.ReasonFareChanged}, trip.StepBook, FareMoved, http.StatusConflict},
		{queries.Booking{Status: trip.Failed, Reason: trip.ReasonBookRefused}, trip.StepBook, Refused, http.StatusBadGateway},
		{queries.Booking{Status: trip.Booked}, trip.StepBook, Done, http.StatusOK},
		{queries.Booking{Status: trip.Unknown}, trip.StepBook, Pending, http.StatusAccepted},
		{queries.Booking{Status: trip.Ticketing}, trip.StepTicket, Pending, http.StatusAccepted},
	} {
		out := outcomeOf(c.b, c.step)
		if status, _ := httpOutcome(out.Kind, c.step); out.Kind != c.kind || status != c.status {
			t.Errorf("outcomeOf(%s, reason %q, %s) = kind %d (HTTP %d); want %d (HTTP %d)", c.b.Status, c.b.Reason, c.step, out.Kind, status, c.kind, c.status)
		}
	}
}
