// Package connector holds the supplier connector configuration: one document
// listing every connector (endpoints, credentials reference, per-operation
// timeouts, cabin codes, sources), loaded from a file, validated, and
// swapped atomically when the file changes. The operator renders the same
// document from SupplierConnector resources; outside Kubernetes it comes
// from config/connectors.yaml. The format is documented in
// config/connectors.md.
package connector

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"sigs.k8s.io/yaml"
)

// Operation names a supplier call with its own deadline.
type Operation string

// The supplier operations.
const (
	OpAuthenticate Operation = "authenticate"
	OpSearch       Operation = "search"
	OpFareQuote    Operation = "fareQuote"
	OpFareRule     Operation = "fareRule"
	// OpSSR asks what a result sells besides the fare: seats, meals and
	// extra baggage (the supplier's SSR).
	OpSSR            Operation = "ssr"
	OpBook           Operation = "book"
	OpTicket         Operation = "ticket"
	OpBookingDetails Operation = "bookingDetails"
	// OpRelease gives up a held, unticketed booking (the supplier's
	// ReleasePNRRequest).
	OpRelease Operation = "release"
	// OpCancellationCharges prices a cancellation (the supplier's
	// GetCancellationCharges).
	OpCancellationCharges Operation = "cancellationCharges"
	// OpChangeRequest asks for a ticket's cancellation (SendChangeRequest).
	OpChangeRequest Operation = "changeRequest"
	// OpChangeRequestStatus follows a change request
	// (GetChangeRequestStatus).
	OpChangeRequestStatus Operation = "changeRequestStatus"
)

// Operations lists every operation, in call order.
var Operations = []Operation{OpAuthenticate, OpSearch, OpFareQuote, OpFareRule, OpSSR, OpBook, OpTicket, OpBookingDetails, OpRelease, OpCancellationCharges, OpChangeRequest, OpChangeRequestStatus}

// DefaultTimeouts are the product's deadlines (spec 9): 90 s by default and
// for fare quotes, at least 120 s for fare rules, booking, ticketing and
// change requests. Releasing a booking has no floor: a release cut short is
// simply sent again; nor have pricing a cancellation and following a change
// request, which change nothing. Asking for a result's seats, meals and
// baggage (ssr) changes nothing either and stands between the fare page and
// the traveller: 60 s, with no floor.
var DefaultTimeouts = map[Operation]time.Duration{
	OpAuthenticate:        90 * time.Second,
	OpSearch:              90 * time.Second,
	OpFareQuote:           90 * time.Second,
	OpFareRule:            120 * time.Second,
	OpSSR:                 60 * time.Second,
	OpBook:                120 * time.Second,
	OpTicket:              120 * time.Second,
	OpBookingDetails:      90 * time.Second,
	OpRelease:             90 * time.Second,
	OpCancellationCharges: 90 * time.Second,
	// A change request commits at the supplier, like Ticket: it is given
	// as long, and never sent again blindly.
	OpChangeRequest:       120 * time.Second,
	OpChangeRequestStatus: 90 * time.Second,
}

// minTimeouts are floors: booking and ticketing must be given time to finish
// at the supplier, or a booking's outcome becomes unknown needlessly.
var minTimeouts = map[Operation]time.Duration{
	OpFareRule: 120 * time.Second,
	OpBook:     120 * time.Second,
	OpTicket:   120 * time.Second,
	// A change request cut short leaves the cancellation unknown until the
	// supplier is asked.
	OpChangeRequest: 120 * time.Second,
}

// MaxTimeout bounds every deadline: the HTTP server's write timeout and the
// ingress's proxy timeout are set above it.
const MaxTimeout = 170 * time.Second

// TraceLifetime is how long the supplier keeps a search's TraceId usable
// (fare quote, fare rules, booking) from the search on: 15 minutes at TBO.
const TraceLifetime = 15 * time.Minute

// MinTraceLeft is the part of TraceLifetime a search answered from the
// API's search cache still has: a traveller who is shown a reused TraceId
// keeps at least 10 minutes to choose, quote and book.
const MinTraceLeft = 10 * time.Minute

