package tbo_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/shopspring/decimal"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store/storetest"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/standin"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// The client reads every production-shaped answer of the stand-in supplier
// (search, fare quote, fare rule, book, ticket, booking details) and sends
// the supplier's identifiers back byte for byte.
func TestClientAgainstProductionShapedAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sup := standin.New(t)
	conns := apitest.NewSimConnectors(t, sup.URL, nil)
	conn, _ := conns.Current().Find("tbo")
	pool := storetest.NewPool(t)
	client := tbo.NewClient(tbo.NewPGTokens(pool), telemetry.NewSupplierMetrics(prometheus.NewRegistry()),
		noop.NewTracerProvider(), slog.New(slog.DiscardHandler), os.Getenv)

	for name, req := range map[string]tbo.SearchRequest{standin.GDSConnection: searchReq("DEL", "YYZ"), standin.LCCNonStop: searchReq("BOM", "DEL")} {
		reply, err := client.Search(ctx, conn, req)
		if err != nil {
			t.Fatalf("search %s: %v", name, err)
		}
		if reply.TraceId != standin.TraceID || !json.Valid(reply.Raw) {
			t.Fatalf("search %s: trace %q", name, reply.TraceId)
		}
	}
	ret := searchReq("BOM", "BLR")
	ret.JourneyType = 2
	if _, err := client.Search(ctx, conn, ret); err != nil {
		t.Fatalf("domestic return: %v", err)
	}

	for _, name := range []string{standin.GDSConnection, standin.LCCNonStop, standin.DomesticReturn} {
		for _, list := range standin.Results(t, name) {
			for _, index := range list {
				if len(index) < 600 || !strings.ContainsAny(index, "+/") || !strings.Contains(index, "[TBO]") {
					t.Fatalf("fixture index %q is not production-shaped", index[:40])
				}
				q, err := client.FareQuote(ctx, conn, tbo.TraceRequest{TraceId: standin.TraceID, ResultIndex: index})
				if err != nil {
					t.Fatalf("quote %s…: %v", index[:20], err)
				}
				if string(q.Result.ResultIndex) != index || !q.Result.Price().IsPositive() {
					t.Fatalf("quote of %s…: index %q…, price %v", index[:20], string(q.Result.ResultIndex)[:20], q.Result.Price())
				}
			}
		}
	}
	gds := standin.Results(t, standin.GDSConnection)[0][0]
	q, err := client.FareQuote(ctx, conn, tbo.TraceRequest{TraceId: standin.TraceID, ResultIndex: gds})
	if err != nil || !q.Result.NeedsPassport() || bool(q.Result.IsLCC) || !q.Result.Price().Equal(decimal.NewFromInt(69884)) {
		t.Fatalf("GDS quote: %+v %v", q, err)
	}
	rule, err := client.FareRule(ctx, conn, tbo.TraceRequest{TraceId: standin.TraceID, ResultIndex: gds})
	if err != nil || !strings.Contains(string(rule.Raw), "<b>Cancellation</b>") {
		t.Fatalf("fare rule: %v", err)
	}
	b, err := client.Book(ctx, conn, tbo.BookRequest{TraceId: standin.TraceID, ResultIndex: gds, Passengers: []tbo.Passenger{{"FirstName": "RAVI"}}})
	if err != nil || b.PNR != "K7QX2M" || b.BookingId != 2045981 || b.Itinerary == nil || b.Itinerary.Passenger[0].PaxId != 311884 {
		t.Fatalf("book: %+v %v", b, err)
	}
	tk, err := client.Ticket(ctx, conn, tbo.TicketRequest{TraceId: standin.TraceID, PNR: b.PNR, BookingId: b.BookingId})
	if err != nil || tk.TicketStatus != tbo.TicketSuccessful || tk.Itinerary.Passenger[0].Ticket == nil ||
		tk.Itinerary.Passenger[0].Ticket.TicketNumber != "2204815566123" {
		t.Fatalf("ticket: %+v %v", tk, err)
	}
	d, err := client.BookingDetails(ctx, conn, tbo.DetailsRequest{BookingId: b.BookingId, PNR: b.PNR})
	if err != nil || d.Itinerary.PNR != "K7QX2M" {
		t.Fatalf("booking details: %+v %v", d, err)
	}
	for _, method := range []string{"FareQuote", "FareRule", "Book"} {
		for _, got := range sup.Seen(method) {
			if _, ok := indexSet(t)[got]; !ok {
				t.Fatalf("%s received an index that is not the supplier's: %q…", method, got[:min(len(got), 30)])
			}
		}
	}
	// One character off, and the supplier refuses it: the client reports
	// the refusal as the caller's fault.
	_, err = client.FareQuote(ctx, conn, tbo.TraceRequest{TraceId: standin.TraceID, ResultIndex: strings.Replace(gds, "+", " ", 1)})
	var e *tbo.Error
	if !errors.As(err, &e) || !e.ClientFault() {
		t.Fatalf("an altered index: %v", err)
	}
}

