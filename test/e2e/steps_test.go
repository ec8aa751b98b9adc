package e2e

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// The suite's traveller: registered by the journey, signed in again after
// the database's pod is deleted and after a reinstall.
var journeyEmail = fmt.Sprintf("asha.%d@example.in", time.Now().UnixNano())

// testInstall: helm install brings every pod Ready and /readyz answers
// through the API's Service.
func (w *world) testInstall(t *testing.T) {
	start := time.Now()
	took := w.helmInstall(t, "install")
	t.Logf("helm install --wait: %s", took.Round(time.Second))
	w.allReady(t)
	w.readyThroughService(t)
	// The sample connector, made after the install, reaches every pod.
	if _, err := w.waitApplied(t, 3*time.Minute); err != nil {
		t.Fatal(err)
	}
	t.Logf("install to the connector applied on every API pod: %s", time.Since(start).Round(100*time.Millisecond))
}

// waitApplied waits until the tbo connector's status describes its
// current generation, applied by every ready API pod (two or more).
func (w *world) waitApplied(t *testing.T, timeout time.Duration) (*v1alpha1.SupplierConnector, error) {
	t.Helper()
	ctx := t.Context()
	var sc v1alpha1.SupplierConnector
	err := eventually(ctx, timeout, 250*time.Millisecond, func() error {
		if err := w.k8s.Get(ctx, client.ObjectKey{Namespace: w.ns, Name: "tbo"}, &sc); err != nil {
			return err
		}
		applied := meta.FindStatusCondition(sc.Status.Conditions, v1alpha1.ConditionApplied)
		switch {
		case sc.Status.ObservedGeneration != sc.Generation:
			return fmt.Errorf("status describes generation %d, not %d", sc.Status.ObservedGeneration, sc.Generation)
		case applied == nil || applied.Status != metav1.ConditionTrue || applied.ObservedGeneration != sc.Generation:
			return fmt.Errorf("applied condition %+v", applied)
		case sc.Status.ReadyPods < 2 || sc.Status.AppliedPods != sc.Status.ReadyPods:
			return fmt.Errorf("applied by %d of %d ready pods", sc.Status.AppliedPods, sc.Status.ReadyPods)
		}
		return nil
	})
	return &sc, err
}

func (w *world) allReady(t *testing.T) {
	t.Helper()
	var pods corev1.PodList
	if err := w.k8s.List(t.Context(), &pods, client.InNamespace(w.ns)); err != nil {
		t.Fatal(err)
	}
	for _, p := range pods.Items {
		if p.DeletionTimestamp != nil || p.Status.Phase == corev1.PodSucceeded {
			continue
		}
		if !podReady(&p) {
			t.Errorf("pod %s is not Ready: %s", p.Name, p.Status.Phase)
		}
	}
}

