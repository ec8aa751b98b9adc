package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
)

// measure counts every run of a job by kind and outcome and times it.
type measure struct {
	river.MiddlewareDefaults
	metrics *telemetry.JobMetrics
	log     *slog.Logger
}

// Outcomes of a run, as River settles it.
const (
	outcomeCompleted = "completed"
	outcomeSnoozed   = "snoozed"
	outcomeCancelled = "cancelled"
	outcomeRetried   = "retried"
	outcomeDiscarded = "discarded"
)

func (m *measure) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	start := time.Now()
	err := doInner(ctx)
	m.metrics.Duration.WithLabelValues(job.Kind).Observe(time.Since(start).Seconds())
	outcome := outcomeOf(job, err)
	m.metrics.Runs.WithLabelValues(job.Kind, outcome).Inc()
	switch outcome {
	case outcomeRetried:
		m.log.Info("job failed; it is retried", "kind", job.Kind, "job", job.ID, "attempt", job.Attempt, "err", err)
	case outcomeDiscarded:
		m.log.Error("job failed for the last time and is discarded", "kind", job.Kind, "job", job.ID, "attempt", job.Attempt, "err", err)
	case outcomeCancelled:
		m.log.Warn("job cancelled by its worker", "kind", job.Kind, "job", job.ID, "err", err)
	}
	return err
}

// outcomeOf is what River makes of a run that returned err.
func outcomeOf(job *rivertype.JobRow, err error) string {
	var snooze *rivertype.JobSnoozeError
	var cancel *rivertype.JobCancelError
	switch {
	case err == nil:
		return outcomeCompleted
	case errors.As(err, &snooze):
		return outcomeSnoozed
	case errors.As(err, &cancel):
		return outcomeCancelled
	case job.Attempt >= job.MaxAttempts:
		return outcomeDiscarded
	}
	return outcomeRetried
}

// snoozes reads River's count of snoozes from a job's metadata.
func snoozes(metadata []byte) int {
	var m struct {
		Snoozes int `json:"snoozes"`
	}
	_ = json.Unmarshal(metadata, &m)
	return m.Snoozes
}

// RetryingAfter is the attempt from which a job that keeps failing is
// reported (paryatan_jobs_failing): its first failures are routine (a
// gateway or relay that blinked), this many are not.
const RetryingAfter = 3

// Collector reports the jobs not yet finished (and those that gave up) by
// kind and state, read from the queue's table at each scrape: every
// replica reports the same numbers, so aggregate them with max.
type Collector struct {
	pool    *pgxpool.Pool
	jobs    *prometheus.Desc
	failing *prometheus.Desc
}

// NewCollector returns the collector over pool.
func NewCollector(pool *pgxpool.Pool) *Collector {
	return &Collector{pool: pool,
		jobs: prometheus.NewDesc("paryatan_jobs", "Background jobs by kind and state (completed ones are not counted).",
			[]string{"kind", "state"}, nil),
		failing: prometheus.NewDesc("paryatan_jobs_failing", "Jobs waiting to retry after failing at least 3 times, by kind.",
			[]string{"kind"}, nil),
	}
}

func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.jobs
	ch <- c.failing
}

func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	rows, err := c.pool.Query(ctx, `SELECT kind, state::text, count(*),
		count(*) FILTER (WHERE state = 'retryable' AND attempt >= $1)
		FROM river_job WHERE state <> 'completed' GROUP BY kind, state`, RetryingAfter)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.jobs, err)
		return
	}
	defer rows.Close()
	failing := map[string]float64{}
	for rows.Next() {
		var kind, state string
		var n, f int64
		if err := rows.Scan(&kind, &state, &n, &f); err != nil {
			ch <- prometheus.NewInvalidMetric(c.jobs, err)
			return
		}
		ch <- prometheus.MustNewConstMetric(c.jobs, prometheus.GaugeValue, float64(n), kind, state)
		failing[kind] += float64(f)
	}
	if rows.Err() != nil {
		ch <- prometheus.NewInvalidMetric(c.jobs, rows.Err())
		return
	}
	for kind, f := range failing {
		ch <- prometheus.MustNewConstMetric(c.failing, prometheus.GaugeValue, f, kind)
	}
}
