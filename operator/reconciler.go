package operator

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/paryatan/paryatan/api/v1alpha1"
)

// Defaults of Options.
const (
	DefaultConfigMapName  = "paryatan-connectors"
	DefaultCredentialsDir = "/var/run/secrets/paryatan/connectors" //nolint:gosec // a mount path, not a credential
	DefaultAPIMetricsPort = 9090
	DefaultProbeTimeout   = 10 * time.Second
	DefaultProbeInterval  = time.Minute
	DefaultAppliedPoll    = 5 * time.Second
	DefaultPodResync      = time.Minute
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
	// ProbeInterval is how often a connector whose spec sets no
	// probeInterval is probed (the CRD defaults the field, so this is for
	// objects written without that default).
	ProbeInterval time.Duration
	// AppliedPoll is how soon the pods are read again while some have not
	// loaded the current document.
	AppliedPoll time.Duration
	// PodResync is how soon the pods are read again once all have loaded
	// it, to notice what no event reports (a pod restarted on an older
	// document, a metrics listener that stopped answering).
	PodResync time.Duration
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
	if o.ProbeInterval <= 0 {
		o.ProbeInterval = DefaultProbeInterval
	}
	if o.AppliedPoll == 0 {
		o.AppliedPoll = DefaultAppliedPoll
	}
	if o.PodResync == 0 {
		o.PodResync = DefaultPodResync
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{}
	}
}

// SecretName is the name of the rendered credentials Secret.
func (o Options) SecretName() string { return o.ConfigMapName + "-credentials" }

// Reconciler renders a namespace's SupplierConnectors into the connector
// document as a whole: every event maps to one request, so the document is
// always written from the full list. Its Reconcile talks to the API server
// only; the supplier probes and the reads of the API pods run apart, in two
// runnables whose latest results Reconcile reads from memory.
type Reconciler struct {
	client   client.Client
	recorder record.EventRecorder
	opts     Options
	now      func() time.Time
	probes   *supplierProber
	pods     *podObserver
	// changed carries the requests of the runnables (and the first one at
	// start) to the controller.
	changed chan event.GenericEvent
}

// New returns a reconciler using the manager's client, cache and event
// recorder.
func New(mgr ctrl.Manager, opts Options) *Reconciler {
	opts.defaults()
	r := &Reconciler{
		client:   mgr.GetClient(),
		recorder: mgr.GetEventRecorderFor("paryatan-operator"),
		opts:     opts,
		now:      time.Now,
		changed:  make(chan event.GenericEvent, 1),
	}
	r.probes = newSupplierProber(Prober{Client: opts.HTTPClient}, opts.Namespace, opts.ProbeTimeout, r.enqueue)
	r.pods = &podObserver{
		client: mgr.GetClient(), informers: mgr.GetCache(),
		namespace: opts.Namespace, service: opts.APIService, port: opts.APIMetricsPort,
		timeout: opts.ProbeTimeout, http: opts.HTTPClient,
		poll: opts.AppliedPoll, resync: opts.PodResync, notify: r.enqueue,
		wake: make(chan struct{}, 1),
	}
	return r
}

// ManagedByLabel marks the objects the operator writes.
const ManagedByLabel = "app.kubernetes.io/managed-by"

// credentialsIndex indexes SupplierConnectors by the Secret they take
// their credentials from.
const credentialsIndex = "spec.credentials.name"

func credentialsSecretOf(o client.Object) []string {
	sc, ok := o.(*v1alpha1.SupplierConnector)
	if !ok || sc.Spec.Credentials.Name == "" {
		return nil
	}
	return []string{sc.Spec.Credentials.Name}
}

// key is the one request of the namespace.
func (r *Reconciler) key() reconcile.Request {
	return reconcile.Request{NamespacedName: types.NamespacedName{Namespace: r.opts.Namespace, Name: r.opts.ConfigMapName}}
}

