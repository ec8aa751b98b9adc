package tbo

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Adapter is the TBO Air API behind the product's supplier port. The
// supplier's answers are passed on as the product's documents untouched:
// the product's document shape is TBO's.
type Adapter struct {
	c *Client
}

// NewAdapter returns the port over client.
func NewAdapter(client *Client) *Adapter { return &Adapter{c: client} }

var _ supplier.Port = (*Adapter)(nil)

// Type is the connector type the adapter serves.
const Type = "tbo"

// Search implements supplier.Port.
func (a *Adapter) Search(ctx context.Context, conn *connector.Connector, r supplier.SearchRequest) (*supplier.Answer, error) {
	reply, err := a.c.Search(ctx, conn, searchRequest(r))
	if err != nil {
		return nil, portError(err)
	}
	return answer(reply), nil
}

// supplierDay is how the supplier writes a day.
const supplierDay = "2006-01-02T00:00:00"

// searchRequest is the supplier's form of a search: one segment each way,
// journey type 1 (one way) or 2 (return).
func searchRequest(r supplier.SearchRequest) SearchRequest {
	out := SearchRequest{
		AdultCount: r.Adults, ChildCount: r.Children, InfantCount: r.Infants,
		DirectFlight: r.Nonstop, JourneyType: 1, Sources: r.Sources, PreferredAirlines: r.Airlines,
		Segments: []SearchSegment{{Origin: r.Origin, Destination: r.Destination, FlightCabinClass: r.Cabin,
			PreferredDepartureTime: r.Depart.Format(supplierDay), PreferredArrivalTime: r.Depart.Format(supplierDay)}},
	}
	if r.IsReturn() {
		out.JourneyType = 2
		out.Segments = append(out.Segments, SearchSegment{Origin: r.Destination, Destination: r.Origin, FlightCabinClass: r.Cabin,
			PreferredDepartureTime: r.Return.Format(supplierDay), PreferredArrivalTime: r.Return.Format(supplierDay)})
	}
	return out
}

func answer(r *Reply) *supplier.Answer {
	return &supplier.Answer{Doc: r.Raw, TraceID: r.TraceId}
}

func traceRequest(r supplier.ResultRef) TraceRequest {
	return TraceRequest{TraceId: r.TraceID, ResultIndex: r.ResultIndex}
}

// FareQuote implements supplier.Port.
func (a *Adapter) FareQuote(ctx context.Context, conn *connector.Connector, r supplier.ResultRef) (*supplier.Quote, error) {
	q, err := a.c.FareQuote(ctx, conn, traceRequest(r))
	if err != nil {
		return nil, portError(err)
	}
	return quote(q), nil
}

// quote reads what the product keeps of a fare quote.
func quote(q *Quote) *supplier.Quote {
	var r struct {
		Response struct {
			Results struct {
				AirlineCode   Str             `json:"AirlineCode"`
				Fare          json.RawMessage `json:"Fare"`
				FareBreakdown []FareBreakdown `json:"FareBreakdown"`
				Segments      [][]struct {
					Origin struct {
						Airport struct{ AirportCode Str } `json:"Airport"`
						DepTime Str                       `json:"DepTime"`
					} `json:"Origin"`
					Destination struct {
						Airport struct{ AirportCode Str } `json:"Airport"`
					} `json:"Destination"`
				} `json:"Segments"`
			} `json:"Results"`
		} `json:"Response"`
	}
	_ = json.Unmarshal(q.Raw, &r)
	res := q.Result
	out := &supplier.Quote{Answer: *answer(q.Reply), ResultIndex: string(res.ResultIndex), IsLCC: bool(res.IsLCC),
		Price: res.Price(), Currency: string(res.Fare.Currency), PriceChanged: q.IsPriceChanged,
		Airline:        string(r.Response.Results.AirlineCode),
		PassportAtBook: bool(res.IsPassportRequiredAtBook), PassportAtTicket: bool(res.IsPassportRequiredAtTicket),
		PANAtBook: bool(res.IsPanRequiredAtBook), PANAtTicket: bool(res.IsPanRequiredAtTicket),
		GSTAllowed: bool(res.GSTAllowed), GSTMandatory: bool(res.IsGSTMandatory)}
	out.Travellers, out.PassengerFares = passengerFares(res.Fare, r.Response.Results.FareBreakdown, r.Response.Results.Fare)
	segs := r.Response.Results.Segments
	if len(segs) > 0 && len(segs[0]) > 0 {
		first, last := segs[0][0], segs[0][len(segs[0])-1]
		out.Origin, out.Destination, out.Departure = string(first.Origin.Airport.AirportCode), string(last.Destination.Airport.AirportCode), string(first.Origin.DepTime)
	}
	// The last flight of the whole itinerary (the inbound one of a return)
	// is the last segment of the last direction.
	for i := len(segs) - 1; i >= 0; i-- {
		if n := len(segs[i]); n > 0 {
			out.LastTravelDate = dayOf(string(segs[i][n-1].Origin.DepTime))
			break
		}
	}
	return out
}

