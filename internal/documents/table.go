package documents

// column is one column of a table.
type column struct {
	title string
	width float64 // millimetres
	align string  // "L", "C" or "R"
}

// table is a bordered table whose header row is repeated on every page it
// runs onto; a cell's text wraps within its column.
type table struct {
	d    *doc
	cols []column
}

// newTable starts a table, writing its header row.
func (d *doc) newTable(cols ...column) *table {
	t := &table{d: d, cols: cols}
	d.room(2 * (lineH + 2)) // never a header alone at the foot of a page
	t.header()
	return t
}

// header writes the header row.
func (t *table) header() {
	pdf := t.d.pdf
	t.d.font(true, 8)
	t.d.colour(navy)
	pdf.SetFillColor(tint.r, tint.g, tint.b)
	pdf.SetDrawColor(rule.r, rule.g, rule.b)
	h := 0.0
	for _, c := range t.cols {
		h = max(h, float64(len(pdf.SplitText(t.d.text(c.title), c.width)))*4+2)
	}
	y := pdf.GetY()
	x := margin
	for _, c := range t.cols {
		pdf.Rect(x, y, c.width, h, "FD")
		pdf.SetXY(x, y+1)
		pdf.MultiCell(c.width, 4, t.d.text(c.title), "", c.align, false)
		x += c.width
	}
	pdf.SetXY(margin, y+h)
	t.d.colour(ink)
	t.d.font(false, 9)
}

// row writes one row of cells, one per column; bold writes it in bold on a
// tint, for totals.
func (t *table) row(bold bool, cells ...string) { t.draw(bold, -1, cells) }

// alertRow writes a row on a warm tint with the cell in column col in bold
// terracotta: a traveller whose ticket is cancelled.
func (t *table) alertRow(col int, cells ...string) { t.draw(false, col, cells) }

// draw writes a row; alert is the column to call attention to, or -1.
func (t *table) draw(bold bool, alert int, cells []string) {
	pdf := t.d.pdf
	t.d.font(bold, 9)
	lines := make([][]string, len(t.cols))
	h := 0.0
	for i, c := range t.cols {
		s := ""
		if i < len(cells) {
			s = t.d.text(cells[i])
		}
		lines[i] = pdf.SplitText(s, c.width)
		h = max(h, float64(max(len(lines[i]), 1))*lineH+2)
	}
	if t.d.room(h) {
		t.header()
		t.d.font(bold, 9)
	}
	y := pdf.GetY()
	x := margin
	pdf.SetDrawColor(rule.r, rule.g, rule.b)
	pdf.SetFillColor(tint.r, tint.g, tint.b)
	style := "D"
	if bold {
		style = "FD"
	}
	if alert >= 0 {
		pdf.SetFillColor(warmTint.r, warmTint.g, warmTint.b)
		style = "FD"
	}
	for i, c := range t.cols {
		pdf.Rect(x, y, c.width, h, style)
		if i == alert {
			t.d.colour(terracotta)
			t.d.font(true, 9)
		}
		for j, l := range lines[i] {
			pdf.SetXY(x, y+1+float64(j)*lineH)
			pdf.CellFormat(c.width, lineH, l, "", 0, c.align, false, 0, "")
		}
		if i == alert {
			t.d.colour(ink)
			t.d.font(bold, 9)
		}
		x += c.width
	}
	pdf.SetXY(margin, y+h)
	t.d.font(false, 9)
}

// span writes a row whose text spans every column but the last, with the
// last column's value beside it: a total under a table of amounts.
func (t *table) span(bold bool, label, value string) {
	pdf := t.d.pdf
	last := t.cols[len(t.cols)-1]
	w := 0.0
	for _, c := range t.cols[:len(t.cols)-1] {
		w += c.width
	}
	t.d.font(bold, 9)
	lines := pdf.SplitText(t.d.text(label), w)
	h := float64(max(len(lines), 1))*lineH + 2
	if t.d.room(h) {
		t.header()
		t.d.font(bold, 9)
	}
	y := pdf.GetY()
	pdf.SetDrawColor(rule.r, rule.g, rule.b)
	pdf.SetFillColor(tint.r, tint.g, tint.b)
	style := "D"
	if bold {
		style = "FD"
	}
	pdf.Rect(margin, y, w, h, style)
	pdf.Rect(margin+w, y, last.width, h, style)
	for j, l := range lines {
		pdf.SetXY(margin, y+1+float64(j)*lineH)
		pdf.CellFormat(w, lineH, l, "", 0, "R", false, 0, "")
	}
	pdf.SetXY(margin+w, y+1)
	pdf.CellFormat(last.width, lineH, t.d.text(value), "", 0, last.align, false, 0, "")
	pdf.SetXY(margin, y+h)
	t.d.font(false, 9)
}
