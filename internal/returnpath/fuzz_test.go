package returnpath

import (
	"net/url"
	"strings"
	"testing"
)

// Whatever comes in, what comes out is the fallback or a path on this
// site: never another host, scheme or a control character.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"/", "/flights?from=BOM#x", "//evil.example", "/\\evil.example", "https://evil.example/",
		"/%2F%2Fevil.example", "/%5Cevil", "javascript:alert(1)", "/a\nb", "/ok/../..//x", "\x00", "/@evil.example"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got := Sanitize(raw, "/fallback")
		if got == "/fallback" {
			return
		}
		if got != raw || !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") || strings.ContainsAny(got, "\\\x00\r\n\t") {
			t.Fatalf("Sanitize(%q) = %q", raw, got)
		}
		u, err := url.Parse(got)
		if err != nil || u.Scheme != "" || u.Host != "" {
			t.Fatalf("Sanitize(%q) = %q leaves the site", raw, got)
		}
		if dec, err := url.PathUnescape(u.Path); err == nil && (strings.HasPrefix(dec, "//") || strings.HasPrefix(dec, "/\\")) {
			t.Fatalf("Sanitize(%q) = %q decodes to another host", raw, got)
		}
	})
}
