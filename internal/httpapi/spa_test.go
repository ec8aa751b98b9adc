package httpapi

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/paryatan/paryatan/web"
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

// script is a text asset big enough to be worth packing.
var script = []byte(strings.Repeat("export const airport = {code: 'BOM', city: 'Mumbai'};\n", 400))

// packedApp is a built app whose script has the three packed forms the build
// writes. Each sibling holds a marker rather than real packed bytes, so an
// answer shows which file it came from; other tests unpack real ones.
func packedApp(t testing.TB) *SPA {
	t.Helper()
	head := strings.Repeat(`<link rel="modulepreload" href="/assets/chunk.js" />`, 20)
	spa, err := NewSPA(fstest.MapFS{
		"index.html":     {Data: []byte("<!doctype html><head>" + head + "</head>")},
		"index.html.zst": {Data: []byte("stale zstd index")},
		"index.html.br":  {Data: []byte("stale br index")},
		"index.html.gz":  {Data: []byte("stale gzip index")},
		// The script and its three siblings.
		"assets/app-abc1.js":     {Data: script},
		"assets/app-abc1.js.zst": {Data: []byte("zstd form of app-abc1.js")},
		"assets/app-abc1.js.br":  {Data: []byte("br form of app-abc1.js")},
		"assets/app-abc1.js.gz":  {Data: []byte("gzip form of app-abc1.js")},
		// A style sheet whose gzip form did not save enough to be kept.
		"assets/app-abc2.css":    {Data: bytes.Repeat([]byte("a{color:red}"), 200)},
		"assets/app-abc2.css.br": {Data: []byte("br form of app-abc2.css")},
		// Static data outside assets/, revalidated rather than immutable.
		"airports.min.json":     {Data: []byte(`[` + strings.Repeat(`{"code":"BOM"},`, 200) + `{}]`)},
		"airports.min.json.zst": {Data: []byte("zstd form of airports.min.json")},
		// A real gzip download, not the sibling of any file.
		"files/fares.csv.gz": {Data: []byte("a gzip file as it is")},
	}, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	return spa
}

func serve(h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// varies tells whether an answer names Accept-Encoding in Vary, once.
func varies(h http.Header) bool {
	return strings.Count(strings.ToLower(strings.Join(h.Values("Vary"), ",")), "accept-encoding") == 1
}

// A file the build packed is sent in the form the client weighs highest,
// the smallest among forms it weighs alike (here br, then zstd and gzip of
// one size, in that order), and as it is when
// it accepts none: never packed again on the way out. Each form has its own
// ETag, for revalidation and for caches, which keep one copy per form.
func TestSPAServesBuildSiblings(t *testing.T) {
	t.Parallel()
	spa := packedApp(t)
	for name, h := range map[string]http.Handler{"alone": spa, "behind the compress middleware": compress()(spa)} {
		t.Run(name, func(t *testing.T) { testSiblingNegotiation(t, h) })
	}
}

func testSiblingNegotiation(t *testing.T, h http.Handler) {
	etags := map[string]string{} // ETag → coding
	for _, tc := range []struct{ accept, coding string }{
		{"br, gzip", "br"},
		{"zstd, br, gzip", "br"},
		{"gzip, deflate, br, zstd", "br"},
		{"gzip, zstd", "zstd"},
		{"gzip;q=1, br;q=0.5, zstd;q=0.1", "gzip"},
		{"br;q=0.9, zstd;q=0.9, gzip;q=0.8", "br"},
		{"br;q=0.8, zstd;q=0.9, gzip;q=0.9", "zstd"},
		{"zstd;q=0, br;q=0.001", "br"},
		{"zstd;q=0, br;q=0, gzip", "gzip"},
		{"*", "br"},
		{"zstd;q=0, *;q=0.5, gzip", "gzip"},
		{"identity, gzip;q=0.5", ""},
		{"gzip;q=0, *;q=0", ""},
		{"deflate", ""},
		{"", ""},
	} {
		rec := serve(h, http.MethodGet, "/assets/app-abc1.js", map[string]string{"Accept-Encoding": tc.accept})
		want := string(script)
		if tc.coding != "" {
			want = tc.coding + " form of app-abc1.js"
		}
		hd := rec.Header()
		if rec.Code != 200 || hd.Get("Content-Encoding") != tc.coding || rec.Body.String() != want {
			t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q, %d bytes; want %q and its %d bytes",
				tc.accept, rec.Code, hd.Get("Content-Encoding"), rec.Body.Len(), tc.coding, len(want))
		}
		if !varies(hd) || hd.Get("Content-Type") != "text/javascript; charset=utf-8" ||
			hd.Get("Content-Length") != fmt.Sprint(len(want)) || hd.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("Accept-Encoding %q: headers %v", tc.accept, hd)
		}
		etag := hd.Get("ETag")
		if other, seen := etags[etag]; seen && other != tc.coding || !strings.HasPrefix(etag, `"`) || tc.coding != "" && !strings.HasSuffix(etag, "-"+tc.coding+`"`) {
			t.Fatalf("%q: ETag %s (%q had it)", tc.coding, etag, other)
		}
		etags[etag] = tc.coding
		rec = serve(h, http.MethodGet, "/assets/app-abc1.js", map[string]string{"Accept-Encoding": tc.accept, "If-None-Match": etag})
		if rec.Code != http.StatusNotModified || rec.Header().Get("ETag") != etag || !varies(rec.Header()) || rec.Body.Len() != 0 {
			t.Fatalf("%q: If-None-Match its own ETag = %d, ETag %s, Vary %q", tc.coding, rec.Code, rec.Header().Get("ETag"), rec.Header().Values("Vary"))
		}
	}
	if len(etags) != 4 {
		t.Fatalf("%d ETags for 4 forms: %v", len(etags), etags)
	}
	// Another form's ETag does not match.
	var zstdETag string
	for etag, coding := range etags {
		if coding == "zstd" {
			zstdETag = etag
		}
	}
	if rec := serve(h, http.MethodGet, "/assets/app-abc1.js", map[string]string{"Accept-Encoding": "br", "If-None-Match": zstdETag}); rec.Code != 200 || rec.Body.String() != "br form of app-abc1.js" {
		t.Fatalf("br with the zstd ETag = %d %q", rec.Code, rec.Body.String())
	}
}

