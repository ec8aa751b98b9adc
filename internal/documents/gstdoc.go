package documents

import (
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// gstDoc is what a tax invoice and a credit note have in common: a supplier
// and a recipient, lines of taxable service with the GST on them, and
// airfare handled for the airline as a pure agent beside them.
type gstDoc struct {
	title, subtitle string
	// facts are the document's numbers and dates, three to a row.
	facts     [][2]string
	supplier  Party
	recipient Party
	pos       State
	lines     []Line
	pureAgent []Line
	// words name the parts of this kind of document.
	servicesHeading, gstTotal, agentHeading, agentNote, agentTotal, grandTotal, closing string
}

// render writes the document.
func (g gstDoc) render(footer string) ([]byte, error) {
	d := newDoc(g.title+" "+g.facts[0][1], footer)
	s := g.supplier
	under := append([]string{}, s.Address...)
	if l := stateLabel(s.State); l != "" {
		under = append(under, "State: "+l)
	}
	id := "GSTIN: " + s.GSTIN
	if s.PAN != "" {
		id += "   PAN: " + s.PAN
	}
	d.header(s.Name, append(under, id), g.title, g.subtitle)
	d.fields(3, g.facts...)

	d.heading("Recipient", 10)
	r := g.recipient
	d.font(true, 9.5)
	d.paragraph(r.Name)
	d.font(false, 9)
	for _, l := range r.Address {
		d.paragraph(l)
	}
	if l := stateLabel(r.State); l != "" {
		d.paragraph("State: " + l)
	}
	if r.GSTIN != "" {
		d.paragraph("GSTIN: " + r.GSTIN)
	}

	taxes := Taxes(sum(g.lines), s.State.Code, g.pos.Code)
	d.heading(g.servicesHeading, 20)
	cols := []column{{"#", 8, "C"}, {"Description of service", 104, "L"}, {"SAC", 22, "C"}, {"Taxable value", 46, "R"}}
	tb := d.newTable(cols...)
	for i, l := range g.lines {
		tb.row(false, strconv.Itoa(i+1), l.Description, l.SAC, FormatINR(l.Amount))
	}
	tb.span(true, "Total taxable value", FormatINR(taxes.Taxable))
	for _, t := range taxes.Taxes {
		tb.span(false, t.Name+" @ "+t.Rate.String()+"%", FormatINR(t.Amount))
	}
	gstTotal := taxes.Taxable.Add(taxes.Total)
	tb.span(true, g.gstTotal, FormatINR(gstTotal))
	d.pdf.Ln(1.5)
	d.paragraph("In words: " + AmountInWords(gstTotal))

	airfare := sum(g.pureAgent)
	if len(g.pureAgent) > 0 {
		d.heading(g.agentHeading, 20)
		d.colour(muted)
		d.font(false, 8.5)
		d.paragraph(g.agentNote)
		d.colour(ink)
		d.font(false, 9)
		d.pdf.Ln(1.5)
		tb := d.newTable(column{"#", 8, "C"}, column{"Description", 126, "L"}, column{"Amount", 46, "R"})
		for i, l := range g.pureAgent {
			tb.row(false, strconv.Itoa(i+1), l.Description, FormatINR(l.Amount))
		}
		tb.span(true, g.agentTotal, FormatINR(airfare))
	}

	g.total(d, gstTotal.Add(airfare))
	g.signature(d)
	return d.bytes()
}

// total writes the amount paid or refunded in all, in figures and words.
func (g gstDoc) total(d *doc, amount decimal.Decimal) {
	pdf := d.pdf
	d.pdf.Ln(5)
	d.font(false, 9)
	words := pdf.SplitText(d.text("In words: "+AmountInWords(amount)), contentW-6)
	h := 9 + float64(len(words))*lineH + 2
	d.room(h)
	y := pdf.GetY()
	pdf.SetDrawColor(navy.r, navy.g, navy.b)
	pdf.SetFillColor(tint.r, tint.g, tint.b)
	pdf.SetLineWidth(0.4)
	pdf.Rect(margin, y, contentW, h, "FD")
	pdf.SetLineWidth(0.2)
	pdf.SetXY(margin+3, y+2)
	d.colour(navy)
	d.font(true, 12)
	pdf.CellFormat(contentW/2, 6, d.text(g.grandTotal), "", 0, "L", false, 0, "")
	pdf.CellFormat(contentW/2-6, 6, FormatINR(amount), "", 2, "R", false, 0, "")
	d.colour(ink)
	d.font(false, 9)
	pdf.SetXY(margin+3, y+9)
	for _, l := range words {
		pdf.CellFormat(contentW-6, lineH, l, "", 2, "L", false, 0, "")
	}
	pdf.SetXY(margin, y+h)
}

// signature closes the document for the supplier.
func (g gstDoc) signature(d *doc) {
	pdf := d.pdf
	d.pdf.Ln(8)
	d.room(22)
	d.font(true, 9)
	pdf.SetX(margin)
	pdf.CellFormat(contentW, lineH, d.text("For "+g.supplier.Name), "", 1, "R", false, 0, "")
	pdf.Ln(8)
	d.font(false, 9)
	pdf.CellFormat(contentW, lineH, "Authorised signatory", "", 1, "R", false, 0, "")
	pdf.Ln(3)
	d.colour(muted)
	d.font(false, 8)
	d.paragraph(strings.TrimSpace(g.closing + " This is a computer-generated document."))
	d.colour(ink)
}
