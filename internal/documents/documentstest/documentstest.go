// Package documentstest reads the product's PDFs back in tests, as a person
// or a screen reader gets them.
package documentstest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Text is the text of a PDF as poppler's pdftotext (Debian's poppler-utils,
// which hack/ensure-poppler.sh installs) reads it, laid out as on the page.
// A machine without it fails the test: it is never skipped.
func Text(t testing.TB, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("pdftotext is not on PATH: run hack/ensure-poppler.sh, which installs Debian's poppler-utils")
	}
	path := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.CommandContext(t.Context(), bin, "-layout", "-enc", "UTF-8", path, "-").Output() //nolint:gosec // the binary found on PATH, a file of our own
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