// Among forms a client weighs alike, the smallest goes out, whichever coding
// it is.
func TestSPASendsSmallestSibling(t *testing.T) {
	t.Parallel()
	spa, err := NewSPA(fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html><head></head>")},
		"assets/a.js":     {Data: script},
		"assets/a.js.zst": {Data: []byte("z")},
		"assets/a.js.br":  {Data: []byte("br, larger")},
		"assets/a.js.gz":  {Data: []byte("gzip, the largest")},
		"assets/b.js":     {Data: script},
		"assets/b.js.zst": {Data: []byte("zstd, larger")},
		"assets/b.js.br":  {Data: []byte("b")},
		"assets/b.js.gz":  {Data: []byte("gzip, the largest")},
	}, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for target, want := range map[string]string{"/assets/a.js": "zstd", "/assets/b.js": "br"} {
		rec := serve(spa, http.MethodGet, target, map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
		if got := rec.Header().Get("Content-Encoding"); got != want {
			t.Errorf("%s: Content-Encoding %q, want %q", target, got, want)
		}
	}
}

// HEAD and ranges answer for the form sent: its length, its bytes.
func TestSPASiblingHeadAndRange(t *testing.T) {
	t.Parallel()
	h := compress()(packedApp(t)) // as served: behind the compress middleware
	const br = "br form of app-abc1.js"
	rec := serve(h, http.MethodHead, "/assets/app-abc1.js", map[string]string{"Accept-Encoding": "br"})
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "br" || rec.Header().Get("Content-Length") != fmt.Sprint(len(br)) || rec.Body.Len() != 0 || !varies(rec.Header()) {
		t.Fatalf("HEAD = %d, %v, %d bytes", rec.Code, rec.Header(), rec.Body.Len())
	}
	etag := rec.Header().Get("ETag")
	rec = serve(h, http.MethodGet, "/assets/app-abc1.js", map[string]string{"Accept-Encoding": "br", "Range": "bytes=0-6", "If-Range": etag})
	if rec.Code != http.StatusPartialContent || rec.Body.String() != br[:7] || rec.Header().Get("Content-Encoding") != "br" ||
		rec.Header().Get("Content-Range") != fmt.Sprintf("bytes 0-6/%d", len(br)) {
		t.Fatalf("range of the br form = %d %q, %v", rec.Code, rec.Body.String(), rec.Header())
	}
	// If-Range with the ETag of the file as it is: a range of another
	// representation, so the whole form is sent.
	rec = serve(h, http.MethodGet, "/assets/app-abc1.js", map[string]string{"Accept-Encoding": "br", "Range": "bytes=0-6", "If-Range": strings.TrimSuffix(etag, `-br"`) + `"`})
	if rec.Code != 200 || rec.Body.String() != br {
		t.Fatalf("range with a stale If-Range = %d %q", rec.Code, rec.Body.String())
	}
}

// A file the build packed in some codings only is sent as it is to a client
// that accepts none of those: the compress middleware leaves it alone. The
// siblings are no URLs of their own, and a file that merely ends in .gz is
// one.
func TestSPASiblingsAreNotFiles(t *testing.T) {
	t.Parallel()
	h := compress()(packedApp(t))
	css := strings.Repeat("a{color:red}", 200)
	for _, accept := range []string{"gzip", "gzip, zstd", "gzip, deflate, br, zstd"} {
		rec := serve(h, http.MethodGet, "/assets/app-abc2.css", map[string]string{"Accept-Encoding": accept})
		want, coding := css, ""
		if strings.Contains(accept, "br") {
			want, coding = "br form of app-abc2.css", "br"
		}
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != coding || rec.Body.String() != want ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "text/css") || !varies(rec.Header()) {
			t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q, %d bytes", accept, rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.Len())
		}
	}
	rec := serve(h, http.MethodGet, "/airports.min.json", map[string]string{"Accept-Encoding": "zstd"})
	if rec.Header().Get("Content-Encoding") != "zstd" || rec.Header().Get("Cache-Control") != "no-cache" || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("static data: %v", rec.Header())
	}
	for _, target := range []string{"/assets/app-abc1.js.br", "/assets/app-abc1.js.zst", "/assets/app-abc1.js.gz", "/airports.min.json.zst", "/index.html.br"} {
		if rec := serve(h, http.MethodGet, target, map[string]string{"Accept": "*/*", "Accept-Encoding": "gzip, br, zstd"}); rec.Code != 404 {
			t.Errorf("%s = %d, want 404", target, rec.Code)
		}
	}
	if rec := serve(h, http.MethodGet, "/files/fares.csv.gz", nil); rec.Code != 200 || rec.Body.String() != "a gzip file as it is" || rec.Header().Get("Content-Encoding") != "" {
		t.Fatalf("a .gz file of its own = %d %q, Content-Encoding %q", rec.Code, rec.Body.String(), rec.Header().Get("Content-Encoding"))
	}
}

