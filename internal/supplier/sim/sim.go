// Package sim simulates the TBO Air API, Paryatan's flight supplier, over
// HTTP: Authenticate, Search, FareQuote, FareRule, SSR, Book, Ticket (GDS
// and LCC paths), GetBookingDetails, ReleasePNRRequest,
// GetCancellationCharges, SendChangeRequest and GetChangeRequestStatus, with
// the supplier's JSON shapes, status codes, token and trace lifetimes, and
// its quirks. A client written against the real API works against it
// unchanged.
//
// SSR sells a low-cost result's seats (a seat map per flight, by aircraft,
// some seats taken), meals per flight and extra baggage per journey, with
// the baggage an international low-cost fare includes, which is granted
// only when the Ticket sends it back; the LCC Ticket checks every item
// against that answer and GetBookingDetails shows what each passenger
// bought. A full-service result answers meal and seat preferences, which
// Book keeps. The rules in full are in ssr.go.
//
// A held GDS booking can be released: GetBookingDetails then shows it with
// Status 7 and its segments XX, Ticket refuses it, releasing it again
// succeeds, and its result may be booked again. A ticketed booking is not
// released.
//
// A ticketed booking is cancelled, whole or some of its tickets (and, on a
// full-service fare, some of its journeys), by change requests, one per
// ticket. Charges come from the fare rules the simulator shows: a fee per
// passenger and per journey that rises within 72 hours of departure, never
// more than the basic fare and fuel surcharge (the taxes always come back),
// a small flat fee for infants; non-refundable
// fares and flights gone (or leaving within 2 hours) are refused. A request
// moves from Unassigned (Pending at a low-cost airline) to Acknowledged and
// Completed on the simulator's clock (Options.Cancellations; some low-cost
// airlines complete at once), with the charge and refund that
// GetCancellationCharges quoted for the same tickets. GetBookingDetails
// shows each ticket's change request and cancellation. The rules in full are
// in cancel.go.
//
// Results are generated for any pair of airports in the embedded OpenFlights
// data (internal/supplier/sim/data, made by hack/gen-sim-data.mjs) and are
// deterministic for a seed: the same search gives the same flights and
// fares. Latency and faults (business errors, dropped connections, slow
// bodies, price changes) are drawn from Options, and each call may override
// them with X-Sim-* headers; see the Header constants.
//
// Some fares need travel documents: passports on international
// full-service itineraries (before ticketing), and, for the shares of fares
// Options.Documents sets, every adult's PAN, every passenger's passport or a
// company's GST details, at Book or at Ticket. Results say so with the
// supplier's flags (IsPanRequiredAtBook/AtTicket,
// IsPassportRequiredAtBook/AtTicket, GSTAllowed, IsGSTMandatory), and Book
// and Ticket refuse passengers without them (ResponseStatus 3), as they
// refuse a bad PAN or GSTIN and more infants than adults. Bookings keep the
// documents, frequent-flyer numbers and special meals given, and
// GetBookingDetails shows them.
//
// Paths under AdminPrefix list the bookings made (with their change
// requests) and change the faults, the document settings and the
// cancellation timings at run time.
//
// The Server is an http.Handler: serve it in-process on a loopback port,
// from httptest.Server in tests, or standalone with cmd/tbo-sim.
package sim

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Credential is an agency login the simulator accepts.
type Credential struct {
	ClientID, UserName, Password string
}

// DefaultCredential is accepted when Options.Credentials is empty.
// ApiIntegrationNew is the client id the supplier gives integrators for its
// test environment.
var DefaultCredential = Credential{ClientID: "ApiIntegrationNew", UserName: "paryatan", Password: "paryatan@123"}

// Defaults applied by New to zero Options fields.
const (
	DefaultTraceLifetime = 15 * time.Minute
	DefaultSlowBody      = 10 * time.Second
	DefaultMaxTraces     = 200_000
	DefaultMaxBookings   = 100_000
)