// enqueue asks for a reconcile. The channel holds one event: when it is
// full a reconcile is already on its way, and it will read what the caller
// stored before calling.
func (r *Reconciler) enqueue() {
	ev := event.GenericEvent{Object: &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: r.opts.Namespace, Name: r.opts.ConfigMapName}}}
	select {
	case r.changed <- ev:
	default:
	}
}

// SetupWithManager registers the controller and the two runnables it reads
// from: the supplier prober, and (with an API Service) the API pods'
// observer. The controller watches SupplierConnector changes, the Secrets
// connectors take credentials from, the rendered ConfigMap and Secret
// (repaired if edited), and the runnables' requests.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := mgr.GetFieldIndexer().IndexField(context.Background(), &v1alpha1.SupplierConnector{}, credentialsIndex, credentialsSecretOf); err != nil {
		return fmt.Errorf("indexing SupplierConnectors by credentials Secret: %w", err)
	}
	if err := mgr.Add(r.probes); err != nil {
		return err
	}
	if r.opts.APIService != "" {
		if err := mgr.Add(r.pods); err != nil {
			return err
		}
	}
	all := handler.EnqueueRequestsFromMapFunc(func(context.Context, client.Object) []reconcile.Request {
		return []reconcile.Request{r.key()}
	})
	inNamespace := predicate.NewPredicateFuncs(func(o client.Object) bool { return o.GetNamespace() == r.opts.Namespace })
	ours := predicate.NewPredicateFuncs(func(o client.Object) bool {
		return o.GetName() == r.opts.ConfigMapName || o.GetName() == r.opts.SecretName()
	})
	// One reconcile at start, whatever exists: a namespace without any
	// SupplierConnector still gets its (empty) document, so API pods have a
	// file to mount and start with every supplier off.
	r.enqueue()
	return ctrl.NewControllerManagedBy(mgr).
		WatchesRawSource(source.Channel(r.changed, all)).
		Named("supplierconnector").
		Watches(&v1alpha1.SupplierConnector{}, all, builder.WithPredicates(inNamespace, predicate.GenerationChangedPredicate{})).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.secretRequests), builder.WithPredicates(inNamespace)).
		Watches(&corev1.ConfigMap{}, all, builder.WithPredicates(inNamespace, ours)).
		Complete(r)
}

// secretRequests maps a Secret to the namespace's request when it is the
// rendered credentials Secret or a SupplierConnector takes its credentials
// from it, and to nothing otherwise: the namespace's other Secrets change
// nothing the operator renders.
func (r *Reconciler) secretRequests(ctx context.Context, sec client.Object) []reconcile.Request {
	if sec.GetNamespace() != r.opts.Namespace {
		return nil
	}
	if sec.GetName() == r.opts.SecretName() {
		return []reconcile.Request{r.key()}
	}
	var list v1alpha1.SupplierConnectorList
	if err := r.client.List(ctx, &list, client.InNamespace(sec.GetNamespace()), client.MatchingFields{credentialsIndex: sec.GetName()}); err != nil {
		// A reconcile too many costs less than credentials left stale.
		log.FromContext(ctx).Error(err, "listing the SupplierConnectors of a Secret", "secret", sec.GetName())
		return []reconcile.Request{r.key()}
	}
	if len(list.Items) == 0 {
		return nil
	}
	return []reconcile.Request{r.key()}
}

// observation is what a reconcile reads: the namespace's SupplierConnectors
// and the Secrets they name, from the manager's cache.
type observation struct {
	items   []v1alpha1.SupplierConnector
	secrets map[string]*corev1.Secret
}

