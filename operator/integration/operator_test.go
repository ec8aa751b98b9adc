// Package integration_test runs the operator against a real Kubernetes API
// server and etcd (envtest), with the TBO simulator as the supplier.
package integration_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/operator"
)

// The suite runs against a real kube-apiserver and etcd (built by
// hack/envtest-bins.sh; make test passes their directory as
// KUBEBUILDER_ASSETS) with the CRD from config/crd/bases installed.
var (
	cfg    *rest.Config
	scheme = runtime.NewScheme()
	k8s    client.Client
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	_ = clientgoscheme.AddToScheme(scheme)
	_ = v1alpha1.AddToScheme(scheme)
	env := &envtest.Environment{
		CRDDirectoryPaths:     []string{filepath.Join("..", "..", "config", "crd", "bases")},
		ErrorIfCRDPathMissing: true,
		BinaryAssetsDirectory: assetsDir(),
	}
	var err error
	if cfg, err = env.Start(); err != nil {
		os.Stderr.WriteString("starting the test API server (build it with make operator-test or hack/envtest-bins.sh): " + err.Error() + "\n")
		return 1
	}
	defer func() { _ = env.Stop() }()
	if k8s, err = client.New(cfg, client.Options{Scheme: scheme}); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	return m.Run()
}

// assetsDir is KUBEBUILDER_ASSETS, or the directory hack/envtest-bins.sh
// builds into.
func assetsDir() string {
	if d := os.Getenv("KUBEBUILDER_ASSETS"); d != "" {
		return d
	}
	dirs, _ := filepath.Glob(filepath.Join("..", "..", "bin", "envtest-*"))
	if len(dirs) > 0 {
		return dirs[len(dirs)-1]
	}
	return ""
}

// namespace creates a namespace of the test's own.
func namespace(t *testing.T) string {
	t.Helper()
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{GenerateName: "op-"}}
	if err := k8s.Create(context.Background(), ns); err != nil {
		t.Fatal(err)
	}
	return ns.Name
}

// startOperator runs the operator on ns until the test ends.
func startOperator(t *testing.T, opts operator.Options) {
	t.Helper()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:                 scheme,
		Cache:                  cache.Options{DefaultNamespaces: map[string]cache.Config{opts.Namespace: {}}},
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		Controller:             config.Controller{SkipNameValidation: ptr.To(true)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := operator.New(mgr, opts).SetupWithManager(mgr); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
}

// supplier is the TBO simulator served on a loopback port that survives a
// stop and start.
type supplier struct {
	addr string
	srv  *httptest.Server
}

func startSupplier(t *testing.T) *supplier {
	t.Helper()
	s := &supplier{}
	s.start(t, "127.0.0.1:0")
	t.Cleanup(func() { s.srv.Close() })
	return s
}

func (s *supplier) start(t *testing.T, addr string) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	s.srv = httptest.NewUnstartedServer(sim.New(sim.Options{}))
	s.srv.Listener = ln
	s.srv.Start()
	s.addr = ln.Addr().String()
}

func (s *supplier) url() string { return "http://" + s.addr }

func credentialsSecret(t *testing.T, ns string) {
	t.Helper()
	c := sim.DefaultCredential
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "tbo-login"},
		StringData: map[string]string{"clientId": c.ClientID, "userName": c.UserName, "password": c.Password}}
	if err := k8s.Create(context.Background(), sec); err != nil {
		t.Fatal(err)
	}
}

func newConnector(ns, name, supplierName, base string) *v1alpha1.SupplierConnector {
	return &v1alpha1.SupplierConnector{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name},
		Spec: v1alpha1.SupplierConnectorSpec{
			Supplier: supplierName,
			Endpoints: v1alpha1.Endpoints{
				Auth: v1alpha1.EndpointURL(base + "/SharedData/SharedData.svc/rest"),
				Air:  v1alpha1.EndpointURL(base + "/BookingEngineService_Air/AirService.svc/rest"),
			},
			Credentials:   v1alpha1.CredentialsSecret{Name: "tbo-login"},
			ProbeInterval: &metav1.Duration{Duration: 10 * time.Second},
		},
	}
}

