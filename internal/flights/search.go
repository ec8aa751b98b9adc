package flights

import (
	"context"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/indiatime"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// Handler serves the flights API.
type Handler struct {
	connectors      *connector.Store
	tbo             *tbo.Client
	bookings        *Bookings
	q               *queries.Queries
	log             *slog.Logger
	now             func() time.Time
	idempotencyWait time.Duration
	guard           *guard
}

// Deps are the flights API's dependencies.
type Deps struct {
	Connectors *connector.Store
	Supplier   *tbo.Client
	DB         *pgxpool.Pool
	Log        *slog.Logger
	Metrics    *telemetry.Metrics
	// Limits guard the open routes; nil means DefaultLimits.
	Limits *Limits
	// GiveUpAfter overrides Bookings.GiveUpAfter when set.
	GiveUpAfter time.Duration
	// Instance is this process's api_instances id (internal/instance),
	// kept alive while the process runs: it holds the leases of the
	// supplier calls and the idempotency keys this process works on.
	Instance string
}

// NewHandler returns the flights API over the configured connectors.
func NewHandler(d Deps) *Handler {
	limits := DefaultLimits()
	if d.Limits != nil {
		limits = *d.Limits
	}
	bookings := NewBookings(d.DB, d.Supplier, d.Log, d.Instance, d.Metrics.Bookings)
	if d.GiveUpAfter > 0 {
		bookings.GiveUpAfter = d.GiveUpAfter
	}
	return &Handler{connectors: d.Connectors, tbo: d.Supplier, bookings: bookings,
		q: queries.New(store.Reads{Pool: d.DB}), log: d.Log, now: time.Now, idempotencyWait: 180 * time.Second,
		guard: newGuard(limits, d.Metrics.Supplier)}
}

// Bookings returns the booking service (its reconciler runs in the background).
func (h *Handler) Bookings() *Bookings { return h.bookings }

// connector resolves the {supplier} path segment against the configuration
// in force; the snapshot is used for the whole request.
func (h *Handler) connector(w http.ResponseWriter, r *http.Request) (*connector.Connector, bool) {
	name := chi.URLParam(r, "supplier")
	c, ok := h.connectors.Current().Find(name)
	if !ok {
		writeFail(w, r, http.StatusNotFound, "Unknown flight supplier '"+name+"'.", "")
		return nil, false
	}
	if !c.IsEnabled() {
		writeFail(w, r, http.StatusServiceUnavailable, "The flight supplier '"+name+"' is switched off right now. Please try again later.", "")
		return nil, false
	}
	return c, true
}

// SearchInput is the search payload of spec 7. Dates are YYYY-MM-DD; a
// return date makes it a round trip; cabinClass is a supplier cabin code
// (2 economy, 3 premium economy, 4 business, 6 first).
type SearchInput struct {
	Origin      string   `json:"origin"`
	Destination string   `json:"destination"`
	DepartDate  string   `json:"departDate"`
	ReturnDate  string   `json:"returnDate,omitempty"`
	CabinClass  *int     `json:"cabinClass,omitempty"`
	Adults      *int     `json:"adults,omitempty"`
	Children    int      `json:"children,omitempty"`
	Infants     int      `json:"infants,omitempty"`
	Sources     []string `json:"sources,omitempty"`
	Nonstop     bool     `json:"nonstop,omitempty"`
	Airline     string   `json:"airline,omitempty"`
}

var (
	iataRe    = regexp.MustCompile(`^[A-Z]{3}$`)
	airlineRe = regexp.MustCompile(`^[A-Z0-9]{2}$`)
)

// validate checks a search and builds the supplier request.
func (in SearchInput) validate(conn *connector.Connector, now time.Time) (tbo.SearchRequest, *invalidInput) {
	origin := strings.ToUpper(strings.TrimSpace(in.Origin))
	dest := strings.ToUpper(strings.TrimSpace(in.Destination))
	switch {
	case !iataRe.MatchString(origin):
		return tbo.SearchRequest{}, &invalidInput{"origin", "origin must be a three-letter airport code like BOM."}
	case !iataRe.MatchString(dest):
		return tbo.SearchRequest{}, &invalidInput{"destination", "destination must be a three-letter airport code like DEL."}
	case origin == dest:
		return tbo.SearchRequest{}, &invalidInput{"destination", "origin and destination must differ."}
	}
	today := indiatime.Today(now)
	depart, err := time.Parse(time.DateOnly, strings.TrimSpace(in.DepartDate))
	switch {
	case err != nil:
		return tbo.SearchRequest{}, &invalidInput{"departDate", "departDate must be a date written YYYY-MM-DD."}
	case depart.Before(today):
		return tbo.SearchRequest{}, &invalidInput{"departDate", "departDate cannot be in the past."}
	case depart.After(today.AddDate(1, 0, 0)):
		return tbo.SearchRequest{}, &invalidInput{"departDate", "departDate can be at most a year ahead."}
	}
	adults := 1
	if in.Adults != nil {
		adults = *in.Adults
	}
	switch {
	case adults < 1 || adults > 9:
		return tbo.SearchRequest{}, &invalidInput{"adults", "adults must be between 1 and 9."}
	case in.Children < 0 || in.Children > 9:
		return tbo.SearchRequest{}, &invalidInput{"children", "children must be between 0 and 9."}
	case in.Infants < 0 || in.Infants > 9:
		return tbo.SearchRequest{}, &invalidInput{"infants", "infants must be between 0 and 9."}
	case in.Infants > adults:
		return tbo.SearchRequest{}, &invalidInput{"infants", "There can be no more infants than adults."}
	}
	cabin := conn.CabinCodes["economy"]
	if in.CabinClass != nil {
		cabin = *in.CabinClass
		valid := false
		for _, code := range conn.CabinCodes {
			valid = valid || code == cabin
		}
		if !valid {
			return tbo.SearchRequest{}, &invalidInput{"cabinClass", "cabinClass must be 2 (economy), 3 (premium economy), 4 (business) or 6 (first)."}
		}
	}
	sources := conn.Sources
	if len(in.Sources) > 0 {
		sources = nil
		for _, s := range in.Sources {
			s = strings.ToUpper(strings.TrimSpace(s))
			if s != "GDS" && s != "LCC" {
				return tbo.SearchRequest{}, &invalidInput{"sources", "sources may only hold GDS and LCC."}
			}
			sources = append(sources, s)
		}
	}
	req := tbo.SearchRequest{
		AdultCount: adults, ChildCount: in.Children, InfantCount: in.Infants,
		DirectFlight: in.Nonstop, JourneyType: 1, Sources: sources,
		Segments: []tbo.SearchSegment{{Origin: origin, Destination: dest, FlightCabinClass: cabin,
			PreferredDepartureTime: depart.Format("2006-01-02T00:00:00"), PreferredArrivalTime: depart.Format("2006-01-02T00:00:00")}},
	}
	if a := strings.ToUpper(strings.TrimSpace(in.Airline)); a != "" {
		if !airlineRe.MatchString(a) {
			return tbo.SearchRequest{}, &invalidInput{"airline", "airline must be a two-character airline code like AI."}
		}
		req.PreferredAirlines = []string{a}
	}
	if rd := strings.TrimSpace(in.ReturnDate); rd != "" {
		ret, err := time.Parse(time.DateOnly, rd)
		if err != nil {
			return tbo.SearchRequest{}, &invalidInput{"returnDate", "returnDate must be a date written YYYY-MM-DD."}
		}
		if ret.Before(depart) {
			return tbo.SearchRequest{}, &invalidInput{"returnDate", "returnDate cannot be before departDate."}
		}
		req.JourneyType = 2
		req.Segments = append(req.Segments, tbo.SearchSegment{Origin: dest, Destination: origin, FlightCabinClass: cabin,
			PreferredDepartureTime: ret.Format("2006-01-02T00:00:00"), PreferredArrivalTime: ret.Format("2006-01-02T00:00:00")})
	}
	return req, nil
}

// Search handles POST /api/v1/flights/{supplier}/search.
func (h *Handler) Search(w http.ResponseWriter, r *http.Request) {
	conn, ok := h.connector(w, r)
	if !ok {
		return
	}
	var in SearchInput
	if !decode(w, r, &in) {
		return
	}
	req, bad := in.validate(conn, h.now())
	if bad != nil {
		writeInvalid(w, r, bad)
		return
	}
	done, ok := h.guard.admit(w, r, conn.Name, string(connector.OpSearch))
	if !ok {
		return
	}
	defer done()
	reply, err := h.tbo.Search(r.Context(), conn, req)
	if err != nil {
		writeSupplierError(w, r, err, "")
		return
	}
	writeRaw(w, r, reply.Raw)
}

// TraceInput names a search result (fare-quote and fare-rule payload).
type TraceInput struct {
	TraceId     string `json:"traceId"`
	ResultIndex string `json:"resultIndex"`
}

const missingTrace = "Missing traceId or resultIndex. Please go back and select a flight again."

// MaxSupplierID bounds an identifier the supplier issued (a TraceId, a
// ResultIndex) that a client sends back. It only protects the server: the
// supplier's result indexes are opaque strings of about 700 characters
// (base64 with + / = and a bracketed source tag, "OB10[TBO]…"), so nothing
// of ours limits their length or alphabet below this.
const MaxSupplierID = 4 << 10

// supplierID reads an identifier the supplier issued: present and at most
// MaxSupplierID bytes; otherwise opaque, passed back byte for byte (only
// surrounding whitespace is dropped, which no supplier identifier has).
func supplierID(v string) (string, bool) {
	v = strings.TrimSpace(v)
	return v, v != "" && len(v) <= MaxSupplierID
}

func (in TraceInput) validate() (tbo.TraceRequest, *invalidInput) {
	t, okT := supplierID(in.TraceId)
	ri, okRI := supplierID(in.ResultIndex)
	switch {
	case !okT:
		return tbo.TraceRequest{}, &invalidInput{"traceId", missingTrace}
	case !okRI:
		return tbo.TraceRequest{}, &invalidInput{"resultIndex", missingTrace}
	}
	return tbo.TraceRequest{TraceId: t, ResultIndex: ri}, nil
}

// FareQuote handles POST /api/v1/flights/{supplier}/fare-quote.
func (h *Handler) FareQuote(w http.ResponseWriter, r *http.Request) {
	h.traceCall(w, r, connector.OpFareQuote, "No FareQuote results", func(ctx context.Context, conn *connector.Connector, req tbo.TraceRequest) ([]byte, error) {
		q, err := h.tbo.FareQuote(ctx, conn, req)
		if err != nil {
			return nil, err
		}
		return q.Raw, nil
	})
}

// FareRule handles POST /api/v1/flights/{supplier}/fare-rule.
func (h *Handler) FareRule(w http.ResponseWriter, r *http.Request) {
	h.traceCall(w, r, connector.OpFareRule, "", func(ctx context.Context, conn *connector.Connector, req tbo.TraceRequest) ([]byte, error) {
		reply, err := h.tbo.FareRule(ctx, conn, req)
		if err != nil {
			return nil, err
		}
		return reply.Raw, nil
	})
}

// traceCall serves an open call about one search result: resolve the
// connector, read and check {traceId, resultIndex}, call, pass the answer on.
func (h *Handler) traceCall(w http.ResponseWriter, r *http.Request, op connector.Operation, failMsg string,
	call func(context.Context, *connector.Connector, tbo.TraceRequest) ([]byte, error)) {
	conn, ok := h.connector(w, r)
	if !ok {
		return
	}
	var in TraceInput
	if !decode(w, r, &in) {
		return
	}
	req, bad := in.validate()
	if bad != nil {
		writeInvalid(w, r, bad)
		return
	}
	done, ok := h.guard.admit(w, r, conn.Name, string(op))
	if !ok {
		return
	}
	defer done()
	raw, err := call(r.Context(), conn, req)
	if err != nil {
		writeSupplierError(w, r, err, failMsg)
		return
	}
	writeRaw(w, r, raw)
}
