package documents

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// fixedDate is the creation and modification date every document states.
// fpdf writes the clock's time when none is set; a constant keeps the same
// booking's documents byte for byte the same whenever they are rendered
// (so they can be cached, hashed and compared). The date a document is about
// is printed on it.
var fixedDate = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// Page geometry of an A4 page in millimetres.
const (
	pageW    = 210.0
	pageH    = 297.0
	margin   = 15.0
	bottom   = 18.0 // room for the footer
	contentW = pageW - 2*margin
	lineH    = 4.6 // a line of body text
)

// Colours: Paryatan's navy and terracotta (the web's theme), kept light
// enough behind text to print on a black-and-white printer.
var (
	navy       = rgb{0x14, 0x28, 0x4b}
	ink        = rgb{0x0d, 0x1b, 0x34}
	muted      = rgb{0x4a, 0x55, 0x68}
	rule       = rgb{0xaa, 0xbf, 0xe4}
	tint       = rgb{0xee, 0xf3, 0xfb}
	terracotta = rgb{0x88, 0x3d, 0x26}
	warmTint   = rgb{0xfc, 0xf2, 0xee}
)

// rgb is a colour.
type rgb struct{ r, g, b int }

// doc is a document being written: an A4 fpdf with the Go fonts, a footer,
// and a check on every string that the fonts can draw it. The first error
// is kept and returned by bytes; drawing after it does nothing harmful.
type doc struct {
	pdf *fpdf.Fpdf
	err error
}

// newDoc starts a document; title names it in the PDF's properties and
// footer is printed at the foot of every page beside the page number.
func newDoc(title, footer string) *doc {
	pdf := fpdf.New("P", "mm", "A4", "")
	d := &doc{pdf: pdf}
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(fixedDate)
	pdf.SetModificationDate(fixedDate)
	pdf.SetProducer("Paryatan", false)
	pdf.SetCreator("Paryatan", false)
	pdf.SetAuthor("Paryatan", false)
	pdf.SetTitle(d.text(title), true)
	pdf.SetLang("en-IN")
	pdf.AddUTF8FontFromBytes(family, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(family, "B", gobold.TTF)
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(true, bottom)
	pdf.AliasNbPages("")
	footer = d.text(footer)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-bottom + 6)
		d.colour(muted)
		pdf.SetFont(family, "", 7.5)
		pdf.SetDrawColor(rule.r, rule.g, rule.b)
		pdf.Line(margin, pdf.GetY(), pageW-margin, pdf.GetY())
		pdf.CellFormat(contentW/2, 6, footer, "", 0, "L", false, 0, "")
		pdf.CellFormat(contentW/2, 6, fmt.Sprintf("Page %d of {nb}", pdf.PageNo()), "", 0, "R", false, 0, "")
	})
	pdf.AddPage()
	return d
}

// bytes finishes the document.
func (d *doc) bytes() ([]byte, error) {
	if d.err != nil {
		return nil, d.err
	}
	var b bytes.Buffer
	if err := d.pdf.Output(&b); err != nil {
		return nil, fmt.Errorf("documents: write pdf: %w", err)
	}
	return b.Bytes(), nil
}

// text makes s printable: Devanagari is transliterated to Latin (see
// Transliterate) and a character the fonts have no glyph for is an error,
// never an empty box or a silent gap in a name or an amount.
func (d *doc) text(s string) string {
	s = Transliterate(strings.ReplaceAll(s, "\r", ""))
	if r, ok := printable(s); !ok && d.err == nil {
		d.err = fmt.Errorf("documents: %q has %q (U+%04X), which the document font cannot print", s, r, r)
	}
	return s
}

// colour sets the text colour.
func (d *doc) colour(c rgb) { d.pdf.SetTextColor(c.r, c.g, c.b) }

// font sets the font: bold or not, size in points.
func (d *doc) font(bold bool, size float64) {
	style := ""
	if bold {
		style = "B"
	}
	d.pdf.SetFont(family, style, size)
}

// room starts a new page unless h millimetres are left above the footer,
// and reports whether it did.
func (d *doc) room(h float64) bool {
	if d.pdf.GetY()+h <= pageH-bottom {
		return false
	}
	d.pdf.AddPage()
	return true
}

