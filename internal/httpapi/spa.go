package httpapi

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// SPA serves the built web app: its files, and index.html for every other GET
// that asks for a page, so client-side routes work on reload and deep links.
// A page whose first screen the build rendered ahead of time gets its own
// HTML instead (web/scripts/prerender.mjs): pages/<path>.html for the address
// /<path>, pages/index.html for "/".
//
// The build writes packed forms next to the text files (x.js.zst, x.js.br,
// x.js.gz: web/plugins/precompress.ts), at levels too slow to spend per
// request; the SPA sends the one the client accepts and never packs those
// files itself. A sibling is no URL of its own: asking for /assets/x.js.br is
// a 404, like any file the app does not have.
type SPA struct {
	files  fs.FS
	assets map[string]*asset // served file path → what is known of it
	index  *page             // index.html; nil when not built
	// pages are the pages rendered ahead of time, by the address they are
	// sent for, without its leading slash ("" for the home page).
	pages map[string]*page
}

// page is an HTML page of the app as the SPA sends it: with the runtime
// configuration, so it differs from the built file, whose packed siblings
// (if any) are not used; it is packed once, on first request.
type page struct {
	body   []byte
	packed packed
	// summary is set for a page with a line that depends on its address
	// (first_screen.go): such a page is written for each request, and packed
	// by the compress middleware.
	summary *summarySlot
}

// The HTML pages the SPA sends for page addresses, with the runtime
// configuration added: never served under their own names.
const (
	indexFile = "index.html"
	pagesDir  = "pages/"
)

func isPageFile(name string) bool { return name == indexFile || strings.HasPrefix(name, pagesDir) }

// asset is one of the app's files as the SPA serves it.
type asset struct {
	etag string // strong ETag of the file as it is
	// siblings are the file's packed forms that the build wrote: coding →
	// sibling path. Nil when there are none.
	siblings map[string]string
	// order lists the codings of the siblings, smallest file first: among
	// codings a client weighs alike, it gets the fewest bytes.
	order []string
	// packed is set for a text file the build left unpacked (a build without
	// the packing step, or a file added after it): it is packed on its first
	// request.
	packed *packed
}

// codings are the content codings the app's files are sent in, with the
// suffix of the sibling files the build writes for each. Among codings a
// client weighs alike, a file with siblings goes in the smallest of them
// (Brotli, for most scripts), a file packed at run time in this order.
var codings = []struct{ name, suffix string }{{"zstd", ".zst"}, {"br", ".br"}, {"gzip", ".gz"}}

// textTypes are the text formats worth packing, by extension, with the
// Content-Type sent for them, packed or not (the type of a packed answer
// cannot be sniffed from its bytes). The build packs the same extensions.
var textTypes = map[string]string{
	".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8", ".svg": "image/svg+xml",
	".json": "application/json", ".txt": "text/plain; charset=utf-8", ".webmanifest": "application/manifest+json",
	".map": "application/json", ".xml": "text/xml; charset=utf-8",
}

// minPacked is the smallest file worth packing, as in the build: below it
// the headers outweigh the saving.
const minPacked = 1024

// RuntimeConfig is what the web app learns from the server at load time
// rather than at build time. It is embedded in index.html as
// <meta name="paryatan-config" content="{json}">: the content security policy
// allows no inline script.
type RuntimeConfig struct {
	// VisaPartnerOrigin is the partner visa site's origin; empty when none.
	VisaPartnerOrigin string `json:"visaPartnerOrigin"`
}

