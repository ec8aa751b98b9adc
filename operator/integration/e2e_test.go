package integration_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/store/storetest"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/operator"
)

// The whole loop on one machine: a SupplierConnector's search timeout is
// changed in the Kubernetes API; the operator renders it; the document is
// written where the kubelet would mount it; the real paryatan-api process
// reloads it, and its next search gives up at the new timeout; and the
// resource's status reports that the API applied that generation.
func TestSearchTimeoutChangeReachesTheAPI(t *testing.T) {
	bin := apiBinary(t)
	ctx := context.Background()
	ns := namespace(t)
	credentialsSecret(t, ns)
	supplierSim := sim.New(sim.Options{})
	supplierSrv := httptest.NewServer(supplierSim)
	t.Cleanup(supplierSrv.Close)

	// The pod's files: the ConfigMap and the credentials Secret, as mounted.
	mount := t.TempDir()
	credDir := filepath.Join(mount, "credentials")
	if err := os.Mkdir(credDir, 0o700); err != nil {
		t.Fatal(err)
	}
	ip := hostIP(t) // EndpointSlices refuse loopback addresses: the pod listens on the machine's
	metricsPort := freePort(t, ip)
	startOperator(t, operator.Options{Namespace: ns, CredentialsDir: credDir, APIService: "paryatan-api",
		APIMetricsPort: metricsPort, AppliedPoll: 200 * time.Millisecond})

	sc := newConnector(ns, "tbo", "tbo", supplierSrv.URL)
	sc.Spec.Timeouts.Search = &metav1.Duration{Duration: 90 * time.Second}
	// Every search reaches the supplier: the test times them.
	sc.Spec.SearchCacheWindow = &metav1.Duration{}
	if err := k8s.Create(ctx, sc); err != nil {
		t.Fatal(err)
	}
	first := wantCondition(t, ns, "tbo", v1alpha1.ConditionRendered, metav1.ConditionTrue, "")
	project := func() int64 {
		t.Helper()
		doc, cm, err := document(ns)
		if err != nil {
			t.Fatal(err)
		}
		var sec corev1.Secret
		if err := k8s.Get(ctx, client.ObjectKey{Namespace: ns, Name: operator.DefaultConfigMapName + "-credentials"}, &sec); err != nil {
			t.Fatal(err)
		}
		for name, data := range sec.Data {
			if err := os.WriteFile(filepath.Join(credDir, name), data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(mount, "connectors.yaml"), []byte(cm.Data[operator.DocumentKey]), 0o600); err != nil {
			t.Fatal(err)
		}
		return doc.Generation
	}
	gen := project()

	api := startAPI(t, bin, ip, metricsPort, filepath.Join(mount, "connectors.yaml"))
	slice := &discoveryv1.EndpointSlice{
		ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "paryatan-api-e2e",
			Labels: map[string]string{discoveryv1.LabelServiceName: "paryatan-api"}},
		AddressType: discoveryv1.AddressTypeIPv4,
		Endpoints:   []discoveryv1.Endpoint{{Addresses: []string{ip}, Conditions: discoveryv1.EndpointConditions{Ready: ptr.To(true)}}},
	}
	if err := k8s.Create(ctx, slice); err != nil {
		t.Fatal(err)
	}
	wantCondition(t, ns, "tbo", v1alpha1.ConditionApplied, metav1.ConditionTrue, fmt.Sprintf("loaded generation %d", gen))

	// Every search now takes 4 s at the supplier: within 90 s.
	if err := supplierSim.SetFaults(map[string]sim.Fault{"Search": {Latency: "4s"}}); err != nil {
		t.Fatal(err)
	}
	if code, took := api.search(t); code != http.StatusOK || took < 4*time.Second {
		t.Fatalf("search at 90 s = %d in %s", code, took)
	}

	// Ops lower the search timeout to 2 s.
	if err := k8s.Get(ctx, client.ObjectKeyFromObject(sc), sc); err != nil {
		t.Fatal(err)
	}
	sc.Spec.Timeouts.Search = &metav1.Duration{Duration: 2 * time.Second}
	if err := k8s.Update(ctx, sc); err != nil {
		t.Fatal(err)
	}
	eventually(t, 20*time.Second, "the new document", func() error {
		doc, _, err := document(ns)
		if err != nil {
			return err
		}
		if doc.Generation <= gen {
			return fmt.Errorf("generation %d", doc.Generation)
		}
		return nil
	})
	gen2 := project() // the kubelet's sync
	got := wantCondition(t, ns, "tbo", v1alpha1.ConditionApplied, metav1.ConditionTrue, fmt.Sprintf("loaded generation %d", gen2))
	if got.Status.AppliedPods != 1 || got.Status.ReadyPods != 1 || got.Status.RenderedGeneration != gen2 || gen2 <= first.Status.RenderedGeneration {
		t.Errorf("status %+v", got.Status)
	}
	code, took := api.search(t)
	if code != http.StatusGatewayTimeout || took < 2*time.Second || took > 3500*time.Millisecond {
		t.Fatalf("search at 2 s = %d in %s, want a 504 after about 2 s", code, took)
	}

	// What `kubectl get supplierconnectors` shows: the server's table.
	row := table(t, ns)
	for col, want := range map[string]string{"Supplier": "tbo", "Ready": "True", "Reachable": "True", "Search timeout": "2s", "Applied pods": "1"} {
		if got := row[col]; got != want {
			t.Errorf("column %q = %q, want %q (row %v)", col, got, want, row)
		}
	}
}

