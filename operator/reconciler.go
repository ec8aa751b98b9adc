package operator

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Defaults of Options.
const (
	DefaultConfigMapName  = "paryatan-connectors"
	DefaultCredentialsDir = "/var/run/secrets/paryatan/connectors" //nolint:gosec // a mount path, not a credential
	DefaultAPIMetricsPort = 9090
	DefaultProbeTimeout   = 10 * time.Second
	DefaultAppliedPoll    = 5 * time.Second
	defaultProbeInterval  = time.Minute
)

// Options configure a Reconciler.
type Options struct {
	// Namespace holds the SupplierConnectors, the rendered ConfigMap and
	// Secret, and the API's Service.
	Namespace string
	// ConfigMapName is the ConfigMap the document is written to (key
	// connectors.yaml); the credentials go to the Secret of the same name
	// with "-credentials" appended.
	ConfigMapName string
	// CredentialsDir is where the API pods mount that Secret; the
	// document's credentials.file entries point into it.
	CredentialsDir string
	// APIService names the API's Service: its ready endpoints are the pods
	// whose applied generation is read. Empty: not tracked.
	APIService string
	// APIMetricsPort is the API pods' internal metrics port (METRICS_ADDR).
	APIMetricsPort int
	// ProbeTimeout bounds each Authenticate probe and each metrics read.
	ProbeTimeout time.Duration
	// AppliedPoll is how soon the pods are read again while some have not
	// loaded the current document.
	AppliedPoll time.Duration
	// HTTPClient makes the probes and metrics reads.
	HTTPClient *http.Client
}

func (o *Options) defaults() {
	if o.ConfigMapName == "" {
		o.ConfigMapName = DefaultConfigMapName
	}
	if o.CredentialsDir == "" {
		o.CredentialsDir = DefaultCredentialsDir
	}
	if o.APIMetricsPort == 0 {
		o.APIMetricsPort = DefaultAPIMetricsPort
	}
	if o.ProbeTimeout == 0 {
		o.ProbeTimeout = DefaultProbeTimeout
	}
	if o.AppliedPoll == 0 {
		o.AppliedPoll = DefaultAppliedPoll
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{}
	}
}

// SecretName is the name of the rendered credentials Secret.
func (o Options) SecretName() string { return o.ConfigMapName + "-credentials" }

// Reconciler renders a namespace's SupplierConnectors into the connector
// document as a whole: every event maps to one request, so the document is
// always written from the full list.
type Reconciler struct {
	client   client.Client
	recorder record.EventRecorder
	opts     Options
	prober   Prober
	now      func() time.Time
}

// New returns a reconciler using the manager's client and event recorder.
func New(mgr ctrl.Manager, opts Options) *Reconciler {
	opts.defaults()
	return &Reconciler{
		client:   mgr.GetClient(),
		recorder: mgr.GetEventRecorderFor("paryatan-operator"),
		opts:     opts,
		prober:   Prober{Client: opts.HTTPClient},
		now:      time.Now,
	}
}

// ManagedByLabel marks the objects the operator writes.
const ManagedByLabel = "app.kubernetes.io/managed-by"

// SetupWithManager registers the controller: SupplierConnector changes,
// Secret changes (credentials), the rendered ConfigMap and Secret (repaired
// if edited), and the API Service's EndpointSlices (pods coming and going).
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	key := reconcile.Request{NamespacedName: types.NamespacedName{Namespace: r.opts.Namespace, Name: r.opts.ConfigMapName}}
	all := handler.EnqueueRequestsFromMapFunc(func(context.Context, client.Object) []reconcile.Request {
		return []reconcile.Request{key}
	})
	inNamespace := predicate.NewPredicateFuncs(func(o client.Object) bool { return o.GetNamespace() == r.opts.Namespace })
	ours := predicate.NewPredicateFuncs(func(o client.Object) bool {
		return o.GetName() == r.opts.ConfigMapName || o.GetName() == r.opts.SecretName()
	})
	apiSlices := predicate.NewPredicateFuncs(func(o client.Object) bool {
		return r.opts.APIService != "" && o.GetLabels()[discoveryv1.LabelServiceName] == r.opts.APIService
	})
	// One reconcile at start, whatever exists: a namespace without any
	// SupplierConnector still gets its (empty) document, so API pods have a
	// file to mount and start with every supplier off.
	start := make(chan event.GenericEvent, 1)
	start <- event.GenericEvent{Object: &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: r.opts.Namespace, Name: r.opts.ConfigMapName}}}
	return ctrl.NewControllerManagedBy(mgr).
		WatchesRawSource(source.Channel(start, all)).
		Named("supplierconnector").
		Watches(&v1alpha1.SupplierConnector{}, all, builder.WithPredicates(inNamespace, predicate.GenerationChangedPredicate{})).
		Watches(&corev1.Secret{}, all, builder.WithPredicates(inNamespace)).
		Watches(&corev1.ConfigMap{}, all, builder.WithPredicates(inNamespace, ours)).
		Watches(&discoveryv1.EndpointSlice{}, all, builder.WithPredicates(inNamespace, apiSlices)).
		Complete(r)
}

