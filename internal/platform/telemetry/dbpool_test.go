package telemetry_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// openPool opens the product's pool (store.Open) on a new database, bounded
// to maxConns connections, and registers its collector on a new registry.
func openPool(t *testing.T, maxConns string) (*pgxpool.Pool, *prometheus.Registry) {
	t.Helper()
	u, err := url.Parse(storetest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("pool_max_conns", maxConns)
	u.RawQuery = q.Encode()
	pool, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	reg := prometheus.NewRegistry()
	reg.MustRegister(telemetry.NewDBPoolCollector(pool.Stat))
	return pool, reg
}

// scrape gathers reg and returns the value of every pool family by name,
// checking that the _total ones are counters and the others gauges.
func scrape(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range families {
		name := strings.TrimPrefix(f.GetName(), "paryatan_db_pool_")
		if len(f.GetMetric()) != 1 {
			t.Fatalf("%s has %d series", f.GetName(), len(f.GetMetric()))
		}
		m := f.GetMetric()[0]
		switch {
		case strings.HasSuffix(name, "_total") && f.GetType().String() == "COUNTER":
			got[name] = m.GetCounter().GetValue()
		case !strings.HasSuffix(name, "_total") && f.GetType().String() == "GAUGE":
			got[name] = m.GetGauge().GetValue()
		default:
			t.Fatalf("%s is a %s", f.GetName(), f.GetType())
		}
	}
	if len(got) != 10 {
		t.Fatalf("scraped %d pool families, want 10: %v", len(got), got)
	}
	return got
}

// A connection held by a request shows as acquired, and as idle again
// once released.
func TestDBPoolCollectorCountsConnectionsInUse(t *testing.T) {
	t.Parallel()
	pool, reg := openPool(t, "4")
	ctx := context.Background()

	problems, err := testutil.CollectAndLint(telemetry.NewDBPoolCollector(pool.Stat))
	if err != nil || len(problems) > 0 {
		t.Fatalf("lint: %v %v", err, problems)
	}

	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	held := `
# HELP paryatan_db_pool_acquired_connections Database connections in use: acquired from the pool and not yet released.
# TYPE paryatan_db_pool_acquired_connections gauge
paryatan_db_pool_acquired_connections 1
# HELP paryatan_db_pool_idle_connections Database connections open in the pool and waiting to be used.
# TYPE paryatan_db_pool_idle_connections gauge
paryatan_db_pool_idle_connections 0
# HELP paryatan_db_pool_max_connections Largest number of connections the pool opens (pool_max_conns in DATABASE_URL, else max(4, CPUs)).
# TYPE paryatan_db_pool_max_connections gauge
paryatan_db_pool_max_connections 4
# HELP paryatan_db_pool_total_connections Database connections in the pool: acquired, idle and being opened.
# TYPE paryatan_db_pool_total_connections gauge
paryatan_db_pool_total_connections 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(held),
		"paryatan_db_pool_acquired_connections", "paryatan_db_pool_idle_connections",
		"paryatan_db_pool_max_connections", "paryatan_db_pool_total_connections"); err != nil {
		t.Fatal(err)
	}
	got := scrape(t, reg)
	// store.Open's ping was the first acquire, this one the second.
	if got["acquires_total"] < 2 {
		t.Fatalf("acquires_total = %v, want at least 2", got["acquires_total"])
	}
	if got["constructing_connections"] != 0 || got["canceled_acquires_total"] != 0 {
		t.Fatalf("figures with one connection held: %v", got)
	}

	conn.Release()
	got = scrape(t, reg)
	if got["acquired_connections"] != 0 || got["idle_connections"] != 1 || got["total_connections"] != 1 {
		t.Fatalf("figures once released: %v", got)
	}
}

// With every connection in use, an acquire waits: it counts as an empty
// acquire, its wait is added to the wait totals, and one whose context ends
// first counts as canceled.
func TestDBPoolCollectorCountsWaits(t *testing.T) {
	t.Parallel()
	pool, reg := openPool(t, "1")
	ctx := context.Background()

	first, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	before := scrape(t, reg)
	if before["acquired_connections"] != 1 || before["max_connections"] != 1 {
		t.Fatalf("figures with the only connection held: %v", before)
	}

	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	_, err = pool.Acquire(short)
	cancel()
	if err == nil {
		t.Fatal("an acquire on a full pool succeeded")
	}
	mid := scrape(t, reg)
	if mid["canceled_acquires_total"] != before["canceled_acquires_total"]+1 {
		t.Fatalf("canceled_acquires_total = %v, was %v", mid["canceled_acquires_total"], before["canceled_acquires_total"])
	}
	// A canceled acquire is no acquire, empty or not.
	if mid["acquires_total"] != before["acquires_total"] || mid["empty_acquires_total"] != before["empty_acquires_total"] {
		t.Fatalf("figures after a canceled acquire: %v, were %v", mid, before)
	}

	type acquired struct {
		conn   *pgxpool.Conn
		waited time.Duration
		err    error
	}
	done := make(chan acquired, 1)
	started := make(chan struct{})
	go func() {
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		close(started)
		start := time.Now()
		c, err := pool.Acquire(wctx)
		done <- acquired{c, time.Since(start), err}
	}()
	// The first connection is released well after the second acquire began
	// waiting, however late its goroutine was scheduled.
	<-started
	time.Sleep(100 * time.Millisecond)
	select {
	case a := <-done:
		t.Fatalf("the second acquire did not wait for the first connection: %v", a.err)
	default:
	}
	first.Release()
	second := <-done
	if second.err != nil {
		t.Fatal(second.err)
	}
	defer second.conn.Release()

	after := scrape(t, reg)
	if after["empty_acquires_total"] != mid["empty_acquires_total"]+1 || after["acquires_total"] != mid["acquires_total"]+1 {
		t.Fatalf("acquires_total = %v, empty_acquires_total = %v; were %v, %v", after["acquires_total"],
			after["empty_acquires_total"], mid["acquires_total"], mid["empty_acquires_total"])
	}
	if after["canceled_acquires_total"] != mid["canceled_acquires_total"] {
		t.Fatalf("canceled_acquires_total = %v, was %v", after["canceled_acquires_total"], mid["canceled_acquires_total"])
	}
	// The waits are in seconds, no longer than the caller saw.
	for _, name := range []string{"acquire_wait_seconds_total", "empty_acquire_wait_seconds_total"} {
		d := after[name] - mid[name]
		if d <= 0 || d > second.waited.Seconds() {
			t.Fatalf("%s rose by %v s; the acquire waited %v", name, d, second.waited)
		}
	}
	if after["acquired_connections"] != 1 {
		t.Fatalf("acquired_connections = %v", after["acquired_connections"])
	}
}
