package charttest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden from the chart")

// longestSupplierCall is the connector format's ceiling on any supplier
// timeout (config/connectors.md): every hop above the supplier must outlast it.
const longestSupplierCall = 170 * time.Second

var (
	helmOnce sync.Once
	helm     Helm
	helmErr  error

	renderMu sync.Mutex
	rendered = map[string][]byte{}
)

func setup(t *testing.T) Helm {
	t.Helper()
	helmOnce.Do(func() {
		home, err := os.MkdirTemp("", "charttest-helm-")
		if err != nil {
			helmErr = err
			return
		}
		helm, helmErr = New(".", home)
	})
	if helmErr != nil {
		t.Fatal(helmErr)
	}
	return helm
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if helm.Home != "" {
		_ = os.RemoveAll(helm.Home)
	}
	os.Exit(code)
}

func valueSet(t *testing.T, name string) ValueSet {
	t.Helper()
	for _, vs := range ValueSets {
		if vs.Name == name {
			return vs
		}
	}
	t.Fatalf("no value set %q", name)
	return ValueSet{}
}

// template renders a value set (cached when there are no extra assignments).
func template(t *testing.T, vs ValueSet, set ...string) []byte {
	t.Helper()
	h := setup(t)
	key := vs.Name
	if len(set) == 0 {
		renderMu.Lock()
		out, ok := rendered[key]
		renderMu.Unlock()
		if ok {
			return out
		}
	}
	out, err := h.Template(context.Background(), vs, set...)
	if err != nil {
		t.Fatal(err)
	}
	if len(set) == 0 {
		renderMu.Lock()
		rendered[key] = out
		renderMu.Unlock()
	}
	return out
}

func objects(t *testing.T, vs ValueSet, set ...string) []Object {
	t.Helper()
	objs, err := Decode(template(t, vs, set...))
	if err != nil {
		t.Fatal(err)
	}
	return objs
}

func find(objs []Object, kind, name string) Object {
	for _, o := range objs {
		if o.Kind() == kind && (name == "" || o.Name() == name) {
			return o
		}
	}
	return nil
}

func mustFind(t *testing.T, objs []Object, kind, name string) Object {
	t.Helper()
	o := find(objs, kind, name)
	if o == nil {
		t.Fatalf("no %s %q rendered", kind, name)
	}
	return o
}

func kinds(objs []Object, kind string) []Object {
	var out []Object
	for _, o := range objs {
		if o.Kind() == kind {
			out = append(out, o)
		}
	}
	return out
}

// env returns a container's environment: literal values, and
// "secret:<name>/<key>" for variables read from a Secret.
func env(c any) map[string]string {
	out := map[string]string{}
	list, _ := Get(c, "env").([]any)
	for _, e := range list {
		name, _ := Get(e, "name").(string)
		if v, ok := Get(e, "value").(string); ok {
			out[name] = v
		} else if s := Get(e, "valueFrom", "secretKeyRef"); s != nil {
			out[name] = fmt.Sprintf("secret:%v/%v", Get(s, "name"), Get(s, "key"))
		} else {
			out[name] = "<from>"
		}
	}
	return out
}

func apiContainer(t *testing.T, objs []Object) any {
	t.Helper()
	d := mustFind(t, objs, "Deployment", "paryatan")
	c := Get(d, "spec", "template", "spec", "containers", 0)
	if Get(c, "name") != "api" {
		t.Fatalf("first container of the API Deployment is %v, want api", Get(c, "name"))
	}
	return c
}

func seconds(t *testing.T, v string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(v)
	if err != nil {
		t.Fatalf("not a duration: %q", v)
	}
	return d
}

// TestGolden compares `helm template` of each value set with its golden file;
// go test ./hack/charttest -run TestGolden -update rewrites them.
func TestGolden(t *testing.T) {
	for _, vs := range ValueSets {
		t.Run(vs.Name, func(t *testing.T) {
			t.Parallel()
			got := template(t, vs)
			path := filepath.Join("testdata", "golden", vs.Name+".yaml")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./hack/charttest -run TestGolden -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("helm template for %q differs from %s (if the change is meant, run go test ./hack/charttest -run TestGolden -update and review the diff):\n%s",
					vs.Name, path, firstDiff(string(want), string(got)))
			}
		})
	}
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, wl, gl)
		}
	}
	return "(same lines, different bytes)"
}

func TestLintStrict(t *testing.T) {
	h := setup(t)
	for _, vs := range ValueSets {
		t.Run(vs.Name, func(t *testing.T) {
			t.Parallel()
			out, err := h.Lint(context.Background(), vs)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !strings.Contains(string(out), "0 chart(s) failed") {
				t.Errorf("helm lint --strict did not pass cleanly:\n%s", out)
			}
			if strings.Contains(string(out), "[WARNING]") || strings.Contains(string(out), "[ERROR]") {
				t.Errorf("helm lint --strict reported problems:\n%s", out)
			}
		})
	}
}