// probeResult is one Authenticate probe.
type probeResult struct {
	at      time.Time
	latency time.Duration
	err     error
}

// Reconcile renders the document, writes the ConfigMap and Secret, reads
// which API pods applied it, probes the suppliers that are due, and writes
// every SupplierConnector's status.
func (r *Reconciler) Reconcile(ctx context.Context, _ reconcile.Request) (reconcile.Result, error) {
	logger := log.FromContext(ctx)
	ns := r.opts.Namespace
	var list v1alpha1.SupplierConnectorList
	if err := r.client.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return reconcile.Result{}, err
	}
	items := list.Items
	secrets := map[string]*corev1.Secret{}
	for _, sc := range items {
		name := sc.Spec.Credentials.Name
		if _, done := secrets[name]; done || name == "" {
			continue
		}
		var sec corev1.Secret
		switch err := r.client.Get(ctx, types.NamespacedName{Namespace: ns, Name: name}, &sec); {
		case apierrors.IsNotFound(err):
		case err != nil:
			return reconcile.Result{}, err
		default:
			secrets[name] = &sec
		}
	}
	rendering := Render(items, secrets, r.opts.CredentialsDir)
	accepted := 0
	for _, v := range rendering.Verdicts {
		if v.Accepted {
			accepted++
		}
	}
	metricConnectors.WithLabelValues(ns, "true").Set(float64(accepted))
	metricConnectors.WithLabelValues(ns, "false").Set(float64(len(rendering.Verdicts) - accepted))

	// The document: written when a connector is accepted, and when none is
	// left at all (the last one deleted: every supplier goes off). While
	// resources exist but none is accepted, the last document stays: a bad
	// edit does not switch a supplier off.
	live := 0
	for i := range items {
		if items[i].DeletionTimestamp == nil {
			live++
		}
	}
	var gen int64
	var renderErr error
	if accepted > 0 || live == 0 {
		gen, renderErr = r.write(ctx, items, rendering)
		if renderErr != nil && !errors.Is(renderErr, errRefused) {
			return reconcile.Result{}, renderErr
		}
		if renderErr == nil {
			metricGeneration.WithLabelValues(ns).Set(float64(gen))
		}
	}

	ready, applied := r.appliedPods(ctx, gen)
	metricAppliedPods.WithLabelValues(ns).Set(float64(applied))
	probes := r.probe(ctx, items, rendering)

	now := r.now()
	var requeue time.Duration
	soon := func(d time.Duration) {
		if d > 0 && (requeue == 0 || d < requeue) {
			requeue = d
		}
	}
	for i := range items {
		sc := &items[i]
		if sc.DeletionTimestamp != nil {
			continue
		}
		orig := sc.DeepCopy()
		v := rendering.Verdicts[sc.Name]
		st := &sc.Status
		st.ObservedGeneration = sc.Generation
		p, probed := probes[sc.Name]
		if probed {
			st.LastProbeTime = &metav1.Time{Time: p.at}
			st.LastProbeLatency = &metav1.Duration{Duration: p.latency.Round(time.Millisecond)}
		}
		r.setConditions(sc, v, gen, renderErr, ready, applied, p, probed)
		if v.Accepted && isEnabled(sc) && st.LastProbeTime != nil {
			soon(st.LastProbeTime.Add(probeInterval(sc)).Sub(now))
		}
		if v.Accepted && renderErr == nil && r.opts.APIService != "" && applied < ready {
			soon(r.opts.AppliedPoll)
		}
		r.events(orig, sc)
		if equality.Semantic.DeepEqual(orig.Status, sc.Status) {
			continue
		}
		if err := r.client.Status().Patch(ctx, sc, client.MergeFrom(orig)); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return reconcile.Result{}, err
		}
	}
	logger.V(1).Info("reconciled", "connectors", len(items), "accepted", accepted, "generation", gen, "readyPods", ready, "appliedPods", applied)
	return reconcile.Result{RequeueAfter: requeue}, nil
}