// dayOf is the day (2006-01-02) of a supplier date-time, or "" when it has
// none.
func dayOf(dateTime string) string {
	if len(dateTime) < len(time.DateOnly) {
		return ""
	}
	day := dateTime[:len(time.DateOnly)]
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		return ""
	}
	return day
}

// paxFare is the supplier's Fare object for one passenger, as Book and the
// LCC Ticket take it on each passenger. Amounts are written as JSON numbers
// with at most two decimals.
type paxFare struct {
	Currency             string      `json:"Currency"`
	BaseFare             json.Number `json:"BaseFare"`
	Tax                  json.Number `json:"Tax"`
	YQTax                json.Number `json:"YQTax"`
	AdditionalTxnFeeOfrd json.Number `json:"AdditionalTxnFeeOfrd"`
	AdditionalTxnFeePub  json.Number `json:"AdditionalTxnFeePub"`
	PGCharge             json.Number `json:"PGCharge"`
	OtherCharges         json.Number `json:"OtherCharges"`
	Discount             json.Number `json:"Discount"`
	ServiceFee           json.Number `json:"ServiceFee"`
}

// passengerFares counts the quoted passengers by type and builds the fare of
// ONE passenger of each type from the FareBreakdown row of that type (whose
// amounts are the totals of PassengerCount passengers), exactly, rounded to
// paise.
//
// OtherCharges, ServiceFee and Discount belong to the whole booking: the
// FareBreakdown has no column for them. They are split evenly over every
// passenger (infants too), so that the fares sent on the booking's
// passengers add up to the quoted Fare, which is what the supplier checks
// the booking against when it re-prices; sending the booking's amount on
// each passenger would overstate them, and sending 0 understate them.
//
// A quote without a usable FareBreakdown is taken as one adult paying the
// whole Fare, sent back as the supplier wrote it.
func passengerFares(fare Fare, rows []FareBreakdown, rawFare json.RawMessage) ([3]int, [3]json.RawMessage) {
	var counts [3]int
	var byType [3]*FareBreakdown
	for i := range rows {
		row := &rows[i]
		t := int(row.PassengerType)
		if t < supplier.PaxAdult || t > supplier.PaxInfant || row.PassengerCount <= 0 || byType[t-1] != nil {
			continue
		}
		byType[t-1], counts[t-1] = row, int(row.PassengerCount)
	}
	if counts[0] == 0 {
		return [3]int{1, 0, 0}, [3]json.RawMessage{rawFare}
	}
	all := decimal.NewFromInt(int64(counts[0] + counts[1] + counts[2]))
	each := func(total Money, n decimal.Decimal) json.Number {
		return json.Number(total.Div(n).Round(2).StringFixed(2))
	}
	var out [3]json.RawMessage
	for t, row := range byType {
		if row == nil {
			continue
		}
		n := decimal.NewFromInt(int64(counts[t]))
		currency := string(row.Currency)
		if currency == "" {
			currency = string(fare.Currency)
		}
		b, _ := json.Marshal(paxFare{
			Currency: currency, BaseFare: each(row.BaseFare, n), Tax: each(row.Tax, n), YQTax: each(row.YQTax, n),
			AdditionalTxnFeeOfrd: each(row.AdditionalTxnFeeOfrd, n), AdditionalTxnFeePub: each(row.AdditionalTxnFeePub, n),
			PGCharge:     each(row.PGCharge, n),
			OtherCharges: each(fare.OtherCharges, all), Discount: each(fare.Discount, all), ServiceFee: each(fare.ServiceFee, all),
		})
		out[t] = b
	}
	return counts, out
}

