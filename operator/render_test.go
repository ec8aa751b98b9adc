package operator

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

func sc(name, supplier string, age time.Duration, mutate ...func(*v1alpha1.SupplierConnectorSpec)) v1alpha1.SupplierConnector {
	s := v1alpha1.SupplierConnector{
		ObjectMeta: metav1.ObjectMeta{Name: name, CreationTimestamp: metav1.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(-age))},
		Spec: v1alpha1.SupplierConnectorSpec{
			Supplier:    supplier,
			Endpoints:   v1alpha1.Endpoints{Auth: "https://auth.example/SharedData.svc/rest/", Air: "https://air.example/AirService.svc/rest"},
			Credentials: v1alpha1.CredentialsSecret{Name: "tbo-login"},
		},
	}
	for _, m := range mutate {
		m(&s.Spec)
	}
	return s
}

func login(data map[string]string) map[string]*corev1.Secret {
	sec := &corev1.Secret{Data: map[string][]byte{}}
	for k, v := range data {
		sec.Data[k] = []byte(v)
	}
	return map[string]*corev1.Secret{"tbo-login": sec}
}

var goodLogin = map[string]string{"clientId": "ApiIntegrationNew", "userName": "agent", "password": "s3cret"}

func seconds(n int) *metav1.Duration {
	return &metav1.Duration{Duration: time.Duration(n) * time.Second}
}

// Every supplier operation has a deadline in the resource, carried into the
// connector document under its own name: an operation added to the API
// without a field here would silently keep its default.
func TestEveryOperationTimeoutIsCarriedOver(t *testing.T) {
	t.Parallel()
	var timeouts v1alpha1.Timeouts
	v := reflect.ValueOf(&timeouts).Elem()
	want := map[connector.Operation]time.Duration{}
	for i := range v.NumField() {
		name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
		want[connector.Operation(name)] = time.Duration(121+i) * time.Second
		v.Field(i).Set(reflect.ValueOf(seconds(121 + i)))
	}
	r := sc("tbo", "tbo", 0, func(s *v1alpha1.SupplierConnectorSpec) { s.Timeouts = timeouts })
	c := ConnectorFor(&r, "/credentials")
	if len(want) != len(connector.Operations) || len(c.Timeouts) != len(connector.Operations) {
		t.Fatalf("%d timeout fields, %d carried over, for %d operations", len(want), len(c.Timeouts), len(connector.Operations))
	}
	for _, op := range connector.Operations {
		if got, ok := c.Timeouts[op]; !ok || time.Duration(got) != want[op] {
			t.Errorf("timeouts.%s = %v, want %v", op, time.Duration(got), want[op])
		}
	}
}

