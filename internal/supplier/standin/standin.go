// Package standin is a stand-in TBO supplier for contract tests: it answers
// over real HTTP with fixed, production-shaped documents (fixtures/, written
// from the supplier's documentation and public client code: result indexes
// of about 700 characters with + / = [ ], a GUID trace, both forms of the
// last ticket date, nulls, codeshares, HTML fare rules, four-decimal
// amounts, some as strings) and records the identifiers it is sent back
// (result indexes, the booking and source of a release, the fields of a
// cancellation), so a test can check they arrive byte for byte. Unlike the
// simulator it models nothing: it is the supplier's wire format, frozen.
//
// The cancellation fixtures follow the documented fields
// (GetCancellationCharges' RefundAmount, SendChangeRequest's B2B2BStatus
// and TicketCRInfo, GetChangeRequestStatus' credit note); how
// GetBookingDetails shows a cancelled ticket is not public, and
// bookingdetails_partly_cancelled.json writes it as the simulator does
// (Ticket.Status, ChangeRequestId, ChangeRequestStatus). Three bookings are
// cancelled, each its own way: see PartlyCancelledBooking, LCCBooking and
// NonRefundableBooking.
//
// SSR answers ssr_lcc.json for the low-cost result of LCCNonStop (6E 2175
// BOM→DEL: a partial A320neo seat map with its NoSeat row, meals, extra
// baggage, amounts written 2475.0 and "450.00") and ssr_gds.json (meal and
// seat preferences) for the others. Passengers returns the passengers a
// Book or Ticket sent, so a test can check that the supplier's items went
// back digit for digit.
package standin

import (
	"embed"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

//go:embed fixtures/*.json
var fixtures embed.FS

// TraceID is the trace every fixture answers with.
const TraceID = "5c2f8d1e-7a43-4b0e-9c61-2d8e4f0a9b37"

// Search fixtures by the route they answer.
const (
	// GDSConnection answers DEL→YYZ one way: full-service fares over
	// Frankfurt with a codeshare leg (LH 9454 operated by EN) and passports
	// asked for at ticketing.
	GDSConnection = "search_gds_connection.json"
	// LCCNonStop answers BOM→DEL one way: a low-cost non-stop.
	LCCNonStop = "search_lcc_nonstop.json"
	// DomesticReturn answers BOM→BLR return: OB and IB lists.
	DomesticReturn = "search_domestic_return.json"
)

// The bookings and change requests of the cancellation fixtures.
const (
	// PartlyCancelledBooking is a full-service booking (AI 865 BOM→DEL) of
	// two adults whose first ticket is cancelled: GetCancellationCharges
	// prices CancelledTicket (cancellation_charges_partial.json),
	// SendChangeRequest makes CancelledChange (changerequest_partial.json)
	// and refuses a second request for a ticket
	// (changerequest_refused.json), GetChangeRequestStatus answers it
	// Acknowledged the first time and Completed after, at the price quoted
	// (changerequest_status_*.json), and GetBookingDetails shows the first
	// ticket cancelled and KeptTicket standing
	// (bookingdetails_partly_cancelled.json).
	PartlyCancelledBooking = 2046112
	CancelledTicket        = 1702301
	KeptTicket             = 1702302
	CancelledChange        = 884512
	// LCCBooking is the low-cost booking of ticket_lcc.json (one adult,
	// LCCTicket): cancelled whole, at once, its change request answered
	// Completed with the refund quoted (cancellation_charges_lcc.json,
	// changerequest_lcc_completed.json).
	LCCBooking = 2045990
	LCCTicket  = 1702251
	// NonRefundableBooking holds NonRefundableTicket, on a non-refundable
	// fare: no charges (cancellation_charges_refused.json), its change
	// request rejected with the reason (changerequest_rejected.json).
	NonRefundableBooking = 2046140
	NonRefundableTicket  = 1702330
)

// Fixture returns a fixture's bytes.
func Fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := fixtures.ReadFile("fixtures/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Server is the stand-in supplier.
type Server struct {
	*httptest.Server
	t       testing.TB
	results map[string]json.RawMessage // ResultIndex → Result, from every search fixture

	mu            sync.Mutex
	seen          map[string][]string // method → ResultIndex values received
	releases      []Release
	cancellations []Cancellation
	changed       map[string]bool // tickets a change request has named
	statusAsked   int             // GetChangeRequestStatus calls for CancelledChange
	passengers    map[string][]json.RawMessage
}

// Release is a ReleasePNRRequest the stand-in received: its BookingId and
// Source as they were written (JSON).
type Release struct {
	BookingID, Source string
}

// Cancellation is a GetCancellationCharges, SendChangeRequest or
// GetChangeRequestStatus call the stand-in received: its method, and its
// fields as they were written (JSON; empty when left out).
type Cancellation struct {
	Method                                                 string
	BookingID, RequestType, BookingMode, CancellationType  string
	TicketID, Sectors, Remarks, ChangeRequestID, EndUserIP string
}

// New starts a stand-in supplier for the test. Its URL serves the paths of
// the supplier's staging layout (as the simulator does).
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, results: map[string]json.RawMessage{}, seen: map[string][]string{}, changed: map[string]bool{},
		passengers: map[string][]json.RawMessage{}}
	for _, name := range []string{GDSConnection, LCCNonStop, DomesticReturn} {
		var doc struct {
			Response struct{ Results [][]json.RawMessage }
		}
		if err := json.Unmarshal(Fixture(t, name), &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, list := range doc.Response.Results {
			for _, r := range list {
				var id struct{ ResultIndex string }
				_ = json.Unmarshal(r, &id)
				s.results[id.ResultIndex] = r
			}
		}
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Seen returns the ResultIndex values the stand-in received for method.
func (s *Server) Seen(method string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen[method]...)
}

// Passengers returns the passengers of the last call of method (Book or
// Ticket) the stand-in received, as they were written.
func (s *Server) Passengers(method string) []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]json.RawMessage(nil), s.passengers[method]...)
}

