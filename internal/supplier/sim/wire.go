package sim

// Wire shapes of the supplier's JSON, field names exactly as it spells them
// (including TaxBreakup on Fare against TaxBreakUp on FareBreakdown, and the
// misspelt IsCouponAppilcable). Requests use the loose scalar types of
// loose.go; responses use plain Go types.

import "fmt"

// ResponseStatus values of the Air methods.
const (
	statusNotSet         = 0
	statusSuccessful     = 1
	statusFailed         = 2
	statusInvalidRequest = 3
	statusInvalidSession = 4
)

// Authenticate Status values.
const (
	authSuccessful        = 1
	authFailed            = 2
	authIncorrectUserName = 3
	authIncorrectPassword = 4
)

// itineraryReleased is the FlightItinerary Status of a released booking;
// one that stands is 1. The supplier documents no values: the TBO adapter
// reads this one (tbo.ItineraryReleased) and the segments' XX.
const (
	itineraryBooked   = 1
	itineraryReleased = 7
)

// itineraryCancelled is the FlightItinerary Status of a booking whose every
// ticket is cancelled: like itineraryReleased, the simulator's own value
// (nothing public shows the supplier's); its segments say XX as well, which
// is what the TBO adapter reads.
const itineraryCancelled = 8

// Ticket.Status texts of a booking's tickets: issued and standing, being
// cancelled, cancelled, or cancelled on some of its sectors. The supplier
// documents only "OK"; the others are the simulator's (see cancel.go).
const (
	ticketOK                     = "OK"
	ticketCancellationInProgress = "CancellationInProgress"
	ticketCancelled              = "Cancelled"
	ticketPartlyCancelled        = "PartiallyCancelled"
)

// ChangeRequestStatus values for flights (TBO's hotel API numbers the same
// names differently).
const (
	changeUnassigned   = 1
	changeAcknowledged = 3
	changeCompleted    = 4
	changeRejected     = 5
	changePending      = 7
)

// TicketStatus values.
const (
	ticketSuccessful     = 1
	ticketAlreadyCreated = 6
	ticketPriceChanged   = 8
)

// Error codes of the simulated supplier. 6 (invalid or expired token) is
// the one clients act on; the others are stable so that tests can tell
// failures apart.
const (
	errNone          = 0
	errGeneric       = 2
	errValidation    = 3
	errTraceExpired  = 5
	errInvalidToken  = 6
	errNotFound      = 9
	errNotAllowed    = 10
	errDuplicate     = 11
	errNoResultFound = 25
)

const msgTraceExpired = "Your session (TraceId) is expired."

type wireError struct {
	ErrorCode    int    `json:"ErrorCode"`
	ErrorMessage string `json:"ErrorMessage"`
}

// Requests.

type authRequest struct {
	ClientID  looseString `json:"ClientId"`
	UserName  looseString `json:"UserName"`
	Password  looseString `json:"Password"`
	EndUserIP looseString `json:"EndUserIp"`
}

// airRequest holds the fields every Air method takes. Go's decoder matches
// names without regard to case, as the supplier does.
type airRequest struct {
	EndUserIP looseString `json:"EndUserIp"`
	TokenID   looseString `json:"TokenId"`
	TraceID   looseString `json:"TraceId"`
}

type searchRequest struct {
	airRequest
	AdultCount        looseInt     `json:"AdultCount"`
	ChildCount        looseInt     `json:"ChildCount"`
	InfantCount       looseInt     `json:"InfantCount"`
	DirectFlight      looseBool    `json:"DirectFlight"`
	OneStopFlight     looseBool    `json:"OneStopFlight"`
	JourneyType       looseInt     `json:"JourneyType"`
	PreferredAirlines looseStrings `json:"PreferredAirlines"`
	Segments          []searchLeg  `json:"Segments"`
	Sources           looseStrings `json:"Sources"`
	ResultFareType    looseInt     `json:"ResultFareType"`
	PreferredCurrency looseString  `json:"PreferredCurrency"`
}

