// Package supplier is the port between the flight features and the flight
// suppliers: the operations the product needs (search, fare quote, fare
// rules, the extras a result sells (seats, meals, baggage), book, ticket,
// booking details, release, and the cancellation of ticketed bookings:
// charges, change requests and their status), their requests and answers in
// the product's terms, and one error type. Each supplier protocol is an
// adapter implementing Port (internal/supplier/tbo); the flights API picks
// one per connector by the connector's type (connector.Connector.Type) from
// a Registry.
//
// Answers the API passes on to the web app carry the product's response
// document (Doc): {"Response": …} as the web app reads it
// (data.Response.TraceId, data.Response.Results, …). Its shape is the
// product's public one (TBO's, the first supplier's); an adapter for another
// protocol produces the same shape. Doc is unfiltered: it may carry the
// agency's own economics, and the flights API shows it to travellers only
// through its fare allow-list. Extras are the exception: the product's own
// document, with the supplier's items kept out of it (see Extras).
package supplier

import (
	"context"
	"encoding/json"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Port is a flight supplier as the product uses it. Every call is made
// through one connector snapshot (endpoints, credentials, deadlines) and
// fails with an *Error.
type Port interface {
	// Search finds flights.
	Search(ctx context.Context, conn *connector.Connector, r SearchRequest) (*Answer, error)
	// FareQuote prices a result for booking; it must come before Book and
	// Ticket.
	FareQuote(ctx context.Context, conn *connector.Connector, r ResultRef) (*Quote, error)
	// FareRule fetches the fare rules of a result.
	FareRule(ctx context.Context, conn *connector.Connector, r ResultRef) (*Answer, error)
	// SSR asks what a result sells besides its fare: on a low-cost fare,
	// seats on seat maps, meals and extra baggage at a price; on a
	// full-service fare, the meal and seat preferences the airline may
	// honour. It changes nothing and may be asked again freely, until the
	// search's trace expires. Extras.Choose turns a traveller's choice into
	// what Book and Ticket send (Passenger).
	SSR(ctx context.Context, conn *connector.Connector, r ResultRef) (*Extras, error)
	// Book holds seats on a full-service (GDS) result. It may return its
	// answer together with an error when the supplier answered but booked
	// nothing. Never call it again after an error whose outcome is unknown
	// (Error.OutcomeUnknown): ask BookingDetails instead.
	Book(ctx context.Context, conn *connector.Connector, r BookRequest) (*Booking, error)
	// Ticket issues the tickets: of a booked GDS booking, or of a low-cost
	// result, which it books at the same time. The same rule as Book holds
	// for errors whose outcome is unknown.
	Ticket(ctx context.Context, conn *connector.Connector, r TicketRequest) (*Booking, error)
	// BookingDetails asks the supplier for a booking's real state. A
	// supplier that holds no such booking answers an Error of kind
	// KindNoSuchBooking.
	BookingDetails(ctx context.Context, conn *connector.Connector, r DetailsRequest) (*Details, error)
	// Release gives up a booked, unticketed GDS booking (an unpaid hold):
	// the supplier lets its seats go, the booking can no longer be
	// ticketed, and BookingDetails reports it Released. Releasing a
	// booking already released succeeds, so unlike Book and Ticket a
	// Release whose outcome is unknown (Error.OutcomeUnknown: a timeout, a
	// lost answer) may simply be sent again: releasing twice is harmless.
	// A booking whose tickets are issued is not released: that fails with
	// an Error of kind KindNotAllowed (a ticketed booking is cancelled
	// through the supplier's change request, not released). A supplier
	// that holds no such booking answers KindNoSuchBooking.
	Release(ctx context.Context, conn *connector.Connector, r ReleaseRequest) error
	// CancellationCharges asks what cancelling a ticketed booking, or some
	// of its tickets, would cost now: the airline's charge and what it
	// would refund. It changes nothing and may be asked again freely. For
	// the same tickets, while nothing changes (the fee band before
	// departure, the fare), it states what the change requests will end
	// with: their Charge and Refunded add up to its Charge and Refund. A
	// cancellation the booking's state rules out (a non-refundable fare, a
	// flight gone or about to leave, a ticket cancelled or being cancelled,
	// a booking not ticketed) fails with an Error of kind KindNotAllowed;
	// a booking the supplier does not hold, KindNoSuchBooking.
	CancellationCharges(ctx context.Context, conn *connector.Connector, r ChargesRequest) (*Charges, error)
	// ChangeRequest asks the airline to cancel a ticketed booking, whole or
	// some of its tickets: one change request per ticket. Like Book and
	// Ticket it commits at the supplier: never send it again after an error
	// whose outcome is unknown (Error.OutcomeUnknown); ask BookingDetails
	// (which tickets are cancelled or being cancelled) instead. Cancelling
	// a ticket already cancelled or being cancelled fails with an Error of
	// kind KindNotAllowed, and nothing is made. A request the supplier
	// records and refuses (a non-refundable fare, a flight gone) is no
	// error: its changes come back with status ChangeRejected and the
	// supplier's reason in Remarks, the tickets standing. Some changes come
	// back completed at once (a low-cost airline's), the others are
	// followed with ChangeRequestStatus.
	ChangeRequest(ctx context.Context, conn *connector.Connector, r ChangeRequest) ([]TicketChange, error)
	// ChangeRequestStatus asks where one change request stands. It changes
	// nothing and may be asked again freely. A change request the supplier
	// does not hold fails with an Error of kind KindNoSuchBooking.
	ChangeRequestStatus(ctx context.Context, conn *connector.Connector, changeRequestID int64) (*TicketChange, error)
}

// Registry holds the adapters by connector type.
type Registry map[string]Port

// For returns the adapter of conn's type.
func (r Registry) For(conn *connector.Connector) (Port, bool) {
	p, ok := r[conn.Type]
	return p, ok && p != nil
}

// SearchRequest is a flight search: one way, or a return when Return is
// set.
type SearchRequest struct {
	// Origin and Destination are IATA airport codes.
	Origin, Destination string
	// Depart and Return are days (their time of day is ignored); a zero
	// Return is a one-way search.
	Depart, Return time.Time
	// Cabin is the connector's code for the cabin (connector.CabinCodes).
	Cabin int
	// Adults, Children and Infants count the travellers.
	Adults, Children, Infants int
	// Nonstop asks for direct flights only.
	Nonstop bool
	// Airlines are preferred airline codes (none: any).
	Airlines []string
	// Sources are the product's fare sources searched: GDS, LCC.
	Sources []string
}

// IsReturn reports whether r is a return search.
func (r SearchRequest) IsReturn() bool { return !r.Return.IsZero() }

// ResultRef names one result of a search: the supplier's trace of the
// search and the result's index, both opaque and passed back byte for byte.
type ResultRef struct {
	TraceID     string
	ResultIndex string
}

// Answer is a supplier answer the API passes on.
type Answer struct {
	// Doc is the product's response document (see the package comment).
	Doc json.RawMessage
	// TraceID is the supplier's trace of the search.
	TraceID string
}

// Quote is a priced result.
type Quote struct {
	Answer
	// ResultIndex is the quoted result's index.
	ResultIndex string
	// IsLCC: a low-cost fare, booked and ticketed in one Ticket call.
	IsLCC bool
	// Price is what the traveller pays, exactly, in Currency.
	Price    decimal.Decimal
	Currency string
	// PriceChanged: the fare moved since the search.
	PriceChanged bool
	// Airline is the validating airline's code; Origin and Destination are
	// the outbound journey's first and last airports, Departure its local
	// departure time as the supplier writes it (2026-12-01T06:15:00).
	Airline, Origin, Destination, Departure string
	// LastTravelDate is the day (2006-01-02) the itinerary's last flight
	// leaves: a passport must be valid beyond it.
	LastTravelDate string
	// PassportAtBook and PassportAtTicket: the itinerary needs the
	// passengers' passports at Book, or at Ticket.
	PassportAtBook, PassportAtTicket bool
	// PANAtBook and PANAtTicket: the fare needs the adult passengers' PAN
	// (Indian Permanent Account Number) at Book, or at Ticket.
	PANAtBook, PANAtTicket bool
	// GSTAllowed: the fare takes a company's GST details (the invoice then
	// carries them, for the company's tax credit); GSTMandatory: it needs
	// them.
	GSTAllowed, GSTMandatory bool
	// Travellers counts the passengers the fare was priced for, by
	// passenger type (adults, children, infants): a booking names exactly
	// these.
	Travellers [3]int
	// PassengerFares are the supplier's own fare objects for one passenger
	// of each type (adult, child, infant), opaque to the product; each goes
	// back to the supplier on the passengers of its type (Passenger.Fare).
	// Empty for a type the fare has no passengers of.
	PassengerFares [3]json.RawMessage
}

// NeedsPassport reports whether booking or ticketing the quote needs
// passports.
func (q *Quote) NeedsPassport() bool { return q.PassportAtBook || q.PassportAtTicket }

// NeedsPAN reports whether booking or ticketing the quote needs the adult
// passengers' PAN.
func (q *Quote) NeedsPAN() bool { return q.PANAtBook || q.PANAtTicket }

// Passenger types, as Passenger.PaxType numbers them.
const (
	PaxAdult  = 1
	PaxChild  = 2
	PaxInfant = 3
)

// Passenger is a traveller as Book and Ticket send them. Bookings keep
// their passengers in this JSON form, so its keys do not change.
type Passenger struct {
	Title     string `json:"Title"` // Mr, Ms, Mrs, Miss, Master
	FirstName string `json:"FirstName"`
	LastName  string `json:"LastName"`
	// PaxType is 1 for an adult, 2 a child, 3 an infant.
	PaxType int `json:"PaxType"`
	// DateOfBirth is written 2006-01-02T00:00:00.
	DateOfBirth string `json:"DateOfBirth"`
	// Gender is 1 male, 2 female.
	Gender       int    `json:"Gender"`
	AddressLine1 string `json:"AddressLine1"`
	AddressLine2 string `json:"AddressLine2"`
	City         string `json:"City"`
	CountryCode  string `json:"CountryCode"`
	CountryName  string `json:"CountryName"`
	ZipCode      string `json:"ZipCode"`
	Nationality  string `json:"Nationality"`
	ContactNo    string `json:"ContactNo"`
	Email        string `json:"Email"`
	IsLeadPax    bool   `json:"IsLeadPax"`
	// PassportNo and PassportExpiry (written 2006-01-02T00:00:00) are empty
	// when not given; PassportCountry is the issuing country's two-letter
	// code.
	PassportNo      string `json:"PassportNo"`
	PassportExpiry  string `json:"PassportExpiry"`
	PassportCountry string `json:"PassportCountry,omitempty"`
	// PAN is the passenger's Permanent Account Number, when given.
	PAN string `json:"PAN,omitempty"`
	// FFAirlineCode and FFNumber are a frequent-flyer membership.
	FFAirlineCode string `json:"FFAirlineCode,omitempty"`
	FFNumber      string `json:"FFNumber,omitempty"`
	// MealCode is a special-meal request by its IATA code (VGML, AVML …);
	// full-service carriers take it with the booking, low-cost ones sell
	// meals instead. Meal, when set, takes its place.
	MealCode string `json:"MealCode,omitempty"`
	// Meal and Seat are a full-service (GDS) passenger's meal and seat
	// preferences, from the result's Extras (MealPreferences,
	// SeatPreferences): Book sends them, and the airline may not honour
	// them.
	Meal *Preference `json:"Meal,omitempty"`
	Seat *Preference `json:"Seat,omitempty"`
	// Baggage, MealDynamic and SeatDynamic are what a low-cost passenger
	// takes, as the supplier's own items copied from its SSR answer by
	// Extras.Choose, its "nothing" placeholders and the baggage included in
	// the fare among them; the LCC Ticket sends them as they are. All
	// empty: the passenger was offered nothing, and Ticket sends the
	// supplier's bare "nothing" placeholders.
	Baggage     []json.RawMessage `json:"Baggage,omitempty"`
	MealDynamic []json.RawMessage `json:"MealDynamic,omitempty"`
	SeatDynamic []json.RawMessage `json:"SeatDynamic,omitempty"`
	// GST is the company whose GST details the invoice carries; the lead
	// passenger only.
	GST *GST `json:"GST,omitempty"`
	// Fare is the quote's PassengerFares entry of the passenger's type.
	Fare json.RawMessage `json:"Fare,omitempty"`
}

// GST is a company's GST registration as the supplier takes it on a
// booking.
type GST struct {
	Number         string `json:"GSTNumber"`
	CompanyName    string `json:"GSTCompanyName"`
	CompanyAddress string `json:"GSTCompanyAddress"`
	ContactNumber  string `json:"GSTCompanyContactNumber"`
	CompanyEmail   string `json:"GSTCompanyEmail"`
}

// BookRequest books a full-service (GDS) result.
type BookRequest struct {
	ResultRef
	Passengers []Passenger
}

// TicketRequest issues tickets. A GDS booking is named by BookingID and
// PNR; a low-cost result (BookingID 0) by ResultRef, with its passengers.
type TicketRequest struct {
	ResultRef
	// GDS path.
	BookingID int64
	PNR       string
	// AcceptPriceChange accepts a fare that moved at the last Ticket.
	AcceptPriceChange bool
	// Low-cost path.
	AgentReference string
	// Passengers are the booking's passengers (both paths: a GDS ticket may
	// need their passports).
	Passengers []Passenger
	// Kept are documents the supplier gave earlier for this booking, as the
	// booking keeps them: its quote and its last Book answer. An adapter
	// reads from them what its Ticket call needs (TBO: whether passports go
	// with a GDS ticket, and the passengers' ids from Book).
	Kept struct{ Quote, Booked json.RawMessage }
}

// IsLCC reports whether r is the low-cost path.
func (r TicketRequest) IsLCC() bool { return r.BookingID == 0 }

// Booking is the answer to Book or Ticket.
type Booking struct {
	Answer
	BookingID int64
	PNR       string
	// PriceChanged: the fare moved. At Book, with BookingID 0, nothing was
	// held; at Ticket nothing was issued and the next Ticket must accept
	// the new fare (TicketRequest.AcceptPriceChange).
	PriceChanged bool
	// Ticketed: the tickets are issued (now or by an earlier call).
	Ticketed bool
	// Status is the supplier's own status of the call, for the booking's
	// history.
	Status string
	// Price is the fare the answer states for the whole booking (zero when
	// it states none): after PriceChanged, the new fare to accept.
	Price decimal.Decimal
	// ExtrasPrice is what a low-cost booking's seats, meals and baggage
	// cost as the answer states it (nil when it states none): after
	// PriceChanged, what they cost now.
	ExtrasPrice *decimal.Decimal
}

// DetailsRequest names a booking: by BookingID (and PNR), or, for a
// booking whose Book answer was lost, by the search's TraceID.
type DetailsRequest struct {
	BookingID int64
	PNR       string
	TraceID   string
}

// ReleaseRequest names a held GDS booking to release.
type ReleaseRequest struct {
	BookingID int64
	// Source is the booking's fare source as the supplier names it (TBO:
	// the quoted result's Source, an integer code such as "4" for its GDS
	// fares). Empty: the adapter reads it from Kept.
	Source string
	// Kept are the booking's documents, as TicketRequest carries them: its
	// quote and its last Book answer. An adapter reads from them what its
	// Release call needs and the request leaves out (TBO: the Source).
	Kept struct{ Quote, Booked json.RawMessage }
}

// BookedPassenger is a passenger of a booking as the supplier holds it.
type BookedPassenger struct {
	// ID is the supplier's id of the passenger in the booking.
	ID                  int64
	FirstName, LastName string
	// PaxType is PaxAdult, PaxChild or PaxInfant (0 when not stated).
	PaxType int
	// TicketNumber is empty until the ticket is issued; TicketID is the
	// supplier's id of the ticket (0 until issued), which a change request
	// names.
	TicketNumber string
	TicketID     int64
	// ChangeRequestID is the change request cancelling this passenger's
	// ticket (0: none), and ChangeStatus where it stands: a booking's
	// details show which tickets are cancelled (ChangeCompleted) or being
	// cancelled (not Done), and a rejected request (ChangeRejected, the
	// ticket standing). The supplier's details may not say it at all
	// (ChangeNotSet, ChangeRequestID 0); a cancelled ticket keeps its
	// TicketNumber.
	ChangeRequestID int64
	ChangeStatus    ChangeStatus
}

// Details is a booking as the supplier knows it now.
type Details struct {
	Answer
	BookingID  int64
	PNR        string
	Passengers []BookedPassenger
	// Released: the booking no longer holds its seats (released, or
	// cancelled, at the supplier), and nothing can be ticketed on it.
	Released bool
	// AsBooking is the details in the form of a Book answer's document
	// (Response.Response.{BookingId, PNR, FlightItinerary}), for a booking
	// settled from them: the web app reads it as it reads a Book answer.
	AsBooking json.RawMessage
}

// Ticketed reports whether every passenger holds a ticket number.
func (d *Details) Ticketed() bool {
	for _, p := range d.Passengers {
		if p.TicketNumber == "" {
			return false
		}
	}
	return len(d.Passengers) > 0
}

// Sector is one flight of a booking, by its airports, as a partial
// cancellation names it.
type Sector struct{ Origin, Destination string }

// ChargesRequest names a ticketed booking, and the tickets whose
// cancellation is priced (none: the whole booking).
type ChargesRequest struct {
	BookingID int64
	// TicketIDs are the tickets to price (empty: every ticket of the
	// booking); Sectors the flights, for a fare that cancels by sector
	// (empty: every flight). Sectors narrow the tickets named: they need
	// TicketIDs.
	TicketIDs []int64
	Sectors   []Sector
}

// Charges is what cancelling would cost, as the supplier states it now.
type Charges struct {
	Answer
	// Charge is the airline's (and the supplier's) cancellation charge;
	// Refund what would be refunded for the priced tickets, exactly, in
	// Currency.
	Charge, Refund decimal.Decimal
	Currency       string
	// Remarks are the supplier's own words, if any.
	Remarks string
}

// Cancellation reasons, as ChangeRequest.Reason takes them (TBO's
// CancellationType).
const (
	ReasonOthers          = 3
	ReasonFlightCancelled = 2
	ReasonNoShow          = 1
)

// ChangeRequest asks for the cancellation of a ticketed booking, whole or
// some of its tickets.
type ChangeRequest struct {
	BookingID int64
	// TicketIDs are the tickets to cancel: every ticket of the booking for
	// a full cancellation.
	TicketIDs []int64
	// Partial: only TicketIDs (and Sectors) are cancelled, the rest of the
	// booking stays ticketed. A partial cancellation names its tickets.
	Partial bool
	// Sectors limit a partial cancellation to some flights (empty: every
	// flight of the chosen tickets). The simulated supplier takes a sector
	// as one direction of the journey, by its first origin and last
	// destination (DEL-YYZ of a DEL-FRA-YYZ connection), and refuses one
	// flight of a connection.
	Sectors []Sector
	// Reason is one of the Reason constants (0: ReasonOthers).
	Reason int
	// Remarks go to the supplier with the request.
	Remarks string
}

// ChangeStatus is where a change request stands at the supplier (TBO's
// ChangeRequestStatus for flights).
type ChangeStatus int

// The change request statuses.
const (
	ChangeNotSet       ChangeStatus = 0
	ChangeUnassigned   ChangeStatus = 1
	ChangeAssigned     ChangeStatus = 2
	ChangeAcknowledged ChangeStatus = 3
	ChangeCompleted    ChangeStatus = 4
	ChangeRejected     ChangeStatus = 5
	ChangeClosed       ChangeStatus = 6
	ChangePending      ChangeStatus = 7
	ChangeOther        ChangeStatus = 8
)

// Done reports whether s is final: the ticket is cancelled (Completed) or
// the request refused (Rejected, Closed).
func (s ChangeStatus) Done() bool {
	return s == ChangeCompleted || s == ChangeRejected || s == ChangeClosed
}

// TicketChange is one ticket's change request, as SendChangeRequest or
// GetChangeRequestStatus answer it.
type TicketChange struct {
	ChangeRequestID int64
	TicketID        int64
	Status          ChangeStatus
	// Charge is the cancellation charge and Refunded the amount refunded
	// for the ticket, once known (zero before); ServiceTax is the tax on
	// the supplier's fee, part of Charge.
	Charge, Refunded, ServiceTax decimal.Decimal
	// CreditNote is the supplier's credit note number for the refund, and
	// CreditNoteOn when it was made (the supplier's own text), once known.
	CreditNote, CreditNoteOn string
	// Remarks are the supplier's own words (a refusal's reason).
	Remarks string
}
