package operator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Prober calls a supplier's Authenticate with the connector's credentials,
// the call the API makes first: a supplier that signs us in is reachable.
type Prober struct {
	// Client makes the calls; its Timeout, if any, bounds each probe.
	Client *http.Client
}

// authAnswer is the part of Authenticate's answer a probe reads.
type authAnswer struct {
	Status  int    `json:"Status"`
	TokenID string `json:"TokenId"`
	Error   struct {
		ErrorMessage string `json:"ErrorMessage"`
	} `json:"Error"`
}

// Authenticate signs in at conn's auth endpoint and returns how long the
// call took. An error says why the supplier is not reachable: the network,
// an HTTP status, or the supplier refusing the credentials.
func (p Prober) Authenticate(ctx context.Context, conn connector.Connector, creds connector.Credentials) (time.Duration, error) {
	body, err := json.Marshal(map[string]string{
		"ClientId": creds.ClientID, "UserName": creds.UserName, "Password": creds.Password, "EndUserIp": endUserIP(conn),
	})
	if err != nil {
		return 0, err
	}
	url := strings.TrimRight(conn.Endpoints.Auth, "/") + "/Authenticate"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	client := p.Client
	if client == nil {
		client = http.DefaultClient
	}
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return time.Since(start), err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	took := time.Since(start)
	if err != nil {
		return took, err
	}
	if res.StatusCode != http.StatusOK {
		return took, fmt.Errorf("Authenticate answered HTTP %d", res.StatusCode)
	}
	var ans authAnswer
	if err := json.Unmarshal(raw, &ans); err != nil {
		return took, fmt.Errorf("Authenticate answer is not JSON: %w", err)
	}
	if ans.Status != 1 || ans.TokenID == "" {
		msg := ans.Error.ErrorMessage
		if msg == "" {
			msg = fmt.Sprintf("status %d", ans.Status)
		}
		return took, fmt.Errorf("the supplier refused the credentials: %s", msg)
	}
	return took, nil
}

func endUserIP(conn connector.Connector) string {
	if conn.EndUserIP == "" {
		return "127.0.0.1"
	}
	return conn.EndUserIP
}

// probeTarget is one connector to probe: what Reconcile rendered for it.
type probeTarget struct {
	// UID and Generation name the object and spec probed: a result is
	// about them, and a new spec is probed at once.
	UID        types.UID
	Generation int64
	Conn       connector.Connector
	Creds      connector.Credentials
	Interval   time.Duration
	// Resume is when the status says this spec was last probed (by an
	// earlier process), zero when it does not: the first probe waits for
	// the interval from then rather than probing every supplier at start.
	Resume time.Time
}

// probeResult is one Authenticate probe of a target.
type probeResult struct {
	UID        types.UID
	Generation int64
	At         time.Time
	Latency    time.Duration
	Err        error
}

// probeTargets returns the connectors to probe, by namespace and name:
// those accepted, enabled and not being deleted. defaultInterval applies
// where the spec sets no probe interval.
func probeTargets(items []v1alpha1.SupplierConnector, rendering Rendering, defaultInterval time.Duration) map[types.NamespacedName]probeTarget {
	out := map[types.NamespacedName]probeTarget{}
	for i := range items {
		sc := &items[i]
		if !rendering.Verdicts[sc.Name].Accepted || !isEnabled(sc) || sc.DeletionTimestamp != nil {
			continue
		}
		conn, ok := rendering.Document.Find(sc.Spec.Supplier)
		if !ok {
			continue
		}
		var creds connector.Credentials
		if err := json.Unmarshal(rendering.Credentials[credentialsFile(sc.Spec.Supplier)], &creds); err != nil {
			continue
		}
		t := probeTarget{UID: sc.UID, Generation: sc.Generation, Conn: *conn, Creds: creds, Interval: defaultInterval}
		if d := sc.Spec.ProbeInterval; d != nil && d.Duration > 0 {
			t.Interval = d.Duration
		}
		// The status speaks for this spec only when SupplierReachable holds
		// a probe's outcome (True or False) set at this generation.
		c := meta.FindStatusCondition(sc.Status.Conditions, v1alpha1.ConditionSupplierReachable)
		if sc.Status.LastProbeTime != nil && c != nil && c.ObservedGeneration == sc.Generation && c.Status != metav1.ConditionUnknown {
			t.Resume = sc.Status.LastProbeTime.Time
		}
		out[types.NamespacedName{Namespace: sc.Namespace, Name: sc.Name}] = t
	}
	return out
}