// eventually retries check until it passes or the wait runs out.
func eventually(t *testing.T, wait time.Duration, what string, check func() error) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		err := check()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// document reads and parses the rendered ConfigMap, as the API would.
func document(ns string) (*connector.Document, *corev1.ConfigMap, error) {
	var cm corev1.ConfigMap
	if err := k8s.Get(context.Background(), client.ObjectKey{Namespace: ns, Name: operator.DefaultConfigMapName}, &cm); err != nil {
		return nil, nil, err
	}
	doc, err := connector.Parse([]byte(cm.Data[operator.DocumentKey]))
	return doc, &cm, err
}

func condition(ns, name, typ string) (*metav1.Condition, *v1alpha1.SupplierConnector, error) {
	var sc v1alpha1.SupplierConnector
	if err := k8s.Get(context.Background(), client.ObjectKey{Namespace: ns, Name: name}, &sc); err != nil {
		return nil, nil, err
	}
	c := meta.FindStatusCondition(sc.Status.Conditions, typ)
	if c == nil {
		return nil, &sc, errors.New(typ + " not set")
	}
	if c.ObservedGeneration != sc.Generation {
		return nil, &sc, errors.New(typ + " is about an older generation")
	}
	return c, &sc, nil
}

func wantCondition(t *testing.T, ns, name, typ string, status metav1.ConditionStatus, msgPart string) *v1alpha1.SupplierConnector {
	t.Helper()
	var got *v1alpha1.SupplierConnector
	eventually(t, 20*time.Second, name+" "+typ, func() error {
		c, sc, err := condition(ns, name, typ)
		if err != nil {
			return err
		}
		if c.Status != status || !strings.Contains(c.Message, msgPart) {
			return errors.New(string(c.Status) + " " + c.Reason + ": " + c.Message)
		}
		got = sc
		return nil
	})
	return got
}