// header writes the top of the first page: the brand or the supplier's name
// on the left, with lines under it, and the document's title on the right.
func (d *doc) header(name string, lines []string, title, subtitle string) {
	pdf := d.pdf
	top := pdf.GetY()
	d.colour(navy)
	// A supplier's legal name can be long: the name shrinks to fit beside
	// the title, and wraps if it still does not.
	name, size := d.text(name), 20.0
	d.font(true, size)
	for size > 13 && pdf.GetStringWidth(name) > contentW*0.6-2 {
		size -= 0.5
		d.font(true, size)
	}
	pdf.MultiCell(contentW*0.6, size*0.45, name, "", "L", false)
	d.colour(muted)
	d.font(false, 8.5)
	for _, l := range lines {
		pdf.SetX(margin)
		pdf.CellFormat(contentW*0.6, 4.2, d.text(l), "", 2, "L", false, 0, "")
	}
	leftEnd := pdf.GetY()
	pdf.SetXY(margin+contentW*0.6, top)
	d.colour(ink)
	d.font(true, 16)
	pdf.CellFormat(contentW*0.4, 9, d.text(title), "", 2, "R", false, 0, "")
	if subtitle != "" {
		d.colour(muted)
		d.font(false, 8.5)
		pdf.CellFormat(contentW*0.4, 4.2, d.text(subtitle), "", 2, "R", false, 0, "")
	}
	y := max(leftEnd, pdf.GetY()) + 2
	pdf.SetDrawColor(navy.r, navy.g, navy.b)
	pdf.SetLineWidth(0.6)
	pdf.Line(margin, y, pageW-margin, y)
	pdf.SetLineWidth(0.2)
	pdf.SetXY(margin, y+4)
}

// heading writes a section's heading, on a new page if the heading and
// keep millimetres of what follows it do not fit on this one.
func (d *doc) heading(s string, keep float64) {
	d.pdf.Ln(3)
	d.room(8 + keep)
	d.colour(navy)
	d.font(true, 11)
	d.pdf.SetX(margin)
	d.pdf.CellFormat(contentW, 7, d.text(s), "", 1, "L", false, 0, "")
	d.colour(ink)
	d.font(false, 9)
}

// paragraph writes wrapped text across the page.
func (d *doc) paragraph(s string) {
	d.pdf.SetX(margin)
	d.pdf.MultiCell(contentW, lineH, d.text(strings.TrimRight(s, "\n")), "", "L", false)
}

// fields writes label–value pairs in a bordered grid of cols columns, the
// label small above its value.
func (d *doc) fields(cols int, pairs ...[2]string) {
	pdf := d.pdf
	w := contentW / float64(cols)
	const labelH, valueH = 4.0, 5.5
	pdf.SetDrawColor(rule.r, rule.g, rule.b)
	for i := 0; i < len(pairs); i += cols {
		d.room(labelH + valueH + 2)
		y := pdf.GetY()
		for j := 0; j < cols; j++ {
			x := margin + float64(j)*w
			pdf.Rect(x, y, w, labelH+valueH+2, "D")
			if i+j >= len(pairs) {
				continue
			}
			pdf.SetXY(x+1, y+1)
			d.colour(muted)
			d.font(false, 7.5)
			pdf.CellFormat(w-2, labelH, d.text(pairs[i+j][0]), "", 2, "L", false, 0, "")
			d.colour(ink)
			d.font(true, 10)
			pdf.CellFormat(w-2, valueH, d.fit(pairs[i+j][1], w-2), "", 0, "L", false, 0, "")
		}
		pdf.SetXY(margin, y+labelH+valueH+2)
	}
	d.font(false, 9)
}

// fit shortens s with an ellipsis until it fits in w millimetres in the
// current font; for values (a reference, a date) that must stay on one line.
func (d *doc) fit(s string, w float64) string {
	s = d.text(s)
	if d.pdf.GetStringWidth(s) <= w-2*d.pdf.GetCellMargin() {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && d.pdf.GetStringWidth(string(rs)+"…") > w-2*d.pdf.GetCellMargin() {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

// bullets writes a list, each item wrapped beside its bullet.
func (d *doc) bullets(items []string) {
	pdf := d.pdf
	const h = 4.1
	d.font(false, 8.5)
	for _, it := range items {
		lines := pdf.SplitText(d.text(it), contentW-5)
		d.room(float64(len(lines)) * h)
		pdf.SetX(margin)
		pdf.CellFormat(5, h, "•", "", 0, "C", false, 0, "")
		pdf.MultiCell(contentW-5, h, d.text(it), "", "L", false)
		pdf.Ln(0.6)
	}
	d.font(false, 9)
}

// notice writes a boxed, tinted message, such as a cancellation.
func (d *doc) notice(s string) {
	pdf := d.pdf
	s = d.text(s)
	d.font(true, 9.5)
	lines := pdf.SplitText(s, contentW-6)
	h := float64(len(lines))*lineH + 4
	d.room(h)
	y := pdf.GetY()
	pdf.SetFillColor(warmTint.r, warmTint.g, warmTint.b)
	pdf.SetDrawColor(terracotta.r, terracotta.g, terracotta.b)
	pdf.Rect(margin, y, contentW, h, "FD")
	d.colour(terracotta)
	pdf.SetXY(margin+3, y+2)
	pdf.MultiCell(contentW-6, lineH, s, "", "L", false)
	pdf.SetXY(margin, y+h+2)
	d.colour(ink)
	d.font(false, 9)
}
