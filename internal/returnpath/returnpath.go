// Package returnpath accepts a "where to go next" value (from, ret, return)
// only when it is a path on this site, so no link can bounce a user to
// another site after signing in.
package returnpath

import (
	"net/url"
	"strings"
)

// Sanitize returns raw when it is a same-site relative path (with optional
// query and fragment), else fallback.
func Sanitize(raw, fallback string) string {
	if raw == "" || len(raw) > 2048 || raw[0] != '/' {
		return fallback
	}
	// "//host" and "/\host" are read by browsers as another host.
	if len(raw) > 1 && (raw[1] == '/' || raw[1] == '\\') {
		return fallback
	}
	for _, r := range raw {
		if r < 0x20 || r == 0x7f || r == '\\' {
			return fallback
		}
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || !strings.HasPrefix(u.Path, "/") {
		return fallback
	}
	// A path that decodes to a scheme-relative form is refused too.
	if dec, err := url.PathUnescape(u.Path); err != nil || strings.HasPrefix(dec, "//") || strings.Contains(dec, "\\") {
		return fallback
	}
	return raw
}
