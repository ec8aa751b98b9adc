package e2e

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"text/template"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/payment/rzpsim"
	"github.com/paryatan/paryatan/internal/platform/smtpmail/smtptest"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// world is the cluster and what the suite put in it.
type world struct {
	ns, release string
	kubeconfig  string
	cfg         *rest.Config
	k8s         client.Client
	helm        string
	kubectl     string
	cluster     string // hack/cluster/cluster.sh, for image tags
	images      map[string]imageRef
	// hostIP is the host's address as the pods see it (the API server's).
	hostIP string
	smtp   *smtptest.Server
	// fullname is the chart's resource prefix for this release.
	fullname string
	// values is the rendered values file of the install.
	values string
	// dbPassword is PostgreSQL's, new on every run.
	dbPassword string
}

// imageRef is one image of bin/images/index.json.
type imageRef struct {
	Name       string `json:"name"`
	Reference  string `json:"reference"`
	Repository string `json:"-"`
	Tag        string `json:"-"`
}

func env(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}

// setUp connects to the cluster, makes the namespace with the suite's
// dependencies in it, and arranges for all of it to go when the suite ends.
func setUp(t *testing.T) *world {
	t.Helper()
	w := &world{
		ns:         env("E2E_NAMESPACE", "paryatan-e2e"),
		release:    env("E2E_RELEASE", "paryatan"),
		kubeconfig: os.Getenv("KUBECONFIG"),
		helm:       os.Getenv("HELM"),
		kubectl:    os.Getenv("KUBECTL"),
		cluster:    os.Getenv("E2E_CLUSTER"),
	}
	for name, v := range map[string]string{"KUBECONFIG": w.kubeconfig, "HELM": w.helm, "KUBECTL": w.kubectl, "E2E_CLUSTER": w.cluster} {
		if v == "" {
			t.Fatalf("%s is not set: run the suite with make test-cluster, which sets it", name)
		}
	}
	var err error
	if w.cfg, err = clientcmd.BuildConfigFromFlags("", w.kubeconfig); err != nil {
		t.Fatal(err)
	}
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, v1alpha1.AddToScheme} {
		if err := add(scheme); err != nil {
			t.Fatal(err)
		}
	}
	if w.k8s, err = client.New(w.cfg, client.Options{Scheme: scheme}); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(w.cfg.Host)
	if err != nil {
		t.Fatal(err)
	}
	w.hostIP = u.Hostname()
	w.images = readImages(t, env("E2E_IMAGES", "../../bin/images/index.json"))
	w.fullname = w.release
	if !strings.Contains(w.release, "paryatan") {
		w.fullname = w.release + "-paryatan"
	}
	w.dbPassword = randomHex(t, 12)

	ctx := t.Context()
	stop := interrupted(w.tearDown)
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			w.dumpState(t)
			if os.Getenv("E2E_KEEP") != "" {
				t.Logf("E2E_KEEP is set: namespace %s is left as it is", w.ns)
				return
			}
		}
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Minute)
		defer cancel()
		w.tearDown(ctx)
	})
	w.tearDown(ctx) // a run stopped too hard to clean up after itself

	// An SMTP relay on the host, where the API pods send their mail.
	w.smtp = smtptest.NewAt(t, net.JoinHostPort(w.hostIP, "0"))

	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: w.ns, Labels: map[string]string{
		// The chart and everything beside it run under the restricted
		// Pod Security Standard.
		"pod-security.kubernetes.io/enforce": "restricted",
		"app.kubernetes.io/managed-by":       "paryatan-e2e",
	}}}
	if err := w.k8s.Create(ctx, ns); err != nil {
		t.Fatal(err)
	}
	w.apply(t, "testdata/deps.yaml", map[string]any{
		"PostgresPassword": w.dbPassword,
		"SMTPURL":          w.smtp.URL(),
		"Gateway": map[string]string{"KeyID": rzpsim.DefaultKeyID, "KeySecret": rzpsim.DefaultKeySecret,
			"WebhookSecret": rzpsim.DefaultWebhookSecret},
		"Supplier":   sim.DefaultCredential,
		"Images":     map[string]string{"postgres": env("E2E_POSTGRES_IMAGE", "paryatan.local/postgres:15"), "tbosim": w.images["tbo-sim"].Reference, "razorpaysim": w.images["razorpay-sim"].Reference, "visasim": w.images["visa-sim"].Reference},
		"APIService": w.fullname,
	})
	w.values = w.render(t, "testdata/values.yaml", map[string]any{
		"API":            w.images["paryatan-api"],
		"Operator":       w.images["paryatan-operator"],
		"TrustedProxies": env("E2E_TRUSTED_PROXIES", "10.0.0.0/8,172.16.0.0/12"),
	})
	for _, d := range []string{"tbo-sim", "razorpay-sim", "visa-sim"} {
		w.waitRollout(t, "deployment/"+d, 3*time.Minute)
	}
	w.waitRollout(t, "statefulset/postgres", 3*time.Minute)
	return w
}

