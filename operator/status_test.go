package operator

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/paryatan/paryatan/api/v1alpha1"
)

// cond is an expected condition: its status, reason and a part of its
// message.
type cond struct {
	status metav1.ConditionStatus
	reason string
	msg    string
}

func TestConnectorStatus(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	valid := Verdict{Accepted: true, Reason: ReasonValid, Message: "the spec is a valid connector"}
	ok := &probeResult{At: now.Add(-time.Second), Latency: 123456 * time.Microsecond}
	failed := &probeResult{At: now.Add(-time.Second), Latency: 2 * time.Second, Err: errors.New("dial tcp: connection refused")}
	// base is a connector accepted, rendered at generation 7, applied by
	// all 3 ready pods and reachable: Ready. Each case changes one thing.
	base := func() statusInput {
		return statusInput{
			Verdict: valid, Document: documentState{Generation: 7},
			ConfigMapName: "paryatan-connectors", APIService: "paryatan-api",
			ReadyPods: 3, AppliedPods: 3, Probe: ok, Now: now,
		}
	}
	with := func(f func(*statusInput)) statusInput {
		in := base()
		f(&in)
		return in
	}
	disabled := func(sc *v1alpha1.SupplierConnector) { sc.Spec.Enabled = ptr.To(false) }
	reachableBefore := func(s metav1.ConditionStatus) func(*v1alpha1.SupplierConnector) {
		return func(sc *v1alpha1.SupplierConnector) {
			sc.Status.LastProbeTime = &metav1.Time{Time: now.Add(-time.Hour)}
			sc.Status.Conditions = []metav1.Condition{{Type: v1alpha1.ConditionSupplierReachable, Status: s,
				Reason: "Earlier", Message: "an earlier probe", ObservedGeneration: 1, LastTransitionTime: metav1.NewTime(now.Add(-time.Hour))}}
		}
	}
	const (
		accepted   = v1alpha1.ConditionSpecAccepted
		rendered   = v1alpha1.ConditionRendered
		reachable  = v1alpha1.ConditionSupplierReachable
		applied    = v1alpha1.ConditionApplied
		ready      = v1alpha1.ConditionReady
		T, F, U    = metav1.ConditionTrue, metav1.ConditionFalse, metav1.ConditionUnknown
		absent     = metav1.ConditionStatus("absent")
		notReady   = "NotReady"
		invalidMsg = "timeouts.search: must be at least 1s"
	)
	tests := []struct {
		name  string
		sc    func(*v1alpha1.SupplierConnector)
		in    statusInput
		want  map[string]cond
		check func(t *testing.T, st v1alpha1.SupplierConnectorStatus)
	}{
		{
			name: "accepted, rendered, applied everywhere and reachable: ready",
			in:   base(),
			want: map[string]cond{
				accepted:  {T, ReasonValid, "valid connector"},
				rendered:  {T, "Rendered", "in ConfigMap paryatan-connectors at generation 7"},
				reachable: {T, "Authenticated", "Authenticate answered in 123ms"},
				applied:   {T, "Applied", "all 3 ready API pods have loaded generation 7"},
				ready:     {T, "Ready", "serving"},
			},
			check: func(t *testing.T, st v1alpha1.SupplierConnectorStatus) {
				if st.RenderedGeneration != 7 || st.ReadyPods != 3 || st.AppliedPods != 3 {
					t.Errorf("rendered %d, pods %d/%d", st.RenderedGeneration, st.AppliedPods, st.ReadyPods)
				}
				if st.LastProbeTime == nil || !st.LastProbeTime.Equal(&metav1.Time{Time: now.Add(-time.Second)}) ||
					st.LastProbeLatency == nil || st.LastProbeLatency.Duration != 123*time.Millisecond {
					t.Errorf("probe time %v, latency %v", st.LastProbeTime, st.LastProbeLatency)
				}
			},
		},
		{
			name: "a spec the parser refused is not accepted, rendered, probed or applied",
			in:   with(func(in *statusInput) { in.Verdict = Verdict{Reason: ReasonInvalid, Message: invalidMsg} }),
			want: map[string]cond{
				accepted:  {F, ReasonInvalid, invalidMsg},
				rendered:  {F, "NotAccepted", "not in the document"},
				reachable: {U, "NotProbed", "the spec was not accepted"},
				applied:   {F, "NotRendered", "not in the document"},
				ready:     {F, notReady, "spec not accepted"},
			},
			check: func(t *testing.T, st v1alpha1.SupplierConnectorStatus) {
				if st.RenderedGeneration != 0 || st.AppliedPods != 0 || st.ReadyPods != 3 {
					t.Errorf("rendered %d, pods %d/%d", st.RenderedGeneration, st.AppliedPods, st.ReadyPods)
				}
			},
		},
		{
			name: "a duplicate supplier is not accepted",
			in: with(func(in *statusInput) {
				in.Verdict = Verdict{Reason: ReasonDuplicateSupplier, Message: `supplier "tbo" is already served by SupplierConnector "tbo"`}
			}),
			want: map[string]cond{
				accepted: {F, ReasonDuplicateSupplier, "already served"},
				ready:    {F, notReady, "spec not accepted"},
			},
		},
		{
			name: "missing credentials are not accepted",
			in: with(func(in *statusInput) {
				in.Verdict = Verdict{Reason: ReasonCredentialsMissing, Message: `credentials: Secret "tbo-login" not found`}
			}),
			want: map[string]cond{
				accepted:  {F, ReasonCredentialsMissing, `Secret "tbo-login" not found`},
				rendered:  {F, "NotAccepted", ""},
				reachable: {U, "NotProbed", ""},
			},
		},
		{
			name: "a document refused as a whole is not rendered nor applied",
			in: with(func(in *statusInput) {
				in.Document = documentState{Err: fmt.Errorf("%w: two connectors named tbo", errRefused)}
			}),
			want: map[string]cond{
				accepted:  {T, ReasonValid, ""},
				rendered:  {F, "DocumentRefused", "rendered document refused: two connectors named tbo"},
				reachable: {T, "Authenticated", ""},
				applied:   {F, "NotRendered", ""},
				ready:     {F, notReady, "not rendered"},
			},
			check: func(t *testing.T, st v1alpha1.SupplierConnectorStatus) {
				if st.RenderedGeneration != 0 {
					t.Errorf("renderedGeneration = %d", st.RenderedGeneration)
				}
			},
		},
		{
			name: "a failed probe: unreachable, not ready",
			in:   with(func(in *statusInput) { in.Probe = failed }),
			want: map[string]cond{
				reachable: {F, "AuthenticateFailed", "connection refused"},
				applied:   {T, "Applied", ""},
				ready:     {F, notReady, "supplier not reachable"},
			},
			check: func(t *testing.T, st v1alpha1.SupplierConnectorStatus) {
				if st.LastProbeLatency == nil || st.LastProbeLatency.Duration != 2*time.Second {
					t.Errorf("latency %v", st.LastProbeLatency)
				}
			},
		},
		{
			name: "a disabled connector is not probed and can be ready",
			sc:   disabled,
			in:   with(func(in *statusInput) { in.Probe = nil }),
			want: map[string]cond{
				reachable: {U, "Disabled", "a disabled connector is not probed"},
				ready:     {T, "Ready", "serving"},
			},
		},
		{
			name: "no probe of this spec yet: reachability stays what it was",
			sc:   reachableBefore(F),
			in:   with(func(in *statusInput) { in.Probe = nil }),
			want: map[string]cond{
				reachable: {F, "Earlier", "an earlier probe"},
				ready:     {F, notReady, "supplier not reachable"},
			},
			check: func(t *testing.T, st v1alpha1.SupplierConnectorStatus) {
				if c := meta.FindStatusCondition(st.Conditions, reachable); c.ObservedGeneration != 1 {
					t.Errorf("kept condition claims generation %d", c.ObservedGeneration)
				}
				if !st.LastProbeTime.Equal(&metav1.Time{Time: now.Add(-time.Hour)}) {
					t.Errorf("lastProbeTime = %v, want the earlier one", st.LastProbeTime)
				}
			},
		},
		{
			name: "never probed: no reachability, not ready",
			in:   with(func(in *statusInput) { in.Probe = nil }),
			want: map[string]cond{
				reachable: {absent, "", ""},
				ready:     {F, notReady, "supplier not reachable"},
			},
		},
		{
			name: "no API Service given: applied is unknown and does not hold readiness",
			in:   with(func(in *statusInput) { in.APIService, in.ReadyPods, in.AppliedPods = "", 0, 0 }),
			want: map[string]cond{
				applied: {U, "NotTracked", "not told the API's Service"},
				ready:   {T, "Ready", ""},
			},
		},
		{
			name: "no ready API pod",
			in:   with(func(in *statusInput) { in.ReadyPods, in.AppliedPods = 0, 0 }),
			want: map[string]cond{
				applied: {F, "NoReadyPods", "Service paryatan-api has no ready endpoints"},
				ready:   {F, notReady, "not applied by every ready API pod"},
			},
		},
		{
			name: "some ready pods still on an older generation",
			in:   with(func(in *statusInput) { in.AppliedPods = 1 }),
			want: map[string]cond{
				applied: {F, "Pending", "1 of 3 ready API pods have loaded generation 7"},
				ready:   {F, notReady, "not applied by every ready API pod"},
			},
			check: func(t *testing.T, st v1alpha1.SupplierConnectorStatus) {
				if st.ReadyPods != 3 || st.AppliedPods != 1 {
					t.Errorf("pods %d/%d", st.AppliedPods, st.ReadyPods)
				}
			},
		},
		{
			name: "every reason not to be ready is given",
			in: with(func(in *statusInput) {
				in.Probe, in.AppliedPods = failed, 0
			}),
			want: map[string]cond{
				ready: {F, notReady, "supplier not reachable; not applied by every ready API pod"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := &v1alpha1.SupplierConnector{}
			sc.Name, sc.Generation = "tbo", 4
			if tt.sc != nil {
				tt.sc(sc)
			}
			before := sc.DeepCopy()
			st := connectorStatus(sc, tt.in)
			if !equality.Semantic.DeepEqual(sc, before) {
				t.Errorf("the connector was changed")
			}
			if st.ObservedGeneration != 4 {
				t.Errorf("observedGeneration = %d", st.ObservedGeneration)
			}
			for typ, want := range tt.want {
				c := meta.FindStatusCondition(st.Conditions, typ)
				if want.status == absent {
					if c != nil {
						t.Errorf("%s = %s %s, want it absent", typ, c.Status, c.Reason)
					}
					continue
				}
				if c == nil {
					t.Errorf("%s absent", typ)
					continue
				}
				if c.Status != want.status || c.Reason != want.reason || !strings.Contains(c.Message, want.msg) {
					t.Errorf("%s = %s %s %q, want %s %s containing %q", typ, c.Status, c.Reason, c.Message, want.status, want.reason, want.msg)
				}
			}
			for _, c := range st.Conditions {
				if c.Reason != "Earlier" && (c.ObservedGeneration != 4 || !c.LastTransitionTime.Time.Equal(now)) {
					t.Errorf("%s: generation %d at %s", c.Type, c.ObservedGeneration, c.LastTransitionTime)
				}
			}
			if tt.check != nil {
				tt.check(t, st)
			}
		})
	}
}

// A condition that keeps its status keeps its transition time, and the
// status computed again from the same input is the same: no patch.
func TestConnectorStatusIsStable(t *testing.T) {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	in := statusInput{
		Verdict: Verdict{Accepted: true, Reason: ReasonValid}, Document: documentState{Generation: 2},
		ConfigMapName: "paryatan-connectors", APIService: "paryatan-api", ReadyPods: 1, AppliedPods: 1,
		Probe: &probeResult{At: start.Add(1500 * time.Millisecond), Latency: 40 * time.Millisecond}, Now: start,
	}
	sc := &v1alpha1.SupplierConnector{}
	sc.Generation = 1
	sc.Status = connectorStatus(sc, in)
	in.Now = start.Add(time.Minute)
	again := connectorStatus(sc, in)
	if !equality.Semantic.DeepEqual(sc.Status, again) {
		t.Fatalf("the same input gave another status:\n%+v\n%+v", sc.Status, again)
	}
	// The probe time read back from the API server has whole seconds.
	sc.Status.LastProbeTime = &metav1.Time{Time: start.Add(time.Second)}
	if again = connectorStatus(sc, in); !equality.Semantic.DeepEqual(sc.Status, again) {
		t.Errorf("the probe time read back differs: %v, %v", sc.Status.LastProbeTime, again.LastProbeTime)
	}

	in.AppliedPods = 0
	pending := connectorStatus(sc, in)
	c := meta.FindStatusCondition(pending.Conditions, v1alpha1.ConditionApplied)
	if c.Status != metav1.ConditionFalse || !c.LastTransitionTime.Time.Equal(in.Now) {
		t.Errorf("applied turned %s at %s, want False at %s", c.Status, c.LastTransitionTime, in.Now)
	}
	if c := meta.FindStatusCondition(pending.Conditions, v1alpha1.ConditionSpecAccepted); !c.LastTransitionTime.Time.Equal(start) {
		t.Errorf("SpecAccepted moved to %s without a transition", c.LastTransitionTime)
	}
}
