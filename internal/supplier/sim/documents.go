package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"
)

// Documents says which share of fares need which travel documents, as the
// supplier's results say with IsPanRequiredAtBook/AtTicket,
// IsPassportRequiredAtBook/AtTicket, GSTAllowed and IsGSTMandatory. Each
// share is a number from 0 to 1; the zero value asks for nothing beyond the
// passports of international full-service itineraries, which the supplier
// always wants before ticketing.
//
// Which fares need what follows from the offer (its flights and fares, so
// the same search picks the same fares) and from the settings in force when
// the search was made: Search, FareQuote, Book, Ticket and GetBookingDetails
// of one trace agree even when the settings change meanwhile.
type Documents struct {
	// PAN is the share of fares that need every adult's PAN.
	PAN float64 `json:"pan"`
	// Passport is the share of fares that need every passenger's passport.
	Passport float64 `json:"passport"`
	// GST is the share of fares that need a company's GST details
	// (IsGSTMandatory).
	GST float64 `json:"gst"`
	// NoGST is the share of fares that take no GST details (GSTAllowed
	// false); a fare that needs them always takes them.
	NoGST float64 `json:"noGst"`
	// At is when PAN and passports are asked for: DocumentsAtBook (also
	// when empty) or DocumentsAtTicket. A low-cost fare is booked and
	// ticketed by one Ticket, which needs them either way.
	At string `json:"at"`
}

// Values of Documents.At.
const (
	DocumentsAtBook   = "book"
	DocumentsAtTicket = "ticket"
)

// Check reports the first setting out of range, and returns d with At
// written in full and in lower case.
func (d Documents) Check() (Documents, error) {
	for _, s := range []struct {
		name  string
		share float64
	}{{"pan", d.PAN}, {"passport", d.Passport}, {"gst", d.GST}, {"noGst", d.NoGST}} {
		if math.IsNaN(s.share) || s.share < 0 || s.share > 1 {
			return d, fmt.Errorf("%s %v: want a share from 0 to 1", s.name, s.share)
		}
	}
	switch d.At = strings.ToLower(strings.TrimSpace(d.At)); d.At {
	case "":
		d.At = DocumentsAtBook
	case DocumentsAtBook, DocumentsAtTicket:
	default:
		return d, fmt.Errorf("at %q: want book or ticket", d.At)
	}
	return d, nil
}

// documentSettings are the settings in force, changed through AdminPrefix.
type documentSettings struct {
	mu sync.RWMutex
	d  Documents
}

// SetDocuments replaces the document settings; they apply to searches made
// from now on. Nothing changes when one is out of range.
func (s *Server) SetDocuments(d Documents) error {
	d, err := d.Check()
	if err != nil {
		return err
	}
	s.documents.mu.Lock()
	s.documents.d = d
	s.documents.mu.Unlock()
	return nil
}

// Documents returns the document settings in force.
func (s *Server) Documents() Documents {
	s.documents.mu.RLock()
	defer s.documents.mu.RUnlock()
	return s.documents.d
}

// decodeDocuments reads a Documents object, refusing unknown fields.
func decodeDocuments(b []byte) (Documents, error) {
	var d Documents
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return d, err
	}
	return d.Check()
}

// offerDocs are the documents an offer needs, as its Result flags say.
type offerDocs struct {
	panAtBook, panAtTicket           bool
	passportAtBook, passportAtTicket bool
	gstAllowed, gstMandatory         bool
}

// documents draws what o needs under d: one draw per document from the
// offer's identity, so the answer is the same at every call of its trace.
func (o *offer) documents(d Documents) offerDocs {
	h := fnvOffset.str("documents").num(o.key)
	atTicket := d.At == DocumentsAtTicket
	var r offerDocs
	if h.str("pan").frac() < d.PAN {
		r.panAtBook, r.panAtTicket = !atTicket, atTicket
	}
	if h.str("passport").frac() < d.Passport {
		r.passportAtBook, r.passportAtTicket = !atTicket, atTicket
	}
	r.passportAtTicket = r.passportAtTicket || o.passportAtTicket()
	r.gstMandatory = h.str("gst").frac() < d.GST
	r.gstAllowed = r.gstMandatory || h.str("nogst").frac() >= d.NoGST
	return r
}

// paxRules are what one call (a GDS Book, or an LCC Ticket) demands of its
// passengers.
type paxRules struct {
	// lcc: an LCC Ticket, where each passenger needs a fare and special
	// meals are not taken (the carrier sells meals).
	lcc bool
	// pan: every adult's PAN; passport: every passenger's passport.
	pan, passport bool
	// gstMandatory: a company's GST details on a passenger; gstAllowed:
	// they may be given at all.
	gstMandatory, gstAllowed bool
}

// bookRules are what a GDS Book demands.
func (d offerDocs) bookRules() paxRules {
	return paxRules{pan: d.panAtBook, passport: d.passportAtBook, gstMandatory: d.gstMandatory, gstAllowed: d.gstAllowed}
}

// lccRules are what an LCC Ticket, which books and tickets at once,
// demands.
func (d offerDocs) lccRules() paxRules {
	return paxRules{lcc: true, pan: d.panAtBook || d.panAtTicket, passport: d.passportAtBook || d.passportAtTicket,
		gstMandatory: d.gstMandatory, gstAllowed: d.gstAllowed}
}

// mealRequest is a full-service passenger's special meal: {"Code": "VGML",
// "Description": "…"}; a list of one is read as its item.
type mealRequest struct {
	Code        looseString `json:"Code"`
	Description looseString `json:"Description"`
}

func (m *mealRequest) UnmarshalJSON(b []byte) error {
	type plain mealRequest
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var list []plain
		if err := json.Unmarshal(b, &list); err != nil {
			return err
		}
		*m = mealRequest{}
		if len(list) > 0 {
			*m = mealRequest(list[0])
		}
		return nil
	}
	if string(b) == "null" {
		*m = mealRequest{}
		return nil
	}
	return json.Unmarshal(b, (*plain)(m))
}
