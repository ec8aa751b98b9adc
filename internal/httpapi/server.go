// Package httpapi assembles the API server's HTTP handler: middleware, every
// route (listed in routes.go), the health endpoints and the embedded web app.
package httpapi

import (
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"sort"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/paryatan/paryatan/internal/account"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/enquiry"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/payment/checkout"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/sso"
)

// Deps are the server's explicit dependencies.
type Deps struct {
	Logger     *slog.Logger
	DB         *pgxpool.Pool
	Metrics    *telemetry.Metrics
	Tracing    trace.TracerProvider
	Propagator propagation.TextMapPropagator
	// Web is the built single-page app (index.html at its root).
	Web fs.FS
	// WebConfig is handed to the web app in index.html.
	WebConfig RuntimeConfig
	// Migrations are the schema migrations this build expects to be applied.
	Migrations fs.FS
	// FormActions are the origins the app's forms may post to besides its
	// own (the payment gateway's hosted checkout).
	FormActions []string
	// FrameSources are the origins the app may frame besides its own and
	// the office maps (the partner visa site).
	FrameSources []string
	// HSTS sends Strict-Transport-Security: the site is https (PUBLIC_URL).
	HSTS bool
	// APIDocs serves the API's contract and a browsable reference of it at
	// /api/docs (local mode only; elsewhere those paths answer 404).
	APIDocs bool
	// DevMail, when set, shows the outbox at /dev/mail (local mode only:
	// the pages have no access control).
	DevMail *outbox.DevMailbox
	// Health is shared with the process so shutdown can mark it draining.
	Health *Health
	// ClientIP resolves client addresses behind trusted proxies.
	ClientIP *clientip.Resolver
	// Auth serves sign-in, registration and sessions.
	Auth *auth.Handler
	// Account serves the signed-in account area.
	Account *account.Handler
	// Enquiries takes the site's enquiry forms.
	Enquiries *enquiry.Handler
	// Flights serves search, quotes, rules, booking and ticketing.
	Flights *flights.Handler
	// Payments serves the gateway's returns and My Payments.
	Payments *checkout.Handler
	// SSO signs users in to partner sites and publishes its public keys.
	SSO *sso.Handler
}

// NewServer returns the complete HTTP handler of the API server.
func NewServer(d Deps) (http.Handler, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	spa, err := NewSPA(d.Web, d.WebConfig)
	if err != nil {
		return nil, err
	}
	r := chi.NewRouter()
	r.Use(
		recoverer(d.Logger),
		observe(d.Logger, d.Metrics),
		securityHeaders(d.HSTS, d.FormActions, d.FrameSources),
		d.ClientIP.Middleware,
		crossOriginProtection(),
		compress(),
	)
	addRoutes(r, d, spa)

	// The OpenTelemetry handler is outermost so the server span covers every
	// middleware; observe renames it to the matched route once chi has routed.
	return otelhttp.NewHandler(r, "http.server",
		otelhttp.WithTracerProvider(d.Tracing),
		otelhttp.WithPropagators(d.Propagator),
	), nil
}

// check refuses a server with a dependency missing: a nil handler would
// only fail when its first request arrives.
func (d Deps) check() error {
	var missing []string
	for name, isNil := range map[string]bool{
		"Logger": d.Logger == nil, "DB": d.DB == nil, "Metrics": d.Metrics == nil, "Tracing": d.Tracing == nil,
		"Propagator": d.Propagator == nil, "Web": d.Web == nil, "Migrations": d.Migrations == nil,
		"Health": d.Health == nil, "ClientIP": d.ClientIP == nil, "Auth": d.Auth == nil, "Account": d.Account == nil,
		"Flights": d.Flights == nil, "Payments": d.Payments == nil, "SSO": d.SSO == nil,
	} {
		if isNil {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("server dependencies missing: %s", strings.Join(missing, ", "))
	}
	return nil
}
