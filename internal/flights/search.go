package flights

import (
	"context"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/searchcache"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Handler serves the flights API.
type Handler struct {
	connectors      *connector.Store
	suppliers       supplier.Registry
	bookings        *Bookings
	q               *queries.Queries
	log             *slog.Logger
	now             func() time.Time
	idempotencyWait time.Duration
	guard           *guard
	// searches share identical searches' supplier calls and answers.
	searches *searchcache.Cache
}

// Deps are the flights API's dependencies. The services are built by the
// composition root (internal/app), which also runs their background work.
type Deps struct {
	Connectors *connector.Store
	// Suppliers are the supplier adapters by connector type.
	Suppliers supplier.Registry
	// Bookings is the booking service (and, through it, the booking side
	// of payments).
	Bookings *Bookings
	// Searches share identical searches' supplier calls and answers
	// (none are shared when nil).
	Searches *searchcache.Cache
	DB       *pgxpool.Pool
	Log      *slog.Logger
	// Supplier measures the supplier calls the open routes make.
	Supplier *telemetry.SupplierMetrics
	// Limits guard the open routes; nil means DefaultLimits.
	Limits *Limits
}

// NewHandler returns the flights API over the configured connectors.
func NewHandler(d Deps) *Handler {
	limits := DefaultLimits()
	if d.Limits != nil {
		limits = *d.Limits
	}
	if d.Searches == nil {
		d.Searches = searchcache.New(searchcache.Options{})
	}
	return &Handler{connectors: d.Connectors, suppliers: d.Suppliers, bookings: d.Bookings,
		q: queries.New(store.Reads{Pool: d.DB}), log: d.Log, now: time.Now, idempotencyWait: 180 * time.Second,
		guard: newGuard(limits, d.Supplier), searches: d.Searches}
}

// connector resolves the {supplier} path segment against the configuration
// in force, and the adapter of its type; the snapshot is used for the whole
// request.
func (h *Handler) connector(w http.ResponseWriter, r *http.Request) (*connector.Connector, supplier.Port, bool) {
	name := chi.URLParam(r, "supplier")
	c, ok := h.connectors.Current().Find(name)
	if !ok {
		httpjson.Fail(w, r, apierr.New(http.StatusNotFound, "unknown_supplier", "Unknown flight supplier '"+name+"'."))
		return nil, nil, false
	}
	if !c.IsEnabled() {
		httpjson.Fail(w, r, apierr.Unavailable("supplier_off", "The flight supplier '"+name+"' is switched off right now. Please try again later."))
		return nil, nil, false
	}
	port, ok := h.suppliers.For(c)
	if !ok {
		httpjson.Fail(w, r, &noAdapter{c}) // a 500: the configuration names a type this build lacks
		return nil, nil, false
	}
	return c, port, true
}

// noAdapter is a connector whose type no adapter serves in this process.
type noAdapter struct{ conn *connector.Connector }

func (e *noAdapter) Error() string {
	return "no supplier adapter for connector " + e.conn.Name + " of type " + e.conn.Type
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
func (in SearchInput) validate(conn *connector.Connector, now time.Time) (supplier.SearchRequest, *apierr.Error) {
	origin := strings.ToUpper(strings.TrimSpace(in.Origin))
	dest := strings.ToUpper(strings.TrimSpace(in.Destination))
	switch {
	case !iataRe.MatchString(origin):
		return supplier.SearchRequest{}, apierr.Invalid("origin", "origin must be a three-letter airport code like BOM.")
	case !iataRe.MatchString(dest):
		return supplier.SearchRequest{}, apierr.Invalid("destination", "destination must be a three-letter airport code like DEL.")
	case origin == dest:
		return supplier.SearchRequest{}, apierr.Invalid("destination", "origin and destination must differ.")
	}
	today := indiatime.Today(now)
	depart, err := time.Parse(time.DateOnly, strings.TrimSpace(in.DepartDate))
	switch {
	case err != nil:
		return supplier.SearchRequest{}, apierr.Invalid("departDate", "departDate must be a date written YYYY-MM-DD.")
	case depart.Before(today):
		return supplier.SearchRequest{}, apierr.Invalid("departDate", "departDate cannot be in the past.")
	case depart.After(today.AddDate(1, 0, 0)):
		return supplier.SearchRequest{}, apierr.Invalid("departDate", "departDate can be at most a year ahead.")
	}
	adults := 1
	if in.Adults != nil {
		adults = *in.Adults
	}
	switch {
	case adults < 1 || adults > 9:
		return supplier.SearchRequest{}, apierr.Invalid("adults", "adults must be between 1 and 9.")
	case in.Children < 0 || in.Children > 9:
		return supplier.SearchRequest{}, apierr.Invalid("children", "children must be between 0 and 9.")
	case in.Infants < 0 || in.Infants > 9:
		return supplier.SearchRequest{}, apierr.Invalid("infants", "infants must be between 0 and 9.")
	case in.Infants > adults:
		return supplier.SearchRequest{}, apierr.Invalid("infants", "There can be no more infants than adults.")
	}
	cabin := conn.CabinCodes["economy"]
	if in.CabinClass != nil {
		cabin = *in.CabinClass
		valid := false
		for _, code := range conn.CabinCodes {
			valid = valid || code == cabin
		}
		if !valid {
			return supplier.SearchRequest{}, apierr.Invalid("cabinClass", "cabinClass must be 2 (economy), 3 (premium economy), 4 (business) or 6 (first).")
		}
	}
	sources := conn.Sources
	if len(in.Sources) > 0 {
		sources = nil
		for _, s := range in.Sources {
			s = strings.ToUpper(strings.TrimSpace(s))
			if s != "GDS" && s != "LCC" {
				return supplier.SearchRequest{}, apierr.Invalid("sources", "sources may only hold GDS and LCC.")
			}
			sources = append(sources, s)
		}
	}
	req := supplier.SearchRequest{Origin: origin, Destination: dest, Depart: depart, Cabin: cabin,
		Adults: adults, Children: in.Children, Infants: in.Infants, Nonstop: in.Nonstop, Sources: sources}
	if a := strings.ToUpper(strings.TrimSpace(in.Airline)); a != "" {
		if !airlineRe.MatchString(a) {
			return supplier.SearchRequest{}, apierr.Invalid("airline", "airline must be a two-character airline code like AI.")
		}
		req.Airlines = []string{a}
	}
	if rd := strings.TrimSpace(in.ReturnDate); rd != "" {
		ret, err := time.Parse(time.DateOnly, rd)
		if err != nil {
			return supplier.SearchRequest{}, apierr.Invalid("returnDate", "returnDate must be a date written YYYY-MM-DD.")
		}
		if ret.Before(depart) {
			return supplier.SearchRequest{}, apierr.Invalid("returnDate", "returnDate cannot be before departDate.")
		}
		req.Return = ret
	}
	return req, nil
}

// Search handles POST /api/v1/flights/{supplier}/search. Identical
// searches share their supplier call, and an answer is reused for the
// connector's search cache window (internal/searchcache); each answer says
// how old it is. The traveller's view is made for each request, from the
// supplier's document.
func (h *Handler) Search(w http.ResponseWriter, r *http.Request) {
	conn, port, ok := h.connector(w, r)
	if !ok {
		return
	}
	var in SearchInput
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	req, bad := in.validate(conn, h.now())
	if bad != nil {
		httpjson.Fail(w, r, bad)
		return
	}
	done, ok := h.guard.admit(w, r, conn.Name, string(connector.OpSearch))
	if !ok {
		return
	}
	defer done()
	res, err := h.searches.Search(r.Context(), conn, req, func(ctx context.Context) (*supplier.Answer, error) {
		return port.Search(ctx, conn, req)
	})
	if err != nil {
		httpjson.Fail(w, r, supplierError(err, ""))
		return
	}
	writeSearch(w, r, res)
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

func (in TraceInput) validate() (supplier.ResultRef, *apierr.Error) {
	t, okT := supplierID(in.TraceId)
	ri, okRI := supplierID(in.ResultIndex)
	switch {
	case !okT:
		return supplier.ResultRef{}, apierr.Invalid("traceId", missingTrace)
	case !okRI:
		return supplier.ResultRef{}, apierr.Invalid("resultIndex", missingTrace)
	}
	return supplier.ResultRef{TraceID: t, ResultIndex: ri}, nil
}

// FareQuote handles POST /api/v1/flights/{supplier}/fare-quote.
func (h *Handler) FareQuote(w http.ResponseWriter, r *http.Request) {
	h.traceCall(w, r, connector.OpFareQuote, "No FareQuote results", func(ctx context.Context, port supplier.Port, conn *connector.Connector, req supplier.ResultRef) ([]byte, error) {
		q, err := port.FareQuote(ctx, conn, req)
		if err != nil {
			return nil, err
		}
		return q.Doc, nil
	})
}

// FareRule handles POST /api/v1/flights/{supplier}/fare-rule.
func (h *Handler) FareRule(w http.ResponseWriter, r *http.Request) {
	h.traceCall(w, r, connector.OpFareRule, "", func(ctx context.Context, port supplier.Port, conn *connector.Connector, req supplier.ResultRef) ([]byte, error) {
		reply, err := port.FareRule(ctx, conn, req)
		if err != nil {
			return nil, err
		}
		return reply.Doc, nil
	})
}

// traceCall serves an open call about one search result: resolve the
// connector, read and check {traceId, resultIndex}, call, pass the answer on.
func (h *Handler) traceCall(w http.ResponseWriter, r *http.Request, op connector.Operation, failMsg string,
	call func(context.Context, supplier.Port, *connector.Connector, supplier.ResultRef) ([]byte, error)) {
	conn, port, ok := h.connector(w, r)
	if !ok {
		return
	}
	var in TraceInput
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	req, bad := in.validate()
	if bad != nil {
		httpjson.Fail(w, r, bad)
		return
	}
	done, ok := h.guard.admit(w, r, conn.Name, string(op))
	if !ok {
		return
	}
	defer done()
	raw, err := call(r.Context(), port, conn, req)
	if err != nil {
		httpjson.Fail(w, r, supplierError(err, failMsg))
		return
	}
	writeRaw(w, r, raw)
}