// Releases returns the ReleasePNRRequest calls the stand-in received.
func (s *Server) Releases() []Release {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Release(nil), s.releases...)
}

// Cancellations returns the cancellation calls the stand-in received.
func (s *Server) Cancellations() []Cancellation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Cancellation(nil), s.cancellations...)
}

// Results returns the ResultIndex values of a search fixture, by list.
func Results(t testing.TB, name string) [][]string {
	t.Helper()
	var doc struct {
		Response struct {
			Results [][]struct{ ResultIndex string }
		}
	}
	if err := json.Unmarshal(Fixture(t, name), &doc); err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, list := range doc.Response.Results {
		var ids []string
		for _, r := range list {
			ids = append(ids, r.ResultIndex)
		}
		out = append(out, ids)
	}
	return out
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	method := r.URL.Path[strings.LastIndexByte(strings.TrimSuffix(r.URL.Path, "/"), '/')+1:]
	method = strings.TrimSuffix(method, "/")
	var req struct {
		TraceId, ResultIndex, PNR string
		BookingId                 json.Number
		Source                    json.RawMessage
		JourneyType               json.Number
		Segments                  []struct{ Origin, Destination string }
		Passengers                []json.RawMessage
		// Cancellation fields.
		EndUserIp                                                   string
		RequestType, BookingMode, CancellationType, ChangeRequestId json.RawMessage
		TicketId, Sectors, Remarks                                  json.RawMessage
	}
	body, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	if req.ResultIndex != "" {
		s.seen[method] = append(s.seen[method], req.ResultIndex)
	}
	if method == "Book" || method == "Ticket" {
		s.passengers[method] = req.Passengers
	}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	// A result index that is not one the stand-in handed out, byte for
	// byte, is refused as the supplier refuses it.
	needsIndex := method == "FareQuote" || method == "FareRule" || method == "SSR" || method == "Book" || (method == "Ticket" && req.PNR == "")
	if needsIndex {
		if _, ok := s.results[req.ResultIndex]; !ok || req.TraceId != TraceID {
			_, _ = w.Write([]byte(`{"Response":{"ResponseStatus":3,"Error":{"ErrorCode":3,"ErrorMessage":"Invalid ResultIndex or TraceId."},"TraceId":"` + TraceID + `"}}`))
			return
		}
	}
	switch method {
	case "Authenticate":
		_, _ = w.Write([]byte(`{"Status":1,"TokenId":"3f0c9a57-5a8e-4c1b-b0d2-6f1e9e2a7c44","Error":{"ErrorCode":0,"ErrorMessage":""},"Member":{"FirstName":"Paryatan","LastName":"Travels","Email":"api@paryatan.example","MemberId":60102,"AgencyId":52011,"LoginName":"paryatan","LoginDetails":"","isPrimaryAgent":false}}`))
	case "Search":
		name := GDSConnection
		switch {
		case req.JourneyType.String() == "2":
			name = DomesticReturn
		case len(req.Segments) > 0 && req.Segments[0].Origin == "BOM":
			name = LCCNonStop
		}
		_, _ = w.Write(Fixture(s.t, name))
	case "FareQuote":
		var doc map[string]map[string]any
		_ = json.Unmarshal(Fixture(s.t, "farequote.json"), &doc)
		doc["Response"]["Results"] = s.results[req.ResultIndex]
		_ = json.NewEncoder(w).Encode(doc)
	case "FareRule":
		_, _ = w.Write(Fixture(s.t, "farerule.json"))
	case "SSR":
		var r struct{ IsLCC bool }
		_ = json.Unmarshal(s.results[req.ResultIndex], &r)
		name := "ssr_gds.json"
		if r.IsLCC {
			name = "ssr_lcc.json"
		}
		_, _ = w.Write(Fixture(s.t, name))
	case "Book":
		_, _ = w.Write(Fixture(s.t, "book.json"))
	case "Ticket":
		name := "ticket.json"
		if req.PNR == "" {
			// A low-cost fare is booked and ticketed in one call; its
			// ticket number is the PNR.
			name = "ticket_lcc.json"
		}
		_, _ = w.Write(Fixture(s.t, name))
	case "GetBookingDetails":
		name := "bookingdetails.json"
		if req.BookingId.String() == strconv.Itoa(PartlyCancelledBooking) {
			name = "bookingdetails_partly_cancelled.json"
		}
		_, _ = w.Write(Fixture(s.t, name))
	case "GetCancellationCharges", "SendChangeRequest", "GetChangeRequestStatus":
		s.cancellation(w, method, req.BookingId.String(), Cancellation{Method: method, BookingID: req.BookingId.String(),
			RequestType: string(req.RequestType), BookingMode: string(req.BookingMode), CancellationType: string(req.CancellationType),
			TicketID: string(req.TicketId), Sectors: string(req.Sectors), Remarks: string(req.Remarks),
			ChangeRequestID: string(req.ChangeRequestId), EndUserIP: req.EndUserIp})
	case "ReleasePNRRequest":
		s.mu.Lock()
		s.releases = append(s.releases, Release{BookingID: req.BookingId.String(), Source: string(req.Source)})
		s.mu.Unlock()
		if req.BookingId == "" || len(req.Source) == 0 {
			_, _ = w.Write([]byte(`{"Response":{"B2B2BStatus":null,"ResponseStatus":3,"TraceId":"` + TraceID + `","Error":{"ErrorCode":3,"ErrorMessage":"BookingId and Source are mandatory."}}}`))
			return
		}
		_, _ = w.Write(Fixture(s.t, "release.json"))
	default:
		http.NotFound(w, r)
	}
}