type searchLeg struct {
	Origin                 looseString `json:"Origin"`
	Destination            looseString `json:"Destination"`
	FlightCabinClass       looseInt    `json:"FlightCabinClass"`
	PreferredDepartureTime looseString `json:"PreferredDepartureTime"`
	PreferredArrivalTime   looseString `json:"PreferredArrivalTime"`
}

type resultRequest struct {
	airRequest
	ResultIndex looseString `json:"ResultIndex"`
}

type paxFareRequest struct {
	Currency             looseString `json:"Currency"`
	BaseFare             looseFloat  `json:"BaseFare"`
	Tax                  looseFloat  `json:"Tax"`
	YQTax                looseFloat  `json:"YQTax"`
	AdditionalTxnFeePub  looseFloat  `json:"AdditionalTxnFeePub"`
	AdditionalTxnFeeOfrd looseFloat  `json:"AdditionalTxnFeeOfrd"`
	OtherCharges         looseFloat  `json:"OtherCharges"`
}

// ssrRequest is a Baggage, MealDynamic or SeatDynamic item of an LCC
// Ticket's passenger: an item of the SSR answer sent back, or a "nothing"
// placeholder. The simulator finds an item by its airports and code.
type ssrRequest struct {
	AirlineCode  looseString `json:"AirlineCode"`
	FlightNumber looseString `json:"FlightNumber"`
	Origin       looseString `json:"Origin"`
	Destination  looseString `json:"Destination"`
	Code         looseString `json:"Code"`
	Price        looseFloat  `json:"Price"`
	Description  looseString `json:"Description"`
	WayType      looseInt    `json:"WayType"`
}

type passengerRequest struct {
	Title                   looseString     `json:"Title"`
	FirstName               looseString     `json:"FirstName"`
	LastName                looseString     `json:"LastName"`
	PaxType                 looseInt        `json:"PaxType"`
	DateOfBirth             looseString     `json:"DateOfBirth"`
	Gender                  looseInt        `json:"Gender"`
	PassportNo              looseString     `json:"PassportNo"`
	PassportExpiry          looseString     `json:"PassportExpiry"`
	AddressLine1            looseString     `json:"AddressLine1"`
	AddressLine2            looseString     `json:"AddressLine2"`
	City                    looseString     `json:"City"`
	CountryCode             looseString     `json:"CountryCode"`
	CountryName             looseString     `json:"CountryName"`
	Nationality             looseString     `json:"Nationality"`
	ContactNo               looseString     `json:"ContactNo"`
	Email                   looseString     `json:"Email"`
	IsLeadPax               looseBool       `json:"IsLeadPax"`
	FFAirlineCode           looseString     `json:"FFAirlineCode"`
	FFNumber                looseString     `json:"FFNumber"`
	PAN                     looseString     `json:"PAN"`
	Meal                    *mealRequest    `json:"Meal"`
	Seat                    *mealRequest    `json:"Seat"`
	Fare                    *paxFareRequest `json:"Fare"`
	GSTCompanyAddress       looseString     `json:"GSTCompanyAddress"`
	GSTCompanyContactNumber looseString     `json:"GSTCompanyContactNumber"`
	GSTCompanyName          looseString     `json:"GSTCompanyName"`
	GSTNumber               looseString     `json:"GSTNumber"`
	GSTCompanyEmail         looseString     `json:"GSTCompanyEmail"`
	Baggage                 []ssrRequest    `json:"Baggage"`
	MealDynamic             []ssrRequest    `json:"MealDynamic"`
	SeatDynamic             []ssrRequest    `json:"SeatDynamic"`
}

type bookRequest struct {
	airRequest
	ResultIndex looseString        `json:"ResultIndex"`
	Passengers  []passengerRequest `json:"Passengers"`
}

type passportRequest struct {
	PaxID          looseInt    `json:"PaxId"`
	PassportNo     looseString `json:"PassportNo"`
	PassportExpiry looseString `json:"PassportExpiry"`
	DateOfBirth    looseString `json:"DateOfBirth"`
}