// A page rendered at build time is sent for its address (pages/index.html for
// "/", pages/flights.html for /flights), with the runtime configuration like
// index.html; every other page address gets index.html, a query string does
// not change which, and no page answers under its own name.
func TestSPAPagesRenderedAhead(t *testing.T) {
	t.Parallel()
	spa, err := NewSPA(fstest.MapFS{
		"index.html":              {Data: []byte(`<!doctype html><head></head><div id="root">frame</div>`)},
		"pages/index.html":        {Data: []byte(`<!doctype html><head></head><div id="root"><div inert><h1>Welcome to Paryatan</h1></div></div>`)},
		"pages/flights.html":      {Data: []byte(`<!doctype html><head></head><div id="root"><div inert><h1>Flights</h1></div></div>`)},
		"pages/about/index.html":  {Data: []byte(`<!doctype html><head></head><div id="root"><div inert><h1>Not sent</h1></div></div>`)},
		"pages/flights/fare.html": {Data: []byte(`<!doctype html><head></head><div id="root"><div inert><h1>Fare and booking</h1></div></div>`)},
	}, RuntimeConfig{VisaPartnerOrigin: "https://visa.example.in"})
	if err != nil {
		t.Fatal(err)
	}
	h := compress()(spa)
	for _, tc := range []struct {
		target, want string
	}{
		{"/", "Welcome to Paryatan"},
		{"/flights", "<h1>Flights</h1>"},
		{"/flights?from=BOM&to=DEL&date=2026-12-09", "<h1>Flights</h1>"},
		{"/flights/", "<h1>Flights</h1>"},
		{"/flights/fare", "<h1>Fare and booking</h1>"},
		{"/flights/fare?traceId=t&resultIndex=OB1", "<h1>Fare and booking</h1>"},
		{"/flights/review", "frame"},
		{"/pages/flights/fare.html", "frame"},
		{"/index", "frame"},
		{"/about", "frame"},
		{"/home.html", "frame"},
		{"/index.html", "frame"},
		{"/pages/flights.html", "frame"},
		{"/pages/index.html", "frame"},
		{"/account/trips", "frame"},
	} {
		for _, accept := range []string{"gzip, deflate, br, zstd", ""} {
			rec := serve(h, http.MethodGet, tc.target, map[string]string{"Accept": "text/html", "Accept-Encoding": accept})
			page, err := unpack(rec.Header().Get("Content-Encoding"), rec.Body.Bytes())
			if rec.Code != 200 || err != nil {
				t.Fatalf("%s, Accept-Encoding %q: %d (%v)", tc.target, accept, rec.Code, err)
			}
			if !strings.Contains(string(page), tc.want) {
				t.Errorf("%s, Accept-Encoding %q: got %q, want the page holding %q", tc.target, accept, page, tc.want)
			}
			if !strings.Contains(string(page), `<meta name="paryatan-config" content="{&#34;visaPartnerOrigin&#34;:&#34;https://visa.example.in&#34;}" />`) {
				t.Errorf("%s: no runtime configuration in %q", tc.target, page)
			}
			if rec.Header().Get("Cache-Control") != "no-store" || !varies(rec.Header()) {
				t.Errorf("%s: headers %v", tc.target, rec.Header())
			}
		}
	}
}