func podReady(p *corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

func (w *world) readyThroughService(t *testing.T) {
	t.Helper()
	base := w.serviceURL(t, w.fullname)
	c := newTraveller(base, "")
	err := eventually(t.Context(), time.Minute, time.Second, func() error {
		_, err := c.expect(t.Context(), request{Method: http.MethodGet, Path: "/readyz"}, http.StatusOK, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// testJourney: a traveller registers, searches, quotes, books, pays on the
// gateway simulator's checkout, gets the ticket and sees it in My Trips,
// all through the API's Service; the ticket's e-mail reaches the relay.
func (w *world) testJourney(t *testing.T) {
	ctx := t.Context()
	c := newTraveller(w.serviceURL(t, w.fullname), "203.0.113.10")
	if err := c.register(ctx, journeyEmail); err != nil {
		t.Fatal(err)
	}
	trace, index, err := c.search(ctx, "BOM", "DEL", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.fareQuote(ctx, trace, index); err != nil {
		t.Fatal(err)
	}
	b, err := c.book(ctx, "journey-"+trace, trace, index)
	if err != nil {
		t.Fatal(err)
	}
	to, err := c.pay(ctx, w.serviceURL(t, "razorpay-sim"), b.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(to, "/flights/booking/"+b.ID) || !strings.Contains(to, "payment=paid") {
		t.Errorf("the callback sends the traveller to %q, want the booking's page with payment=paid", to)
	}
	got, err := c.waitStatus(ctx, b.ID, "ticketed", 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	trips, err := c.trips(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(trips) != 1 || trips[0].ID != b.ID || trips[0].Status != "ticketed" {
		t.Errorf("My Trips = %+v, want the one ticketed booking %s", trips, b.ID)
	}
	t.Logf("booking %s ticketed, PNR %s", got.ID, got.PNR)
	err = eventually(ctx, 2*time.Minute, time.Second, func() error {
		for _, m := range w.smtp.Received() {
			for _, to := range m.To {
				if strings.EqualFold(to, journeyEmail) && strings.Contains(string(m.Data), got.PNR) {
					return nil
				}
			}
		}
		return fmt.Errorf("no e-mail naming PNR %s to %s among %d received", got.PNR, journeyEmail, len(w.smtp.Received()))
	})
	if err != nil {
		t.Error(err)
	}
}

// testConnectorTimeout: ops shorten the search timeout with kubectl patch;
// the operator renders it, every API pod loads it (the resource's Applied
// condition and applied-pod count), and each pod's next search gives up
// at the new timeout. An out-of-range timeout is refused by the API server.
func (w *world) testConnectorTimeout(t *testing.T) {
	ctx := t.Context()
	control := newSupplierControl(w.serviceURL(t, "tbo-sim"))
	// The supplier answers searches in 8 s: under 90 s, over 3 s.
	if err := control.setFaults(ctx, map[string]sim.Fault{"Search": {Latency: "8s"}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.WithoutCancel(ctx)
		_ = control.clearFaults(ctx)
		_, _ = w.run(ctx, w.kubectl, "patch", "--namespace", w.ns, "supplierconnector", "tbo", "--type", "merge",
			"-p", `{"spec":{"timeouts":{"search":"90s"}}}`)
	})

	start := time.Now()
	w.must(t, w.kubectl, "patch", "--namespace", w.ns, "supplierconnector", "tbo", "--type", "merge",
		"-p", `{"spec":{"timeouts":{"search":"3s"}}}`)
	sc, err := w.waitApplied(t, 3*time.Minute)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("patch to applied on all %d API pods: %s", sc.Status.AppliedPods, took.Round(100*time.Millisecond))
	if took > 90*time.Second {
		t.Errorf("the timeout change took %s to reach every pod, want at most 90 s", took)
	}

	// Each pod's next search gives up at about 3 s.
	pods, err := w.pods(ctx, "api")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pods {
		if !podReady(&p) || p.DeletionTimestamp != nil {
			continue
		}
		c := newTraveller("http://"+net.JoinHostPort(p.Status.PodIP, "8080"), "203.0.113.20")
		a, err := c.do(ctx, request{Path: "/api/v1/flights/tbo/search", JSON: map[string]any{
			"origin": "DEL", "destination": "BLR", "departDate": time.Now().Add(30 * time.Hour).Format(time.DateOnly),
			"cabinClass": 2, "adults": 1}})
		if err != nil || a.Status != http.StatusGatewayTimeout || a.Took < 2*time.Second || a.Took > 7*time.Second {
			t.Errorf("pod %s: search with a 3 s timeout against an 8 s supplier = %s, want 504 after about 3 s", p.Name, a)
		}
	}

	for _, bad := range []struct{ value, says string }{
		{"500s", "must be between 1s and 170s"},
		{"soon", "spec.timeouts.search"},
	} {
		out, err := w.run(ctx, w.kubectl, "patch", "--namespace", w.ns, "supplierconnector", "tbo", "--type", "merge",
			"-p", fmt.Sprintf(`{"spec":{"timeouts":{"search":%q}}}`, bad.value))
		if err == nil || !strings.Contains(out, bad.says) {
			t.Errorf("patch search timeout %q: %v, want it refused saying %q", bad.value, out, bad.says)
		}
	}
}

// testOperatorFailover: with two operator replicas, deleting the leader
// hands the Lease to the other within 30 s.
func (w *world) testOperatorFailover(t *testing.T) {
	ctx := t.Context()
	var lease coordinationv1.Lease
	key := client.ObjectKey{Namespace: w.ns, Name: "paryatan-operator.paryatan.io"}
	if err := w.k8s.Get(ctx, key, &lease); err != nil {
		t.Fatal(err)
	}
	holder := func() string {
		if lease.Spec.HolderIdentity == nil {
			return ""
		}
		// controller-runtime's identity is <pod name>_<uuid>.
		return strings.SplitN(*lease.Spec.HolderIdentity, "_", 2)[0]
	}
	leader := holder()
	pods, err := w.pods(ctx, "operator")
	if err != nil {
		t.Fatal(err)
	}
	if len(pods) != 2 || leader == "" {
		t.Fatalf("want two operator pods and a leader, got %d pods and leader %q", len(pods), leader)
	}
	start := time.Now()
	w.must(t, w.kubectl, "delete", "pod", "--namespace", w.ns, leader, "--wait=false")
	err = eventually(ctx, time.Minute, 250*time.Millisecond, func() error {
		if err := w.k8s.Get(ctx, key, &lease); err != nil {
			return err
		}
		if h := holder(); h == "" || h == leader {
			return fmt.Errorf("the lease is held by %q", h)
		}
		return nil
	})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("leader %s deleted; %s leads after %s", leader, holder(), took.Round(100*time.Millisecond))
	if took > 30*time.Second {
		t.Errorf("takeover took %s, want at most 30 s", took)
	}
	w.waitRollout(t, "deployment/"+w.fullname+"-operator", 3*time.Minute)
}

// testMemoryLimit: 128 simultaneous sign-ups against one API pod at the
// chart's memory limit: none OOM-kills or restarts it, and those it turns
// away get 503 with Retry-After.
func (w *world) testMemoryLimit(t *testing.T) {
	ctx := t.Context()
	pod := w.readyAPIPod(t)
	if lim := pod.Spec.Containers[0].Resources.Limits.Memory(); lim.IsZero() {
		t.Fatalf("pod %s has no memory limit", pod.Name)
	} else {
		t.Logf("pod %s, memory limit %s", pod.Name, lim)
	}
	restarts := restartCount(pod)
	base := "http://" + net.JoinHostPort(pod.Status.PodIP, "8080")
	const n = 128
	var created, busy, other atomic.Int32
	var mu sync.Mutex
	var odd []string
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			// Each from its own address: the per-address sign-up limit is
			// not what is measured.
			c := newTraveller(base, fmt.Sprintf("198.51.%d.%d", 100+i/250, 1+i%250))
			<-gate
			a, err := c.do(ctx, request{Path: "/api/auth/register", JSON: map[string]string{
				"fullName": "Load Test", "email": fmt.Sprintf("load.%d.%d@example.in", time.Now().UnixNano(), i), "password": password}})
			switch {
			case err != nil:
				other.Add(1)
				mu.Lock()
				odd = append(odd, err.Error())
				mu.Unlock()
			case a.Status == http.StatusCreated:
				created.Add(1)
			case a.Status == http.StatusServiceUnavailable && a.Header.Get("Retry-After") != "":
				busy.Add(1)
			default:
				other.Add(1)
				mu.Lock()
				odd = append(odd, a.String())
				mu.Unlock()
			}
		})
	}
	// The process's resident memory, sampled from its metrics while the
	// sign-ups run: how close the burst comes to the limit.
	sctx, stopSampling := context.WithCancel(ctx)
	peak := make(chan float64, 1)
	go func() { peak <- peakRSS(sctx, "http://"+net.JoinHostPort(pod.Status.PodIP, "9090")+"/metrics") }()
	close(gate)
	wg.Wait()
	stopSampling()
	t.Logf("%d sign-ups: %d created, %d refused with 503 and Retry-After, %d otherwise; peak resident memory %.0f MiB",
		n, created.Load(), busy.Load(), other.Load(), <-peak/(1<<20))
	if other.Load() > 0 {
		t.Errorf("answers other than 201 or 503 with Retry-After: %s", strings.Join(odd[:min(len(odd), 5)], "; "))
	}
	if created.Load() == 0 {
		t.Error("no sign-up succeeded")
	}
	var after corev1.Pod
	if err := w.k8s.Get(ctx, client.ObjectKeyFromObject(pod), &after); err != nil {
		t.Fatal(err)
	}
	if got := restartCount(&after); got != restarts {
		t.Errorf("pod %s restarted during the sign-ups: %d restarts, %d before (last state %+v)",
			pod.Name, got, restarts, after.Status.ContainerStatuses[0].LastTerminationState)
	}
}

// peakRSS polls a Prometheus endpoint's process_resident_memory_bytes
// until ctx ends and returns the largest value seen.
func peakRSS(ctx context.Context, metricsURL string) float64 {
	c := &http.Client{Timeout: time.Second}
	var peak float64
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, metricsURL, nil)
		if res, err := c.Do(req); err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			for _, line := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(line, "process_resident_memory_bytes "); ok {
					if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f > peak {
						peak = f
					}
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return peak
}

func restartCount(p *corev1.Pod) int32 {
	var n int32
	for _, c := range p.Status.ContainerStatuses {
		n += c.RestartCount
	}
	return n
}

func (w *world) readyAPIPod(t *testing.T) *corev1.Pod {
	t.Helper()
	pods, err := w.pods(t.Context(), "api")
	if err != nil {
		t.Fatal(err)
	}
	for i := range pods {
		if podReady(&pods[i]) && pods[i].DeletionTimestamp == nil {
			return &pods[i]
		}
	}
	t.Fatal("no ready API pod")
	return nil
}

// testForcedDelete: the pod a Book is in flight on is deleted with
// --grace-period=0 --force while the supplier holds the answer; the
// booking ends recorded once, settled by the surviving replica, and a
// replay of its idempotency key answers within 10 s.
func (w *world) testForcedDelete(t *testing.T) {
	ctx := t.Context()
	control := newSupplierControl(w.serviceURL(t, "tbo-sim"))
	pod := w.readyAPIPod(t)
	c := newTraveller("http://"+net.JoinHostPort(pod.Status.PodIP, "8080"), "203.0.113.30")
	if err := c.login(ctx, journeyEmail); err != nil {
		t.Fatal(err)
	}
	trace, index, err := c.search(ctx, "BLR", "BOM", false)
	if err != nil {
		t.Fatal(err)
	}
	before, err := c.trips(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := control.setFaults(ctx, map[string]sim.Fault{"Book": {Latency: "60s"}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = control.clearFaults(context.WithoutCancel(ctx)) })
	key := "forced-delete-" + trace
	go func() { _, _ = c.do(ctx, bookRequest(key, trace, index)) }()
	// The supplier has made the booking; its answer is held.
	err = eventually(ctx, 30*time.Second, 200*time.Millisecond, func() error {
		list, err := control.bookings(ctx)
		if err != nil {
			return err
		}
		for _, b := range list {
			if b.TraceID == trace {
				return nil
			}
		}
		return fmt.Errorf("the supplier has no booking of trace %s yet", trace)
	})
	if err != nil {
		t.Fatal(err)
	}
	w.must(t, w.kubectl, "delete", "pod", "--namespace", w.ns, pod.Name, "--grace-period=0", "--force")
	if err := control.clearFaults(ctx); err != nil {
		t.Fatal(err)
	}

	// The replay goes through the Service, to the surviving replica.
	survivor := newTraveller(w.serviceURL(t, w.fullname), "203.0.113.30")
	if err := survivor.login(ctx, journeyEmail); err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	a, err := survivor.do(rctx, bookRequest(key, trace, index))
	cancel()
	if err != nil || a.Status >= 500 {
		t.Errorf("the replay of %s: %v %s, want an answer within 10 s", key, err, a)
	} else {
		t.Logf("replay: %s", a)
	}

	var mine booking
	err = eventually(ctx, 4*time.Minute, 2*time.Second, func() error {
		trips, err := survivor.trips(ctx)
		if err != nil {
			return err
		}
		var found []booking
		for _, b := range trips {
			if b.TraceID == trace {
				found = append(found, b)
			}
		}
		if len(found) != 1 {
			return fmt.Errorf("%d bookings of trace %s in My Trips, want 1", len(found), trace)
		}
		mine = found[0]
		if mine.Status != "booked" || mine.PNR == "" {
			return fmt.Errorf("booking %s is %s, want booked with the supplier's PNR", mine.ID, mine.Status)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := survivor.trips(ctx); len(after) != len(before)+1 {
		t.Errorf("My Trips went from %d to %d bookings, want one more", len(before), len(after))
	}
	list, err := control.bookings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range list {
		if b.TraceID == trace {
			n++
			if b.PNR != mine.PNR {
				t.Errorf("the supplier's PNR %s, ours %s", b.PNR, mine.PNR)
			}
		}
	}
	if n != 1 {
		t.Errorf("the supplier holds %d bookings of trace %s, want 1", n, trace)
	}
	w.waitRollout(t, "deployment/"+w.fullname, 3*time.Minute)
}

// testRollingUpgrade: helm upgrade to a new image tag while a bounded load
// searches and books through the Service: no request fails, no booking is
// lost or doubled, and supplier calls in flight are drained.
func (w *world) testRollingUpgrade(t *testing.T) {
	ctx := t.Context()
	api := w.images["paryatan-api"]
	newTag := api.Tag + "-upgrade"
	w.must(t, w.cluster, "tag", api.Reference, api.Repository+":"+newTag)
	control := newSupplierControl(w.serviceURL(t, "tbo-sim"))
	// Supplier calls last long enough to be in flight when pods stop.
	if err := control.setFaults(ctx, map[string]sim.Fault{"Search": {Latency: "1500ms"}, "Book": {Latency: "1500ms"}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = control.clearFaults(context.WithoutCancel(ctx)) })

	base := w.serviceURL(t, w.fullname)
	const workers = 4
	var requests, failed atomic.Int32
	var mu sync.Mutex
	var failures []string
	type booked struct{ key, trace, id string }
	var books []booked
	users := make([]*traveller, workers)
	for i := range users {
		users[i] = newTraveller(base, fmt.Sprintf("203.0.113.%d", 40+i))
		if err := users[i].register(ctx, fmt.Sprintf("upgrade.%d.%d@example.in", time.Now().UnixNano(), i)); err != nil {
			t.Fatal(err)
		}
	}
	fail := func(what string) {
		failed.Add(1)
		mu.Lock()
		failures = append(failures, what)
		mu.Unlock()
	}
	lctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for i, u := range users {
		wg.Go(func() {
			for n := 0; lctx.Err() == nil; n++ {
				requests.Add(1)
				trace, index, err := u.search(ctx, "DEL", "CCU", false)
				if err != nil {
					fail(fmt.Sprintf("worker %d search: %v", i, err))
					continue
				}
				if n%3 != 0 {
					continue
				}
				requests.Add(1)
				key := fmt.Sprintf("upgrade-%d-%d-%s", i, n, trace)
				b, err := u.book(ctx, key, trace, index)
				if err != nil {
					fail(fmt.Sprintf("worker %d book: %v", i, err))
					continue
				}
				mu.Lock()
				books = append(books, booked{key, trace, b.ID})
				mu.Unlock()
			}
		})
	}
	time.Sleep(5 * time.Second) // load before the upgrade starts
	took := w.helmInstall(t, "upgrade", "api.image.tag="+newTag)
	time.Sleep(5 * time.Second) // and after it ends
	stop()
	wg.Wait()
	t.Logf("helm upgrade --wait took %s; %d requests, %d failed, %d bookings", took.Round(time.Second),
		requests.Load(), failed.Load(), len(books))
	if failed.Load() > 0 {
		t.Errorf("%d requests failed during the upgrade: %s", failed.Load(), strings.Join(failures[:min(len(failures), 5)], "; "))
	}
	pods, err := w.pods(ctx, "api")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pods {
		if p.DeletionTimestamp == nil && !strings.HasSuffix(p.Spec.Containers[0].Image, ":"+newTag) {
			t.Errorf("pod %s runs %s after the upgrade", p.Name, p.Spec.Containers[0].Image)
		}
	}
	// Every booking answered is recorded once, ours and the supplier's.
	supplier, err := control.bookings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	perTrace := map[string]int{}
	for _, b := range supplier {
		perTrace[b.TraceID]++
	}
	for _, b := range books {
		if perTrace[b.trace] != 1 {
			t.Errorf("booking %s (key %s): the supplier holds %d of its trace", b.id, b.key, perTrace[b.trace])
		}
	}
	total := 0
	for _, u := range users {
		trips, err := u.trips(ctx)
		if err != nil {
			t.Fatal(err)
		}
		total += len(trips)
	}
	if total != len(books) {
		t.Errorf("My Trips hold %d bookings, %d were answered", total, len(books))
	}
}

// testDatabasePodDeleted: PostgreSQL's pod is deleted; the StatefulSet
// brings it back on the same volume, and the traveller's trip is there.
func (w *world) testDatabasePodDeleted(t *testing.T) {
	w.must(t, w.kubectl, "delete", "pod", "--namespace", w.ns, "postgres-0", "--wait=true")
	w.waitRollout(t, "statefulset/postgres", 3*time.Minute)
	w.tripSurvived(t, time.Now())
}

// tripSurvived signs the journey's traveller in (retrying while the API
// reconnects) and finds the ticketed trip.
func (w *world) tripSurvived(t *testing.T, since time.Time) {
	t.Helper()
	ctx := t.Context()
	c := newTraveller(w.serviceURL(t, w.fullname), "203.0.113.50")
	var trips []booking
	err := eventually(ctx, 2*time.Minute, time.Second, func() error {
		if err := c.login(ctx, journeyEmail); err != nil {
			return err
		}
		var err error
		trips, err = c.trips(ctx)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("signed in and read My Trips %s after the disruption", time.Since(since).Round(time.Second))
	for _, b := range trips {
		if b.Status == "ticketed" {
			return
		}
	}
	t.Errorf("My Trips after the disruption: %+v, want the ticketed trip", trips)
}

// testReinstall: helm uninstall, then install again: the data is still
// there.
func (w *world) testReinstall(t *testing.T) {
	ctx := t.Context()
	w.must(t, w.helm, "uninstall", w.release, "--namespace", w.ns, "--wait", "--timeout", "5m")
	err := eventually(ctx, 3*time.Minute, time.Second, func() error {
		pods, err := w.pods(ctx, "api")
		if err != nil {
			return err
		}
		if len(pods) > 0 {
			return fmt.Errorf("%d API pods remain", len(pods))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	w.helmInstall(t, "install")
	w.allReady(t)
	w.tripSurvived(t, start)
}