// table reads the SupplierConnectors of ns as kubectl get does (the API
// server's Table with the CRD's print columns) and returns the first row by
// column name.
func table(t *testing.T, ns string) map[string]string {
	t.Helper()
	rc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodGet, strings.TrimRight(cfg.Host, "/")+"/apis/paryatan.io/v1alpha1/namespaces/"+ns+"/supplierconnectors", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io")
	res, err := rc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var tbl metav1.Table
	if err := json.Unmarshal(body, &tbl); err != nil || len(tbl.Rows) == 0 {
		t.Fatalf("table: %v, %d rows: %.600s", err, len(tbl.Rows), body)
	}
	row := map[string]string{}
	for i, c := range tbl.ColumnDefinitions {
		if i < len(tbl.Rows[0].Cells) {
			row[c.Name] = fmt.Sprint(tbl.Rows[0].Cells[i])
		}
	}
	return row
}

// apiBinary is the built paryatan-api (make test builds it into
// PARYATAN_BIN_DIR).
func apiBinary(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("PARYATAN_BIN_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "bin")
	}
	bin, err := filepath.Abs(filepath.Join(dir, "paryatan-api"))
	if err == nil {
		_, err = os.Stat(bin)
	}
	if err != nil {
		t.Fatalf("no paryatan-api binary (run make build, or make test): %v", err)
	}
	return bin
}

func freePort(t *testing.T, host string) int {
	t.Helper()
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

type apiProcess struct{ url string }

// startAPI runs paryatan-api in local mode on a database of its own, with
// its connector document at file and its metrics on ip:metricsPort.
func startAPI(t *testing.T, bin, ip string, metricsPort int, file string) *apiProcess {
	t.Helper()
	port := freePort(t, "127.0.0.1")
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(),
		"PARYATAN_MODE=local", "PORT="+strconv.Itoa(port), "METRICS_ADDR="+net.JoinHostPort(ip, strconv.Itoa(metricsPort)),
		"CONNECTORS_FILE="+file, "DATABASE_URL="+storetest.NewDatabase(t), "DATA_DIR="+t.TempDir(), "SHUTDOWN_GRACE=1s")
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
		}
		if t.Failed() {
			t.Logf("paryatan-api:\n%s", log.String())
		}
	})
	p := &apiProcess{url: "http://127.0.0.1:" + strconv.Itoa(port)}
	eventually(t, 60*time.Second, "paryatan-api ready", func() error {
		res, err := http.Get(p.url + "/readyz")
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return errors.New(res.Status)
		}
		return nil
	})
	return p
}

// search asks the API for flights tomorrow and says how it answered and
// how long it took.
func (p *apiProcess) search(t *testing.T) (int, time.Duration) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"origin": "BOM", "destination": "DEL",
		"departDate": time.Now().Add(30 * time.Hour).Format(time.DateOnly), "adults": 1})
	start := time.Now()
	res, err := http.Post(p.url+"/api/v1/flights/tbo/search", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	return res.StatusCode, time.Since(start)
}
