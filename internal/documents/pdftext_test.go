package documents

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pdfText is the text of a PDF as poppler's pdftotext reads it, laid out as
// on the page: what a person or a screen reader gets out of the document.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("pdftotext is not on PATH: run hack/ensure-poppler.sh, which installs Debian's poppler-utils")
	}
	path := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

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
