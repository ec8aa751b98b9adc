package charttest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	texttemplate "text/template"
	"time"

	"sigs.k8s.io/yaml"
)

// rulesFileName is the rules file the unit tests' rule_files names; the
// test writes it next to the executed unit-test file.
const rulesFileName = "paryatan-rules.yaml"

// alertTestsFile holds promtool unit tests of every alert; it is a
// text/template (see its header).
const alertTestsFile = "testdata/alert-tests.yaml"

// monitoringOn turns on what the alerts need: the rule, and the
// ServiceMonitors whose scrapes attach the labels the rules select by.
const monitoringOn = `
monitoring:
  serviceMonitor:
    enabled: true
  prometheusRule:
    enabled: true
`

// ruleInstall is one install whose PrometheusRule promtool checks.
type ruleInstall struct {
	name               string
	release, namespace string
	// valueSet is the name of one of ValueSets; values are YAML documents
	// laid on it, each as a value file of its own.
	valueSet string
	values   []string
	// selector, when not nil, replaces the body of the chart's
	// paryatan.api.promSelector helper (in a copy of the chart), to show
	// the rules stay valid whatever that helper yields.
	selector *string
}

// ruleInstalls vary everything templates put into the rules: names (release,
// namespace, overrides), labels, thresholds, and the selector helper itself.
var ruleInstalls = []ruleInstall{
	{name: "defaults", valueSet: "defaults", values: []string{monitoringOn}},
	{name: "production", valueSet: "production"},
	{name: "release and namespace", release: "ptn-eu", namespace: "travel-prod", valueSet: "defaults", values: []string{monitoringOn}},
	{name: "nameOverride", release: "blue", namespace: "trips", valueSet: "defaults", values: []string{monitoringOn, `
nameOverride: bookings
`}},
	{name: "fullnameOverride and commonLabels", valueSet: "defaults", values: []string{monitoringOn, `
fullnameOverride: travel-api
commonLabels:
  team: travel-platform
  example.com/cost-centre: "4711"
`}},
	{name: "rule and alert labels", valueSet: "defaults", values: []string{monitoringOn, `
monitoring:
  prometheusRule:
    labels:
      release: kube-prometheus-stack
      role: alert-rules
    additionalAlertLabels:
      team: travel-platform
      routing_key: pager/travel
      runbook: 'https://runbooks.example/paryatan?owner="sre"&tz=IST'
`}},
	{name: "thresholds", valueSet: "defaults", values: []string{monitoringOn, `
monitoring:
  prometheusRule:
    supplierTimeoutSeconds:
      search: 45.5
      ticket: 170
    nearTimeoutFraction: 0.65
    timeoutRatio: 0.001
    ticketFailureRatio: 1
    http5xxRatio: 0.5
    connectorSkewMinutes: 1
    bookingUnknownAgeSeconds: 1209600
    outboxAgeSeconds: 90
    paymentErrorRatio: 0.25
    jobsFailing: 3
`}},
	{name: "operator off", valueSet: "defaults", values: []string{monitoringOn, `
operator:
  enabled: false
`}},
	{name: "empty selector", valueSet: "defaults", values: []string{monitoringOn}, selector: new("")},
	{name: "one-label selector", valueSet: "defaults", values: []string{monitoringOn}, selector: new(`job="{{ include "paryatan.api.fullname" . }}"`)},
}

var promSelectorDefine = regexp.MustCompile(`(?s)(\{\{-? define "paryatan.api.promSelector" -?\}\}).*?(\{\{-? end -?\}\})`)

