package httpapi

import (
	"context"
	"fmt"
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
	// mailMaxAge: readiness warns when the oldest e-mail still queued is
	// older (0: never), as mailBacklog last read the outbox.
	mailMaxAge  time.Duration
	mailBacklog func() (queued int64, oldest time.Duration, ok bool)
}

// WarnOnMailBacklog makes readiness report a mail backlog: e-mails queued
// longer than maxAge (the relay is down or refusing), as backlog last read
// the outbox (the worker's statistics: a probe adds no query). It is a
// warning in the answer, not a failure: every replica shares the outbox,
// so failing readiness would take the whole site out of the load balancer
// over mail. Alert on paryatan_outbox_oldest_queued_age_seconds to page
// someone.
func (h *Health) WarnOnMailBacklog(maxAge time.Duration, backlog func() (queued int64, oldest time.Duration, ok bool)) {
	h.mailMaxAge, h.mailBacklog = maxAge, backlog
}

// NewHealth returns probes that check db against the expected migrations.
func NewHealth(db *pgxpool.Pool, migrations fs.FS, log *slog.Logger) *Health {
	return &Health{db: db, migrations: migrations, log: log}
}

// SetDraining makes readiness fail from now on; called when shutdown starts so
// load balancers stop sending new requests to this replica.
func (h *Health) SetDraining() { h.draining.Store(true) }

type healthBody struct {
	Status   string   `json:"status"`
	Reason   string   `json:"reason,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
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
		httpjson.Write(w, r, http.StatusOK, healthBody{Status: "ready", Warnings: h.mailWarnings()})
	}
}

// mailWarnings reports e-mail queued longer than mailMaxAge.
func (h *Health) mailWarnings() []string {
	if h.mailMaxAge <= 0 || h.mailBacklog == nil {
		return nil
	}
	queued, oldest, ok := h.mailBacklog()
	if !ok || oldest <= h.mailMaxAge {
		return nil
	}
	return []string{fmt.Sprintf("mail backed up: %d queued, the oldest for %s (more than %s); check the relay (SMTP_URL)",
		queued, oldest.Round(time.Second), h.mailMaxAge)}
}
