package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/store"
)

// Health answers the liveness and readiness probes.
type Health struct {
	db         *pgxpool.Pool
	migrations fs.FS
	log        *slog.Logger
	draining   atomic.Bool
}

// NewHealth returns probes that check db against the expected migrations.
func NewHealth(db *pgxpool.Pool, migrations fs.FS, log *slog.Logger) *Health {
	return &Health{db: db, migrations: migrations, log: log}
}

// SetDraining makes readiness fail from now on; called when shutdown starts so
// load balancers stop sending new requests to this replica.
func (h *Health) SetDraining() { h.draining.Store(true) }

type healthBody struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

// Live reports that the process is up and serving HTTP. It checks nothing
// else: a database outage must not get healthy pods restarted.
func (h *Health) Live(w http.ResponseWriter, r *http.Request) {
	httpjson.Write(w, r, http.StatusOK, healthBody{Status: "ok"})
}

// Ready reports whether this replica should receive traffic: not draining, the
// database reachable, and every migration of this build applied.
func (h *Health) Ready(w http.ResponseWriter, r *http.Request) {
	if h.draining.Load() {
		httpjson.Write(w, r, http.StatusServiceUnavailable, healthBody{Status: "draining"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	pending, err := store.Pending(ctx, h.db, h.migrations)
	switch {
	case err != nil:
		h.log.WarnContext(ctx, "readiness: database check failed", "err", err)
		httpjson.Write(w, r, http.StatusServiceUnavailable, healthBody{Status: "unavailable", Reason: "database unreachable"})
	case pending > 0:
		httpjson.Write(w, r, http.StatusServiceUnavailable, healthBody{Status: "unavailable", Reason: "migrations pending"})
	default:
		httpjson.Write(w, r, http.StatusOK, healthBody{Status: "ready"})
	}
}
