package operator

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// DocumentKey is the ConfigMap key holding the connector document.
const DocumentKey = "connectors.yaml"

// Condition reasons of a connector's spec.
const (
	ReasonValid              = "Valid"
	ReasonInvalid            = "Invalid"
	ReasonDuplicateSupplier  = "DuplicateSupplier"
	ReasonCredentialsMissing = "CredentialsMissing"
)

// Verdict is what rendering decided about one SupplierConnector.
type Verdict struct {
	// Accepted: the connector is in the document.
	Accepted bool
	// Reason is a condition reason (CamelCase); Message says why in words,
	// the parser's own message when it refused the spec.
	Reason, Message string
}

// Rendering is the document and credentials rendered from a namespace's
// SupplierConnectors.
type Rendering struct {
	// Document holds the accepted connectors, by supplier name; its
	// Generation is left to Encode.
	Document connector.Document
	// Credentials are the credentials Secret's data: one JSON file
	// {clientId, userName, password} per accepted connector, named
	// <supplier>.json, which the document's credentials.file points at.
	Credentials map[string][]byte
	// Verdicts are by SupplierConnector name.
	Verdicts map[string]Verdict
}

// Render turns SupplierConnectors into the connector document the API
// reads. secrets are the namespace's Secrets by name; credentialsDir is
// where the API pods mount the rendered credentials Secret. Each connector
// is checked alone with the API's parser (connector.Parse), so one bad
// resource does not keep the others out. Of two resources naming the same
// supplier the older one (then the one first by name) is served.
func Render(items []v1alpha1.SupplierConnector, secrets map[string]*corev1.Secret, credentialsDir string) Rendering {
	r := Rendering{Credentials: map[string][]byte{}, Verdicts: map[string]Verdict{}}
	sorted := slices.Clone(items)
	slices.SortFunc(sorted, func(a, b v1alpha1.SupplierConnector) int {
		if c := a.CreationTimestamp.Compare(b.CreationTimestamp.Time); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	claimed := map[string]string{}
	for i := range sorted {
		sc := &sorted[i]
		if sc.DeletionTimestamp != nil {
			continue
		}
		if owner, ok := claimed[sc.Spec.Supplier]; ok {
			r.Verdicts[sc.Name] = Verdict{Reason: ReasonDuplicateSupplier,
				Message: fmt.Sprintf("supplier %q is already served by SupplierConnector %q", sc.Spec.Supplier, owner)}
			continue
		}
		conn := ConnectorFor(sc, credentialsDir)
		if err := checkOne(conn); err != nil {
			r.Verdicts[sc.Name] = Verdict{Reason: ReasonInvalid, Message: err.Error()}
			continue
		}
		creds, err := credentialsFrom(sc.Spec.Credentials, secrets)
		if err != nil {
			r.Verdicts[sc.Name] = Verdict{Reason: ReasonCredentialsMissing, Message: err.Error()}
			continue
		}
		claimed[sc.Spec.Supplier] = sc.Name
		r.Document.Connectors = append(r.Document.Connectors, conn)
		r.Credentials[credentialsFile(sc.Spec.Supplier)] = creds
		r.Verdicts[sc.Name] = Verdict{Accepted: true, Reason: ReasonValid, Message: "the spec is a valid connector"}
	}
	slices.SortFunc(r.Document.Connectors, func(a, b connector.Connector) int { return strings.Compare(a.Name, b.Name) })
	return r
}

// checkOne validates a connector as the API would, in a document of its own.
func checkOne(conn connector.Connector) error {
	b, err := yaml.Marshal(connector.Document{Connectors: []connector.Connector{conn}})
	if err != nil {
		return err
	}
	if _, err := connector.Parse(b); err != nil {
		return err
	}
	return nil
}

func credentialsFile(supplier string) string { return supplier + ".json" }

// ConnectorFor is the document's entry for a SupplierConnector: the fields
// the spec sets, the rest left to the API's defaults.
func ConnectorFor(sc *v1alpha1.SupplierConnector, credentialsDir string) connector.Connector {
	s := sc.Spec
	c := connector.Connector{
		Name:      s.Supplier,
		Type:      s.Type,
		Enabled:   s.Enabled,
		EndUserIP: s.EndUserIP,
		Endpoints: connector.Endpoints{
			Auth: string(s.Endpoints.Auth), Air: string(s.Endpoints.Air), Booking: string(s.Endpoints.Booking),
		},
		Credentials: connector.CredentialsRef{File: path.Join(credentialsDir, credentialsFile(s.Supplier))},
		Compression: s.Compression,
	}
	t := s.Timeouts
	for op, d := range map[connector.Operation]*time.Duration{
		connector.OpAuthenticate: dur(t.Authenticate), connector.OpSearch: dur(t.Search),
		connector.OpFareQuote: dur(t.FareQuote), connector.OpFareRule: dur(t.FareRule), connector.OpSSR: dur(t.SSR),
		connector.OpBook: dur(t.Book), connector.OpTicket: dur(t.Ticket),
		connector.OpBookingDetails: dur(t.BookingDetails), connector.OpRelease: dur(t.Release),
		connector.OpCancellationCharges: dur(t.CancellationCharges), connector.OpChangeRequest: dur(t.ChangeRequest),
		connector.OpChangeRequestStatus: dur(t.ChangeRequestStatus),
	} {
		if d != nil {
			if c.Timeouts == nil {
				c.Timeouts = map[connector.Operation]connector.Duration{}
			}
			c.Timeouts[op] = connector.Duration(*d)
		}
	}
	cc := s.CabinCodes
	for cabin, code := range map[string]*int32{"economy": cc.Economy, "premium": cc.Premium, "business": cc.Business, "first": cc.First} {
		if code != nil {
			if c.CabinCodes == nil {
				c.CabinCodes = map[string]int{}
			}
			c.CabinCodes[cabin] = int(*code)
		}
	}
	for _, src := range s.Sources {
		c.Sources = append(c.Sources, string(src))
	}
	if w := dur(s.SearchCacheWindow); w != nil {
		d := connector.Duration(*w)
		c.SearchCacheWindow = &d
	}
	return c
}

func dur(d *metav1.Duration) *time.Duration {
	if d == nil {
		return nil
	}
	return &d.Duration
}

// credentialsFrom reads the three credentials from the Secret ref names and
// returns them as the credentials file's JSON.
func credentialsFrom(ref v1alpha1.CredentialsSecret, secrets map[string]*corev1.Secret) ([]byte, error) {
	sec, ok := secrets[ref.Name]
	if !ok {
		return nil, fmt.Errorf("credentials: Secret %q not found", ref.Name)
	}
	key := func(k, def string) string {
		if k == "" {
			return def
		}
		return k
	}
	var c connector.Credentials
	for _, f := range []struct {
		key string
		to  *string
	}{
		{key(ref.ClientIDKey, "clientId"), &c.ClientID},
		{key(ref.UserNameKey, "userName"), &c.UserName},
		{key(ref.PasswordKey, "password"), &c.Password},
	} {
		v := sec.Data[f.key]
		if len(v) == 0 {
			v = []byte(sec.StringData[f.key])
		}
		if len(v) == 0 {
			return nil, fmt.Errorf("credentials: Secret %q has no key %q", ref.Name, f.key)
		}
		*f.to = string(v)
	}
	return json.Marshal(c) //nolint:gosec // the credentials file's content, written to a Secret
}

// Encode writes doc at generation gen and checks the result with the API's
// parser: what is written is what the API will accept.
func Encode(doc connector.Document, gen int64) ([]byte, error) {
	doc.Generation = gen
	b, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	if _, err := connector.Parse(b); err != nil {
		return nil, err
	}
	return b, nil
}

// NextDocument returns the bytes to store for doc given the stored ones:
// the same bytes and generation when the connectors did not change, else the
// document at the next generation (1 for the first).
func NextDocument(stored []byte, doc connector.Document) (data []byte, gen int64, changed bool, err error) {
	var prev struct {
		Generation int64 `json:"generation"`
	}
	if len(stored) > 0 {
		if err := yaml.Unmarshal(stored, &prev); err != nil {
			prev.Generation = 0
		}
		same, err := Encode(doc, prev.Generation)
		if err != nil {
			return nil, 0, false, err
		}
		if string(same) == string(stored) {
			return stored, prev.Generation, false, nil
		}
	}
	data, err = Encode(doc, prev.Generation+1)
	if err != nil {
		return nil, 0, false, err
	}
	return data, prev.Generation + 1, true, nil
}
