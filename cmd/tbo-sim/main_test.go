package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

func TestRunServesUntilCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	env := map[string]string{"TBO_SIM_LATENCY": "0", "TBO_SIM_USERNAME": "agent7", "TBO_SIM_REQUIRE_AT": "Ticket", "TBO_SIM_CANCEL_COMPLETE_AFTER": "0s"}
	go func() {
		done <- run(ctx, []string{"tbo-sim", "-addr", "127.0.0.1:0", "-password", "s3cret", "-require-pan", "0.2", "-require-gst", "0.1",
			"-cancel-acknowledge-after", "0s", "-cancel-instant-lcc", "1"},
			func(k string) string { return env[k] }, outW, io.Discard)
		outW.Close()
	}()

	lines := bufio.NewScanner(outR)
	if !lines.Scan() {
		t.Fatalf("no output: %v", <-done)
	}
	first := lines.Text()
	base, ok := strings.CutPrefix(first, "tbo-sim listening on ")
	if !ok {
		t.Fatalf("first line %q", first)
	}
	go func() {
		for lines.Scan() {
		}
	}()

	// The flag sets the password, the environment the user name.
	body := `{"ClientId":"ApiIntegrationNew","UserName":"agent7","Password":"s3cret","EndUserIp":"10.0.0.1"}`
	resp, err := http.Post(base+"/SharedAPI/SharedData.svc/rest/Authenticate", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Status  int
		TokenId string
	}
	err = json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if err != nil || out.Status != 1 || out.TokenId == "" {
		t.Fatalf("authenticate: %v %+v", err, out)
	}

	// The document flags set the simulator's document settings.
	resp, err = http.Get(base + sim.AdminPrefix + "documents")
	if err != nil {
		t.Fatal(err)
	}
	var docs sim.Documents
	err = json.NewDecoder(resp.Body).Decode(&docs)
	resp.Body.Close()
	if err != nil || docs != (sim.Documents{PAN: 0.2, GST: 0.1, At: sim.DocumentsAtTicket}) {
		t.Fatalf("documents: %v %+v", err, docs)
	}

	// The cancellation flags set the timings: instant here.
	resp, err = http.Get(base + sim.AdminPrefix + "cancellations")
	if err != nil {
		t.Fatal(err)
	}
	var cancellations sim.Cancellations
	err = json.NewDecoder(resp.Body).Decode(&cancellations)
	resp.Body.Close()
	if err != nil || cancellations != (sim.Cancellations{InstantLCC: 1}) {
		t.Fatalf("cancellations: %v %+v", err, cancellations)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after cancellation")
	}
}

func TestRunRejectsBadSettings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"-error-rate", "2"}, nil, "-error-rate"},
		{[]string{"-latency", "soon"}, nil, "-latency"},
		{nil, map[string]string{"TBO_SIM_TRACE_TTL": "forever"}, "-trace-ttl"},
		{[]string{"-drop-when", "sometimes"}, nil, "-drop-when"},
		{[]string{"-seed", "-1"}, nil, "-seed"},
		{[]string{"-require-pan", "1.5"}, nil, "-require-pan"},
		{nil, map[string]string{"TBO_SIM_REQUIRE_PASSPORT": "all"}, "-require-passport"},
		{[]string{"-require-gst", "-0.1"}, nil, "-require-gst"},
		{[]string{"-no-gst", "2"}, nil, "-no-gst"},
		{[]string{"-require-at", "later"}, nil, "-require-at"},
		{[]string{"-departures", "0"}, nil, "-departures"},
		{nil, map[string]string{"TBO_SIM_DEPARTURES": "11"}, "-departures"},
		{[]string{"-cancel-complete-after", "soon"}, nil, "-cancel-complete-after"},
		{[]string{"-cancel-acknowledge-after", "10m", "-cancel-complete-after", "1m"}, nil, "-cancel-acknowledge-after"},
		{nil, map[string]string{"TBO_SIM_CANCEL_INSTANT_LCC": "2"}, "-cancel-instant-lcc"},
		{[]string{"extra"}, nil, "unexpected"},
	} {
		err := run(context.Background(), append([]string{"tbo-sim"}, tc.args...), func(k string) string { return tc.env[k] }, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: %v, want an error about %s", tc.args, tc.env, err, tc.want)
		}
	}
}