func TestDocumentFollowsEveryChange(t *testing.T) {
	ns := namespace(t)
	sup := startSupplier(t)
	credentialsSecret(t, ns)
	startOperator(t, operator.Options{Namespace: ns, CredentialsDir: "/creds"})
	ctx := context.Background()
	// Started in a namespace without connectors, the operator writes an
	// empty document (every supplier off) for the API pods to mount.
	eventually(t, 20*time.Second, "an empty first document", func() error {
		doc, _, err := document(ns)
		if err != nil {
			return err
		}
		if len(doc.Connectors) != 0 || doc.Generation != 1 {
			return fmt.Errorf("%d connectors at generation %d", len(doc.Connectors), doc.Generation)
		}
		return nil
	})

	a := newConnector(ns, "tbo", "tbo", sup.url())
	if err := k8s.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	eventually(t, 20*time.Second, "document with tbo", func() error {
		doc, _, err := document(ns)
		if err != nil {
			return err
		}
		if c, ok := doc.Find("tbo"); !ok || c.Credentials.File != "/creds/tbo.json" {
			return errors.New("tbo missing")
		}
		return nil
	})
	var creds corev1.Secret
	if err := k8s.Get(ctx, client.ObjectKey{Namespace: ns, Name: operator.DefaultConfigMapName + "-credentials"}, &creds); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(creds.Data["tbo.json"]), `"password":"`+sim.DefaultCredential.Password+`"`) {
		t.Fatalf("credentials Secret = %s", creds.Data["tbo.json"])
	}
	got := wantCondition(t, ns, "tbo", v1alpha1.ConditionSupplierReachable, metav1.ConditionTrue, "Authenticate answered")
	if got.Status.LastProbeTime == nil || got.Status.LastProbeLatency == nil {
		t.Errorf("probe time and latency not reported: %+v", got.Status)
	}
	got = wantCondition(t, ns, "tbo", v1alpha1.ConditionRendered, metav1.ConditionTrue, "generation 2")
	if got.Status.RenderedGeneration != 2 {
		t.Errorf("renderedGeneration = %d", got.Status.RenderedGeneration)
	}
	wantCondition(t, ns, "tbo", v1alpha1.ConditionApplied, metav1.ConditionUnknown, "")

	// An update: the next generation carries it.
	b := newConnector(ns, "tbo-b", "tbo-b", sup.url())
	if err := k8s.Create(ctx, b); err != nil {
		t.Fatal(err)
	}
	eventually(t, 20*time.Second, "document with tbo-b", func() error {
		doc, _, err := document(ns)
		if err != nil {
			return err
		}
		if _, ok := doc.Find("tbo-b"); !ok || doc.Generation != 3 {
			return errors.New("tbo-b missing")
		}
		return nil
	})
	if err := k8s.Get(ctx, client.ObjectKeyFromObject(a), a); err != nil {
		t.Fatal(err)
	}
	a.Spec.Timeouts.Search = &metav1.Duration{Duration: 45 * time.Second}
	a.Spec.Sources = []v1alpha1.Source{v1alpha1.SourceLCC}
	if err := k8s.Update(ctx, a); err != nil {
		t.Fatal(err)
	}
	eventually(t, 20*time.Second, "document with the new timeout", func() error {
		doc, _, err := document(ns)
		if err != nil {
			return err
		}
		c, _ := doc.Find("tbo")
		if c == nil || c.Timeout(connector.OpSearch) != 45*time.Second || strings.Join(c.Sources, ",") != "LCC" || doc.Generation != 4 {
			return errors.New("not yet")
		}
		return nil
	})
	wantCondition(t, ns, "tbo", v1alpha1.ConditionRendered, metav1.ConditionTrue, "generation 4")

	// A delete: the connector leaves the document.
	if err := k8s.Delete(ctx, b); err != nil {
		t.Fatal(err)
	}
	eventually(t, 20*time.Second, "document without tbo-b", func() error {
		doc, cm, err := document(ns)
		if err != nil {
			return err
		}
		if _, ok := doc.Find("tbo-b"); ok || doc.Generation != 5 {
			return errors.New("tbo-b still there")
		}
		if len(cm.OwnerReferences) != 0 {
			return errors.New("the document is owned: it would go with its owners")
		}
		return nil
	})
	if err := k8s.Get(ctx, client.ObjectKey{Namespace: ns, Name: operator.DefaultConfigMapName + "-credentials"}, &creds); err != nil {
		t.Fatal(err)
	}
	if _, ok := creds.Data["tbo-b.json"]; ok || len(creds.Data) != 1 {
		t.Errorf("credentials of a deleted connector kept: %v", creds.Data)
	}

	// A second resource for a supplier already served is not accepted and
	// changes nothing.
	dup := newConnector(ns, "tbo-again", "tbo", "http://other.example")
	if err := k8s.Create(ctx, dup); err != nil {
		t.Fatal(err)
	}
	wantCondition(t, ns, "tbo-again", v1alpha1.ConditionSpecAccepted, metav1.ConditionFalse, `already served by SupplierConnector "tbo"`)
	wantCondition(t, ns, "tbo-again", v1alpha1.ConditionReady, metav1.ConditionFalse, "spec not accepted")
	if doc, _, err := document(ns); err != nil || doc.Generation != 5 {
		t.Errorf("a refused resource changed the document: %v", err)
	}

	// The last resources deleted: the document stays, empty (every supplier
	// off), rather than going with them and leaving new API pods nothing
	// to mount.
	for _, name := range []string{"tbo", "tbo-again"} {
		if err := k8s.Delete(ctx, &v1alpha1.SupplierConnector{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, 20*time.Second, "an empty document", func() error {
		doc, _, err := document(ns)
		if err != nil {
			return err
		}
		if len(doc.Connectors) != 0 || doc.Generation < 6 {
			return fmt.Errorf("%d connectors at generation %d", len(doc.Connectors), doc.Generation)
		}
		return nil
	})
	if err := k8s.Get(ctx, client.ObjectKey{Namespace: ns, Name: operator.DefaultConfigMapName + "-credentials"}, &creds); err != nil || len(creds.Data) != 0 {
		t.Errorf("credentials after the last connector: %v %v", err, creds.Data)
	}
}

func TestMissingCredentialsAreReported(t *testing.T) {
	ns := namespace(t)
	sup := startSupplier(t)
	startOperator(t, operator.Options{Namespace: ns})
	ctx := context.Background()
	if err := k8s.Create(ctx, newConnector(ns, "tbo", "tbo", sup.url())); err != nil {
		t.Fatal(err)
	}
	wantCondition(t, ns, "tbo", v1alpha1.ConditionSpecAccepted, metav1.ConditionFalse, `Secret "tbo-login" not found`)
	wantCondition(t, ns, "tbo", v1alpha1.ConditionRendered, metav1.ConditionFalse, "")
	// The Secret arriving is an event of its own.
	credentialsSecret(t, ns)
	wantCondition(t, ns, "tbo", v1alpha1.ConditionSpecAccepted, metav1.ConditionTrue, "")
	wantCondition(t, ns, "tbo", v1alpha1.ConditionSupplierReachable, metav1.ConditionTrue, "")
}

func TestAPIServerRefusesInvalidSpecs(t *testing.T) {
	ns := namespace(t)
	ctx := context.Background()
	d := func(s string) *metav1.Duration {
		v, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		return &metav1.Duration{Duration: v}
	}
	i32 := func(v int32) *int32 { return &v }
	tests := []struct {
		name   string
		mutate func(*v1alpha1.SupplierConnectorSpec)
		ok     bool
		field  string // the field the API server names
	}{
		{"boundaries are valid", func(s *v1alpha1.SupplierConnectorSpec) {
			s.Timeouts = v1alpha1.Timeouts{Search: d("1s"), FareQuote: d("170s"), FareRule: d("120s"), Book: d("2m50s"), Ticket: d("120s"),
				CancellationCharges: d("1s"), ChangeRequest: d("120s"), ChangeRequestStatus: d("170s")}
			s.CabinCodes = v1alpha1.CabinCodes{Economy: i32(1), First: i32(6)}
			s.Sources = []v1alpha1.Source{"GDS", "LCC"}
			s.SearchCacheWindow = d("5m")
		}, true, ""},
		{"search under 1s", func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts.Search = d("500ms") }, false, "spec.timeouts.search"},
		{"search over 170s", func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts.Search = d("171s") }, false, "spec.timeouts.search"},
		{"fare rule under 120s", func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts.FareRule = d("119s") }, false, "spec.timeouts.fareRule"},
		{"book under 120s", func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts.Book = d("90s") }, false, "spec.timeouts.book"},
		{"ticket under 120s", func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts.Ticket = d("1m") }, false, "spec.timeouts.ticket"},
		{"change request under 120s", func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts.ChangeRequest = d("90s") }, false, "spec.timeouts.changeRequest"},
		{"change request status over 170s", func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts.ChangeRequestStatus = d("3m") }, false, "spec.timeouts.changeRequestStatus"},
		{"cabin code 0", func(s *v1alpha1.SupplierConnectorSpec) { s.CabinCodes.Economy = i32(0) }, false, "spec.cabinCodes.economy"},
		{"cabin code 7", func(s *v1alpha1.SupplierConnectorSpec) { s.CabinCodes.Business = i32(7) }, false, "spec.cabinCodes.business"},
		{"unknown source", func(s *v1alpha1.SupplierConnectorSpec) { s.Sources = []v1alpha1.Source{"NDC"} }, false, "spec.sources"},
		{"a source twice", func(s *v1alpha1.SupplierConnectorSpec) { s.Sources = []v1alpha1.Source{"GDS", "GDS"} }, false, "spec.sources"},
		{"endpoint with a query", func(s *v1alpha1.SupplierConnectorSpec) { s.Endpoints.Air = "https://air.example/rest?a=1" }, false, "spec.endpoints.air"},
		{"endpoint not http", func(s *v1alpha1.SupplierConnectorSpec) { s.Endpoints.Auth = "ftp://auth.example/rest" }, false, "spec.endpoints.auth"},
		{"relative endpoint", func(s *v1alpha1.SupplierConnectorSpec) { s.Endpoints.Booking = "/AirService.svc/rest" }, false, "spec.endpoints.booking"},
		{"supplier not a path segment", func(s *v1alpha1.SupplierConnectorSpec) { s.Supplier = "TBO/air" }, false, "spec.supplier"},
		{"end-user IP not an IP", func(s *v1alpha1.SupplierConnectorSpec) { s.EndUserIP = "localhost" }, false, "spec.endUserIp"},
		{"probe interval under 10s", func(s *v1alpha1.SupplierConnectorSpec) { s.ProbeInterval = d("1s") }, false, "spec.probeInterval"},
		{"search cache window over 5m", func(s *v1alpha1.SupplierConnectorSpec) { s.SearchCacheWindow = d("5m1s") }, false, "spec.searchCacheWindow"},
		{"unknown type", func(s *v1alpha1.SupplierConnectorSpec) { s.Type = "amadeus" }, false, "spec.type"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := newConnector(ns, "c"+string(rune('a'+i)), "tbo", "https://supplier.example")
			tt.mutate(&obj.Spec)
			err := k8s.Create(ctx, obj)
			if tt.ok {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), tt.field) {
				t.Fatalf("want Invalid naming %s, got %v", tt.field, err)
			}
		})
	}
	// An empty list of sources, written out (the Go type omits it).
	empty := newConnector(ns, "no-sources", "tbo", "https://supplier.example")
	raw, err := runtime.DefaultUnstructuredConverter.ToUnstructured(empty)
	if err != nil {
		t.Fatal(err)
	}
	u := &unstructured.Unstructured{Object: raw}
	u.SetGroupVersionKind(v1alpha1.GroupVersion.WithKind("SupplierConnector"))
	if err := unstructured.SetNestedSlice(u.Object, []any{}, "spec", "sources"); err != nil {
		t.Fatal(err)
	}
	if err := k8s.Create(ctx, u); !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "spec.sources") {
		t.Errorf("empty sources: want Invalid naming spec.sources, got %v", err)
	}

	// Durations are kept as written and read back as metav1.Duration.
	var list v1alpha1.SupplierConnectorList
	if err := k8s.List(ctx, &list, client.InNamespace(ns)); err != nil || len(list.Items) != 1 {
		t.Fatalf("list: %v, %d items", err, len(list.Items))
	}
	if got := list.Items[0].Spec.Timeouts.Book.Duration; got != 170*time.Second {
		t.Errorf("book timeout read back as %s", got)
	}
	if !*list.Items[0].Spec.Enabled || !*list.Items[0].Spec.Compression || list.Items[0].Spec.Type != "tbo" || list.Items[0].Spec.Credentials.PasswordKey != "password" {
		t.Errorf("defaults not applied: %+v", list.Items[0].Spec)
	}
	if w := list.Items[0].Spec.SearchCacheWindow; w == nil || w.Duration != 5*time.Minute {
		t.Errorf("search cache window read back as %v", w)
	}

	// The search cache window: 0s (no reuse) is accepted and kept; unset,
	// it stays unset (the API applies its 5m default).
	off := newConnector(ns, "cache-off", "off", "https://supplier.example")
	off.Spec.SearchCacheWindow = d("0s")
	unset := newConnector(ns, "cache-default", "unset", "https://supplier.example")
	for _, obj := range []*v1alpha1.SupplierConnector{off, unset} {
		if err := k8s.Create(ctx, obj); err != nil {
			t.Fatalf("%s refused: %v", obj.Name, err)
		}
		var got v1alpha1.SupplierConnector
		if err := k8s.Get(ctx, client.ObjectKeyFromObject(obj), &got); err != nil {
			t.Fatal(err)
		}
		switch w := got.Spec.SearchCacheWindow; {
		case obj == off && (w == nil || w.Duration != 0):
			t.Errorf("%s: search cache window read back as %v, want 0s", obj.Name, w)
		case obj == unset && w != nil:
			t.Errorf("%s: search cache window read back as %v, want it unset", obj.Name, w)
		}
	}
}

