package documents

// CreditNote is a GST credit note against a tax invoice: what Paryatan
// refunds of its charges when a booking is cancelled, with the GST on them
// reversed, and the airfare it refunds for the airlines beside it.
type CreditNote struct {
	// Number is the credit note's serial number, from its own series: up to
	// 16 letters, digits, hyphens and slashes, such as "PY/CN/26-27/0045".
	Number string
	// Date is the credit note's date in India, formatted.
	Date string
	// InvoiceNumber is the number of the invoice it is against.
	InvoiceNumber string
	// InvoiceDate is that invoice's date, formatted.
	InvoiceDate string
	// Reason is why it is issued; empty means "Cancellation".
	Reason string
	// Supplier is Paryatan, as on the invoice.
	Supplier Party
	// Recipient is the invoice's recipient.
	Recipient Party
	// PlaceOfSupply is the invoice's place of supply; the tax is reversed by
	// the same rule it was charged by.
	PlaceOfSupply State
	// BookingRef is Paryatan's reference for the booking.
	BookingRef string
	// PNR is the booking's reference at the supplier.
	PNR string
	// Lines are the services refunded, before GST, each with its SAC.
	Lines []Line
	// PureAgent is the airfare refunded on the airlines' behalf, outside the
	// taxable value as it was on the invoice.
	PureAgent []Line
}

// CreditNotePDF renders a GST credit note as an A4 PDF: the invoice it is
// against, the reason, the services refunded and the GST reversed on them
// (see Taxes), the airfare refunded for the airlines and the total refunded.
func CreditNotePDF(cn CreditNote) ([]byte, error) {
	var c gstCheck
	c.number("credit note number", cn.Number)
	c.number("invoice number", cn.InvoiceNumber)
	if cn.Date == "" || cn.InvoiceDate == "" {
		c.add("no credit note date or invoice date")
	}
	c.parties(cn.Supplier, cn.Recipient, cn.PlaceOfSupply)
	c.lines(cn.Lines, cn.PureAgent)
	if err := c.err("credit note " + cn.Number); err != nil {
		return nil, err
	}
	reason := cn.Reason
	if reason == "" {
		reason = "Cancellation"
	}
	return gstDoc{
		title:    "Credit Note",
		subtitle: "Against tax invoice " + cn.InvoiceNumber,
		facts: [][2]string{
			{"Credit note number", cn.Number}, {"Credit note date", cn.Date}, {"Place of supply", stateLabel(cn.PlaceOfSupply)},
			{"Against invoice", cn.InvoiceNumber}, {"Invoice date", cn.InvoiceDate}, {"Reason", reason},
			{"Booking reference", dash(cn.BookingRef)}, {"PNR", dash(cn.PNR)}, {"Tax payable on reverse charge", "No"},
		},
		supplier: cn.Supplier, recipient: cn.Recipient, pos: cn.PlaceOfSupply,
		lines: cn.Lines, pureAgent: cn.PureAgent,
		servicesHeading: "Services credited",
		gstTotal:        "Credit note total (taxable value + GST reversed)",
		agentHeading:    "Airfare refunded on behalf of the airline",
		agentNote: "Paryatan refunds the airfare as a pure agent of the airline, as the airline refunded it; " +
			"it is not part of the taxable value of this credit note.",
		agentTotal: "Airfare refunded",
		grandTotal: "Total refunded",
		closing:    "Issued under section 34 of the CGST Act against the invoice above.",
	}.render("Credit note " + cn.Number + " · " + cn.Supplier.Name)
}
