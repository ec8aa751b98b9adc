package operator

import (
	"github.com/prometheus/client_golang/prometheus"
	ctrlmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"
)

// The operator's metrics, served with controller-runtime's own (reconcile
// counts and durations, work queue depth) on the manager's metrics address.
var (
	metricReachable = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "paryatan", Subsystem: "operator", Name: "supplier_reachable",
		Help: "1 when the supplier's Authenticate succeeded at the last probe, else 0.",
	}, []string{"namespace", "supplier"})
	metricProbeDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: "paryatan", Subsystem: "operator", Name: "probe_duration_seconds",
		Help:    "Duration of the Authenticate probes, by supplier and outcome.",
		Buckets: []float64{0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30},
	}, []string{"namespace", "supplier", "outcome"})
	metricGeneration = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "paryatan", Subsystem: "operator", Name: "document_generation",
		Help: "Generation of the connector document the operator last wrote.",
	}, []string{"namespace"})
	metricConnectors = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "paryatan", Subsystem: "operator", Name: "connectors",
		Help: "SupplierConnectors by whether their spec was accepted into the document.",
	}, []string{"namespace", "accepted"})
	metricAppliedPods = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "paryatan", Subsystem: "operator", Name: "applied_pods",
		Help: "Ready API pods that have loaded the current document generation.",
	}, []string{"namespace"})
)

func init() {
	ctrlmetrics.Registry.MustRegister(metricReachable, metricProbeDuration, metricGeneration, metricConnectors, metricAppliedPods)
}
