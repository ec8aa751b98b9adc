package operator

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

func TestProbeTargets(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	reachable := func(s metav1.ConditionStatus, gen int64) func(*v1alpha1.SupplierConnector) {
		return func(c *v1alpha1.SupplierConnector) {
			c.Generation = 2
			c.Status.LastProbeTime = &metav1.Time{Time: now}
			c.Status.Conditions = []metav1.Condition{{Type: v1alpha1.ConditionSupplierReachable, Status: s, ObservedGeneration: gen}}
		}
	}
	item := func(name string, mutate ...func(*v1alpha1.SupplierConnector)) v1alpha1.SupplierConnector {
		c := sc(name, name, 0)
		c.Namespace, c.UID = "paryatan", types.UID("uid-"+name)
		for _, m := range mutate {
			m(&c)
		}
		return c
	}
	items := []v1alpha1.SupplierConnector{
		item("plain"),
		item("every-20s", func(c *v1alpha1.SupplierConnector) { c.Spec.ProbeInterval = seconds(20) }),
		item("disabled", func(c *v1alpha1.SupplierConnector) { c.Spec.Enabled = ptr.To(false) }),
		item("deleting", func(c *v1alpha1.SupplierConnector) {
			c.DeletionTimestamp = &metav1.Time{Time: now}
			c.Finalizers = []string{"example.com/hold"}
		}),
		item("bad", func(c *v1alpha1.SupplierConnector) { c.Spec.Endpoints.Auth = "" }),
		item("probed-this-spec", reachable(metav1.ConditionFalse, 2)),
		item("probed-older-spec", reachable(metav1.ConditionTrue, 1)),
		item("not-probed-this-spec", reachable(metav1.ConditionUnknown, 2)),
	}
	rendering := Render(items, login(goodLogin), "/creds")
	got := probeTargets(items, rendering, time.Minute)
	want := map[string]struct {
		interval time.Duration
		resume   bool
	}{
		"plain": {time.Minute, false}, "every-20s": {20 * time.Second, false},
		"probed-this-spec": {time.Minute, true}, "probed-older-spec": {time.Minute, false},
		"not-probed-this-spec": {time.Minute, false},
	}
	if len(got) != len(want) {
		t.Errorf("targets %v, want %d", got, len(want))
	}
	for name, w := range want {
		tg, ok := got[types.NamespacedName{Namespace: "paryatan", Name: name}]
		if !ok {
			t.Errorf("%s: not a target", name)
			continue
		}
		if tg.Interval != w.interval || tg.Resume.IsZero() == w.resume || tg.UID != types.UID("uid-"+name) {
			t.Errorf("%s: %+v, want interval %s, resume %v", name, tg, w.interval, w.resume)
		}
		if tg.Conn.Name != name || tg.Creds.Password != "s3cret" {
			t.Errorf("%s: connector %q, credentials %+v", name, tg.Conn.Name, tg.Creds)
		}
	}
}

func TestProberDue(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	key := func(name string) types.NamespacedName { return types.NamespacedName{Namespace: "paryatan", Name: name} }
	p := newSupplierProber(Prober{}, "paryatan", time.Second, func() {})
	p.results = map[types.NamespacedName]probeResult{
		key("probed"):       {UID: "u", Generation: 1, At: now.Add(-30 * time.Second)},
		key("spec-changed"): {UID: "u", Generation: 1, At: now.Add(-time.Second)},
		key("recreated"):    {UID: "old", Generation: 1, At: now.Add(-time.Second)},
		key("gone"):         {UID: "u", Generation: 1, At: now},
	}
	p.SetTargets(map[types.NamespacedName]probeTarget{
		key("new"):          {UID: "u", Generation: 1, Interval: time.Minute},
		key("probed"):       {UID: "u", Generation: 1, Interval: time.Minute},
		key("spec-changed"): {UID: "u", Generation: 2, Interval: time.Minute},
		key("recreated"):    {UID: "new", Generation: 1, Interval: time.Minute},
		key("resumed"):      {UID: "u", Generation: 1, Interval: time.Minute, Resume: now.Add(-10 * time.Second)},
		key("resumed-late"): {UID: "u", Generation: 1, Interval: time.Minute, Resume: now.Add(-2 * time.Minute)},
	})
	if _, kept := p.results[key("gone")]; kept || len(p.results) != 1 {
		t.Errorf("results kept: %v, want only the current spec's", p.results)
	}
	due, wait := p.due(now)
	for _, name := range []string{"new", "spec-changed", "recreated", "resumed-late"} {
		if _, ok := due[key(name)]; !ok {
			t.Errorf("%s not due", name)
		}
	}
	if len(due) != 4 || wait != 30*time.Second {
		t.Errorf("%d due, next in %s; want 4, next in 30s", len(due), wait)
	}
	p.SetTargets(nil)
	if due, wait := p.due(now); len(due) != 0 || wait != 0 {
		t.Errorf("without targets: %d due, next in %s", len(due), wait)
	}
}

// The prober probes a new target at once and again when its spec changes,
// keeps the result for the spec probed, and asks for a reconcile.
func TestProberStart(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		_ = json.NewEncoder(w).Encode(map[string]any{"Status": 1, "TokenId": "t"})
	}))
	t.Cleanup(srv.Close)
	notified := make(chan struct{}, 10)
	p := newSupplierProber(Prober{Client: srv.Client()}, "paryatan", time.Second, func() { notified <- struct{}{} })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Start(ctx) }()

	conn := connector.Connector{Name: "tbo", Endpoints: connector.Endpoints{Auth: srv.URL}}
	obj := &v1alpha1.SupplierConnector{ObjectMeta: metav1.ObjectMeta{Namespace: "paryatan", Name: "tbo", UID: "u", Generation: 1}}
	key := types.NamespacedName{Namespace: "paryatan", Name: "tbo"}
	for gen := int64(1); gen <= 2; gen++ {
		obj.Generation = gen
		p.SetTargets(map[types.NamespacedName]probeTarget{key: {UID: "u", Generation: gen, Conn: conn, Interval: time.Hour}})
		select {
		case <-notified:
		case <-time.After(10 * time.Second):
			t.Fatalf("generation %d: no reconcile asked for", gen)
		}
		r := p.Latest(obj)
		if r == nil || r.Err != nil || r.Generation != gen {
			t.Fatalf("generation %d: latest %+v", gen, r)
		}
		if got := calls.Load(); got != int32(gen) {
			t.Errorf("generation %d: %d probes", gen, got)
		}
	}
	obj.Generation = 3
	if r := p.Latest(obj); r != nil {
		t.Errorf("a newer spec has the older spec's result %+v", r)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Start: %v", err)
	}
}
