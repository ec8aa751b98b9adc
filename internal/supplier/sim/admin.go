package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// AdminPrefix is the path prefix of the simulator's own control surface. The
// supplier's API has no such path, so a client written against the real API
// never reaches it. It serves:
//
//	GET    /_sim/bookings  every booking held, released ones too (BookingList)
//	GET    /_sim/faults    the fault overrides in force (map of Fault by method)
//	PUT    /_sim/faults    replace them: {"Book": {"latency": "4s", "drop": "after"}, …}
//	DELETE /_sim/faults    clear them
//	GET    /_sim/documents the document settings in force (Documents)
//	PUT    /_sim/documents replace them: {"pan": 0.2, "passport": 0, "gst": 0.1, "noGst": 0, "at": "book"}
//	DELETE /_sim/documents back to Options.Documents
//	GET    /_sim/cancellations the cancellation timings in force (Cancellations)
//	PUT    /_sim/cancellations replace them: {"acknowledgeAfter": "0s", "completeAfter": "0s", "instantLCC": 1}
//	                           (a field left out takes its default; zeros make cancellations instant)
//	DELETE /_sim/cancellations back to Options.Cancellations
//
// It lets a test in another process see what the supplier really did, and
// script what it does next, without the client's help.
const AdminPrefix = "/_sim/"

// BookingInfo is one booking the simulator holds, as GET /_sim/bookings
// lists it.
type BookingInfo struct {
	BookingID   int        `json:"bookingId"`
	PNR         string     `json:"pnr"`
	TraceID     string     `json:"traceId"`
	ResultIndex string     `json:"resultIndex"`
	IsLCC       bool       `json:"isLCC"`
	Ticketed    bool       `json:"ticketed"`
	Released    bool       `json:"released"` // given up (ReleasePNRRequest): it holds no seats
	CreatedAt   time.Time  `json:"createdAt"`
	TicketedAt  *time.Time `json:"ticketedAt,omitempty"`
	ReleasedAt  *time.Time `json:"releasedAt,omitempty"`
	// Cancelled: every ticket is cancelled (its change request completed).
	Cancelled bool `json:"cancelled"`
	// ChangeRequests are the change requests made on the booking's
	// tickets, oldest first.
	ChangeRequests []ChangeRequestInfo `json:"changeRequests,omitempty"`
	// Passengers are the booking's passengers, in the request's order,
	// with what each took.
	Passengers []PassengerInfo `json:"passengers"`
}

