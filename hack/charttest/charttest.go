// Package charttest renders the Helm chart charts/paryatan with the helm
// binary (installed into bin/ by hack/install-helm.sh; the chart is never
// imported as a library) and decodes what it renders, for the chart's tests:
// golden files of `helm template` output per value set, assertions on the
// objects, `helm lint`, and promtool's checks and unit tests of the alerts
// (see RulesFile and ScrapeTargets).
//
// The value sets are exported so that a test against a real API server (a
// server-side dry-run of every rendered object) can render exactly what the
// golden files hold: see Helm.Objects.
package charttest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"sigs.k8s.io/yaml"
)

// Release and namespace every value set is rendered as, so that golden files
// are stable.
const (
	ReleaseName = "paryatan"
	Namespace   = "paryatan"
	// KubeVersion is the cluster version templates see.
	KubeVersion = "1.31.0"
)

// ValueSet is one way of installing the chart: value files, relative to the
// repository root.
type ValueSet struct {
	Name       string
	ValueFiles []string
}

// ValueSets are the installs the golden files cover.
var ValueSets = []ValueSet{
	{
		// The chart's defaults plus the three values that have none.
		Name:       "defaults",
		ValueFiles: []string{"charts/paryatan/ci/minimal-values.yaml"},
	},
	{
		// Ingress with TLS, HPA on CPU and supplier calls in flight
		// (prometheus-adapter), CloudNativePG, monitoring, tracing, the sample
		// connector.
		Name:       "production",
		ValueFiles: []string{"hack/charttest/testdata/values/production.yaml"},
	},
	{
		// As production, scaling through a KEDA ScaledObject instead of an HPA.
		Name:       "keda",
		ValueFiles: []string{"hack/charttest/testdata/values/production.yaml", "hack/charttest/testdata/values/keda.yaml"},
	},
}

// Helm runs one helm binary against a chart directory, with its own cache,
// configuration and data directories so nothing outside them is written.
type Helm struct {
	// Bin is the helm executable.
	Bin string
	// Root is the repository root; value files are relative to it.
	Root string
	// Chart is the chart directory.
	Chart string
	// Home holds helm's cache, configuration and data.
	Home string
}

// FindHelm locates the helm binary: $HELM, then $PARYATAN_BIN_DIR/helm, then
// bin/helm under root, then PATH.
func FindHelm(root string) (string, error) {
	if p := os.Getenv("HELM"); p != "" {
		return p, nil
	}
	var candidates []string
	if d := os.Getenv("PARYATAN_BIN_DIR"); d != "" {
		candidates = append(candidates, filepath.Join(d, "helm"))
	}
	candidates = append(candidates, filepath.Join(root, "bin", "helm"))
	for _, c := range candidates {
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() {
			return c, nil
		}
	}
	if p, err := exec.LookPath("helm"); err == nil {
		return p, nil
	}
	return "", errors.New("helm not found: run `make helm` (installs the pinned version into bin/), or set HELM")
}

// RepoRoot walks up from dir to the directory holding go.mod.
func RepoRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Run runs helm with args and returns its standard output; a failure carries
// its standard error.
func (h Helm) Run(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, h.Bin, args...)
	cmd.Dir = h.Root
	cmd.Env = append(os.Environ(),
		"HELM_CACHE_HOME="+filepath.Join(h.Home, "cache"),
		"HELM_CONFIG_HOME="+filepath.Join(h.Home, "config"),
		"HELM_DATA_HOME="+filepath.Join(h.Home, "data"),
	)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), fmt.Errorf("helm %s: %w\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.Bytes(), nil
}

// valueArgs are the -f flags of a value set plus extra --set assignments.
func valueArgs(vs ValueSet, set []string) []string {
	var args []string
	for _, f := range vs.ValueFiles {
		args = append(args, "-f", f)
	}
	for _, s := range set {
		args = append(args, "--set", s)
	}
	return args
}

// Template renders the chart as `helm template` does, with the value set and
// any extra --set assignments.
func (h Helm) Template(ctx context.Context, vs ValueSet, set ...string) ([]byte, error) {
	return h.TemplateRelease(ctx, ReleaseName, Namespace, vs, set...)
}

// TemplateRelease is Template for another release name and namespace, for
// checks of what templates derive from them (names, selectors).
func (h Helm) TemplateRelease(ctx context.Context, release, namespace string, vs ValueSet, set ...string) ([]byte, error) {
	args := []string{"template", release, h.Chart, "--namespace", namespace, "--kube-version", KubeVersion}
	return h.Run(ctx, append(args, valueArgs(vs, set)...)...)
}

// Lint runs `helm lint --strict` with the value set.
func (h Helm) Lint(ctx context.Context, vs ValueSet, set ...string) ([]byte, error) {
	args := []string{"lint", h.Chart, "--strict", "--namespace", Namespace, "--kube-version", KubeVersion}
	return h.Run(ctx, append(args, valueArgs(vs, set)...)...)
}

// Object is one rendered Kubernetes object, decoded.
type Object map[string]any

// Kind is the object's kind.
func (o Object) Kind() string { s, _ := o["kind"].(string); return s }

// Name is the object's metadata.name.
func (o Object) Name() string { s, _ := Get(o, "metadata", "name").(string); return s }

// Get walks maps by key and slices by int index; nil when a step is missing.
func Get(v any, path ...any) any {
	if o, ok := v.(Object); ok {
		v = map[string]any(o)
	}
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			s, ok := v.([]any)
			if !ok || k < 0 || k >= len(s) {
				return nil
			}
			v = s[k]
		default:
			return nil
		}
	}
	return v
}

// Decode splits a multi-document manifest and decodes each non-empty
// document.
func Decode(manifest []byte) ([]Object, error) {
	var objs []Object
	for i, doc := range strings.Split("\n"+string(manifest), "\n---") {
		if strings.TrimSpace(stripComments(doc)) == "" {
			continue
		}
		var o Object
		if err := yaml.Unmarshal([]byte(doc), &o); err != nil {
			return nil, fmt.Errorf("document %d: %w\n%s", i, err, doc)
		}
		if o == nil {
			continue
		}
		objs = append(objs, o)
	}
	return objs, nil
}

func stripComments(doc string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(doc, "\n") {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Objects renders the value set and decodes every object, in the order helm
// renders them (CRDs, once the chart holds them, come first).
//
// This is the hook for a server-side dry-run against a real API server (an
// envtest kube-apiserver, or a kind cluster): for each of ValueSets, call
// New, then Objects, and submit each object with client.DryRunAll (or
// kubectl apply --dry-run=server); the server then checks what `helm
// template` cannot: the CRD's schema against the sample SupplierConnector,
// field names of every built-in kind, and admission.
func (h Helm) Objects(ctx context.Context, vs ValueSet, set ...string) ([]Object, error) {
	out, err := h.Template(ctx, vs, set...)
	if err != nil {
		return nil, err
	}
	return Decode(out)
}

// New finds the repository root above dir and the helm binary, and keeps
// helm's own files under home (a temporary directory).
func New(dir, home string) (Helm, error) {
	root, err := RepoRoot(dir)
	if err != nil {
		return Helm{}, err
	}
	bin, err := FindHelm(root)
	if err != nil {
		return Helm{}, err
	}
	return Helm{Bin: bin, Root: root, Chart: filepath.Join(root, "charts", "paryatan"), Home: home}, nil
}
