package documents

import (
	"strings"
	"testing"
)

func TestCreditNote(t *testing.T) {
	t.Parallel()
	pdf, err := CreditNotePDF(sampleCreditNote())
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text,
		"Credit Note", "PY/CN/26-27/0045", "28 Nov 2026",
		"Against tax invoice PY/26-27/000123", "21 Nov 2026", "Cancellation",
		"GSTIN: 27AAJCP1234F1Z5", "GSTIN: 29AABCN5678K1Z2", "Karnataka (29)", "PYT-7Q4K2M", "TBO8812345",
		"998555", "section 34 of the CGST Act",
		"In words: Rupees Four Thousand Nine Hundred Sixty and Paise Twenty Five Only",
	)
	mustMatch(t, text,
		"Against invoice Invoice date Reason",
		"PY/26-27/000123 21 Nov 2026 Cancellation",
		"Total taxable value INR 125.00",
		"IGST @ 18% INR 22.50",
		"Credit note total (taxable value + GST reversed) INR 147.50",
		"Airfare refunded INR 4,812.75",
		"Total refunded INR 4,960.25",
	)
	mustNotContain(t, text, "CGST @", "Tax Invoice")
}

func TestCreditNoteIntraStateReason(t *testing.T) {
	t.Parallel()
	cn := sampleCreditNote()
	cn.PlaceOfSupply = cn.Supplier.State
	cn.Reason = "Cancellation by the airline"
	pdf, err := CreditNotePDF(cn)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf)
	mustContain(t, text, "Cancellation by the airline")
	mustMatch(t, text, "CGST @ 9% INR 11.25", "SGST @ 9% INR 11.25", "Total refunded INR 4,960.25")
	mustNotContain(t, text, "IGST")
}

func TestCreditNoteRejects(t *testing.T) {
	t.Parallel()
	cn := sampleCreditNote()
	cn.InvoiceNumber = ""
	if _, err := CreditNotePDF(cn); err == nil || !strings.Contains(err.Error(), "invoice number") {
		t.Fatalf("CreditNotePDF without the invoice number: %v", err)
	}
}