// Options configure a Server. The zero value is a fast, fault-free
// simulator accepting DefaultCredential.
type Options struct {
	// Seed makes results reproducible: the same seed and search give the
	// same flights and fares; another seed gives other times and prices.
	Seed uint64
	// Credentials are the logins Authenticate accepts.
	Credentials []Credential
	// Latency is the delay before each answer; MethodLatency overrides it
	// per method (keys: "Search", "Book"… as in the URL, any case; other
	// keys are ignored).
	Latency       Latency
	MethodLatency map[string]Latency
	// ErrorRate is the share of calls answered with a supplier business
	// error (HTTP 200, ResponseStatus 2).
	ErrorRate float64
	// DropRate is the share of calls whose connection is closed without an
	// answer; DropWhen says whether the work is done first (DropAfter, the
	// default) or not (DropBefore).
	DropRate float64
	DropWhen DropPoint
	// SlowBodyRate is the share of answers trickled over SlowBody.
	SlowBodyRate float64
	SlowBody     time.Duration
	// PriceChange is the probability that FareQuote, Book or a first Ticket
	// reports a higher fare.
	PriceChange float64
	// TokenLifetime bounds a token's validity; zero means until the end of
	// the calendar day in India, as the supplier does.
	TokenLifetime time.Duration
	// TraceLifetime is how long a search's TraceId stays usable (default
	// 15 minutes).
	TraceLifetime time.Duration
	// MaxTraces and MaxBookings bound memory: the oldest are forgotten first.
	MaxTraces, MaxBookings int
	// Clock returns the current time (tests move it to expire tokens and
	// traces); nil means time.Now. Delays always use the real clock.
	Clock func() time.Time
	// Logger receives one debug line per call; nil discards them.
	Logger *slog.Logger
	// Documents are the shares of fares that need PAN, passports or GST
	// details; AdminPrefix changes them at run time. New panics when one is
	// out of range (see Documents.Check).
	Documents Documents
	// Departures multiplies the departures a day of every carrier on every
	// routing, for long result lists: a busier day than any real one. Zero
	// and 1 keep the normal schedule (a trunk route such as BOM-DEL has
	// about 80 one-way economy results); 4 gives it over 300. The day's
	// departures are spread anew, so times and fares differ from the normal
	// schedule's, and stay deterministic for a seed. New panics above
	// MaxDepartures.
	Departures int
	// Cancellations set how change requests move from Unassigned to
	// Completed (nil: DefaultCancellations); AdminPrefix changes them at
	// run time. New panics when one is out of range (see
	// Cancellations.Check).
	Cancellations *Cancellations
}

// MaxDepartures bounds Options.Departures: beyond it a carrier's
// departures on a trunk route would come minutes apart.
const MaxDepartures = 10

// Server is the simulated supplier. It is safe for concurrent use.
type Server struct {
	opts     Options
	log      *slog.Logger
	now      func() time.Time
	gen      gen
	tokenKey [32]byte
	traces   *traceStore
	bookings *bookingStore
	calls    [numMethods]atomic.Int64
	inFlight atomic.Int64
	// slots bounds the calls doing work (not waiting) at once.
	slots chan struct{}
	// overrides are the fault overrides set through AdminPrefix.
	overrides overrides
	// documents are the document settings, from Options.Documents and
	// AdminPrefix.
	documents documentSettings
	// cancellations are the cancellation settings, from
	// Options.Cancellations and AdminPrefix.
	cancellations cancellationSettings
}

