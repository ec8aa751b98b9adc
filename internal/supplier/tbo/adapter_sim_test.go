package tbo_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// familyOf are two adults, a child and an infant with every document a fare
// can ask for, each carrying the quote's fare of their type.
func familyOf(q *supplier.Quote) []supplier.Passenger {
	now := time.Now()
	day := func(t time.Time) string { return t.Format("2006-01-02T00:00:00") }
	expiry := day(now.AddDate(5, 0, 0))
	gst := &supplier.GST{Number: "27AAPFU0939F1ZV", CompanyName: "Udaan Traders", CompanyAddress: "4 Nariman Point, Mumbai",
		ContactNumber: "9820012345", CompanyEmail: "accounts@udaan.example"}
	ps := []supplier.Passenger{
		{Title: "Mr", FirstName: "Arjun", LastName: "Mehta", PaxType: supplier.PaxAdult, DateOfBirth: "1988-05-14T00:00:00", Gender: 1,
			AddressLine1: "12 Marine Drive", City: "Mumbai", CountryCode: "IN", CountryName: "India", Nationality: "IN",
			ContactNo: "9820012345", Email: "arjun@example.in", IsLeadPax: true, PAN: "ABCDE1234F", FFAirlineCode: "AI", FFNumber: "123456789",
			MealCode: "VJML", GST: gst},
		{Title: "Ms", FirstName: "Isha", LastName: "Mehta", PaxType: supplier.PaxAdult, DateOfBirth: "1990-02-02T00:00:00", Gender: 2, PAN: "BCDEF2345G"},
		{Title: "Miss", FirstName: "Anya", LastName: "Mehta", PaxType: supplier.PaxChild, DateOfBirth: day(now.AddDate(-7, 0, 0)), Gender: 2, MealCode: "CHML"},
		{Title: "Master", FirstName: "Kabir", LastName: "Mehta", PaxType: supplier.PaxInfant, DateOfBirth: day(now.AddDate(0, -10, 0)), Gender: 1, MealCode: "BBML"},
	}
	for i := range ps {
		ps[i].PassportNo, ps[i].PassportExpiry, ps[i].PassportCountry = "Z123456"+string(rune('0'+i)), expiry, "IN"
		ps[i].Fare = q.PassengerFares[ps[i].PaxType-1]
	}
	return ps
}

// outbound searches through the adapter and returns the trace and the
// answer's first list of results (the outbound journey's), each read into
// R: the fields of a result the test needs.
func outbound[R any](t *testing.T, a *tbo.Adapter, conn *connector.Connector, req supplier.SearchRequest) (string, []R) {
	t.Helper()
	ans, err := a.Search(context.Background(), conn, req)
	if err != nil {
		t.Fatal(err)
	}
	var found struct{ Response struct{ Results [][]R } }
	if err := json.Unmarshal(ans.Doc, &found); err != nil {
		t.Fatal(err)
	}
	if len(found.Response.Results) == 0 {
		t.Fatal("the search answered no list of results")
	}
	return ans.TraceID, found.Response.Results[0]
}

// heldPassenger is a passenger of a booking details answer.
type heldPassenger struct {
	PAN, PassportNo, FFAirlineCode, FFNumber, GSTNumber string
	Meal                                                *struct{ Code, Description string }
	Fare                                                struct{ BaseFare, Tax json.Number }
}

