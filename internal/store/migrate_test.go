package store_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

func TestLoadMigrationsRejectsBadNames(t *testing.T) {
	t.Parallel()
	for name, fsys := range map[string]fstest.MapFS{
		"no number":  {"init.sql": {Data: []byte("SELECT 1")}},
		"zero":       {"0000_x.sql": {Data: []byte("SELECT 1")}},
		"duplicated": {"0001_a.sql": {Data: []byte("SELECT 1")}, "001_b.sql": {Data: []byte("SELECT 1")}},
	} {
		if _, err := store.LoadMigrations(fsys); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestLoadMigrationsOrdersByVersion(t *testing.T) {
	t.Parallel()
	ms, err := store.LoadMigrations(fstest.MapFS{
		"0010_c.sql": {Data: []byte("c")}, "0002_b.sql": {Data: []byte("b")}, "0001_a.sql": {Data: []byte("a")},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.SQL)
	}
	if strings.Join(got, "") != "abc" {
		t.Fatalf("order %v, want a b c", got)
	}
}

// Several replicas starting at once must apply each migration exactly once.
// The migrations here fail if run twice (plain CREATE TABLE, INSERT into a
// unique column).
func TestMigrateConcurrentStartsApplyOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.NewDatabase(t)
	fsys := fstest.MapFS{
		"0001_t.sql":   {Data: []byte("CREATE TABLE t (n int UNIQUE); SELECT pg_sleep(0.2);")},
		"0002_row.sql": {Data: []byte("INSERT INTO t VALUES (1);")},
	}

	const replicas = 5
	var wg sync.WaitGroup
	applied := make([][]int64, replicas)
	errs := make([]error, replicas)
	for i := range replicas {
		pool, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer pool.Close()
		wg.Go(func() { applied[i], errs[i] = store.Migrate(ctx, pool, fsys) })
	}
	wg.Wait()

	total := 0
	for i := range replicas {
		if errs[i] != nil {
			t.Fatalf("replica %d: %v", i, errs[i])
		}
		total += len(applied[i])
	}
	if total != 2 {
		t.Fatalf("migrations applied %d times in all, want 2 (each once)", total)
	}

	pool, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var rows int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM t").Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("rows in t = %d (%v), want 1", rows, err)
	}
	if n, err := store.Pending(ctx, pool, fsys); err != nil || n != 0 {
		t.Fatalf("pending = %d (%v), want 0", n, err)
	}
	more := fstest.MapFS{"0003_more.sql": {Data: []byte("SELECT 1")}}
	for k, v := range fsys {
		more[k] = v
	}
	if n, err := store.Pending(ctx, pool, more); err != nil || n != 1 {
		t.Fatalf("pending with a new migration = %d (%v), want 1", n, err)
	}
}

// A failing migration leaves nothing half applied and is not recorded.
func TestMigrateFailureRollsBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := store.Open(ctx, storetest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	_, err = store.Migrate(ctx, pool, fstest.MapFS{
		"0001_ok.sql":  {Data: []byte("CREATE TABLE a (n int);")},
		"0002_bad.sql": {Data: []byte("CREATE TABLE b (n int); SELECT no_such_function();")},
	})
	if err == nil || !strings.Contains(err.Error(), "0002_bad.sql") {
		t.Fatalf("err = %v, want failure naming 0002_bad.sql", err)
	}
	var b *string
	if err := pool.QueryRow(ctx, "SELECT to_regclass('b')::text").Scan(&b); err != nil || b != nil {
		t.Fatalf("table b exists after a failed migration (%v)", err)
	}
	var versions []int64
	rows, _ := pool.Query(ctx, "SELECT version FROM schema_migrations ORDER BY 1")
	for rows.Next() {
		var v int64
		_ = rows.Scan(&v)
		versions = append(versions, v)
	}
	if len(versions) != 1 || versions[0] != 1 {
		t.Fatalf("recorded versions %v, want [1]", versions)
	}
}

func TestEmbeddedMigrationsApply(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := store.Open(ctx, storetest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := store.Migrate(ctx, pool, store.Migrations()); err != nil {
		t.Fatal(err)
	}
	again, err := store.Migrate(ctx, pool, store.Migrations())
	if err != nil || len(again) != 0 {
		t.Fatalf("second run applied %v (%v), want nothing", again, err)
	}
}
