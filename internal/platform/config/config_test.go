package config

import (
	"log/slog"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.DataDir != ".data" || c.DatabaseURL != "" || c.LogLevel != slog.LevelInfo {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if c.ShutdownGrace != 150*time.Second {
		t.Fatalf("shutdown grace %s, want 150s (longer than the 120 s supplier calls)", c.ShutdownGrace)
	}
	if c.WriteTimeout <= 120*time.Second {
		t.Fatalf("write timeout %s must outlast the 120 s supplier calls", c.WriteTimeout)
	}
	if c.MetricsAddr != "127.0.0.1:9090" || c.Mode != ModeLocal || c.Secure() {
		t.Fatalf("local defaults: metrics %q, mode %q, secure %v", c.MetricsAddr, c.Mode, c.Secure())
	}
	if !c.APIDocs() {
		t.Fatal("local mode does not publish the API reference")
	}
}

// Production (a DATABASE_URL, or PARYATAN_MODE=production) refuses to start
// without the site's origin and a mail server, and listens for metrics on
// the pod's port; PARYATAN_MODE=local keeps the local defaults on any
// database.
func TestProductionNeedsOriginAndMail(t *testing.T) {
	_, err := Load(env(map[string]string{"DATABASE_URL": "postgres://db/paryatan"}))
	if err == nil || !strings.Contains(err.Error(), "PUBLIC_URL is required") || !strings.Contains(err.Error(), "SMTP_URL and SMTP_FROM are required") ||
		!strings.Contains(err.Error(), "PAYMENTS_FILE is not set") {
		t.Fatalf("production without PUBLIC_URL, SMTP and a payment gateway: %v", err)
	}
	c, err := Load(env(map[string]string{"DATABASE_URL": "postgres://db/paryatan", "PUBLIC_URL": "http://paryatan.internal",
		"SMTP_URL": "smtp://mail:25", "SMTP_FROM": "a@b.in", "PAYMENTS_FILE": "/etc/paryatan/payments/payments.yaml"}))
	if err != nil || c.MetricsAddr != ":9090" || c.Secure() {
		t.Fatalf("production over http: %+v %v", c, err)
	}
	if c.APIDocs() {
		t.Fatal("production publishes the API reference")
	}
	c, err = Load(env(map[string]string{"DATABASE_URL": "postgres://db/paryatan", "PARYATAN_MODE": "local"}))
	if err != nil || c.Mode != ModeLocal {
		t.Fatalf("local mode on a database: %+v %v", c, err)
	}
	if _, err := Load(env(map[string]string{"PARYATAN_MODE": "staging"})); err == nil || !strings.Contains(err.Error(), "PARYATAN_MODE") {
		t.Fatalf("unknown mode: %v", err)
	}
}

func TestLoadValues(t *testing.T) {
	c, err := Load(env(map[string]string{
		"PORT": "9090", "DATABASE_URL": " postgres://x/y ", "DATA_DIR": "/srv/p",
		"LOG_LEVEL": "debug", "LOG_FORMAT": "TEXT", "SHUTDOWN_GRACE": "3s", "SHUTDOWN_DELAY": "2s",
		"HTTP_WRITE_TIMEOUT": "200s", "PUBLIC_URL": "https://paryatan.example/", "VISA_PARTNER_ORIGIN": "https://visa.example.in",
		"TRUSTED_PROXIES": "10.0.0.0/8", "OAUTH_GOOGLE_CLIENT_ID": "id", "OAUTH_GOOGLE_CLIENT_SECRET": "secret",
		"METRICS_ADDR": ":9091", "SMTP_URL": "smtp://mail.example:587", "SMTP_FROM": "Paryatan <hello@paryatan.example>",
		"OUTBOX_GIVE_UP_AFTER": "6h", "PAYMENTS_FILE": "/etc/paryatan/payments/payments.yaml",
		"VISA_PARTNER_SECRET": " 0123456789abcdef0123 ", "SSO_SIGNING_KEYS_FILE": "/etc/paryatan/sso/keys.json",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.VisaPartnerSecret != "0123456789abcdef0123" || c.SSOSigningKeysFile != "/etc/paryatan/sso/keys.json" {
		t.Fatalf("partner sign-on: secret %q, keys %q", c.VisaPartnerSecret, c.SSOSigningKeysFile)
	}
	if c.Port != 9090 || c.DatabaseURL != "postgres://x/y" || c.DataDir != "/srv/p" ||
		c.LogLevel != slog.LevelDebug || c.LogFormat != "text" || c.ShutdownGrace != 3*time.Second ||
		c.ShutdownDelay != 2*time.Second || c.WriteTimeout != 200*time.Second ||
		c.PublicURL != "https://paryatan.example" || c.VisaPartnerOrigin != "https://visa.example.in" ||
		len(c.TrustedProxies) != 1 || c.Google.ClientID != "id" || c.Google.Issuer != "https://accounts.google.com" ||
		c.MetricsAddr != ":9091" || c.Mode != ModeProduction || !c.Secure() ||
		c.SMTPFrom.Name != "Paryatan" || c.SMTPFrom.Address != "hello@paryatan.example" || c.OutboxGiveUpAfter != 6*time.Hour {
		t.Fatalf("unexpected config: %+v", c)
	}
}

// The partner's sign-on needs, in production, the credential its server
// redeems tickets with and the keys every replica signs with; local mode
// does without both (a generated key, a partner credential set by the
// process), and no partner needs neither.
func TestVisaPartnerNeedsSecretAndKeys(t *testing.T) {
	prod := map[string]string{"DATABASE_URL": "postgres://db/paryatan", "PUBLIC_URL": "https://paryatan.example",
		"SMTP_URL": "smtp://mail:25", "SMTP_FROM": "a@b.in", "PAYMENTS_FILE": "/etc/paryatan/payments/payments.yaml"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range prod {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	if _, err := Load(env(prod)); err != nil {
		t.Fatalf("production without a partner: %v", err)
	}
	_, err := Load(env(with(map[string]string{"VISA_PARTNER_ORIGIN": "https://visa.example.in"})))
	if err == nil || !strings.Contains(err.Error(), "VISA_PARTNER_SECRET is required") || !strings.Contains(err.Error(), "SSO_SIGNING_KEYS_FILE is required") {
		t.Fatalf("production partner without secret and keys: %v", err)
	}
	_, err = Load(env(with(map[string]string{"VISA_PARTNER_ORIGIN": "https://visa.example.in", "VISA_PARTNER_SECRET": "short",
		"SSO_SIGNING_KEYS_FILE": "/k.json"})))
	if err == nil || !strings.Contains(err.Error(), "VISA_PARTNER_SECRET") || strings.Contains(err.Error(), "SSO_SIGNING_KEYS_FILE") {
		t.Fatalf("a short partner secret: %v", err)
	}
	c, err := Load(env(with(map[string]string{"VISA_PARTNER_ORIGIN": "https://visa.example.in", "VISA_PARTNER_SECRET": "0123456789abcdef",
		"SSO_SIGNING_KEYS_FILE": "/k.json"})))
	if err != nil || c.VisaPartnerSecret != "0123456789abcdef" || c.SSOSigningKeysFile != "/k.json" {
		t.Fatalf("production partner: %+v %v", c, err)
	}
	c, err = Load(env(map[string]string{"VISA_PARTNER_ORIGIN": "http://localhost:8090"}))
	if err != nil || c.Mode != ModeLocal || c.VisaPartnerSecret != "" || c.SSOSigningKeysFile != "" {
		t.Fatalf("local partner: %+v %v", c, err)
	}
}

// A sender that would not parse at the first e-mail stops the start.
// SEARCH_CACHE_BYTES takes bytes or a KiB, MiB or GiB size; 0 keeps no
// search answers; unset is 64 MiB.
func TestSearchCacheBytes(t *testing.T) {
	for v, want := range map[string]int64{"": 64 << 20, "0": 0, "1048576": 1 << 20, "512KiB": 512 << 10, "64MiB": 64 << 20, "2 GiB": 2 << 30, "100B": 100} {
		c, err := Load(env(map[string]string{"SEARCH_CACHE_BYTES": v}))
		if err != nil || c.SearchCacheBytes != want {
			t.Errorf("SEARCH_CACHE_BYTES=%q: %d %v, want %d", v, c.SearchCacheBytes, err, want)
		}
	}
	for _, v := range []string{"-1", "64MB", "lots", "1.5GiB", "9999999999GiB"} {
		if _, err := Load(env(map[string]string{"SEARCH_CACHE_BYTES": v})); err == nil || !strings.Contains(err.Error(), "SEARCH_CACHE_BYTES") {
			t.Errorf("SEARCH_CACHE_BYTES=%q accepted: %v", v, err)
		}
	}
}

func TestLoadRefusesBadSender(t *testing.T) {
	for _, from := range []string{"Paryatan no-reply@paryatan.example", "no-reply", "Paryatan <no-reply@paryatan.example"} {
		_, err := Load(env(map[string]string{"SMTP_URL": "smtp://mail:25", "SMTP_FROM": from}))
		if err == nil || !strings.Contains(err.Error(), "SMTP_FROM") {
			t.Errorf("SMTP_FROM=%q: %v", from, err)
		}
	}
	c, err := Load(env(map[string]string{}))
	if err != nil || c.OutboxGiveUpAfter != 24*time.Hour {
		t.Fatalf("defaults: %v, give up after %v", err, c.OutboxGiveUpAfter)
	}
}

func TestLoadReportsEveryBadVariable(t *testing.T) {
	_, err := Load(env(map[string]string{
		"PORT": "eighty", "LOG_LEVEL": "loud", "SHUTDOWN_GRACE": "soon", "LOG_FORMAT": "xml",
		"PUBLIC_URL": "paryatan.example", "VISA_PARTNER_ORIGIN": "ftp://x", "TRUSTED_PROXIES": "everyone",
		"OAUTH_GOOGLE_CLIENT_ID": "id-without-secret", "SMTP_URL": "smtp://mail:25", "METRICS_ADDR": "9090",
	}))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, name := range []string{"PORT", "LOG_LEVEL", "SHUTDOWN_GRACE", "LOG_FORMAT", "PUBLIC_URL",
		"VISA_PARTNER_ORIGIN", "TRUSTED_PROXIES", "OAUTH_GOOGLE_CLIENT_SECRET", "SMTP_FROM", "METRICS_ADDR"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not name %s", err, name)
		}
	}
}

// The outbox pages exist on a developer's machine only: local mode over
// http, never in production, never on an https site.
func TestDevMail(t *testing.T) {
	for _, c := range []struct {
		vars map[string]string
		want bool
	}{
		{map[string]string{}, true},
		{map[string]string{"PUBLIC_URL": "http://localhost:8080"}, true},
		{map[string]string{"PUBLIC_URL": "https://paryatan.example"}, false},
		{map[string]string{"DATABASE_URL": "postgres://x/y", "PUBLIC_URL": "http://10.0.0.5", "SMTP_URL": "smtp://m", "SMTP_FROM": "a@b.in", "PAYMENTS_FILE": "/p.yaml"}, false},
	} {
		cfg, err := Load(env(c.vars))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.DevMail() != c.want {
			t.Errorf("%v: DevMail() = %v, want %v", c.vars, cfg.DevMail(), c.want)
		}
	}
}

// Enquiries go to each team at the sender's domain unless ENQUIRY_MAILBOXES
// names another address; a team or address that is not one is refused.
func TestEnquiryMailboxes(t *testing.T) {
	c, err := Load(env(map[string]string{"SMTP_URL": "smtp://mail:25", "SMTP_FROM": "Paryatan <no-reply@paryatan.in>",
		"ENQUIRY_MAILBOXES": "mice=Events Desk <events@paryatan.in>, support=help@paryatan.in"}))
	if err != nil {
		t.Fatal(err)
	}
	m := c.EnquiryMailboxes
	if m["holidays"].Address != "holidays@paryatan.in" || m["mice"].Address != "events@paryatan.in" || m["mice"].Name != "Events Desk" ||
		m["support"].Address != "help@paryatan.in" || m["support"].Name != "Paryatan Support" {
		t.Fatalf("mailboxes %+v", m)
	}
	if c, _ := Load(env(nil)); c.EnquiryMailboxes["holidays"].Address != "holidays@paryatan.example" {
		t.Fatalf("local default %+v", c.EnquiryMailboxes)
	}
	for _, bad := range []string{"sales=a@b.in", "mice", "mice=not an address"} {
		if _, err := Load(env(map[string]string{"ENQUIRY_MAILBOXES": bad})); err == nil || !strings.Contains(err.Error(), "ENQUIRY_MAILBOXES") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