// cancellation answers the cancellation calls from their fixtures, by
// booking (or change request), and records them.
func (s *Server) cancellation(w http.ResponseWriter, method, booking string, c Cancellation) {
	s.mu.Lock()
	s.cancellations = append(s.cancellations, c)
	again := false
	if method == "SendChangeRequest" {
		again = s.changed[booking+"/"+c.TicketID]
		s.changed[booking+"/"+c.TicketID] = true
	}
	asked := 0
	if method == "GetChangeRequestStatus" && c.ChangeRequestID == strconv.Itoa(CancelledChange) {
		s.statusAsked++
		asked = s.statusAsked
	}
	s.mu.Unlock()
	fixtures := map[string]map[string]string{
		"GetCancellationCharges": {
			strconv.Itoa(PartlyCancelledBooking): "cancellation_charges_partial.json",
			strconv.Itoa(LCCBooking):             "cancellation_charges_lcc.json",
			strconv.Itoa(NonRefundableBooking):   "cancellation_charges_refused.json",
		},
		"SendChangeRequest": {
			strconv.Itoa(PartlyCancelledBooking): "changerequest_partial.json",
			strconv.Itoa(LCCBooking):             "changerequest_lcc_completed.json",
			strconv.Itoa(NonRefundableBooking):   "changerequest_rejected.json",
		},
	}
	var name string
	switch {
	case method == "GetChangeRequestStatus" && asked == 1:
		name = "changerequest_status_acknowledged.json"
	case method == "GetChangeRequestStatus" && asked > 1:
		name = "changerequest_status_completed.json"
	case method == "SendChangeRequest" && again:
		// A ticket named a second time: its change request is made already.
		name = "changerequest_refused.json"
	case c.BookingMode != "" && c.BookingMode != "5" && c.BookingMode != `"5"`:
		_, _ = w.Write([]byte(`{"Response":{"ResponseStatus":3,"TraceId":"` + TraceID + `","Error":{"ErrorCode":3,"ErrorMessage":"Invalid BookingMode."}}}`))
		return
	default:
		name = fixtures[method][booking]
	}
	if name == "" {
		msg := "No booking found for this BookingId."
		if method == "GetChangeRequestStatus" {
			msg = "No change request found for this ChangeRequestId."
		}
		_, _ = w.Write([]byte(`{"Response":{"ResponseStatus":2,"TraceId":"` + TraceID + `","Error":{"ErrorCode":2,"ErrorMessage":"` + msg + `"}}}`))
		return
	}
	_, _ = w.Write(Fixture(s.t, name))
}
