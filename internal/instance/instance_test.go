package instance_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/instance"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// A registered instance is alive in the table until it stops; two processes
// get different ids.
func TestInstanceLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, b := instance.New(pool, log), instance.New(pool, log)
	if a.ID == b.ID || a.ID == "" {
		t.Fatalf("ids %q and %q", a.ID, b.ID)
	}
	if err := a.Register(ctx); err != nil {
		t.Fatal(err)
	}
	isAlive := func(id string) bool {
		var ok bool
		if err := pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM api_instances WHERE id = $1 AND alive_until > now())", id).Scan(&ok); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !isAlive(a.ID) || isAlive(b.ID) {
		t.Fatalf("alive: a=%v b=%v, want a only", isAlive(a.ID), isAlive(b.ID))
	}
	if err := a.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if isAlive(a.ID) {
		t.Fatal("a stopped instance is still alive")
	}
}

// The heartbeat is a blocking worker: it returns once its context ends, so
// the process can wait for it before removing the row.
func TestHeartbeatReturnsWhenCancelled(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	in := instance.New(pool, slog.New(slog.DiscardHandler))
	ctx, stop := context.WithCancel(context.Background())
	if err := in.Register(ctx); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		in.Heartbeat(ctx)
		close(done)
	}()
	stop()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Heartbeat did not return after its context ended")
	}
}

// A replica whose pool is taken up by its work is alive: the heartbeat
// beats on a connection of its own, so the other replicas do not take
// over calls that are still going on.
func TestHeartbeatBeatsWhileThePoolIsBusy(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := storetest.NewPool(t).Config() // the migrated schema
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	in := instance.New(pool, slog.New(slog.DiscardHandler))
	if err := in.Register(ctx); err != nil {
		t.Fatal(err)
	}
	busy, err := pool.Acquire(ctx) // the pool's only connection, held
	defer busy.Release()
	if err != nil {
		t.Fatal(err)
	}
	hctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		in.Heartbeat(hctx)
		close(done)
	}()
	defer func() { stop(); <-done }()

	// Past the 3 s a registration lasts without a beat.
	time.Sleep(instance.DefaultTTL + 1500*time.Millisecond)
	var alive bool
	if err := busy.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM api_instances WHERE id = $1 AND alive_until > now())", in.ID).Scan(&alive); err != nil {
		t.Fatal(err)
	}
	if !alive {
		t.Fatal("the instance is dead to the others while its pool was busy; want its heartbeat to go on")
	}
}