// index.html is served with the runtime configuration the server adds, so
// its siblings from the build (the file without it) are never sent: the
// server packs its own copy once.
func TestSPAIndexIgnoresSiblings(t *testing.T) {
	t.Parallel()
	h := compress()(packedApp(t))
	for _, target := range []string{"/", "/index.html", "/flights"} {
		for _, accept := range []string{"gzip, deflate, br, zstd", "br, gzip", "br", ""} {
			rec := serve(h, http.MethodGet, target, map[string]string{"Accept": "text/html", "Accept-Encoding": accept})
			page, err := unpack(rec.Header().Get("Content-Encoding"), rec.Body.Bytes())
			if rec.Code != 200 || err != nil || !strings.Contains(string(page), `<meta name="paryatan-config"`) {
				t.Fatalf("%s, Accept-Encoding %q: %d, Content-Encoding %q, %q (%v)", target, accept, rec.Code, rec.Header().Get("Content-Encoding"), page, err)
			}
			want := map[string]string{"gzip, deflate, br, zstd": "zstd", "br, gzip": "gzip"}[accept]
			if got := rec.Header().Get("Content-Encoding"); got != want || !varies(rec.Header()) || rec.Header().Get("Cache-Control") != "no-store" {
				t.Fatalf("%s, Accept-Encoding %q: Content-Encoding %q (want %q), headers %v", target, accept, got, want, rec.Header())
			}
		}
	}
}