func heldPassengers(t *testing.T, doc json.RawMessage) []heldPassenger {
	t.Helper()
	var d struct {
		Response struct {
			FlightItinerary struct{ Passenger []heldPassenger }
		}
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	return d.Response.FlightItinerary.Passenger
}

// A family of four books a full-service fare and tickets a low-cost one
// that need PAN, passports and GST, through the adapter over real HTTP: the
// quote says what is needed and prices one passenger of each type exactly
// as the supplier does, and the supplier holds what was sent.
func TestAdapterBooksAFamilyWithDocuments(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{Documents: sim.Documents{PAN: 1, Passport: 1, GST: 1}})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	traceID, results := outbound[struct {
		ResultIndex string
		IsLCC       bool
	}](t, a, conn, supplier.SearchRequest{Origin: "BOM", Destination: "DEL", Depart: time.Now().Add(48 * time.Hour),
		Cabin: 2, Adults: 2, Children: 1, Infants: 1, Sources: []string{"GDS", "LCC"}})
	pick := map[bool]string{}
	for _, r := range results {
		if pick[r.IsLCC] == "" {
			pick[r.IsLCC] = r.ResultIndex
		}
	}
	for _, lcc := range []bool{false, true} {
		q, err := a.FareQuote(ctx, conn, supplier.ResultRef{TraceID: traceID, ResultIndex: pick[lcc]})
		if err != nil {
			t.Fatal(err)
		}
		if !q.PANAtBook || !q.PassportAtBook || !q.GSTMandatory || !q.GSTAllowed || q.Travellers != [3]int{2, 1, 1} ||
			q.LastTravelDate < q.Departure[:10] || q.IsLCC != lcc {
			t.Fatalf("quote (LCC %v): %+v", lcc, q)
		}
		sent := familyOf(q)
		var bookingID int64
		if !lcc {
			b, err := a.Book(ctx, conn, supplier.BookRequest{ResultRef: supplier.ResultRef{TraceID: traceID, ResultIndex: q.ResultIndex}, Passengers: sent})
			if err != nil || b.PriceChanged {
				t.Fatalf("Book: %v %+v", err, b)
			}
			bookingID = b.BookingID
		} else {
			b, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: supplier.ResultRef{TraceID: traceID, ResultIndex: q.ResultIndex},
				AgentReference: "PT-9", Passengers: sent})
			if err != nil || b.PriceChanged || !b.Ticketed {
				t.Fatalf("LCC Ticket: %v %+v", err, b)
			}
			bookingID = b.BookingID
		}
		d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: bookingID})
		if err != nil {
			t.Fatal(err)
		}
		held := heldPassengers(t, d.Doc)
		if len(held) != 4 {
			t.Fatalf("LCC %v: %d passengers held", lcc, len(held))
		}
		for i, h := range held {
			p := sent[i]
			var fare struct{ BaseFare, Tax json.Number }
			_ = json.Unmarshal(p.Fare, &fare)
			wantGST := ""
			if p.GST != nil {
				wantGST = p.GST.Number
			}
			if h.PAN != p.PAN || h.PassportNo != p.PassportNo || h.FFAirlineCode != p.FFAirlineCode || h.FFNumber != p.FFNumber ||
				h.GSTNumber != wantGST || !sameAmount(h.Fare.BaseFare, fare.BaseFare) || !sameAmount(h.Fare.Tax, fare.Tax) {
				t.Errorf("LCC %v passenger %d: sent %+v (fare %+v), held %+v", lcc, i+1, p, fare, h)
			}
			switch {
			case lcc && h.Meal != nil:
				t.Errorf("LCC passenger %d holds a special meal %+v", i+1, h.Meal)
			case !lcc && p.MealCode == "" && h.Meal != nil:
				t.Errorf("GDS passenger %d holds a meal not asked for: %+v", i+1, h.Meal)
			case !lcc && p.MealCode != "" && (h.Meal == nil || h.Meal.Code != p.MealCode || h.Meal.Description == ""):
				t.Errorf("GDS passenger %d: meal %s, held %+v", i+1, p.MealCode, h.Meal)
			}
		}
	}
}

func sameAmount(a, b json.Number) bool {
	x, errX := decimal.NewFromString(a.String())
	y, errY := decimal.NewFromString(b.String())
	return errX == nil && errY == nil && x.Equal(y)
}

