package httpapi

import (
	"bytes"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/paryatan/paryatan/api"
	"github.com/paryatan/paryatan/internal/auth"
)

// docsRouter is the server's route table with the reference on or off.
func docsRouter(t *testing.T, on bool) http.Handler {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	authHandler := auth.NewHandler(auth.NewService(nil, auth.DefaultConfig(), auth.Mail{}, nil, log), log)
	r := chi.NewRouter()
	addRoutes(r, Deps{Health: &Health{}, Auth: authHandler, APIDocs: on}, newTestSPA(t))
	return r
}

func get(h http.Handler, path string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	return w
}

// Local mode serves the contract and its reference; the reference's files
// are the server's own (nothing from elsewhere); other paths under
// /api/docs answer the API's 404.
func TestAPIDocsInLocalMode(t *testing.T) {
	t.Parallel()
	h := docsRouter(t, true)

	w := get(h, "/api/docs/openapi.yaml")
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/yaml") || !bytes.Equal(w.Body.Bytes(), api.OpenAPI) {
		t.Fatalf("openapi.yaml = %d %s, %d bytes", w.Code, w.Header().Get("Content-Type"), w.Body.Len())
	}

	w = get(h, "/api/docs")
	page := w.Body.String()
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") || !strings.Contains(page, "/api/docs/openapi.yaml") {
		t.Fatalf("page = %d %s %q", w.Code, w.Header().Get("Content-Type"), page)
	}
	for _, src := range []string{"/api/docs/reference.js", "/api/docs/vendor/swagger-ui-bundle.js", "/api/docs/vendor/swagger-ui.css"} {
		if !strings.Contains(page, `"`+src+`"`) {
			t.Errorf("the page does not load %s", src)
		}
	}
	if strings.Contains(page, "http://") || strings.Contains(page, "https://") || strings.Contains(page, "<script>") {
		t.Errorf("the page loads something from elsewhere, or runs inline script: %s", page)
	}
	w = get(h, "/api/docs/reference.js")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "/api/docs/openapi.yaml") || !strings.Contains(w.Body.String(), "validatorUrl: null") {
		t.Fatalf("reference.js = %d %q", w.Code, w.Body.String())
	}

	// The viewer's files are in the binary once the web app is built
	// (make build, which make test runs first).
	if _, err := fs.Stat(api.Docs(), "vendor/swagger-ui-bundle.js"); err == nil || os.Getenv("PARYATAN_REQUIRE_WEB") != "" {
		for _, f := range []struct{ path, ctype string }{
			{"/api/docs/vendor/swagger-ui-bundle.js", "text/javascript"},
			{"/api/docs/vendor/swagger-ui.css", "text/css"},
		} {
			if w := get(h, f.path); w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), f.ctype) || w.Body.Len() < 10_000 {
				t.Errorf("%s = %d %s, %d bytes (build the web app first: make build)", f.path, w.Code, w.Header().Get("Content-Type"), w.Body.Len())
			}
		}
	}

	for _, path := range []string{"/api/docs/nope.js", "/api/docs/vendor/.gitkeep", "/api/docs/index.html", "/api/docs/vendor", "/api/docs/../../etc/passwd"} {
		if w := get(h, path); w.Code != 404 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
			t.Errorf("%s = %d %s, want the API's 404", path, w.Code, w.Header().Get("Content-Type"))
		}
	}
}

// Production publishes neither the contract nor the reference.
func TestAPIDocsNotInProduction(t *testing.T) {
	t.Parallel()
	h := docsRouter(t, false)
	for _, path := range []string{"/api/docs", "/api/docs/openapi.yaml", "/api/docs/reference.js", "/api/docs/vendor/swagger-ui-bundle.js"} {
		w := get(h, path)
		if w.Code != 404 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") || !strings.Contains(w.Body.String(), "not_found") {
			t.Errorf("%s = %d %s %q, want the API's 404", path, w.Code, w.Header().Get("Content-Type"), w.Body.String())
		}
	}
}
