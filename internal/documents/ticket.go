package documents

import "github.com/shopspring/decimal"

// Ticket is what an e-ticket shows: one booking, its flights and its
// travellers.
type Ticket struct {
	// BookingRef is Paryatan's reference for the booking, our id.
	BookingRef string
	// SupplierPNR is the booking's reference at the supplier (TBO).
	SupplierPNR string
	// Status is the booking's status as the traveller should read it, such
	// as "Confirmed" or "Cancelled".
	Status string
	// IssuedOn is when the tickets were issued, formatted in India's time,
	// such as "21 Nov 2026"; optional.
	IssuedOn string
	// Support is how to reach Paryatan, printed under the brand, such as
	// "support@paryatan.in · +91 22 4000 0000"; optional.
	Support string
	// Flights are the flights in the order they are flown.
	Flights []Flight
	// Travellers are the people travelling, in the order of the booking.
	Travellers []Traveller
	// Extras are the seats, meals and extra baggage bought with the fare,
	// or a full-service fare's meal and seat requests, in the order of the
	// travellers; none prints no table.
	Extras []Extra
	// FareRules summarises what the fare allows.
	FareRules FareRules
	// Notes is the important information printed at the end; nil prints
	// DefaultNotes(), an empty non-nil slice prints none.
	Notes []string
}

// Flight is one flight of a booking.
type Flight struct {
	// Airline is the operating airline's name, such as "IndiGo".
	Airline string
	// AirlineCode is its IATA code, such as "6E".
	AirlineCode string
	// Number is the flight number without the airline's code, such as "2134";
	// the ticket prints "6E 2134".
	Number string
	// AirlinePNR is the airline's own reference for the booking, which its
	// check-in asks for.
	AirlinePNR string
	// Cabin is the cabin class, such as "Economy".
	Cabin string
	// From is where the flight leaves from.
	From Airport
	// To is where it lands.
	To Airport
	// Departs is the departure date and time at From, local to that airport,
	// such as "Tue 1 Dec 2026, 06:15".
	Departs string
	// Arrives is the arrival date and time at To, local to that airport.
	Arrives string
	// Duration is the time in the air, such as "2h 10m".
	Duration string
}

// Airport is one end of a flight.
type Airport struct {
	// Code is the IATA code, such as "BOM".
	Code string
	// Name is the airport's name, such as "Chhatrapati Shivaji Maharaj
	// International Airport".
	Name string
	// City is the city it serves, such as "Mumbai".
	City string
	// Terminal is the terminal, such as "2"; empty when not known.
	Terminal string
}

// PaxType is a traveller's fare type.
type PaxType string

// The fare types of travellers.
const (
	Adult  PaxType = "adult"
	Child  PaxType = "child"
	Infant PaxType = "infant"
)

// Traveller is one person on the booking and their ticket.
type Traveller struct {
	// Name is the name as ticketed, in Latin letters, such as
	// "Mr Ankit Sharma"; a name in Devanagari is printed transliterated.
	Name string
	// Type is the fare type.
	Type PaxType
	// TicketNumber is the airline's ticket number, such as "0987654321012";
	// empty while the ticket is not issued.
	TicketNumber string
	// CheckedBaggage is the checked baggage allowance, such as "15 kg".
	CheckedBaggage string
	// CabinBaggage is the cabin baggage allowance, such as "7 kg".
	CabinBaggage string
	// Cancelled marks a ticket that has been cancelled.
	Cancelled bool
}

// Extra is one item a traveller takes besides the fare.
type Extra struct {
	// Traveller is the traveller's place in Ticket.Travellers, from 0.
	Traveller int
	// Flight is the flight or journey it is for, such as "BOM → DEL";
	// empty for the whole trip.
	Flight string
	// Item says what it is, such as "Seat 12A (Window, exit row)".
	Item string
	// Price is what it cost; zero prints a dash (a request, or included).
	Price decimal.Decimal
}

// FareRules is the summary of a fare's rules the ticket prints.
type FareRules struct {
	// Refundable is whether the fare is refundable at all.
	Refundable bool
	// Summary is one paragraph on changes, cancellation charges and refunds.
	Summary string
}

// DefaultNotes returns the important information printed on an e-ticket
// unless the caller gives its own: what airlines require travellers to know.
func DefaultNotes() []string {
	return []string{
		"Carry a valid government-issued photo ID (passport, Aadhaar, driving licence or voter ID) for every traveller; infants and children need proof of age. Passports are required for international flights.",
		"Check-in closes 45 minutes before departure for domestic flights and 60 minutes before departure for international flights. Arrive at the airport well before that.",
		"Web check-in opens on the airline's website or app before departure; it saves time at the airport but does not replace the baggage drop deadline.",
		"The name on the ticket must match the traveller's photo ID. Name changes are not allowed after ticketing.",
		"Baggage allowances above apply per traveller; the airline's own baggage rules, sizes and charges for excess baggage apply.",
		"Dangerous goods such as flammable liquids, explosives, compressed gases and corrosives may not be carried. Power banks and spare lithium batteries go in cabin baggage only, never in checked baggage.",
		"Flight times are local to each airport. Schedules can change: contact the airline, quoting the airline PNR, for schedule changes and for the latest status of your flight.",
	}
}