func indexSet(t *testing.T) map[string]struct{} {
	set := map[string]struct{}{}
	for _, name := range []string{standin.GDSConnection, standin.LCCNonStop, standin.DomesticReturn} {
		for _, list := range standin.Results(t, name) {
			for _, id := range list {
				set[id] = struct{}{}
			}
		}
	}
	return set
}

// A held booking is released with the production-shaped answers: the
// booking's id and its fare's source, read from the kept quote (or, without
// one, from the Book answer), reach the supplier as its clients send them,
// and its bare status answer is a success.
func TestAdapterReleaseAgainstProductionShapedAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sup := standin.New(t)
	conns := apitest.NewSimConnectors(t, sup.URL, nil)
	conn, _ := conns.Current().Find("tbo")
	a := tbo.NewAdapter(tbo.NewClient(tbo.NewPGTokens(storetest.NewPool(t)), telemetry.NewSupplierMetrics(prometheus.NewRegistry()),
		noop.NewTracerProvider(), slog.New(slog.DiscardHandler), os.Getenv))

	gds := standin.Results(t, standin.GDSConnection)[0][0]
	q, err := a.FareQuote(ctx, conn, supplier.ResultRef{TraceID: standin.TraceID, ResultIndex: gds})
	if err != nil {
		t.Fatal(err)
	}
	b, err := a.Book(ctx, conn, supplier.BookRequest{ResultRef: supplier.ResultRef{TraceID: standin.TraceID, ResultIndex: gds},
		Passengers: []supplier.Passenger{{FirstName: "RAVI", LastName: "KUMAR", PaxType: supplier.PaxAdult, IsLeadPax: true}}})
	if err != nil || b.BookingID != 2045981 {
		t.Fatalf("book: %+v %v", b, err)
	}
	withQuote := supplier.ReleaseRequest{BookingID: b.BookingID}
	withQuote.Kept.Quote, withQuote.Kept.Booked = q.Doc, b.Doc
	withBook := supplier.ReleaseRequest{BookingID: b.BookingID}
	withBook.Kept.Booked = b.Doc
	for _, r := range []supplier.ReleaseRequest{withQuote, withBook} {
		if err := a.Release(ctx, conn, r); err != nil {
			t.Fatalf("release: %v", err)
		}
	}
	got := sup.Releases()
	want := standin.Release{BookingID: "2045981", Source: "4"}
	if len(got) != 2 || got[0] != want || got[1] != want {
		t.Fatalf("the supplier received %+v, want twice %+v", got, want)
	}
}

