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
	"strings"
	"time"
)

// SPA serves the built web app: its files, and index.html for every other GET
// that asks for a page, so client-side routes work on reload and deep links.
type SPA struct {
	files fs.FS
	etags map[string]string // file path → strong ETag
	index []byte            // index.html with the runtime configuration; nil when not built
}

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
	s := &SPA{files: files, etags: map[string]string{}}
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
	w.Header().Set("Cache-Control", cacheControl)
	if cacheControl != "no-store" {
		w.Header().Set("ETag", s.etags[name])
	}
	// ServeContent sets Content-Type from the extension and answers
	// conditional and range requests.
	// Embedded files have no meaningful modification time: the ETag does the
	// job of Last-Modified.
	http.ServeContent(w, r, name, time.Time{}, rs)
}