// An install without the values that have no default is refused at render
// time, naming each of them, rather than deploying pods that cannot start.
func TestMissingValuesAreNamed(t *testing.T) {
	h := setup(t)
	_, err := h.Template(context.Background(), ValueSet{Name: "bare"})
	if err == nil {
		t.Fatal("the chart rendered with no public URL, database or mail relay")
	}
	for _, want := range []string{"api.publicURL", "smtp.existingSecret", "smtp.from", "payments.existingSecret", "database.existingSecret"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not name %s:\n%v", want, err)
		}
	}
}

func TestRefusesUnsafeValues(t *testing.T) {
	h := setup(t)
	cases := []struct {
		name string
		set  []string
		want string
	}{
		{"grace shorter than a supplier call", []string{"api.shutdown.graceSeconds=150"}, "api.shutdown.graceSeconds (150) must be longer"},
		{"write timeout shorter than a supplier call", []string{"api.shutdown.writeTimeoutSeconds=120", "api.shutdown.graceSeconds=180"}, "api.shutdown.writeTimeoutSeconds (120) must be longer"},
		{"grace shorter than the write timeout", []string{"api.shutdown.graceSeconds=175", "api.shutdown.writeTimeoutSeconds=200"}, "must be at least api.shutdown.writeTimeoutSeconds"},
		{"ingress gives up before the supplier", []string{"ingress.enabled=true", "ingress.proxyTimeoutSeconds=60"}, "ingress.proxyTimeoutSeconds (60) must be longer"},
		{"latest API image", []string{"api.image.tag=latest"}, "latest"},
		{"latest operator image", []string{"operator.image.tag=latest"}, "latest"},
		{"autoscaling bounds reversed", []string{"autoscaling.enabled=true", "autoscaling.minReplicas=5", "autoscaling.maxReplicas=3"}, "autoscaling.minReplicas must not exceed"},
		{"unknown in-flight provider", []string{"autoscaling.inFlight.provider=hpa"}, "provider"},
		{"local mode without a database", []string{"api.mode=local", "database.existingSecret="}, "database.existingSecret"},
		{"misspelt value", []string{"api.replica=3"}, "replica"},
		{"visa partner without its sign-on secret", []string{"api.visaPartnerOrigin=https://visa.example.in"}, "api.sso.existingSecret"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := h.Template(context.Background(), valueSet(t, "defaults"), c.set...)
			if err == nil {
				t.Fatalf("rendered with %v", c.set)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("refusal does not mention %q:\n%v", c.want, err)
			}
		})
	}
}

// Every pod runs under the restricted Pod Security Standard with a read-only
// root, from a pinned image.
func TestPodsRestricted(t *testing.T) {
	for _, vs := range ValueSets {
		t.Run(vs.Name, func(t *testing.T) {
			t.Parallel()
			deps := kinds(objects(t, vs), "Deployment")
			if len(deps) != 2 {
				t.Fatalf("%d Deployments rendered, want the API and the operator", len(deps))
			}
			for _, d := range deps {
				pod := Get(d, "spec", "template", "spec")
				if Get(pod, "securityContext", "runAsNonRoot") != true {
					t.Errorf("%s: pod runAsNonRoot is not true", d.Name())
				}
				if Get(pod, "securityContext", "seccompProfile", "type") != "RuntimeDefault" {
					t.Errorf("%s: pod seccomp profile is not RuntimeDefault", d.Name())
				}
				containers, _ := Get(pod, "containers").([]any)
				if len(containers) == 0 {
					t.Fatalf("%s: no containers", d.Name())
				}
				for _, c := range containers {
					name := fmt.Sprintf("%s/%v", d.Name(), Get(c, "name"))
					sc := Get(c, "securityContext")
					if Get(sc, "allowPrivilegeEscalation") != false {
						t.Errorf("%s: allowPrivilegeEscalation is not false", name)
					}
					if Get(sc, "readOnlyRootFilesystem") != true {
						t.Errorf("%s: root filesystem is writable", name)
					}
					if drop, _ := Get(sc, "capabilities", "drop").([]any); !slices.Contains(drop, any("ALL")) {
						t.Errorf("%s: capabilities drop %v, want ALL", name, drop)
					}
					if Get(sc, "privileged") == true {
						t.Errorf("%s: privileged", name)
					}
					image, _ := Get(c, "image").(string)
					if !regexp.MustCompile(`^[^:@]+(:[0-9A-Za-z._-]+|@sha256:[0-9a-f]{64})$`).MatchString(image) {
						t.Errorf("%s: image %q is not pinned to a tag or digest", name, image)
					}
					if strings.HasSuffix(image, ":latest") {
						t.Errorf("%s: image %q uses latest", name, image)
					}
					if Get(c, "resources", "requests") == nil {
						t.Errorf("%s: no resource requests", name)
					}
				}
			}
			api := apiContainer(t, objects(t, vs))
			mounts, _ := Get(api, "volumeMounts").([]any)
			if !slices.ContainsFunc(mounts, func(m any) bool { return Get(m, "mountPath") == "/tmp" }) {
				t.Error("the API has a read-only root but no writable /tmp")
			}
		})
	}
}

