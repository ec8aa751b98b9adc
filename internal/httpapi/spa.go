package httpapi

import (
	"bytes"
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
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// SPA serves the built web app: its files, and index.html for every other GET
// that asks for a page, so client-side routes work on reload and deep links.
type SPA struct {
	files  fs.FS
	etags  map[string]string  // file path → strong ETag
	packed map[string]*packed // compressible file path → its packed forms
	index  []byte             // index.html with the runtime configuration; nil when not built
}

// packed holds a file packed once, at the best levels, on its first request:
// the files never change while the process runs, so packing them per request
// would spend CPU for larger answers. A form is nil when it does not pay.
type packed struct {
	once       sync.Once
	zstd, gzip []byte
}

// compressible are the extensions worth packing (text formats).
var compressible = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true, ".json": true,
	".txt": true, ".webmanifest": true, ".map": true, ".xml": true,
}

// minPacked is the smallest file worth packing.
const minPacked = 1024

// RuntimeConfig is what the web app learns from the server at load time
// rather than at build time. It is embedded in index.html as
// <meta name="paryatan-config" content="{json}">: the content security policy
// allows no inline script.
type RuntimeConfig struct {
	// VisaPartnerOrigin is the partner visa site's origin; empty when none.
	VisaPartnerOrigin string `json:"visaPartnerOrigin"`
}

// NewSPA indexes the app's files once, computing their ETags, and prepares
// index.html with cfg.
func NewSPA(files fs.FS, cfg RuntimeConfig) (*SPA, error) {
	s := &SPA{files: files, etags: map[string]string{}, packed: map[string]*packed{}}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := files.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		s.etags[p] = `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16]) + `"`
		if info, err := d.Info(); err == nil && info.Size() >= minPacked && compressible[path.Ext(p)] {
			s.packed[p] = &packed{}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("index web app: %w", err)
	}
	if _, ok := s.etags["index.html"]; ok {
		raw, err := fs.ReadFile(files, "index.html")
		if err != nil {
			return nil, fmt.Errorf("read index.html: %w", err)
		}
		if s.index, err = injectConfig(raw, cfg); err != nil {
			return nil, err
		}
	}
	return s, nil
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
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && name != "index.html" && !strings.HasPrefix(path.Base(name), ".") {
		if _, ok := s.etags[name]; ok {
			cache := "no-cache" // not content-hashed: revalidate with the ETag
			if strings.HasPrefix(name, "assets/") {
				cache = "public, max-age=31536000, immutable" // file names carry a content hash
			}
			s.serveFile(w, r, name, cache)
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
	// index.html changes with every release and names the current assets.
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(s.index))
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

func (s *SPA) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) {
	f, err := s.files.Open(name)
	if err != nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	defer f.Close()
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		http.Error(w, "file not seekable", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", s.etags[name])
	if p, ok := s.packed[name]; ok {
		h.Add("Vary", "Accept-Encoding")
		if coding, body := p.pick(rs, acceptedCodings(r.Header.Get("Accept-Encoding"))); body != nil {
			// Each representation has its own ETag; the compress middleware
			// leaves an encoded answer alone.
			h.Set("Content-Encoding", coding)
			h.Set("ETag", strings.TrimSuffix(s.etags[name], `"`)+"-"+coding+`"`)
			http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
			return
		}
		if _, err := rs.Seek(0, io.SeekStart); err != nil {
			http.Error(w, "file not readable", http.StatusInternalServerError)
			return
		}
	}
	// ServeContent sets Content-Type from the extension and answers
	// conditional and range requests.
	// Embedded files have no meaningful modification time: the ETag does the
	// job of Last-Modified.
	http.ServeContent(w, r, name, time.Time{}, rs)
}

// pick returns the packed form of the file f that the client accepts (zstd
// first), packing it on first use; body is nil when there is none.
func (p *packed) pick(f io.Reader, accepted []string) (coding string, body []byte) {
	wants := func(c string) bool { return slices.Contains(accepted, c) }
	if !wants("zstd") && !wants("gzip") {
		return "", nil
	}
	p.once.Do(func() {
		raw, err := io.ReadAll(f)
		if err != nil {
			return
		}
		p.zstd, p.gzip = pack(raw)
	})
	switch {
	case wants("zstd") && p.zstd != nil:
		return "zstd", p.zstd
	case wants("gzip") && p.gzip != nil:
		return "gzip", p.gzip
	}
	return "", nil
}

// pack compresses raw with zstd and gzip at their best levels, keeping a
// form only when it saves at least a tenth.
func pack(raw []byte) (zst, gz []byte) {
	keep := func(b []byte) []byte {
		if len(b) > len(raw)*9/10 {
			return nil
		}
		return b
	}
	if enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1)); err == nil {
		// One frame with its size: the window is the file, well within
		// what browsers accept.
		zst = keep(enc.EncodeAll(raw, nil))
		_ = enc.Close()
	}
	var buf bytes.Buffer
	if zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression); err == nil {
		if _, err := zw.Write(raw); err == nil && zw.Close() == nil {
			gz = keep(buf.Bytes())
		}
	}
	return zst, gz
}