type ticketRequest struct {
	airRequest
	// GDS path.
	PNR                   looseString       `json:"PNR"`
	BookingID             looseInt          `json:"BookingId"`
	Passport              []passportRequest `json:"Passport"`
	IsPriceChangeAccepted looseBool         `json:"IsPriceChangeAccepted"`
	// LCC path.
	ResultIndex      looseString        `json:"ResultIndex"`
	AgentReferenceNo looseString        `json:"AgentReferenceNo"`
	Passengers       []passengerRequest `json:"Passengers"`
}

type bookingDetailsRequest struct {
	airRequest
	BookingID looseInt    `json:"BookingId"`
	PNR       looseString `json:"PNR"`
	FirstName looseString `json:"FirstName"`
	LastName  looseString `json:"LastName"`
}

type releaseRequest struct {
	airRequest
	BookingID looseInt    `json:"BookingId"`
	Source    looseString `json:"Source"`
}

// sectorRequest is one flight of a partial cancellation, by its airports.
type sectorRequest struct {
	Origin      looseString `json:"Origin"`
	Destination looseString `json:"Destination"`
}

// cancellationChargesRequest is GetCancellationCharges: RequestType 1 (full)
// or 2 (partial, with the tickets and optionally the sectors, as
// SendChangeRequest takes them); BookingMode is 5.
type cancellationChargesRequest struct {
	airRequest
	BookingID   looseInt        `json:"BookingId"`
	RequestType looseInt        `json:"RequestType"`
	BookingMode looseInt        `json:"BookingMode"`
	TicketID    looseInts       `json:"TicketId"`
	Sectors     []sectorRequest `json:"Sectors"`
}

// changeRequestRequest is SendChangeRequest.
type changeRequestRequest struct {
	airRequest
	BookingID        looseInt        `json:"BookingId"`
	RequestType      looseInt        `json:"RequestType"`
	CancellationType looseInt        `json:"CancellationType"`
	Sectors          []sectorRequest `json:"Sectors"`
	TicketID         looseInts       `json:"TicketId"`
	Remarks          looseString     `json:"Remarks"`
}

// changeRequestStatusRequest is GetChangeRequestStatus.
type changeRequestStatusRequest struct {
	airRequest
	ChangeRequestID looseInt `json:"ChangeRequestId"`
}

// Responses.

type authResponse struct {
	Status  int         `json:"Status"`
	TokenID string      `json:"TokenId"`
	Error   wireError   `json:"Error"`
	Member  *authMember `json:"Member"`
}

type authMember struct {
	FirstName      string `json:"FirstName"`
	LastName       string `json:"LastName"`
	Email          string `json:"Email"`
	MemberID       int    `json:"MemberId"`
	AgencyID       int    `json:"AgencyId"`
	LoginName      string `json:"LoginName"`
	LoginDetails   string `json:"LoginDetails"`
	IsPrimaryAgent bool   `json:"isPrimaryAgent"`
}

// envelope is the {"Response": {...}} wrapper of every Air method.
type envelope struct {
	Response any `json:"Response"`
}

type statusBody struct {
	ResponseStatus int       `json:"ResponseStatus"`
	Error          wireError `json:"Error"`
	TraceID        string    `json:"TraceId"`
}

type searchBody struct {
	statusBody
	Origin      string       `json:"Origin"`
	Destination string       `json:"Destination"`
	Results     [][]*wResult `json:"Results"`
}

type fareQuoteBody struct {
	statusBody
	IsPriceChanged bool     `json:"IsPriceChanged"`
	Results        *wResult `json:"Results"`
}

type fareRuleBody struct {
	statusBody
	FareRules []wFareRule `json:"FareRules"`
}

type bookBody struct {
	statusBody
	Response *bookInner `json:"Response"`
}

type bookInner struct {
	PNR             string      `json:"PNR"`
	BookingID       int         `json:"BookingId"`
	SSRDenied       bool        `json:"SSRDenied"`
	SSRMessage      *string     `json:"SSRMessage"`
	Status          int         `json:"Status"`
	IsPriceChanged  bool        `json:"IsPriceChanged"`
	IsTimeChanged   bool        `json:"IsTimeChanged"`
	FlightItinerary *wItinerary `json:"FlightItinerary"`
}

