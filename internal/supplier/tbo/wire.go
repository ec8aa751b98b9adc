package tbo

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/httpjson"
)

// The supplier's JSON is loosely typed: numbers and booleans sometimes
// arrive as strings, and absent values as null. These types read either.

// Int is an integer that may arrive as a JSON string.
type Int = httpjson.Int

// Bool is a boolean that may arrive as a JSON string.
type Bool bool

// UnmarshalJSON accepts true, "true", "True", 1, "1" and null.
func (v *Bool) UnmarshalJSON(b []byte) error {
	s := strings.ToLower(strings.Trim(string(bytes.TrimSpace(b)), `"`))
	*v = Bool(s == "true" || s == "1")
	return nil
}

// Money is an exact amount that may arrive as a number or a string: the
// supplier's digits are kept, never rounded through a float.
type Money struct{ decimal.Decimal }

// UnmarshalJSON accepts 123.5, "123.5", 1.235e2, "" and null.
func (m *Money) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(strings.Trim(string(bytes.TrimSpace(b)), `"`))
	if s == "" || s == "null" {
		*m = Money{}
		return nil
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return err
	}
	*m = Money{d}
	return nil
}

// Str is a string that may arrive as a number (BookingIds, flight numbers).
type Str string

// UnmarshalJSON accepts "x", 12 and null.
func (s *Str) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = Str(v)
		return nil
	}
	if string(b) == "null" {
		*s = ""
		return nil
	}
	*s = Str(b)
	return nil
}

// SupplierError is the supplier's Error object.
type SupplierError struct {
	ErrorCode    Int `json:"ErrorCode"`
	ErrorMessage Str `json:"ErrorMessage"`
}

// Response statuses of the Air API.
const (
	StatusSuccessful         = 1
	StatusFailed             = 2
	StatusInvalidRequest     = 3
	StatusInvalidSession     = 4
	StatusInvalidCredentials = 5
)

// ErrorCodeInvalidToken means the TokenId is invalid or expired.
const ErrorCodeInvalidToken = 6

// envelope is the common outer shape of Air responses; Raw keeps the whole
// Response object for callers that pass it on.
type envelope struct {
	Response struct {
		ResponseStatus Int           `json:"ResponseStatus"`
		Error          SupplierError `json:"Error"`
		TraceId        Str           `json:"TraceId"`
	} `json:"Response"`
}

// authResponse is Authenticate's answer (not wrapped in Response).
type authResponse struct {
	Status  Int           `json:"Status"`
	TokenId Str           `json:"TokenId"`
	Error   SupplierError `json:"Error"`
}

// Fare is the price of a result.
type Fare struct {
	Currency      Str   `json:"Currency"`
	BaseFare      Money `json:"BaseFare"`
	Tax           Money `json:"Tax"`
	PublishedFare Money `json:"PublishedFare"`
	OfferedFare   Money `json:"OfferedFare"`
	// Charges of the whole booking, with no row in the FareBreakdown.
	OtherCharges Money `json:"OtherCharges"`
	ServiceFee   Money `json:"ServiceFee"`
	Discount     Money `json:"Discount"`
	// What a low-cost booking's seats, meals and baggage (SSR) cost, on
	// top of PublishedFare.
	TotalBaggageCharges Money `json:"TotalBaggageCharges"`
	TotalMealCharges    Money `json:"TotalMealCharges"`
	TotalSeatCharges    Money `json:"TotalSeatCharges"`
}

// ExtrasCharges is what the fare's seats, meals and baggage cost together.
func (f Fare) ExtrasCharges() decimal.Decimal {
	return f.TotalBaggageCharges.Decimal.Add(f.TotalMealCharges.Decimal).Add(f.TotalSeatCharges.Decimal)
}

// Result is the part of a search or quote result the product reads; the
// whole JSON is passed on to the web app untouched.
type Result struct {
	ResultIndex Str  `json:"ResultIndex"`
	IsLCC       Bool `json:"IsLCC"`
	Fare        Fare `json:"Fare"`
	// International itineraries may need passports at Book or at Ticket.
	IsPassportRequiredAtBook   Bool `json:"IsPassportRequiredAtBook"`
	IsPassportRequiredAtTicket Bool `json:"IsPassportRequiredAtTicket"`
	// Some fares need the adult passengers' PAN at Book or at Ticket.
	IsPanRequiredAtBook   Bool `json:"IsPanRequiredAtBook"`
	IsPanRequiredAtTicket Bool `json:"IsPanRequiredAtTicket"`
	// GSTAllowed: the fare takes a company's GST details; IsGSTMandatory:
	// it needs them.
	GSTAllowed     Bool `json:"GSTAllowed"`
	IsGSTMandatory Bool `json:"IsGSTMandatory"`
}

// FareBreakdown is one row of a result's FareBreakdown: the totals of one
// passenger type (PassengerCount passengers of PassengerType).
type FareBreakdown struct {
	Currency             Str   `json:"Currency"`
	PassengerType        Int   `json:"PassengerType"`
	PassengerCount       Int   `json:"PassengerCount"`
	BaseFare             Money `json:"BaseFare"`
	Tax                  Money `json:"Tax"`
	YQTax                Money `json:"YQTax"`
	AdditionalTxnFeeOfrd Money `json:"AdditionalTxnFeeOfrd"`
	AdditionalTxnFeePub  Money `json:"AdditionalTxnFeePub"`
	PGCharge             Money `json:"PGCharge"`
}