// FareRule implements supplier.Port.
func (a *Adapter) FareRule(ctx context.Context, conn *connector.Connector, r supplier.ResultRef) (*supplier.Answer, error) {
	reply, err := a.c.FareRule(ctx, conn, traceRequest(r))
	if err != nil {
		return nil, portError(err)
	}
	return answer(reply), nil
}

// Book implements supplier.Port.
func (a *Adapter) Book(ctx context.Context, conn *connector.Connector, r supplier.BookRequest) (*supplier.Booking, error) {
	b, err := a.c.Book(ctx, conn, BookRequest{TraceId: r.TraceID, ResultIndex: r.ResultIndex, Passengers: wirePassengers(r.Passengers, false)})
	return booking(b, false), portError(err)
}

// Ticket implements supplier.Port.
func (a *Adapter) Ticket(ctx context.Context, conn *connector.Connector, r supplier.TicketRequest) (*supplier.Booking, error) {
	req := TicketRequest{TraceId: r.TraceID}
	if r.IsLCC() {
		req.ResultIndex, req.AgentReferenceNo, req.Passengers = r.ResultIndex, r.AgentReference, wirePassengers(r.Passengers, true)
	} else {
		req.PNR, req.BookingId, req.IsPriceChangeAccepted = r.PNR, r.BookingID, r.AcceptPriceChange
		req.Passports = passports(r)
	}
	b, err := a.c.Ticket(ctx, conn, req)
	return booking(b, true), portError(err)
}

func booking(b *Booking, ticket bool) *supplier.Booking {
	if b == nil {
		return nil
	}
	out := &supplier.Booking{Answer: *answer(b.Reply), BookingID: b.BookingId, PNR: b.PNR, PriceChanged: b.IsPriceChanged,
		Status: strconv.Itoa(b.Status)}
	if it := b.Itinerary; it != nil {
		out.Price = it.Fare.PublishedFare.Decimal
		if !out.Price.IsPositive() {
			out.Price = it.Fare.OfferedFare.Decimal
		}
		if it.IsLCC {
			x := it.Fare.ExtrasCharges()
			out.ExtrasPrice = &x
		}
	}
	if ticket {
		// At Ticket the ticket status says it all: a fare that moved is
		// status 8, whatever IsPriceChanged says.
		out.PriceChanged = b.TicketStatus == TicketPriceChanged
		out.Ticketed = b.TicketStatus == TicketSuccessful || b.TicketStatus == TicketAlreadyCreated
		out.Status = strconv.Itoa(b.TicketStatus)
	}
	return out
}

