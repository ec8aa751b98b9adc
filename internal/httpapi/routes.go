package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/paryatan/paryatan/internal/httpjson"
)

// addRoutes is the one place where every route of the server is listed.
func addRoutes(r chi.Router, d Deps, spa *SPA) {
	r.Get("/healthz", d.Health.Live)
	r.Get("/readyz", d.Health.Ready)
	r.Method(http.MethodGet, "/metrics", promhttp.HandlerFor(d.Metrics.Registry, promhttp.HandlerOpts{
		Registry:          d.Metrics.Registry,
		EnableOpenMetrics: true,
	}))

	r.Route("/api", func(api chi.Router) {
		// Unknown API paths always answer JSON, never the web app.
		api.NotFound(apiNotFound)
		api.MethodNotAllowed(apiMethodNotAllowed)
	})

	// Everything else is the web app: files from web/dist, and index.html for
	// client-side routes.
	r.Get("/*", spa.ServeHTTP)
	r.Head("/*", spa.ServeHTTP)
}

func apiNotFound(w http.ResponseWriter, r *http.Request) {
	httpjson.Error(w, r, http.StatusNotFound, "not_found", "No API route "+r.Method+" "+r.URL.Path+".")
}

func apiMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	httpjson.Error(w, r, http.StatusMethodNotAllowed, "method_not_allowed", r.Method+" is not allowed on "+r.URL.Path+".")
}