func TestStoppedSupplierTurnsUnreachableAndBack(t *testing.T) {
	ns := namespace(t)
	sup := startSupplier(t)
	credentialsSecret(t, ns)
	startOperator(t, operator.Options{Namespace: ns, ProbeTimeout: 2 * time.Second})
	ctx := context.Background()
	if err := k8s.Create(ctx, newConnector(ns, "tbo", "tbo", sup.url())); err != nil {
		t.Fatal(err)
	}
	wantCondition(t, ns, "tbo", v1alpha1.ConditionSupplierReachable, metav1.ConditionTrue, "")

	sup.srv.Close()
	wantCondition(t, ns, "tbo", v1alpha1.ConditionSupplierReachable, metav1.ConditionFalse, "connection refused")
	wantCondition(t, ns, "tbo", v1alpha1.ConditionReady, metav1.ConditionFalse, "supplier not reachable")

	sup.start(t, sup.addr)
	wantCondition(t, ns, "tbo", v1alpha1.ConditionSupplierReachable, metav1.ConditionTrue, "Authenticate answered")

	var events corev1.EventList
	eventually(t, 10*time.Second, "events", func() error {
		if err := k8s.List(ctx, &events, client.InNamespace(ns)); err != nil {
			return err
		}
		var reasons []string
		for _, e := range events.Items {
			reasons = append(reasons, e.Reason)
		}
		all := strings.Join(reasons, ",")
		if !strings.Contains(all, "SupplierUnreachable") || !strings.Contains(all, "SupplierReachable") {
			return errors.New("events: " + all)
		}
		return nil
	})
}

