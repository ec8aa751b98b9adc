package operator

import (
	"encoding/json"
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	"k8s.io/utils/ptr"
)

func TestReadyPods(t *testing.T) {
	pod := func(name string) *corev1.ObjectReference { return &corev1.ObjectReference{Kind: "Pod", Name: name} }
	slices := []discoveryv1.EndpointSlice{
		{Endpoints: []discoveryv1.Endpoint{
			{Addresses: []string{"10.0.0.1"}, TargetRef: pod("api-a")},
			{Addresses: []string{"10.0.0.2"}, TargetRef: pod("api-b"), Conditions: discoveryv1.EndpointConditions{Ready: ptr.To(false)}},
			{Addresses: []string{"10.0.0.3"}},
			{Addresses: []string{"10.0.0.4"}, TargetRef: &corev1.ObjectReference{Kind: "Node", Name: "n"}},
		}},
		// The same endpoint in a second slice (an IPv4 and a dual-stack one).
		{Endpoints: []discoveryv1.Endpoint{{Addresses: []string{"10.0.0.1"}, TargetRef: pod("api-a")}}},
	}
	want := []apiPod{{Addr: "10.0.0.1", Pod: "api-a"}, {Addr: "10.0.0.3"}, {Addr: "10.0.0.4"}}
	if got := readyPods(slices); !reflect.DeepEqual(got, want) {
		t.Errorf("readyPods = %+v, want %+v", got, want)
	}
}

func TestGenerationPatch(t *testing.T) {
	var p struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(generationPatch(42), &p); err != nil {
		t.Fatal(err)
	}
	if got := p.Metadata.Annotations; len(got) != 1 || got[GenerationAnnotation] != "42" {
		t.Errorf("patch annotations = %v, want only %s: 42", got, GenerationAnnotation)
	}
}