type ticketBody struct {
	B2B2BStatus bool `json:"B2B2BStatus"`
	statusBody
	Response *ticketInner `json:"Response"`
}

type ticketInner struct {
	bookInner
	TicketStatus int    `json:"TicketStatus"`
	Message      string `json:"Message"`
}

// releaseBody is ReleasePNRRequest's answer: the status alone.
type releaseBody struct {
	B2B2BStatus *bool `json:"B2B2BStatus"`
	statusBody
}

// chargesBody is GetCancellationCharges' answer.
type chargesBody struct {
	statusBody
	RefundAmount       amount `json:"RefundAmount"`
	CancellationCharge amount `json:"CancellationCharge"`
	Remarks            string `json:"Remarks"`
	Currency           string `json:"Currency"`
}

// changeRequestBody is SendChangeRequest's answer: one change request per
// ticket.
type changeRequestBody struct {
	B2B2BStatus bool `json:"B2B2BStatus"`
	statusBody
	TicketCRInfo []wTicketCR `json:"TicketCRInfo"`
}

// wTicketCR is one ticket's change request in SendChangeRequest's answer.
// The amounts, the credit note and ChangeRequestStatus come only with a
// request completed at once (as some low-cost airlines' do).
type wTicketCR struct {
	ChangeRequestID     int     `json:"ChangeRequestId"`
	TicketID            int     `json:"TicketId"`
	Status              int     `json:"Status"`
	Remarks             string  `json:"Remarks"`
	ChangeRequestStatus int     `json:"ChangeRequestStatus,omitempty"`
	CancellationCharge  *amount `json:"CancellationCharge,omitempty"`
	RefundedAmount      *amount `json:"RefundedAmount,omitempty"`
	ServiceTaxOnRAF     *amount `json:"ServiceTaxOnRAF,omitempty"`
	SwachhBharatCess    *amount `json:"SwachhBharatCess,omitempty"`
	KrishiKalyanCess    *amount `json:"KrishiKalyanCess,omitempty"`
	CreditNoteNo        string  `json:"CreditNoteNo,omitempty"`
	CreditNoteCreatedOn string  `json:"CreditNoteCreatedOn,omitempty"`
}

// changeStatusBody is GetChangeRequestStatus' answer. The amounts are zero
// and the credit note null until the request is completed; Remarks (the
// reason of a refusal) is the simulator's addition.
type changeStatusBody struct {
	statusBody
	ChangeRequestID     int     `json:"ChangeRequestId"`
	TicketID            int     `json:"TicketId"`
	ChangeRequestStatus int     `json:"ChangeRequestStatus"`
	RefundedAmount      amount  `json:"RefundedAmount"`
	CancellationCharge  amount  `json:"CancellationCharge"`
	ServiceTaxOnRAF     amount  `json:"ServiceTaxOnRAF"`
	SwachhBharatCess    amount  `json:"SwachhBharatCess"`
	KrishiKalyanCess    amount  `json:"KrishiKalyanCess"`
	CreditNoteNo        *string `json:"CreditNoteNo"`
	CreditNoteCreatedOn *string `json:"CreditNoteCreatedOn"`
	Remarks             string  `json:"Remarks"`
}

// amount is a sum in paise written as the supplier writes the amounts of
// its post-ticketing answers: a JSON number with four decimals (3560.0000).
type amount paise

// MarshalJSON writes rupees with four decimals, exactly.
func (a amount) MarshalJSON() ([]byte, error) {
	p, sign := int64(a), ""
	if p < 0 {
		p, sign = -p, "-"
	}
	return fmt.Appendf(nil, "%s%d.%02d00", sign, p/100, p%100), nil
}

type bookingDetailsBody struct {
	statusBody
	FlightItinerary *wItinerary `json:"FlightItinerary"`
}

type wKeyValue struct {
	Key   string  `json:"key"`
	Value float64 `json:"value"`
}

