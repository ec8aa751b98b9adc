package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// SupplierConnector is one flight-supplier connection served by the API at
// /api/v1/flights/{supplier}/…. The operator renders every SupplierConnector
// of its namespace into the connector document the API pods hot-reload, and
// reports on the status whether this one was accepted, rendered, applied by
// the running API pods, and whether the supplier answers.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=sconn,categories=paryatan
// +kubebuilder:printcolumn:name="Supplier",type=string,JSONPath=`.spec.supplier`
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
// +kubebuilder:printcolumn:name="Reachable",type=string,JSONPath=`.status.conditions[?(@.type=="SupplierReachable")].status`
// +kubebuilder:printcolumn:name="Search timeout",type=string,JSONPath=`.spec.timeouts.search`
// +kubebuilder:printcolumn:name="Applied pods",type=integer,JSONPath=`.status.appliedPods`
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
type SupplierConnector struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +required
	Spec SupplierConnectorSpec `json:"spec"`
	// +optional
	Status SupplierConnectorStatus `json:"status,omitempty"`
}

// SupplierConnectorSpec is the connection: where the supplier is, how to
// sign in, and how long each call may take. Field rules are the connector
// document's (config/connectors.md).
type SupplierConnectorSpec struct {
	// Supplier is the {supplier} path segment of the flights API: lower-case
	// letters, digits and dashes, starting with a letter. Unique in the
	// namespace: of two resources naming one supplier, the older is served.
	// +required
	// +kubebuilder:validation:Pattern=`^[a-z][a-z0-9-]{0,30}$`
	// +kubebuilder:validation:MaxLength=31
	Supplier string `json:"supplier"`

	// Type is the supplier's wire protocol; it picks the API's adapter.
	// +optional
	// +kubebuilder:default=tbo
	// +kubebuilder:validation:Enum=tbo
	Type string `json:"type,omitempty"`

	// Enabled: a disabled connector answers 503 and is not probed.
	// +optional
	// +kubebuilder:default=true
	Enabled *bool `json:"enabled,omitempty"`

	// Endpoints are the base URLs of the supplier's method groups.
	// +required
	Endpoints Endpoints `json:"endpoints"`

	// Credentials names the Secret holding the supplier login. The operator
	// copies it into the credentials Secret the API pods mount.
	// +required
	Credentials CredentialsSecret `json:"credentials"`

	// EndUserIP is sent as EndUserIp on every supplier call (default
	// 127.0.0.1).
	// +optional
	// +kubebuilder:validation:MaxLength=45
	// +kubebuilder:validation:XValidation:rule="isIP(self)",message="must be an IP address"
	EndUserIP string `json:"endUserIp,omitempty"`

	// Timeouts are the deadlines of each supplier operation; unset ones take
	// the product's defaults (90s; 120s for fareRule, book, ticket and
	// changeRequest).
	// +optional
	Timeouts Timeouts `json:"timeouts,omitempty"`

	// CabinCodes maps the product's cabins to the supplier's
	// FlightCabinClass codes; unset ones take the defaults (2, 3, 4, 6).
	// +optional
	CabinCodes CabinCodes `json:"cabinCodes,omitempty"`

	// Sources are the fare sources searched when a request names none
	// (default both).
	// +optional
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=2
	Sources []Source `json:"sources,omitempty"`

	// Compression asks the supplier for gzip answers. Turn it off for a
	// supplier on loopback or a fast private link.
	// +optional
	// +kubebuilder:default=true
	Compression *bool `json:"compression,omitempty"`

	// ProbeInterval is how often the operator calls the supplier's
	// Authenticate to report reachability (10s to 1h).
	// +optional
	// +kubebuilder:default="60s"
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('10s') && duration(self) <= duration('1h')",message="must be between 10s and 1h"
	ProbeInterval *metav1.Duration `json:"probeInterval,omitempty"`

	// SearchCacheWindow is how long the API answers an identical search
	// (same route, dates, travellers, cabin, sources and flags) from its
	// cache, with the same TraceId, instead of asking the supplier again;
	// identical searches in flight at once also share one supplier call.
	// 0s turns both off. At most 5m: a TraceId lives 15 minutes from the
	// search, and a reused one must keep at least 10. Unset, the API's
	// default applies (5m); left out of the rendered document, so API pods
	// of a version before this field keep accepting it.
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('0s') && duration(self) <= duration('5m')",message="must be between 0s and 5m: a reused TraceId keeps at least 10 of its 15 minutes"
	SearchCacheWindow *metav1.Duration `json:"searchCacheWindow,omitempty"`
}

