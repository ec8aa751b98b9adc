package store_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

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

// After every connection of the pool was terminated, a read through Reads
// succeeds (it is run again on a fresh connection); the same read straight
// on the pool fails, which is what Reads is for.
func TestReadsRetryOnTerminatedConnections(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	ctx := context.Background()
	pool, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	reads := store.Reads{Pool: pool}

	for _, tc := range []struct {
		name string
		read func() error
	}{
		{"QueryRow", func() error {
			var n int
			return reads.QueryRow(ctx, "-- name: X :one\nSELECT 1").Scan(&n)
		}},
		{"Query", func() error {
			rows, err := reads.Query(ctx, "SELECT generate_series(1, 3)")
			if err != nil {
				return err
			}
			rows.Close()
			return rows.Err()
		}},
	} {
		if err := pool.Ping(ctx); err != nil {
			t.Fatal(err)
		}
		if terminateAll(t, url) == 0 {
			t.Fatal("no pool connection to terminate")
		}
		if err := tc.read(); err != nil {
			t.Errorf("%s after the backends were terminated: %v", tc.name, err)
		}
	}

	// The control: without Reads the first read on a dead connection fails.
	if err := pool.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	terminateAll(t, url)
	var n int
	if err := pool.QueryRow(ctx, "SELECT 1").Scan(&n); err == nil {
		t.Fatal("a read straight on the pool survived terminated backends; the test no longer shows anything")
	}

	// Writes are never repeated: whether they took effect is unknown.
	if _, err := pool.Exec(ctx, "CREATE TABLE t (n int)"); err != nil {
		t.Fatal(err)
	}
	if err := pool.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	terminateAll(t, url)
	if _, err := reads.Exec(ctx, "INSERT INTO t VALUES (1)"); err == nil {
		t.Fatal("a write on a terminated connection reported success")
	}
}

func TestIsConnectionError(t *testing.T) {
	t.Parallel()
	if store.IsConnectionError(nil) || store.IsConnectionError(pgx.ErrNoRows) || store.IsConnectionError(context.Canceled) {
		t.Fatal("not connection errors")
	}
}
