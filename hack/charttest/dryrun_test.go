package charttest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

// Every object of every value set is submitted, as a server-side dry run,
// to a real kube-apiserver (built by hack/envtest-bins.sh; make test passes
// its directory as KUBEBUILDER_ASSETS) with the SupplierConnector CRD
// installed from config/crd/bases: the server checks what helm template
// cannot — field names and types of every built-in kind, the sample
// SupplierConnector against the CRD's schema and CEL rules, names and
// labels. The monitoring, KEDA and CloudNativePG kinds are checked only as
// far as their stand-in CRDs (testdata/thirdparty-crds) know them: that the
// group, version and kind exist.
func TestServerSideDryRun(t *testing.T) {
	h := setup(t)
	assets := os.Getenv("KUBEBUILDER_ASSETS")
	if assets == "" {
		dirs, _ := filepath.Glob(filepath.Join(h.Root, "bin", "envtest-*"))
		if len(dirs) == 0 {
			t.Fatal("no test API server: run make test, or hack/envtest-bins.sh, which builds it into bin/envtest-<version>")
		}
		assets = dirs[len(dirs)-1]
	}
	env := &envtest.Environment{
		CRDDirectoryPaths: []string{
			filepath.Join(h.Root, "config", "crd", "bases"),
			filepath.Join(h.Root, "hack", "charttest", "testdata", "thirdparty-crds"),
		},
		ErrorIfCRDPathMissing: true,
		BinaryAssetsDirectory: assets,
	}
	cfg, err := env.Start()
	if err != nil {
		t.Fatalf("starting the test API server: %v", err)
	}
	t.Cleanup(func() { _ = env.Stop() })
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	const ns = "paryatan"
	if err := c.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}); err != nil {
		t.Fatal(err)
	}
	for _, vs := range ValueSets {
		t.Run(vs.Name, func(t *testing.T) {
			objs, err := h.Objects(ctx, vs)
			if err != nil {
				t.Fatal(err)
			}
			kinds := map[string]int{}
			for _, o := range objs {
				u := &unstructured.Unstructured{Object: o}
				kinds[u.GetKind()]++
				namespaced, err := c.IsObjectNamespaced(u)
				if err != nil {
					t.Errorf("%s %s: the server does not know the kind: %v", u.GetKind(), u.GetName(), err)
					continue
				}
				if namespaced && u.GetNamespace() == "" {
					u.SetNamespace(ns)
				}
				err = c.Create(ctx, u, client.DryRunAll, client.FieldValidation("Strict"))
				if apierrors.IsAlreadyExists(err) && u.GetKind() == "CustomResourceDefinition" {
					// Installed from config/crd/bases already: the chart's
					// copy goes in as an update of it.
					cur := &unstructured.Unstructured{}
					cur.SetGroupVersionKind(u.GroupVersionKind())
					if err = c.Get(ctx, client.ObjectKeyFromObject(u), cur); err == nil {
						u.SetResourceVersion(cur.GetResourceVersion())
						err = c.Update(ctx, u, client.DryRunAll, client.FieldValidation("Strict"))
					}
				}
				if err != nil {
					t.Errorf("%s %s refused: %v", u.GetKind(), u.GetName(), err)
				}
			}
			if kinds["Deployment"] < 2 || kinds["SupplierConnector"]+kinds["CustomResourceDefinition"] == 0 {
				t.Errorf("rendered kinds %v: want the API and operator Deployments and the CRD", kinds)
			}
		})
	}
}
