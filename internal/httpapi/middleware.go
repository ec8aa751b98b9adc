package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/CAFxX/httpcompression"
	hcgzip "github.com/CAFxX/httpcompression/contrib/klauspost/gzip"
	hczstd "github.com/CAFxX/httpcompression/contrib/klauspost/zstd"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/klauspost/compress/zstd"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
)

// observe records the request-duration histogram, names the server span after
// the matched chi route, and writes one log line per request. Probe and
// metrics scrapes are logged at debug level only.
func observe(log *slog.Logger, m *telemetry.Metrics) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			m.HTTPInFlight.Inc()
			defer m.HTTPInFlight.Dec()
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			defer func() { //nolint:contextcheck // the closure logs with r.Context()
				// Runs after a panic too (the recoverer above writes the 500).
				status := ww.Status()
				if status == 0 {
					status = http.StatusOK
				}
				if rec := recover(); rec != nil {
					status = http.StatusInternalServerError
					defer panic(rec)
				}
				if errors.Is(r.Context().Err(), context.Canceled) {
					// The client closed the connection before the answer was
					// done: not our failure, and never a 5xx.
					status = StatusClientClosedRequest
				}
				route := routePattern(r)
				elapsed := time.Since(start)
				m.HTTPDuration.WithLabelValues(route, r.Method, statusClass(status)).Observe(elapsed.Seconds())

				span := trace.SpanFromContext(r.Context())
				span.SetName(r.Method + " " + route)
				span.SetAttributes(attribute.String("http.route", route))

				level := slog.LevelInfo
				switch {
				case status >= 500 && status != StatusClientClosedRequest:
					level = slog.LevelError
				case route == "/healthz" || route == "/readyz":
					level = slog.LevelDebug
				}
				log.Log(r.Context(), level, "http request",
					"method", r.Method, "route", route, "path", r.URL.Path, "status", status,
					"bytes", ww.BytesWritten(), "duration_ms", float64(elapsed.Microseconds())/1000)
			}()
			next.ServeHTTP(ww, r)
		})
	}
}

// StatusClientClosedRequest is the status recorded (in metrics and logs,
// never sent) for a request whose client went away before its answer was
// done, as proxies conventionally do.
const StatusClientClosedRequest = 499

// routePattern is the matched chi pattern (bounded cardinality), never the raw
// path. A path that matched no route, including the catch-alls of the API
// and of the web app's files, is "unmatched".
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p == "/*" || (p != "" && !strings.HasSuffix(p, "/*")) {
			return p
		}
	}
	return "unmatched"
}

// statusClass is the code label: the status class ("2xx" …), and "499"
// on its own for clients that went away, so that error-ratio alerts on 5xx
// (or 4xx) are not set off by disconnects.
func statusClass(code int) string {
	switch {
	case code == StatusClientClosedRequest:
		return "499"
	case code < 100 || code > 599:
		return "other"
	}
	return strconv.Itoa(code/100) + "xx"
}

// recoverer turns a panic into a logged error and a 500 (JSON on the API), so
// one bad request never takes the process down. It also hands the request
// the server's logger, with which error answers log their causes
// (httpjson.Fail).
func recoverer(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() { //nolint:contextcheck // the closure answers through r
				rec := recover()
				if rec == nil {
					return
				}
				if err, ok := rec.(error); ok && errors.Is(err, http.ErrAbortHandler) {
					panic(rec) // the client went away; let net/http handle it
				}
				log.ErrorContext(r.Context(), "panic serving request", "panic", rec, "path", r.URL.Path)
				if r.Header.Get("Connection") != "Upgrade" {
					// Logged above: no cause to log again.
					httpjson.Fail(w, r, apierr.Internal(nil))
				}
			}()
			next.ServeHTTP(w, r.WithContext(httpjson.WithLogger(r.Context(), log)))
		})
	}
}

// mapFrameOrigin is where the contact page's office maps are embedded from,
// once the visitor asks for them (OpenStreetMap's embeddable map).
const mapFrameOrigin = "https://www.openstreetmap.org"

// contentSecurityPolicy allows only the app's own scripts, styles, images and
// API. Inline styles are needed by the component library's runtime styling;
// inline scripts are not allowed. The app may frame its own pages, the
// office maps and frameSources (the partner visa site, which the visa page
// shows signed in), and may not be framed by anyone. Forms post to the app,
// and to formActions: the payment gateway's hosted checkout, where the
// traveller is sent to pay.
func contentSecurityPolicy(formActions, frameSources []string) string {
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src 'self'",
		strings.Join(append([]string{"frame-src 'self'", mapFrameOrigin}, frameSources...), " "),
		"object-src 'none'",
		"base-uri 'self'",
		strings.Join(append([]string{"form-action 'self'"}, formActions...), " "),
		"frame-ancestors 'none'",
	}, "; ")
}

