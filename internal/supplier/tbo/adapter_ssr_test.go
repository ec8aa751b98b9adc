package tbo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// searchFamily searches from → to for the family of four and returns the
// trace and the first result that is (or is not) low-cost, non-stop.
func searchFamily(t *testing.T, f *fixture, a *tbo.Adapter, from, to string, lcc bool) supplier.ResultRef {
	t.Helper()
	// The simulator's timetable follows the day: a route may have no such
	// flight on one day and several on the next, so the search tries a week
	// of days from three days out.
	for day := 3; day < 10; day++ {
		traceID, results := outbound[struct {
			ResultIndex string
			IsLCC       bool
			Segments    [][]struct{ Craft string }
		}](t, a, f.conn(t), supplier.SearchRequest{Origin: from, Destination: to, Depart: time.Now().Add(time.Duration(day) * 24 * time.Hour),
			Cabin: 2, Adults: 2, Children: 1, Infants: 1, Sources: []string{"GDS", "LCC"}})
		for _, r := range results {
			if r.IsLCC == lcc && len(r.Segments[0]) == 1 && (!lcc || r.Segments[0][0].Craft == "320" || r.Segments[0][0].Craft == "32N") {
				return supplier.ResultRef{TraceID: traceID, ResultIndex: r.ResultIndex}
			}
		}
	}
	t.Fatalf("no result (LCC %v) from %s to %s in a week of days", lcc, from, to)
	return supplier.ResultRef{}
}

// freeSeat is the first free seat of a seat map that want accepts.
func freeSeat(m supplier.SeatMap, want func(*supplier.Seat) bool) *supplier.Seat {
	for _, r := range m.Rows {
		for _, s := range r.Seats {
			if s != nil && s.Status == supplier.SeatFree && want(s) {
				return s
			}
		}
	}
	return nil
}

func hasFeature(s *supplier.Seat, f string) bool {
	for _, x := range s.Features {
		if x == f {
			return true
		}
	}
	return false
}