// unpack undoes a zstd or gzip content coding.
func unpack(coding string, body []byte) ([]byte, error) {
	switch coding {
	case "":
		return body, nil
	case "zstd":
		d, err := zstd.NewReader(nil)
		if err != nil {
			return nil, err
		}
		defer d.Close()
		return d.DecodeAll(body, nil)
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		return io.ReadAll(zr)
	}
	return nil, fmt.Errorf("cannot unpack %s", coding)
}

// A text file the build left unpacked (no siblings) is packed once, at the
// best levels, zstd first, each packed form with its own ETag; small files,
// images and clients that accept no coding get the file as it is.
func TestSPAPacksFilesTheBuildDidNot(t *testing.T) {
	t.Parallel()
	spa, err := NewSPA(fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><head></head>")},
		"assets/index-abc1.js":  {Data: script},
		"assets/tiny-abc2.js":   {Data: []byte(strings.Repeat("console.log(1);", 40))},
		"assets/photo-abc3.png": {Data: bytes.Repeat([]byte{0x89}, 4096)},
	}, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	h := compress()(spa)         // as served: behind the compress middleware
	etags := map[string]string{} // ETag → coding
	for _, tc := range []struct{ accept, coding string }{
		{"gzip, deflate, br, zstd", "zstd"},
		{"br, gzip", "gzip"},
		{"zstd;q=0, gzip", "gzip"},
		{"br", ""},
		{"", ""},
	} {
		rec := serve(h, http.MethodGet, "/assets/index-abc1.js", map[string]string{"Accept-Encoding": tc.accept})
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != tc.coding || !varies(rec.Header()) {
			t.Fatalf("Accept-Encoding %q: %d, Content-Encoding %q, Vary %q", tc.accept, rec.Code, rec.Header().Get("Content-Encoding"), rec.Header().Values("Vary"))
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
			t.Fatalf("Content-Type %q", rec.Header().Get("Content-Type"))
		}
		body, err := unpack(tc.coding, rec.Body.Bytes())
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
		if rec := serve(h, http.MethodGet, "/assets/index-abc1.js", map[string]string{"Accept-Encoding": tc.accept, "If-None-Match": etag}); rec.Code != http.StatusNotModified {
			t.Fatalf("%q: If-None-Match its own ETag = %d", tc.coding, rec.Code)
		}
	}
	// A file under 1 KiB goes as it is, not packed by the middleware either
	// (it would keep the ETag of the file as it is); an image is never packed.
	if rec := serve(h, http.MethodGet, "/assets/tiny-abc2.js", map[string]string{"Accept-Encoding": "zstd"}); rec.Code != 200 || rec.Header().Get("Content-Encoding") != "" || rec.Body.Len() != 600 {
		t.Fatalf("tiny script: %d, Content-Encoding %q, %d bytes", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.Len())
	}
	if rec := serve(h, http.MethodGet, "/assets/photo-abc3.png", map[string]string{"Accept-Encoding": "gzip, zstd"}); rec.Header().Get("Content-Encoding") != "" || rec.Body.Len() != 4096 {
		t.Fatalf("image: Content-Encoding %q, %d bytes", rec.Header().Get("Content-Encoding"), rec.Body.Len())
	}
}

