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
	// Supplier instruments the flight-supplier calls.
	Supplier *SupplierMetrics
	// Bookings watch the booking state machine and its recovery.
	Bookings *BookingMetrics
	// Outbox watches outgoing e-mail.
	Outbox *OutboxMetrics
	// Payments watch the payment gateway and the money it moves.
	Payments *PaymentMetrics
	// SearchCache watches the reuse of flight searches.
	SearchCache *SearchCacheMetrics
	// Jobs watch the background jobs.
	Jobs *JobMetrics
	// ConnectorGeneration is the generation of the connector configuration
	// in force, so ops can see that a change has reached every pod.
	ConnectorGeneration prometheus.Gauge
	// ConnectorReloadErrors counts refused configuration changes.
	ConnectorReloadErrors prometheus.Counter
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
	m.ConnectorGeneration = prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: "paryatan", Name: "connector_config_generation",
		Help: "Generation of the supplier connector configuration this process uses.",
	})
	m.ConnectorReloadErrors = prometheus.NewCounter(prometheus.CounterOpts{
		Namespace: "paryatan", Name: "connector_config_reload_errors_total",
		Help: "Changes of the connector configuration file that were refused as invalid.",
	})
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.HTTPDuration,
		m.HTTPInFlight,
		m.ConnectorGeneration,
		m.ConnectorReloadErrors,
	)
	m.Supplier = NewSupplierMetrics(reg)
	m.Bookings = NewBookingMetrics(reg)
	m.Outbox = NewOutboxMetrics(reg)
	m.Payments = NewPaymentMetrics(reg)
	m.SearchCache = NewSearchCacheMetrics(reg)
	m.Jobs = NewJobMetrics(reg)
	return m
}

// SearchCacheMetrics watch the reuse of flight searches: identical searches
// answered from the cache (hits), by a new supplier call (misses), or by a
// supplier call already in flight for another request (coalesced), per
// supplier connector; and the memory the cache holds. Each replica has its
// own cache: aggregate the counters with sum.
type SearchCacheMetrics struct {
	// Hits counts searches answered from the cache.
	Hits *prometheus.CounterVec
	// Misses counts searches that made a supplier call of their own: one
	// per supplier search, whether or not its answer could be kept.
	Misses *prometheus.CounterVec
	// Coalesced counts searches that shared the supplier call another
	// identical search had in flight.
	Coalesced *prometheus.CounterVec
	// Evictions counts answers dropped from the cache, by reason: expired
	// (its window or its TraceId's validity passed), budget (room was made
	// for a newer one), booked (a booking was started on its TraceId).
	Evictions *prometheus.CounterVec
	// Bytes is the estimated memory the cached answers take.
	Bytes prometheus.Gauge
	// Entries is the number of cached answers.
	Entries prometheus.Gauge
}

// NewSearchCacheMetrics registers the search cache instruments on reg.
func NewSearchCacheMetrics(reg prometheus.Registerer) *SearchCacheMetrics {
	m := &SearchCacheMetrics{
		Hits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "search_cache_hits_total",
			Help: "Flight searches answered from the search cache, by supplier connector.",
		}, []string{"supplier"}),
		Misses: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "search_cache_misses_total",
			Help: "Flight searches that made a supplier call of their own, by supplier connector.",
		}, []string{"supplier"}),
		Coalesced: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "search_cache_coalesced_total",
			Help: "Flight searches that shared an identical search's supplier call in flight, by supplier connector.",
		}, []string{"supplier"}),
		Evictions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "search_cache_evictions_total",
			Help: "Search answers dropped from the cache, by reason: expired (window or TraceId validity), budget (memory), booked (a booking started on its TraceId).",
		}, []string{"reason"}),
		Bytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "paryatan", Name: "search_cache_bytes",
			Help: "Estimated memory held by cached search answers (bounded by SEARCH_CACHE_BYTES).",
		}),
		Entries: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "paryatan", Name: "search_cache_entries",
			Help: "Search answers held in the cache.",
		}),
	}
	reg.MustRegister(m.Hits, m.Misses, m.Coalesced, m.Evictions, m.Bytes, m.Entries)
	return m
}