// renderRule renders an install and returns its objects and PrometheusRule.
func renderRule(t *testing.T, in ruleInstall) ([]Object, Object) {
	t.Helper()
	h := setup(t)
	if in.selector != nil {
		h.Chart = copyChart(t, h)
		path := filepath.Join(h.Chart, "templates", "_helpers.tpl")
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !promSelectorDefine.Match(src) {
			t.Fatal("_helpers.tpl defines no paryatan.api.promSelector: update this test to the selector's new home")
		}
		src = promSelectorDefine.ReplaceAllFunc(src, func(m []byte) []byte {
			parts := promSelectorDefine.FindSubmatch(m)
			return slices.Concat(parts[1], []byte(*in.selector), parts[2])
		})
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vs := valueSet(t, in.valueSet)
	dir := t.TempDir()
	vs.ValueFiles = slices.Clip(vs.ValueFiles)
	for i, v := range in.values {
		overlay := filepath.Join(dir, fmt.Sprintf("values-%d.yaml", i))
		if err := os.WriteFile(overlay, []byte(v), 0o644); err != nil {
			t.Fatal(err)
		}
		vs.ValueFiles = append(vs.ValueFiles, overlay)
	}
	release, namespace := orDefault(in.release, ReleaseName), orDefault(in.namespace, Namespace)
	out, err := h.TemplateRelease(context.Background(), release, namespace, vs)
	if err != nil {
		t.Fatal(err)
	}
	objs, err := Decode(out)
	if err != nil {
		t.Fatal(err)
	}
	rules := kinds(objs, "PrometheusRule")
	if len(rules) != 1 {
		t.Fatalf("%d PrometheusRules rendered, want 1", len(rules))
	}
	return objs, rules[0]
}

func orDefault(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

func promtoolBin(t *testing.T) string {
	t.Helper()
	bin, err := FindPromtool()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// prometheus-operator refuses a whole PrometheusRule when one expression
// does not parse, so an install would get no alerts at all: promtool must
// accept every rule of every install, lint findings included.
func TestAlertRulesValid(t *testing.T) {
	bin := promtoolBin(t)
	for _, in := range ruleInstalls {
		t.Run(in.name, func(t *testing.T) {
			t.Parallel()
			_, rule := renderRule(t, in)
			path, err := WriteRules(t.TempDir(), rulesFileName, rule)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Promtool(context.Background(), bin, filepath.Dir(path), "check", "rules", "--lint=all", "--lint-fatal", path); err != nil {
				t.Error(err)
			}
		})
	}
}

// alertTests is what TestAlertUnitTests reads of a unit-test file.
type alertTests struct {
	RuleFiles []string `json:"rule_files"`
	Tests     []struct {
		Name        string `json:"name"`
		InputSeries []struct {
			Series string `json:"series"`
		} `json:"input_series"`
		AlertRuleTests []struct {
			EvalTime  string           `json:"eval_time"`
			Alertname string           `json:"alertname"`
			ExpAlerts []map[string]any `json:"exp_alerts"`
		} `json:"alert_rule_test"`
	} `json:"tests"`
}

// unitTests executes the unit-test template for an install's scrape targets.
func unitTests(t *testing.T, objs []Object, namespace string) []byte {
	t.Helper()
	targets, err := ScrapeTargets(objs)
	if err != nil {
		t.Fatal(err)
	}
	target := func(component string) (ScrapeTarget, error) {
		tg, ok := targets[component]
		if !ok {
			return tg, fmt.Errorf("no ServiceMonitor scrapes a %q Service", component)
		}
		return tg, nil
	}
	funcs := texttemplate.FuncMap{
		"scrape": func(component string, pod int) (string, error) {
			tg, err := target(component)
			return SeriesLabels(tg.Labels(pod)), err
		},
		"scrapeLabels": func(component string, pod int) (string, error) {
			tg, err := target(component)
			return YAMLLabels(tg.Labels(pod)), err
		},
		"label": func(component string, pod int, name string) (string, error) {
			tg, err := target(component)
			if err != nil {
				return "", err
			}
			for _, l := range tg.Labels(pod) {
				if l[0] == name {
					return l[1], nil
				}
			}
			return "", fmt.Errorf("a scrape attaches no label %q", name)
		},
		"namespace": func() string { return namespace },
	}
	src, err := os.ReadFile(alertTestsFile)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := texttemplate.New(filepath.Base(alertTestsFile)).Funcs(funcs).Option("missingkey=error").Parse(string(src))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := tmpl.Execute(&out, nil); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// checkCoverage fails unless every alert of the rule has a test that fires
// it (every rule of that name: as many expected alerts as rules) and a quiet
// test that feeds it one of its own series, and unless every alert with a
// `for:` is seen pending before it fires, so the duration is pinned too.
func checkCoverage(t *testing.T, rule Object, src []byte) {
	t.Helper()
	var tests alertTests
	if err := yaml.Unmarshal(src, &tests); err != nil {
		t.Fatalf("%s: %v", alertTestsFile, err)
	}
	if !slices.Equal(tests.RuleFiles, []string{rulesFileName}) {
		t.Errorf("%s: rule_files %v, want [%s] (the file the test writes)", alertTestsFile, tests.RuleFiles, rulesFileName)
	}
	type want struct {
		rules   int
		metrics []string
		pending bool
	}
	alerts := map[string]*want{}
	var names []string
	for _, a := range Alerts(rule) {
		w := alerts[a.Name]
		if w == nil {
			w = &want{pending: a.For != ""}
			alerts[a.Name] = w
			names = append(names, a.Name)
		}
		w.rules++
		w.metrics = append(w.metrics, metricRef.FindAllString(a.Expr, -1)...)
	}
	fires, quiet, pendingFirst := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, tc := range tests.Tests {
		// Per alert in this test: when it is expected to be silent, and
		// when to fire for every one of its rules.
		empty, firing := map[string][]time.Duration{}, map[string][]time.Duration{}
		for _, at := range tc.AlertRuleTests {
			w := alerts[at.Alertname]
			if w == nil {
				t.Errorf("%s: test %q expects %q, which no rule defines (an empty expectation of it would pass without testing anything)", alertTestsFile, tc.Name, at.Alertname)
				continue
			}
			when, err := time.ParseDuration(at.EvalTime)
			if err != nil {
				t.Errorf("%s: test %q: eval_time %q: %v (write it in h, m or s)", alertTestsFile, tc.Name, at.EvalTime, err)
				continue
			}
			switch {
			case len(at.ExpAlerts) == 0:
				empty[at.Alertname] = append(empty[at.Alertname], when)
			case len(at.ExpAlerts) >= w.rules:
				firing[at.Alertname] = append(firing[at.Alertname], when)
			default:
				// Fires for some of its rules only: neither case.
				firing[at.Alertname] = append(firing[at.Alertname], -1)
			}
		}
		for name, times := range firing {
			for _, ft := range times {
				if ft < 0 {
					continue
				}
				fires[name] = true
				if slices.ContainsFunc(empty[name], func(et time.Duration) bool { return et < ft }) {
					pendingFirst[name] = true
				}
			}
		}
		for name := range empty {
			if len(firing[name]) > 0 {
				continue
			}
			for _, in := range tc.InputSeries {
				metric, _, _ := strings.Cut(in.Series, "{")
				if slices.Contains(alerts[name].metrics, strings.TrimSpace(metric)) {
					quiet[name] = true
				}
			}
		}
	}
	if len(names) == 0 {
		t.Fatal("the PrometheusRule has no alerts")
	}
	for _, name := range names {
		w := alerts[name]
		if !fires[name] {
			t.Errorf("%s: no test fires %s (for each of its %d rules)", alertTestsFile, name, w.rules)
		}
		if !quiet[name] {
			t.Errorf("%s: no quiet test of %s (exp_alerts empty, fed series of %v)", alertTestsFile, name, w.metrics)
		}
		if w.pending && !pendingFirst[name] {
			t.Errorf("%s: %s has a for: but its firing test does not first expect it pending (nothing)", alertTestsFile, name)
		}
	}
}

// Every alert fires on the series the API and the operator export, as a
// ServiceMonitor scrape labels them, and stays quiet below its threshold.
// Run for the default install and for another release and namespace, so a
// selector that stops matching what is scraped fails a firing case.
func TestAlertUnitTests(t *testing.T) {
	bin := promtoolBin(t)
	for _, in := range []ruleInstall{
		{name: "defaults", valueSet: "defaults", values: []string{monitoringOn}},
		{name: "release and namespace", release: "ptn-eu", namespace: "travel-prod", valueSet: "defaults", values: []string{monitoringOn}},
	} {
		t.Run(in.name, func(t *testing.T) {
			t.Parallel()
			objs, rule := renderRule(t, in)
			dir := t.TempDir()
			if _, err := WriteRules(dir, rulesFileName, rule); err != nil {
				t.Fatal(err)
			}
			src := unitTests(t, objs, orDefault(in.namespace, Namespace))
			checkCoverage(t, rule, src)
			path := filepath.Join(dir, "alert-tests.yaml")
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			if _, err := Promtool(context.Background(), bin, dir, "test", "rules", path); err != nil {
				t.Error(err)
			}
			t.Logf("promtool test rules: %s", time.Since(start).Round(time.Millisecond))
		})
	}
}
