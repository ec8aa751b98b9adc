package telemetry

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// DBPoolStat is a snapshot of the database connection pool's figures, as
// the pool's Stat method returns it (*pgxpool.Stat has these methods).
type DBPoolStat interface {
	AcquiredConns() int32
	IdleConns() int32
	TotalConns() int32
	MaxConns() int32
	ConstructingConns() int32
	AcquireCount() int64
	AcquireDuration() time.Duration
	EmptyAcquireCount() int64
	EmptyAcquireWaitTime() time.Duration
	CanceledAcquireCount() int64
}

// DBPoolCollector reports the database connection pool of this process,
// read from the pool at each scrape. Each replica has its own pool:
// aggregate with sum. The pool is starved when requests wait for a
// connection: empty acquires and the time they waited rise while the
// acquired connections stand at the pool's maximum.
type DBPoolCollector struct {
	stat func() DBPoolStat

	acquired, idle, total, maxConns, constructing *prometheus.Desc
	acquires, acquireWait                         *prometheus.Desc
	emptyAcquires, emptyAcquireWait               *prometheus.Desc
	canceledAcquires                              *prometheus.Desc
}

// NewDBPoolCollector returns the collector over the pool whose figures stat
// returns; pass the pool's Stat method.
func NewDBPoolCollector[S DBPoolStat](stat func() S) *DBPoolCollector {
	desc := func(name, help string) *prometheus.Desc {
		return prometheus.NewDesc(prometheus.BuildFQName("paryatan", "db_pool", name), help, nil, nil)
	}
	return &DBPoolCollector{
		stat: func() DBPoolStat { return stat() },
		acquired: desc("acquired_connections",
			"Database connections in use: acquired from the pool and not yet released."),
		idle: desc("idle_connections",
			"Database connections open in the pool and waiting to be used."),
		total: desc("total_connections",
			"Database connections in the pool: acquired, idle and being opened."),
		maxConns: desc("max_connections",
			"Largest number of connections the pool opens (pool_max_conns in DATABASE_URL, else max(4, CPUs))."),
		constructing: desc("constructing_connections",
			"Database connections being opened by the pool."),
		acquires: desc("acquires_total",
			"Connections acquired from the pool."),
		acquireWait: desc("acquire_wait_seconds_total",
			"Time spent acquiring connections from the pool, summed over every acquire."),
		emptyAcquires: desc("empty_acquires_total",
			"Connection acquires that found no idle connection and waited for one to be released or opened."),
		emptyAcquireWait: desc("empty_acquire_wait_seconds_total",
			"Time spent by acquires that found no idle connection, waiting for one to be released or opened."),
		canceledAcquires: desc("canceled_acquires_total",
			"Connection acquires given up because the caller's context ended while waiting (request deadline or client gone)."),
	}
}

// Describe sends the descriptions of every family.
func (c *DBPoolCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.acquired
	ch <- c.idle
	ch <- c.total
	ch <- c.maxConns
	ch <- c.constructing
	ch <- c.acquires
	ch <- c.acquireWait
	ch <- c.emptyAcquires
	ch <- c.emptyAcquireWait
	ch <- c.canceledAcquires
}

// Collect reads the pool's figures now and sends them.
func (c *DBPoolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stat()
	gauge := func(d *prometheus.Desc, v int32) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v))
	}
	counter := func(d *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v)
	}
	gauge(c.acquired, s.AcquiredConns())
	gauge(c.idle, s.IdleConns())
	gauge(c.total, s.TotalConns())
	gauge(c.maxConns, s.MaxConns())
	gauge(c.constructing, s.ConstructingConns())
	counter(c.acquires, float64(s.AcquireCount()))
	counter(c.acquireWait, s.AcquireDuration().Seconds())
	counter(c.emptyAcquires, float64(s.EmptyAcquireCount()))
	counter(c.emptyAcquireWait, s.EmptyAcquireWaitTime().Seconds())
	counter(c.canceledAcquires, float64(s.CanceledAcquireCount()))
}