// The cancellation answers of the stand-in supplier, read through the
// adapter: a partial cancellation of one of two travellers priced, made,
// refused a second time, followed from Acknowledged to Completed at the
// price quoted, and shown by the booking's details (the other traveller
// still ticketed); a low-cost cancellation completed at once at its quoted
// price; a non-refundable fare refused a price and its change request
// rejected. The supplier receives the fields its clients send.
func TestAdapterCancellationAgainstProductionShapedAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sup := standin.New(t)
	conns := apitest.NewSimConnectors(t, sup.URL, nil)
	conn, _ := conns.Current().Find("tbo")
	a := tbo.NewAdapter(tbo.NewClient(tbo.NewPGTokens(storetest.NewPool(t)), telemetry.NewSupplierMetrics(prometheus.NewRegistry()),
		noop.NewTracerProvider(), slog.New(slog.DiscardHandler), os.Getenv))
	dec := decimal.RequireFromString

	// Partly cancelled: one ticket of two.
	ch, err := a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: standin.PartlyCancelledBooking, TicketIDs: []int64{standin.CancelledTicket}})
	if err != nil || !ch.Charge.Equal(dec("3559")) || !ch.Refund.Equal(dec("3283")) || ch.Currency != "INR" || !strings.Contains(ch.Remarks, "indicative") {
		t.Fatalf("charges of one ticket: %+v %v", ch, err)
	}
	partial := supplier.ChangeRequest{BookingID: standin.PartlyCancelledBooking, TicketIDs: []int64{standin.CancelledTicket}, Partial: true,
		Reason: supplier.ReasonOthers, Remarks: "Traveller unwell"}
	changes, err := a.ChangeRequest(ctx, conn, partial)
	if err != nil || len(changes) != 1 || changes[0].ChangeRequestID != standin.CancelledChange || changes[0].TicketID != standin.CancelledTicket ||
		changes[0].Status != supplier.ChangeUnassigned || changes[0].Remarks == "" {
		t.Fatalf("partial change request: %+v %v", changes, err)
	}
	_, err = a.ChangeRequest(ctx, conn, partial)
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindNotAllowed || !e.FromSupplier || e.OutcomeUnknown() {
		t.Fatalf("a second change request for the ticket: %v", err)
	}
	st, err := a.ChangeRequestStatus(ctx, conn, standin.CancelledChange)
	if err != nil || st.Status != supplier.ChangeAcknowledged || !st.Charge.IsZero() || st.CreditNote != "" {
		t.Fatalf("acknowledged: %+v %v", st, err)
	}
	st, err = a.ChangeRequestStatus(ctx, conn, standin.CancelledChange)
	if err != nil || st.Status != supplier.ChangeCompleted || !st.Charge.Equal(ch.Charge) || !st.Refunded.Equal(ch.Refund) ||
		!st.ServiceTax.Equal(dec("9")) || st.CreditNote != "CN/2627/55098" || st.CreditNoteOn != "2026-11-24T11:05:37" || st.TicketID != standin.CancelledTicket {
		t.Fatalf("completed %+v (%v), quoted %+v", st, err, ch)
	}
	d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: standin.PartlyCancelledBooking})
	if err != nil || len(d.Passengers) != 2 || d.Released || !d.Ticketed() {
		t.Fatalf("partly cancelled details: %+v %v", d, err)
	}
	if p := d.Passengers[0]; p.TicketID != standin.CancelledTicket || p.ChangeRequestID != standin.CancelledChange ||
		p.ChangeStatus != supplier.ChangeCompleted || p.PaxType != supplier.PaxAdult || p.TicketNumber == "" {
		t.Fatalf("the cancelled traveller: %+v", p)
	}
	if p := d.Passengers[1]; p.TicketID != standin.KeptTicket || p.ChangeRequestID != 0 || p.ChangeStatus != supplier.ChangeNotSet || p.FirstName != "PRIYA" {
		t.Fatalf("the traveller who stays: %+v", p)
	}
	// A booking whose details say nothing of cancellation has none.
	d, err = a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: 2045981})
	if err != nil || d.Passengers[0].TicketID != 1702233 || d.Passengers[0].ChangeStatus != supplier.ChangeNotSet || d.Passengers[0].ChangeRequestID != 0 {
		t.Fatalf("details without cancellation: %+v %v", d, err)
	}

	// Low-cost, whole, completed at once.
	ch, err = a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: standin.LCCBooking})
	if err != nil || !ch.Charge.Equal(dec("3059")) || !ch.Refund.Equal(dec("2186.46")) {
		t.Fatalf("low-cost charges: %+v %v", ch, err)
	}
	changes, err = a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: standin.LCCBooking, TicketIDs: []int64{standin.LCCTicket}})
	if err != nil || len(changes) != 1 || changes[0].Status != supplier.ChangeCompleted || !changes[0].Charge.Equal(ch.Charge) ||
		!changes[0].Refunded.Equal(ch.Refund) || changes[0].CreditNote == "" || !changes[0].ServiceTax.Equal(dec("9")) {
		t.Fatalf("low-cost cancellation %+v (%v), quoted %+v", changes, err, ch)
	}

	// Non-refundable.
	_, err = a.CancellationCharges(ctx, conn, supplier.ChargesRequest{BookingID: standin.NonRefundableBooking})
	if e, ok := supplier.AsError(err); !ok || e.Kind != supplier.KindNotAllowed || !strings.Contains(e.Message, "non-refundable") {
		t.Fatalf("charges of a non-refundable fare: %v", err)
	}
	changes, err = a.ChangeRequest(ctx, conn, supplier.ChangeRequest{BookingID: standin.NonRefundableBooking, TicketIDs: []int64{standin.NonRefundableTicket}})
	if err != nil || len(changes) != 1 || changes[0].Status != supplier.ChangeRejected || !strings.Contains(changes[0].Remarks, "Non-refundable") {
		t.Fatalf("change request on a non-refundable fare: %+v %v", changes, err)
	}
	_, err = a.ChangeRequestStatus(ctx, conn, 42)
	if !supplier.IsNoSuchBooking(err) {
		t.Fatalf("an unknown change request: %v", err)
	}

	got := sup.Cancellations()
	want := []standin.Cancellation{
		{Method: "GetCancellationCharges", BookingID: "2046112", RequestType: "2", BookingMode: "5", TicketID: "[1702301]"},
		{Method: "SendChangeRequest", BookingID: "2046112", RequestType: "2", CancellationType: "3", TicketID: "[1702301]", Remarks: `"Traveller unwell"`},
		{Method: "SendChangeRequest", BookingID: "2046112", RequestType: "2", CancellationType: "3", TicketID: "[1702301]", Remarks: `"Traveller unwell"`},
		{Method: "GetChangeRequestStatus", ChangeRequestID: "884512"},
		{Method: "GetChangeRequestStatus", ChangeRequestID: "884512"},
		{Method: "GetCancellationCharges", BookingID: "2045990", RequestType: "1", BookingMode: "5"},
		{Method: "SendChangeRequest", BookingID: "2045990", RequestType: "1", CancellationType: "3", TicketID: "[1702251]", Remarks: `""`},
		{Method: "GetCancellationCharges", BookingID: "2046140", RequestType: "1", BookingMode: "5"},
		{Method: "SendChangeRequest", BookingID: "2046140", RequestType: "1", CancellationType: "3", TicketID: "[1702330]", Remarks: `""`},
		{Method: "GetChangeRequestStatus", ChangeRequestID: "42"},
	}
	if len(got) != len(want) {
		t.Fatalf("the supplier received %d cancellation calls, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		want[i].EndUserIP = conn.EndUserIP
		if got[i] != want[i] {
			t.Errorf("call %d: received %+v, want %+v", i, got[i], want[i])
		}
	}
}