func TestAPIProbes(t *testing.T) {
	c := apiContainer(t, objects(t, valueSet(t, "defaults")))
	for probe, path := range map[string]string{"livenessProbe": "/healthz", "readinessProbe": "/readyz", "startupProbe": "/healthz"} {
		if got := Get(c, probe, "httpGet", "path"); got != path {
			t.Errorf("%s path is %v, want %s", probe, got, path)
		}
		if got := Get(c, probe, "httpGet", "port"); got != "http" {
			t.Errorf("%s port is %v, want the public listener (http)", probe, got)
		}
	}
	if Get(c, "livenessProbe", "httpGet", "path") == "/readyz" {
		t.Error("liveness on /readyz would restart pods whenever the database is down")
	}
}

// The shutdown arithmetic of docs/operations.md: the kubelet's grace covers
// the delay, the drain and the slack; the drain and the write deadline each
// outlast the longest supplier call; the ingress waits longer still.
func TestShutdownOutlastsSupplierCalls(t *testing.T) {
	for _, vs := range ValueSets {
		t.Run(vs.Name, func(t *testing.T) {
			t.Parallel()
			objs := objects(t, vs)
			c := apiContainer(t, objs)
			e := env(c)
			delay, grace, write := seconds(t, e["SHUTDOWN_DELAY"]), seconds(t, e["SHUTDOWN_GRACE"]), seconds(t, e["HTTP_WRITE_TIMEOUT"])
			if grace <= longestSupplierCall {
				t.Errorf("SHUTDOWN_GRACE %s does not outlast the longest supplier call %s", grace, longestSupplierCall)
			}
			if write <= longestSupplierCall {
				t.Errorf("HTTP_WRITE_TIMEOUT %s does not outlast the longest supplier call %s", write, longestSupplierCall)
			}
			if grace < write {
				t.Errorf("SHUTDOWN_GRACE %s is shorter than HTTP_WRITE_TIMEOUT %s", grace, write)
			}
			if delay <= 0 {
				t.Errorf("SHUTDOWN_DELAY %s: endpoints would still route to a closed listener", delay)
			}
			tgp, ok := Get(mustFind(t, objs, "Deployment", "paryatan"), "spec", "template", "spec", "terminationGracePeriodSeconds").(float64)
			if !ok {
				t.Fatal("no terminationGracePeriodSeconds")
			}
			if kubelet := time.Duration(tgp) * time.Second; kubelet <= delay+grace {
				t.Errorf("terminationGracePeriodSeconds %s does not cover SHUTDOWN_DELAY %s + SHUTDOWN_GRACE %s", kubelet, delay, grace)
			}
			if ing := find(objs, "Ingress", ""); ing != nil {
				for _, k := range []string{"nginx.ingress.kubernetes.io/proxy-read-timeout", "nginx.ingress.kubernetes.io/proxy-send-timeout"} {
					v, _ := Get(ing, "metadata", "annotations", k).(string)
					n, err := strconv.Atoi(v)
					if err != nil || time.Duration(n)*time.Second <= longestSupplierCall {
						t.Errorf("ingress %s = %q, want seconds above %s", k, v, longestSupplierCall)
					}
				}
			}
		})
	}
}

// The API mounts what the operator renders, under the names the operator is
// told, as whole directories so updates reach the running pods.
func TestConnectorConfigShared(t *testing.T) {
	objs := objects(t, valueSet(t, "defaults"))
	api := apiContainer(t, objs)
	if got := env(api)["CONNECTORS_FILE"]; got != "/etc/paryatan/connectors/connectors.yaml" {
		t.Errorf("CONNECTORS_FILE = %q", got)
	}
	op := Get(mustFind(t, objs, "Deployment", "paryatan-operator"), "spec", "template", "spec", "containers", 0)
	// The operator's flags (cmd/paryatan-operator): --configmap names the
	// ConfigMap, whose credentials go to the Secret <configmap>-credentials.
	opArgs := map[string]string{}
	args, _ := Get(op, "args").([]any)
	for _, a := range args {
		if k, v, ok := strings.Cut(fmt.Sprint(a), "="); ok {
			opArgs[strings.TrimPrefix(k, "--")] = v
		}
	}
	pod := Get(mustFind(t, objs, "Deployment", "paryatan"), "spec", "template", "spec")
	volumes, _ := Get(pod, "volumes").([]any)
	var configMap, secret any
	for _, v := range volumes {
		switch Get(v, "name") {
		case "connectors":
			configMap = Get(v, "configMap", "name")
		case "connector-credentials":
			secret = Get(v, "secret", "secretName")
		}
	}
	if configMap != opArgs["configmap"] || configMap != "paryatan-connectors" {
		t.Errorf("API mounts ConfigMap %v, operator renders %q", configMap, opArgs["configmap"])
	}
	if secret != opArgs["configmap"]+"-credentials" {
		t.Errorf("API mounts Secret %v, operator renders %q", secret, opArgs["configmap"]+"-credentials")
	}
	if opArgs["api-service"] != "paryatan" || opArgs["api-metrics-port"] != "9090" {
		t.Errorf("operator reads API pods of %q on port %q", opArgs["api-service"], opArgs["api-metrics-port"])
	}
	mounts, _ := Get(api, "volumeMounts").([]any)
	var credDir any
	for _, m := range mounts {
		if Get(m, "subPath") != nil {
			t.Errorf("mount %v uses subPath: updates would never reach the pod", Get(m, "name"))
		}
		if Get(m, "name") == "connector-credentials" {
			credDir = Get(m, "mountPath")
		}
	}
	if credDir != opArgs["credentials-dir"] {
		t.Errorf("credentials mounted at %v, operator writes paths under %q", credDir, opArgs["credentials-dir"])
	}

	off := objects(t, valueSet(t, "defaults"), "connectors.enabled=false")
	if _, ok := env(apiContainer(t, off))["CONNECTORS_FILE"]; ok {
		t.Error("connectors.enabled=false still sets CONNECTORS_FILE")
	}
}

