package tbo

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/paryatan/paryatan/internal/supplier/connector"
)

func decode(raw []byte, v any) error { return json.Unmarshal(raw, v) }

// SearchSegment is one leg of a search.
type SearchSegment struct {
	Origin                 string
	Destination            string
	FlightCabinClass       int
	PreferredDepartureTime string // yyyy-MM-ddT00:00:00
	PreferredArrivalTime   string
}

// SearchRequest is a flight search.
type SearchRequest struct {
	AdultCount, ChildCount, InfantCount int
	DirectFlight, OneStopFlight         bool
	JourneyType                         int // 1 one way, 2 return, 3 multi-stop
	PreferredAirlines                   []string
	Segments                            []SearchSegment
	// Sources are the product's GDS / LCC; mapped to the supplier's form.
	Sources []string
}

// lccSourceCodes are the low-cost carriers searched when the product asks
// for LCC fares (the supplier selects LCC fares by airline code).
var lccSourceCodes = []string{"6E", "SG", "G8", "I5", "IX", "QP", "AK", "FZ", "G9", "TR"}

// supplierSources maps the product's [GDS, LCC] to the supplier's Sources.
func supplierSources(product []string) []string {
	var out []string
	for _, s := range product {
		switch s {
		case "GDS":
			out = append(out, "GDS")
		case "LCC":
			out = append(out, lccSourceCodes...)
		}
	}
	return out
}

// Search finds flights.
func (c *Client) Search(ctx context.Context, conn *connector.Connector, r SearchRequest) (*Reply, error) {
	return c.airCall(ctx, conn, connector.OpSearch, conn.Endpoints.Air+"/Search", func(token string) any {
		segs := make([]map[string]any, len(r.Segments))
		for i, s := range r.Segments {
			segs[i] = map[string]any{
				"Origin": s.Origin, "Destination": s.Destination, "FlightCabinClass": s.FlightCabinClass,
				"PreferredDepartureTime": s.PreferredDepartureTime, "PreferredArrivalTime": s.PreferredArrivalTime,
			}
		}
		body := map[string]any{
			"EndUserIp": conn.EndUserIP, "TokenId": token,
			"AdultCount": r.AdultCount, "ChildCount": r.ChildCount, "InfantCount": r.InfantCount,
			"DirectFlight": r.DirectFlight, "OneStopFlight": r.OneStopFlight, "JourneyType": r.JourneyType,
			"PreferredAirlines": r.PreferredAirlines, "Segments": segs,
		}
		if src := supplierSources(r.Sources); len(src) > 0 {
			body["Sources"] = src
		}
		return body
	})
}

// TraceRequest names a result of a search.
type TraceRequest struct {
	TraceId     string
	ResultIndex string
}

func (c *Client) traceCall(ctx context.Context, conn *connector.Connector, op connector.Operation, method string, r TraceRequest) (*Reply, error) {
	return c.airCall(ctx, conn, op, conn.Endpoints.Air+"/"+method, func(token string) any {
		return map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token, "TraceId": r.TraceId, "ResultIndex": r.ResultIndex}
	})
}

// Quote is a fare quote: the reply and the quoted result.
type Quote struct {
	*Reply
	Result         Result
	IsPriceChanged bool
}

// FareQuote prices a result for booking. It must come before Book and Ticket.
func (c *Client) FareQuote(ctx context.Context, conn *connector.Connector, r TraceRequest) (*Quote, error) {
	reply, err := c.traceCall(ctx, conn, connector.OpFareQuote, "FareQuote", r)
	if err != nil {
		return nil, err
	}
	return readQuote(reply)
}

// readQuote reads a FareQuote answer.
func readQuote(reply *Reply) (*Quote, error) {
	var q struct {
		Response struct {
			IsPriceChanged Bool    `json:"IsPriceChanged"`
			Results        *Result `json:"Results"`
		} `json:"Response"`
	}
	if err := decode(reply.Raw, &q); err != nil || q.Response.Results == nil || q.Response.Results.ResultIndex == "" {
		return nil, &Error{Op: connector.OpFareQuote, Kind: KindSupplier, Message: "No FareQuote results", Err: err}
	}
	return &Quote{Reply: reply, Result: *q.Response.Results, IsPriceChanged: bool(q.Response.IsPriceChanged)}, nil
}

// FareRule fetches the fare rules (HTML text) of a result.
func (c *Client) FareRule(ctx context.Context, conn *connector.Connector, r TraceRequest) (*Reply, error) {
	return c.traceCall(ctx, conn, connector.OpFareRule, "FareRule", r)
}

// Passenger is a traveller as Book and Ticket send them. Fare is the
// per-passenger fare object from the quote, passed through.
type Passenger map[string]any

// BookRequest books a GDS result (LCC results skip Book).
type BookRequest struct {
	TraceId     string
	ResultIndex string
	Passengers  []Passenger
}

// Booking is the outcome of Book or Ticket.
type Booking struct {
	*Reply
	PNR            string
	BookingId      int64
	Status         int
	TicketStatus   int
	IsPriceChanged bool
	Itinerary      *Itinerary
}

func parseBooking(op connector.Operation, reply *Reply) (*Booking, error) {
	var b struct {
		Response struct {
			Response bookingResult `json:"Response"`
		} `json:"Response"`
	}
	if err := decode(reply.Raw, &b); err != nil {
		return nil, &Error{Op: op, Kind: KindProtocol, Message: "Unreadable booking answer.", Err: err}
	}
	r := b.Response.Response
	return &Booking{Reply: reply, PNR: string(r.PNR), BookingId: int64(r.BookingId), Status: int(r.Status),
		TicketStatus: int(r.TicketStatus), IsPriceChanged: bool(r.IsPriceChanged), Itinerary: r.FlightItinerary}, nil
}

