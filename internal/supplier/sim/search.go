package sim

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"time"
)

// Date layouts clients use for PreferredDepartureTime.
var dateLayouts = []string{wireTime, "2006-01-02T15:04", "2006-01-02T15:04:05.999999999", time.RFC3339, time.DateOnly}

func parseWireDate(s string) (time.Time, bool) {
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

var (
	airlineCode = regexp.MustCompile(`^[A-Z0-9]{2}$`)
	iataCode    = regexp.MustCompile(`^[A-Z]{3}$`)
)

// maxAdvanceDays is how far ahead the supplier sells.
const maxAdvanceDays = 360

// parseSearch validates a Search request as the supplier does and returns
// the query, or the answer to send instead.
func (s *Server) parseSearch(req *searchRequest, now time.Time) (*query, *statusBody) {
	bad := func(format string, a ...any) (*query, *statusBody) {
		return nil, invalid("", fmt.Sprintf(format, a...))
	}
	q := &query{
		journeyType: int(req.JourneyType),
		adults:      int(req.AdultCount), children: int(req.ChildCount), infants: int(req.InfantCount),
		direct: bool(req.DirectFlight), oneStop: bool(req.OneStopFlight),
		fareType: int(req.ResultFareType),
	}
	switch {
	case q.adults < 1 || q.adults > 9:
		return bad("Invalid AdultCount: %d. It must be between 1 and 9.", q.adults)
	case q.children < 0 || q.children > 9:
		return bad("Invalid ChildCount: %d.", q.children)
	case q.infants < 0 || q.infants > 9:
		return bad("Invalid InfantCount: %d.", q.infants)
	case q.adults+q.children > 9:
		return bad("Total number of adults and children cannot exceed 9.")
	case q.infants > q.adults:
		return bad("Number of infants cannot be more than number of adults.")
	case q.fareType < 0 || q.fareType > 5:
		return bad("Invalid ResultFareType: %d.", q.fareType)
	}
	n := len(req.Segments)
	switch q.journeyType {
	case journeyOneWay, journeyAdvanceSearch:
		q.journeyType = journeyOneWay
		if n != 1 {
			return bad("One way search needs exactly one segment.")
		}
	case journeyReturn, journeySpecialReturn:
		if n != 2 {
			return bad("Return search needs exactly two segments.")
		}
	case journeyMultiStop:
		if n < 2 || n > 6 {
			return bad("Multi-city search needs 2 to 6 segments.")
		}
	default:
		return bad("Invalid JourneyType: %d.", q.journeyType)
	}
	for i, seg := range req.Segments {
		from := strings.ToUpper(seg.Origin.String())
		to := strings.ToUpper(seg.Destination.String())
		if !iataCode.MatchString(from) || s.gen.w.airports[from] == nil {
			return bad("Invalid Origin: %q is not a valid airport code.", seg.Origin.String())
		}
		if !iataCode.MatchString(to) || s.gen.w.airports[to] == nil {
			return bad("Invalid Destination: %q is not a valid airport code.", seg.Destination.String())
		}
		if from == to {
			return bad("Origin and Destination cannot be the same.")
		}
		cabin := int(seg.FlightCabinClass)
		if cabin == 0 {
			cabin = cabinAll
		}
		if cabin < cabinAll || cabin > cabinFirst {
			return bad("Invalid FlightCabinClass: %d.", cabin)
		}
		t, ok := parseWireDate(seg.PreferredDepartureTime.String())
		if !ok {
			return bad("Invalid PreferredDepartureTime: %q. Use yyyy-MM-ddTHH:mm:ss.", seg.PreferredDepartureTime.String())
		}
		leg := queryLeg{from: s.gen.w.airports[from], to: s.gen.w.airports[to], cabin: cabin,
			date: time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)}
		ly, lm, ld := now.In(leg.from.loc).Date()
		today := time.Date(ly, lm, ld, 0, 0, 0, 0, time.UTC)
		switch {
		case leg.date.Before(today):
			return bad("PreferredDepartureTime %s is in the past.", leg.date.Format(time.DateOnly))
		case leg.date.After(today.AddDate(0, 0, maxAdvanceDays)):
			return bad("PreferredDepartureTime %s is too far ahead; bookings open %d days in advance.", leg.date.Format(time.DateOnly), maxAdvanceDays)
		case i > 0 && leg.date.Before(q.legs[i-1].date):
			return bad("Segment %d departs before segment %d.", i+1, i)
		}
		q.legs = append(q.legs, leg)
	}

	q.allLCC, q.gds = true, true
	if len(req.Sources) > 0 {
		q.allLCC, q.gds = false, false
		for _, src := range req.Sources {
			src = strings.ToUpper(src)
			switch {
			case src == "GDS":
				q.gds = true
			case airlineCode.MatchString(src):
				if q.lcc == nil {
					q.lcc = map[string]bool{}
				}
				q.lcc[src] = true
			default:
				return bad("Invalid Source: %q. Use GDS or an LCC airline code.", src)
			}
		}
	}
	for _, a := range req.PreferredAirlines {
		a = strings.ToUpper(a)
		if !airlineCode.MatchString(a) {
			return bad("Invalid PreferredAirlines entry: %q.", a)
		}
		if q.preferred == nil {
			q.preferred = map[string]bool{}
		}
		q.preferred[a] = true
	}
	return q, nil
}