// MaxSearchCacheWindow bounds SearchCacheWindow: a reused TraceId must keep
// MinTraceLeft of its TraceLifetime.
const MaxSearchCacheWindow = TraceLifetime - MinTraceLeft

// DefaultSearchCacheWindow is the search cache window of a connector that
// sets none.
const DefaultSearchCacheWindow = 5 * time.Minute

// DefaultCabinCodes is the product's cabin → supplier code map (spec 9).
var DefaultCabinCodes = map[string]int{"economy": 2, "premium": 3, "business": 4, "first": 6}

// AllSources are the fare sources the product knows.
var AllSources = []string{"GDS", "LCC"}

// Types are the supplier protocols the product has an adapter for (the
// connector's type); the flights API picks the adapter by it.
var Types = []string{"tbo"}

// DefaultType is the type of a connector that names none.
const DefaultType = "tbo"

// Document is the whole configuration file.
type Document struct {
	// Generation identifies this version of the document; the operator sets
	// it so ops can see which version a pod has loaded.
	Generation int64 `json:"generation,omitempty"`
	// Connectors are the suppliers, by name.
	Connectors []Connector `json:"connectors"`
}

// Connector is one supplier connection.
type Connector struct {
	// Name is the {supplier} path segment of the flights API.
	Name string `json:"name"`
	// Type is the supplier protocol, one of Types (default "tbo"): it picks
	// the adapter that talks to the supplier.
	Type string `json:"type"`
	// Enabled: a disabled connector answers 503.
	Enabled *bool `json:"enabled,omitempty"`
	// Endpoints are base URLs per method group.
	Endpoints Endpoints `json:"endpoints"`
	// Credentials says where the secret credentials are; never inline.
	Credentials CredentialsRef `json:"credentials"`
	// EndUserIP is sent as EndUserIp on every call.
	EndUserIP string `json:"endUserIp,omitempty"`
	// Timeouts per operation, as Go durations ("90s"); missing ones default.
	Timeouts map[Operation]Duration `json:"timeouts,omitempty"`
	// FaultDrill lifts the 120 s floor of the fareRule, book, ticket and
	// changeRequest timeouts (the 1 s to 170 s range still holds), so that
	// a fault drill against a simulated supplier sees a timeout in seconds.
	// Never set it for a real supplier: bookings and cancellations would
	// become unknown needlessly.
	FaultDrill bool `json:"faultDrill,omitempty"`
	// CabinCodes maps the product's cabins to supplier codes.
	CabinCodes map[string]int `json:"cabinCodes,omitempty"`
	// Sources are the fare sources searched by default.
	Sources []string `json:"sources,omitempty"`
	// Compression asks the supplier for gzip answers (default true). Turn it
	// off for a supplier on loopback or a fast private link, where packing
	// and unpacking hundreds of KiB per search costs more than it saves.
	Compression *bool `json:"compression,omitempty"`
	// SearchCacheWindow is how long the answer to a search, with its
	// TraceId, is reused for an identical search (same route, dates,
	// travellers, cabin, sources and flags), and whether identical
	// searches in flight at once share one supplier call. Default 5m; 0
	// turns both off (every search goes to the supplier); at most 5m, so
	// that a reused TraceId keeps at least 10 of its 15 minutes.
	SearchCacheWindow *Duration `json:"searchCacheWindow,omitempty"`
}

// CacheWindow returns how long an identical search may be answered from
// the search cache (SearchCacheWindow, or its default); 0: never.
func (c *Connector) CacheWindow() time.Duration {
	if c.SearchCacheWindow == nil {
		return DefaultSearchCacheWindow
	}
	return time.Duration(*c.SearchCacheWindow)
}

// Compressed reports whether answers are requested gzip-compressed.
func (c *Connector) Compressed() bool { return c.Compression == nil || *c.Compression }