// The seats, meals and baggage of the stand-in supplier, read through the
// adapter: a low-cost fare's partial seat map, meals and baggage, chosen
// from and sent back on the LCC Ticket digit for digit, placeholders with
// them; a full-service fare's preferences, sent on Book as Meal and Seat.
func TestSSRAgainstProductionShapedAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sup := standin.New(t)
	conns := apitest.NewSimConnectors(t, sup.URL, nil)
	conn, _ := conns.Current().Find("tbo")
	a := tbo.NewAdapter(tbo.NewClient(tbo.NewPGTokens(storetest.NewPool(t)), telemetry.NewSupplierMetrics(prometheus.NewRegistry()),
		noop.NewTracerProvider(), slog.New(slog.DiscardHandler), os.Getenv))

	lcc := standin.Results(t, standin.LCCNonStop)[0][0]
	ref := supplier.ResultRef{TraceID: standin.TraceID, ResultIndex: lcc}
	x, err := a.SSR(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	if x.Kind != supplier.ExtrasLCC || x.Result != ref || len(x.SeatMaps) != 1 || len(x.Meals) != 1 || len(x.Baggage) != 1 {
		t.Fatalf("extras %+v", x)
	}
	m := x.SeatMaps[0]
	if m.Key != "6E-2175-BOM-DEL" || strings.Join(m.Columns, "|") != "A|B|C||D|E|F" || len(m.Rows) != 5 || m.Rows[0].Row != 1 ||
		!m.Rows[2].Exit || m.Rows[2].Row != 12 || m.Rows[0].Seats[2].Status != supplier.SeatTaken || !m.Rows[4].Seats[0].Price.IsZero() {
		t.Fatalf("seat map %+v", m)
	}
	if len(x.Meals[0].Items) != 3 || x.Meals[0].Items[1].Price.StringFixed(2) != "450.00" || len(x.Baggage[0].Items) != 4 ||
		x.Baggage[0].Items[2].WeightKg != 15 {
		t.Fatalf("meals %+v baggage %+v", x.Meals, x.Baggage)
	}
	// The extras outlive the request that asked for them.
	stored, err := x.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var kept supplier.Extras
	if err := kept.UnmarshalBinary(stored); err != nil {
		t.Fatal(err)
	}
	q, err := a.FareQuote(ctx, conn, ref)
	if err != nil {
		t.Fatal(err)
	}
	chosen, total, err := kept.Choose([]int{supplier.PaxAdult}, []supplier.Choice{{Seats: map[string]string{"6E-2175-BOM-DEL": "12A"},
		Baggage: map[string]string{"6E-2175-BOM-DEL": "XBPA"}}})
	if err != nil || !total.Equal(decimal.RequireFromString("3725")) {
		t.Fatalf("choice: %v, total %s", err, total)
	}
	p := supplier.Passenger{Title: "Mr", FirstName: "RAVI", LastName: "KUMAR", PaxType: supplier.PaxAdult, IsLeadPax: true, Fare: q.PassengerFares[0]}
	chosen[0].Apply(&p)
	if _, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: ref, AgentReference: "PT-3", Passengers: []supplier.Passenger{p}}); err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Response struct {
			Baggage     [][]json.RawMessage
			MealDynamic [][]json.RawMessage
			SeatDynamic []struct {
				SegmentSeat []struct {
					RowSeats []struct{ Seats []json.RawMessage }
				}
			}
		}
	}
	if err := json.Unmarshal(standin.Fixture(t, "ssr_lcc.json"), &fixture); err != nil {
		t.Fatal(err)
	}
	rows := fixture.Response.SeatDynamic[0].SegmentSeat[0].RowSeats
	compact := func(raw json.RawMessage) string {
		var b bytes.Buffer
		_ = json.Compact(&b, raw)
		return b.String()
	}
	var one struct{ Baggage, MealDynamic, SeatDynamic []json.RawMessage }
	if err := json.Unmarshal(sup.Passengers("Ticket")[0], &one); err != nil {
		t.Fatal(err)
	}
	want := struct{ bags, meals, seats []string }{
		bags:  []string{compact(fixture.Response.Baggage[0][1])},     // XBPA, "Price": 2475.0
		meals: []string{compact(fixture.Response.MealDynamic[0][0])}, // NoMeal
		seats: []string{compact(rows[3].Seats[0])},                   // 12A
	}
	for name, pair := range map[string][2][]string{"Baggage": {want.bags, rawStrings(one.Baggage)}, "MealDynamic": {want.meals, rawStrings(one.MealDynamic)},
		"SeatDynamic": {want.seats, rawStrings(one.SeatDynamic)}} {
		if strings.Join(pair[0], "\n") != strings.Join(pair[1], "\n") {
			t.Errorf("%s sent %v, want %v", name, pair[1], pair[0])
		}
	}
	if !strings.Contains(want.bags[0], `"Price":2475.0`) {
		t.Fatalf("the fixture's amount %s", want.bags[0])
	}

	gds := standin.Results(t, standin.GDSConnection)[0][0]
	ref = supplier.ResultRef{TraceID: standin.TraceID, ResultIndex: gds}
	x, err = a.SSR(ctx, conn, ref)
	if err != nil || x.Kind != supplier.ExtrasGDS || len(x.MealPreferences) != 4 || len(x.SeatPreferences) != 2 {
		t.Fatalf("full-service extras %+v %v", x, err)
	}
	chosen, _, err = x.Choose([]int{supplier.PaxAdult}, []supplier.Choice{{MealPreference: "AVML", SeatPreference: "W"}})
	if err != nil {
		t.Fatal(err)
	}
	p = supplier.Passenger{Title: "Mr", FirstName: "RAVI", LastName: "KUMAR", PaxType: supplier.PaxAdult, IsLeadPax: true}
	chosen[0].Apply(&p)
	if _, err := a.Book(ctx, conn, supplier.BookRequest{ResultRef: ref, Passengers: []supplier.Passenger{p}}); err != nil {
		t.Fatal(err)
	}
	if b := string(sup.Passengers("Book")[0]); !strings.Contains(b, `"Meal":{"Code":"AVML","Description":"Asian - Vegetarian"}`) ||
		!strings.Contains(b, `"Seat":{"Code":"W","Description":"Window"}`) || strings.Contains(b, "SeatDynamic") {
		t.Fatalf("Book passenger %s", b)
	}
	if got := sup.Seen("SSR"); len(got) != 2 || got[0] != lcc || got[1] != gds {
		t.Fatalf("SSR received %d indexes", len(got))
	}
}

func rawStrings(items []json.RawMessage) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = string(it)
	}
	return out
}
