package operator

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	toolscache "k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// GenerationMetric is the gauge each API pod exports on its internal
// metrics listener: the generation of the connector document it uses.
const GenerationMetric = "paryatan_connector_config_generation"

// apiPod is one ready endpoint of the API's Service: its address and, when
// the endpoint names one, its pod.
type apiPod struct {
	Addr string
	Pod  string
}

// readyPods returns the ready endpoints in slices, each address once.
func readyPods(slices []discoveryv1.EndpointSlice) []apiPod {
	seen := map[string]bool{}
	var out []apiPod
	for _, s := range slices {
		for _, ep := range s.Endpoints {
			if ep.Conditions.Ready != nil && !*ep.Conditions.Ready {
				continue
			}
			if len(ep.Addresses) == 0 || seen[ep.Addresses[0]] {
				continue
			}
			seen[ep.Addresses[0]] = true
			p := apiPod{Addr: ep.Addresses[0]}
			if ep.TargetRef != nil && ep.TargetRef.Kind == "Pod" {
				p.Pod = ep.TargetRef.Name
			}
			out = append(out, p)
		}
	}
	return out
}

// GenerationAnnotation is set on an API pod that has not loaded the
// current document yet, to that document's generation. Changing a pod makes
// its kubelet sync it at once, which refreshes the mounted ConfigMap and
// Secret; otherwise the kubelet does so only on its periodic sync (a minute
// or more, jittered by half), and a connector change would take up to two
// minutes to reach every pod.
const GenerationAnnotation = "paryatan.io/connector-generation"

// generationPatch is the merge patch that sets GenerationAnnotation.
func generationPatch(gen int64) []byte {
	return []byte(`{"metadata":{"annotations":{"` + GenerationAnnotation + `":"` + strconv.FormatInt(gen, 10) + `"}}}`)
}

// podGeneration reads GenerationMetric from an API pod's /metrics.
func podGeneration(ctx context.Context, client *http.Client, addr string, port int) (int64, error) {
	url := "http://" + net.JoinHostPort(addr, strconv.Itoa(port)) + "/metrics"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	// Plain text exposition: one line per sample, easy to read without a
	// full parser.
	req.Header.Set("Accept", "text/plain")
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: HTTP %d", url, res.StatusCode)
	}
	return parseGeneration(io.LimitReader(res.Body, 8<<20))
}

// parseGeneration finds GenerationMetric's value in a Prometheus text
// exposition.
func parseGeneration(r io.Reader) (int64, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, GenerationMetric)
		if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '{') {
			continue
		}
		if i := strings.LastIndexByte(rest, '}'); i >= 0 {
			rest = rest[i+1:]
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		v, err := strconv.ParseFloat(fields[0], 64)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", GenerationMetric, fields[0])
		}
		return int64(v), nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("%s not exported", GenerationMetric)
}

// maxPods bounds the API pods read in one pass.
const maxPods = 1000

// podObserver is the runnable that reads, from every ready endpoint of the
// API's Service, the document generation the pod has loaded, and nudges
// the pods that lag (GenerationAnnotation). It reads again at once when the
// Service's EndpointSlices change or Reconcile writes a new generation
// (SetGeneration), every poll while a ready pod lags (a pod's reload is not
// an event the operator can watch), and every resync otherwise. When the
// ready or applied count changes it triggers a reconcile through notify;
// Reconcile reads the counts with Counts.
type podObserver struct {
	client    client.Client
	informers cache.Informers
	namespace string
	service   string
	port      int
	timeout   time.Duration
	http      *http.Client
	poll      time.Duration
	resync    time.Duration
	notify    func()
	wake      chan struct{}

	mu  sync.Mutex
	gen int64
	// pods holds, for each ready pod at the last read, the generation it
	// reported; 0 when it could not be read.
	pods []int64
}

// NeedLeaderElection is true: the nudge writes to the pods, which only the
// leader does, and only the leader's Reconcile reads the counts.
func (o *podObserver) NeedLeaderElection() bool { return true }

// SetGeneration tells the observer the generation Reconcile last wrote (0:
// none in that pass); a new one is read against at once.
func (o *podObserver) SetGeneration(gen int64) {
	o.mu.Lock()
	changed := o.gen != gen
	o.gen = gen
	o.mu.Unlock()
	if changed {
		o.poke()
	}
}