type wFare struct {
	Currency                   string      `json:"Currency"`
	BaseFare                   float64     `json:"BaseFare"`
	Tax                        float64     `json:"Tax"`
	TaxBreakup                 []wKeyValue `json:"TaxBreakup"`
	YQTax                      float64     `json:"YQTax"`
	AdditionalTxnFeeOfrd       float64     `json:"AdditionalTxnFeeOfrd"`
	AdditionalTxnFeePub        float64     `json:"AdditionalTxnFeePub"`
	PGCharge                   float64     `json:"PGCharge"`
	OtherCharges               float64     `json:"OtherCharges"`
	ChargeBU                   []wKeyValue `json:"ChargeBU"`
	Discount                   float64     `json:"Discount"`
	PublishedFare              float64     `json:"PublishedFare"`
	CommissionEarned           float64     `json:"CommissionEarned"`
	PLBEarned                  float64     `json:"PLBEarned"`
	IncentiveEarned            float64     `json:"IncentiveEarned"`
	OfferedFare                float64     `json:"OfferedFare"`
	TdsOnCommission            float64     `json:"TdsOnCommission"`
	TdsOnPLB                   float64     `json:"TdsOnPLB"`
	TdsOnIncentive             float64     `json:"TdsOnIncentive"`
	ServiceFee                 float64     `json:"ServiceFee"`
	AirlineTransFee            float64     `json:"AirlineTransFee"`
	TotalBaggageCharges        float64     `json:"TotalBaggageCharges"`
	TotalMealCharges           float64     `json:"TotalMealCharges"`
	TotalSeatCharges           float64     `json:"TotalSeatCharges"`
	TotalSpecialServiceCharges float64     `json:"TotalSpecialServiceCharges"`
}

type wFareBreakdown struct {
	Currency               string      `json:"Currency"`
	PassengerType          int         `json:"PassengerType"`
	PassengerCount         int         `json:"PassengerCount"`
	BaseFare               float64     `json:"BaseFare"`
	Tax                    float64     `json:"Tax"`
	TaxBreakUp             []wKeyValue `json:"TaxBreakUp"`
	YQTax                  float64     `json:"YQTax"`
	AdditionalTxnFeeOfrd   float64     `json:"AdditionalTxnFeeOfrd"`
	AdditionalTxnFeePub    float64     `json:"AdditionalTxnFeePub"`
	PGCharge               float64     `json:"PGCharge"`
	SupplierReissueCharges float64     `json:"SupplierReissueCharges"`
}

type wAirport struct {
	AirportCode string `json:"AirportCode"`
	AirportName string `json:"AirportName"`
	Terminal    string `json:"Terminal"`
	CityCode    string `json:"CityCode"`
	CityName    string `json:"CityName"`
	CountryCode string `json:"CountryCode"`
	CountryName string `json:"CountryName"`
}

type wSegment struct {
	Baggage                string              `json:"Baggage"`
	CabinBaggage           string              `json:"CabinBaggage"`
	CabinClass             int                 `json:"CabinClass"`
	TripIndicator          int                 `json:"TripIndicator"`
	SegmentIndicator       int                 `json:"SegmentIndicator"`
	Airline                wAirline            `json:"Airline"`
	AirlinePNR             *string             `json:"AirlinePNR,omitempty"`
	NoOfSeatAvailable      int                 `json:"NoOfSeatAvailable"`
	Origin                 wOrigin             `json:"Origin"`
	Destination            wDest               `json:"Destination"`
	Duration               int                 `json:"Duration"`
	GroundTime             int                 `json:"GroundTime"`
	Mile                   int                 `json:"Mile"`
	StopOver               bool                `json:"StopOver"`
	FlightInfoIndex        string              `json:"FlightInfoIndex"`
	StopPoint              string              `json:"StopPoint"`
	StopPointArrivalTime   *string             `json:"StopPointArrivalTime"`
	StopPointDepartureTime *string             `json:"StopPointDepartureTime"`
	SupplierFareClass      *string             `json:"SupplierFareClass"`
	FareClassification     wFareClassification `json:"FareClassification"`
	Craft                  string              `json:"Craft"`
	Remark                 *string             `json:"Remark"`
	IsETicketEligible      bool                `json:"IsETicketEligible"`
	FlightStatus           string              `json:"FlightStatus"`
	Status                 string              `json:"Status"`
	AccumulatedDuration    int                 `json:"AccumulatedDuration,omitempty"`
}