// Reconcile observes the namespace (SupplierConnectors and their Secrets),
// renders and writes the document, hands the probe targets and the written
// generation to the runnables, and writes every SupplierConnector's status
// as computed by connectorStatus from all that and the runnables' latest
// results. It calls the API server only.
func (r *Reconciler) Reconcile(ctx context.Context, _ reconcile.Request) (reconcile.Result, error) {
	logger := log.FromContext(ctx)
	ns := r.opts.Namespace
	obs, err := r.observe(ctx)
	if err != nil {
		return reconcile.Result{}, err
	}
	items := obs.items
	rendering := Render(items, obs.secrets, r.opts.CredentialsDir)
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
	var doc documentState
	if accepted > 0 || live == 0 {
		doc.Generation, doc.Err = r.write(ctx, rendering)
		if doc.Err != nil && !errors.Is(doc.Err, errRefused) {
			return reconcile.Result{}, doc.Err
		}
		if doc.Err == nil {
			metricGeneration.WithLabelValues(ns).Set(float64(doc.Generation))
		}
	}

	r.probes.SetTargets(probeTargets(items, rendering, r.opts.ProbeInterval))
	r.pods.SetGeneration(doc.Generation)
	ready, applied := r.pods.Counts(doc.Generation)
	metricAppliedPods.WithLabelValues(ns).Set(float64(applied))

	now := r.now()
	for i := range items {
		sc := &items[i]
		if sc.DeletionTimestamp != nil {
			continue
		}
		status := connectorStatus(sc, statusInput{
			Verdict: rendering.Verdicts[sc.Name], Document: doc,
			ConfigMapName: r.opts.ConfigMapName, APIService: r.opts.APIService,
			ReadyPods: ready, AppliedPods: applied, Probe: r.probes.Latest(sc), Now: now,
		})
		if equality.Semantic.DeepEqual(sc.Status, status) {
			continue
		}
		orig := sc.DeepCopy()
		sc.Status = status
		r.events(orig, sc)
		if err := r.client.Status().Patch(ctx, sc, client.MergeFrom(orig)); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return reconcile.Result{}, err
		}
	}
	logger.V(1).Info("reconciled", "connectors", len(items), "accepted", accepted, "generation", doc.Generation, "readyPods", ready, "appliedPods", applied)
	return reconcile.Result{}, nil
}

// observe reads the namespace's SupplierConnectors and the Secrets they
// name; a Secret that does not exist is left out (Render reports it).
func (r *Reconciler) observe(ctx context.Context) (observation, error) {
	ns := r.opts.Namespace
	var list v1alpha1.SupplierConnectorList
	if err := r.client.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return observation{}, err
	}
	obs := observation{items: list.Items, secrets: map[string]*corev1.Secret{}}
	for _, sc := range list.Items {
		name := sc.Spec.Credentials.Name
		if _, done := obs.secrets[name]; done || name == "" {
			continue
		}
		var sec corev1.Secret
		switch err := r.client.Get(ctx, types.NamespacedName{Namespace: ns, Name: name}, &sec); {
		case apierrors.IsNotFound(err):
		case err != nil:
			return observation{}, err
		default:
			obs.secrets[name] = &sec
		}
	}
	return obs, nil
}

// errRefused marks a document the API's parser refused as a whole.
var errRefused = errors.New("rendered document refused")

// write stores the document and credentials, returning the generation.
func (r *Reconciler) write(ctx context.Context, rendering Rendering) (int64, error) {
	ns := r.opts.Namespace
	labels := map[string]string{ManagedByLabel: "paryatan-operator"}

	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: r.opts.SecretName()}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.client, sec, func() error {
		sec.Data, sec.StringData, sec.Type = rendering.Credentials, nil, corev1.SecretTypeOpaque
		sec.Labels = mergeLabels(sec.Labels, labels)
		return nil
	}); err != nil {
		return 0, err
	}

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: r.opts.ConfigMapName}}
	var gen int64
	if _, err := controllerutil.CreateOrUpdate(ctx, r.client, cm, func() error {
		data, g, _, err := NextDocument([]byte(cm.Data[DocumentKey]), rendering.Document)
		if err != nil {
			return fmt.Errorf("%w: %v", errRefused, err)
		}
		gen = g
		if cm.Data == nil {
			cm.Data = map[string]string{}
		}
		cm.Data[DocumentKey] = string(data)
		cm.Labels = mergeLabels(cm.Labels, labels)
		if cm.Annotations == nil {
			cm.Annotations = map[string]string{}
		}
		cm.Annotations["paryatan.io/generation"] = strconv.FormatInt(g, 10)
		return nil
	}); err != nil {
		return 0, err
	}
	return gen, nil
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
