package documents

import "testing"

func BenchmarkETicket(b *testing.B) {
	tk := sampleTicket()
	b.ReportAllocs()
	for b.Loop() {
		pdf, err := ETicketPDF(tk)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(pdf)))
	}
}

func BenchmarkInvoice(b *testing.B) {
	inv := sampleInvoice()
	b.ReportAllocs()
	for b.Loop() {
		pdf, err := InvoicePDF(inv)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(pdf)))
	}
}