// search answers Search: results and a new trace.
func (s *Server) search(body []byte) reply {
	var req searchRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	now := s.now()
	if f := s.checkAir(&req.airRequest, now); f != nil {
		return reply{body: envelope{Response: f}}
	}
	q, f := s.parseSearch(&req, now)
	if f != nil {
		return reply{body: envelope{Response: f}}
	}
	q.docs = s.Documents()
	lists := s.gen.generate(q)
	empty := true
	for _, l := range lists {
		if len(l) > 0 {
			empty = false
		}
	}
	if empty || (len(lists) == 2 && (len(lists[0]) == 0 || len(lists[1]) == 0)) {
		return reply{body: envelope{Response: failed("", errNoResultFound, "No result found for the requested search.")}}
	}
	t := &trace{id: randomGUID(), expires: now.Add(s.opts.TraceLifetime), q: q}
	s.traces.add(t, now)
	out := searchBody{
		statusBody:  ok(t.id),
		Origin:      q.legs[0].from.Code,
		Destination: q.legs[0].to.Code,
		Results:     make([][]*wResult, len(lists)),
	}
	for i, list := range lists {
		out.Results[i] = make([]*wResult, len(list))
		for k, o := range list {
			out.Results[i][k] = s.gen.result(q, o, 0)
		}
	}
	return reply{body: envelope{Response: out}}
}

// liveOffer resolves TraceId and ResultIndex of a request to the live trace
// and the offer, or the answer to send instead.
func (s *Server) liveOffer(req *airRequest, index string, now time.Time) (*trace, *offer, *statusBody) {
	if f := s.checkAir(req, now); f != nil {
		return nil, nil, f
	}
	id := req.TraceID.String()
	if id == "" {
		return nil, nil, invalid("", "TraceId is mandatory.")
	}
	t := s.traces.get(id, now)
	if t == nil {
		return nil, nil, traceExpired(id)
	}
	if index == "" {
		return nil, nil, invalid(id, "ResultIndex is mandatory.")
	}
	o := s.gen.find(t.q, index)
	if o == nil {
		return nil, nil, invalid(id, fmt.Sprintf("Invalid ResultIndex: %q.", index))
	}
	return t, o, nil
}

// riseStep draws a price increase: a few per cent, as fares move between
// search and booking.
func riseStep() priceRise { return 150 + rand.IntN(651) }

// fareQuote answers FareQuote: the result re-priced, now and then higher.
func (s *Server) fareQuote(body []byte, p plan) reply {
	var req resultRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	t, o, f := s.liveOffer(&req.airRequest, req.ResultIndex.String(), s.now())
	if f != nil {
		return reply{body: envelope{Response: f}}
	}
	var rise priceRise
	if p.priceChange {
		rise = s.traces.raise(t, o.index, riseStep())
	} else {
		rise = s.traces.rise(t, o.index)
	}
	return reply{body: envelope{Response: fareQuoteBody{
		statusBody:     ok(t.id),
		IsPriceChanged: p.priceChange,
		Results:        s.gen.result(t.q, o, rise),
	}}}
}

// fareRule answers FareRule: the rules text of each direction.
func (s *Server) fareRule(body []byte) reply {
	var req resultRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	t, o, f := s.liveOffer(&req.airRequest, req.ResultIndex.String(), s.now())
	if f != nil {
		return reply{body: envelope{Response: f}}
	}
	out := fareRuleBody{statusBody: ok(t.id)}
	for _, j := range o.journeys {
		out.FareRules = append(out.FareRules, fareRuleSummary(j, fareRuleHTML(s.gen.w, j)))
	}
	return reply{body: envelope{Response: out}}
}