// Endpoints are the base URLs of the supplier's method groups. Book, Ticket,
// GetBookingDetails, ReleasePNRRequest and the cancellation methods
// (GetCancellationCharges, SendChangeRequest, GetChangeRequestStatus) live
// on a separate host in production.
type Endpoints struct {
	// Auth is the shared-data service (…/SharedData.svc/rest).
	Auth string `json:"auth"`
	// Air is the air search service (…/AirService.svc/rest): Search,
	// FareQuote, FareRule, SSR.
	Air string `json:"air"`
	// Booking serves Book, Ticket, GetBookingDetails, ReleasePNRRequest,
	// GetCancellationCharges, SendChangeRequest and GetChangeRequestStatus;
	// defaults to Air.
	Booking string `json:"booking,omitempty"`
}

// CredentialsRef points at the credentials: a JSON file
// {clientId, userName, password}, or environment variables.
type CredentialsRef struct {
	File string   `json:"file,omitempty"`
	Env  *EnvVars `json:"env,omitempty"`
}

// EnvVars names the environment variables holding each credential.
type EnvVars struct {
	ClientID string `json:"clientId"`
	UserName string `json:"userName"`
	Password string `json:"password"`
}

// Duration is a time.Duration written as a Go duration string.
type Duration time.Duration

// UnmarshalJSON reads "90s" or a number of seconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		v, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("%q is not a duration like 90s", s)
		}
		*d = Duration(v)
		return nil
	}
	var secs float64
	if err := json.Unmarshal(b, &secs); err != nil {
		return errors.New("want a duration like 90s")
	}
	*d = Duration(time.Duration(secs * float64(time.Second)))
	return nil
}

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Parse reads and validates a document (YAML or JSON), filling defaults.
// Every problem is reported, each naming where it is.
func Parse(data []byte) (*Document, error) {
	var doc Document
	if err := yaml.UnmarshalStrict(data, &doc); err != nil {
		return nil, fmt.Errorf("connector config: %w", err)
	}
	if err := doc.normalise(); err != nil {
		return nil, fmt.Errorf("connector config: %w", err)
	}
	return &doc, nil
}

// Load reads and parses the file at path.
func Load(path string) (*Document, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("connector config: %w", err)
	}
	return Parse(data)
}

var nameRe = regexp.MustCompile(`^[a-z][a-z0-9-]{0,30}$`)