// wirePassengers are the passengers as Book and Ticket send them. The LCC
// Ticket carries each passenger's extras (Baggage, MealDynamic,
// SeatDynamic: the supplier's own items, chosen through Extras.Choose, its
// placeholders among them), or, for a passenger offered none, the bare
// "none" placeholders. A meal and seat preference go to full-service (GDS)
// fares only, as "Meal" and "Seat" (a special meal named by MealCode alone
// with its IATA name): low-cost carriers sell meals and seats instead. The
// GST details travel on the passenger that carries them (the lead), empty
// on the others.
func wirePassengers(in []supplier.Passenger, lcc bool) []Passenger {
	out := make([]Passenger, len(in))
	for i, p := range in {
		w := Passenger{
			"Title": p.Title, "FirstName": p.FirstName, "LastName": p.LastName, "PaxType": p.PaxType,
			"DateOfBirth": p.DateOfBirth, "Gender": p.Gender,
			"AddressLine1": p.AddressLine1, "AddressLine2": p.AddressLine2, "City": p.City,
			"CountryCode": p.CountryCode, "CountryName": p.CountryName, "ZipCode": p.ZipCode, "Nationality": p.Nationality,
			"ContactNo": p.ContactNo, "Email": p.Email, "IsLeadPax": p.IsLeadPax,
			"PassportNo": p.PassportNo, "PassportExpiry": p.PassportExpiry,
			"FFAirlineCode": p.FFAirlineCode, "FFNumber": p.FFNumber,
		}
		if p.PAN != "" {
			w["PAN"] = p.PAN
		}
		var gst supplier.GST
		if p.GST != nil {
			gst = *p.GST
		}
		w["GSTNumber"], w["GSTCompanyName"], w["GSTCompanyAddress"] = gst.Number, gst.CompanyName, gst.CompanyAddress
		w["GSTCompanyContactNumber"], w["GSTCompanyEmail"] = gst.ContactNumber, gst.CompanyEmail
		if len(p.Fare) > 0 {
			w["Fare"] = p.Fare // the supplier's own fare, digit for digit
		}
		switch {
		case lcc && len(p.Baggage)+len(p.MealDynamic)+len(p.SeatDynamic) > 0:
			// The supplier's items, digit for digit.
			for key, items := range map[string][]json.RawMessage{"Baggage": p.Baggage, "MealDynamic": p.MealDynamic, "SeatDynamic": p.SeatDynamic} {
				if len(items) > 0 {
					w[key] = items
				}
			}
		case lcc:
			w["Baggage"] = []map[string]any{{"Code": NoBaggage, "Weight": 0, "Price": 0, "Currency": accountCurrency}}
			w["MealDynamic"] = []map[string]any{{"Code": NoMeal, "Quantity": 0, "Price": 0, "Currency": accountCurrency}}
			w["SeatDynamic"] = []map[string]any{{"Code": NoSeat, "Price": 0, "Currency": accountCurrency}}
		default:
			if p.Meal != nil {
				w["Meal"] = map[string]string{"Code": p.Meal.Code, "Description": p.Meal.Description}
			} else if p.MealCode != "" {
				w["Meal"] = map[string]string{"Code": p.MealCode, "Description": mealName(p.MealCode)}
			}
			if p.Seat != nil {
				w["Seat"] = map[string]string{"Code": p.Seat.Code, "Description": p.Seat.Description}
			}
		}
		out[i] = w
	}
	return out
}

// mealNames are the IATA names of the special meals the product offers.
var mealNames = map[string]string{
	"AVML": "Asian Vegetarian Meal",
	"BBML": "Baby Meal",
	"CHML": "Child Meal",
	"DBML": "Diabetic Meal",
	"GFML": "Gluten Intolerant Meal",
	"HNML": "Hindu Meal",
	"KSML": "Kosher Meal",
	"LCML": "Low Calorie Meal",
	"LFML": "Low Fat Meal",
	"MOML": "Muslim Meal",
	"NLML": "No Lactose Meal",
	"VGML": "Vegetarian Vegan Meal",
	"VJML": "Vegetarian Jain Meal",
	"VLML": "Vegetarian Lacto-Ovo Meal",
}

// mealName is the description of a special-meal code; a code the table
// lacks is its own description.
func mealName(code string) string {
	if n, ok := mealNames[code]; ok {
		return n
	}
	return code
}

