package returnpath

import "testing"

func TestSanitize(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{
		"/contact":                 "/contact",
		"/flights?from=BOM&to=DEL": "/flights?from=BOM&to=DEL",
		"/go-for-visa#top":         "/go-for-visa#top",
		"":                         "/",
		"contact":                  "/",
		"//evil.example":           "/",
		"//evil.example/path":      "/",
		"/\\evil.example":          "/",
		"/%2F%2Fevil.example":      "/",
		"/%5Cevil.example":         "/",
		"https://evil.example":     "/",
		"javascript:alert(1)":      "/",
		"/ok\r\nSet-Cookie: x=1":   "/",
		"/\tjavascript:alert(1)":   "/",
		"http:/evil.example":       "/",
		"\\\\evil.example":         "/",
	} {
		if got := Sanitize(raw, "/"); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", raw, got, want)
		}
	}
}
