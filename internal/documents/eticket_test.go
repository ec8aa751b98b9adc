package documents

import (
	"fmt"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func TestETicket(t *testing.T) {
	t.Parallel()
	pdf, err := ETicketPDF(sampleTicket())
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text,
		"Paryatan", "E-Ticket", "PYT-7Q4K2M", "TBO8812345", "Confirmed", "21 Nov 2026",
		"Airline PNR: K7XQ2P", "Airline PNR: ZB4M9T",
		"IndiGo (6E)", "Flight 6E 2134", "Air India (AI)", "Flight AI 864", "Economy",
		"BOM", "DEL", "Mumbai, Terminal 2", "New Delhi, Terminal 1",
		"Chhatrapati Shivaji Maharaj International Airport", "Indira Gandhi International Airport",
		"Tue 1 Dec 2026, 06:15", "Tue 1 Dec 2026, 08:25", "Sun 6 Dec 2026, 21:00", "2h 10m",
		"0987654321012", "0987654321013", "0987654321014", "0987654321015",
		"Mr Rahul Verma", "Master Kabir Verma", "Ankit Sharma",
		"Refundable fare", "INR 3,500 per traveller",
		"photo ID", "45 minutes", "60 minutes", "Web check-in", "Dangerous goods", "must match", "schedule changes",
		"1 of 4 tickets on this booking is cancelled",
	)
	mustMatch(t, text,
		"1 Mr Rahul Verma Adult 0987654321012 15 kg 7 kg Confirmed",
		"2 Ankit Sharma Adult 0987654321013 15 kg 7 kg Cancelled",
		"3 Miss Ira Verma Child",
		"4 Master Kabir Verma Infant 0987654321015 10 kg",
		"Page 1 of 1",
	)
	mustNotContain(t, text, "अंकित", "Non-refundable")
}

// The seats, meals and baggage bought with the fare print in a table of
// their own, by traveller, with their prices; a request prints a dash.
func TestETicketExtras(t *testing.T) {
	t.Parallel()
	tk := sampleTicket()
	tk.Extras = []Extra{
		{Traveller: 0, Flight: "BOM → DEL", Item: "Seat 12A (Window, exit row)", Price: decimal.RequireFromString("350")},
		{Traveller: 0, Flight: "BOM → DEL", Item: "Meal: Veg cheese sandwich", Price: decimal.RequireFromString("199.50")},
		{Traveller: 2, Flight: "BOM → DEL", Item: "Extra baggage: 15 kg", Price: decimal.RequireFromString("1050")},
		{Traveller: 3, Item: "Meal request: Baby meal"},
	}
	pdf, err := ETicketPDF(tk)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text, "Seats, meals and baggage")
	mustMatch(t, text,
		"1 Mr Rahul Verma BOM → DEL Seat 12A (Window, exit row) INR 350.00",
		"1 Mr Rahul Verma BOM → DEL Meal: Veg cheese sandwich INR 199.50",
		"3 Miss Ira Verma BOM → DEL Extra baggage: 15 kg INR 1,050.00",
		"4 Master Kabir Verma — Meal request: Baby meal —",
	)

	tk.Extras = []Extra{{Traveller: 4, Item: "Seat 1A"}}
	if _, err := ETicketPDF(tk); err == nil {
		t.Fatal("an extra for a traveller not on the ticket printed")
	}
}

func TestETicketAllCancelledNonRefundable(t *testing.T) {
	t.Parallel()
	tk := sampleTicket()
	tk.Status = "Cancelled"
	for i := range tk.Travellers {
		tk.Travellers[i].Cancelled = true
	}
	tk.FareRules = FareRules{Summary: "No refund on cancellation; only statutory taxes are refunded."}
	pdf, err := ETicketPDF(tk)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text, "All tickets on this booking are cancelled", "Non-refundable fare", "only statutory taxes")
	if n := strings.Count(text, "Cancelled"); n < 5 {
		t.Errorf("%d mentions of Cancelled, want the status and each of 4 tickets", n)
	}
	mustNotContain(t, text, "Confirmed")
}

func TestETicketNotes(t *testing.T) {
	t.Parallel()
	tk := sampleTicket()
	tk.Notes = []string{"Carry your boarding pass printed or on your phone."}
	pdf, err := ETicketPDF(tk)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text, "Important information", "Carry your boarding pass")
	mustNotContain(t, text, "Dangerous goods")

	tk.Notes = []string{}
	if pdf, err = ETicketPDF(tk); err != nil {
		t.Fatal(err)
	}
	mustNotContain(t, pdfText(t, pdf), "Important information")
}

func TestETicketManyPages(t *testing.T) {
	t.Parallel()
	tk := sampleTicket()
	for len(tk.Flights) < 9 {
		tk.Flights = append(tk.Flights, tk.Flights...)
	}
	tk.Travellers = nil
	for i := range 40 {
		tk.Travellers = append(tk.Travellers, Traveller{
			Name: fmt.Sprintf("Ms Traveller Number %02d With A Long Family Name Srinivasaraghavan", i+1), Type: Adult,
			TicketNumber: fmt.Sprintf("09876543%05d", i), CheckedBaggage: "15 kg", CabinBaggage: "7 kg",
		})
	}
	pdf, err := ETicketPDF(tk)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	for _, p := range tk.Travellers {
		mustContain(t, text, p.TicketNumber)
	}
	pages := strings.Count(text, "\f")
	if pages < 3 {
		t.Fatalf("%d pages for 16 flights and 40 travellers, want several", pages)
	}
	mustMatch(t, text, fmt.Sprintf("Page %d of %d", pages, pages))
	// The travellers' table carries its header onto each page it runs onto.
	if n := strings.Count(text, "Name as ticketed"); n < 2 {
		t.Errorf("the travellers' header is printed %d times, want it on every page of the table", n)
	}
}

func TestETicketRejects(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		change func(*Ticket)
		want   string
	}{
		"no reference":        {func(t *Ticket) { t.BookingRef = " " }, "no booking reference"},
		"no flights":          {func(t *Ticket) { t.Flights = nil }, "no flights"},
		"no travellers":       {func(t *Ticket) { t.Travellers = nil }, "no travellers"},
		"unknown type":        {func(t *Ticket) { t.Travellers[0].Type = "senior" }, `traveller 1 has type "senior"`},
		"name the font lacks": {func(t *Ticket) { t.Travellers[2].Name = "王小明" }, "U+738B"},
		"rupee sign":          {func(t *Ticket) { t.FareRules.Summary = "Fee ₹3,000" }, "U+20B9"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tk := sampleTicket()
			tc.change(&tk)
			pdf, err := ETicketPDF(tk)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ETicketPDF = %d bytes, %v; want an error saying %q", len(pdf), err, tc.want)
			}
		})
	}
}