// passports gives the GDS Ticket call the passports of a booking whose quote
// asked for them at Ticket, with the supplier's PaxIds from the Book answer.
//
// The GDS Ticket request has no PAN field: a PAN asked for at Ticket
// (IsPanRequiredAtTicket) must already be on the booking. It goes with Book
// (wirePassengers), which is why the product requires the adults' PAN before
// Book whenever the quote sets either PAN flag.
func passports(r supplier.TicketRequest) []Passport {
	var quote struct {
		Response struct{ Results Result } `json:"Response"`
	}
	if json.Unmarshal(r.Kept.Quote, &quote) != nil || !quote.Response.Results.IsPassportRequiredAtTicket {
		return nil
	}
	var booked struct {
		Response struct {
			Response struct {
				FlightItinerary *Itinerary `json:"FlightItinerary"`
			} `json:"Response"`
		} `json:"Response"`
	}
	_ = json.Unmarshal(r.Kept.Booked, &booked)
	var out []Passport
	for i, p := range r.Passengers {
		pp := Passport{PassportNo: p.PassportNo, PassportExpiry: p.PassportExpiry, DateOfBirth: p.DateOfBirth}
		if it := booked.Response.Response.FlightItinerary; it != nil && i < len(it.Passenger) {
			pp.PaxId = int64(it.Passenger[i].PaxId)
		}
		if pp.PassportNo != "" {
			out = append(out, pp)
		}
	}
	return out
}

// BookingDetails implements supplier.Port.
func (a *Adapter) BookingDetails(ctx context.Context, conn *connector.Connector, r supplier.DetailsRequest) (*supplier.Details, error) {
	d, err := a.c.BookingDetails(ctx, conn, DetailsRequest{BookingId: r.BookingID, PNR: r.PNR, TraceId: r.TraceID})
	if err != nil {
		return nil, portError(err)
	}
	it := d.Itinerary
	out := &supplier.Details{Answer: *answer(d.Reply), BookingID: int64(it.BookingId), PNR: string(it.PNR),
		Released: it.Released(), AsBooking: synthesisedBooking(it, d.Raw)}
	for _, p := range it.Passenger {
		bp := supplier.BookedPassenger{ID: int64(p.PaxId), FirstName: string(p.FirstName), LastName: string(p.LastName), PaxType: int(p.PaxType)}
		if t := p.Ticket; t != nil {
			bp.TicketNumber, bp.TicketID = string(t.TicketNumber), int64(t.TicketId)
			bp.ChangeRequestID, bp.ChangeStatus = int64(t.ChangeRequestId), ticketChangeStatus(t)
		}
		out.Passengers = append(out.Passengers, bp)
	}
	return out, nil
}

// ticketChangeStatus is where a ticket's cancellation stands, read
// tolerantly (see Ticket): its change request's status when the details
// give one, else what its Status text says (Completed for a cancelled
// ticket, Pending for one being cancelled), else ChangeNotSet.
func ticketChangeStatus(t *Ticket) supplier.ChangeStatus {
	if t.ChangeRequestStatus != 0 {
		return supplier.ChangeStatus(t.ChangeRequestStatus)
	}
	word := strings.NewReplacer(" ", "", "_", "", "-", "").Replace(strings.ToLower(string(t.Status)))
	switch {
	case strings.Contains(word, "progress") || strings.Contains(word, "pending") || strings.Contains(word, "requested"):
		return supplier.ChangePending
	case strings.Contains(word, "cancelled") || strings.Contains(word, "canceled"):
		return supplier.ChangeCompleted
	}
	return supplier.ChangeNotSet
}

// Release implements supplier.Port. The supplier wants the booking's fare
// source with it: the request's, else the one its kept quote (or Book
// answer) shows. An answer that the booking is released already is the
// release done.
func (a *Adapter) Release(ctx context.Context, conn *connector.Connector, r supplier.ReleaseRequest) error {
	src := r.Source
	if src == "" {
		src = keptSource(r.Kept.Quote, r.Kept.Booked)
	}
	switch {
	case r.BookingID <= 0:
		return &supplier.Error{Op: connector.OpRelease, Kind: supplier.KindRefused, Message: "No booking to release."}
	case src == "":
		return &supplier.Error{Op: connector.OpRelease, Kind: supplier.KindRefused,
			Message: fmt.Sprintf("The fare source of booking %d is not known: it cannot be released.", r.BookingID)}
	}
	_, err := a.c.Release(ctx, conn, ReleaseRequest{BookingId: r.BookingID, Source: src})
	if IsAlreadyReleased(err) {
		return nil
	}
	return portError(err)
}

// accountCurrency is the currency of amounts an answer gives without one:
// the agency's account with the supplier is kept in rupees.
const accountCurrency = "INR"