// OutboxMetrics watch outgoing e-mail: how many messages stand in each
// state, how long the oldest queued one has waited, and what each delivery
// attempt came to. The gauges are read from the database, so every replica
// reports the same figures: aggregate them with max, not sum.
type OutboxMetrics struct {
	// Messages is the number of messages queued, sent and failed.
	Messages *prometheus.GaugeVec
	// Deliveries counts delivery attempts by outcome (sent, retried, failed).
	Deliveries *prometheus.CounterVec
	// OldestQueuedAge is the age in seconds of the oldest message not yet
	// sent nor given up on (0 when none is).
	OldestQueuedAge prometheus.Gauge
}

// NewOutboxMetrics registers the outbox instruments on reg.
func NewOutboxMetrics(reg prometheus.Registerer) *OutboxMetrics {
	m := &OutboxMetrics{
		Messages: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: "paryatan", Name: "outbox_messages",
			Help: "Outgoing e-mails in each state: queued, sent, failed (read from the database; the same on every replica).",
		}, []string{"state"}),
		Deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "outbox_deliveries_total",
			Help: "Attempts to hand an e-mail to the mail server, by outcome: sent, retried (temporary failure), failed (refused, or retried for too long).",
		}, []string{"outcome"}),
		OldestQueuedAge: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "paryatan", Name: "outbox_oldest_queued_age_seconds",
			Help: "Age of the oldest e-mail still waiting to be sent (0 when none is).",
		}),
	}
	reg.MustRegister(m.Messages, m.Deliveries, m.OldestQueuedAge)
	return m
}

// BookingMetrics watch bookings: how many stand in each status, how long the
// oldest unknown one has waited, what the reconciler finds, and supplier
// calls whose process died (swept leases). The two gauges are read from the
// database, so every replica reports the same figures: aggregate them with
// max, not sum.
type BookingMetrics struct {
	// ByStatus is the number of bookings in each status.
	ByStatus *prometheus.GaugeVec
	// OldestUnknown is the age in seconds of the oldest booking whose
	// outcome is still being found out (0 when none is).
	OldestUnknown prometheus.Gauge
	// Reconciled counts reconciler passes by outcome.
	Reconciled *prometheus.CounterVec
	// LeasesSwept counts in-flight bookings moved to unknown because the
	// process calling the supplier died or overran its lease.
	LeasesSwept *prometheus.CounterVec
}

// NewBookingMetrics registers the booking instruments on reg.
func NewBookingMetrics(reg prometheus.Registerer) *BookingMetrics {
	m := &BookingMetrics{
		ByStatus: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: "paryatan", Name: "bookings",
			Help: "Bookings in each status (read from the database; the same on every replica).",
		}, []string{"status"}),
		OldestUnknown: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "paryatan", Name: "booking_unknown_oldest_age_seconds",
			Help: "Age of the oldest booking whose supplier outcome is still unknown (0 when none is).",
		}),
		Reconciled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "booking_reconcile_total",
			Help: "Reconciliations of bookings with an unknown outcome, by outcome (booked, ticketed, failed, not_found_yet, supplier_unavailable).",
		}, []string{"outcome"}),
		LeasesSwept: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "booking_leases_swept_total",
			Help: "In-flight bookings (booking, ticketing) moved to unknown because their process died or overran its lease.",
		}, []string{"from_status"}),
	}
	reg.MustRegister(m.ByStatus, m.OldestUnknown, m.Reconciled, m.LeasesSwept)
	return m
}

// SupplierMetrics instrument the calls to flight suppliers (90–120 s).
type SupplierMetrics struct {
	// Duration observes every call by supplier, operation and outcome (ok,
	// supplier_error, timeout, network_error, protocol_error).
	Duration *prometheus.HistogramVec
	// InFlight counts calls waiting for the supplier.
	InFlight *prometheus.GaugeVec
	// Timeouts counts calls that hit their deadline.
	Timeouts *prometheus.CounterVec
	// Errors counts failed calls by kind.
	Errors *prometheus.CounterVec
	// Refused counts requests for open supplier calls refused before any
	// call: a client over its rate (rate_limited), or the connector at its
	// cap of calls in flight (at_capacity).
	Refused *prometheus.CounterVec
}

