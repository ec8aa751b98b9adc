package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestParseFlags(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := parseFlags(nil, env(map[string]string{"POD_NAMESPACE": "paryatan"}), io.Discard)
	if err != nil || c.Namespace != "paryatan" || c.ConfigMapName != "paryatan-connectors" || c.APIMetricsPort != 9090 || c.LeaderElection ||
		c.AppliedPoll != 5*time.Second || c.PodResync != time.Minute {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	c, err = parseFlags([]string{"-namespace", "ops", "-api-service", "paryatan-api", "-leader-elect", "-probe-timeout", "3s",
		"-applied-poll", "2s", "-pods-resync", "30s"}, env(nil), io.Discard)
	if err != nil || c.Namespace != "ops" || c.APIService != "paryatan-api" || !c.LeaderElection || c.ProbeTimeout != 3*time.Second ||
		c.AppliedPoll != 2*time.Second || c.PodResync != 30*time.Second {
		t.Fatalf("flags: %+v, %v", c, err)
	}
	for _, bad := range [][]string{{}, {"-namespace", "x", "-api-metrics-port", "0"}, {"-namespace", "x", "-probe-timeout", "10ms"}, {"-namespace", "x", "extra"},
		{"-namespace", "x", "-applied-poll", "100ms"}, {"-namespace", "x", "-applied-poll", "10s", "-pods-resync", "5s"}} {
		if _, err := parseFlags(bad, env(nil), io.Discard); err == nil {
			t.Errorf("%s accepted", strings.Join(bad, " "))
		}
	}
}