// CancellationCharges implements supplier.Port: the whole booking
// (RequestType 1) when the request names no tickets, else a partial
// cancellation (RequestType 2) of the tickets and sectors named (see
// Client.CancellationCharges).
func (a *Adapter) CancellationCharges(ctx context.Context, conn *connector.Connector, r supplier.ChargesRequest) (*supplier.Charges, error) {
	if msg := cancellationProblem(r.BookingID, len(r.TicketIDs) > 0 || len(r.Sectors) > 0, r.TicketIDs, r.Sectors); msg != "" {
		return nil, &supplier.Error{Op: connector.OpCancellationCharges, Kind: supplier.KindRefused, Message: msg}
	}
	req := ChargesRequest{BookingId: r.BookingID, RequestType: RequestFullCancellation}
	if len(r.TicketIDs) > 0 {
		req.RequestType, req.TicketIds, req.Sectors = RequestPartialCancellation, r.TicketIDs, wireSectors(r.Sectors)
	}
	ch, err := a.c.CancellationCharges(ctx, conn, req)
	if err != nil {
		return nil, portError(err)
	}
	out := &supplier.Charges{Answer: *answer(ch.Reply), Charge: ch.CancellationCharge.Decimal, Refund: ch.RefundAmount.Decimal,
		Currency: ch.Currency, Remarks: ch.Remarks}
	if out.Currency == "" {
		out.Currency = accountCurrency
	}
	return out, nil
}

// ChangeRequest implements supplier.Port. A request the supplier records but
// refuses (a non-refundable fare, a flight gone) comes back as changes with
// status ChangeRejected and the supplier's reason in Remarks; a request it
// refuses outright (a ticket cancelled already) as an Error.
func (a *Adapter) ChangeRequest(ctx context.Context, conn *connector.Connector, r supplier.ChangeRequest) ([]supplier.TicketChange, error) {
	msg := cancellationProblem(r.BookingID, r.Partial, r.TicketIDs, r.Sectors)
	reason := r.Reason
	if reason == 0 {
		reason = supplier.ReasonOthers
	}
	switch {
	case msg != "":
	case !r.Partial && len(r.Sectors) > 0:
		msg = "Sectors limit a partial cancellation: a full one cancels every flight."
	case reason < supplier.ReasonNoShow || reason > supplier.ReasonOthers:
		msg = fmt.Sprintf("Cancellation reason %d is not one the supplier knows.", r.Reason)
	}
	if msg != "" {
		return nil, &supplier.Error{Op: connector.OpChangeRequest, Kind: supplier.KindRefused, Message: msg}
	}
	req := ChangeRequest{BookingId: r.BookingID, RequestType: RequestFullCancellation, CancellationType: reason,
		TicketIds: r.TicketIDs, Remarks: r.Remarks}
	if r.Partial {
		req.RequestType, req.Sectors = RequestPartialCancellation, wireSectors(r.Sectors)
	}
	ch, err := a.c.SendChangeRequest(ctx, conn, req)
	if err != nil {
		return nil, portError(err)
	}
	out := make([]supplier.TicketChange, len(ch.Tickets))
	for i, t := range ch.Tickets {
		out[i] = ticketChange(t)
	}
	return out, nil
}

// ChangeRequestStatus implements supplier.Port.
func (a *Adapter) ChangeRequestStatus(ctx context.Context, conn *connector.Connector, changeRequestID int64) (*supplier.TicketChange, error) {
	if changeRequestID <= 0 {
		return nil, &supplier.Error{Op: connector.OpChangeRequestStatus, Kind: supplier.KindRefused, Message: "No change request to follow."}
	}
	st, err := a.c.GetChangeRequestStatus(ctx, conn, changeRequestID)
	if err != nil {
		return nil, portError(err)
	}
	out := ticketChange(st.TicketChange)
	return &out, nil
}

