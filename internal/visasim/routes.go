package visasim

import (
	"io"
	"net/http"
)

// routes lists every path the simulator serves.
func (s *Sim) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("GET /sso/consume", s.consume)
	// The partner's own pages: every other path, /go-for-visa the usual one.
	mux.HandleFunc("GET /", s.visa)
	return mux
}