// NeedsPassport reports whether booking or ticketing r needs passports.
func (r Result) NeedsPassport() bool {
	return bool(r.IsPassportRequiredAtBook || r.IsPassportRequiredAtTicket)
}

// Price is what the traveller pays: the published fare, else the offered.
func (r Result) Price() decimal.Decimal {
	if r.Fare.PublishedFare.IsPositive() {
		return r.Fare.PublishedFare.Decimal
	}
	return r.Fare.OfferedFare.Decimal
}

// Itinerary is the part of a FlightItinerary the product reads.
type Itinerary struct {
	BookingId Int  `json:"BookingId"`
	PNR       Str  `json:"PNR"`
	IsLCC     Bool `json:"IsLCC"`
	Status    Int  `json:"Status"`
	// Source is the fare source of the booked result (an integer code).
	Source Str `json:"Source"`
	// Fare is the booking's fare; after a price change, the new one.
	Fare     Fare `json:"Fare"`
	Segments []struct {
		// Status is the segment's GDS status: HK held, XX or HX cancelled.
		Status Str `json:"Status"`
	} `json:"Segments"`
	Passenger []struct {
		PaxId     Int     `json:"PaxId"`
		FirstName Str     `json:"FirstName"`
		LastName  Str     `json:"LastName"`
		PaxType   Int     `json:"PaxType"`
		Ticket    *Ticket `json:"Ticket"`
	} `json:"Passenger"`
}

// Ticket is a passenger's ticket in a FlightItinerary. The supplier
// documents TicketId, TicketNumber and Status ("OK"); nothing public shows
// how it marks a cancelled ticket, so the cancellation is read tolerantly:
// a ChangeRequestId and ChangeRequestStatus on the ticket (as the simulator
// writes them) when given, else the Status text (Cancelled,
// CancellationInProgress and the like), else nothing.
type Ticket struct {
	TicketId            Int `json:"TicketId"`
	TicketNumber        Str `json:"TicketNumber"`
	Status              Str `json:"Status"`
	ChangeRequestId     Int `json:"ChangeRequestId"`
	ChangeRequestStatus Int `json:"ChangeRequestStatus"`
}

// ItineraryReleased is the FlightItinerary Status of a released booking.
// The supplier's documentation names the field but gives no values beyond
// 1 for a booking that stands; 7 is the simulator's. Released reports a
// release either way, since a GDS booking's segments say it too.
const ItineraryReleased = 7

// Released reports whether the booking no longer holds its seats: its
// status says it was released, or every segment is cancelled (XX, or HX:
// the airline cancelled the hold).
func (it Itinerary) Released() bool {
	if int(it.Status) == ItineraryReleased {
		return true
	}
	for _, s := range it.Segments {
		if st := strings.ToUpper(strings.TrimSpace(string(s.Status))); st != "XX" && st != "HX" {
			return false
		}
	}
	return len(it.Segments) > 0
}

// bookingResult is Book's and Ticket's inner Response.Response.
type bookingResult struct {
	PNR             Str        `json:"PNR"`
	BookingId       Int        `json:"BookingId"`
	Status          Int        `json:"Status"`
	TicketStatus    Int        `json:"TicketStatus"`
	IsPriceChanged  Bool       `json:"IsPriceChanged"`
	IsTimeChanged   Bool       `json:"IsTimeChanged"`
	FlightItinerary *Itinerary `json:"FlightItinerary"`
}

// Ticket statuses.
const (
	TicketFailed         = 0
	TicketSuccessful     = 1
	TicketInProgress     = 5
	TicketAlreadyCreated = 6
	TicketPriceChanged   = 8
)

// readEnvelope reads the envelope fields (Response.ResponseStatus, Error,
// TraceId) and stops as soon as it has them: search answers run to hundreds
// of KiB of results after them, which this client passes on untouched and
// need not parse. Answers with the fields in another order are read in full.
func readEnvelope(raw []byte, env *envelope) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := expectDelim(dec, '{'); err != nil {
		return err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		if key != "Response" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return err
			}
			continue
		}
		if err := expectDelim(dec, '{'); err != nil {
			if errors.Is(err, errNotObject) {
				return nil // Response is null or not an object: nothing to read
			}
			return err
		}
		seen := 0
		for dec.More() && seen < 3 {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			var dst any
			switch k {
			case "ResponseStatus":
				dst = &env.Response.ResponseStatus
			case "Error":
				dst = &env.Response.Error
			case "TraceId":
				dst = &env.Response.TraceId
			default:
				dst = new(json.RawMessage)
				seen-- // not one of ours
			}
			if err := dec.Decode(dst); err != nil {
				return err
			}
			seen++
		}
		return nil
	}
	return nil
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return errNotObject
	}
	return nil
}

// errNotObject: the answer is JSON but not the object the envelope needs.
var errNotObject = errors.New("supplier answer is not a JSON object")