// cancellationProblem is what makes a cancellation request incomplete before
// anything is sent, or "".
func cancellationProblem(bookingID int64, partial bool, tickets []int64, sectors []supplier.Sector) string {
	switch {
	case bookingID <= 0:
		return "No booking to cancel."
	case partial && len(tickets) == 0:
		// The supplier takes a partial cancellation by ticket id; sectors
		// alone name no tickets.
		return "A partial cancellation names its tickets."
	case slices.Contains(tickets, 0):
		return "A ticket without an id cannot be cancelled."
	}
	for _, s := range sectors {
		if s.Origin == "" || s.Destination == "" {
			return "A sector names its origin and destination airports."
		}
	}
	return ""
}

func wireSectors(in []supplier.Sector) []Sector {
	var out []Sector
	for _, s := range in {
		out = append(out, Sector{Origin: s.Origin, Destination: s.Destination})
	}
	return out
}

// ticketChange is a change request in the port's terms. ServiceTax is every
// tax on the supplier's fee: the tax proper and the cesses once levied on
// it.
func ticketChange(t TicketChange) supplier.TicketChange {
	return supplier.TicketChange{
		ChangeRequestID: int64(t.ChangeRequestId), TicketID: int64(t.TicketId), Status: supplier.ChangeStatus(t.State()),
		Charge: t.CancellationCharge.Decimal, Refunded: t.RefundedAmount.Decimal,
		ServiceTax: t.ServiceTaxOnRAF.Add(t.SwachhBharatCess.Decimal).Add(t.KrishiKalyanCess.Decimal),
		CreditNote: string(t.CreditNoteNo), CreditNoteOn: string(t.CreditNoteCreatedOn), Remarks: string(t.Remarks),
	}
}

// keptSource is the fare source of a booking from its kept documents: the
// quoted result's Source, else its Book answer's itinerary's.
func keptSource(quote, booked json.RawMessage) string {
	var q struct {
		Response struct {
			Results struct {
				Source Str `json:"Source"`
			} `json:"Results"`
		} `json:"Response"`
	}
	if json.Unmarshal(quote, &q) == nil && q.Response.Results.Source != "" {
		return string(q.Response.Results.Source)
	}
	var b struct {
		Response struct {
			Response struct {
				FlightItinerary *Itinerary `json:"FlightItinerary"`
			} `json:"Response"`
		} `json:"Response"`
	}
	if json.Unmarshal(booked, &b) == nil && b.Response.Response.FlightItinerary != nil {
		return string(b.Response.Response.FlightItinerary.Source)
	}
	return ""
}

// synthesisedBooking gives booking details the shape of a Book answer
// (Response.Response.{BookingId, PNR}) so the web app reads it the same way.
func synthesisedBooking(it Itinerary, details json.RawMessage) json.RawMessage {
	var d struct {
		Response map[string]json.RawMessage `json:"Response"`
	}
	_ = json.Unmarshal(details, &d)
	inner := map[string]any{"BookingId": int64(it.BookingId), "PNR": string(it.PNR), "Reconciled": true}
	if fi, ok := d.Response["FlightItinerary"]; ok {
		inner["FlightItinerary"] = fi // digit for digit
	}
	b, _ := json.Marshal(map[string]any{"Response": map[string]any{"ResponseStatus": 1, "Response": inner}})
	return b
}

// portError is err in the port's terms; the TBO error stays in the chain.
func portError(err error) error {
	if err == nil {
		return nil
	}
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	out := &supplier.Error{Op: e.Op, Message: e.Message, Err: e}
	switch e.Kind {
	case KindTimeout:
		out.Kind = supplier.KindTimeout
	case KindNetwork:
		out.Kind = supplier.KindNotReceived
	case KindCanceled:
		out.Kind = supplier.KindCanceled
	case KindProtocol:
		out.Kind = supplier.KindFailed
	case KindSupplier:
		out.FromSupplier = true
		switch {
		case IsNoSuchBooking(e):
			out.Kind = supplier.KindNoSuchBooking
		case IsNotAllowed(e):
			out.Kind = supplier.KindNotAllowed
		case e.ClientFault():
			out.Kind = supplier.KindRefused
		default:
			out.Kind = supplier.KindFailed
		}
	default:
		out.Kind = supplier.KindFailed
	}
	return out
}