// EndpointURL is an absolute http or https base URL without a query.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=2048
// +kubebuilder:validation:XValidation:rule="isURL(self) && url(self).getScheme() in ['http', 'https'] && size(url(self).getHostname()) > 0 && url(self).getQuery().size() == 0 && !self.contains('?')",message="must be an absolute http(s) URL without a query"
type EndpointURL string

// Endpoints are the supplier's base URLs per method group.
type Endpoints struct {
	// Auth serves Authenticate (…/SharedData.svc/rest).
	// +required
	Auth EndpointURL `json:"auth"`
	// Air serves Search, FareQuote, FareRule and SSR (…/AirService.svc/rest).
	// +required
	Air EndpointURL `json:"air"`
	// Booking serves Book, Ticket, GetBookingDetails, ReleasePNRRequest,
	// GetCancellationCharges, SendChangeRequest and GetChangeRequestStatus
	// (default: Air).
	// +optional
	Booking EndpointURL `json:"booking,omitempty"`
}

// CredentialsSecret names a Secret in the resource's namespace and the keys
// of the three credentials in it.
type CredentialsSecret struct {
	// Name is the Secret's name.
	// +required
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=253
	Name string `json:"name"`
	// ClientIDKey is the key of the client id.
	// +optional
	// +kubebuilder:default=clientId
	// +kubebuilder:validation:MaxLength=253
	ClientIDKey string `json:"clientIdKey,omitempty"`
	// UserNameKey is the key of the user name.
	// +optional
	// +kubebuilder:default=userName
	// +kubebuilder:validation:MaxLength=253
	UserNameKey string `json:"userNameKey,omitempty"`
	// PasswordKey is the key of the password.
	// +optional
	// +kubebuilder:default=password
	// +kubebuilder:validation:MaxLength=253
	PasswordKey string `json:"passwordKey,omitempty"`
}

// Timeouts are per-operation deadlines, as durations ("90s"), each between
// 1s and 170s so that every hop above the supplier (the API's write timeout,
// the ingress, the pod's grace period) outlasts the longest call. FareRule,
// Book, Ticket and ChangeRequest take at least 120s: a booking or a
// cancellation cut short at our side may still complete at the supplier.
type Timeouts struct {
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	Authenticate *metav1.Duration `json:"authenticate,omitempty"`
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	Search *metav1.Duration `json:"search,omitempty"`
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	FareQuote *metav1.Duration `json:"fareQuote,omitempty"`
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('120s') && duration(self) <= duration('170s')",message="must be between 120s and 170s"
	FareRule *metav1.Duration `json:"fareRule,omitempty"`
	// SSR is the deadline of asking what a result sells besides its fare
	// (seats, meals, extra baggage: the supplier's SSR); it changes nothing
	// and is simply asked again, so it has no 120s floor (default 60s).
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	SSR *metav1.Duration `json:"ssr,omitempty"`
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('120s') && duration(self) <= duration('170s')",message="must be between 120s and 170s"
	Book *metav1.Duration `json:"book,omitempty"`
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('120s') && duration(self) <= duration('170s')",message="must be between 120s and 170s"
	Ticket *metav1.Duration `json:"ticket,omitempty"`
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	BookingDetails *metav1.Duration `json:"bookingDetails,omitempty"`
	// Release is the deadline of giving up a held booking
	// (ReleasePNRRequest); it has no 120s floor, since a release cut short
	// is sent again.
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	Release *metav1.Duration `json:"release,omitempty"`
	// CancellationCharges is the deadline of pricing a cancellation
	// (GetCancellationCharges); it changes nothing, so it has no 120s floor.
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	CancellationCharges *metav1.Duration `json:"cancellationCharges,omitempty"`
	// ChangeRequest is the deadline of asking for a cancellation
	// (SendChangeRequest): like Ticket it commits at the supplier, and takes
	// at least 120s.
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('120s') && duration(self) <= duration('170s')",message="must be between 120s and 170s"
	ChangeRequest *metav1.Duration `json:"changeRequest,omitempty"`
	// ChangeRequestStatus is the deadline of following a cancellation
	// (GetChangeRequestStatus).
	// +optional
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:MaxLength=20
	// +kubebuilder:validation:Pattern=`^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$`
	// +kubebuilder:validation:XValidation:rule="duration(self) >= duration('1s') && duration(self) <= duration('170s')",message="must be between 1s and 170s"
	ChangeRequestStatus *metav1.Duration `json:"changeRequestStatus,omitempty"`
}

