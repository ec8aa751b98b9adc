package flights_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/documents/documentstest"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// pdfText is the text pdftotext reads out of pdf.
func pdfText(t *testing.T, pdf []byte) string { return documentstest.Text(t, pdf) }

func download(t *testing.T, c *apitest.Client, id, kind string) []byte {
	t.Helper()
	res := c.Do("GET", "/api/v1/me/bookings/"+id+"/documents/"+kind, nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(res.Body, []byte("%PDF-")) ||
		!strings.HasPrefix(res.Header.Get("Content-Disposition"), `attachment; filename="Paryatan-`) {
		t.Fatalf("%s = %d %s %q", kind, res.StatusCode, res.Header, truncate(res.Body))
	}
	return res.Body
}

// A ticketed booking's e-ticket and GST invoice download as PDFs whose text
// holds the PNR, the ticket numbers, the seller's GSTIN and the tax lines;
// the same invoice is the same bytes every time and keeps its number; the
// "Ticket issued" e-mail carries both; another user gets neither.
func TestETicketAndInvoice(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signIn(t, env, "documents@example.in")
	v := ticketedFamily(t, env, c, false)
	id := v.Booking.ID

	ticket := pdfText(t, download(t, c, id, "e-ticket"))
	for _, want := range []string{v.Booking.PNR, v.Tickets[0].TicketNumber, v.Tickets[1].TicketNumber, "MEERA KUMAR", "Important information"} {
		if !strings.Contains(ticket, want) {
			t.Errorf("the e-ticket does not show %q:\n%s", want, ticket)
		}
	}
	first := download(t, c, id, "invoice")
	if again := download(t, c, id, "invoice"); !bytes.Equal(first, again) {
		t.Error("the same invoice downloads as different bytes")
	}
	inv := pdfText(t, first)
	for _, want := range []string{"Tax Invoice", "06AAACP0000A1Z0", v.Booking.PNR, "998555", "CGST", "SGST", "Haryana (06)"} {
		if !strings.Contains(inv, want) {
			t.Errorf("the invoice does not show %q:\n%s", want, inv)
		}
	}
	number := regexp.MustCompile(`PY/\d\d-\d\d/\d{6}`).FindString(inv)
	if number == "" {
		t.Fatalf("no invoice number in:\n%s", inv)
	}
	var n int
	if err := env.DB.QueryRow(context.Background(), `SELECT count(*) FROM tax_documents WHERE booking_id = $1 AND number = $2`, id, number).Scan(&n); err != nil || n != 1 {
		t.Fatalf("invoice %s recorded %d times (%v)", number, n, err)
	}
	var names []string
	rows, err := env.DB.Query(context.Background(), `SELECT a.name FROM outbox_attachments a JOIN outbox_messages m ON m.id = a.message_id
		WHERE m.kind = 'ticket_issued' AND m.recipient = 'documents@example.in' ORDER BY a.position`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		names = append(names, s)
	}
	if len(names) != 2 || !strings.HasPrefix(names[0], "Paryatan-e-ticket-") || names[1] != "Paryatan-invoice-"+strings.ReplaceAll(number, "/", "-")+".pdf" {
		t.Errorf("the Ticket issued e-mail carries %v", names)
	}

	other := signIn(t, env, "nosy@example.in")
	if res := other.Do("GET", "/api/v1/me/bookings/"+id+"/documents/invoice", nil); res.StatusCode != 404 {
		t.Errorf("another user's invoice = %d", res.StatusCode)
	}
	if res := c.Do("GET", "/api/v1/me/bookings/"+id+"/documents/receipt", nil); res.StatusCode != 404 {
		t.Errorf("an unknown document = %d", res.StatusCode)
	}
}

// A MyBiz booking's invoice is the company's: its legal name and GSTIN, its
// state as the place of supply, and IGST since that state (Maharashtra) is
// not the seller's (Haryana).
func TestMyBizInvoice(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	if err := env.Sim.SetDocuments(sim.Documents{GST: 1}); err != nil {
		t.Fatal(err)
	}
	c := signIn(t, env, "accounts@acme.example.in")
	s := search(t, c, "BOM", "DEL")
	body := bookBody(s.Data.Response.TraceId, pick(t, s, false).ResultIndex, false)
	body["gst"] = map[string]string{"GSTNumber": "27AAPFU0939F1ZV", "GSTCompanyName": "Acme Travels Private Limited",
		"GSTCompanyAddress": "Nariman Point, Mumbai 400021", "GSTCompanyContactNumber": "+912240001234", "GSTCompanyEmail": "accounts@acme.example.in"}
	var b outcome
	res := c.Do("POST", "/api/v1/flights/tbo/book", body)
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	pay(t, env, c, b.Booking.ID, "card", "success")
	waitStatus(t, c, b.Booking.ID, "ticketed")
	inv := pdfText(t, download(t, c, b.Booking.ID, "invoice"))
	for _, want := range []string{"Acme Travels Private Limited", "27AAPFU0939F1ZV", "Maharashtra (27)", "IGST"} {
		if !strings.Contains(inv, want) {
			t.Errorf("the company's invoice does not show %q:\n%s", want, inv)
		}
	}
	if strings.Contains(inv, "CGST") {
		t.Errorf("an inter-state invoice charges CGST:\n%s", inv)
	}
}
