package documents

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ETicketPDF renders a booking's e-ticket as an A4 PDF: the booking's
// references, each flight with local departure and arrival times, each
// traveller's ticket and baggage, the fare rules and the important
// information airlines require.
func ETicketPDF(t Ticket) ([]byte, error) {
	if err := t.validate(); err != nil {
		return nil, err
	}
	d := newDoc("E-ticket "+t.BookingRef, brand+" e-ticket · Booking "+t.BookingRef)
	var under []string
	if t.Support != "" {
		under = append(under, t.Support)
	}
	d.header(brand, under, "E-Ticket", "Booking "+t.BookingRef)

	facts := [][2]string{{"Booking reference", t.BookingRef}, {"PNR", dash(t.SupplierPNR)}, {"Status", dash(t.Status)}}
	if t.IssuedOn != "" {
		facts = append(facts, [2]string{"Issued on", t.IssuedOn})
	}
	d.fields(len(facts), facts...)
	if msg := cancellation(t.Travellers); msg != "" {
		d.pdf.Ln(3)
		d.notice(msg)
	}

	d.heading("Flights", 30)
	for i, f := range t.Flights {
		flightCard(d, f)
		if i < len(t.Flights)-1 {
			d.pdf.Ln(3)
		}
	}

	d.heading("Travellers", 12)
	tb := d.newTable(
		column{"#", 8, "C"}, column{"Name as ticketed", 48, "L"}, column{"Type", 14, "L"},
		column{"Ticket number", 30, "L"}, column{"Checked baggage", 29, "L"},
		column{"Cabin baggage", 26, "L"}, column{"Ticket status", 25, "L"})
	for i, p := range t.Travellers {
		cells := []string{strconv.Itoa(i + 1), p.Name, paxTypes[p.Type], dash(p.TicketNumber),
			dash(p.CheckedBaggage), dash(p.CabinBaggage), "Confirmed"}
		switch {
		case p.Cancelled:
			cells[6] = "Cancelled"
			tb.alertRow(6, cells...)
			continue
		case p.TicketNumber == "":
			cells[6] = "Not issued"
		}
		tb.row(false, cells...)
	}

	if len(t.Extras) > 0 {
		d.heading("Seats, meals and baggage", 12)
		xt := d.newTable(column{"#", 8, "C"}, column{"Traveller", 44, "L"}, column{"Flight", 28, "L"},
			column{"Item", 70, "L"}, column{"Price", 30, "R"})
		for _, x := range t.Extras {
			price := "—"
			if x.Price.IsPositive() {
				price = FormatINR(x.Price)
			}
			xt.row(false, strconv.Itoa(x.Traveller+1), t.Travellers[x.Traveller].Name, dash(x.Flight), x.Item, price)
		}
	}

	d.heading("Fare rules", 12)
	d.font(true, 9)
	if t.FareRules.Refundable {
		d.paragraph("Refundable fare")
	} else {
		d.paragraph("Non-refundable fare")
	}
	d.font(false, 9)
	if t.FareRules.Summary != "" {
		d.paragraph(t.FareRules.Summary)
	}

	notes := t.Notes
	if notes == nil {
		notes = DefaultNotes()
	}
	if len(notes) > 0 {
		d.heading("Important information", 10)
		d.bullets(notes)
	}
	return d.bytes()
}

// paxTypes are how the ticket writes the fare types.
var paxTypes = map[PaxType]string{Adult: "Adult", Child: "Child", Infant: "Infant"}

// validate rejects a ticket that would print misleading: one without a
// reference, flights or travellers, or with a traveller of no known type.
func (t Ticket) validate() error {
	var errs []error
	if strings.TrimSpace(t.BookingRef) == "" {
		errs = append(errs, errors.New("no booking reference"))
	}
	if len(t.Flights) == 0 {
		errs = append(errs, errors.New("no flights"))
	}
	if len(t.Travellers) == 0 {
		errs = append(errs, errors.New("no travellers"))
	}
	for i, p := range t.Travellers {
		if strings.TrimSpace(p.Name) == "" {
			errs = append(errs, fmt.Errorf("traveller %d has no name", i+1))
		}
		if paxTypes[p.Type] == "" {
			errs = append(errs, fmt.Errorf("traveller %d has type %q, not adult, child or infant", i+1, p.Type))
		}
	}
	for i, x := range t.Extras {
		if x.Traveller < 0 || x.Traveller >= len(t.Travellers) {
			errs = append(errs, fmt.Errorf("extra %d is for traveller %d, who is not on the ticket", i+1, x.Traveller+1))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("documents: e-ticket: %w", err)
	}
	return nil
}

// cancellation is the notice for cancelled tickets, or "" when none is.
func cancellation(ps []Traveller) string {
	n := 0
	for _, p := range ps {
		if p.Cancelled {
			n++
		}
	}
	switch {
	case n == 0:
		return ""
	case n == len(ps):
		return "All tickets on this booking are cancelled. They are no longer valid for travel."
	case n == 1:
		return fmt.Sprintf("1 of %d tickets on this booking is cancelled and no longer valid for travel; it is marked Cancelled below.", len(ps))
	default:
		return fmt.Sprintf("%d of %d tickets on this booking are cancelled and no longer valid for travel; they are marked Cancelled below.", n, len(ps))
	}
}

// dash stands in for a value not known.
func dash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "—"
	}
	return s
}