// apiPod is an API pod as the operator sees it: it loads the document from
// a file (as the kubelet projects the ConfigMap) with the API's connector
// store and exports the generation gauge on a metrics listener.
type apiPod struct {
	file  string
	store *connector.Store
	srv   *httptest.Server
}

func startAPIPod(t *testing.T, first []byte) *apiPod {
	t.Helper()
	p := &apiPod{file: filepath.Join(t.TempDir(), "connectors.yaml")}
	if err := os.WriteFile(p.file, first, 0o600); err != nil {
		t.Fatal(err)
	}
	m := telemetry.NewMetrics()
	store, err := connector.Open(p.file, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	store.OnApply(func(doc *connector.Document, err error) {
		if err == nil {
			m.ConnectorGeneration.Set(float64(doc.Generation))
		}
	})
	m.ConnectorGeneration.Set(float64(store.Current().Generation))
	p.store = store
	// The API server refuses loopback addresses in EndpointSlices: the pod
	// listens on the machine's own address, as a pod listens on its IP.
	ln, err := net.Listen("tcp", net.JoinHostPort(hostIP(t), "0"))
	if err != nil {
		t.Fatal(err)
	}
	p.srv = httptest.NewUnstartedServer(promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{}))
	p.srv.Listener = ln
	p.srv.Start()
	t.Cleanup(p.srv.Close)
	return p
}

