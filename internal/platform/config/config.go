// Package config reads the API server's settings from environment variables.
//
// Every variable is documented in the README; defaults are chosen so that a fresh
// checkout runs with no settings at all (embedded PostgreSQL, logs to stderr,
// tracing off).
package config

import (
	"errors"
	"fmt"
	"github.com/shopspring/decimal"
	"log/slog"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/clientip"
)

// Modes: local runs on a developer's machine with embedded defaults;
// production is everything else, and must say where it is served and how
// it sends mail.
const (
	ModeLocal      = "local"
	ModeProduction = "production"
)

// Config is the API server's configuration.
type Config struct {
	// Mode is ModeLocal or ModeProduction (PARYATAN_MODE; by default local
	// exactly when DATABASE_URL is empty, i.e. on the embedded database).
	// Production requires PUBLIC_URL and SMTP_URL: links, cookies and mail
	// never fall back to guesses there.
	Mode string
	// Port is the TCP port the HTTP server listens on; 0 picks a free port.
	Port int
	// MetricsAddr is the internal listener of /metrics, apart from the
	// public one: loopback by default; in Kubernetes the pod's metrics port.
	MetricsAddr string
	// DatabaseURL is a PostgreSQL connection string; empty means "start the
	// embedded cluster under DataDir".
	DatabaseURL string
	// DataDir holds local state: the embedded PostgreSQL cluster and its log.
	DataDir string
	// LogLevel is the minimum level of structured log lines.
	LogLevel slog.Level
	// LogFormat is "json" (default) or "text".
	LogFormat string
	// ShutdownGrace bounds how long in-flight requests may drain after SIGTERM.
	// It must outlast the longest supplier call (120 s).
	ShutdownGrace time.Duration
	// ShutdownDelay keeps accepting connections while /readyz already reports
	// draining, so load balancers stop routing before the listener closes.
	ShutdownDelay time.Duration
	// WriteTimeout is the HTTP server's write deadline per request; it must be
	// longer than the longest supplier call.
	WriteTimeout time.Duration
	// PublicURL is the site's external origin, used in e-mailed links, as
	// the sign-in provider's redirect, and to decide Secure/__Host- cookies
	// and HSTS (https). Required in production; in local mode empty means
	// http://localhost:{port}, filled in by the server once it listens.
	PublicURL string
	// TrustedProxies are the peers (the ingress) whose X-Forwarded-For and
	// X-Forwarded-Proto headers are believed.
	TrustedProxies []netip.Prefix
	// Google is the Google (OpenID Connect) sign-in client; disabled when
	// ClientID is empty.
	Google OIDCClient
	// SMTPURL is the mail server outgoing e-mail is relayed through;
	// without it e-mails stay queued (shown at /dev/mail in local mode).
	SMTPURL string
	// SMTPFrom is the sender (SMTP_FROM, a bare address or the display-name
	// form "Paryatan <no-reply@paryatan.example>"): its address is the
	// envelope's, its name the From header's.
	SMTPFrom mail.Address
	// OutboxGiveUpAfter is how long an e-mail the mail server keeps
	// deferring (or cannot be reached for) is retried before it is marked
	// failed.
	OutboxGiveUpAfter time.Duration
	// EnquiryMailboxes are the teams' addresses enquiries go to
	// (ENQUIRY_MAILBOXES, "holidays=…,mice=…,support=…", each a bare
	// address or "Name <address>"); a team left out gets <team>@ the
	// sender's domain (SMTP_FROM), or @paryatan.example without one.
	EnquiryMailboxes map[string]mail.Address
	// OutboxReadyMaxAge is how long an e-mail may wait in the outbox before
	// /readyz warns of a mail backlog (OUTBOX_READY_MAX_AGE; 0 never warns,
	// nor does local mode, whose e-mails stay queued).
	OutboxReadyMaxAge time.Duration
	// ConnectorsFile is the supplier connector configuration (hot-reloaded);
	// empty starts the built-in supplier simulator.
	ConnectorsFile string
	// PaymentsFile is the payment gateway's settings (config/payments.md);
	// without it, local mode starts the built-in gateway simulator and
	// production refuses to start.
	PaymentsFile string
	// SimLatency is the built-in simulator's answer delay (see sim.ParseLatency).
	SimLatency string
	// SupplierRatePerMinute and SupplierRateBurst limit the open supplier
	// calls (search, fare quote, fare rules) per client address and
	// replica; SupplierMaxInFlight caps those in flight per connector and
	// replica. 0 turns a limit off.
	SupplierRatePerMinute, SupplierRateBurst, SupplierMaxInFlight int
	// SearchCacheBytes bounds the memory of the flight search answers kept
	// for reuse (SEARCH_CACHE_BYTES, default 64 MiB; 0 keeps none):
	// internal/searchcache.
	SearchCacheBytes int64
	// BookingGiveUpAfter is how long a booking whose supplier call's outcome
	// was lost stays unknown, with the supplier saying it has no such
	// booking, before it is declared not made.
	BookingGiveUpAfter time.Duration
	// JobsRescueAfter is how long a background job may run before it is
	// taken to have lost its process (killed, out of memory, node gone) and
	// is run again (JOBS_RESCUE_AFTER, 10 min; internal/jobs).
	JobsRescueAfter time.Duration
	// CancellationFee is Paryatan's own fee per cancelled ticket, kept from
	// its refund (CANCELLATION_FEE, rupees, default 0: none).
	CancellationFee decimal.Decimal
	// Seller is Paryatan's GST registration as its tax invoices and credit
	// notes state it (SELLER_LEGAL_NAME, SELLER_GSTIN, SELLER_ADDRESS,
	// SELLER_STATE, SELLER_STATE_CODE). Local mode has demonstration values;
	// production needs SELLER_GSTIN.
	Seller Seller
	// VisaPartnerOrigin is the partner visa site the web app hands signed-in
	// users to (single sign-on, docs/sso.md); empty when none is configured.
	// The web app may frame it (the content security policy's frame-src).
	VisaPartnerOrigin string
	// VisaPartnerSecret is the password the partner's server presents, as
	// user "visa" in HTTP Basic auth, to redeem sign-on tickets
	// (VISA_PARTNER_SECRET). Required with VisaPartnerOrigin outside local
	// mode, and then at least 16 characters.
	VisaPartnerSecret string
	// SSOSigningKeysFile is a JSON Web Key Set of private keys (Ed25519 or
	// P-256, each with a kid) that sign sign-on tickets: the first signs,
	// every one verifies (SSO_SIGNING_KEYS_FILE; reloaded when it changes).
	// Required with VisaPartnerOrigin outside local mode; in local mode,
	// empty means a key generated at start.
	SSOSigningKeysFile string
}