// wFareClassification is an object in the supplier's answers: colour and
// type on a result ({"Color": "lightBlue", "Type": "Publish"}), an empty type
// on segments.
type wFareClassification struct {
	Color string `json:"Color,omitempty"`
	Type  string `json:"Type"`
}

type wAirline struct {
	AirlineCode      string `json:"AirlineCode"`
	AirlineName      string `json:"AirlineName"`
	FlightNumber     string `json:"FlightNumber"`
	FareClass        string `json:"FareClass"`
	OperatingCarrier string `json:"OperatingCarrier"`
}

type wOrigin struct {
	Airport wAirport `json:"Airport"`
	DepTime string   `json:"DepTime"`
}

type wDest struct {
	Airport wAirport `json:"Airport"`
	ArrTime string   `json:"ArrTime"`
}

type wFareRule struct {
	Origin          string `json:"Origin"`
	Destination     string `json:"Destination"`
	Airline         string `json:"Airline"`
	FareBasisCode   string `json:"FareBasisCode"`
	FareRuleDetail  string `json:"FareRuleDetail"`
	FareRestriction string `json:"FareRestriction"`
	FareFamilyCode  string `json:"FareFamilyCode"`
	FareRuleIndex   string `json:"FareRuleIndex"`
}

type wMiniFareRule struct {
	JourneyPoints        string `json:"JourneyPoints"`
	Type                 string `json:"Type"`
	From                 string `json:"From"`
	To                   string `json:"To"`
	Unit                 string `json:"Unit"`
	Details              string `json:"Details"`
	OnlineReissueAllowed bool   `json:"OnlineReissueAllowed"`
	OnlineRefundAllowed  bool   `json:"OnlineRefundAllowed"`
}

type wResult struct {
	ResultIndex                string              `json:"ResultIndex"`
	Source                     int                 `json:"Source"`
	IsLCC                      bool                `json:"IsLCC"`
	IsRefundable               bool                `json:"IsRefundable"`
	IsPanRequiredAtBook        bool                `json:"IsPanRequiredAtBook"`
	IsPanRequiredAtTicket      bool                `json:"IsPanRequiredAtTicket"`
	IsPassportRequiredAtBook   bool                `json:"IsPassportRequiredAtBook"`
	IsPassportRequiredAtTicket bool                `json:"IsPassportRequiredAtTicket"`
	GSTAllowed                 bool                `json:"GSTAllowed"`
	IsGSTMandatory             bool                `json:"IsGSTMandatory"`
	IsHoldAllowed              bool                `json:"IsHoldAllowed"`
	IsCouponAppilcable         bool                `json:"IsCouponAppilcable"`
	IsUpsellAllowed            bool                `json:"IsUpsellAllowed"`
	AirlineRemark              *string             `json:"AirlineRemark"`
	ResultFareType             string              `json:"ResultFareType"`
	FareClassification         wFareClassification `json:"FareClassification"`
	Fare                       wFare               `json:"Fare"`
	FareBreakdown              []wFareBreakdown    `json:"FareBreakdown"`
	Segments                   [][]wSegment        `json:"Segments"`
	LastTicketDate             *string             `json:"LastTicketDate"`
	TicketAdvisory             *string             `json:"TicketAdvisory"`
	FareRules                  []wFareRule         `json:"FareRules"`
	AirlineCode                string              `json:"AirlineCode"`
	ValidatingAirline          string              `json:"ValidatingAirline"`
	MiniFareRules              [][]wMiniFareRule   `json:"MiniFareRules"`
}

type wTicket struct {
	TicketID              int    `json:"TicketId"`
	TicketNumber          string `json:"TicketNumber"`
	IssueDate             string `json:"IssueDate"`
	ValidatingAirline     string `json:"ValidatingAirline"`
	Remarks               string `json:"Remarks"`
	ServiceFeeDisplayType string `json:"ServiceFeeDisplayType"`
	Status                string `json:"Status"`
	// ChangeRequestID and ChangeRequestStatus are the ticket's change
	// request, once there is one (the simulator's model: see cancel.go).
	ChangeRequestID     int `json:"ChangeRequestId,omitempty"`
	ChangeRequestStatus int `json:"ChangeRequestStatus,omitempty"`
}