// Counts returns, from the last read, the ready pods and those at
// generation gen or later.
func (o *podObserver) Counts(gen int64) (ready, applied int32) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return int32(len(o.pods)), appliedCount(o.pods, gen) //nolint:gosec // at most maxPods
}

func appliedCount(pods []int64, gen int64) int32 {
	var n int32
	for _, g := range pods {
		if gen > 0 && g >= gen {
			n++
		}
	}
	return n
}

func (o *podObserver) poke() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Start reads the pods until ctx ends.
func (o *podObserver) Start(ctx context.Context) error {
	ctx = log.IntoContext(ctx, log.FromContext(ctx).WithName("api-pods"))
	inf, err := o.informers.GetInformer(ctx, &discoveryv1.EndpointSlice{})
	if err != nil {
		return fmt.Errorf("watching EndpointSlices: %w", err)
	}
	reg, err := inf.AddEventHandler(toolscache.ResourceEventHandlerFuncs{
		AddFunc:    o.sliceChanged,
		UpdateFunc: func(_, obj any) { o.sliceChanged(obj) },
		DeleteFunc: o.sliceChanged,
	})
	if err != nil {
		return fmt.Errorf("watching EndpointSlices: %w", err)
	}
	defer func() { _ = inf.RemoveEventHandler(reg) }()
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-o.wake:
		case <-timer.C:
		}
		next := o.resync
		if o.observe(ctx) {
			next = o.poll
		}
		timer.Reset(next)
	}
}

// sliceChanged wakes the observer for a change of the API Service's
// EndpointSlices: pods coming, going, turning ready or not.
func (o *podObserver) sliceChanged(obj any) {
	if d, ok := obj.(toolscache.DeletedFinalStateUnknown); ok {
		obj = d.Obj
	}
	s, ok := obj.(*discoveryv1.EndpointSlice)
	if !ok || s.Namespace != o.namespace || s.Labels[discoveryv1.LabelServiceName] != o.service {
		return
	}
	o.poke()
}

// observe reads every ready pod's generation, nudges those behind, keeps
// the result, and reports whether a ready pod lags.
func (o *podObserver) observe(ctx context.Context) (lagging bool) {
	o.mu.Lock()
	gen := o.gen
	o.mu.Unlock()
	var slices discoveryv1.EndpointSliceList
	if err := o.client.List(ctx, &slices, client.InNamespace(o.namespace),
		client.MatchingLabels{discoveryv1.LabelServiceName: o.service}); err != nil {
		log.FromContext(ctx).Error(err, "listing the API's endpoints")
		return false
	}
	pods := readyPods(slices.Items)
	if len(pods) > maxPods {
		pods = pods[:maxPods]
	}
	gens := make([]int64, len(pods))
	var wg sync.WaitGroup
	for i, p := range pods {
		wg.Go(func() {
			cctx, cancel := context.WithTimeout(ctx, o.timeout)
			defer cancel()
			g, err := podGeneration(cctx, o.http, p.Addr, o.port)
			if err != nil {
				log.FromContext(ctx).V(1).Info("reading an API pod's generation", "address", p.Addr, "error", err.Error())
				return
			}
			gens[i] = g
			if gen > 0 && g < gen && p.Pod != "" {
				o.nudge(cctx, p.Pod, gen)
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return false
	}
	o.mu.Lock()
	before := appliedCount(o.pods, o.gen)
	changed := len(o.pods) != len(gens) || before != appliedCount(gens, o.gen)
	o.pods = gens
	lagging = o.gen > 0 && appliedCount(gens, o.gen) < int32(len(gens)) //nolint:gosec // at most maxPods
	o.mu.Unlock()
	if changed {
		o.notify()
	}
	return lagging
}

// nudge annotates an API pod that lags behind generation gen, so that its
// kubelet refreshes the mounted document now (GenerationAnnotation). The
// same value again changes nothing, so a pod is nudged once per generation.
func (o *podObserver) nudge(ctx context.Context, pod string, gen int64) {
	obj := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: o.namespace, Name: pod}}
	if err := o.client.Patch(ctx, obj, client.RawPatch(types.MergePatchType, generationPatch(gen))); err != nil && !apierrors.IsNotFound(err) {
		log.FromContext(ctx).Error(err, "annotating an API pod with the connector generation", "pod", pod)
	}
}