// MinPartnerSecret is the shortest VISA_PARTNER_SECRET production accepts.
const MinPartnerSecret = 16

// OIDCClient is an OpenID Connect client registration.
type OIDCClient struct {
	Issuer, ClientID, ClientSecret string
}

// Defaults used when a variable is unset.
const (
	DefaultPort          = 8080
	DefaultDataDir       = ".data"
	DefaultShutdownGrace = 150 * time.Second
	DefaultWriteTimeout  = 180 * time.Second
	DefaultMetricsAddr   = "127.0.0.1:9090" // local mode; ":9090" in production
	// DefaultSearchCacheBytes is SEARCH_CACHE_BYTES unset: 64 MiB.
	DefaultSearchCacheBytes = 64 << 20
)

// Secure reports whether the site is served over https: cookies are then
// Secure with the __Host- prefix, and HSTS is sent.
func (c Config) Secure() bool { return strings.HasPrefix(c.PublicURL, "https://") }

// APIDocs reports whether the server publishes its API contract and a
// browsable reference of it at /api/docs: in local mode only.
func (c Config) APIDocs() bool { return c.Mode == ModeLocal }

// DevMail reports whether the server shows its outbox at /dev/mail, so a
// developer can open the links e-mails carry: in local mode, and never on
// an https site, which real people may reach.
func (c Config) DevMail() bool { return c.Mode == ModeLocal && !c.Secure() }

