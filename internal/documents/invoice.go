package documents

// Invoice is a GST tax invoice for what Paryatan charges on a booking, with
// the airfare it collected for the airlines beside it.
type Invoice struct {
	// Number is the invoice's serial number: up to 16 letters, digits,
	// hyphens and slashes, such as "PY/26-27/000123".
	Number string
	// Date is the invoice's date in India, formatted, such as "21 Nov 2026".
	Date string
	// Supplier is Paryatan: its legal name, address, state, GSTIN and PAN.
	Supplier Party
	// Recipient is the traveller who booked (their name), or for a business
	// booking the company (legal name, address, state and GSTIN).
	Recipient Party
	// PlaceOfSupply is the state the service is supplied in: the business
	// recipient's state, or for a traveller the state on record for them.
	// It decides CGST + SGST (the supplier's own state) or IGST.
	PlaceOfSupply State
	// BookingRef is Paryatan's reference for the booking.
	BookingRef string
	// PNR is the booking's reference at the supplier.
	PNR string
	// Lines are the services Paryatan charges for, before GST, each with its
	// SAC (SACReservation for fees on a booking).
	Lines []Line
	// PureAgent is the airfare Paryatan collected on the airlines' behalf as
	// their pure agent, including the airlines' own taxes and fees: paid
	// through to the airlines and not part of the taxable value.
	PureAgent []Line
}

// InvoicePDF renders a GST tax invoice as an A4 PDF: supplier, recipient,
// place of supply, the taxable services with their SAC, CGST and SGST or
// IGST (see Taxes), the invoice total in figures and words, then the
// airfare collected as a pure agent and the total paid.
func InvoicePDF(inv Invoice) ([]byte, error) {
	var c gstCheck
	c.number("invoice number", inv.Number)
	if inv.Date == "" {
		c.add("no invoice date")
	}
	c.parties(inv.Supplier, inv.Recipient, inv.PlaceOfSupply)
	c.lines(inv.Lines, inv.PureAgent)
	if err := c.err("invoice " + inv.Number); err != nil {
		return nil, err
	}
	return gstDoc{
		title:    "Tax Invoice",
		subtitle: "Original for recipient",
		facts: [][2]string{
			{"Invoice number", inv.Number}, {"Invoice date", inv.Date}, {"Place of supply", stateLabel(inv.PlaceOfSupply)},
			{"Booking reference", dash(inv.BookingRef)}, {"PNR", dash(inv.PNR)}, {"Tax payable on reverse charge", "No"},
		},
		supplier: inv.Supplier, recipient: inv.Recipient, pos: inv.PlaceOfSupply,
		lines: inv.Lines, pureAgent: inv.PureAgent,
		servicesHeading: "Services",
		gstTotal:        "Invoice total (taxable value + GST)",
		agentHeading:    "Airfare collected on behalf of the airline",
		agentNote: "Paryatan collects the airfare, including the airline's own taxes and fees, as a pure agent of the airline " +
			"and pays it through to the airline; it is not part of the taxable value of this invoice. " +
			"The airline charges GST on the airfare itself.",
		agentTotal: "Airfare total",
		grandTotal: "Total paid",
	}.render("Tax invoice " + inv.Number + " · " + inv.Supplier.Name)
}