func TestRender(t *testing.T) {
	three := int32(3)
	tests := []struct {
		name     string
		items    []v1alpha1.SupplierConnector
		secrets  map[string]*corev1.Secret
		want     map[string]string // verdict reason by resource name
		message  map[string]string // a part of the verdict's message
		inDoc    []string          // suppliers in the document, in order
		checkDoc func(t *testing.T, doc connector.Document)
	}{
		{
			name:    "a valid connector is rendered with only what it sets; the API fills the rest",
			items:   []v1alpha1.SupplierConnector{sc("tbo", "tbo", 0)},
			secrets: login(goodLogin),
			want:    map[string]string{"tbo": ReasonValid},
			inDoc:   []string{"tbo"},
			checkDoc: func(t *testing.T, doc connector.Document) {
				c := doc.Connectors[0]
				if c.Credentials.File != "/creds/tbo.json" || c.Credentials.Env != nil {
					t.Errorf("credentials = %+v", c.Credentials)
				}
				if c.Timeouts != nil || c.CabinCodes != nil || c.Sources != nil || c.SearchCacheWindow != nil {
					t.Errorf("unset fields rendered: %+v", c)
				}
			},
		},
		{
			name: "timeouts, cabin codes and sources are carried over",
			items: []v1alpha1.SupplierConnector{sc("tbo", "tbo", 0, func(s *v1alpha1.SupplierConnectorSpec) {
				s.Timeouts = v1alpha1.Timeouts{Search: seconds(45), Book: seconds(150), Release: seconds(30)}
				s.CabinCodes.Premium = &three
				s.Sources = []v1alpha1.Source{v1alpha1.SourceLCC}
			})},
			secrets: login(goodLogin),
			want:    map[string]string{"tbo": ReasonValid},
			inDoc:   []string{"tbo"},
			checkDoc: func(t *testing.T, doc connector.Document) {
				c := doc.Connectors[0]
				if c.Timeout(connector.OpSearch) != 45*time.Second || c.Timeout(connector.OpBook) != 150*time.Second ||
					c.Timeout(connector.OpRelease) != 30*time.Second || len(c.Timeouts) != 3 {
					t.Errorf("timeouts = %v", c.Timeouts)
				}
				if c.CabinCodes["premium"] != 3 || len(c.CabinCodes) != 1 || strings.Join(c.Sources, ",") != "LCC" {
					t.Errorf("cabins %v sources %v", c.CabinCodes, c.Sources)
				}
			},
		},
		{
			name: "the search cache window is carried over, 0s (no reuse) included",
			items: []v1alpha1.SupplierConnector{
				sc("tbo", "tbo", 0, func(s *v1alpha1.SupplierConnectorSpec) { s.SearchCacheWindow = seconds(90) }),
				sc("off", "off", 0, func(s *v1alpha1.SupplierConnectorSpec) { s.SearchCacheWindow = seconds(0) }),
			},
			secrets: login(goodLogin),
			want:    map[string]string{"tbo": ReasonValid, "off": ReasonValid},
			inDoc:   []string{"off", "tbo"},
			checkDoc: func(t *testing.T, doc connector.Document) {
				// Through the API's parser, as the pods read it.
				b, err := Encode(doc, 1)
				if err != nil {
					t.Fatal(err)
				}
				parsed, err := connector.Parse(b)
				if err != nil {
					t.Fatal(err)
				}
				off, _ := parsed.Find("off")
				on, _ := parsed.Find("tbo")
				if off.CacheWindow() != 0 || on.CacheWindow() != 90*time.Second {
					t.Errorf("windows: off %s, tbo %s; want 0s and 1m30s", off.CacheWindow(), on.CacheWindow())
				}
			},
		},
		{
			name: "the API's parser refuses a search cache window beyond 5m, with its own message",
			items: []v1alpha1.SupplierConnector{sc("long", "long", 0, func(s *v1alpha1.SupplierConnectorSpec) {
				s.SearchCacheWindow = seconds(600)
			})},
			secrets: login(goodLogin),
			want:    map[string]string{"long": ReasonInvalid},
			message: map[string]string{"long": "searchCacheWindow: 10m0s must be between 0s (no reuse) and 5m0s"},
		},
		{
			name: "the API's parser refuses a booking timeout below its floor, with its own message",
			items: []v1alpha1.SupplierConnector{sc("fast", "fast", 0, func(s *v1alpha1.SupplierConnectorSpec) {
				s.Timeouts = v1alpha1.Timeouts{Ticket: seconds(30)}
			}), sc("tbo", "tbo", 0)},
			secrets: login(goodLogin),
			want:    map[string]string{"fast": ReasonInvalid, "tbo": ReasonValid},
			message: map[string]string{"fast": "timeouts.ticket: 30s is below the 2m0s minimum"},
			inDoc:   []string{"tbo"},
		},
		{
			name: "an endpoint with a query is refused",
			items: []v1alpha1.SupplierConnector{sc("q", "q", 0, func(s *v1alpha1.SupplierConnectorSpec) {
				s.Endpoints.Air = "https://air.example/rest?x=1"
			})},
			secrets: login(goodLogin),
			want:    map[string]string{"q": ReasonInvalid},
			message: map[string]string{"q": "endpoints.air"},
		},
		{
			name:    "of two resources naming one supplier, the older is served",
			items:   []v1alpha1.SupplierConnector{sc("newer", "tbo", time.Hour), sc("older", "tbo", 2*time.Hour), sc("other", "tbo-b", 0)},
			secrets: login(goodLogin),
			want:    map[string]string{"older": ReasonValid, "newer": ReasonDuplicateSupplier, "other": ReasonValid},
			message: map[string]string{"newer": `served by SupplierConnector "older"`},
			inDoc:   []string{"tbo", "tbo-b"},
		},
		{
			name:    "a missing Secret keeps the connector out",
			items:   []v1alpha1.SupplierConnector{sc("tbo", "tbo", 0)},
			secrets: nil,
			want:    map[string]string{"tbo": ReasonCredentialsMissing},
			message: map[string]string{"tbo": `Secret "tbo-login" not found`},
		},
		{
			name:    "a missing key keeps the connector out",
			items:   []v1alpha1.SupplierConnector{sc("tbo", "tbo", 0)},
			secrets: login(map[string]string{"clientId": "x", "userName": "y"}),
			want:    map[string]string{"tbo": ReasonCredentialsMissing},
			message: map[string]string{"tbo": `no key "password"`},
		},
		{
			name: "a resource being deleted is left out",
			items: func() []v1alpha1.SupplierConnector {
				gone := sc("gone", "gone", 0)
				now := metav1.Now()
				gone.DeletionTimestamp = &now
				return []v1alpha1.SupplierConnector{gone, sc("tbo", "tbo", 0)}
			}(),
			secrets: login(goodLogin),
			want:    map[string]string{"tbo": ReasonValid},
			inDoc:   []string{"tbo"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Render(tt.items, tt.secrets, "/creds")
			if len(r.Verdicts) != len(tt.want) {
				t.Errorf("verdicts = %+v", r.Verdicts)
			}
			for name, reason := range tt.want {
				v := r.Verdicts[name]
				if v.Reason != reason || v.Accepted != (reason == ReasonValid) {
					t.Errorf("%s: verdict %+v, want reason %s", name, v, reason)
				}
				if m := tt.message[name]; !strings.Contains(v.Message, m) {
					t.Errorf("%s: message %q lacks %q", name, v.Message, m)
				}
			}
			var got []string
			for _, c := range r.Document.Connectors {
				got = append(got, c.Name)
				var creds connector.Credentials
				if err := json.Unmarshal(r.Credentials[c.Name+".json"], &creds); err != nil || creds.Password != "s3cret" || creds.ClientID != "ApiIntegrationNew" {
					t.Errorf("credentials of %s = %s (%v)", c.Name, r.Credentials[c.Name+".json"], err)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.inDoc, ",") {
				t.Errorf("document has %v, want %v", got, tt.inDoc)
			}
			if len(r.Credentials) != len(got) {
				t.Errorf("credentials for %d connectors, document has %d", len(r.Credentials), len(got))
			}
			if tt.checkDoc != nil {
				tt.checkDoc(t, r.Document)
			}
		})
	}
}

func TestCredentialKeysAreConfigurable(t *testing.T) {
	item := sc("tbo", "tbo", 0, func(s *v1alpha1.SupplierConnectorSpec) {
		s.Credentials = v1alpha1.CredentialsSecret{Name: "tbo-login", ClientIDKey: "client", UserNameKey: "user", PasswordKey: "pass"}
	})
	r := Render([]v1alpha1.SupplierConnector{item}, login(map[string]string{"client": "c", "user": "u", "pass": "p"}), "/creds")
	if string(r.Credentials["tbo.json"]) != `{"clientId":"c","userName":"u","password":"p"}` {
		t.Fatalf("credentials = %s (%+v)", r.Credentials["tbo.json"], r.Verdicts)
	}
}

func TestNextDocument(t *testing.T) {
	doc := Render([]v1alpha1.SupplierConnector{sc("tbo", "tbo", 0)}, login(goodLogin), "/creds").Document
	first, gen, changed, err := NextDocument(nil, doc)
	if err != nil || gen != 1 || !changed {
		t.Fatalf("first: gen %d changed %v err %v", gen, changed, err)
	}
	parsed, err := connector.Parse(first)
	if err != nil || parsed.Generation != 1 || parsed.Connectors[0].Name != "tbo" {
		t.Fatalf("the API cannot read the document: %v\n%s", err, first)
	}
	again, gen, changed, err := NextDocument(first, doc)
	if err != nil || gen != 1 || changed || string(again) != string(first) {
		t.Fatalf("unchanged connectors: gen %d changed %v err %v", gen, changed, err)
	}
	doc.Connectors[0].Timeouts = map[connector.Operation]connector.Duration{connector.OpSearch: connector.Duration(30 * time.Second)}
	second, gen, changed, err := NextDocument(first, doc)
	if err != nil || gen != 2 || !changed || !strings.Contains(string(second), "search: 30s") {
		t.Fatalf("changed connectors: gen %d changed %v err %v\n%s", gen, changed, err, second)
	}
	// The last connector gone: an empty document, which the API reads as
	// every supplier off.
	empty, gen, changed, err := NextDocument(second, connector.Document{})
	if err != nil || gen != 3 || !changed {
		t.Fatalf("no connectors: gen %d changed %v err %v", gen, changed, err)
	}
	if doc, err := connector.Parse(empty); err != nil || len(doc.Connectors) != 0 || doc.Generation != 3 {
		t.Fatalf("the API cannot read the empty document: %v\n%s", err, empty)
	}
}

func TestParseGeneration(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"# HELP x\npa 1\nparyatan_connector_config_generation 7\n", 7, true},
		{"paryatan_connector_config_generation_other 3\nparyatan_connector_config_generation{pod=\"a\"} 4e+00\n", 4, true},
		{"paryatan_http_requests_in_flight 1\n", 0, false},
		{"paryatan_connector_config_generation NaNa\n", 0, false},
	}
	for _, tt := range tests {
		got, err := parseGeneration(strings.NewReader(tt.in))
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseGeneration(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}