func (doc *Document) normalise() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if doc.Generation < 0 {
		bad("generation %d: want 0 or more", doc.Generation)
	}
	seen := map[string]bool{}
	for i := range doc.Connectors {
		c := &doc.Connectors[i]
		where := fmt.Sprintf("connectors[%d]", i)
		if c.Name != "" {
			where = fmt.Sprintf("connector %q", c.Name)
		}
		if !nameRe.MatchString(c.Name) {
			bad("%s: name must be lower-case letters, digits and dashes (it is a URL path segment)", where)
		}
		if seen[c.Name] {
			bad("%s: defined twice", where)
		}
		seen[c.Name] = true
		if c.Type == "" {
			c.Type = DefaultType
		}
		if !slices.Contains(Types, c.Type) {
			bad("%s: type %q is not a supplier protocol this version knows (known: %s)", where, c.Type, strings.Join(Types, ", "))
		}
		if c.Enabled == nil {
			t := true
			c.Enabled = &t
		}
		if c.Endpoints.Booking == "" {
			c.Endpoints.Booking = c.Endpoints.Air
		}
		for field, u := range map[string]string{"auth": c.Endpoints.Auth, "air": c.Endpoints.Air, "booking": c.Endpoints.Booking} {
			if err := checkURL(u); err != nil {
				bad("%s: endpoints.%s: %v", where, field, err)
			}
		}
		c.Endpoints.Auth = strings.TrimRight(c.Endpoints.Auth, "/")
		c.Endpoints.Air = strings.TrimRight(c.Endpoints.Air, "/")
		c.Endpoints.Booking = strings.TrimRight(c.Endpoints.Booking, "/")
		switch cr := c.Credentials; {
		case cr.File == "" && cr.Env == nil:
			bad("%s: credentials: set file or env (credentials are never written inline)", where)
		case cr.File != "" && cr.Env != nil:
			bad("%s: credentials: set file or env, not both", where)
		case cr.Env != nil && (cr.Env.ClientID == "" || cr.Env.UserName == "" || cr.Env.Password == ""):
			bad("%s: credentials.env: name the variables for clientId, userName and password", where)
		}
		if c.EndUserIP == "" {
			c.EndUserIP = "127.0.0.1"
		}
		if c.Timeouts == nil {
			c.Timeouts = map[Operation]Duration{}
		}
		for op, d := range c.Timeouts {
			if _, ok := DefaultTimeouts[op]; !ok {
				bad("%s: timeouts.%s: unknown operation (want one of %s)", where, op, opNames())
				continue
			}
			if min := minTimeouts[op]; time.Duration(d) < min && !c.FaultDrill {
				bad("%s: timeouts.%s: %s is below the %s minimum", where, op, time.Duration(d), min)
			}
			if time.Duration(d) < time.Second || time.Duration(d) > MaxTimeout {
				bad("%s: timeouts.%s: %s must be between 1s and %s", where, op, time.Duration(d), MaxTimeout)
			}
		}
		for op, d := range DefaultTimeouts {
			if _, ok := c.Timeouts[op]; !ok {
				c.Timeouts[op] = Duration(d)
			}
		}
		if c.CabinCodes == nil {
			c.CabinCodes = map[string]int{}
		}
		for cabin, code := range c.CabinCodes {
			if _, ok := DefaultCabinCodes[cabin]; !ok {
				bad("%s: cabinCodes.%s: unknown cabin (want economy, premium, business or first)", where, cabin)
			}
			if code < 1 || code > 6 {
				bad("%s: cabinCodes.%s: %d is not a supplier cabin code (1-6)", where, cabin, code)
			}
		}
		for cabin, code := range DefaultCabinCodes {
			if _, ok := c.CabinCodes[cabin]; !ok {
				c.CabinCodes[cabin] = code
			}
		}
		if w := c.SearchCacheWindow; w == nil {
			d := Duration(DefaultSearchCacheWindow)
			c.SearchCacheWindow = &d
		} else if time.Duration(*w) < 0 || time.Duration(*w) > MaxSearchCacheWindow {
			bad("%s: searchCacheWindow: %s must be between 0s (no reuse) and %s (a reused TraceId keeps at least %s of its %s)",
				where, time.Duration(*w), MaxSearchCacheWindow, MinTraceLeft, TraceLifetime)
		}
		if len(c.Sources) == 0 {
			c.Sources = append([]string(nil), AllSources...)
		}
		for j, s := range c.Sources {
			c.Sources[j] = strings.ToUpper(s)
			if c.Sources[j] != "GDS" && c.Sources[j] != "LCC" {
				bad("%s: sources[%d]: %q is not GDS or LCC", where, j, s)
			}
		}
	}
	return errors.Join(errs...)
}

func checkURL(raw string) error {
	if raw == "" {
		return errors.New("missing")
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
		return fmt.Errorf("%q is not an http(s) base URL", raw)
	}
	return nil
}

func opNames() string {
	names := make([]string, len(Operations))
	for i, op := range Operations {
		names[i] = string(op)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// Timeout returns the deadline of op.
func (c *Connector) Timeout(op Operation) time.Duration {
	if d, ok := c.Timeouts[op]; ok {
		return time.Duration(d)
	}
	return DefaultTimeouts[op]
}

// IsEnabled reports whether the connector serves calls.
func (c *Connector) IsEnabled() bool { return c.Enabled == nil || *c.Enabled }

// Find returns the connector named name.
func (doc *Document) Find(name string) (*Connector, bool) {
	for i := range doc.Connectors {
		if doc.Connectors[i].Name == name {
			return &doc.Connectors[i], true
		}
	}
	return nil, false
}