// errRefused marks a document the API's parser refused as a whole.
var errRefused = errors.New("rendered document refused")

// write stores the document and credentials, returning the generation.
func (r *Reconciler) write(ctx context.Context, items []v1alpha1.SupplierConnector, rendering Rendering) (int64, error) {
	ns := r.opts.Namespace
	labels := map[string]string{ManagedByLabel: "paryatan-operator"}

	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: r.opts.SecretName()}}
	if err := r.upsert(ctx, sec, func() bool {
		want := rendering.Credentials
		same := equality.Semantic.DeepEqual(sec.Data, want) && sec.Labels[ManagedByLabel] != ""
		sec.Data, sec.StringData, sec.Type = want, nil, corev1.SecretTypeOpaque
		sec.Labels = mergeLabels(sec.Labels, labels)
		return !same
	}); err != nil {
		return 0, err
	}

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: r.opts.ConfigMapName}}
	var gen int64
	var refused error
	if err := r.upsert(ctx, cm, func() bool {
		data, g, changed, err := NextDocument([]byte(cm.Data[DocumentKey]), rendering.Document)
		if err != nil {
			refused = err
			return false
		}
		gen = g
		same := !changed && cm.Labels[ManagedByLabel] != ""
		if cm.Data == nil {
			cm.Data = map[string]string{}
		}
		cm.Data[DocumentKey] = string(data)
		cm.Labels = mergeLabels(cm.Labels, labels)
		if cm.Annotations == nil {
			cm.Annotations = map[string]string{}
		}
		cm.Annotations["paryatan.io/generation"] = strconv.FormatInt(g, 10)
		return !same
	}); err != nil {
		return 0, err
	}
	if refused != nil {
		return 0, fmt.Errorf("%w: %v", errRefused, refused)
	}
	return gen, nil
}

// upsert creates obj or updates it when mutate reports a change.
func (r *Reconciler) upsert(ctx context.Context, obj client.Object, mutate func() bool) error {
	err := r.client.Get(ctx, client.ObjectKeyFromObject(obj), obj)
	switch {
	case apierrors.IsNotFound(err):
		if mutate() {
			return r.client.Create(ctx, obj)
		}
		return nil
	case err != nil:
		return err
	}
	if mutate() {
		return r.client.Update(ctx, obj)
	}
	return nil
}

func mergeLabels(have, want map[string]string) map[string]string {
	if have == nil {
		have = map[string]string{}
	}
	for k, v := range want {
		have[k] = v
	}
	return have
}

// maxPods bounds the API pods read in one pass.
const maxPods = 1000

// appliedPods counts the API Service's ready endpoints, and those whose
// pod reports document generation gen or later.
func (r *Reconciler) appliedPods(ctx context.Context, gen int64) (ready, applied int32) {
	if r.opts.APIService == "" {
		return 0, 0
	}
	var slices discoveryv1.EndpointSliceList
	if err := r.client.List(ctx, &slices, client.InNamespace(r.opts.Namespace),
		client.MatchingLabels{discoveryv1.LabelServiceName: r.opts.APIService}); err != nil {
		log.FromContext(ctx).Error(err, "listing the API's endpoints")
		return 0, 0
	}
	pods := readyPods(slices.Items)
	if len(pods) > maxPods {
		pods = pods[:maxPods]
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, p := range pods {
		wg.Go(func() {
			cctx, cancel := context.WithTimeout(ctx, r.opts.ProbeTimeout)
			defer cancel()
			g, err := podGeneration(cctx, r.opts.HTTPClient, p.Addr, r.opts.APIMetricsPort)
			if err != nil {
				log.FromContext(ctx).V(1).Info("reading an API pod's generation", "address", p.Addr, "error", err.Error())
				return
			}
			if gen > 0 && g >= gen {
				mu.Lock()
				applied++
				mu.Unlock()
				return
			}
			if gen > 0 && p.Pod != "" {
				r.nudge(cctx, p.Pod, gen)
			}
		})
	}
	wg.Wait()
	return int32(len(pods)), applied //nolint:gosec // at most maxPods
}

// nudge annotates an API pod that lags behind generation gen, so that its
// kubelet refreshes the mounted document now (GenerationAnnotation). The
// same value again changes nothing, so a pod is nudged once per generation.
func (r *Reconciler) nudge(ctx context.Context, pod string, gen int64) {
	obj := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: r.opts.Namespace, Name: pod}}
	if err := r.client.Patch(ctx, obj, client.RawPatch(types.MergePatchType, generationPatch(gen))); err != nil && !apierrors.IsNotFound(err) {
		log.FromContext(ctx).Error(err, "annotating an API pod with the connector generation", "pod", pod)
	}
}