// CabinCodes are supplier FlightCabinClass codes (1 to 6) per cabin.
type CabinCodes struct {
	// +optional
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=6
	Economy *int32 `json:"economy,omitempty"`
	// +optional
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=6
	Premium *int32 `json:"premium,omitempty"`
	// +optional
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=6
	Business *int32 `json:"business,omitempty"`
	// +optional
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=6
	First *int32 `json:"first,omitempty"`
}

// Source is a fare source: GDS (full-service) or LCC (low-cost).
// +kubebuilder:validation:Enum=GDS;LCC
type Source string

// The fare sources.
const (
	SourceGDS Source = "GDS"
	SourceLCC Source = "LCC"
)

// The condition types on a SupplierConnector's status.
const (
	// ConditionReady: accepted, rendered, applied by every ready API pod,
	// and the supplier reachable (or the connector disabled).
	ConditionReady = "Ready"
	// ConditionSpecAccepted: the spec passed the connector document's
	// validation (and its credentials Secret holds the keys named).
	ConditionSpecAccepted = "SpecAccepted"
	// ConditionRendered: the connector is in the rendered document, at
	// status.renderedGeneration.
	ConditionRendered = "Rendered"
	// ConditionSupplierReachable: the last probe's Authenticate succeeded.
	ConditionSupplierReachable = "SupplierReachable"
	// ConditionApplied: every ready API pod has loaded the document
	// generation holding this spec.
	ConditionApplied = "Applied"
)

// SupplierConnectorStatus is what the operator observed.
type SupplierConnectorStatus struct {
	// Conditions: Ready, SpecAccepted, Rendered, SupplierReachable, Applied.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// ObservedGeneration is the metadata.generation the status describes.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// LastProbeTime is when the supplier's Authenticate was last called.
	// +optional
	LastProbeTime *metav1.Time `json:"lastProbeTime,omitempty"`
	// LastProbeLatency is how long that call took.
	// +optional
	LastProbeLatency *metav1.Duration `json:"lastProbeLatency,omitempty"`
	// RenderedGeneration is the generation of the connector document that
	// last carried this spec.
	// +optional
	RenderedGeneration int64 `json:"renderedGeneration,omitempty"`
	// AppliedPods counts the ready API pods that have loaded
	// RenderedGeneration or a later one.
	// +optional
	AppliedPods int32 `json:"appliedPods"`
	// ReadyPods counts the ready API pods.
	// +optional
	ReadyPods int32 `json:"readyPods"`
}

// SupplierConnectorList is a list of SupplierConnector.
//
// +kubebuilder:object:root=true
type SupplierConnectorList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []SupplierConnector `json:"items"`
}

func init() {
	SchemeBuilder.Register(&SupplierConnector{}, &SupplierConnectorList{})
}
