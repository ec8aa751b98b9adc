// Package instance gives each running API process an identity in
// PostgreSQL and keeps it alive with a heartbeat, so that what a process
// holds (a supplier call in flight, an idempotency key) can be taken over
// by the other replicas when it dies without a word: killed, out of memory,
// or its node lost.
package instance

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/store/queries"
)

// Default heartbeat: renewed every second and alive for 3 s after each
// renewal, so a dead process is noticed within 3 s (a repeat of its request
// is answered well within 5, even on a loaded machine) while two missed
// beats in a row (a database restart, a long pause) are tolerated. Declaring a live process dead is
// safe, only wasteful: its calls are reconciled, and its own answers still
// count.
const (
	DefaultEvery = time.Second
	DefaultTTL   = 3 * time.Second
)

// Instance is this process's row in api_instances.
type Instance struct {
	// ID names the process: host, pid and a random suffix (a restarted
	// process with the same pid is a new instance).
	ID    string
	host  string
	pid   int
	pool  *pgxpool.Pool
	q     *queries.Queries
	log   *slog.Logger
	every time.Duration
	ttl   time.Duration
}

// New returns an identity for this process; Start registers it.
func New(pool *pgxpool.Pool, log *slog.Logger) *Instance {
	host, _ := os.Hostname()
	var suffix [4]byte
	_, _ = rand.Read(suffix[:])
	pid := os.Getpid()
	return &Instance{
		ID:   fmt.Sprintf("%s-%d-%s", host, pid, hex.EncodeToString(suffix[:])),
		host: host, pid: pid, pool: pool, q: queries.New(pool), log: log,
		every: DefaultEvery, ttl: DefaultTTL,
	}
}

// Register records the instance as alive, so that rows naming it as their
// holder are not swept; Heartbeat keeps it so. Call Stop after the last
// request has finished.
func (in *Instance) Register(ctx context.Context) error {
	if err := in.beat(ctx, in.q); err != nil {
		return fmt.Errorf("register api instance: %w", err)
	}
	return nil
}

func (in *Instance) beat(ctx context.Context, q *queries.Queries) error {
	return q.InstanceBeat(ctx, queries.InstanceBeatParams{ID: in.ID, Host: in.host, Pid: int32(in.pid), //nolint:gosec // Linux pids fit in 22 bits
		TtlSeconds: in.ttl.Seconds()})
}

// Heartbeat renews the registration until ctx ends. It blocks, so that the
// process runs it among its other workers (internal/app) and knows when it
// has returned: a beat still in flight after Stop would bring the row back.
//
// It beats on a connection of its own, outside the pool: a replica whose
// pool is busy (many requests, many jobs) is alive and its calls are
// going on; were its beats to wait their turn for a pooled connection, the
// other replicas would think it dead and take its work over for nothing.
// A connection that fails is dropped and opened again at the next beat.
func (in *Instance) Heartbeat(ctx context.Context) {
	t := time.NewTicker(in.every)
	defer t.Stop()
	var conn *pgx.Conn
	defer func() {
		if conn != nil {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
			_ = conn.Close(cctx)
			cancel()
		}
	}()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		bctx, cancel := context.WithTimeout(ctx, in.every)
		var err error
		if conn == nil {
			conn, err = pgx.ConnectConfig(bctx, in.pool.Config().ConnConfig.Copy())
		}
		if err == nil {
			if err = in.beat(bctx, queries.New(conn)); err != nil {
				_ = conn.Close(bctx)
				conn = nil
			}
		}
		cancel()
		switch {
		case err != nil && !failing && ctx.Err() == nil:
			failing = true
			in.log.Warn("instance heartbeat failed; other replicas may take over this process's work", "instance", in.ID, "err", err)
		case err == nil && failing:
			failing = false
			in.log.Info("instance heartbeat restored", "instance", in.ID)
		}
	}
}

// Stop removes the instance: what it still holds is taken over at once.
func (in *Instance) Stop(ctx context.Context) error {
	return in.q.InstanceRemove(ctx, in.ID)
}

// Forget deletes the rows of processes long dead; any replica may call it.
func Forget(ctx context.Context, q *queries.Queries) (int64, error) {
	return q.InstanceDeleteDead(ctx)
}
