package sso

import (
	"strings"
	"testing"
)

// A return path reaches the partner only when it is a relative path on
// its site; anything that could send the user elsewhere becomes the
// default, never an error.
func TestSafeReturn(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{
		"":                                 DefaultReturn,
		"/go-for-visa?country=ae":          "/go-for-visa?country=ae",
		"/applications/42#documents":       "/applications/42#documents",
		"//evil.com":                       DefaultReturn,
		"https://evil.com":                 DefaultReturn,
		"/\\evil":                          DefaultReturn,
		"/\\/evil.com":                     DefaultReturn,
		"javascript:alert(1)":              DefaultReturn,
		"/a//b":                            DefaultReturn,
		"/%2F%2Fevil.com":                  DefaultReturn,
		"/go\tfor":                         DefaultReturn,
		"go-for-visa":                      DefaultReturn,
		"/" + strings.Repeat("a", 511):     "/" + strings.Repeat("a", 511),
		"/" + strings.Repeat("a", 512):     DefaultReturn,
		"/redirect?to=https://evil.com":    DefaultReturn,
		"/search?q=caf%C3%A9&country=ae#x": "/search?q=caf%C3%A9&country=ae#x",
	} {
		if got := SafeReturn(raw); got != want {
			t.Errorf("SafeReturn(%q) = %q, want %q", raw, got, want)
		}
	}
}
