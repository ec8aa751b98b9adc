package operator

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/paryatan/paryatan/api/v1alpha1"
)

func testScheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := v1alpha1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// Only a Secret a connector of the namespace takes its credentials from,
// or the rendered one, queues a reconcile.
func TestSecretRequests(t *testing.T) {
	conn := func(ns, name, secret string) *v1alpha1.SupplierConnector {
		return &v1alpha1.SupplierConnector{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name},
			Spec: v1alpha1.SupplierConnectorSpec{Credentials: v1alpha1.CredentialsSecret{Name: secret}}}
	}
	c := fake.NewClientBuilder().WithScheme(testScheme(t)).
		WithIndex(&v1alpha1.SupplierConnector{}, credentialsIndex, credentialsSecretOf).
		WithObjects(conn("paryatan", "tbo", "tbo-login"), conn("paryatan", "tbo-b", "tbo-login"),
			conn("paryatan", "other", "other-login"), conn("elsewhere", "x", "x-login")).
		Build()
	r := &Reconciler{client: c, opts: Options{Namespace: "paryatan"}}
	r.opts.defaults()
	tests := []struct {
		ns, name string
		queued   bool
	}{
		{"paryatan", "tbo-login", true},
		{"paryatan", "other-login", true},
		{"paryatan", "paryatan-connectors-credentials", true},
		{"paryatan", "postgres-password", false},
		{"paryatan", "x-login", false},
		{"elsewhere", "x-login", false},
		{"elsewhere", "tbo-login", false},
	}
	for _, tt := range tests {
		got := r.secretRequests(context.Background(), &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: tt.ns, Name: tt.name}})
		switch {
		case tt.queued && (len(got) != 1 || got[0] != r.key()):
			t.Errorf("Secret %s/%s queued %v, want %v", tt.ns, tt.name, got, r.key())
		case !tt.queued && len(got) != 0:
			t.Errorf("Secret %s/%s queued %v, want nothing", tt.ns, tt.name, got)
		}
	}
}