// TestPaymentSettings checks that the payment gateway's settings render as
// a document the API accepts, reach the pods with their keys mounted from
// the Secret, and roll the pods when they change (the API reads them at
// start-up).
func TestPaymentSettings(t *testing.T) {
	objs := objects(t, valueSet(t, "defaults"))
	cm := mustFind(t, objs, "ConfigMap", "paryatan-payments")
	doc, _ := Get(cm, "data", "payments.yaml").(string)
	g, err := payment.Parse([]byte(doc))
	if err != nil {
		t.Fatalf("rendered payment settings refused by the API's parser: %v\n%s", err, doc)
	}
	if g.Name != "razorpay" || g.Credentials.File != "/var/run/secrets/paryatan/payments/credentials.json" || g.Window() != 15*time.Minute {
		t.Errorf("settings %+v", g)
	}
	api := apiContainer(t, objs)
	if got := env(api)["PAYMENTS_FILE"]; got != "/etc/paryatan/payments/payments.yaml" {
		t.Errorf("PAYMENTS_FILE = %q", got)
	}
	pod := Get(mustFind(t, objs, "Deployment", "paryatan"), "spec", "template")
	volumes, _ := Get(pod, "spec", "volumes").([]any)
	mounted := map[string]string{}
	for _, m := range Get(api, "volumeMounts").([]any) {
		mounted[fmt.Sprint(Get(m, "name"))] = fmt.Sprint(Get(m, "mountPath"))
	}
	for _, v := range volumes {
		switch Get(v, "name") {
		case "payments":
			if Get(v, "configMap", "name") != "paryatan-payments" || mounted["payments"] != "/etc/paryatan/payments" {
				t.Errorf("payments volume %v mounted at %q", v, mounted["payments"])
			}
		case "payment-keys":
			if Get(v, "secret", "secretName") != "paryatan-payments" || Get(v, "secret", "items", 0, "path") != "credentials.json" ||
				mounted["payment-keys"] != "/var/run/secrets/paryatan/payments" {
				t.Errorf("payment keys volume %v mounted at %q", v, mounted["payment-keys"])
			}
		}
	}
	sum := Get(pod, "metadata", "annotations", "checksum/payments")
	changed := objects(t, valueSet(t, "defaults"), "payments.payWithin=20m")
	if sum == nil || Get(mustFind(t, changed, "Deployment", "paryatan"), "spec", "template", "metadata", "annotations", "checksum/payments") == sum {
		t.Errorf("a change of the payment settings does not roll the pods (checksum %v)", sum)
	}
}

func TestDatabaseAndSecrets(t *testing.T) {
	def := env(apiContainer(t, objects(t, valueSet(t, "defaults"))))
	if def["DATABASE_URL"] != "secret:paryatan-database/DATABASE_URL" {
		t.Errorf("defaults: DATABASE_URL from %q", def["DATABASE_URL"])
	}
	if def["SMTP_URL"] != "secret:paryatan-smtp/SMTP_URL" {
		t.Errorf("defaults: SMTP_URL from %q", def["SMTP_URL"])
	}
	if def["PARYATAN_MODE"] != "production" || def["PUBLIC_URL"] != "https://paryatan.example" || def["METRICS_ADDR"] != ":9090" {
		t.Errorf("defaults: mode %q, public URL %q, metrics %q", def["PARYATAN_MODE"], def["PUBLIC_URL"], def["METRICS_ADDR"])
	}
	if _, ok := def["OTEL_EXPORTER_OTLP_ENDPOINT"]; ok {
		t.Error("defaults export traces with no endpoint configured")
	}

	objs := objects(t, valueSet(t, "production"))
	prod := env(apiContainer(t, objs))
	cluster := mustFind(t, objs, "Cluster", "paryatan-db")
	if want := "secret:paryatan-db-app/uri"; prod["DATABASE_URL"] != want {
		t.Errorf("with CloudNativePG, DATABASE_URL from %q, want %q", prod["DATABASE_URL"], want)
	}
	if Get(cluster, "spec", "bootstrap", "initdb", "database") != "paryatan" {
		t.Errorf("Cluster bootstraps %v", Get(cluster, "spec", "bootstrap", "initdb"))
	}
	if prod["PUBLIC_URL"] != "https://paryatan.example" {
		t.Errorf("PUBLIC_URL from the TLS ingress host is %q", prod["PUBLIC_URL"])
	}
	if prod["OTEL_EXPORTER_OTLP_ENDPOINT"] != "http://otel-collector.observability.svc:4318" ||
		!strings.Contains(prod["OTEL_RESOURCE_ATTRIBUTES"], "deployment.environment=production") {
		t.Errorf("OTEL settings: %v", prod)
	}
	for name, v := range prod {
		if strings.Contains(strings.ToLower(name), "password") || strings.Contains(v, "://") && strings.Contains(v, "@") {
			t.Errorf("%s carries a credential in plain text: %q", name, v)
		}
	}
}

