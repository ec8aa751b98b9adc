package documents

import "strings"

// flightCard writes one flight as a bordered card: the airline, flight
// number, cabin and airline PNR across the top, then departure and arrival
// side by side with the duration between them.
func flightCard(d *doc, f Flight) {
	pdf := d.pdf
	const (
		barH  = 7.0
		sideW = 76.0
		midW  = contentW - 2*sideW
	)
	d.font(false, 8.5)
	fromLines := pdf.SplitText(d.text(f.From.Name), sideW-4)
	toLines := pdf.SplitText(d.text(f.To.Name), sideW-4)
	// padding, label, code, city and terminal, airport name, time, padding
	bodyH := 2 + 3.5 + 7 + 4.6 + float64(max(len(fromLines), len(toLines), 1))*4 + 6 + 1.5
	d.room(barH + bodyH)
	y := pdf.GetY()

	pdf.SetDrawColor(rule.r, rule.g, rule.b)
	pdf.SetFillColor(tint.r, tint.g, tint.b)
	pdf.Rect(margin, y, contentW, barH, "FD")
	pdf.Rect(margin, y+barH, contentW, bodyH, "D")
	airline := f.Airline
	if f.AirlineCode != "" {
		airline += " (" + f.AirlineCode + ")"
	}
	parts := []string{strings.TrimSpace(airline), "Flight " + strings.TrimSpace(f.AirlineCode+" "+f.Number)}
	if f.Cabin != "" {
		parts = append(parts, f.Cabin)
	}
	title := strings.Join(parts, "  ·  ")
	pdf.SetXY(margin+2, y+0.5)
	d.colour(navy)
	d.font(true, 9.5)
	pdf.CellFormat(contentW*0.65, barH-1, d.text(title), "", 0, "L", false, 0, "")
	d.colour(ink)
	pdf.CellFormat(contentW*0.35-4, barH-1, d.text("Airline PNR: "+dash(f.AirlinePNR)), "", 0, "R", false, 0, "")

	end := func(x float64, label string, a Airport, lines []string, when string, align string) {
		pdf.SetXY(x, y+barH+2)
		d.colour(muted)
		d.font(false, 7.5)
		pdf.CellFormat(sideW-4, 3.5, label, "", 2, align, false, 0, "")
		d.colour(ink)
		d.font(true, 16)
		pdf.CellFormat(sideW-4, 7, d.text(a.Code), "", 2, align, false, 0, "")
		d.font(true, 9)
		place := a.City
		if a.Terminal != "" {
			place += ", Terminal " + a.Terminal
		}
		pdf.CellFormat(sideW-4, 4.6, d.text(place), "", 2, align, false, 0, "")
		d.font(false, 8.5)
		for _, l := range lines {
			pdf.CellFormat(sideW-4, 4, l, "", 2, align, false, 0, "")
		}
		d.font(true, 10)
		pdf.CellFormat(sideW-4, 6, d.text(when), "", 2, align, false, 0, "")
	}
	end(margin+2, "DEPARTS (local time)", f.From, fromLines, f.Departs, "L")
	end(margin+sideW+midW+2, "ARRIVES (local time)", f.To, toLines, f.Arrives, "R")

	mid := margin + sideW
	pdf.SetXY(mid, y+barH+8)
	d.colour(muted)
	d.font(false, 8)
	pdf.CellFormat(midW, 4, "Duration", "", 2, "C", false, 0, "")
	d.colour(ink)
	d.font(true, 9.5)
	pdf.CellFormat(midW, 5, d.text(dash(f.Duration)), "", 2, "C", false, 0, "")
	pdf.SetDrawColor(navy.r, navy.g, navy.b)
	ay := pdf.GetY() + 2
	pdf.Line(mid+4, ay, mid+midW-4, ay)
	pdf.Line(mid+midW-6, ay-1.2, mid+midW-4, ay)
	pdf.Line(mid+midW-6, ay+1.2, mid+midW-4, ay)

	d.font(false, 9)
	pdf.SetXY(margin, y+barH+bodyH)
}