// Book holds seats and creates the PNR and BookingId. Never call it again
// after an error whose outcome is unknown: ask BookingDetails instead.
func (c *Client) Book(ctx context.Context, conn *connector.Connector, r BookRequest) (*Booking, error) {
	reply, err := c.airCall(ctx, conn, connector.OpBook, conn.Endpoints.Booking+"/Book", func(token string) any {
		return map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token, "TraceId": r.TraceId,
			"ResultIndex": r.ResultIndex, "Passengers": r.Passengers}
	})
	if err != nil {
		return nil, err
	}
	b, err := parseBooking(connector.OpBook, reply)
	if err != nil {
		return nil, err
	}
	if b.BookingId == 0 || b.PNR == "" {
		return b, &Error{Op: connector.OpBook, Kind: KindSupplier, Message: "Booking failed."}
	}
	return b, nil
}

// TicketRequest issues tickets: the GDS path names the booking (PNR and
// BookingId); the LCC path sends the passengers with their fares.
type TicketRequest struct {
	TraceId string
	// GDS path.
	PNR                   string
	BookingId             int64
	IsPriceChangeAccepted bool
	// Passports go with the GDS path when the fare quote asked for them
	// at Ticket.
	Passports []Passport
	// LCC path.
	ResultIndex      string
	AgentReferenceNo string
	Passengers       []Passenger
}

// Passport is a passenger's passport as the GDS Ticket call takes it; dates
// are written yyyy-MM-ddT00:00:00.
type Passport struct {
	PaxId          int64  `json:"PaxId,omitempty"`
	PassportNo     string `json:"PassportNo"`
	PassportExpiry string `json:"PassportExpiry"`
	DateOfBirth    string `json:"DateOfBirth,omitempty"`
}

// Ticket issues the tickets. Never call it again after an error whose
// outcome is unknown: ask BookingDetails instead.
func (c *Client) Ticket(ctx context.Context, conn *connector.Connector, r TicketRequest) (*Booking, error) {
	reply, err := c.airCall(ctx, conn, connector.OpTicket, conn.Endpoints.Booking+"/Ticket", func(token string) any {
		body := map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token, "TraceId": r.TraceId}
		if r.BookingId != 0 {
			body["PNR"] = r.PNR
			body["BookingId"] = r.BookingId
			body["IsPriceChangeAccepted"] = r.IsPriceChangeAccepted
			if len(r.Passports) > 0 {
				body["Passport"] = r.Passports
			}
		} else {
			body["ResultIndex"] = r.ResultIndex
			body["AgentReferenceNo"] = r.AgentReferenceNo
			body["Passengers"] = r.Passengers
		}
		return body
	})
	if err != nil {
		return nil, err
	}
	return parseBooking(connector.OpTicket, reply)
}

// DetailsRequest looks a booking up; set BookingId, or TraceId.
type DetailsRequest struct {
	BookingId int64
	PNR       string
	TraceId   string
}

// Details is a booking as the supplier knows it now.
type Details struct {
	*Reply
	Itinerary Itinerary
}

// BookingDetails asks the supplier for a booking's real state.
func (c *Client) BookingDetails(ctx context.Context, conn *connector.Connector, r DetailsRequest) (*Details, error) {
	reply, err := c.airCall(ctx, conn, connector.OpBookingDetails, conn.Endpoints.Booking+"/GetBookingDetails", func(token string) any {
		body := map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token}
		if r.BookingId != 0 {
			body["BookingId"] = r.BookingId
		}
		if r.PNR != "" {
			body["PNR"] = r.PNR
		}
		if r.TraceId != "" && r.BookingId == 0 {
			body["TraceId"] = r.TraceId
		}
		return body
	})
	if err != nil {
		return nil, err
	}
	var d struct {
		Response struct {
			FlightItinerary *Itinerary `json:"FlightItinerary"`
		} `json:"Response"`
	}
	if err := decode(reply.Raw, &d); err != nil {
		return nil, &Error{Op: connector.OpBookingDetails, Kind: KindProtocol, Message: "Unreadable booking details.", Err: err}
	}
	if d.Response.FlightItinerary == nil {
		return nil, &Error{Op: connector.OpBookingDetails, Kind: KindSupplier, Message: fmt.Sprintf("The supplier has no booking %d.", r.BookingId)}
	}
	return &Details{Reply: reply, Itinerary: *d.Response.FlightItinerary}, nil
}

// ReleaseRequest gives up a held GDS booking: its BookingId and the Source
// of its fare, as the supplier wrote it on the result (an integer code).
type ReleaseRequest struct {
	BookingId int64
	Source    string
}

// Release gives up a held, unticketed booking (ReleasePNRRequest, on the
// booking host). The answer is the bare envelope: a status and an error.
func (c *Client) Release(ctx context.Context, conn *connector.Connector, r ReleaseRequest) (*Reply, error) {
	return c.airCall(ctx, conn, connector.OpRelease, conn.Endpoints.Booking+"/ReleasePNRRequest", func(token string) any {
		return map[string]any{"EndUserIp": conn.EndUserIP, "TokenId": token, "BookingId": r.BookingId, "Source": sourceValue(r.Source)}
	})
}

// sourceValue is a fare source as the supplier takes it: its documentation
// types Source as a string, its results carry it as an integer, and its
// clients send that integer back as a JSON number; a source that is not a
// number goes as the string it is.
func sourceValue(s string) any {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	return s
}