type wSegmentInfo struct {
	FareBasis      string `json:"FareBasis"`
	NVA            string `json:"NVA"`
	NVB            string `json:"NVB"`
	Baggage        string `json:"Baggage"`
	Meal           string `json:"Meal"`
	Seat           string `json:"Seat"`
	SpecialService string `json:"SpecialService"`
}

type wPassenger struct {
	PaxID                   int            `json:"PaxId"`
	Title                   string         `json:"Title"`
	FirstName               string         `json:"FirstName"`
	LastName                string         `json:"LastName"`
	PaxType                 int            `json:"PaxType"`
	DateOfBirth             string         `json:"DateOfBirth"`
	Gender                  int            `json:"Gender"`
	PassportNo              string         `json:"PassportNo"`
	PassportExpiry          string         `json:"PassportExpiry"`
	PAN                     string         `json:"PAN"`
	AddressLine1            string         `json:"AddressLine1"`
	AddressLine2            string         `json:"AddressLine2"`
	City                    string         `json:"City"`
	CountryCode             string         `json:"CountryCode"`
	CountryName             string         `json:"CountryName"`
	Nationality             string         `json:"Nationality"`
	ContactNo               string         `json:"ContactNo"`
	Email                   string         `json:"Email"`
	IsLeadPax               bool           `json:"IsLeadPax"`
	FFAirlineCode           string         `json:"FFAirlineCode"`
	FFNumber                string         `json:"FFNumber"`
	Meal                    *wMeal         `json:"Meal,omitempty"`
	Seat                    *wMeal         `json:"Seat,omitempty"`
	Fare                    wFare          `json:"Fare"`
	Ticket                  *wTicket       `json:"Ticket"`
	SegmentAdditionalInfo   []wSegmentInfo `json:"SegmentAdditionalInfo"`
	GSTCompanyAddress       string         `json:"GSTCompanyAddress"`
	GSTCompanyContactNumber string         `json:"GSTCompanyContactNumber"`
	GSTCompanyName          string         `json:"GSTCompanyName"`
	GSTNumber               string         `json:"GSTNumber"`
	GSTCompanyEmail         string         `json:"GSTCompanyEmail"`
	// Baggage, MealDynamic and SeatDynamic are what a low-cost passenger
	// bought (and the baggage the fare includes, when it was claimed), as
	// the SSR answer listed them.
	Baggage     []wBaggage     `json:"Baggage,omitempty"`
	MealDynamic []wMealDynamic `json:"MealDynamic,omitempty"`
	SeatDynamic []wSeat        `json:"SeatDynamic,omitempty"`
}

// wMeal is a full-service passenger's special meal or seat preference, and
// an item of a full-service SSR answer's Meal and SeatPreference lists.
type wMeal struct {
	Code        string `json:"Code"`
	Description string `json:"Description"`
}

// ssrLCCBody is SSR's answer for a low-cost result: its lists per journey,
// then per item (seats per journey, flight and row).
type ssrLCCBody struct {
	statusBody
	Baggage     [][]wBaggage     `json:"Baggage"`
	MealDynamic [][]wMealDynamic `json:"MealDynamic"`
	SeatDynamic []wSeatDynamic   `json:"SeatDynamic"`
}

// ssrGDSBody is SSR's answer for a full-service result: what may be asked
// for, with no price.
type ssrGDSBody struct {
	statusBody
	Meal           []wMeal `json:"Meal"`
	SeatPreference []wMeal `json:"SeatPreference"`
}