// NewSPA indexes the app's files once, computing their ETags and finding
// their packed siblings, and prepares index.html with cfg.
func NewSPA(files fs.FS, cfg RuntimeConfig) (*SPA, error) {
	s := &SPA{files: files, assets: map[string]*asset{}}
	sizes := map[string]int64{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		sizes[p] = info.Size()
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("index web app: %w", err)
	}
	for p, size := range sizes {
		if isSibling(p, sizes) {
			continue
		}
		etag, err := fileETag(files, p)
		if err != nil {
			return nil, fmt.Errorf("index web app: %w", err)
		}
		a := &asset{etag: etag}
		if _, text := textTypes[path.Ext(p)]; text && !isPageFile(p) {
			for _, c := range codings {
				if _, ok := sizes[p+c.suffix]; ok {
					if a.siblings == nil {
						a.siblings = map[string]string{}
					}
					a.siblings[c.name] = p + c.suffix
					a.order = append(a.order, c.name)
				}
			}
			slices.SortStableFunc(a.order, func(x, y string) int {
				return cmp.Compare(sizes[a.siblings[x]], sizes[a.siblings[y]])
			})
			if a.siblings == nil && size >= minPacked {
				a.packed = &packed{}
			}
		}
		s.assets[p] = a
	}
	if s.index, err = loadPage(files, s.assets, indexFile, cfg); err != nil {
		return nil, err
	}
	s.pages = map[string]*page{}
	for p := range s.assets {
		rest, ok := strings.CutPrefix(p, pagesDir)
		if !ok || path.Ext(rest) != ".html" {
			continue
		}
		addr := strings.TrimSuffix(rest, ".html")
		if addr == "index" {
			addr = ""
		} else if path.Base(addr) == "index" {
			continue // pages/x/index.html would stand for "/x" beside pages/x.html: the build writes none
		}
		if s.pages[addr], err = loadPage(files, s.assets, p, cfg); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// loadPage reads the page name with the runtime configuration added; nil
// when the build did not write it.
func loadPage(files fs.FS, assets map[string]*asset, name string, cfg RuntimeConfig) (*page, error) {
	if _, ok := assets[name]; !ok {
		return nil, nil
	}
	raw, err := fs.ReadFile(files, name)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	body, err := injectConfig(raw, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	pg := &page{body: body}
	if slot, ok, err := findSummarySlot(body); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	} else if ok {
		pg.summary = &slot
	}
	return pg, nil
}

// isSibling tells whether the file p is a packed form of another file of
// the app: a text file's name with a coding's suffix.
func isSibling(p string, sizes map[string]int64) bool {
	for _, c := range codings {
		if of, ok := strings.CutSuffix(p, c.suffix); ok {
			if _, text := textTypes[path.Ext(of)]; text {
				if _, exists := sizes[of]; exists {
					return true
				}
			}
		}
	}
	return false
}

// fileETag is a strong ETag of the file p: a hash of its bytes.
func fileETag(files fs.FS, p string) (string, error) {
	f, err := files.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	return `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16]) + `"`, nil
}

func injectConfig(index []byte, cfg RuntimeConfig) ([]byte, error) {
	js, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	meta := `<meta name="paryatan-config" content="` + html.EscapeString(string(js)) + `" />`
	i := bytes.Index(index, []byte("</head>"))
	if i < 0 {
		return nil, fmt.Errorf("index.html has no </head> to put the runtime configuration before")
	}
	out := make([]byte, 0, len(index)+len(meta)+1)
	out = append(out, index[:i]...)
	out = append(out, meta...)
	out = append(out, '\n')
	return append(out, index[i:]...), nil
}

func (s *SPA) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// The SPA chooses each answer's coding itself: the compress middleware
	// must not pack a file the client was sent as it is. A page written for
	// its request is the exception.
	packing := w
	w = uncompressedWriter(w, r)
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && !isPageFile(name) && !strings.HasPrefix(path.Base(name), ".") {
		if a, ok := s.assets[name]; ok {
			cache := "no-cache" // not content-hashed: revalidate with the ETag
			if strings.HasPrefix(name, "assets/") {
				cache = "public, max-age=31536000, immutable" // file names carry a content hash
			}
			s.serveFile(w, r, name, a, cache)
			return
		}
	}
	if !wantsPage(r, name) {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	if s.index == nil {
		http.Error(w, "The web app is not built: run `make build`.", http.StatusServiceUnavailable)
		return
	}
	h := w.Header()
	// The page changes with every release and names the current assets.
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", textTypes[".html"])
	addVary(h)
	pg := s.index
	if own, ok := s.pages[name]; ok {
		pg = own
	}
	if pg.summary != nil {
		if r.Method != http.MethodHead {
			// A write fails only when the client has gone.
			_ = pg.summary.writePage(packing, r.URL.Query(), time.Now())
		}
		return
	}
	body := pg.body
	if coding, packed := pg.packed.pick(r, func() ([]byte, error) { return pg.body, nil }); packed != nil {
		h.Set("Content-Encoding", coding)
		body = packed
	}
	serveContent(w, r, "index.html", bytes.NewReader(body))
}

// wantsPage tells whether a request for a missing file should get the app:
// a browser navigation (accepts HTML), or any path that does not look like a
// file. A missing script or image stays a 404 rather than HTML.
func wantsPage(r *http.Request, name string) bool {
	if name == "" {
		return true
	}
	if strings.HasPrefix(name, "assets/") {
		return false
	}
	if strings.Contains(r.Header.Get("Accept"), "text/html") {
		return true
	}
	return !strings.Contains(path.Base(name), ".")
}

// serveFile sends the file name in the coding the client prefers among its
// packed forms, else as it is. Conditional requests are answered against
// the ETag of the form sent, and ranges are of the form sent (If-Range
// checks that ETag).
func (s *SPA) serveFile(w http.ResponseWriter, r *http.Request, name string, a *asset, cacheControl string) {
	h := w.Header()
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", a.etag)
	if ct, ok := textTypes[path.Ext(name)]; ok {
		h.Set("Content-Type", ct)
	}
	var (
		coding string
		body   io.ReadSeeker
	)
	switch {
	case a.siblings != nil:
		addVary(h)
		if coding = preferredCoding(acceptedCodings(r.Header.Get("Accept-Encoding")), a.order); coding != "" {
			if f, err := s.files.Open(a.siblings[coding]); err == nil {
				defer f.Close()
				body, _ = f.(io.ReadSeeker)
			} else {
				coding = "" // cannot happen with an embedded build; send the file as it is
			}
		}
	case a.packed != nil:
		addVary(h)
		var packed []byte
		if coding, packed = a.packed.pick(r, func() ([]byte, error) { return fs.ReadFile(s.files, name) }); packed != nil {
			body = bytes.NewReader(packed)
		}
	}
	if coding == "" {
		f, err := s.files.Open(name)
		if err != nil {
			http.Error(w, "404 page not found", http.StatusNotFound)
			return
		}
		defer f.Close()
		body, _ = f.(io.ReadSeeker)
	} else {
		h.Set("Content-Encoding", coding)
		h.Set("ETag", strings.TrimSuffix(a.etag, `"`)+"-"+coding+`"`)
	}
	if body == nil {
		http.Error(w, "file not seekable", http.StatusInternalServerError)
		return
	}
	serveContent(w, r, name, body)
}

// serveContent sends body with http.ServeContent, which answers
// conditional requests, HEAD and ranges, with the Content-Length it leaves
// out of a full answer with a Content-Encoding (it expects a middleware to
// pack the body, where here it is packed already). The app's files have no
// meaningful modification time: the ETag does the job of Last-Modified.
func serveContent(w http.ResponseWriter, r *http.Request, name string, body io.ReadSeeker) {
	size, err := body.Seek(0, io.SeekEnd)
	if err == nil {
		_, err = body.Seek(0, io.SeekStart)
	}
	if err != nil {
		http.Error(w, "file not seekable", http.StatusInternalServerError)
		return
	}
	http.ServeContent(sizedWriter{w, size}, r, name, time.Time{}, body)
}

// sizedWriter sets the Content-Length of a full answer that has none.
type sizedWriter struct {
	http.ResponseWriter
	size int64
}

func (w sizedWriter) WriteHeader(code int) {
	if code == http.StatusOK && w.Header().Get("Content-Length") == "" {
		w.Header().Set("Content-Length", strconv.FormatInt(w.size, 10))
	}
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap gives http.ResponseController the writer below.
func (w sizedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// addVary adds Accept-Encoding to the Vary header unless it is there already
// (the compress middleware adds it to every answer).
func addVary(h http.Header) {
	for _, v := range h.Values("Vary") {
		for _, f := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), "Accept-Encoding") {
				return
			}
		}
	}
	h.Add("Vary", "Accept-Encoding")
}

// preferredCoding is the coding, among those of order, that the client
// weighs highest, ties going to the earlier in order; "" when it accepts
// none of them, or weighs identity higher than all. A client that refuses
// identity still gets the file as it is when nothing else is acceptable.
func preferredCoding(accepted map[string]float64, order []string) string {
	best, bestQ := "", 0.0
	for _, c := range order {
		q, named := accepted[c]
		if !named {
			q = accepted["*"]
		}
		if q > bestQ {
			best, bestQ = c, q
		}
	}
	if q, named := accepted["identity"]; named && q > bestQ {
		return ""
	}
	return best
}

// packed holds a file packed at run time, once, at the best levels, for a
// file the build did not pack: the files never change while the process
// runs, so packing them per request would spend CPU for larger answers.
type packed struct {
	once  sync.Once
	forms map[string][]byte // coding → the file packed, for the forms that pay
}

// pick returns the packed form of a file that the client of r prefers,
// packing load()'s bytes on first use; body is nil when there is none.
func (p *packed) pick(r *http.Request, load func() ([]byte, error)) (coding string, body []byte) {
	accepted := acceptedCodings(r.Header.Get("Accept-Encoding"))
	if preferredCoding(accepted, runtimeCodings) == "" {
		return "", nil // not worth packing for this client
	}
	p.once.Do(func() {
		if raw, err := load(); err == nil {
			p.forms = pack(raw)
		}
	})
	var have []string
	for _, c := range runtimeCodings {
		if p.forms[c] != nil {
			have = append(have, c)
		}
	}
	coding = preferredCoding(accepted, have)
	return coding, p.forms[coding]
}

// runtimeCodings are the codings a file is packed in at run time, in the
// server's order of preference.
var runtimeCodings = []string{"zstd", "gzip"}

// pack compresses raw with zstd and gzip at their best levels, keeping a
// form only when it saves at least a tenth.
func pack(raw []byte) map[string][]byte {
	forms := map[string][]byte{}
	keep := func(coding string, b []byte) {
		if len(b) <= len(raw)*9/10 {
			forms[coding] = b
		}
	}
	if enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1)); err == nil {
		// One frame with its size: the window is the file, well within
		// what browsers accept.
		keep("zstd", enc.EncodeAll(raw, nil))
		_ = enc.Close()
	}
	var buf bytes.Buffer
	if zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression); err == nil {
		if _, err := zw.Write(raw); err == nil && zw.Close() == nil {
			keep("gzip", buf.Bytes())
		}
	}
	return forms
}
