package operator

import (
	"fmt"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/paryatan/paryatan/api/v1alpha1"
)

// statusInput is everything one SupplierConnector's status is computed
// from: what rendering decided, what was written, and what the probe and the
// API pods last reported.
type statusInput struct {
	// Verdict is rendering's decision on the connector.
	Verdict Verdict
	// Document is the document written in this pass.
	Document documentState
	// ConfigMapName and APIService are named in messages; an empty
	// APIService means the API pods are not tracked.
	ConfigMapName, APIService string
	// ReadyPods and AppliedPods are the API Service's ready endpoints and
	// those at Document.Generation or later, as last read.
	ReadyPods, AppliedPods int32
	// Probe is the latest probe of the connector's current spec; nil when
	// there is none yet, which leaves SupplierReachable as it was.
	Probe *probeResult
	// Now stamps the conditions that change.
	Now time.Time
}

// documentState is the outcome of writing the document in one pass.
type documentState struct {
	// Generation is the document's generation; 0 when nothing was written.
	Generation int64
	// Err, when set, says why the API's parser refused the document as a
	// whole.
	Err error
}

// connectorStatus returns sc's status given in: the five conditions, the
// probe's time and latency, and the pod counts. It reads sc and nothing
// else, so that every case is table-tested without an API server.
func connectorStatus(sc *v1alpha1.SupplierConnector, in statusInput) v1alpha1.SupplierConnectorStatus {
	st := *sc.Status.DeepCopy()
	st.ObservedGeneration = sc.Generation
	set := func(t string, s metav1.ConditionStatus, reason, msg string) {
		meta.SetStatusCondition(&st.Conditions, metav1.Condition{
			Type: t, Status: s, Reason: reason, Message: msg, ObservedGeneration: sc.Generation,
			LastTransitionTime: metav1.NewTime(in.Now),
		})
	}
	v, p := in.Verdict, in.Probe
	if p != nil {
		// The API server keeps seconds: the same probe read back must
		// compare equal, or every pass would patch the status again.
		st.LastProbeTime = &metav1.Time{Time: p.At.Truncate(time.Second)}
		st.LastProbeLatency = &metav1.Duration{Duration: p.Latency.Round(time.Millisecond)}
	}

	if v.Accepted {
		set(v1alpha1.ConditionSpecAccepted, metav1.ConditionTrue, v.Reason, v.Message)
	} else {
		set(v1alpha1.ConditionSpecAccepted, metav1.ConditionFalse, v.Reason, v.Message)
	}
	rendered := v.Accepted && in.Document.Err == nil
	switch {
	case !v.Accepted:
		set(v1alpha1.ConditionRendered, metav1.ConditionFalse, "NotAccepted", "the spec was not accepted, so it is not in the document")
	case in.Document.Err != nil:
		set(v1alpha1.ConditionRendered, metav1.ConditionFalse, "DocumentRefused", in.Document.Err.Error())
	default:
		st.RenderedGeneration = in.Document.Generation
		set(v1alpha1.ConditionRendered, metav1.ConditionTrue, "Rendered",
			fmt.Sprintf("in ConfigMap %s at generation %d", in.ConfigMapName, in.Document.Generation))
	}

	switch {
	case !v.Accepted:
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionUnknown, "NotProbed", "the spec was not accepted")
	case !isEnabled(sc):
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionUnknown, "Disabled", "a disabled connector is not probed")
	case p != nil && p.Err != nil:
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionFalse, "AuthenticateFailed", p.Err.Error())
	case p != nil:
		set(v1alpha1.ConditionSupplierReachable, metav1.ConditionTrue, "Authenticated",
			fmt.Sprintf("Authenticate answered in %s", p.Latency.Round(time.Millisecond)))
	}

	ready, applied, gen := in.ReadyPods, in.AppliedPods, in.Document.Generation
	st.ReadyPods, st.AppliedPods = ready, 0
	switch {
	case !rendered:
		set(v1alpha1.ConditionApplied, metav1.ConditionFalse, "NotRendered", "the connector is not in the document")
	case in.APIService == "":
		set(v1alpha1.ConditionApplied, metav1.ConditionUnknown, "NotTracked", "the operator was not told the API's Service")
	case ready == 0:
		set(v1alpha1.ConditionApplied, metav1.ConditionFalse, "NoReadyPods",
			fmt.Sprintf("Service %s has no ready endpoints", in.APIService))
	case applied < ready:
		st.AppliedPods = applied
		set(v1alpha1.ConditionApplied, metav1.ConditionFalse, "Pending",
			fmt.Sprintf("%d of %d ready API pods have loaded generation %d", applied, ready, gen))
	default:
		st.AppliedPods = applied
		set(v1alpha1.ConditionApplied, metav1.ConditionTrue, "Applied",
			fmt.Sprintf("all %d ready API pods have loaded generation %d", ready, gen))
	}

	reachable := meta.FindStatusCondition(st.Conditions, v1alpha1.ConditionSupplierReachable)
	appliedC := meta.FindStatusCondition(st.Conditions, v1alpha1.ConditionApplied)
	var why []string
	if !v.Accepted {
		why = append(why, "spec not accepted")
	} else if !rendered {
		why = append(why, "not rendered")
	}
	if isEnabled(sc) && v.Accepted && (reachable == nil || reachable.Status != metav1.ConditionTrue) {
		why = append(why, "supplier not reachable")
	}
	if rendered && appliedC.Status == metav1.ConditionFalse {
		why = append(why, "not applied by every ready API pod")
	}
	if len(why) == 0 {
		set(v1alpha1.ConditionReady, metav1.ConditionTrue, "Ready", "serving")
	} else {
		set(v1alpha1.ConditionReady, metav1.ConditionFalse, "NotReady", strings.Join(why, "; "))
	}
	return st
}

func isEnabled(sc *v1alpha1.SupplierConnector) bool {
	return sc.Spec.Enabled == nil || *sc.Spec.Enabled
}
