package documents

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func TestInvoiceInterState(t *testing.T) {
	t.Parallel()
	pdf, err := InvoicePDF(sampleInvoice())
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text,
		"Tax Invoice", "Paryatan Travel Technologies Private Limited", "Lower Parel, Mumbai 400013",
		"State: Maharashtra (27)", "GSTIN: 27AAJCP1234F1Z5", "PAN: AAJCP1234F",
		"PY/26-27/000123", "21 Nov 2026", "Karnataka (29)", "PYT-7Q4K2M", "TBO8812345",
		"Nilgiri Analytics Private Limited", "GSTIN: 29AABCN5678K1Z2", "Indiranagar",
		"998555", "Reservation services for transportation",
		"In words: Rupees Five Hundred Ninety Only",
		"Airfare collected on behalf of the airline", "pure agent",
		"In words: Rupees Twenty Six Thousand Two Hundred Fifteen and Paise Fifty Only",
		"Authorised signatory",
	)
	mustMatch(t, text,
		"Tax payable on reverse charge",
		"Total taxable value INR 500.00",
		"IGST @ 18% INR 90.00",
		"Invoice total (taxable value + GST) INR 590.00",
		"INR 12,450.00", "INR 13,175.50",
		"Airfare total INR 25,625.50",
		"Total paid INR 26,215.50",
	)
	mustNotContain(t, text, "CGST", "SGST")
}

func TestInvoiceIntraStateTraveller(t *testing.T) {
	t.Parallel()
	inv := sampleInvoice()
	inv.Recipient = Party{Name: "राहुल वर्मा", State: State{Name: "Maharashtra", Code: "27"}}
	inv.PlaceOfSupply = State{Name: "Maharashtra", Code: "27"}
	inv.Lines = append(inv.Lines, Line{Description: "Seat selection fee", SAC: SACReservation, Amount: decimal.RequireFromString("100.50")})
	pdf, err := InvoicePDF(inv)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text, "Rahul Varma", "Place of supply", "Maharashtra (27)")
	mustMatch(t, text,
		"Total taxable value INR 600.50",
		"CGST @ 9% INR 54.05", // 54.045 rounds half-up
		"SGST @ 9% INR 54.05",
		"Invoice total (taxable value + GST) INR 708.60",
		"Total paid INR 26,334.10",
	)
	mustNotContain(t, text, "IGST", "29AABCN5678K1Z2")
}

func TestInvoiceWithoutAirfare(t *testing.T) {
	t.Parallel()
	inv := sampleInvoice()
	inv.PureAgent = nil
	pdf, err := InvoicePDF(inv)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustMatch(t, text, "Total paid INR 590.00")
	mustNotContain(t, text, "Airfare collected")
}

func TestInvoiceRejects(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		change func(*Invoice)
		want   string
	}{
		"number too long":      {func(i *Invoice) { i.Number = "PYT/2026-27/000123" }, "up to 16"},
		"number with a space":  {func(i *Invoice) { i.Number = "PY 123" }, "up to 16"},
		"no date":              {func(i *Invoice) { i.Date = "" }, "no invoice date"},
		"supplier GSTIN":       {func(i *Invoice) { i.Supplier.GSTIN = "29AAJCP1234F1Z5" }, "not a GSTIN of state"},
		"recipient GSTIN":      {func(i *Invoice) { i.Recipient.GSTIN = "29-AABCN5678K" }, "recipient's GSTIN"},
		"place of supply":      {func(i *Invoice) { i.PlaceOfSupply.Code = "KA" }, "place of supply"},
		"no lines":             {func(i *Invoice) { i.Lines = nil }, "no taxable lines"},
		"no SAC":               {func(i *Invoice) { i.Lines[0].SAC = "" }, "no SAC"},
		"negative airfare":     {func(i *Invoice) { i.PureAgent[1].Amount = decimal.NewFromInt(-1) }, "airfare line 2 is negative"},
		"address without font": {func(i *Invoice) { i.Recipient.Address = []string{"东京"} }, "cannot print"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			inv := sampleInvoice()
			tc.change(&inv)
			pdf, err := InvoicePDF(inv)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("InvoicePDF = %d bytes, %v; want an error saying %q", len(pdf), err, tc.want)
			}
		})
	}
}