// tearDown removes the release and the namespace, waits until they are
// gone, and frees the volumes their claims held for the next run.
func (w *world) tearDown(ctx context.Context) {
	_, _ = w.run(ctx, w.helm, "uninstall", w.release, "--namespace", w.ns, "--wait", "--timeout", "2m")
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: w.ns}}
	if err := w.k8s.Delete(ctx, ns); err != nil && !apierrors.IsNotFound(err) {
		fmt.Fprintf(os.Stderr, "e2e: delete namespace %s: %v\n", w.ns, err)
	}
	for ctx.Err() == nil {
		if err := w.k8s.Get(ctx, client.ObjectKeyFromObject(ns), ns); apierrors.IsNotFound(err) {
			break
		}
		time.Sleep(time.Second)
	}
	// The local volumes keep their data (reclaim policy Retain): empty the
	// directories the namespace's claims used and make them available.
	var pvs corev1.PersistentVolumeList
	if err := w.k8s.List(ctx, &pvs); err != nil {
		return
	}
	for i := range pvs.Items {
		pv := &pvs.Items[i]
		if pv.Spec.ClaimRef == nil || pv.Spec.ClaimRef.Namespace != w.ns || pv.Spec.Local == nil {
			continue
		}
		if entries, err := os.ReadDir(pv.Spec.Local.Path); err == nil {
			for _, e := range entries {
				_ = os.RemoveAll(filepath.Join(pv.Spec.Local.Path, e.Name()))
			}
		}
		patch := client.RawPatch("application/merge-patch+json", []byte(`{"spec":{"claimRef":null}}`))
		_ = w.k8s.Patch(ctx, pv, patch)
	}
}

func readImages(t *testing.T, path string) map[string]imageRef {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the image index (make images writes it): %v", err)
	}
	var idx struct {
		Images []imageRef `json:"images"`
	}
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]imageRef{}
	for _, im := range idx.Images {
		i := strings.LastIndex(im.Reference, ":")
		if i < 0 || strings.Contains(im.Reference[i:], "/") {
			t.Fatalf("%s: image %s has no tag in %q", path, im.Name, im.Reference)
		}
		im.Repository, im.Tag = im.Reference[:i], im.Reference[i+1:]
		out[im.Name] = im
	}
	for _, name := range []string{"paryatan-api", "paryatan-operator", "tbo-sim", "razorpay-sim", "visa-sim"} {
		if _, ok := out[name]; !ok {
			t.Fatalf("%s names no %s image: run make images", path, name)
		}
	}
	return out
}

