package tbo_test

import (
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
