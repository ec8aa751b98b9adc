package jobs_test

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/paryatan/paryatan/internal/jobs"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

type countArgs struct{}

func (countArgs) Kind() string { return "test.count" }

type countWorker struct {
	river.WorkerDefaults[countArgs]
	runs atomic.Int32
}

func (w *countWorker) Work(context.Context, *river.Job[countArgs]) error {
	w.runs.Add(1)
	return nil
}

func TestBackoff(t *testing.T) {
	for _, c := range []struct {
		n    int
		want time.Duration
	}{{0, 5 * time.Second}, {1, 10 * time.Second}, {3, 40 * time.Second}, {8, 1280 * time.Second}, {20, 1280 * time.Second}} {
		if got := jobs.Backoff(c.n, 5*time.Second, 1280*time.Second); got != c.want {
			t.Errorf("Backoff(%d) = %s, want %s", c.n, got, c.want)
		}
	}
}

func TestWorkedLeavesOutQueues(t *testing.T) {
	got := jobs.Worked(jobs.Config{Without: []string{jobs.QueueMail, jobs.QueueTickets}})
	want := []string{jobs.QueueMaintenance, jobs.QueuePayments, jobs.QueueSupplier}
	if len(got) != len(want) {
		t.Fatalf("Worked = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Worked = %v, want %v", got, want)
		}
	}
}

// A job whose process was killed mid-run (left running, its process gone)
// is rescued by a live replica and runs to completion there, once.
func TestKilledJobIsRescuedAndCompletesOnce(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	reg := prometheus.NewRegistry()
	metrics := telemetry.NewJobMetrics(reg)
	j, err := jobs.New(pool, jobs.Config{ID: "survivor", Log: slog.New(slog.DiscardHandler), Metrics: metrics,
		RescueAfter: 10 * time.Second, FetchPoll: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	w := &countWorker{}
	jobs.Add(j, w)
	res, err := j.Insert(ctx, countArgs{}, &river.InsertOpts{Queue: jobs.QueueMaintenance})
	if err != nil {
		t.Fatal(err)
	}
	// As a process killed while working it leaves the job: running, its
	// attempt counted, long past the rescue time.
	if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now() - interval '1 hour',
		attempted_by = ARRAY['killed-process'] WHERE id = $1`, res.Job.ID); err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- j.Run(runCtx, false, time.Second) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	deadline := time.Now().Add(45 * time.Second)
	for {
		row, err := j.JobGet(ctx, res.Job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if row.State == rivertype.JobStateCompleted {
			if row.Attempt != 2 || row.AttemptedBy[len(row.AttemptedBy)-1] != "survivor" {
				t.Fatalf("completed at attempt %d by %v", row.Attempt, row.AttemptedBy)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the killed job was not rescued: %s", row.State)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := w.runs.Load(); n != 1 {
		t.Fatalf("the rescued job ran %d times", n)
	}
	if v := testutil.ToFloat64(metrics.Runs.WithLabelValues("test.count", "completed")); v != 1 {
		t.Fatalf("job_runs_total{completed} = %v", v)
	}
}

// The collector reports unfinished jobs by kind and state, and those that
// keep failing.
func TestCollectorCountsJobs(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	j, err := jobs.New(pool, jobs.Config{ID: "c", Log: slog.New(slog.DiscardHandler), Metrics: telemetry.NewJobMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	jobs.Add(j, &countWorker{})
	for range 2 {
		if _, err := j.Insert(ctx, countArgs{}, &river.InsertOpts{Queue: jobs.QueueMaintenance}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'retryable', attempt = 4 WHERE id = (SELECT min(id) FROM river_job)`); err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(jobs.NewCollector(pool))
	want := `
# HELP paryatan_jobs Background jobs by kind and state (completed ones are not counted).
# TYPE paryatan_jobs gauge
paryatan_jobs{kind="test.count",state="available"} 1
paryatan_jobs{kind="test.count",state="retryable"} 1
# HELP paryatan_jobs_failing Jobs waiting to retry after failing at least 3 times, by kind.
# TYPE paryatan_jobs_failing gauge
paryatan_jobs_failing{kind="test.count"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want)); err != nil {
		t.Fatal(err)
	}
}
