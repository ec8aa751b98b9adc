package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func newTestSPA(t *testing.T) *SPA {
	t.Helper()
	s, err := NewSPA(fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><head><title>app</title></head>")},
		"assets/index-abc1.js": {Data: []byte("console.log(1)")},
		"airports.min.json":    {Data: []byte("[]")},
		".gitkeep":             {Data: nil},
	}, RuntimeConfig{VisaPartnerOrigin: "https://visa.example.in"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// servedIndex is index.html as served: with the runtime configuration, its
// JSON escaped for an HTML attribute.
const servedIndex = `<!doctype html><head><title>app</title><meta name="paryatan-config" content="{&#34;visaPartnerOrigin&#34;:&#34;https://visa.example.in&#34;}" />
</head>`

func TestSPA(t *testing.T) {
	t.Parallel()
	spa := newTestSPA(t)
	html := "text/html,application/xhtml+xml"
	for _, tc := range []struct {
		name, path, accept string
		status             int
		body, cache, ctype string
	}{
		{"root", "/", html, 200, servedIndex, "no-store", "text/html"},
		{"root without Accept", "/", "", 200, servedIndex, "no-store", "text/html"},
		{"client route", "/account/profile", html, 200, servedIndex, "no-store", "text/html"},
		{"client route without Accept", "/flights", "", 200, servedIndex, "no-store", "text/html"},
		{"dotted route from a browser", "/blogs/v1.2-release", html, 200, servedIndex, "no-store", "text/html"},
		{"hashed asset", "/assets/index-abc1.js", "*/*", 200, "console.log(1)", "public, max-age=31536000, immutable", "text/javascript"},
		{"plain file", "/airports.min.json", "*/*", 200, "[]", "no-cache", "application/json"},
		{"missing asset", "/assets/gone-1.js", html, 404, "", "", ""},
		{"missing file", "/logo.png", "image/*", 404, "", "", ""},
		{"hidden file", "/.gitkeep", "*/*", 404, "", "", ""},
		{"traversal is cleaned to a client route", "/../../etc/passwd", "*/*", 200, servedIndex, "no-store", "text/html"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept", tc.accept)
			}
			rec := httptest.NewRecorder()
			spa.ServeHTTP(rec, req)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			if tc.status != 200 {
				return
			}
			if rec.Body.String() != tc.body {
				t.Errorf("body %q, want %q", rec.Body.String(), tc.body)
			}
			if got := rec.Header().Get("Cache-Control"); got != tc.cache {
				t.Errorf("Cache-Control %q, want %q", got, tc.cache)
			}
			if got := rec.Header().Get("Content-Type"); len(got) < len(tc.ctype) || got[:len(tc.ctype)] != tc.ctype {
				t.Errorf("Content-Type %q, want %s", got, tc.ctype)
			}
		})
	}
}

func TestSPARevalidatesWithETag(t *testing.T) {
	t.Parallel()
	spa := newTestSPA(t)
	rec := httptest.NewRecorder()
	spa.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/airports.min.json", nil))
	etag := rec.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	req := httptest.NewRequest(http.MethodGet, "/airports.min.json", nil)
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	spa.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Fatalf("conditional GET = %d, want 304", rec.Code)
	}
}

func TestSPANotBuilt(t *testing.T) {
	t.Parallel()
	spa, err := NewSPA(fstest.MapFS{".gitkeep": {}}, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Accept", "text/html")
	spa.ServeHTTP(rec, req)
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("unbuilt app = %d, want 503 with advice", rec.Code)
	}
}