// PassengerInfo is one passenger of a booking, as GET /_sim/bookings lists
// it: the seats, meals and baggage a low-cost passenger bought (the
// "nothing" placeholders left out) and a full-service passenger's meal and
// seat preferences.
type PassengerInfo struct {
	PaxType   int    `json:"paxType"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	// Items are a low-cost passenger's: kind "seat", "meal" or
	// "baggage", the flight ("6E 2131"), the code and its price (rupees,
	// exact).
	Items []ItemInfo `json:"items"`
	// MealPreference and SeatPreference are a full-service passenger's
	// requests, by code.
	MealPreference string `json:"mealPreference,omitempty"`
	SeatPreference string `json:"seatPreference,omitempty"`
}

// ItemInfo is one item a low-cost passenger bought.
type ItemInfo struct {
	Kind   string `json:"kind"`
	Flight string `json:"flight"`
	Code   string `json:"code"`
	Price  string `json:"price"`
}

// passengerInfo lists px as PassengerInfo.
func passengerInfo(px *paxRecord) PassengerInfo {
	out := PassengerInfo{PaxType: px.paxType, FirstName: px.first, LastName: px.last, Items: []ItemInfo{},
		MealPreference: px.mealCode, SeatPreference: px.seatCode}
	add := func(kind, airline, number, code string, price float64) {
		if code == noSeat || code == noMeal || code == noBaggage {
			return
		}
		out.Items = append(out.Items, ItemInfo{Kind: kind, Flight: airline + " " + number, Code: code, Price: rupeeText(toPaise(price))})
	}
	for _, s := range px.extras.seats {
		add("seat", s.w.AirlineCode, s.w.FlightNumber, s.w.Code, s.w.Price)
	}
	for _, m := range px.extras.meals {
		add("meal", m.w.AirlineCode, m.w.FlightNumber, m.w.Code, m.w.Price)
	}
	for _, b := range px.extras.bags {
		add("baggage", b.w.AirlineCode, b.w.FlightNumber, b.w.Code, b.w.Price)
	}
	return out
}

// ChangeRequestInfo is one change request, as GET /_sim/bookings lists it:
// its status now (1 Unassigned, 3 Acknowledged, 4 Completed, 5 Rejected, 7
// Pending), and the charge and refund it was made with (rupees, exact).
type ChangeRequestInfo struct {
	ChangeRequestID int       `json:"changeRequestId"`
	TicketID        int       `json:"ticketId"`
	Status          int       `json:"status"`
	Charge          string    `json:"charge"`
	Refund          string    `json:"refund"`
	Refusal         string    `json:"refusal,omitempty"`
	CreatedAt       time.Time `json:"createdAt"`
}

// BookingList is the answer of GET /_sim/bookings.
type BookingList struct {
	Bookings []BookingInfo `json:"bookings"`
}

// Bookings lists every booking held, oldest first.
func (s *Server) Bookings() []BookingInfo {
	now := s.now()
	bs := s.bookings
	bs.mu.Lock()
	out := make([]BookingInfo, 0, bs.lru.Len())
	for e := bs.lru.Front(); e != nil; e = e.Next() {
		b := e.Value.(*booking)
		info := BookingInfo{BookingID: b.id, PNR: b.pnr, TraceID: b.traceID, ResultIndex: b.index,
			IsLCC: b.lcc, Ticketed: b.ticketed, Released: b.released, CreatedAt: b.createdAt,
			Passengers: make([]PassengerInfo, 0, len(b.pax))}
		for i := range b.pax {
			info.Passengers = append(info.Passengers, passengerInfo(&b.pax[i]))
		}
		if b.ticketed {
			at := b.ticketedAt
			info.TicketedAt = &at
		}
		if b.released {
			at := b.releasedAt
			info.ReleasedAt = &at
		}
		info.Cancelled = b.ticketed && len(b.pax) > 0
		for _, px := range b.pax {
			if c := b.liveChange(px.ticketID); c == nil || c.status(now) != changeCompleted {
				info.Cancelled = false
			}
		}
		for i := range b.changes {
			c := &b.changes[i]
			info.ChangeRequests = append(info.ChangeRequests, ChangeRequestInfo{ChangeRequestID: c.id, TicketID: c.ticketID,
				Status: c.status(now), Charge: rupeeText(c.charge), Refund: rupeeText(c.refund), Refusal: c.refusal, CreatedAt: c.createdAt})
		}
		out = append(out, info)
	}
	bs.mu.Unlock()
	slices.SortFunc(out, func(a, b BookingInfo) int { return a.BookingID - b.BookingID })
	return out
}

// Fault overrides the faults of every later call of one method, until
// replaced or cleared. Each field takes the value of the matching X-Sim-*
// header (HeaderLatency, HeaderError, HeaderDrop, HeaderSlowBody,
// HeaderPriceChange); empty fields leave the options in force. A header on
// the call itself still wins.
type Fault struct {
	Latency     string `json:"latency,omitempty"`
	Error       string `json:"error,omitempty"`
	Drop        string `json:"drop,omitempty"`
	SlowBody    string `json:"slowBody,omitempty"`
	PriceChange string `json:"priceChange,omitempty"`
	// ExtrasPriceChange is HeaderExtrasPriceChange's value (Ticket).
	ExtrasPriceChange string `json:"extrasPriceChange,omitempty"`
}

func (f Fault) header() http.Header {
	h := http.Header{}
	for name, v := range map[string]string{HeaderLatency: f.Latency, HeaderError: f.Error, HeaderDrop: f.Drop,
		HeaderSlowBody: f.SlowBody, HeaderPriceChange: f.PriceChange,
		HeaderExtrasPriceChange: f.ExtrasPriceChange} {
		if v = strings.TrimSpace(v); v != "" {
			h.Set(name, v)
		}
	}
	return h
}

// overrides are the run-time fault overrides, per method.
type overrides struct {
	mu     sync.RWMutex
	fault  map[method]Fault
	header [numMethods]http.Header
}

func (o *overrides) get(m method) http.Header {
	o.mu.RLock()
	defer o.mu.RUnlock()
	return o.header[m]
}

// SetFaults replaces every fault override (keys are method names, any case;
// nil or empty clears them). Nothing changes when one is invalid.
func (s *Server) SetFaults(faults map[string]Fault) error {
	var headers [numMethods]http.Header
	byMethod := make(map[method]Fault, len(faults))
	for name, f := range faults {
		m, ok := methodByName(name)
		if !ok {
			return fmt.Errorf("unknown method %q", name)
		}
		h := f.header()
		var p plan
		if err := s.applyHeaders(&p, h); err != nil {
			return fmt.Errorf("%s: %w", m, err)
		}
		headers[m], byMethod[m] = h, f
	}
	o := &s.overrides
	o.mu.Lock()
	o.header, o.fault = headers, byMethod
	o.mu.Unlock()
	return nil
}

// Faults returns the overrides in force, by method name.
func (s *Server) Faults() map[string]Fault {
	o := &s.overrides
	o.mu.RLock()
	defer o.mu.RUnlock()
	out := make(map[string]Fault, len(o.fault))
	for m, f := range o.fault {
		out[m.String()] = f
	}
	return out
}

// serveAdmin answers the paths under AdminPrefix.
func (s *Server) serveAdmin(w http.ResponseWriter, r *http.Request) {
	switch path := strings.TrimSuffix(r.URL.Path, "/"); {
	case path == AdminPrefix+"bookings" && r.Method == http.MethodGet:
		writeAdminJSON(w, http.StatusOK, BookingList{Bookings: s.Bookings()})
	case path == AdminPrefix+"faults":
		switch r.Method {
		case http.MethodGet:
		case http.MethodPut:
			var faults map[string]Fault
			dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&faults); err != nil {
				writeAdminJSON(w, http.StatusBadRequest, map[string]string{"error": "faults: " + err.Error()})
				return
			}
			if err := s.SetFaults(faults); err != nil {
				writeAdminJSON(w, http.StatusBadRequest, map[string]string{"error": "faults: " + err.Error()})
				return
			}
		case http.MethodDelete:
			_ = s.SetFaults(nil)
		default:
			w.Header().Set("Allow", "GET, PUT, DELETE")
			http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
			return
		}
		writeAdminJSON(w, http.StatusOK, s.Faults())
	case path == AdminPrefix+"documents":
		switch r.Method {
		case http.MethodGet:
		case http.MethodPut:
			b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
			var d Documents
			if err == nil {
				d, err = decodeDocuments(b)
			}
			if err == nil {
				err = s.SetDocuments(d)
			}
			if err != nil {
				writeAdminJSON(w, http.StatusBadRequest, map[string]string{"error": "documents: " + err.Error()})
				return
			}
		case http.MethodDelete:
			_ = s.SetDocuments(s.opts.Documents)
		default:
			w.Header().Set("Allow", "GET, PUT, DELETE")
			http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
			return
		}
		writeAdminJSON(w, http.StatusOK, s.Documents())
	case path == AdminPrefix+"cancellations":
		switch r.Method {
		case http.MethodGet:
		case http.MethodPut:
			b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
			c := DefaultCancellations
			if err == nil {
				err = json.Unmarshal(b, &c)
			}
			if err == nil {
				err = s.SetCancellations(c)
			}
			if err != nil {
				writeAdminJSON(w, http.StatusBadRequest, map[string]string{"error": "cancellations: " + err.Error()})
				return
			}
		case http.MethodDelete:
			_ = s.SetCancellations(s.opts.cancellations())
		default:
			w.Header().Set("Allow", "GET, PUT, DELETE")
			http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
			return
		}
		writeAdminJSON(w, http.StatusOK, s.Cancellations())
	case path == AdminPrefix+"bookings":
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
	default:
		http.NotFound(w, r)
	}
}

func writeAdminJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