// probe calls Authenticate of every accepted, enabled connector whose probe
// is due (its interval passed, or its spec changed), concurrently.
func (r *Reconciler) probe(ctx context.Context, items []v1alpha1.SupplierConnector, rendering Rendering) map[string]probeResult {
	now := r.now()
	out := map[string]probeResult{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range items {
		sc := &items[i]
		if !rendering.Verdicts[sc.Name].Accepted || !isEnabled(sc) || sc.DeletionTimestamp != nil {
			continue
		}
		st := sc.Status
		due := st.LastProbeTime == nil || st.ObservedGeneration != sc.Generation ||
			!now.Before(st.LastProbeTime.Add(probeInterval(sc))) ||
			meta.FindStatusCondition(st.Conditions, v1alpha1.ConditionSupplierReachable) == nil
		if !due {
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
		wg.Go(func() {
			timeout := min(r.opts.ProbeTimeout, conn.Timeout(connector.OpAuthenticate))
			cctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			latency, err := r.prober.Authenticate(cctx, *conn, creds)
			outcome, up := "ok", 1.0
			if err != nil {
				outcome, up = "error", 0
			}
			metricProbeDuration.WithLabelValues(r.opts.Namespace, conn.Name, outcome).Observe(latency.Seconds())
			metricReachable.WithLabelValues(r.opts.Namespace, conn.Name).Set(up)
			mu.Lock()
			out[sc.Name] = probeResult{at: r.now(), latency: latency, err: err}
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

func isEnabled(sc *v1alpha1.SupplierConnector) bool {
	return sc.Spec.Enabled == nil || *sc.Spec.Enabled
}

func probeInterval(sc *v1alpha1.SupplierConnector) time.Duration {
	if sc.Spec.ProbeInterval == nil || sc.Spec.ProbeInterval.Duration <= 0 {
		return defaultProbeInterval
	}
	return sc.Spec.ProbeInterval.Duration
}

// setConditions writes the five conditions from what this pass found.
func (r *Reconciler) setConditions(sc *v1alpha1.SupplierConnector, v Verdict, gen int64, renderErr error,
	ready, applied int32, p probeResult, probed bool) {
	st := &sc.Status
	set := func(t string, s metav1.ConditionStatus, reason, msg string) {
		meta.SetStatusCondition(&st.Conditions, metav1.Condition{
			Type: t, Status: s, Reason: reason, Message: msg, ObservedGeneration: sc.Generation,
		})
	}
	if v.Accepted {
		set(v1alpha1.ConditionSpecAccepted, metav1.ConditionTrue, v.Reason, v.Message)
	} else {
		set(v1alpha1.ConditionSpecAccepted, metav1.ConditionFalse, v.Reason, v.Message)
	}
	rendered := v.Accepted && renderErr == nil
	switch {
	case !v.Accepted:
		set(v1alpha1.ConditionRendered, metav1.ConditionFalse, "NotAccepted", "the spec was not accepted, so it is not in the document")
	case renderErr != nil:
		set(v1alpha1.ConditionRendered, metav1.ConditionFalse, "DocumentRefused", renderErr.Error())
	default:
		st.RenderedGeneration = gen
		set(v1alpha1.ConditionRendered, metav1.ConditionTrue, "Rendered",
			fmt.Sprintf("in ConfigMap %s at generation %d", r.opts.ConfigMapName, gen))
	}

	switch {
	case !v.Accepted:
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionUnknown, "NotProbed", "the spec was not accepted")
	case !isEnabled(sc):
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionUnknown, "Disabled", "a disabled connector is not probed")
	case probed && p.err != nil:
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionFalse, "AuthenticateFailed", p.err.Error())
	case probed:
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionTrue, "Authenticated",
			fmt.Sprintf("Authenticate answered in %s", p.latency.Round(time.Millisecond)))
	}

	st.ReadyPods, st.AppliedPods = ready, 0
	switch {
	case !rendered:
		set(v1alpha1.ConditionApplied, metav1.ConditionFalse, "NotRendered", "the connector is not in the document")
	case r.opts.APIService == "":
		set(v1alpha1.ConditionApplied, metav1.ConditionUnknown, "NotTracked", "the operator was not told the API's Service")
	case ready == 0:
		set(v1alpha1.ConditionApplied, metav1.ConditionFalse, "NoReadyPods",
			fmt.Sprintf("Service %s has no ready endpoints", r.opts.APIService))
	case applied < ready:
		st.AppliedPods = applied
		set(v1alpha1.ConditionApplied, metav1.ConditionFalse, "Pending",
			fmt.Sprintf("%d of %d ready API pods have loaded generation %d", applied, ready, gen))
	default:
		st.AppliedPods = applied
		set(v1alpha1.ConditionApplied, metav1.ConditionTrue, "Applied",
			fmt.Sprintf("all %d ready API pods have loaded generation %d", ready, gen))
	}

	reachable := meta.FindStatusCondition(st.Conditions, v1alpha1.ConditionSupplierReachable)
	appliedC := meta.FindStatusCondition(st.Conditions, v1alpha1.ConditionApplied)
	var why []string
	if !v.Accepted {
		why = append(why, "spec not accepted")
	} else if !rendered {
		why = append(why, "not rendered")
	}
	if isEnabled(sc) && v.Accepted && (reachable == nil || reachable.Status != metav1.ConditionTrue) {
		why = append(why, "supplier not reachable")
	}
	if rendered && appliedC.Status == metav1.ConditionFalse {
		why = append(why, "not applied by every ready API pod")
	}
	if len(why) == 0 {
		set(v1alpha1.ConditionReady, metav1.ConditionTrue, "Ready", "serving")
	} else {
		set(v1alpha1.ConditionReady, metav1.ConditionFalse, "NotReady", strings.Join(why, "; "))
	}
}

// events records the transitions worth a line in kubectl describe.
func (r *Reconciler) events(before, after *v1alpha1.SupplierConnector) {
	changed := func(t string) (*metav1.Condition, bool) {
		a := meta.FindStatusCondition(after.Status.Conditions, t)
		b := meta.FindStatusCondition(before.Status.Conditions, t)
		if a == nil {
			return nil, false
		}
		return a, b == nil || b.Status != a.Status || b.Message != a.Message && a.Status == metav1.ConditionFalse
	}
	if c, ok := changed(v1alpha1.ConditionSpecAccepted); ok && c.Status == metav1.ConditionFalse {
		r.recorder.Event(after, corev1.EventTypeWarning, "SpecRejected", c.Message)
	}
	if after.Status.RenderedGeneration != before.Status.RenderedGeneration && after.Status.RenderedGeneration > 0 {
		r.recorder.Eventf(after, corev1.EventTypeNormal, "Rendered", "written to ConfigMap %s at generation %d",
			r.opts.ConfigMapName, after.Status.RenderedGeneration)
	}
	if c, ok := changed(v1alpha1.ConditionSupplierReachable); ok {
		switch c.Status {
		case metav1.ConditionFalse:
			r.recorder.Event(after, corev1.EventTypeWarning, "SupplierUnreachable", c.Message)
		case metav1.ConditionTrue:
			r.recorder.Event(after, corev1.EventTypeNormal, "SupplierReachable", c.Message)
		}
	}
	if c, ok := changed(v1alpha1.ConditionApplied); ok && c.Status == metav1.ConditionTrue {
		r.recorder.Event(after, corev1.EventTypeNormal, "Applied", c.Message)
	}
}