// New returns a Server. It panics if the embedded reference data is
// unreadable, which only a broken build can cause.
func New(opts Options) *Server {
	w, err := loadWorld()
	if err != nil {
		panic(err)
	}
	if len(opts.Credentials) == 0 {
		opts.Credentials = []Credential{DefaultCredential}
	}
	if opts.TraceLifetime <= 0 {
		opts.TraceLifetime = DefaultTraceLifetime
	}
	if opts.SlowBody <= 0 {
		opts.SlowBody = DefaultSlowBody
	}
	if opts.MaxTraces <= 0 {
		opts.MaxTraces = DefaultMaxTraces
	}
	if opts.MaxBookings <= 0 {
		opts.MaxBookings = DefaultMaxBookings
	}
	if opts.Departures > MaxDepartures {
		panic(fmt.Sprintf("sim: Options.Departures %d: at most %d", opts.Departures, MaxDepartures))
	}
	// Method names are matched without regard to case, as in URLs.
	perMethod := make(map[string]Latency, len(opts.MethodLatency))
	for name, l := range opts.MethodLatency {
		if m, ok := methodByName(name); ok {
			perMethod[m.String()] = l
		}
	}
	opts.MethodLatency = perMethod
	s := &Server{
		opts:     opts,
		log:      opts.Logger,
		now:      opts.Clock,
		gen:      gen{w: w, seed: opts.Seed, departures: opts.Departures},
		traces:   newTraceStore(opts.MaxTraces),
		bookings: newBookingStore(opts.MaxBookings),
		slots:    make(chan struct{}, max(4, 2*runtime.GOMAXPROCS(0))),
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.SetDocuments(opts.Documents); err != nil {
		panic("sim: Options.Documents: " + err.Error())
	}
	if err := s.SetCancellations(opts.cancellations()); err != nil {
		panic("sim: Options.Cancellations: " + err.Error())
	}
	_, _ = rand.Read(s.tokenKey[:])
	return s
}

// Calls returns how many requests reached method ("Search", "Book"…),
// counted on arrival, whatever became of them.
func (s *Server) Calls(method string) int64 {
	m, ok := methodByName(method)
	if !ok {
		return 0
	}
	return s.calls[m].Load()
}

// CallCounts returns the count of every method.
func (s *Server) CallCounts() map[string]int64 {
	out := make(map[string]int64, numMethods)
	for m := range numMethods {
		out[m.String()] = s.calls[m].Load()
	}
	return out
}

// ResetCalls sets every count back to zero.
func (s *Server) ResetCalls() {
	for m := range numMethods {
		s.calls[m].Store(0)
	}
}

// InFlight is the number of calls being answered (or held by latency) now.
func (s *Server) InFlight() int64 { return s.inFlight.Load() }

// LiveTraces is the number of traces held in memory.
func (s *Server) LiveTraces() int { return s.traces.len() }

// StoredBookings is the number of bookings held in memory.
func (s *Server) StoredBookings() int { return s.bookings.len() }

// Serve answers on ln until ctx ends, then stops accepting calls and waits
// up to grace for those in progress before closing their connections
// (which ends their delays).
func (s *Server) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	srv := &http.Server{
		Handler: s,
		// Requests are small; a client that cannot send its headers in ten
		// seconds is broken. There is no write timeout: delays of minutes
		// are the point.
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// maxBody bounds request bodies: the largest real one (an LCC ticket with
// nine passengers and their add-ons) is a few tens of KiB.
const maxBody = 1 << 20

// ServeHTTP answers one supplier call.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/healthz" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "ok\n")
		return
	}
	if strings.HasPrefix(r.URL.Path, AdminPrefix) {
		s.serveAdmin(w, r)
		return
	}
	m, ok := route(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
		return
	}
	s.calls[m].Add(1)
	s.inFlight.Add(1)
	defer s.inFlight.Add(-1)

	p, err := s.plan(m, r.Header)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		writeRequestError(w, http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	start := time.Now()
	log := func(outcome string) {
		s.log.LogAttrs(ctx, slog.LevelDebug, "supplier call", slog.String("method", m.String()),
			slog.String("outcome", outcome), slog.Duration("latency", p.latency), slog.Duration("took", time.Since(start)))
	}

	switch {
	case p.drop == DropBefore:
		if wait(ctx, p.latency) != nil {
			log("caller gave up")
			return
		}
		log("dropped before work")
		hangUp(w)
		return
	case p.httpStatus != 0:
		if wait(ctx, p.latency) != nil {
			log("caller gave up")
			return
		}
		log("forced http error")
		writeRequestError(w, p.httpStatus)
		return
	case p.errorCode != 0:
		if wait(ctx, p.latency) != nil {
			log("caller gave up")
			return
		}
		log("forced error")
		payload, gzipped, _ := encode(r, forcedError(m, body, p.errorCode))
		s.send(ctx, w, payload, gzipped, p.slowBody)
		return
	}

	// The work (generating and encoding the answer) runs a few calls at a
	// time: when thousands of delayed calls come due together they queue
	// for the CPU holding only their requests, not all their answers at
	// once. Book and Ticket work, and render their answer, before the
	// delay; the others after it.
	var ans answer
	if m.commitsFirst() {
		if s.acquire(ctx) != nil {
			log("caller gave up")
			return
		}
		ans = s.work(m, r, body, p)
		s.release()
		if wait(ctx, p.latency) != nil {
			log("caller gave up after the work was done")
			return
		}
	} else {
		if wait(ctx, p.latency) != nil || s.acquire(ctx) != nil {
			log("caller gave up")
			return
		}
		ans = s.work(m, r, body, p)
		s.release()
	}
	switch {
	case p.drop == DropAfter:
		log("dropped after work")
		hangUp(w)
	case ans.status != http.StatusOK:
		log("request refused")
		writeRequestError(w, ans.status)
	default:
		log("answered")
		s.send(ctx, w, ans.body, ans.gzipped, p.slowBody)
	}
}

// answer is an encoded reply, ready to send.
type answer struct {
	status  int
	body    []byte
	gzipped bool
}

// work handles a call and encodes its reply (unless the connection is to be
// dropped, when nobody would read it).
func (s *Server) work(m method, r *http.Request, body []byte, p plan) answer {
	res := s.handle(m, body, p)
	switch {
	case res.badRequest:
		return answer{status: http.StatusBadRequest}
	case p.drop == DropAfter:
		return answer{status: http.StatusOK}
	}
	payload, gzipped, err := encode(r, res.body)
	if err != nil {
		s.log.Error("encoding a response", "method", m.String(), "err", err)
		return answer{status: http.StatusInternalServerError}
	}
	return answer{status: http.StatusOK, body: payload, gzipped: gzipped}
}

// acquire takes one of the work slots, or gives up when ctx ends.
func (s *Server) acquire(ctx context.Context) error {
	select {
	case s.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) release() { <-s.slots }

// reply is a handler's answer: a body to encode, or a request so malformed
// that the service framework rejects it before the supplier's code runs.
type reply struct {
	body       any
	badRequest bool
}

func (s *Server) handle(m method, body []byte, p plan) reply {
	switch m {
	case methodAuthenticate:
		return s.authenticate(body)
	case methodSearch:
		return s.search(body)
	case methodFareQuote:
		return s.fareQuote(body, p)
	case methodFareRule:
		return s.fareRule(body)
	case methodBook:
		return s.book(body, p)
	case methodTicket:
		return s.ticket(body, p)
	case methodGetBookingDetails:
		return s.bookingDetails(body)
	case methodReleasePNR:
		return s.releasePNR(body)
	case methodCancellationCharges:
		return s.cancellationCharges(body)
	case methodSendChangeRequest:
		return s.sendChangeRequest(body)
	case methodChangeRequestStatus:
		return s.changeRequestStatus(body)
	case methodSSR:
		return s.ssr(body)
	}
	return reply{badRequest: true}
}

// decode reads a request body. Unknown fields are ignored and names match
// without regard to case, as the supplier's service framework does.
func decode(body []byte, dst any) bool {
	return len(bytes.TrimSpace(body)) > 0 && json.Unmarshal(body, dst) == nil
}

// forcedMessages are the texts of injected business errors, in the
// supplier's words for each method.
var forcedMessages = [numMethods]string{
	methodAuthenticate:        "Authentication service is temporarily unavailable.",
	methodSearch:              "Unable to fetch results from the supplier at this time. Please try again.",
	methodFareQuote:           "Fare quote failed from supplier end. Please try again.",
	methodFareRule:            "Fare rules are not available at this time.",
	methodBook:                "Booking failed from supplier end. Please try again.",
	methodTicket:              "Ticketing failed from supplier end.",
	methodGetBookingDetails:   "Unable to retrieve booking details at this time.",
	methodReleasePNR:          "Unable to release the PNR at this time. Please try again.",
	methodCancellationCharges: "Unable to fetch the cancellation charges at this time.",
	methodSendChangeRequest:   "Change request failed from supplier end. Please try again.",
	methodChangeRequestStatus: "Unable to retrieve the change request status at this time.",
	methodSSR:                 "SSR details are not available from the airline at this time. Please try again.",
}

// forcedError is the answer to a call the fault plan fails.
func forcedError(m method, body []byte, code int) any {
	msg := forcedMessages[m]
	if m == methodAuthenticate {
		return authResponse{Status: authFailed, Error: wireError{ErrorCode: code, ErrorMessage: msg}}
	}
	var req airRequest
	_ = json.Unmarshal(body, &req)
	status := statusFailed
	if code == errInvalidToken {
		status, msg = statusInvalidSession, msgInvalidToken
	}
	return envelope{Response: statusBody{ResponseStatus: status, Error: wireError{ErrorCode: code, ErrorMessage: msg}, TraceID: req.TraceID.String()}}
}

// writeRequestError answers like the supplier's web server does when the
// request never reaches the API: an HTML page.
func writeRequestError(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<html><head><title>Request Error</title></head><body><h1>%d %s</h1><p>The server encountered an error processing the request.</p></body></html>\n",
		status, http.StatusText(status))
}

var gzipPool = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	return zw
}}

// encode renders v as the supplier does: JSON, gzipped when the client
// accepts it and the body is worth compressing.
func encode(r *http.Request, v any) ([]byte, bool, error) {
	body, err := json.Marshal(v)
	if err != nil || len(body) <= 1024 || !acceptsGzip(r) {
		return body, false, err
	}
	var buf bytes.Buffer
	zw := gzipPool.Get().(*gzip.Writer)
	zw.Reset(&buf)
	_, _ = zw.Write(body)
	err = zw.Close()
	gzipPool.Put(zw)
	return buf.Bytes(), true, err
}

// send writes an encoded answer whole, or trickled over slow.
func (s *Server) send(ctx context.Context, w http.ResponseWriter, body []byte, gzipped bool, slow time.Duration) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if gzipped {
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if slow > 0 {
		if err := trickle(ctx, w, body, slow); err != nil {
			s.log.Debug("slow body not fully written", "err", err)
		}
		return
	}
	_, _ = w.Write(body)
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		if name, _, _ := strings.Cut(strings.TrimSpace(part), ";"); strings.EqualFold(name, "gzip") {
			return true
		}
	}
	return false
}