// supplierProber is the runnable that probes the suppliers, each on its
// connector's interval and at once after a spec change, away from
// Reconcile: a supplier that answers slowly delays no reconcile. Reconcile
// hands it the targets (SetTargets) and reads the results (Latest); a new
// result triggers a reconcile through notify.
type supplierProber struct {
	prober    Prober
	namespace string
	timeout   time.Duration
	notify    func()
	now       func() time.Time
	wake      chan struct{}

	mu      sync.Mutex
	targets map[types.NamespacedName]probeTarget
	results map[types.NamespacedName]probeResult
}

func newSupplierProber(prober Prober, namespace string, timeout time.Duration, notify func()) *supplierProber {
	return &supplierProber{
		prober: prober, namespace: namespace, timeout: timeout, notify: notify, now: time.Now,
		targets: map[types.NamespacedName]probeTarget{},
		results: map[types.NamespacedName]probeResult{},
		wake:    make(chan struct{}, 1),
	}
}

// NeedLeaderElection is true: only the leader's Reconcile reads the results,
// and one replica probing is enough for the suppliers.
func (p *supplierProber) NeedLeaderElection() bool { return true }

// SetTargets replaces the connectors to probe. Results of connectors no
// longer probed, or of an older spec, are dropped.
func (p *supplierProber) SetTargets(targets map[types.NamespacedName]probeTarget) {
	p.mu.Lock()
	p.targets = targets
	for key, r := range p.results {
		if t, ok := targets[key]; !ok || t.UID != r.UID || t.Generation != r.Generation {
			delete(p.results, key)
		}
	}
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// Latest returns the last probe of sc's current spec, nil when there is
// none yet.
func (p *supplierProber) Latest(sc *v1alpha1.SupplierConnector) *probeResult {
	p.mu.Lock()
	defer p.mu.Unlock()
	r, ok := p.results[types.NamespacedName{Namespace: sc.Namespace, Name: sc.Name}]
	if !ok || r.UID != sc.UID || r.Generation != sc.Generation {
		return nil
	}
	return &r
}

// Start probes what is due, then waits for the next probe to fall due or
// for new targets, until ctx ends.
func (p *supplierProber) Start(ctx context.Context) error {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for ctx.Err() == nil {
		due, wait := p.due(p.now())
		if len(due) > 0 {
			p.probe(ctx, due)
			continue
		}
		if wait > 0 {
			timer.Reset(wait)
		} else {
			timer.Stop()
		}
		select {
		case <-ctx.Done():
		case <-p.wake:
		case <-timer.C:
		}
	}
	return nil
}

// due returns the targets whose probe is due at now, and how long until the
// next one is when none is (0: no target).
func (p *supplierProber) due(now time.Time) (map[types.NamespacedName]probeTarget, time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	due := map[types.NamespacedName]probeTarget{}
	var next time.Time
	for key, t := range p.targets {
		at := t.Resume
		if at.IsZero() {
			at = now
		} else {
			at = at.Add(t.Interval)
		}
		if r, ok := p.results[key]; ok {
			at = r.At.Add(t.Interval)
		}
		if !now.Before(at) {
			due[key] = t
		} else if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	if next.IsZero() {
		return due, 0
	}
	return due, next.Sub(now)
}

// probe calls Authenticate of every target in due, concurrently, keeps the
// results of targets that did not change meanwhile, and asks for a
// reconcile once all are in.
func (p *supplierProber) probe(ctx context.Context, due map[types.NamespacedName]probeTarget) {
	var wg sync.WaitGroup
	for key, t := range due {
		wg.Go(func() {
			timeout := min(p.timeout, t.Conn.Timeout(connector.OpAuthenticate))
			cctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			latency, err := p.prober.Authenticate(cctx, t.Conn, t.Creds)
			if ctx.Err() != nil {
				// Stopping: the supplier is not to blame.
				return
			}
			outcome, up := "ok", 1.0
			if err != nil {
				outcome, up = "error", 0
			}
			metricProbeDuration.WithLabelValues(p.namespace, t.Conn.Name, outcome).Observe(latency.Seconds())
			metricReachable.WithLabelValues(p.namespace, t.Conn.Name).Set(up)
			p.mu.Lock()
			defer p.mu.Unlock()
			// A target that changed meanwhile is due again at once.
			if cur, ok := p.targets[key]; ok && cur.UID == t.UID && cur.Generation == t.Generation {
				p.results[key] = probeResult{UID: t.UID, Generation: t.Generation, At: p.now(), Latency: latency, Err: err}
			}
		})
	}
	wg.Wait()
	if ctx.Err() == nil {
		p.notify()
	}
}
