package sim

import (
	"fmt"
	"html"
	"strings"
)

// penalties are the fees of a journey's fare, in rupees per passenger;
// -1 means "not permitted".
type penalties struct {
	cancelLate, cancelEarly int // within / beyond 72 hours of departure
	changeLate, changeEarly int
	noShow                  int
}

// penaltiesOf derives a journey's fees from its market and fare bucket:
// higher for international fares, lower for business, nothing back on
// non-refundable fares.
func penaltiesOf(j *journey) penalties {
	intl := false
	for _, f := range j.flights {
		if !domestic(f.from, f.to) {
			intl = true
		}
	}
	h := j.key.str("penalties")
	var p penalties
	if intl {
		p = penalties{cancelLate: 9000, cancelEarly: 6500, changeLate: 7000, changeEarly: 5000, noShow: 12000}
	} else {
		p = penalties{cancelLate: 4000, cancelEarly: 3000, changeLate: 3000, changeEarly: 2250, noShow: 5000}
	}
	bump := h.intn(6) * 250
	p.cancelLate += bump
	p.cancelEarly += bump
	p.changeLate += bump / 2
	p.changeEarly += bump / 2
	if j.cabin == cabinBusiness || j.cabin == cabinFirst || j.cabin == cabinPremiumBusiness {
		p.cancelLate, p.cancelEarly, p.changeLate, p.changeEarly = p.cancelLate/2, p.cancelEarly/2, 0, 0
	}
	if !j.refundable {
		p.cancelLate, p.cancelEarly = -1, -1
	}
	return p
}

func money(v int) string {
	switch {
	case v < 0:
		return "Non Refundable"
	case v == 0:
		return "Free"
	}
	return "INR " + groupIndian(v)
}

// groupIndian writes n with Indian digit grouping (1,23,456).
func groupIndian(n int) string {
	s := fmt.Sprint(n)
	if len(s) <= 3 {
		return s
	}
	head, tail := s[:len(s)-3], s[len(s)-3:]
	var parts []string
	for len(head) > 2 {
		parts = append([]string{head[len(head)-2:]}, parts...)
		head = head[:len(head)-2]
	}
	if head != "" {
		parts = append([]string{head}, parts...)
	}
	return strings.Join(parts, ",") + "," + tail
}

func (j *journey) points() string {
	return j.flights[0].from.Code + "-" + j.flights[len(j.flights)-1].to.Code
}

// fareRuleHTML is the fare-rules text of a journey, as airlines' rule
// displays render it: HTML with the fees, baggage and conditions.
func fareRuleHTML(w *world, j *journey) string {
	p := penaltiesOf(j)
	first, last := j.flights[0], j.flights[len(j.flights)-1]
	e := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, "<div class=\"fare-rules\"><p><b>%s (%s) &ndash; %s, %s to %s</b><br/>Fare basis: %s &middot; Booking class: %s</p>",
		e(w.airlineName(j.carrier.Code)), e(j.carrier.Code), e(j.points()), e(first.from.City), e(last.to.City), e(first.fareBasis), e(first.fareClass))
	b.WriteString("<table border=\"1\" cellpadding=\"4\"><tr><th>Condition</th><th>More than 72 hours before departure</th><th>0 to 72 hours before departure</th></tr>")
	fmt.Fprintf(&b, "<tr><td>Cancellation fee</td><td>%s</td><td>%s</td></tr>", money(p.cancelEarly), money(p.cancelLate))
	fmt.Fprintf(&b, "<tr><td>Date change fee</td><td>%s + fare difference</td><td>%s + fare difference</td></tr>", money(p.changeEarly), money(p.changeLate))
	b.WriteString("</table><ul>")
	fmt.Fprintf(&b, "<li>Check-in baggage: %s per adult and child; infants 10 Kg.</li>", e(first.baggage))
	fmt.Fprintf(&b, "<li>Cabin baggage: %s, one piece.</li>", e(first.cabinBags))
	fmt.Fprintf(&b, "<li>No-show: %s; only statutory taxes are refunded.</li>", money(p.noShow))
	b.WriteString("<li>Changes and cancellations close 2 hours before departure; after that the ticket is treated as a no-show.</li>")
	if j.lcc {
		b.WriteString("<li>Name changes are not permitted. Convenience fees are non-refundable.</li>")
	} else {
		b.WriteString("<li>Name changes are not permitted. Refunds are processed to the original form of payment within 7 working days.</li>")
	}
	b.WriteString("<li>The airline's fees are per passenger and per sector; the agency's service fee may apply in addition.</li></ul></div>")
	return b.String()
}

// miniFareRules summarises the fees of a journey the way search results
// carry them.
func miniFareRules(j *journey) []wMiniFareRule {
	p := penaltiesOf(j)
	jp := j.points()
	detail := func(v int) string {
		switch {
		case v < 0:
			return "Non Refundable"
		case v == 0:
			return "Free"
		}
		return fmt.Sprintf("INR %d", v)
	}
	return []wMiniFareRule{
		{JourneyPoints: jp, Type: "Reissue", From: "0", To: "72", Unit: "HOURS", Details: detail(p.changeLate), OnlineReissueAllowed: false},
		{JourneyPoints: jp, Type: "Reissue", From: "72", To: "", Unit: "HOURS", Details: detail(p.changeEarly), OnlineReissueAllowed: false},
		{JourneyPoints: jp, Type: "Cancellation", From: "0", To: "72", Unit: "HOURS", Details: detail(p.cancelLate), OnlineRefundAllowed: p.cancelLate >= 0},
		{JourneyPoints: jp, Type: "Cancellation", From: "72", To: "", Unit: "HOURS", Details: detail(p.cancelEarly), OnlineRefundAllowed: p.cancelEarly >= 0},
	}
}
