package operator

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

func TestReadyPods(t *testing.T) {
	pod := func(name string) *corev1.ObjectReference { return &corev1.ObjectReference{Kind: "Pod", Name: name} }
	slices := []discoveryv1.EndpointSlice{
		{Endpoints: []discoveryv1.Endpoint{
			{Addresses: []string{"10.0.0.1"}, TargetRef: pod("api-a")},
			{Addresses: []string{"10.0.0.2"}, TargetRef: pod("api-b"), Conditions: discoveryv1.EndpointConditions{Ready: ptr.To(false)}},
			{Addresses: []string{"10.0.0.3"}},
			{Addresses: []string{"10.0.0.4"}, TargetRef: &corev1.ObjectReference{Kind: "Node", Name: "n"}},
		}},
		// The same endpoint in a second slice (an IPv4 and a dual-stack one).
		{Endpoints: []discoveryv1.Endpoint{{Addresses: []string{"10.0.0.1"}, TargetRef: pod("api-a")}}},
	}
	want := []apiPod{{Addr: "10.0.0.1", Pod: "api-a"}, {Addr: "10.0.0.3"}, {Addr: "10.0.0.4"}}
	if got := readyPods(slices); !reflect.DeepEqual(got, want) {
		t.Errorf("readyPods = %+v, want %+v", got, want)
	}
}

func TestGenerationPatch(t *testing.T) {
	var p struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(generationPatch(42), &p); err != nil {
		t.Fatal(err)
	}
	if got := p.Metadata.Annotations; len(got) != 1 || got[GenerationAnnotation] != "42" {
		t.Errorf("patch annotations = %v, want only %s: 42", got, GenerationAnnotation)
	}
}

// The observer counts the ready pods and those at the written generation,
// nudges a pod that lags, and asks for a reconcile only when a count
// changes.
func TestPodObserverObserve(t *testing.T) {
	var reported atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, "# TYPE %s gauge\n%s %d\n", GenerationMetric, GenerationMetric, reported.Load())
	}))
	t.Cleanup(srv.Close)
	host, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	portN, _ := strconv.Atoi(port)
	slice := &discoveryv1.EndpointSlice{
		ObjectMeta: metav1.ObjectMeta{Namespace: "paryatan", Name: "paryatan-api-1",
			Labels: map[string]string{discoveryv1.LabelServiceName: "paryatan-api"}},
		AddressType: discoveryv1.AddressTypeIPv4,
		Endpoints: []discoveryv1.Endpoint{
			{Addresses: []string{host}, TargetRef: &corev1.ObjectReference{Kind: "Pod", Name: "api-a"}},
			// Not ready: neither read nor counted.
			{Addresses: []string{"192.0.2.1"}, Conditions: discoveryv1.EndpointConditions{Ready: ptr.To(false)}},
		},
	}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: "paryatan", Name: "api-a"}}
	c := fake.NewClientBuilder().WithScheme(testScheme(t)).WithObjects(slice, pod).Build()
	var notified int
	o := &podObserver{client: c, namespace: "paryatan", service: "paryatan-api", port: portN,
		timeout: 5 * time.Second, http: srv.Client(), notify: func() { notified++ }, wake: make(chan struct{}, 1)}
	ctx := context.Background()
	annotation := func() string {
		t.Helper()
		var p corev1.Pod
		if err := c.Get(ctx, client.ObjectKeyFromObject(pod), &p); err != nil {
			t.Fatal(err)
		}
		return p.Annotations[GenerationAnnotation]
	}

	reported.Store(2)
	o.SetGeneration(3)
	if lagging := o.observe(ctx); !lagging || notified != 1 {
		t.Errorf("pod at 2 of 3: lagging %v, %d reconciles asked", lagging, notified)
	}
	if ready, applied := o.Counts(3); ready != 1 || applied != 0 {
		t.Errorf("counts %d/%d, want 0 of 1", applied, ready)
	}
	if got := annotation(); got != "3" {
		t.Errorf("lagging pod annotated %q, want 3", got)
	}

	reported.Store(3)
	if lagging := o.observe(ctx); lagging || notified != 2 {
		t.Errorf("pod at 3: lagging %v, %d reconciles asked", lagging, notified)
	}
	if ready, applied := o.Counts(3); ready != 1 || applied != 1 {
		t.Errorf("counts %d/%d, want 1 of 1", applied, ready)
	}
	if o.observe(ctx); notified != 2 {
		t.Errorf("nothing changed, yet %d reconciles asked", notified)
	}
	// Counted against a newer generation, from the same read.
	if ready, applied := o.Counts(4); ready != 1 || applied != 0 {
		t.Errorf("counts against 4: %d/%d", applied, ready)
	}
}