func TestScaling(t *testing.T) {
	def := objects(t, valueSet(t, "defaults"))
	if find(def, "HorizontalPodAutoscaler", "") != nil || find(def, "ScaledObject", "") != nil {
		t.Error("defaults autoscale")
	}
	if got := Get(mustFind(t, def, "Deployment", "paryatan"), "spec", "replicas"); got != 2.0 {
		t.Errorf("defaults run %v replicas", got)
	}
	if pdb := mustFind(t, def, "PodDisruptionBudget", "paryatan"); Get(pdb, "spec", "maxUnavailable") != 1.0 {
		t.Errorf("PDB %v", Get(pdb, "spec"))
	}

	prod := objects(t, valueSet(t, "production"))
	if Get(mustFind(t, prod, "Deployment", "paryatan"), "spec", "replicas") != nil {
		t.Error("with an HPA the Deployment must not set replicas (every upgrade would reset them)")
	}
	hpa := mustFind(t, prod, "HorizontalPodAutoscaler", "paryatan")
	metrics, _ := Get(hpa, "spec", "metrics").([]any)
	var cpu, inFlight bool
	for _, m := range metrics {
		cpu = cpu || Get(m, "resource", "name") == "cpu"
		inFlight = inFlight || (Get(m, "type") == "Pods" && Get(m, "pods", "metric", "name") == "paryatan_supplier_requests_in_flight")
	}
	if !cpu || !inFlight {
		t.Errorf("HPA metrics %v, want cpu and paryatan_supplier_requests_in_flight per pod", metrics)
	}
	if find(prod, "ScaledObject", "") != nil {
		t.Error("production (prometheus-adapter) renders a ScaledObject too")
	}

	keda := objects(t, valueSet(t, "keda"))
	if find(keda, "HorizontalPodAutoscaler", "") != nil {
		t.Error("KEDA and an HPA would fight over the Deployment")
	}
	so := mustFind(t, keda, "ScaledObject", "paryatan")
	triggers, _ := Get(so, "spec", "triggers").([]any)
	var query string
	for _, tr := range triggers {
		if Get(tr, "type") == "prometheus" {
			query, _ = Get(tr, "metadata", "query").(string)
		}
	}
	if !strings.Contains(query, "paryatan_supplier_requests_in_flight") || !strings.Contains(query, `namespace="paryatan"`) {
		t.Errorf("KEDA prometheus query %q", query)
	}
}

func TestOperatorRBAC(t *testing.T) {
	objs := objects(t, valueSet(t, "defaults"))
	granted := map[string][]string{}
	for _, kind := range []string{"Role", "ClusterRole"} {
		for _, r := range kinds(objs, kind) {
			rules, _ := Get(r, "rules").([]any)
			for _, rule := range rules {
				groups, _ := Get(rule, "apiGroups").([]any)
				resources, _ := Get(rule, "resources").([]any)
				verbs, _ := Get(rule, "verbs").([]any)
				for _, g := range groups {
					for _, res := range resources {
						for _, v := range verbs {
							key := fmt.Sprintf("%v/%v", g, res)
							granted[key] = append(granted[key], v.(string))
						}
					}
				}
			}
		}
	}
	need := map[string][]string{
		"paryatan.io/supplierconnectors":        {"get", "list", "watch"},
		"paryatan.io/supplierconnectors/status": {"update", "patch"},
		"/configmaps":                           {"get", "create", "update"},
		"/secrets":                              {"get", "create", "update"},
		"/events":                               {"create"},
		"coordination.k8s.io/leases":            {"get", "create", "update"},
		"discovery.k8s.io/endpointslices":       {"list", "watch"},
		"/endpoints":                            {"list", "watch"},
	}
	for res, verbs := range need {
		for _, v := range verbs {
			if !slices.Contains(granted[res], v) {
				t.Errorf("operator may not %s %s", v, res)
			}
		}
	}
	if find(objs, "ClusterRole", "") != nil {
		t.Error("a namespaced operator got a ClusterRole")
	}
}