// bookGDS searches BOM→DEL, quotes the first full-service result and books
// it for one adult, through the adapter.
func bookGDS(t *testing.T, f *fixture, a *tbo.Adapter) (*supplier.Quote, *supplier.Booking) {
	t.Helper()
	ctx := context.Background()
	conn := f.conn(t)
	reply, err := f.client.Search(ctx, conn, searchReq("BOM", "DEL"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := a.FareQuote(ctx, conn, supplier.ResultRef{TraceID: reply.TraceId, ResultIndex: firstResult(t, reply, false)})
	if err != nil {
		t.Fatal(err)
	}
	adult := familyOf(q)[0]
	adult.Fare = q.PassengerFares[0]
	b, err := a.Book(ctx, conn, supplier.BookRequest{ResultRef: supplier.ResultRef{TraceID: q.TraceID, ResultIndex: q.ResultIndex},
		Passengers: []supplier.Passenger{adult}})
	if err != nil || b.BookingID == 0 {
		t.Fatalf("Book: %v %+v", err, b)
	}
	return q, b
}

// simBooking is the simulator's own record of a booking.
func simBooking(t *testing.T, f *fixture, id int64) sim.BookingInfo {
	t.Helper()
	for _, b := range f.sim.Bookings() {
		if int64(b.BookingID) == id {
			return b
		}
	}
	t.Fatalf("the simulator holds no booking %d", id)
	return sim.BookingInfo{}
}

// A held booking is released through the adapter over real HTTP, with the
// fare source read from the kept quote: the supplier holds it released,
// booking details say so, a ticket is refused as not allowed, and releasing
// again succeeds.
func TestAdapterReleasesAHeldBooking(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	q, b := bookGDS(t, f, a)

	req := supplier.ReleaseRequest{BookingID: b.BookingID}
	req.Kept.Quote, req.Kept.Booked = q.Doc, b.Doc
	if err := a.Release(ctx, conn, req); err != nil {
		t.Fatalf("release: %v", err)
	}
	if got := simBooking(t, f, b.BookingID); !got.Released || got.Ticketed {
		t.Fatalf("the supplier's booking after the release: %+v", got)
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: b.BookingID})
	if err != nil || !d.Released || d.Ticketed() {
		t.Fatalf("details of the released booking: %v %+v", err, d)
	}

	_, err = a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: supplier.ResultRef{TraceID: q.TraceID}, BookingID: b.BookingID, PNR: b.PNR})
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindNotAllowed || !e.FromSupplier || e.OutcomeUnknown() ||
		!strings.Contains(e.Message, "released") {
		t.Fatalf("ticket of the released booking: %v", err)
	}

	// Again, with the source named and nothing kept: released already is
	// released.
	if err := a.Release(ctx, conn, supplier.ReleaseRequest{BookingID: b.BookingID, Source: "4"}); err != nil {
		t.Fatalf("second release: %v", err)
	}
	if n := f.sim.Calls("ReleasePNRRequest"); n != 2 {
		t.Fatalf("ReleasePNRRequest calls %d, want 2", n)
	}
	if n := testutil.ToFloat64(f.metrics.Errors.WithLabelValues("tbo", "release", "supplier_error")); n != 0 {
		t.Fatalf("release errors counted: %v", n)
	}
	if n := testutil.CollectAndCount(f.metrics.Duration, "paryatan_supplier_request_duration_seconds"); n == 0 {
		t.Fatal("no call durations observed")
	}
	var span bool
	for _, s := range f.spans.Ended() {
		span = span || s.Name() == "tbo.release"
	}
	if !span {
		t.Fatal("no tbo.release span")
	}
}

// The Book answer is enough to find the source when no quote is kept.
func TestAdapterReleaseReadsTheSourceFromTheBookAnswer(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	a := tbo.NewAdapter(f.client)
	_, b := bookGDS(t, f, a)
	req := supplier.ReleaseRequest{BookingID: b.BookingID}
	req.Kept.Booked = b.Doc
	if err := a.Release(context.Background(), f.conn(t), req); err != nil {
		t.Fatalf("release: %v", err)
	}
	if !simBooking(t, f, b.BookingID).Released {
		t.Fatal("not released")
	}
}

