package httpapi

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/paryatan/paryatan/api"
)

// The API's contract (api/openapi.yaml) and a browsable reference of it,
// served under /api/docs in local mode only (Deps.APIDocs). The reference
// is a page of ours and the viewer's files, embedded in the binary: it
// works offline and is no part of the web app's bundle.

// serveAPIDocsPage serves the reference page (GET /api/docs).
func serveAPIDocsPage(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFileFS(w, r, api.Docs(), "index.html")
}

// serveOpenAPI serves the contract itself (GET /api/docs/openapi.yaml).
func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "application/yaml; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(api.OpenAPI)
}

// serveAPIDocsFile serves the page's script and the viewer's files
// (GET /api/docs/*); anything else under /api/docs answers the API's 404.
func serveAPIDocsFile(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/api/docs/")
	files := api.Docs()
	if name == "index.html" || strings.HasPrefix(path.Base(name), ".") || !fs.ValidPath(name) {
		apiNotFound(w, r)
		return
	}
	if st, err := fs.Stat(files, name); err != nil || st.IsDir() {
		apiNotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFileFS(w, r, files, name) //nolint:gosec // name was found in the embedded files above
}
