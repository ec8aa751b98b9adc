package sim

import (
	"encoding/base64"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// Date-time layout of the wire: local airport time, no zone.
const wireTime = "2006-01-02T15:04:05"

// resultIndex is a ResultIndex as the supplier writes them: the list's
// prefix (OB, or IB for the inbound list of a domestic return) and position,
// a bracketed source tag, and an opaque base64 tail of several hundred
// characters (with + / and = padding) drawn from the offer, so the same
// search gives the same indexes. About 600 to 750 characters in all.
func resultIndex(prefix string, n int, seed, key uint64) string {
	r := rand.New(rand.NewPCG(seed, key))
	tail := make([]byte, 430+r.IntN(120))
	for i := range tail {
		tail[i] = byte(r.UintN(256))
	}
	return prefix + strconv.Itoa(n) + "[TBO]" + base64.StdEncoding.EncodeToString(tail)
}

// lastTicketDate is written, like the supplier's, either as 31AUG24 (day,
// upper-case month, two-digit year) or as a date-time, by fare.
func lastTicketDate(o *offer) *string {
	if o.lcc {
		return nil
	}
	day := o.journeys[0].flights[0].dep.Add(-24 * time.Hour)
	s := day.Format(wireTime)
	if o.key%2 == 0 {
		s = strings.ToUpper(day.Format("02Jan06"))
	}
	return &s
}

// ticketAdvisory is the supplier's free text, with line breaks, on some
// full-service fares.
func ticketAdvisory(o *offer) *string {
	if o.lcc || o.key%3 != 0 {
		return nil
	}
	s := "Ticket on or before the last ticketing date.\nFare and availability are not guaranteed until ticketed."
	if o.passportAtTicket() {
		s += "\nPassport details are required before ticketing."
	}
	return &s
}

// codeshares: a marketing carrier selling seats on a partner's flight (the
// segment's OperatingCarrier then differs from its AirlineCode).
var codeshares = map[string]string{"AI": "LH", "UK": "SQ", "EK": "QF", "QR": "BA", "EY": "AF", "SQ": "UK", "LH": "EN", "TG": "UL"}

// operatingCarrier is the partner flying a segment that the marketing
// carrier sells, on about one segment in five of carriers with partners;
// else the marketing carrier itself.
func operatingCarrier(f flight) (string, bool) {
	partner, ok := codeshares[f.c.Code]
	if !ok || fnvOffset.str("codeshare").str(f.c.Code).str(f.number).str(f.from.Code).intn(5) != 0 {
		return f.c.Code, false
	}
	return partner, true
}

func fareTypeName(t int) string {
	switch t {
	case 3:
		return "StudentFare"
	case 4:
		return "ArmedForcesFare"
	case 5:
		return "SeniorCitizenFare"
	}
	return "RegularFare"
}

// passportAtTicket reports whether the supplier asks for passports before
// ticketing: on international full-service itineraries.
func (o *offer) passportAtTicket() bool {
	if o.lcc {
		return false
	}
	for _, j := range o.journeys {
		for _, f := range j.flights {
			if !domestic(f.from, f.to) {
				return true
			}
		}
	}
	return false
}

func (o *offer) refundable() bool {
	for _, j := range o.journeys {
		if !j.refundable {
			return false
		}
	}
	return true
}

// result renders an offer as a search or fare-quote Result.
func (g *gen) result(q *query, o *offer, rise priceRise) *wResult {
	fc := o.price(q, rise)
	docs := o.documents(q.docs)
	r := &wResult{
		ResultIndex:                o.index,
		Source:                     o.carrier.Source,
		IsLCC:                      o.lcc,
		IsRefundable:               o.refundable(),
		IsPanRequiredAtBook:        docs.panAtBook,
		IsPanRequiredAtTicket:      docs.panAtTicket,
		IsPassportRequiredAtBook:   docs.passportAtBook,
		IsPassportRequiredAtTicket: docs.passportAtTicket,
		GSTAllowed:                 docs.gstAllowed,
		IsGSTMandatory:             docs.gstMandatory,
		IsHoldAllowed:              !o.lcc,
		IsCouponAppilcable:         o.lcc,
		ResultFareType:             fareTypeName(q.fareType),
		FareClassification:         wFareClassification{Color: "lightBlue", Type: "Publish"},
		LastTicketDate:             lastTicketDate(o),
		TicketAdvisory:             ticketAdvisory(o),
		Fare:                       fc.wire(),
		FareBreakdown:              fc.breakdown(),
		AirlineCode:                o.carrier.Code,
		ValidatingAirline:          o.carrier.Code,
	}
	for i, j := range o.journeys {
		if j.remark != "" && r.AirlineRemark == nil {
			r.AirlineRemark = &j.remark
		}
		segs := make([]wSegment, len(j.flights))
		for k, f := range j.flights {
			segs[k] = g.segment(f, o.trips[i], k+1, j.cabin)
		}
		r.Segments = append(r.Segments, segs)
		r.FareRules = append(r.FareRules, fareRuleSummary(j, ""))
		r.MiniFareRules = append(r.MiniFareRules, miniFareRules(j))
	}
	return r
}

func fareRuleSummary(j *journey, detail string) wFareRule {
	first, last := j.flights[0], j.flights[len(j.flights)-1]
	return wFareRule{
		Origin:         first.from.Code,
		Destination:    last.to.Code,
		Airline:        j.carrier.Code,
		FareBasisCode:  first.fareBasis,
		FareRuleDetail: detail,
	}
}

func (g *gen) segment(f flight, trip, index, cabin int) wSegment {
	if cabin == cabinAll {
		cabin = cabinEconomy
	}
	operator, codeshare := operatingCarrier(f)
	number := f.number
	if codeshare {
		// Codeshare flights carry the marketing carrier's own four-digit
		// number.
		number = strconv.Itoa(9000 + fnvOffset.str(f.c.Code).str(f.number).intn(1000))
	}
	return wSegment{
		Baggage:          f.baggage,
		CabinBaggage:     f.cabinBags,
		CabinClass:       cabin,
		TripIndicator:    trip,
		SegmentIndicator: index,
		Airline: wAirline{
			AirlineCode:      f.c.Code,
			AirlineName:      g.w.airlineName(f.c.Code),
			FlightNumber:     number,
			FareClass:        f.fareClass,
			OperatingCarrier: operator,
		},
		NoOfSeatAvailable:   f.seats,
		Origin:              wOrigin{Airport: wireAirport(f.from, f.termFrom), DepTime: f.dep.Format(wireTime)},
		Destination:         wDest{Airport: wireAirport(f.to, f.termTo), ArrTime: f.arr.Format(wireTime)},
		Duration:            f.minutes,
		GroundTime:          f.ground,
		AccumulatedDuration: f.accumulated,
		FareClassification:  wFareClassification{Type: ""},
		Craft:               f.craft,
		IsETicketEligible:   true,
		FlightStatus:        "Confirmed",
	}
}

func wireAirport(a *airport, terminal string) wAirport {
	return wAirport{
		AirportCode: a.Code,
		AirportName: a.Name,
		Terminal:    terminal,
		CityCode:    a.CityCode,
		CityName:    a.City,
		CountryCode: a.CountryCode,
		CountryName: a.Country,
	}
}

// remarkOrNull is a remark, or null where the supplier has none.
func remarkOrNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
