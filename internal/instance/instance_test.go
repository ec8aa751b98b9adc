package instance_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

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