// wBaggage is a Baggage item. Description is 1 for the baggage the fare
// includes, 2 for baggage bought.
type wBaggage struct {
	AirlineCode  string  `json:"AirlineCode"`
	FlightNumber string  `json:"FlightNumber"`
	WayType      int     `json:"WayType"`
	Code         string  `json:"Code"`
	Description  int     `json:"Description"`
	Weight       int     `json:"Weight"`
	Currency     string  `json:"Currency"`
	Price        float64 `json:"Price"`
	Origin       string  `json:"Origin"`
	Destination  string  `json:"Destination"`
}

// wMealDynamic is a MealDynamic item.
type wMealDynamic struct {
	AirlineCode        string  `json:"AirlineCode"`
	FlightNumber       string  `json:"FlightNumber"`
	WayType            int     `json:"WayType"`
	Code               string  `json:"Code"`
	Description        int     `json:"Description"`
	AirlineDescription string  `json:"AirlineDescription"`
	Quantity           int     `json:"Quantity"`
	Currency           string  `json:"Currency"`
	Price              float64 `json:"Price"`
	Origin             string  `json:"Origin"`
	Destination        string  `json:"Destination"`
}

// wSeatDynamic is one journey's seats: a SegmentSeat per flight, RowSeats
// per row (row 0 holds the NoSeat placeholder).
type wSeatDynamic struct {
	SegmentSeat []wSegmentSeat `json:"SegmentSeat"`
}

type wSegmentSeat struct {
	RowSeats []wRowSeats `json:"RowSeats"`
}

type wRowSeats struct {
	Seats []wSeat `json:"Seats"`
}

// wSeat is a seat, AvailablityType spelt as the supplier spells it.
type wSeat struct {
	AirlineCode     string  `json:"AirlineCode"`
	FlightNumber    string  `json:"FlightNumber"`
	CraftType       string  `json:"CraftType"`
	Origin          string  `json:"Origin"`
	Destination     string  `json:"Destination"`
	AvailablityType int     `json:"AvailablityType"`
	Description     int     `json:"Description"`
	Code            string  `json:"Code"`
	RowNo           string  `json:"RowNo"`
	SeatNo          *string `json:"SeatNo"`
	SeatType        int     `json:"SeatType"`
	SeatWayType     int     `json:"SeatWayType"`
	Compartment     int     `json:"Compartment"`
	Deck            int     `json:"Deck"`
	Currency        string  `json:"Currency"`
	Price           float64 `json:"Price"`
}

type wInvoice struct {
	InvoiceID        int     `json:"InvoiceId"`
	InvoiceNo        string  `json:"InvoiceNo"`
	InvoiceAmount    float64 `json:"InvoiceAmount"`
	InvoiceCreatedOn string  `json:"InvoiceCreatedOn"`
	InvoiceStatus    int     `json:"InvoiceStatus"`
	Remarks          string  `json:"Remarks"`
}

type wItinerary struct {
	BookingID             int               `json:"BookingId"`
	PNR                   string            `json:"PNR"`
	IsDomestic            bool              `json:"IsDomestic"`
	Source                int               `json:"Source"`
	Origin                string            `json:"Origin"`
	Destination           string            `json:"Destination"`
	AirlineCode           string            `json:"AirlineCode"`
	ValidatingAirlineCode string            `json:"ValidatingAirlineCode"`
	AirlineRemark         *string           `json:"AirlineRemark"`
	IsLCC                 bool              `json:"IsLCC"`
	NonRefundable         bool              `json:"NonRefundable"`
	FareType              string            `json:"FareType"`
	JourneyType           int               `json:"JourneyType"`
	TripIndicator         int               `json:"TripIndicator"`
	AgentReferenceNo      string            `json:"AgentReferenceNo"`
	LastTicketDate        *string           `json:"LastTicketDate"`
	Fare                  wFare             `json:"Fare"`
	Passenger             []wPassenger      `json:"Passenger"`
	Segments              []wSegment        `json:"Segments"`
	FareRules             []wFareRule       `json:"FareRules"`
	MiniFareRules         [][]wMiniFareRule `json:"MiniFareRules"`
	Status                int               `json:"Status"`
	IsManual              bool              `json:"IsManual"`
	CreatedOn             string            `json:"CreatedOn"`
	Invoice               []wInvoice        `json:"Invoice"`
}
