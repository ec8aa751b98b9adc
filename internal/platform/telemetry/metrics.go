package telemetry

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// LongCallBuckets are histogram buckets (seconds) that resolve both fast page
// loads and the 90–180 s supplier calls that pass through the API.
var LongCallBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 90, 120, 150, 180}

// Metrics is the process's Prometheus registry and the HTTP instruments.
type Metrics struct {
	Registry *prometheus.Registry
	// HTTPDuration observes every request by chi route pattern, method and
	// status class ("2xx" …), never by raw path, so cardinality stays bounded.
	HTTPDuration *prometheus.HistogramVec
	// HTTPInFlight counts requests being served right now.
	HTTPInFlight prometheus.Gauge
}

// NewMetrics returns a registry holding Go runtime, process and HTTP metrics.
func NewMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		Registry: reg,
		HTTPDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "paryatan",
			Name:      "http_request_duration_seconds",
			Help:      "Duration of HTTP requests served by the API, by chi route pattern, method and status class.",
			Buckets:   LongCallBuckets,
		}, []string{"route", "method", "code"}),
		HTTPInFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "paryatan",
			Name:      "http_requests_in_flight",
			Help:      "HTTP requests being served.",
		}),
	}
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.HTTPDuration,
		m.HTTPInFlight,
	)
	return m
}
