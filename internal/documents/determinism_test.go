package documents

import (
	"bytes"
	"sync"
	"testing"
)

func TestDeterministic(t *testing.T) {
	t.Parallel()
	for name, render := range map[string]func() ([]byte, error){
		"e-ticket":    func() ([]byte, error) { return ETicketPDF(sampleTicket()) },
		"invoice":     func() ([]byte, error) { return InvoicePDF(sampleInvoice()) },
		"credit note": func() ([]byte, error) { return CreditNotePDF(sampleCreditNote()) },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// Rendered at once on several goroutines too: nothing shared
			// between documents may leak from one into another.
			const n = 4
			out := make([][]byte, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() {
					b, err := render()
					if err != nil {
						t.Error(err)
					}
					out[i] = b
				})
			}
			wg.Wait()
			for i := 1; i < n; i++ {
				if !bytes.Equal(out[0], out[i]) {
					t.Fatalf("render %d differs from the first: %d and %d bytes", i, len(out[i]), len(out[0]))
				}
			}
			if c := bytes.Count(out[0], []byte("CreationDate")); c != 1 || !bytes.Contains(out[0], []byte("/CreationDate (D:20000101000000)")) {
				t.Errorf("CreationDate: %d entries, want one, the fixed date", c)
			}
			if !bytes.Contains(out[0], []byte("/ModDate (D:20000101000000)")) {
				t.Error("ModDate is not the fixed date")
			}
			if bytes.Contains(out[0], []byte("/ID")) {
				t.Error("the document has a file /ID")
			}
		})
	}
}
