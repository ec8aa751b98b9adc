package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestHammerCountsEveryAnswer(t *testing.T) {
	t.Parallel()
	var served atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Cookie") != "s=1" {
			http.Error(w, "no cookie", http.StatusUnauthorized)
			return
		}
		served.Add(1)
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	t.Cleanup(srv.Close)

	r, err := hammer(srv.URL, http.Header{"Cookie": {"s=1"}}, 4, 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.lat) == 0 || int64(len(r.lat)) != served.Load() || r.elapsed < 200*time.Millisecond {
		t.Fatalf("%d latencies for %d answers in %s", len(r.lat), served.Load(), r.elapsed)
	}
	if _, err := hammer(srv.URL, nil, 2, 50*time.Millisecond); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("refused requests: err %v, want the 401 reported", err)
	}
}

// The process's CPU time follows its work (spinning until 50 ms of it are
// counted; on a busy machine that takes longer than 50 ms of wall time).
func TestCPUTimeGrowsWithWork(t *testing.T) {
	t.Parallel()
	before, err := cpuTime(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for x := 0; ; x++ {
		if x%1_000_000 == 0 {
			now, err := cpuTime(os.Getpid())
			if err != nil {
				t.Fatal(err)
			}
			if now-before >= 50*time.Millisecond {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("CPU time grew %s in 20 s of spinning", now-before)
			}
		}
	}
}

// The allocation figures are read from the API's /metrics by their exact
// names: a metric whose name starts the same is not taken for them.
func TestMetricValue(t *testing.T) {
	t.Parallel()
	text := "# HELP go_memstats_alloc_bytes Number of bytes allocated in heap and currently in use.\n" +
		"go_memstats_alloc_bytes 3.1589152e+07\n" +
		"go_memstats_alloc_bytes_total 3.2247744e+07\n" +
		"go_memstats_mallocs_total 135122\n"
	for name, want := range map[string]float64{"go_memstats_alloc_bytes_total": 32247744, "go_memstats_mallocs_total": 135122} {
		if got, err := metricValue(text, name); err != nil || got != want {
			t.Errorf("%s = %v, %v; want %v", name, got, err, want)
		}
	}
	if _, err := metricValue(text, "go_memstats_frees_total"); err == nil {
		t.Error("a missing metric was read")
	}
}