// NewSupplierMetrics registers the supplier instruments on reg.
func NewSupplierMetrics(reg prometheus.Registerer) *SupplierMetrics {
	m := &SupplierMetrics{
		Duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "paryatan", Name: "supplier_request_duration_seconds",
			Help:    "Duration of calls to flight suppliers, by supplier, operation and outcome.",
			Buckets: LongCallBuckets,
		}, []string{"supplier", "operation", "outcome"}),
		InFlight: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: "paryatan", Name: "supplier_requests_in_flight",
			Help: "Calls to flight suppliers waiting for an answer.",
		}, []string{"supplier", "operation"}),
		Timeouts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "supplier_timeouts_total",
			Help: "Calls to flight suppliers that hit their deadline.",
		}, []string{"supplier", "operation"}),
		Errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "supplier_errors_total",
			Help: "Failed calls to flight suppliers, by kind (supplier_error, timeout, network_error, protocol_error).",
		}, []string{"supplier", "operation", "kind"}),
	}
	m.Refused = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "paryatan", Name: "supplier_requests_refused_total",
		Help: "Requests for open supplier calls refused before any call, by supplier, operation and reason (rate_limited, at_capacity).",
	}, []string{"supplier", "operation", "reason"})
	reg.MustRegister(m.Duration, m.InFlight, m.Timeouts, m.Errors, m.Refused)
	return m
}

// PaymentMetrics watch the payment gateway: its calls, the webhooks it
// sends, and the payments and refunds the product records.
type PaymentMetrics struct {
	// Duration observes every gateway call by gateway, operation and
	// outcome (ok, or the error kind).
	Duration *prometheus.HistogramVec
	// Webhooks counts webhook deliveries by gateway, event and result
	// (applied, duplicate, ignored, bad_signature, invalid).
	Webhooks *prometheus.CounterVec
	// Payments counts payments recorded as captured, by how the product
	// learnt of them (callback, webhook, reconcile).
	Payments *prometheus.CounterVec
	// Refunds counts refunds the product asked for, by reason.
	Refunds *prometheus.CounterVec
}

// NewPaymentMetrics registers the payment instruments on reg.
func NewPaymentMetrics(reg prometheus.Registerer) *PaymentMetrics {
	m := &PaymentMetrics{
		Duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "paryatan", Name: "payment_gateway_request_duration_seconds",
			Help:    "Duration of calls to the payment gateway, by gateway, operation and outcome.",
			Buckets: LongCallBuckets,
		}, []string{"gateway", "operation", "outcome"}),
		Webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "payment_webhooks_total",
			Help: "Payment gateway webhooks received, by gateway, event and result (applied, duplicate, ignored, bad_signature, invalid).",
		}, []string{"gateway", "event", "result"}),
		Payments: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "payments_captured_total",
			Help: "Payments recorded as captured, by how the product learnt of them (callback, webhook, reconcile).",
		}, []string{"source"}),
		Refunds: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "payment_refunds_total",
			Help: "Refunds asked of the payment gateway, by reason.",
		}, []string{"reason"}),
	}
	reg.MustRegister(m.Duration, m.Webhooks, m.Payments, m.Refunds)
	return m
}

// JobMetrics watch the background jobs (internal/jobs): every run by kind
// and outcome (completed, snoozed, retried, cancelled, discarded), and how
// long each took. The jobs waiting in each state are read from the
// database at scrape time (jobs.Collector).
type JobMetrics struct {
	Runs     *prometheus.CounterVec
	Duration *prometheus.HistogramVec
}

// NewJobMetrics registers the job instruments on reg.
func NewJobMetrics(reg prometheus.Registerer) *JobMetrics {
	m := &JobMetrics{
		Runs: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "paryatan", Name: "job_runs_total",
			Help: "Runs of background jobs by kind and outcome (completed, snoozed, retried, cancelled, discarded).",
		}, []string{"kind", "outcome"}),
		Duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "paryatan", Name: "job_duration_seconds",
			Help:    "Duration of background job runs by kind.",
			Buckets: LongCallBuckets,
		}, []string{"kind"}),
	}
	reg.MustRegister(m.Runs, m.Duration)
	return m
}