// A ticketed booking is not released (not allowed), an unknown one is not
// found, and a release without a source or a booking is refused before
// anything is sent.
func TestAdapterReleaseRefusals(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	q, b := bookGDS(t, f, a)
	tk, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: supplier.ResultRef{TraceID: q.TraceID}, BookingID: b.BookingID, PNR: b.PNR})
	if err != nil || !tk.Ticketed {
		t.Fatalf("ticket: %v %+v", err, tk)
	}
	req := supplier.ReleaseRequest{BookingID: b.BookingID}
	req.Kept.Quote = q.Doc
	err = a.Release(ctx, conn, req)
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindNotAllowed || !e.FromSupplier || e.Op != connector.OpRelease {
		t.Fatalf("release of a ticketed booking: %v", err)
	}
	if got := simBooking(t, f, b.BookingID); got.Released || !got.Ticketed {
		t.Fatalf("the ticketed booking after a refused release: %+v", got)
	}
	if d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: b.BookingID}); err != nil || d.Released || !d.Ticketed() {
		t.Fatalf("details of the ticketed booking: %v %+v", err, d)
	}

	err = a.Release(ctx, conn, supplier.ReleaseRequest{BookingID: 42, Source: "4"})
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindNoSuchBooking {
		t.Fatalf("release of an unknown booking: %v", err)
	}

	before := f.sim.Calls("ReleasePNRRequest")
	for name, r := range map[string]supplier.ReleaseRequest{
		"no source":  {BookingID: b.BookingID},
		"no booking": {Source: "4"},
	} {
		if e, ok := supplier.AsError(a.Release(ctx, conn, r)); !ok || e.Kind != supplier.KindRefused || e.Op != connector.OpRelease {
			t.Errorf("%s: %v", name, e)
		}
	}
	if n := f.sim.Calls("ReleasePNRRequest"); n != before {
		t.Fatalf("incomplete releases reached the supplier: %d calls", n-before)
	}
}

// A release that times out may or may not have happened; sending it again
// is safe and settles it.
func TestAdapterReleaseRetriedAfterATimeout(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	conn.Timeouts[connector.OpRelease] = connector.Duration(time.Second)
	a := tbo.NewAdapter(f.client)
	q, b := bookGDS(t, f, a)
	req := supplier.ReleaseRequest{BookingID: b.BookingID}
	req.Kept.Quote = q.Doc

	err := a.Release(tbo.WithHeaders(ctx, http.Header{sim.HeaderLatency: {"3s"}}), conn, req)
	e, ok := supplier.AsError(err)
	if !ok || e.Kind != supplier.KindTimeout || !e.OutcomeUnknown() || e.Op != connector.OpRelease {
		t.Fatalf("slow release: %v", err)
	}
	if n := testutil.ToFloat64(f.metrics.Timeouts.WithLabelValues("tbo", "release")); n != 1 {
		t.Fatalf("release timeouts counted: %v", n)
	}
	if err := a.Release(ctx, conn, req); err != nil {
		t.Fatalf("release sent again: %v", err)
	}
	if !simBooking(t, f, b.BookingID).Released {
		t.Fatal("not released")
	}
}

// A supplier that refuses a release because the booking is released
// already has done what was asked: the adapter reports success.
func TestAdapterReleaseOfAReleasedBookingSucceeds(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	var released atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/ReleasePNRRequest") {
			f.sim.ServeHTTP(w, r)
			return
		}
		var body struct {
			BookingId int64
			Source    json.RawMessage
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		if body.BookingId != 2045981 || string(body.Source) != "4" {
			http.Error(w, "unexpected request", http.StatusBadRequest)
			return
		}
		released.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"Response":{"B2B2BStatus":null,"ResponseStatus":2,"Error":{"ErrorCode":2,"ErrorMessage":"PNR is already released."},"TraceId":"0b52bfff-627c-4693-a090-e572324245dc"}}`))
	}))
	defer srv.Close()
	conns := apitest.NewSimConnectors(t, srv.URL, nil)
	conn, _ := conns.Current().Find("tbo")
	a := tbo.NewAdapter(f.client)
	if err := a.Release(context.Background(), conn, supplier.ReleaseRequest{BookingID: 2045981, Source: "4"}); err != nil || released.Load() != 1 {
		t.Fatalf("release of a released booking: %v (%d calls)", err, released.Load())
	}
}