func randomHex(t *testing.T, n int) string {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// render fills in a testdata template and writes it to a temporary file.
func (w *world) render(t *testing.T, name string, data any) string {
	t.Helper()
	tpl, err := template.ParseFiles(name)
	if err != nil {
		t.Fatal(err)
	}
	tpl.Option("missingkey=error")
	var buf bytes.Buffer
	if err := tpl.Execute(&buf, data); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(name))
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// apply renders a testdata template and applies it in the namespace.
func (w *world) apply(t *testing.T, name string, data any) {
	t.Helper()
	w.must(t, w.kubectl, "apply", "--namespace", w.ns, "--server-side", "-f", w.render(t, name, data))
}

// run runs a command with the cluster's kubeconfig and returns its output.
func (w *world) run(ctx context.Context, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+w.kubeconfig)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err != nil {
		return out.String(), fmt.Errorf("%s %s: %w\n%s", filepath.Base(name), strings.Join(args, " "), err, out.String())
	}
	return out.String(), nil
}

// must runs a command and fails the test when it fails.
func (w *world) must(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := w.run(t.Context(), name, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (w *world) waitRollout(t *testing.T, what string, timeout time.Duration) {
	t.Helper()
	w.must(t, w.kubectl, "rollout", "status", "--namespace", w.ns, what, "--timeout", timeout.String())
}

// helmInstall installs the chart with the suite's values and extra --set
// flags, waiting for every pod to be Ready.
func (w *world) helmInstall(t *testing.T, verb string, set ...string) time.Duration {
	t.Helper()
	args := []string{verb, w.release, "../../charts/paryatan", "--namespace", w.ns, "--values", w.values,
		"--wait", "--timeout", "6m"}
	for _, s := range set {
		args = append(args, "--set", s)
	}
	start := time.Now()
	w.must(t, w.helm, args...)
	return time.Since(start)
}

// pods lists the pods of one of the chart's components (api, operator).
func (w *world) pods(ctx context.Context, component string) ([]corev1.Pod, error) {
	var list corev1.PodList
	err := w.k8s.List(ctx, &list, client.InNamespace(w.ns), client.MatchingLabels{
		"app.kubernetes.io/instance": w.release, "app.kubernetes.io/component": component})
	return list.Items, err
}

// serviceURL is a Service's first port as the host reaches it (the
// cluster routes its Service range to the node).
func (w *world) serviceURL(t *testing.T, name string) string {
	t.Helper()
	var svc corev1.Service
	if err := w.k8s.Get(t.Context(), client.ObjectKey{Namespace: w.ns, Name: name}, &svc); err != nil {
		t.Fatal(err)
	}
	if len(svc.Spec.Ports) == 0 || svc.Spec.ClusterIP == "" {
		t.Fatalf("service %s has no cluster address", name)
	}
	return fmt.Sprintf("http://%s", net.JoinHostPort(svc.Spec.ClusterIP, fmt.Sprint(svc.Spec.Ports[0].Port)))
}

// eventually polls check until it returns nil or timeout passes.
func eventually(ctx context.Context, timeout, every time.Duration, check func() error) error {
	deadline := time.Now().Add(timeout)
	for {
		err := check()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("after %s: %w", timeout, err)
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(every):
		}
	}
}

// dumpState logs what a failed step leaves to look at: the namespace's
// pods and events, and the last lines of the API's and operator's logs.
func (w *world) dumpState(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(t.Context()), time.Minute)
	defer cancel()
	for _, args := range [][]string{
		{"get", "pods,svc,pvc", "-o", "wide"},
		{"get", "events", "--sort-by", ".lastTimestamp"},
		{"get", "supplierconnectors", "-o", "yaml"},
		{"logs", "--tail", "40", "--prefix", "-l", "app.kubernetes.io/component=api"},
		{"logs", "--tail", "20", "--prefix", "-l", "app.kubernetes.io/component=operator"},
	} {
		out, _ := w.run(ctx, w.kubectl, append([]string{"--namespace", w.ns}, args...)...)
		t.Logf("kubectl %s:\n%s", strings.Join(args, " "), out)
	}
}
