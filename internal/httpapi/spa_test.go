package httpapi

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
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

// Text assets are served packed once at the best levels, zstd first, each
// packed form with its own ETag; small files and clients that accept no
// coding get the file as it is.
func TestSPAServesPackedAssets(t *testing.T) {
	t.Parallel()
	script := []byte(strings.Repeat("export const airport = {code: 'BOM', city: 'Mumbai'};\n", 400))
	spa, err := NewSPA(fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><head></head>")},
		"assets/index-abc1.js":  {Data: script},
		"assets/tiny-abc2.js":   {Data: []byte("console.log(1)")},
		"assets/photo-abc3.png": {Data: bytes.Repeat([]byte{0x89}, 4096)},
	}, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	h := compress()(spa) // as served: behind the compress middleware
	get := func(path, acceptEncoding, ifNoneMatch string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	etags := map[string]string{} // ETag → coding
	for _, tc := range []struct{ accept, coding string }{
		{"gzip, deflate, br, zstd", "zstd"},
		{"gzip", "gzip"},
		{"zstd;q=0, gzip", "gzip"},
		{"", ""},
	} {
		rec := get("/assets/index-abc1.js", tc.accept, "")
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != tc.coding || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
			t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q, Vary %q", tc.accept, rec.Code, rec.Header().Get("Content-Encoding"), rec.Header().Get("Vary"))
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
			t.Fatalf("Content-Type %q", rec.Header().Get("Content-Type"))
		}
		body := rec.Body.Bytes()
		switch tc.coding {
		case "zstd":
			d, _ := zstd.NewReader(nil)
			body, err = d.DecodeAll(body, nil)
		case "gzip":
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(body)); err == nil {
				body, err = io.ReadAll(zr)
			}
		}
		if err != nil || !bytes.Equal(body, script) {
			t.Fatalf("%q: unpacked %d bytes (%v), want the %d of the file", tc.coding, len(body), err, len(script))
		}
		if tc.coding != "" && rec.Body.Len() > len(script)/10 {
			t.Errorf("%s packed %d bytes to %d", tc.coding, len(script), rec.Body.Len())
		}
		etag := rec.Header().Get("ETag")
		if other, seen := etags[etag]; seen && other != tc.coding {
			t.Fatalf("%q shares its ETag %s with %q", tc.coding, etag, other)
		}
		etags[etag] = tc.coding
		if rec := get("/assets/index-abc1.js", tc.accept, etag); rec.Code != http.StatusNotModified {
			t.Fatalf("%q: If-None-Match its own ETag = %d", tc.coding, rec.Code)
		}
	}
	// A small script is left to the middleware; an image is never packed.
	if rec := get("/assets/tiny-abc2.js", "zstd", ""); rec.Code != 200 || strings.Contains(rec.Header().Get("ETag"), "-zstd") {
		t.Fatalf("tiny script: %d, ETag %q", rec.Code, rec.Header().Get("ETag"))
	}
	if rec := get("/assets/photo-abc3.png", "gzip, zstd", ""); rec.Header().Get("Content-Encoding") != "" || rec.Body.Len() != 4096 {
		t.Fatalf("image: Content-Encoding %q, %d bytes", rec.Header().Get("Content-Encoding"), rec.Body.Len())
	}
}

// BenchmarkStaticAsset compares serving a 200 KB script from its form packed
// once at start (what the SPA does) with packing it on every request behind
// the compress middleware (what a plain file server would do).
func BenchmarkStaticAsset(b *testing.B) {
	var buf strings.Builder
	for i := 0; buf.Len() < 200<<10; i++ {
		fmt.Fprintf(&buf, "export const a%d = {code: '%c%c%c', fare: %d, name: 'Airport %x'};\n", i, 'A'+i%26, 'A'+i*7%26, 'A'+i*13%26, i*7919%100000, i*2654435761)
	}
	script := []byte(buf.String())
	files := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}, "assets/index-abc1.js": {Data: script}}
	spa, err := NewSPA(files, RuntimeConfig{})
	if err != nil {
		b.Fatal(err)
	}
	plain := http.FileServerFS(files)
	for name, h := range map[string]http.Handler{"packed-once": compress()(spa), "packed-per-request": compress()(plain)} {
		serve := func() *httptest.ResponseRecorder {
			req := httptest.NewRequest(http.MethodGet, "/assets/index-abc1.js", nil)
			req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			return rec
		}
		b.Run(name, func(b *testing.B) {
			sent := serve().Body.Len() // the SPA packs on first use
			b.ReportAllocs()
			for b.Loop() {
				if rec := serve(); rec.Header().Get("Content-Encoding") != "zstd" {
					b.Fatalf("served %q", rec.Header().Get("Content-Encoding"))
				}
			}
			b.ReportMetric(float64(sent), "sent-B")
		})
	}
}
