// Package standin is a stand-in TBO supplier for contract tests: it answers
// over real HTTP with fixed, production-shaped documents (fixtures/, written
// from the supplier's documentation and public client code: result indexes
// of about 700 characters with + / = [ ], a GUID trace, both forms of the
// last ticket date, nulls, codeshares, HTML fare rules) and records the
// identifiers it is sent back (result indexes, and the booking and source
// of a release), so a test can check they arrive byte for byte. Unlike the simulator it models nothing: it is the supplier's wire
// format, frozen.
package standin

import (
	"embed"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
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

	mu       sync.Mutex
	seen     map[string][]string // method → ResultIndex values received
	releases []Release
}

// Release is a ReleasePNRRequest the stand-in received: its BookingId and
// Source as they were written (JSON).
type Release struct {
	BookingID, Source string
}

// New starts a stand-in supplier for the test. Its URL serves the paths of
// the supplier's staging layout (as the simulator does).
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, results: map[string]json.RawMessage{}, seen: map[string][]string{}}
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

// Releases returns the ReleasePNRRequest calls the stand-in received.
func (s *Server) Releases() []Release {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Release(nil), s.releases...)
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
	}
	body, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if req.ResultIndex != "" {
		s.mu.Lock()
		s.seen[method] = append(s.seen[method], req.ResultIndex)
		s.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	// A result index that is not one the stand-in handed out, byte for
	// byte, is refused as the supplier refuses it.
	needsIndex := method == "FareQuote" || method == "FareRule" || method == "Book" || (method == "Ticket" && req.PNR == "")
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
		_, _ = w.Write(Fixture(s.t, "bookingdetails.json"))
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