// copyChart copies the chart into a temporary directory, so a test can add
// files to it.
func copyChart(t *testing.T, h Helm) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "paryatan")
	err := filepath.WalkDir(h.Chart, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(h.Chart, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

const testCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: supplierconnectors.paryatan.io
  annotations:
    controller-gen.kubebuilder.io/version: v0.19.0
spec:
  group: paryatan.io
  names: {kind: SupplierConnector, listKind: SupplierConnectorList, plural: supplierconnectors, singular: supplierconnector}
  scope: Namespaced
  versions:
    - name: v1alpha1
      served: true
      storage: true
      schema: {openAPIV3Schema: {type: object}}
`

// The CRD renders from the chart's files/crds, kept on uninstall; nothing
// renders without the file or with crds.install=false.
func TestCRDs(t *testing.T) {
	h := setup(t)
	h.Chart = copyChart(t, h)
	ctx := context.Background()
	crds := func(set ...string) []Object {
		t.Helper()
		out, err := h.Template(ctx, valueSet(t, "defaults"), set...)
		if err != nil {
			t.Fatal(err)
		}
		objs, err := Decode(out)
		if err != nil {
			t.Fatal(err)
		}
		return kinds(objs, "CustomResourceDefinition")
	}
	existing, _ := filepath.Glob(filepath.Join(h.Chart, "files", "crds", "*.yaml"))
	for _, p := range existing {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	if got := crds(); len(got) != 0 {
		t.Fatalf("%d CRDs rendered without a CRD file", len(got))
	}
	if err := os.WriteFile(filepath.Join(h.Chart, "files", "crds", "paryatan.io_supplierconnectors.yaml"), []byte(testCRD), 0o644); err != nil {
		t.Fatal(err)
	}
	got := crds()
	if len(got) != 1 || got[0].Name() != "supplierconnectors.paryatan.io" {
		t.Fatalf("CRDs rendered: %v", got)
	}
	ann := Get(got[0], "metadata", "annotations")
	if Get(ann, "helm.sh/resource-policy") != "keep" {
		t.Errorf("CRD annotations %v: uninstalling would delete every SupplierConnector", ann)
	}
	if Get(ann, "controller-gen.kubebuilder.io/version") != "v0.19.0" {
		t.Errorf("the generated annotations were lost: %v", ann)
	}
	if Get(got[0], "spec", "names", "kind") != "SupplierConnector" {
		t.Errorf("CRD spec changed on the way: %v", Get(got[0], "spec"))
	}
	if n := len(crds("crds.install=false")); n != 0 {
		t.Errorf("crds.install=false rendered %d CRDs", n)
	}
}

// The chart's copy of the CRDs is the generated one (make chart-crds).
func TestCRDCopyInStep(t *testing.T) {
	h := setup(t)
	bases := filepath.Join(h.Root, "config", "crd", "bases")
	copies := filepath.Join(h.Chart, "files", "crds")
	source, _ := filepath.Glob(filepath.Join(bases, "*.yaml"))
	copied, _ := filepath.Glob(filepath.Join(copies, "*.yaml"))
	names := func(paths []string) []string {
		var out []string
		for _, p := range paths {
			out = append(out, filepath.Base(p))
		}
		return out
	}
	if !slices.Equal(names(source), names(copied)) {
		t.Fatalf("config/crd/bases holds %v, the chart's files/crds %v: run make chart-crds", names(source), names(copied))
	}
	for _, p := range source {
		a, _ := os.ReadFile(p)
		b, _ := os.ReadFile(filepath.Join(copies, filepath.Base(p)))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs from the chart's copy: run make chart-crds", p)
		}
	}
}

// registeredMetrics reads the metric names the API registers.
func registeredMetrics(t *testing.T, root string) map[string]bool {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, "internal", "platform", "telemetry", "metrics.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, m := range regexp.MustCompile(`Name:\s+"([a-z_]+)"`).FindAllStringSubmatch(string(src), -1) {
		names["paryatan_"+m[1]] = true
	}
	if len(names) < 10 {
		t.Fatalf("found only %d metric names in metrics.go; has the file changed shape?", len(names))
	}
	// And the operator's (Subsystem "operator").
	src, err = os.ReadFile(filepath.Join(root, "operator", "metrics.go"))
	if err != nil {
		t.Fatal(err)
	}
	ops := regexp.MustCompile(`Subsystem:\s+"operator",\s+Name:\s+"([a-z_]+)"`).FindAllStringSubmatch(string(src), -1)
	if len(ops) < 3 {
		t.Fatalf("found only %d operator metric names in operator/metrics.go", len(ops))
	}
	for _, m := range ops {
		names["paryatan_operator_"+m[1]] = true
	}
	// And the job queue's, read from its table at scrape time (internal/jobs).
	src, err = os.ReadFile(filepath.Join(root, "internal", "jobs", "observe.go"))
	if err != nil {
		t.Fatal(err)
	}
	descs := regexp.MustCompile(`prometheus\.NewDesc\("(paryatan_[a-z_]+)"`).FindAllStringSubmatch(string(src), -1)
	if len(descs) < 2 {
		t.Fatalf("found only %d metric names in internal/jobs/observe.go", len(descs))
	}
	for _, m := range descs {
		names[m[1]] = true
	}
	return names
}

var metricRef = regexp.MustCompile(`paryatan_[a-z_]+`)

// checkMetrics fails for each paryatan_* series named in expr that the API
// does not export.
func checkMetrics(t *testing.T, where, expr string, known map[string]bool) {
	t.Helper()
	for _, m := range metricRef.FindAllString(expr, -1) {
		base := m
		for _, suffix := range []string{"_bucket", "_count", "_sum"} {
			if strings.HasSuffix(m, suffix) && known[strings.TrimSuffix(m, suffix)] {
				base = strings.TrimSuffix(m, suffix)
			}
		}
		if !known[base] {
			t.Errorf("%s uses %s, which the API does not export", where, m)
		}
	}
	if strings.Count(expr, "(") != strings.Count(expr, ")") || strings.Count(expr, "{") != strings.Count(expr, "}") {
		t.Errorf("%s: unbalanced expression %q", where, expr)
	}
}

func TestAlerts(t *testing.T) {
	h := setup(t)
	known := registeredMetrics(t, h.Root)
	objs := objects(t, valueSet(t, "production"))
	rule := mustFind(t, objs, "PrometheusRule", "paryatan")
	groups, _ := Get(rule, "spec", "groups").([]any)
	alerts := map[string]int{}
	for _, g := range groups {
		rules, _ := Get(g, "rules").([]any)
		for _, r := range rules {
			name, _ := Get(r, "alert").(string)
			expr, _ := Get(r, "expr").(string)
			alerts[name]++
			checkMetrics(t, name, expr, known)
			job := `namespace="paryatan", job="paryatan"`
			if strings.Contains(expr, "paryatan_operator_") {
				job = `namespace="paryatan", job="paryatan-operator-metrics"` // a scrape's job is the Service's name
			}
			if !strings.Contains(expr, job) {
				t.Errorf("%s does not select the release's series: %s", name, expr)
			}
			if Get(r, "labels", "severity") == nil || Get(r, "labels", "team") != "travel-platform" {
				t.Errorf("%s labels %v", name, Get(r, "labels"))
			}
			if s, _ := Get(r, "annotations", "summary").(string); s == "" {
				t.Errorf("%s has no summary", name)
			}
		}
	}
	for _, want := range []string{"ParyatanSupplierTimeouts", "ParyatanTicketsFailing", "ParyatanAPIErrors",
		"ParyatanConnectorConfigRefused", "ParyatanConnectorNotApplied", "ParyatanBookingsUnknown", "ParyatanMailBacklog",
		"ParyatanSupplierUnreachable", "ParyatanPaymentGatewayFailing", "ParyatanPaymentWebhooksForged",
		"ParyatanJobsRetrying", "ParyatanJobsDiscarded"} {
		if alerts[want] != 1 {
			t.Errorf("alert %s appears %d times", want, alerts[want])
		}
	}
	if alerts["ParyatanSupplierLatencyNearTimeout"] != len(connector.Operations) {
		t.Errorf("latency alerts for %d operations, want one per operation (%d)", alerts["ParyatanSupplierLatencyNearTimeout"], len(connector.Operations))
	}
	for _, r := range Get(groups[0], "rules").([]any) {
		expr, _ := Get(r, "expr").(string)
		if strings.Contains(expr, `operation="search"`) && !strings.HasSuffix(strings.TrimSpace(expr), "> 72") {
			t.Errorf("search p95 threshold: %s, want 80%% of 90s (72)", expr)
		}
	}

	keda := mustFind(t, objects(t, valueSet(t, "keda")), "ScaledObject", "paryatan")
	for _, tr := range Get(keda, "spec", "triggers").([]any) {
		if q, ok := Get(tr, "metadata", "query").(string); ok {
			checkMetrics(t, "KEDA trigger", q, known)
		}
	}
}

func TestMonitoringTargets(t *testing.T) {
	objs := objects(t, valueSet(t, "production"))
	svc := mustFind(t, objs, "Service", "paryatan")
	var metricsPort bool
	for _, p := range Get(svc, "spec", "ports").([]any) {
		metricsPort = metricsPort || (Get(p, "name") == "metrics" && Get(p, "port") == 9090.0)
	}
	if !metricsPort {
		t.Errorf("API Service ports %v: no metrics port 9090", Get(svc, "spec", "ports"))
	}
	for _, name := range []string{"paryatan", "paryatan-operator"} {
		sm := mustFind(t, objs, "ServiceMonitor", name)
		if Get(sm, "spec", "endpoints", 0, "port") != "metrics" || Get(sm, "metadata", "labels", "release") != "kube-prometheus-stack" {
			t.Errorf("ServiceMonitor %s: %v", name, sm)
		}
	}
	ing := mustFind(t, objs, "Ingress", "paryatan")
	for _, r := range Get(ing, "spec", "rules").([]any) {
		for _, p := range Get(r, "http", "paths").([]any) {
			if Get(p, "backend", "service", "port", "name") != "http" {
				t.Errorf("ingress routes to %v, want only the http port", Get(p, "backend", "service", "port"))
			}
		}
	}
}

func TestDashboard(t *testing.T) {
	h := setup(t)
	known := registeredMetrics(t, h.Root)
	cm := mustFind(t, objects(t, valueSet(t, "production")), "ConfigMap", "paryatan-dashboard-supplier-calls")
	if Get(cm, "metadata", "labels", "grafana_dashboard") != "1" {
		t.Errorf("dashboard labels %v: the Grafana sidecar would not pick it up", Get(cm, "metadata", "labels"))
	}
	raw, _ := Get(cm, "data", "paryatan-supplier-calls.json").(string)
	var dash struct {
		UID    string `json:"uid"`
		Panels []struct {
			ID      int    `json:"id"`
			Type    string `json:"type"`
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal([]byte(raw), &dash); err != nil {
		t.Fatalf("dashboard is not JSON: %v", err)
	}
	var graphs int
	// Grafana links, repeats and edits panels by id: two panels with one id
	// show each other's settings.
	ids := map[int]string{}
	for _, p := range dash.Panels {
		if other, dup := ids[p.ID]; dup {
			t.Errorf("panels %q and %q share id %d", other, p.Title, p.ID)
		} else if p.ID == 0 {
			t.Errorf("panel %q has no id", p.Title)
		}
		ids[p.ID] = p.Title
		if p.Type == "row" {
			continue
		}
		graphs++
		if len(p.Targets) == 0 {
			t.Errorf("panel %q has no query", p.Title)
		}
		for _, tg := range p.Targets {
			checkMetrics(t, "panel "+p.Title, tg.Expr, known)
		}
	}
	if dash.UID == "" || graphs < 8 {
		t.Errorf("dashboard uid %q with %d panels", dash.UID, graphs)
	}
}

func TestSampleConnector(t *testing.T) {
	if find(objects(t, valueSet(t, "defaults")), "SupplierConnector", "") != nil {
		t.Error("defaults render a sample SupplierConnector")
	}
	sc := mustFind(t, objects(t, valueSet(t, "production")), "SupplierConnector", "tbo")
	if sc["apiVersion"] != "paryatan.io/v1alpha1" {
		t.Errorf("apiVersion %v", sc["apiVersion"])
	}
	spec := Get(sc, "spec")
	if Get(spec, "credentials", "name") == nil || Get(spec, "endpoints", "air") == nil {
		t.Errorf("sample spec %v", spec)
	}
	for op, v := range Get(spec, "timeouts").(map[string]any) {
		if d := seconds(t, v.(string)); d > longestSupplierCall {
			t.Errorf("sample timeout %s = %s exceeds the ceiling the chart is sized for", op, d)
		}
	}
}

// NOTES.txt, which helm prints after install, names what the pods wait for
// and the drain timings. helm template does not render it, so the test
// renders a copy as an ordinary template.
func TestNotes(t *testing.T) {
	h := setup(t)
	h.Chart = copyChart(t, h)
	notes, err := os.ReadFile(filepath.Join(h.Chart, "templates", "NOTES.txt"))
	if err != nil {
		t.Fatal(err)
	}
	wrapped := `{{- define "charttest.notes" -}}` + string(notes) + "{{- end -}}\n" +
		`notes: {{ include "charttest.notes" . | toJson }}` + "\n"
	if err := os.WriteFile(filepath.Join(h.Chart, "templates", "notes-as-template.yaml"), []byte(wrapped), 0o644); err != nil {
		t.Fatal(err)
	}
	rendered, err := h.Run(context.Background(), "template", ReleaseName, h.Chart, "--namespace", Namespace,
		"-f", valueSet(t, "defaults").ValueFiles[0], "--show-only", "templates/notes-as-template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Decode(rendered)
	if err != nil || len(docs) != 1 {
		t.Fatalf("rendered notes: %v\n%s", err, rendered)
	}
	out, _ := docs[0]["notes"].(string)
	for _, want := range []string{
		"kubectl -n paryatan port-forward svc/paryatan 8080:80",
		"kubectl -n paryatan port-forward deploy/paryatan 9090:9090   # then http://localhost:9090/jobs/",
		"ConfigMap paryatan-connectors, Secret paryatan-connectors-credentials",
		"Ready, SpecAccepted, Rendered, SupplierReachable, Applied",
		"given 205s in all (longest supplier call: 170s)",
		"The site: https://paryatan.example",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("NOTES lack %q:\n%s", want, out)
		}
	}
}
