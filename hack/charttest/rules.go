package charttest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
)

// FindPromtool locates promtool, which checks and unit-tests the alerts:
// $PROMTOOL, then PATH. hack/ensure-promtool.sh installs it (make test and
// make chart-test run it and pass its answer as PROMTOOL).
func FindPromtool() (string, error) {
	if p := os.Getenv("PROMTOOL"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("PROMTOOL=%s: %w (hack/ensure-promtool.sh installs promtool)", p, err)
		}
		return p, nil
	}
	if p, err := exec.LookPath("promtool"); err == nil {
		return p, nil
	}
	return "", errors.New("promtool not found: run hack/ensure-promtool.sh (installs Debian's prometheus package, which carries it) and pass its output as PROMTOOL, or use make chart-test")
}

// Promtool runs promtool with args in dir (where the files it is given, and
// those they name, are); a failure carries what promtool printed.
func Promtool(ctx context.Context, bin, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("promtool %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return out, nil
}

// RulesFile turns a rendered PrometheusRule into the rules file Prometheus
// itself would load: prometheus-operator writes spec.groups, unchanged, as
// {groups: [...]}, so what promtool accepts here is what the operator hands
// to Prometheus.
func RulesFile(rule Object) ([]byte, error) {
	if rule.Kind() != "PrometheusRule" {
		return nil, fmt.Errorf("%s %s is not a PrometheusRule", rule.Kind(), rule.Name())
	}
	groups, ok := Get(rule, "spec", "groups").([]any)
	if !ok || len(groups) == 0 {
		return nil, fmt.Errorf("PrometheusRule %s has no spec.groups", rule.Name())
	}
	out, err := yaml.Marshal(map[string]any{"groups": groups})
	if err != nil {
		return nil, fmt.Errorf("PrometheusRule %s: %w", rule.Name(), err)
	}
	return out, nil
}

// Alert is one alerting rule of a rendered PrometheusRule.
type Alert struct {
	Name string
	Expr string
	// For is the rule's `for:`; empty when the alert fires at once.
	For string
}

// Alerts lists the alerting rules of a rendered PrometheusRule, in order.
func Alerts(rule Object) []Alert {
	var out []Alert
	groups, _ := Get(rule, "spec", "groups").([]any)
	for _, g := range groups {
		rules, _ := Get(g, "rules").([]any)
		for _, r := range rules {
			name, _ := Get(r, "alert").(string)
			if name == "" {
				continue
			}
			expr, _ := Get(r, "expr").(string)
			forDur, _ := Get(r, "for").(string)
			out = append(out, Alert{Name: name, Expr: expr, For: forDur})
		}
	}
	return out
}

// ScrapeTarget is one endpoint of one of the chart's ServiceMonitors, as
// prometheus-operator turns it into a scrape job: the labels it attaches to
// every series scraped from a pod behind it are what the alerts' selectors
// must match.
type ScrapeTarget struct {
	// Namespace, Service and Job are the Service's namespace and name and
	// the job label (the Service's name unless the ServiceMonitor names a
	// jobLabel the Service carries).
	Namespace, Service, Job string
	// Endpoint is the ServiceMonitor endpoint's port name.
	Endpoint string
	// Deployment, Container and Port are the pods behind the Service, the
	// container that exposes the endpoint's target port, and that port.
	Deployment, Container string
	Port                  int
}

// Labels are the target labels prometheus-operator's relabelling gives the
// pod'th pod behind the target; its name and address are made up, in the
// shape a ReplicaSet and the pod network give them.
func (t ScrapeTarget) Labels(pod int) [][2]string {
	return [][2]string{
		{"namespace", t.Namespace},
		{"service", t.Service},
		{"job", t.Job},
		{"endpoint", t.Endpoint},
		{"pod", fmt.Sprintf("%s-6d4cf56db6-%05d", t.Deployment, pod)},
		{"container", t.Container},
		{"instance", fmt.Sprintf("10.42.0.%d:%d", pod+10, t.Port)},
	}
}

// ScrapeTargets follows each rendered ServiceMonitor to the Services it
// selects and the Deployments behind them, as prometheus-operator and
// Prometheus's Kubernetes discovery would, and returns its targets keyed by
// the selected Service's app.kubernetes.io/component label (api, operator).
// What a ServiceMonitor may set that this does not model (relabelling,
// target labels, selector expressions) is an error rather than a silent
// mismatch.
func ScrapeTargets(objs []Object) (map[string]ScrapeTarget, error) {
	out := map[string]ScrapeTarget{}
	for _, sm := range objs {
		if sm.Kind() != "ServiceMonitor" {
			continue
		}
		spec, _ := Get(sm, "spec").(map[string]any)
		for _, unsupported := range []string{"targetLabels", "podTargetLabels", "attachMetadata"} {
			if spec[unsupported] != nil {
				return nil, fmt.Errorf("ServiceMonitor %s sets %s, which ScrapeTargets does not model", sm.Name(), unsupported)
			}
		}
		if Get(spec, "selector", "matchExpressions") != nil {
			return nil, fmt.Errorf("ServiceMonitor %s selects with matchExpressions, which ScrapeTargets does not model", sm.Name())
		}
		match := stringMap(Get(spec, "selector", "matchLabels"))
		if len(match) == 0 {
			return nil, fmt.Errorf("ServiceMonitor %s selects no labels", sm.Name())
		}
		namespaces := []string{stringOf(Get(sm, "metadata", "namespace"))}
		if names, ok := Get(spec, "namespaceSelector", "matchNames").([]any); ok {
			namespaces = nil
			for _, n := range names {
				namespaces = append(namespaces, stringOf(n))
			}
		}
		endpoints, _ := Get(spec, "endpoints").([]any)
		var found int
		for _, svc := range objs {
			if svc.Kind() != "Service" || !slices.Contains(namespaces, stringOf(Get(svc, "metadata", "namespace"))) ||
				!subset(match, stringMap(Get(svc, "metadata", "labels"))) {
				continue
			}
			for _, ep := range endpoints {
				t, err := scrapeTarget(objs, sm, svc, ep)
				if err != nil {
					return nil, err
				}
				component := stringMap(Get(svc, "metadata", "labels"))["app.kubernetes.io/component"]
				if _, dup := out[component]; dup {
					return nil, fmt.Errorf("more than one scrape target for component %q", component)
				}
				out[component] = t
				found++
			}
		}
		if found == 0 {
			return nil, fmt.Errorf("ServiceMonitor %s selects no rendered Service (%v in %v)", sm.Name(), match, namespaces)
		}
	}
	return out, nil
}

func scrapeTarget(objs []Object, sm, svc Object, ep any) (ScrapeTarget, error) {
	for _, unsupported := range []string{"relabelings", "metricRelabelings", "honorLabels", "targetPort"} {
		if Get(ep, unsupported) != nil {
			return ScrapeTarget{}, fmt.Errorf("ServiceMonitor %s: an endpoint sets %s, which ScrapeTargets does not model", sm.Name(), unsupported)
		}
	}
	t := ScrapeTarget{
		Namespace: stringOf(Get(svc, "metadata", "namespace")),
		Service:   svc.Name(),
		Job:       svc.Name(),
		Endpoint:  stringOf(Get(ep, "port")),
	}
	if l, _ := Get(sm, "spec", "jobLabel").(string); l != "" {
		if v, ok := stringMap(Get(svc, "metadata", "labels"))[l]; ok {
			t.Job = v
		}
	}
	var targetPort any
	ports, _ := Get(svc, "spec", "ports").([]any)
	for _, p := range ports {
		if Get(p, "name") == t.Endpoint {
			targetPort = Get(p, "targetPort")
			if targetPort == nil {
				targetPort = Get(p, "port")
			}
		}
	}
	if targetPort == nil {
		return ScrapeTarget{}, fmt.Errorf("ServiceMonitor %s scrapes port %q, which Service %s does not have", sm.Name(), t.Endpoint, svc.Name())
	}
	selector := stringMap(Get(svc, "spec", "selector"))
	for _, d := range objs {
		if d.Kind() != "Deployment" || stringOf(Get(d, "metadata", "namespace")) != t.Namespace ||
			!subset(selector, stringMap(Get(d, "spec", "template", "metadata", "labels"))) {
			continue
		}
		containers, _ := Get(d, "spec", "template", "spec", "containers").([]any)
		for _, c := range containers {
			cports, _ := Get(c, "ports").([]any)
			for _, cp := range cports {
				n, _ := Get(cp, "containerPort").(float64)
				if Get(cp, "name") == targetPort || n == targetPort {
					t.Deployment, t.Container, t.Port = d.Name(), stringOf(Get(c, "name")), int(n)
					return t, nil
				}
			}
		}
	}
	return ScrapeTarget{}, fmt.Errorf("service %s: no rendered pod exposes its target port %v", svc.Name(), targetPort)
}

// SeriesLabels writes labels as PromQL matchers (a="b", c="d").
func SeriesLabels(labels [][2]string) string { return joinLabels(labels, "=") }

// YAMLLabels writes labels as the entries of a YAML flow mapping (a: "b",
// c: "d").
func YAMLLabels(labels [][2]string) string { return joinLabels(labels, ": ") }

// joinLabels writes each label as name, sep and quoted value, comma-separated.
func joinLabels(labels [][2]string, sep string) string {
	var b bytes.Buffer
	for i, l := range labels {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(l[0] + sep + strconv.Quote(l[1]))
	}
	return b.String()
}

// WriteRules writes the rules file of a rendered PrometheusRule into dir
// under name.
func WriteRules(dir, name string, rule Object) (string, error) {
	body, err := RulesFile(rule)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, body, 0o644); err != nil {
		return "", fmt.Errorf("writing the rules file: %w", err)
	}
	return path, nil
}

func stringOf(v any) string { s, _ := v.(string); return s }

func stringMap(v any) map[string]string {
	m, _ := v.(map[string]any)
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = fmt.Sprint(v)
	}
	return out
}

func subset(want, have map[string]string) bool {
	for k, w := range want {
		if v, ok := have[k]; !ok || v != w {
			return false
		}
	}
	return true
}
