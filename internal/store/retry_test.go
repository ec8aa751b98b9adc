package store_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// terminateAll ends every other backend connected to the pool's database,
// as a PostgreSQL restart or failover does, and returns how many it ended.
func terminateAll(t *testing.T, url string) int {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	err = conn.QueryRow(context.Background(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()`).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// warm opens n pooled connections at once and returns them to the pool, as
// a busy server has: after a restart they are all dead at once.
func warm(t *testing.T, pool *pgxpool.Pool, n int) {
	t.Helper()
	var conns []*pgxpool.Conn
	for range n {
		c, err := pool.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Release()
	}
}

// After every connection of the pool was terminated, a read through Reads
// succeeds (it is run again on a fresh connection); the same read straight
// on the pool fails, which is what Reads is for.
func TestReadsRetryOnTerminatedConnections(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	ctx := context.Background()
	open := func() *pgxpool.Pool {
		pool, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		warm(t, pool, 4)
		if n := terminateAll(t, url); n < 4 {
			t.Fatalf("terminated %d pooled connections, want 4", n)
		}
		return pool
	}

	var n int
	if err := (store.Reads{Pool: open()}).QueryRow(ctx, "-- name: X :one\nSELECT 1").Scan(&n); err != nil {
		t.Errorf("QueryRow after the backends were terminated: %v", err)
	}
	rows, err := (store.Reads{Pool: open()}).Query(ctx, "SELECT generate_series(1, 3)")
	if err == nil {
		rows.Close()
		err = rows.Err()
	}
	if err != nil {
		t.Errorf("Query after the backends were terminated: %v", err)
	}
	// The control: without Reads the first read on a dead connection fails.
	if err := open().QueryRow(ctx, "SELECT 1").Scan(&n); err == nil {
		t.Fatal("a read straight on the pool survived terminated backends; the test no longer shows anything")
	}
	// Writes are never repeated: whether they took effect is unknown.
	pool := open()
	if _, err := (store.Reads{Pool: pool}).Exec(ctx, "CREATE TABLE t (n int)"); err == nil {
		t.Fatal("a write on a terminated connection reported success")
	}
}

func TestIsConnectionError(t *testing.T) {
	t.Parallel()
	if store.IsConnectionError(nil) || store.IsConnectionError(pgx.ErrNoRows) || store.IsConnectionError(context.Canceled) {
		t.Fatal("not connection errors")
	}
}
