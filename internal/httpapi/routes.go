package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
)

// addRoutes is the one place where every route of the server is listed.
func addRoutes(r chi.Router, d Deps, spa *SPA) {
	r.Get("/healthz", d.Health.Live)
	r.Get("/readyz", d.Health.Ready)
	// The public keys of partner sign-on tickets (docs/sso.md).
	r.Get("/.well-known/jwks.json", d.SSO.JWKS)
	// /metrics is not here: it is served on the internal listener
	// (MetricsHandler), never through the public router.

	r.Route("/api", func(api chi.Router) {
		// Unknown API paths always answer JSON, never the web app.
		api.NotFound(apiNotFound)
		api.MethodNotAllowed(apiMethodNotAllowed)
		api.Use(d.Auth.Sessions)

		api.Post("/auth/register", d.Auth.Register)
		api.Post("/auth/login", d.Auth.Login)
		api.Get("/auth/me", d.Auth.Me)
		api.Post("/auth/logout", d.Auth.Logout)
		api.Get("/auth/email/verify", d.Auth.ConfirmEmail)
		api.With(auth.RequireUser).Post("/auth/email/verify/start", d.Auth.StartEmailVerification)
		api.Get("/oauth/{provider}/start", d.Auth.OAuthStart)
		api.Get("/oauth/{provider}/callback", d.Auth.OAuthCallback)

		if d.APIDocs {
			// The contract and its reference (local mode only).
			api.Get("/docs", serveAPIDocsPage)
			api.Get("/docs/openapi.yaml", serveOpenAPI)
			api.Get("/docs/*", serveAPIDocsFile)
		}

		api.Route("/v1", func(v1 chi.Router) {
			// Search, quotes and rules are open; booking needs a signed-in user.
			v1.Post("/flights/{supplier}/search", d.Flights.Search)
			v1.Post("/flights/{supplier}/fare-quote", d.Flights.FareQuote)
			v1.Post("/flights/{supplier}/fare-rule", d.Flights.FareRule)
			v1.Post("/flights/{supplier}/extras", d.Flights.FlightExtras)
			v1.With(auth.RequireUser).Post("/flights/{supplier}/book", d.Flights.Book)
			v1.With(auth.RequireUser).Post("/flights/{supplier}/ticket", d.Flights.Ticket)
			v1.With(auth.RequireUser).Post("/flights/{supplier}/booking-details", d.Flights.BookingDetails)
			// Enquiries are open (a contact message needs a user; the
			// handler says so in the spec's words).
			v1.Post("/enquiries", d.Enquiries.Create)
			// The payment gateway's returns: the hosted checkout's form post
			// and its webhooks. Neither carries a session; each is proved by
			// the gateway's signature (and bypasses the cross-origin check).
			v1.Post("/payments/{gateway}/callback", d.Payments.Callback)
			v1.Post("/payments/{gateway}/webhook", d.Payments.Webhook)
			// Sign-on to partner sites (docs/sso.md): the browser asks for a
			// ticket; the partner's server redeems it with its own
			// credential (no session; it bypasses the cross-origin check).
			v1.With(auth.RequireUser).Post("/sso/ticket", d.SSO.Ticket)
			v1.Post("/sso/redeem", d.SSO.Redeem)

			v1.Group(func(me chi.Router) {
				me.Use(auth.RequireUser)
				me.Post("/auth/email/verify/start", d.Auth.StartEmailVerification)
				me.Get("/me/sessions", d.Auth.ListSessions)
				me.Post("/me/sessions/{id}/revoke", d.Auth.RevokeSession)
				me.Put("/me/password", d.Auth.ChangePassword)

				me.Get("/me/profile", d.Account.GetProfile)
				me.Put("/me/profile", d.Account.PutProfile)
				me.Get("/me/profile-completion", d.Account.GetCompletion)
				me.Post("/me/profile-snooze", d.Account.Snooze)
				me.Get("/me/co-travellers", d.Account.ListCoTravellers)
				me.Post("/me/co-travellers", d.Account.CreateCoTraveller)
				me.Put("/me/co-travellers/{id}", d.Account.UpdateCoTraveller)
				me.Delete("/me/co-travellers/{id}", d.Account.DeleteCoTraveller)
				me.Get("/me/company", d.Account.GetCompany)
				me.Put("/me/company", d.Account.PutCompany)
				me.Get("/me/bookings", d.Flights.MyBookings)
				me.Get("/me/bookings/{id}", d.Flights.MyBooking)
				me.Post("/me/bookings/{id}/payment", d.Flights.PayBooking)
				me.Post("/me/bookings/{id}/cancel", d.Flights.CancelBooking)
				me.Get("/me/bookings/{id}/cancellation-charges", d.Flights.CancellationCharges)
				me.Post("/me/bookings/{id}/cancellations", d.Flights.CancelTickets)
				me.Get("/me/bookings/{id}/documents/{kind}", d.Flights.Document)
				me.Get("/me/bookings/{id}/documents/credit-notes/{cancellation}", d.Flights.CreditNote)
				me.Get("/me/payments", d.Payments.MyPayments)
				me.Get("/me/enquiries", d.Enquiries.Mine)
			})
		})
	})

	// The outbox for developers (local mode only). Elsewhere these paths
	// answer 404 rather than the web app, so no one mistakes them for a
	// page that exists.
	devMail, devMessage := http.NotFound, http.NotFound
	if d.DevMail != nil {
		devMail, devMessage = d.DevMail.List, d.DevMail.Show
	}
	r.Get("/dev/mail", devMail)
	r.Get("/dev/mail/{message}", devMessage)

	// The job UI is on the internal listener only (internal/jobs); here its
	// paths answer 404, not the web app, so a link to it from outside shows
	// plainly that it is not served.
	r.Get("/jobs", http.NotFound)
	r.Get("/jobs/*", http.NotFound)

	// Everything else is the web app: files from web/dist, and index.html for
	// client-side routes.
	r.Get("/*", spa.ServeHTTP)
	r.Head("/*", spa.ServeHTTP)
}

// MetricsHandler serves the Prometheus registry, for the internal listener.
func MetricsHandler(m *telemetry.Metrics) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry, EnableOpenMetrics: true}))
	return mux
}

func apiNotFound(w http.ResponseWriter, r *http.Request) {
	httpjson.Fail(w, r, apierr.NotFound("No API route "+r.Method+" "+r.URL.Path+"."))
}

func apiMethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	httpjson.Fail(w, r, apierr.New(http.StatusMethodNotAllowed, "method_not_allowed", r.Method+" is not allowed on "+r.URL.Path+"."))
}

// Route is one method and chi pattern of the server.
type Route struct{ Method, Pattern string }

// RouteTable lists every route of the server (local mode's included), for
// tests that check each one (every protected route refuses strangers,
// whatever is added later).
func RouteTable() ([]Route, error) {
	r := chi.NewRouter()
	addRoutes(r, Deps{Health: &Health{}, Auth: &auth.Handler{}, APIDocs: true}, &SPA{})
	var out []Route
	err := chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		out = append(out, Route{method, route})
		return nil
	})
	return out, err
}