// The built app (web/dist) has the packed forms of every script, and the
// server sends them: what it sends unpacks to the script. Run wherever the
// app is built; `make test` builds it first and sets PARYATAN_REQUIRE_WEB=1.
func TestSPABuiltScriptsArePacked(t *testing.T) {
	t.Parallel()
	dist := web.Dist()
	_, err := fs.Stat(dist, "index.html")
	built := err == nil
	if !built && os.Getenv("PARYATAN_REQUIRE_WEB") != "" {
		t.Fatal("web/dist/index.html missing: build the web app first (make build)")
	}
	scripts, err := fs.Glob(dist, "assets/*.js")
	if err != nil {
		t.Fatal(err)
	}
	if built && len(scripts) == 0 {
		t.Fatal("the built app has no scripts under assets/")
	}
	spa, err := NewSPA(dist, RuntimeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	h := compress()(spa)
	for _, name := range scripts {
		raw, err := fs.ReadFile(dist, name)
		if err != nil {
			t.Fatal(err)
		}
		if len(raw) < minPacked {
			continue
		}
		for _, c := range codings {
			packed, err := fs.ReadFile(dist, name+c.suffix)
			if err != nil {
				t.Errorf("%s has no %s form (%v): build the web app with web/plugins/precompress.ts", name, c.name, err)
				continue
			}
			rec := serve(h, http.MethodGet, "/"+name, map[string]string{"Accept-Encoding": c.name})
			if rec.Header().Get("Content-Encoding") != c.name || !bytes.Equal(rec.Body.Bytes(), packed) {
				t.Errorf("%s, Accept-Encoding %s: Content-Encoding %q, %d bytes, want the %d of %s",
					name, c.name, rec.Header().Get("Content-Encoding"), rec.Body.Len(), len(packed), path.Base(name)+c.suffix)
			}
			if c.name == "br" {
				continue // the server's own codec has no Brotli decoder; the build checks each form unpacks
			}
			if out, err := unpack(c.name, packed); err != nil || !bytes.Equal(out, raw) {
				t.Errorf("%s%s unpacks to %d bytes (%v), want the %d of the script", name, c.suffix, len(out), err, len(raw))
			}
		}
	}
}

// BenchmarkStaticAsset compares serving a 200 KB script from the form the
// build packed (what the SPA does), from a form packed once on its first
// request (for a file the build did not pack) and packing it on every
// request behind the compress middleware (what a plain file server would
// do).
func BenchmarkStaticAsset(b *testing.B) {
	var buf strings.Builder
	for i := 0; buf.Len() < 200<<10; i++ {
		fmt.Fprintf(&buf, "export const a%d = {code: '%c%c%c', fare: %d, name: 'Airport %x'};\n", i, 'A'+i%26, 'A'+i*7%26, 'A'+i*13%26, i*7919%100000, i*2654435761)
	}
	script := []byte(buf.String())
	files := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}, "assets/index-abc1.js": {Data: script}}
	unpacked, err := NewSPA(files, RuntimeConfig{})
	if err != nil {
		b.Fatal(err)
	}
	withSiblings := fstest.MapFS{"assets/index-abc1.js.zst": {Data: pack(script)["zstd"]}}
	for name, f := range files {
		withSiblings[name] = f
	}
	prepacked, err := NewSPA(withSiblings, RuntimeConfig{})
	if err != nil {
		b.Fatal(err)
	}
	plain := http.FileServerFS(files)
	for name, h := range map[string]http.Handler{
		"build-packed": compress()(prepacked), "packed-once": compress()(unpacked), "packed-per-request": compress()(plain),
	} {
		get := func() *httptest.ResponseRecorder {
			return serve(h, http.MethodGet, "/assets/index-abc1.js", map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
		}
		b.Run(name, func(b *testing.B) {
			sent := get().Body.Len() // the SPA packs a file the build did not on first use
			b.ReportAllocs()
			for b.Loop() {
				if rec := get(); rec.Header().Get("Content-Encoding") != "zstd" {
					b.Fatalf("served %q", rec.Header().Get("Content-Encoding"))
				}
			}
			b.ReportMetric(float64(sent), "sent-B")
		})
	}
}