// securityHeaders sets the headers every answer carries; HSTS when the site
// is configured as https (PUBLIC_URL), never guessed from the request.
// formActions are the origins forms may post to besides the app's,
// frameSources those it may frame besides its own and the maps.
func securityHeaders(hsts bool, formActions, frameSources []string) func(http.Handler) http.Handler {
	contentSecurityPolicy := contentSecurityPolicy(formActions, frameSources)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", contentSecurityPolicy)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
			if hsts {
				h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
			}
			next.ServeHTTP(w, r)
		})
	}
}

// compress packs text responses (HTML, scripts, styles, JSON, SVG) with
// zstd for clients that accept it (current browsers do), else gzip, using
// CAFxX/httpcompression for the negotiation (q-values, including q=0
// refusals, and Vary) with klauspost's pooled encoders. Supplier answers pass
// through at hundreds of KiB each, and packing them is most of what the API
// adds to a search: zstd at its fastest level and gzip at level 3.
// BenchmarkCompressSearchAnswer measures a 400 KB answer (a quarter of it
// incompressible, like result indexes): about 1.4 ms with zstd, where chi's
// compressor with the same encoders takes about 1.05 ms, because
// httpcompression copies the body into a buffer of its own before packing
// it (450 KB more allocated per answer). Bodies under 1 KiB go out as they
// are (minCompressSize), and so does an answer already packed (with a
// Content-Encoding):
// the web app's files come packed from the build, at levels too slow for a
// request. A handler that chooses its answers' coding itself writes through
// uncompressedWriter, which this middleware never packs.
func compress() func(http.Handler) http.Handler {
	// Browsers accept zstd windows up to 8 MiB; 1 MiB keeps each pooled
	// encoder small and covers the largest answers.
	zs, err := hczstd.New(zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(1<<20), zstd.WithEncoderCRC(true))
	if err != nil {
		panic(err) // fixed options: a failure is a programming error
	}
	gz, err := hcgzip.New(hcgzip.Options{Level: 3})
	if err != nil {
		panic(err)
	}
	adapter, err := httpcompression.Adapter(
		httpcompression.Compressor(hczstd.Encoding, 1, zs),
		httpcompression.Compressor(hcgzip.Encoding, 0, gz),
		httpcompression.ContentTypes(compressedTypes, false),
		httpcompression.MinSize(minCompressSize),
	)
	if err != nil {
		panic(err)
	}
	return func(next http.Handler) http.Handler {
		packing := adapter(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			packing.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), uncompressedKey{}, w)))
		})
	}
}

// minCompressSize is the smallest body the compress middleware packs. A
// smaller one fits in the first TCP segment as it is, so packing it saves
// the client no round trip, while it cost the session check (GET
// /api/auth/me, about 230 bytes, made by every page) a tenth of its CPU
// time in a zstd frame (BenchmarkSessionCheck in internal/auth).
const minCompressSize = 1024

// uncompressedKey carries, in a request's context, the response writer from
// below the compress middleware.
type uncompressedKey struct{}

// uncompressedWriter returns the writer for r that the compress middleware
// does not pack, for a handler that chooses each answer's coding itself:
// the web app's files are sent in the packed form the build made for them,
// or as they are, never packed again on the way out. Outside the
// middleware it is w.
func uncompressedWriter(w http.ResponseWriter, r *http.Request) http.ResponseWriter {
	if below, ok := r.Context().Value(uncompressedKey{}).(http.ResponseWriter); ok {
		return below
	}
	return w
}

// compressedTypes are the response types worth packing; images and fonts
// are packed already.
var compressedTypes = []string{"text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
	"application/json", "image/svg+xml", "application/manifest+json", "application/yaml"}

// acceptedCodings weighs the codings an Accept-Encoding header names: lower
// case coding → q-value, 1 when none is given and 0 for a refusal (q=0);
// "*" weighs every coding the header does not name. An unreadable q-value
// counts as 1, one out of range as the nearer bound. The web app's files are sent in the packed form the client
// weighs highest (spa.go).
func acceptedCodings(header string) map[string]float64 {
	weights := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && !math.IsNaN(f) {
					q = min(max(f, 0), 1)
				}
			}
		}
		if name = strings.ToLower(strings.TrimSpace(name)); name != "" {
			weights[name] = q
		}
	}
	return weights
}

// crossOriginProtection refuses state-changing requests that a browser marks
// as coming from another site (Sec-Fetch-Site, else Origin against Host), so
// another site cannot act with a signed-in user's cookie. The payment
// gateway's returns come from its site by design; they act on its
// signature, never on a session. A partner's redemption of a sign-on
// ticket comes from its server and acts on the partner's credential and
// the ticket, never on a session either.
func crossOriginProtection() func(http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.AddInsecureBypassPattern("POST /api/v1/payments/{gateway}/callback")
	cop.AddInsecureBypassPattern("POST /api/v1/payments/{gateway}/webhook")
	cop.AddInsecureBypassPattern("POST /api/v1/sso/redeem")
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpjson.Fail(w, r, apierr.Forbidden("cross_origin", "Cross-origin requests are not allowed."))
	}))
	return cop.Handler
}
