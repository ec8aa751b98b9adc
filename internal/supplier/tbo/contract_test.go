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
