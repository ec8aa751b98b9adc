package httpapi_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/httpapi"
	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// Readiness warns of e-mail queued past the threshold and stays ready: the
// outbox is shared, so a mail outage must not take every replica out of
// the load balancer.
func TestReadinessWarnsOfAMailBacklog(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	log := slog.New(slog.DiscardHandler)
	h := httpapi.NewHealth(pool, store.Migrations(), log)
	// The worker's statistics, as the process wires them: a probe reads
	// the last of them, never the table.
	metrics := telemetry.NewMetrics()
	work, err := jobs.New(pool, jobs.Config{Log: log, Metrics: metrics.Jobs})
	if err != nil {
		t.Fatal(err)
	}
	w := outbox.NewWorker(pool, nil, metrics.Outbox, log, outbox.Config{})
	w.Register(work)
	h.WarnOnMailBacklog(10*time.Minute, func() (int64, time.Duration, bool) {
		b, ok := w.Backlog()
		return b.Queued, b.Oldest, ok
	})
	ready := func() (int, map[string]any) {
		t.Helper()
		rec := httptest.NewRecorder()
		h.Ready(rec, httptest.NewRequest("GET", "/readyz", nil))
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		return rec.Code, body
	}
	if code, body := ready(); code != http.StatusOK || body["warnings"] != nil {
		t.Fatalf("before the worker's first reading: %d %v", code, body)
	}
	w.RefreshStats(context.Background())
	if code, body := ready(); code != http.StatusOK || body["warnings"] != nil {
		t.Fatalf("empty outbox: %d %v", code, body)
	}
	ctx := context.Background()
	var id uuid.UUID
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
		id, err = outbox.NewQueue(work, nil).Enqueue(ctx, tx, outbox.Message{Kind: outbox.KindEmailVerification,
			To: mail.Address{Address: "asha@example.in"}, Subject: "Verify", Text: "Hello"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	w.RefreshStats(ctx)
	if code, body := ready(); code != http.StatusOK || body["warnings"] != nil {
		t.Fatalf("a fresh e-mail: %d %v", code, body)
	}
	if _, err := pool.Exec(ctx, `UPDATE outbox_messages SET created_at = now() - interval '25 minutes' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if code, body := ready(); code != http.StatusOK || body["warnings"] != nil {
		t.Fatalf("warned before the worker read the outbox again: %d %v", code, body)
	}
	w.RefreshStats(ctx)
	code, body := ready()
	warnings, _ := body["warnings"].([]any)
	if code != http.StatusOK || body["status"] != "ready" || len(warnings) != 1 ||
		!strings.Contains(warnings[0].(string), "mail backed up: 1 queued, the oldest for 25m") {
		t.Fatalf("backlog: %d %v", code, body)
	}
}