// Load builds a Config from getenv, reporting every invalid variable at once.
func Load(getenv func(string) string) (Config, error) {
	c := Config{
		Port:          DefaultPort,
		DatabaseURL:   strings.TrimSpace(getenv("DATABASE_URL")),
		DataDir:       DefaultDataDir,
		LogLevel:      slog.LevelInfo,
		LogFormat:     "json",
		ShutdownGrace: DefaultShutdownGrace,
		WriteTimeout:  DefaultWriteTimeout,
	}
	var errs []error

	if v := strings.TrimSpace(getenv("PORT")); v != "" {
		p, err := strconv.Atoi(v)
		if err != nil || p < 0 || p > 65535 {
			errs = append(errs, fmt.Errorf("PORT=%q: want a port number 0-65535", v))
		} else {
			c.Port = p
		}
	}
	c.Mode = ModeProduction
	if c.DatabaseURL == "" {
		c.Mode = ModeLocal
	}
	if v := strings.ToLower(strings.TrimSpace(getenv("PARYATAN_MODE"))); v != "" {
		if v != ModeLocal && v != ModeProduction {
			errs = append(errs, fmt.Errorf("PARYATAN_MODE=%q: want local or production", v))
		} else {
			c.Mode = v
		}
	}
	c.MetricsAddr = DefaultMetricsAddr
	if c.Mode == ModeProduction {
		c.MetricsAddr = ":9090"
	}
	if v := strings.TrimSpace(getenv("METRICS_ADDR")); v != "" {
		if _, port, err := net.SplitHostPort(v); err != nil || port == "" {
			errs = append(errs, fmt.Errorf("METRICS_ADDR=%q: want host:port, like 127.0.0.1:9090 or :9090", v))
		} else {
			c.MetricsAddr = v
		}
	}
	if v := strings.TrimSpace(getenv("DATA_DIR")); v != "" {
		c.DataDir = v
	}
	if v := strings.TrimSpace(getenv("LOG_LEVEL")); v != "" {
		if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
			errs = append(errs, fmt.Errorf("LOG_LEVEL=%q: want debug, info, warn or error", v))
		}
	}
	if v := strings.ToLower(strings.TrimSpace(getenv("LOG_FORMAT"))); v != "" {
		if v != "json" && v != "text" {
			errs = append(errs, fmt.Errorf("LOG_FORMAT=%q: want json or text", v))
		} else {
			c.LogFormat = v
		}
	}
	duration := func(name string, dst *time.Duration, min time.Duration) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < min {
			errs = append(errs, fmt.Errorf("%s=%q: want a duration of at least %s, like 150s", name, v, min))
			return
		}
		*dst = d
	}
	duration("SHUTDOWN_GRACE", &c.ShutdownGrace, 0)
	duration("SHUTDOWN_DELAY", &c.ShutdownDelay, 0)
	duration("HTTP_WRITE_TIMEOUT", &c.WriteTimeout, time.Second)
	c.BookingGiveUpAfter = 30 * time.Minute
	duration("BOOKING_GIVE_UP_AFTER", &c.BookingGiveUpAfter, time.Second)
	duration("JOBS_RESCUE_AFTER", &c.JobsRescueAfter, 10*time.Second)
	if v := strings.TrimSpace(getenv("CANCELLATION_FEE")); v != "" {
		d, err := decimal.NewFromString(v)
		if err != nil || d.IsNegative() || d.Exponent() < -2 {
			errs = append(errs, fmt.Errorf("CANCELLATION_FEE=%q: want rupees per ticket, like 0 or 299.50", v))
		} else {
			c.CancellationFee = d
		}
	}
	c.Seller, errs = sellerFrom(getenv, c.Mode, errs)

	if v := strings.TrimRight(strings.TrimSpace(getenv("PUBLIC_URL")), "/"); v != "" {
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
			errs = append(errs, fmt.Errorf("PUBLIC_URL=%q: want an origin like https://paryatan.example", v))
		} else {
			c.PublicURL = v
		}
	}
	if v := getenv("TRUSTED_PROXIES"); v != "" {
		p, err := clientip.ParsePrefixes(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("TRUSTED_PROXIES: %w", err))
		}
		c.TrustedProxies = p
	}
	if v := strings.TrimRight(strings.TrimSpace(getenv("VISA_PARTNER_ORIGIN")), "/"); v != "" {
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
			errs = append(errs, fmt.Errorf("VISA_PARTNER_ORIGIN=%q: want an origin like https://visa.example.in", v))
		} else {
			c.VisaPartnerOrigin = v
		}
	}
	c.VisaPartnerSecret = strings.TrimSpace(getenv("VISA_PARTNER_SECRET"))
	c.SSOSigningKeysFile = strings.TrimSpace(getenv("SSO_SIGNING_KEYS_FILE"))
	count := func(name string, dst *int, def int) {
		*dst = def
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			errs = append(errs, fmt.Errorf("%s=%q: want a whole number, 0 for no limit", name, v))
			return
		}
		*dst = n
	}
	count("SUPPLIER_RATE_PER_MINUTE", &c.SupplierRatePerMinute, 60)
	count("SUPPLIER_RATE_BURST", &c.SupplierRateBurst, 20)
	count("SUPPLIER_MAX_IN_FLIGHT", &c.SupplierMaxInFlight, 2000)
	c.SearchCacheBytes = DefaultSearchCacheBytes
	if v := strings.TrimSpace(getenv("SEARCH_CACHE_BYTES")); v != "" {
		if n, err := parseBytes(v); err != nil {
			errs = append(errs, fmt.Errorf("SEARCH_CACHE_BYTES=%q: want a size like 64MiB, 512KiB or 1GiB (or bytes), 0 to keep no search answers", v))
		} else {
			c.SearchCacheBytes = n
		}
	}
	c.ConnectorsFile = strings.TrimSpace(getenv("CONNECTORS_FILE"))
	c.PaymentsFile = strings.TrimSpace(getenv("PAYMENTS_FILE"))
	if c.PaymentsFile == "" && c.Mode == ModeProduction {
		errs = append(errs, errors.New("PAYMENTS_FILE is not set: production takes payments through a configured gateway (config/payments.md)"))
	}
	c.SimLatency = strings.TrimSpace(getenv("SIM_LATENCY"))
	if c.SimLatency == "" {
		c.SimLatency = "uniform:200ms-1200ms"
	}
	c.Google = OIDCClient{
		Issuer:       strings.TrimSpace(getenv("OAUTH_GOOGLE_ISSUER")),
		ClientID:     strings.TrimSpace(getenv("OAUTH_GOOGLE_CLIENT_ID")),
		ClientSecret: strings.TrimSpace(getenv("OAUTH_GOOGLE_CLIENT_SECRET")),
	}
	if c.Google.Issuer == "" {
		c.Google.Issuer = "https://accounts.google.com"
	}
	if c.Google.ClientID != "" && c.Google.ClientSecret == "" {
		errs = append(errs, errors.New("OAUTH_GOOGLE_CLIENT_SECRET is required with OAUTH_GOOGLE_CLIENT_ID"))
	}
	c.SMTPURL = strings.TrimSpace(getenv("SMTP_URL"))
	if v := strings.TrimSpace(getenv("SMTP_FROM")); v != "" {
		// Parsed here, not at the first e-mail: a sender the server would
		// refuse stops the start instead of every verification request.
		if addr, err := mail.ParseAddress(v); err != nil {
			errs = append(errs, fmt.Errorf("SMTP_FROM=%q: want an e-mail address, bare or as Paryatan <no-reply@paryatan.example>: %w", v, err))
		} else {
			c.SMTPFrom = *addr
		}
	} else if c.SMTPURL != "" {
		errs = append(errs, errors.New("SMTP_FROM is required with SMTP_URL"))
	}
	c.OutboxGiveUpAfter = 24 * time.Hour
	duration("OUTBOX_GIVE_UP_AFTER", &c.OutboxGiveUpAfter, time.Minute)
	c.EnquiryMailboxes, errs = enquiryMailboxes(getenv("ENQUIRY_MAILBOXES"), c.SMTPFrom.Address, errs)
	c.OutboxReadyMaxAge = 30 * time.Minute
	duration("OUTBOX_READY_MAX_AGE", &c.OutboxReadyMaxAge, 0)
	if c.Mode == ModeProduction {
		if c.PublicURL == "" && strings.TrimSpace(getenv("PUBLIC_URL")) == "" {
			errs = append(errs, errors.New("PUBLIC_URL is required in production (the site's origin, like https://paryatan.example): links and cookies are never built from request headers; set PARYATAN_MODE=local for a developer run"))
		}
		if c.SMTPURL == "" {
			errs = append(errs, errors.New("SMTP_URL and SMTP_FROM are required in production: e-mails are only kept in the outbox in local mode"))
		}
		if strings.TrimSpace(getenv("VISA_PARTNER_ORIGIN")) != "" {
			// The partner's sign-on (docs/sso.md) needs its credential and
			// keys every replica shares: generated ones would differ.
			if len(c.VisaPartnerSecret) < MinPartnerSecret {
				errs = append(errs, fmt.Errorf("VISA_PARTNER_SECRET is required with VISA_PARTNER_ORIGIN in production, at least %d characters: the partner's server presents it to redeem sign-on tickets", MinPartnerSecret))
			}
			if c.SSOSigningKeysFile == "" {
				errs = append(errs, errors.New("SSO_SIGNING_KEYS_FILE is required with VISA_PARTNER_ORIGIN in production: the private keys (a JSON Web Key Set) that sign sign-on tickets (docs/sso.md)"))
			}
		}
	}

	if err := errors.Join(errs...); err != nil {
		return Config{}, fmt.Errorf("configuration: %w", err)
	}
	return c, nil
}

