package documents

import (
	"regexp"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/documents/documentstest"
)

// pdfText is the text of a PDF as pdftotext reads it (documentstest.Text).
func pdfText(t *testing.T, pdf []byte) string { return documentstest.Text(t, pdf) }

// mustContain fails the test for each of want that text lacks.
func mustContain(t *testing.T, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the document does not say %q; its text:\n%s", w, text)
		}
	}
}

// mustNotContain fails the test for each of unwanted that text has.
func mustNotContain(t *testing.T, text string, unwanted ...string) {
	t.Helper()
	for _, u := range unwanted {
		if strings.Contains(text, u) {
			t.Errorf("the document says %q; it should not", u)
		}
	}
}

// mustMatch fails the test for each pattern no line of text matches; a
// pattern's spaces match the gaps pdftotext lays out between columns.
func mustMatch(t *testing.T, text string, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		re := regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(p), " ", `\s+`))
		if !re.MatchString(text) {
			t.Errorf("no line of the document reads %q; its text:\n%s", p, text)
		}
	}
}
