package payment

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"time"

	"sigs.k8s.io/yaml"
)

// Operations with their own deadline.
const (
	OpOrder  = "order"
	OpFetch  = "fetch"
	OpRefund = "refund"
)

// DefaultTimeouts are the gateway deadlines: gateways answer in seconds;
// a refund is given longer.
var DefaultTimeouts = map[string]time.Duration{OpOrder: 30 * time.Second, OpFetch: 30 * time.Second, OpRefund: 60 * time.Second}

// DefaultPayWithin is how long a booking waits for its payment before it
// expires (and a held seat is released).
const DefaultPayWithin = 15 * time.Minute

// Types are the gateway protocols the product has an adapter for.
var Types = []string{"razorpay"}

// Settings are one gateway's: read from a file (PAYMENTS_FILE, documented
// in config/payments.md) or, in local mode, made for the built-in
// simulator.
type Settings struct {
	// Name is the {gateway} path segment of the callback and webhook
	// routes.
	Name string `json:"name"`
	// Type is the gateway protocol, one of Types.
	Type      string    `json:"type"`
	Endpoints Endpoints `json:"endpoints"`
	// Credentials say where the keys are; never the keys themselves.
	Credentials CredentialsRef `json:"credentials"`
	// MerchantName is shown on the hosted checkout page.
	MerchantName string `json:"merchantName,omitempty"`
	// Timeouts per operation (order, fetch, refund), as Go durations.
	Timeouts map[string]Duration `json:"timeouts,omitempty"`
	// PayWithin is how long an unpaid booking is kept (default 15m).
	PayWithin Duration `json:"payWithin,omitempty"`
}

// Endpoints are the gateway's base URLs.
type Endpoints struct {
	// API is the REST base (https://api.razorpay.com): /v1/orders, …
	API string `json:"api"`
	// Checkout is the hosted checkout page the browser posts to.
	Checkout string `json:"checkout"`
}

// CredentialsRef names where the keys are: a JSON file {keyId, keySecret,
// webhookSecret} (a mounted Secret), or three environment variables.
type CredentialsRef struct {
	File string   `json:"file,omitempty"`
	Env  *EnvVars `json:"env,omitempty"`
}

// EnvVars are the names of the variables holding the keys.
type EnvVars struct {
	KeyID         string `json:"keyId"`
	KeySecret     string `json:"keySecret"`
	WebhookSecret string `json:"webhookSecret"`
}

// Credentials are the gateway keys. KeyID is public (the checkout page
// shows it); the secrets never leave the server.
type Credentials struct {
	KeyID         string `json:"keyId"`
	KeySecret     string `json:"keySecret"`
	WebhookSecret string `json:"webhookSecret"`
}

// Duration is a time.Duration written as a Go duration string ("30s").
type Duration time.Duration

// UnmarshalJSON reads "30s".
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a duration is a string such as \"30s\": %w", err)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	*d = Duration(v)
	return nil
}

// MarshalJSON writes "30s".
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// Timeout is the deadline of op.
func (g *Settings) Timeout(op string) time.Duration {
	if d, ok := g.Timeouts[op]; ok && d > 0 {
		return time.Duration(d)
	}
	return DefaultTimeouts[op]
}

// Window is how long an unpaid booking is kept.
func (g *Settings) Window() time.Duration {
	if g.PayWithin > 0 {
		return time.Duration(g.PayWithin)
	}
	return DefaultPayWithin
}

// Keys reads the credentials, every call, so a rotated Secret is used
// without a restart.
func (g *Settings) Keys(getenv func(string) string) (Credentials, error) {
	var c Credentials
	switch ref := g.Credentials; {
	case ref.File != "":
		b, err := os.ReadFile(ref.File)
		if err != nil {
			return c, fmt.Errorf("payment credentials: %w", err)
		}
		if err := json.Unmarshal(b, &c); err != nil {
			return c, fmt.Errorf("payment credentials %s: not JSON {keyId, keySecret, webhookSecret}", ref.File)
		}
	case ref.Env != nil:
		c = Credentials{KeyID: getenv(ref.Env.KeyID), KeySecret: getenv(ref.Env.KeySecret), WebhookSecret: getenv(ref.Env.WebhookSecret)}
	default:
		return c, errors.New("payment credentials: none configured")
	}
	if c.KeyID == "" || c.KeySecret == "" || c.WebhookSecret == "" {
		return c, errors.New("payment credentials incomplete: keyId, keySecret and webhookSecret are all needed")
	}
	return c, nil
}

var gatewayName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,30}$`)

// Parse reads and checks a settings document (YAML or JSON). Every
// problem is reported.
func Parse(data []byte) (*Settings, error) {
	var g Settings
	if err := yaml.UnmarshalStrict(data, &g); err != nil {
		return nil, fmt.Errorf("payment config: %w", err)
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("payment config: %w", err)
	}
	return &g, nil
}

// Load reads and parses the file at path.
func Load(path string) (*Settings, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("payment config: %w", err)
	}
	return Parse(data)
}

func (g *Settings) check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if !gatewayName.MatchString(g.Name) {
		bad("name %q: lower-case letters, digits and dashes, starting with a letter, up to 31 characters", g.Name)
	}
	if g.Type == "" {
		g.Type = Types[0]
	}
	known := false
	for _, t := range Types {
		known = known || g.Type == t
	}
	if !known {
		bad("type %q: not one of %v", g.Type, Types)
	}
	for field, raw := range map[string]string{"endpoints.api": g.Endpoints.API, "endpoints.checkout": g.Endpoints.Checkout} {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
			bad("%s %q: an absolute http or https URL without a query", field, raw)
		}
	}
	switch ref := g.Credentials; {
	case (ref.File == "") == (ref.Env == nil):
		bad("credentials: exactly one of file or env")
	case ref.Env != nil && (ref.Env.KeyID == "" || ref.Env.KeySecret == "" || ref.Env.WebhookSecret == ""):
		bad("credentials.env: keyId, keySecret and webhookSecret all name a variable")
	}
	for op, d := range g.Timeouts {
		if _, ok := DefaultTimeouts[op]; !ok {
			bad("timeouts.%s: unknown operation (order, fetch, refund)", op)
		} else if time.Duration(d) < time.Second || time.Duration(d) > 120*time.Second {
			bad("timeouts.%s: between 1s and 120s", op)
		}
	}
	if w := time.Duration(g.PayWithin); w != 0 && (w < time.Minute || w > 24*time.Hour) {
		bad("payWithin: between 1m and 24h")
	}
	if g.MerchantName == "" {
		g.MerchantName = "Paryatan"
	}
	return errors.Join(errs...)
}