// parseBytes reads a size: a whole number of bytes, or of KiB, MiB or GiB
// ("64MiB"; a space before the unit is allowed).
func parseBytes(v string) (int64, error) {
	num, unit := v, int64(1)
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"B", 1}} {
		if n, ok := strings.CutSuffix(v, u.suffix); ok {
			num, unit = strings.TrimSpace(n), u.size
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/unit {
		return 0, errors.New("not a size")
	}
	return n * unit, nil
}

// enquiryTeams are the teams enquiries are sent to (internal/enquiry).
var enquiryTeams = map[string]string{"holidays": "Paryatan Holidays", "mice": "Paryatan MICE", "support": "Paryatan Support"}

// enquiryMailboxes reads ENQUIRY_MAILBOXES over the defaults at the
// sender's domain.
func enquiryMailboxes(v, from string, errs []error) (map[string]mail.Address, []error) {
	domain := "paryatan.example"
	if at := strings.LastIndexByte(from, '@'); at > 0 {
		domain = from[at+1:]
	}
	out := map[string]mail.Address{}
	for team, name := range enquiryTeams {
		out[team] = mail.Address{Name: name, Address: team + "@" + domain}
	}
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		team, addr, ok := strings.Cut(part, "=")
		team = strings.ToLower(strings.TrimSpace(team))
		if _, known := enquiryTeams[team]; !ok || !known {
			errs = append(errs, fmt.Errorf("ENQUIRY_MAILBOXES: %q: want team=address with team holidays, mice or support", part))
			continue
		}
		a, err := mail.ParseAddress(strings.TrimSpace(addr))
		if err != nil {
			errs = append(errs, fmt.Errorf("ENQUIRY_MAILBOXES: %s=%q is not an e-mail address: %w", team, addr, err))
			continue
		}
		if a.Name == "" {
			a.Name = enquiryTeams[team]
		}
		out[team] = *a
	}
	return out, errs
}