// sync copies the ConfigMap's document to the pod and reloads it.
func (p *apiPod) sync(t *testing.T, data []byte) {
	t.Helper()
	if err := os.WriteFile(p.file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := p.store.Reload(); err != nil {
		t.Fatal(err)
	}
}

// hostIP is a non-loopback IPv4 address of this machine.
func hostIP(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && n.IP.IsGlobalUnicast() {
			return n.IP.String()
		}
	}
	t.Fatal("no non-loopback IPv4 address to serve a pod's metrics on")
	return ""
}

func (p *apiPod) ip() string {
	host, _, _ := net.SplitHostPort(p.srv.Listener.Addr().String())
	return host
}

func (p *apiPod) port(t *testing.T) int {
	t.Helper()
	_, port, _ := net.SplitHostPort(p.srv.Listener.Addr().String())
	n, err := strconv.Atoi(port)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAppliedFollowsThePods(t *testing.T) {
	ns := namespace(t)
	sup := startSupplier(t)
	credentialsSecret(t, ns)
	ctx := context.Background()

	// A connector document from before, as the pod has it mounted.
	old := []byte("generation: 0\nconnectors:\n- name: old\n  endpoints: {auth: " + sup.url() + ", air: " + sup.url() + "}\n  credentials: {file: /nowhere}\n")
	pod := startAPIPod(t, old)
	slice := &discoveryv1.EndpointSlice{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "paryatan-api-1",
			Labels: map[string]string{discoveryv1.LabelServiceName: "paryatan-api"}},
		AddressType: discoveryv1.AddressTypeIPv4,
		Endpoints: []discoveryv1.Endpoint{{Addresses: []string{pod.ip()},
			Conditions: discoveryv1.EndpointConditions{Ready: ptr.To(true)}}},
	}
	if err := k8s.Create(ctx, slice); err != nil {
		t.Fatal(err)
	}
	startOperator(t, operator.Options{Namespace: ns, APIService: "paryatan-api", APIMetricsPort: pod.port(t), AppliedPoll: 200 * time.Millisecond})
	if err := k8s.Create(ctx, newConnector(ns, "tbo", "tbo", sup.url())); err != nil {
		t.Fatal(err)
	}
	got := wantCondition(t, ns, "tbo", v1alpha1.ConditionApplied, metav1.ConditionFalse, "0 of 1 ready API pods have loaded generation 1")
	if got.Status.ReadyPods != 1 || got.Status.AppliedPods != 0 {
		t.Errorf("pods = %d applied of %d ready", got.Status.AppliedPods, got.Status.ReadyPods)
	}
	wantCondition(t, ns, "tbo", v1alpha1.ConditionReady, metav1.ConditionFalse, "not applied")

	// The kubelet projects the ConfigMap; the pod reloads it.
	_, cm, err := document(ns)
	if err != nil {
		t.Fatal(err)
	}
	pod.sync(t, []byte(cm.Data[operator.DocumentKey]))
	got = wantCondition(t, ns, "tbo", v1alpha1.ConditionApplied, metav1.ConditionTrue, "all 1 ready API pods have loaded generation 1")
	if got.Status.AppliedPods != 1 {
		t.Errorf("appliedPods = %d", got.Status.AppliedPods)
	}
	wantCondition(t, ns, "tbo", v1alpha1.ConditionReady, metav1.ConditionTrue, "")

	// The pod going unready leaves no pod to serve the connector.
	if err := k8s.Get(ctx, client.ObjectKeyFromObject(slice), slice); err != nil {
		t.Fatal(err)
	}
	slice.Endpoints[0].Conditions.Ready = ptr.To(false)
	if err := k8s.Update(ctx, slice); err != nil {
		t.Fatal(err)
	}
	wantCondition(t, ns, "tbo", v1alpha1.ConditionApplied, metav1.ConditionFalse, "no ready endpoints")
}
