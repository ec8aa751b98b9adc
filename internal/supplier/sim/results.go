package sim

import "time"

// Date-time layout of the wire: local airport time, no zone.
const (
	wireTime = "2006-01-02T15:04:05"
	zeroTime = "0001-01-01T00:00:00"
)

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
	r := &wResult{
		ResultIndex:                o.index,
		Source:                     o.carrier.Source,
		IsLCC:                      o.lcc,
		IsRefundable:               o.refundable(),
		IsPassportRequiredAtTicket: o.passportAtTicket(),
		GSTAllowed:                 true,
		IsHoldAllowed:              !o.lcc,
		IsCouponAppilcable:         o.lcc,
		ResultFareType:             fareTypeName(q.fareType),
		Fare:                       fc.wire(),
		FareBreakdown:              fc.breakdown(),
		AirlineCode:                o.carrier.Code,
		ValidatingAirline:          o.carrier.Code,
	}
	for i, j := range o.journeys {
		if j.remark != "" && r.AirlineRemark == "" {
			r.AirlineRemark = j.remark
		}
		segs := make([]wSegment, len(j.flights))
		for k, f := range j.flights {
			segs[k] = g.segment(f, o.trips[i], k+1, j.cabin)
		}
		r.Segments = append(r.Segments, segs)
		r.FareRules = append(r.FareRules, fareRuleSummary(j, ""))
		r.MiniFareRules = append(r.MiniFareRules, miniFareRules(j))
	}
	if !o.lcc {
		ltd := o.journeys[0].flights[0].dep.Add(-24 * time.Hour).Format(wireTime)
		r.LastTicketDate = &ltd
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
	return wSegment{
		Baggage:          f.baggage,
		CabinBaggage:     f.cabinBags,
		CabinClass:       cabin,
		TripIndicator:    trip,
		SegmentIndicator: index,
		Airline: wAirline{
			AirlineCode:      f.c.Code,
			AirlineName:      g.w.airlineName(f.c.Code),
			FlightNumber:     f.number,
			FareClass:        f.fareClass,
			OperatingCarrier: f.c.Code,
		},
		NoOfSeatAvailable:      f.seats,
		Origin:                 wOrigin{Airport: wireAirport(f.from, f.termFrom), DepTime: f.dep.Format(wireTime)},
		Destination:            wDest{Airport: wireAirport(f.to, f.termTo), ArrTime: f.arr.Format(wireTime)},
		Duration:               f.minutes,
		GroundTime:             f.ground,
		AccumulatedDuration:    f.accumulated,
		StopPointArrivalTime:   zeroTime,
		StopPointDepartureTime: zeroTime,
		Craft:                  f.craft,
		IsETicketEligible:      true,
		FlightStatus:           "Confirmed",
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