// A family of four buys seats, meals and baggage on a low-cost fare through
// the adapter over real HTTP: the extras are kept in their stored form
// between asking and booking, the choice becomes the supplier's items, and
// the supplier charges exactly what Choose totalled and holds what each
// passenger took.
func TestAdapterSellsExtras(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	ref := searchFamily(t, f, a, "BOM", "DEL", true)
	q, err := a.FareQuote(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	asked, err := a.SSR(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := asked.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var x supplier.Extras
	if err := x.UnmarshalBinary(stored); err != nil {
		t.Fatal(err)
	}
	if x.Kind != supplier.ExtrasLCC || x.Result != ref || len(x.SeatMaps) != 1 || len(x.Meals) != 1 || len(x.Baggage) != 1 ||
		len(x.SeatMaps[0].Columns) != 7 || x.SeatMaps[0].Columns[3] != "" || len(x.SeatMaps[0].Rows) != 30 || !x.SeatMaps[0].Rows[11].Exit {
		t.Fatalf("extras %+v", x)
	}
	m, meals, bags := x.SeatMaps[0], x.Meals[0], x.Baggage[0]
	window := freeSeat(m, func(s *supplier.Seat) bool {
		return s.Position == supplier.SeatWindow && s.Price.IsPositive() && len(s.Features) == 0
	})
	back := freeSeat(m, func(s *supplier.Seat) bool { return s.Price.IsZero() })
	aisle := freeSeat(m, func(s *supplier.Seat) bool {
		return s.Position == supplier.SeatAisle && !hasFeature(s, supplier.FeatureExitRow)
	})
	if window == nil || back == nil || aisle == nil {
		t.Fatalf("seats %v %v %v", window, back, aisle)
	}
	pax := familyOf(q)
	types := make([]int, len(pax))
	for i, p := range pax {
		types[i] = p.PaxType
	}
	bag10 := bags.Items[1]
	chosen, total, err := x.Choose(types, []supplier.Choice{
		{Seats: map[string]string{m.Key: window.Code}, Meals: map[string]string{meals.Key: meals.Items[0].Code}, Baggage: map[string]string{bags.Key: bag10.Code}},
		{Seats: map[string]string{m.Key: back.Code}},
		{Seats: map[string]string{m.Key: aisle.Code}, Meals: map[string]string{meals.Key: meals.Items[1].Code}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := window.Price.Add(meals.Items[0].Price.Decimal).Add(bag10.Price.Decimal).Add(aisle.Price.Decimal).Add(meals.Items[1].Price.Decimal)
	if !total.Equal(want) {
		t.Fatalf("total %s, want %s", total, want)
	}
	for i := range pax {
		chosen[i].Apply(&pax[i])
	}
	b, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: ref, AgentReference: "PT-11", Passengers: pax})
	if err != nil || !b.Ticketed {
		t.Fatalf("ticket: %v %+v", err, b)
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: b.BookingID})
	if err != nil {
		t.Fatal(err)
	}
	var held struct {
		Response struct {
			FlightItinerary struct {
				Fare struct {
					PublishedFare, TotalBaggageCharges, TotalMealCharges, TotalSeatCharges json.Number
				}
				Passenger []struct {
					SegmentAdditionalInfo []struct{ Seat, Meal, Baggage string }
					SeatDynamic           []struct{ Code string }
				}
			}
		}
	}
	if err := json.Unmarshal(d.Doc, &held); err != nil {
		t.Fatal(err)
	}
	it := held.Response.FlightItinerary
	charged := decimal.Zero
	for _, n := range []json.Number{it.Fare.TotalBaggageCharges, it.Fare.TotalMealCharges, it.Fare.TotalSeatCharges} {
		charged = charged.Add(decimal.RequireFromString(n.String()))
	}
	if !charged.Equal(total) || !decimal.RequireFromString(it.Fare.PublishedFare.String()).Equal(q.Price) {
		t.Fatalf("charged %s for extras of %s; fare %s, quoted %s", charged, total, it.Fare.PublishedFare, q.Price)
	}
	for i, wantSeat := range []string{window.Code, back.Code, aisle.Code, ""} {
		if got := it.Passenger[i].SegmentAdditionalInfo[0].Seat; got != wantSeat {
			t.Errorf("passenger %d holds seat %q, want %q", i+1, got, wantSeat)
		}
	}
	if it.Passenger[0].SegmentAdditionalInfo[0].Meal != meals.Items[0].Code || it.Passenger[1].SegmentAdditionalInfo[0].Meal != "" {
		t.Fatalf("meals held %+v", it.Passenger)
	}

	// The seats are taken now: asked again, the supplier says so, and a
	// choice made from the old answer is refused by the supplier.
	again, err := a.SSR(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range again.SeatMaps[0].Rows {
		for _, s := range r.Seats {
			if s != nil && (s.Code == window.Code || s.Code == back.Code) && s.Status != supplier.SeatTaken {
				t.Fatalf("sold seat %s is %s", s.Code, s.Status)
			}
		}
	}
	other := searchFamily(t, f, a, "BOM", "DEL", true)
	q2, err := a.FareQuote(ctx, conn, other)
	if err != nil {
		t.Fatal(err)
	}
	late, _, err := x.Choose(types, []supplier.Choice{{Seats: map[string]string{m.Key: window.Code}}})
	if err != nil {
		t.Fatal(err)
	}
	pax2 := familyOf(q2)
	for i := range pax2 {
		late[i].Apply(&pax2[i])
	}
	_, err = a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: other, AgentReference: "PT-12", Passengers: pax2})
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindRefused || !e.FromSupplier || e.OutcomeUnknown() {
		t.Fatalf("a seat sold since: %v", err)
	}

	// A choice the product can tell is wrong never reaches the supplier.
	_, _, err = x.Choose(types, []supplier.Choice{3: {Seats: map[string]string{m.Key: back.Code}}})
	if e, ok := supplier.AsChoiceError(err); !ok || e.Passenger != 3 || e.Field != "seats" {
		t.Fatalf("an infant's seat: %v", err)
	}
}

// On an international low-cost fare the baggage the fare includes goes back
// with every passenger but the infant, chosen or not, and the supplier
// grants it.
func TestAdapterClaimsIncludedBaggage(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	ref := searchFamily(t, f, a, "BOM", "DXB", true)
	q, err := a.FareQuote(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	x, err := a.SSR(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	inc := x.Baggage[0].Items[0]
	if !inc.Included || !inc.Price.IsZero() || inc.WeightKg == 0 {
		t.Fatalf("included baggage %+v", inc)
	}
	pax := familyOf(q)
	chosen, total, err := x.Choose([]int{1, 1, 2, 3}, nil)
	if err != nil || !total.IsZero() {
		t.Fatal(err, total)
	}
	for i := range pax {
		chosen[i].Apply(&pax[i])
	}
	b, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: ref, AgentReference: "PT-13", Passengers: pax})
	if err != nil || !b.Ticketed {
		t.Fatalf("ticket: %v %+v", err, b)
	}
	var held struct {
		Response struct {
			Response struct {
				FlightItinerary struct {
					Passenger []struct {
						SegmentAdditionalInfo []struct{ Baggage string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b.Doc, &held); err != nil {
		t.Fatal(err)
	}
	for i, p := range held.Response.Response.FlightItinerary.Passenger[:3] {
		if got := p.SegmentAdditionalInfo[0].Baggage; got != fmt.Sprintf("%d Kg", inc.WeightKg) {
			t.Errorf("passenger %d flies with %s, the fare includes %d kg", i+1, got, inc.WeightKg)
		}
	}
}

// A full-service fare's preferences go with Book, and the supplier keeps
// them.
func TestAdapterSendsPreferences(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	ref := searchFamily(t, f, a, "BOM", "DEL", false)
	q, err := a.FareQuote(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	x, err := a.SSR(ctx, conn, ref)
	if err != nil || x.Kind != supplier.ExtrasGDS || len(x.SeatMaps) != 0 {
		t.Fatalf("extras %+v %v", x, err)
	}
	chosen, _, err := x.Choose([]int{1, 1, 2, 3}, []supplier.Choice{{MealPreference: "AVML", SeatPreference: "A"}, {SeatPreference: "W"}, {MealPreference: "CHML"}})
	if err != nil {
		t.Fatal(err)
	}
	pax := familyOf(q)
	for i := range pax {
		pax[i].MealCode = ""
		chosen[i].Apply(&pax[i])
	}
	b, err := a.Book(ctx, conn, supplier.BookRequest{ResultRef: ref, Passengers: pax})
	if err != nil {
		t.Fatal(err)
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: b.BookingID})
	if err != nil {
		t.Fatal(err)
	}
	var held struct {
		Response struct {
			FlightItinerary struct {
				Passenger []struct {
					Meal, Seat *struct{ Code, Description string }
				}
			}
		}
	}
	if err := json.Unmarshal(d.Doc, &held); err != nil {
		t.Fatal(err)
	}
	ps := held.Response.FlightItinerary.Passenger
	if ps[0].Meal.Code != "AVML" || ps[0].Seat.Code != "A" || ps[1].Meal != nil || ps[1].Seat.Description != "Window" ||
		ps[2].Meal.Code != "CHML" || ps[3].Seat != nil {
		t.Fatalf("held %+v %+v %+v %+v", ps[0], ps[1], ps[2], ps[3])
	}
}

// SSR has its own deadline and metrics label, and a supplier failure is
// reported as the port's.
func TestAdapterSSRFailures(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{})
	ctx := context.Background()
	conn := f.conn(t)
	conn.Timeouts[connector.OpSSR] = connector.Duration(time.Second)
	a := tbo.NewAdapter(f.client)
	ref := searchFamily(t, f, a, "BOM", "DEL", true)
	_, err := a.SSR(tbo.WithHeaders(ctx, http.Header{sim.HeaderLatency: {"3s"}}), conn, ref)
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindTimeout || e.Op != connector.OpSSR {
		t.Fatalf("a slow SSR: %v", err)
	}
	if n := testutil.ToFloat64(f.metrics.Timeouts.WithLabelValues("tbo", "ssr")); n != 1 {
		t.Fatalf("ssr timeouts counted: %v", n)
	}
	_, err = a.SSR(tbo.WithHeaders(ctx, http.Header{sim.HeaderError: {"true"}}), conn, ref)
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindFailed || !e.FromSupplier {
		t.Fatalf("a failed SSR: %v", err)
	}
	_, err = a.SSR(ctx, conn, supplier.ResultRef{TraceID: ref.TraceID, ResultIndex: "OB1[TBO]nope"})
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindRefused {
		t.Fatalf("an unknown result: %v", err)
	}
}
