package sim

import (
	"math"
	"time"
)

// Passenger types, as indexes (the wire numbers them from 1).
const (
	paxAdult  = 0
	paxChild  = 1
	paxInfant = 2
)

// Tax components, in the order and with the keys the supplier uses in
// TaxBreakup.
const (
	taxK3 = iota
	taxYQ
	taxYR
	taxPSF
	taxUDF
	taxIN
	taxTxn
	taxOther
	nTax
)

var taxKeys = [nTax]string{"K3", "YQTax", "YR", "PSF", "UDF", "INTax", "TransactionFee", "OtherTaxes"}

// Amounts are kept in paise so that sums are exact; the wire shows rupees
// with two decimals.
type paise = int64

func rupees(p paise) float64 { return float64(p) / 100 }

// paxAmount is what one passenger of a type pays.
type paxAmount struct {
	base paise
	tax  [nTax]paise
}

func (p paxAmount) taxTotal() paise {
	var t paise
	for _, v := range p.tax {
		t += v
	}
	return t
}

// paxFares is a journey's fare for each passenger type.
type paxFares [3]paxAmount

// price is the journey's fare in INR: a market price by great-circle
// distance and cabin, shaped by carrier, stops, time of day, season and the
// fare bucket, plus the taxes of the route.
func (g *gen) price(leg queryLeg, j *journey, level float64) paxFares {
	from, to := leg.from, leg.to
	d := distanceKm(from, to)
	intl := !domestic(from, to)
	var base float64
	if intl {
		base = 2600 + 5.4*d
	} else {
		base = 1100 + 3.1*d
	}
	switch j.cabin {
	case cabinPremiumEconomy:
		base *= 1.65
	case cabinBusiness, cabinPremiumBusiness:
		if intl {
			base *= 3.3
		} else {
			base *= 2.6
		}
	case cabinFirst:
		base *= 5.5
	}
	// Connections undercut non-stops abroad, where they compete through
	// foreign hubs; at home they cost more, being two flights.
	if intl {
		base *= [...]float64{1, 0.93, 0.88, 0.85, 0.85}[min(j.stops(), 4)]
	} else {
		base *= [...]float64{1, 1.06, 1.12, 1.15, 1.15}[min(j.stops(), 4)]
	}
	base *= j.carrier.Price
	switch h := j.flights[0].dep.Hour(); {
	case h < 7:
		base *= 0.92
	case h >= 17 && h < 21:
		base *= 1.08
	case h >= 21:
		base *= 0.95
	}
	base *= seasonFactor(leg.date)
	base *= 0.85 + 0.35*level

	adult := round5(base)
	child := adult
	if !j.lcc {
		child = round5(base * 0.75)
	}
	infant := max(1000, round5(base*0.1))
	if j.lcc {
		infant = max(1500, infant)
	}

	var f paxFares
	h := j.key.str("tax")
	gst := 0.05
	if j.cabin == cabinBusiness || j.cabin == cabinPremiumBusiness || j.cabin == cabinFirst {
		gst = 0.12
	}
	fromIN := from.CountryCode == "IN"
	for t, b := range [3]float64{adult, child, infant} {
		a := &f[t]
		a.base = paise(b) * 100
		if t == paxInfant {
			if fromIN {
				a.tax[taxK3] = paise(math.Round(gst*b)) * 100
			}
			if intl {
				a.tax[taxOther] = paise(math.Round(0.02*d)) * 100
			}
			continue
		}
		var yq float64
		if !j.lcc && intl {
			yq = math.Round(b * 0.08)
			a.tax[taxYQ] = paise(yq) * 100
		}
		if !j.lcc {
			if intl {
				a.tax[taxYR] = paise(300+h.str("yr").intn(90)*10) * 100
			} else {
				a.tax[taxYR] = paise(170*len(j.flights)) * 100
			}
		}
		if fromIN {
			a.tax[taxK3] = paise(math.Round(gst*(b+yq))) * 100
			a.tax[taxPSF] = 91 * 100
			a.tax[taxUDF] = paise(fnvOffset.str("udf").str(from.Code).intn(60)*10) * 100
			a.tax[taxOther] = 236 * 100 // aviation security fee
			if intl {
				a.tax[taxPSF] = 236 * 100
				a.tax[taxUDF] += 500 * 100
				a.tax[taxOther] += paise(math.Round(200+0.05*d)) * 100
			}
		} else {
			a.tax[taxOther] = paise(math.Round(400+0.12*d)) * 100
		}
	}
	return f
}

// seasonFactor raises fares in the holiday months and on the busiest days.
func seasonFactor(day time.Time) float64 {
	f := 1.0
	switch day.Month() {
	case time.December, time.May, time.June:
		f *= 1.1
	case time.October, time.November:
		f *= 1.05
	case time.February, time.August:
		f *= 0.95
	}
	switch day.Weekday() {
	case time.Friday, time.Sunday:
		f *= 1.06
	case time.Tuesday, time.Wednesday:
		f *= 0.97
	}
	return f
}

func round5(x float64) float64 { return math.Round(x/5) * 5 }

// fareCalc is an offer's fare for a search's passengers: per-passenger
// amounts (summed over directions, after any price rise), the counts, and
// what the agent earns.
type fareCalc struct {
	pax    paxFares
	counts [3]int
	// other is OtherCharges, for the whole booking.
	other paise
	// Agent earnings for the whole booking.
	commission, plb, incentive paise
	// Charges for paid baggage, meals and seats chosen at LCC ticketing.
	baggage, meals, seats paise
}

// priceRise is a fare increase in basis points (350 = 3.5 %).
type priceRise = int

// price sums the offer's journeys for q's passengers, raised by rise.
func (o *offer) price(q *query, rise priceRise) fareCalc {
	fc := fareCalc{counts: [3]int{q.adults, q.children, q.infants}}
	for _, j := range o.journeys {
		for t := range fc.pax {
			fc.pax[t].base += j.fare[t].base
			for k := range nTax {
				fc.pax[t].tax[k] += j.fare[t].tax[k]
			}
		}
	}
	if rise != 0 {
		for t := range fc.pax {
			a := &fc.pax[t]
			old := float64(a.base)
			nb := round5(old/100*float64(10000+rise)/10000) * 100
			a.base = paise(nb)
			a.tax[taxK3] = paise(math.Round(float64(a.tax[taxK3])*nb/old/100)) * 100
		}
	}
	total := fc.totalBase()
	h := fnvOffset.str("earnings").str(o.carrier.Code)
	var comm, plb, inc float64
	if o.lcc {
		comm, plb, inc = h.str("c").between(0.005, 0.015), h.str("p").between(0.002, 0.008), h.str("i").between(0.002, 0.006)
		fc.other = paise(25*(q.adults+q.children)) * 100
	} else {
		comm, plb = h.str("c").between(0, 0.025), h.str("p").between(0, 0.01)
	}
	fc.commission = paise(math.Round(float64(total) * comm))
	fc.plb = paise(math.Round(float64(total) * plb))
	fc.incentive = paise(math.Round(float64(total) * inc))
	return fc
}

func (f fareCalc) totalBase() paise {
	var s paise
	for t, a := range f.pax {
		s += a.base * paise(f.counts[t])
	}
	return s
}

func (f fareCalc) totalTax() paise {
	var s paise
	for t, a := range f.pax {
		s += a.taxTotal() * paise(f.counts[t])
	}
	return s
}

// published follows the supplier's formula: BaseFare + Tax + OtherCharges
// + ServiceFee + AdditionalTxnFeePub + AirlineTransFee (the last three are
// nil here).
func (f fareCalc) published() paise { return f.totalBase() + f.totalTax() + f.other }

// offered is PublishedFare − (CommissionEarned + IncentiveEarned +
// PLBEarned + AdditionalTxnFeePub).
func (f fareCalc) offered() paise { return f.published() - f.commission - f.incentive - f.plb }

// tds is the tax deducted at source on an agent's earning (2 %).
func tds(p paise) paise { return paise(math.Round(float64(p) * 0.02)) }

func (f fareCalc) wire() wFare {
	var yq paise
	var byKey [nTax]paise
	for t, a := range f.pax {
		n := paise(f.counts[t])
		yq += a.tax[taxYQ] * n
		for k := range nTax {
			byKey[k] += a.tax[k] * n
		}
	}
	return wFare{
		Currency:                   "INR",
		BaseFare:                   rupees(f.totalBase()),
		Tax:                        rupees(f.totalTax()),
		TaxBreakup:                 keyValues(byKey),
		YQTax:                      rupees(yq),
		OtherCharges:               rupees(f.other),
		ChargeBU:                   chargeBreakup(f.other),
		PublishedFare:              rupees(f.published()),
		CommissionEarned:           rupees(f.commission),
		PLBEarned:                  rupees(f.plb),
		IncentiveEarned:            rupees(f.incentive),
		OfferedFare:                rupees(f.offered()),
		TdsOnCommission:            rupees(tds(f.commission)),
		TdsOnPLB:                   rupees(tds(f.plb)),
		TdsOnIncentive:             rupees(tds(f.incentive)),
		TotalBaggageCharges:        rupees(f.baggage),
		TotalMealCharges:           rupees(f.meals),
		TotalSeatCharges:           rupees(f.seats),
		TotalSpecialServiceCharges: 0,
	}
}

func (f fareCalc) breakdown() []wFareBreakdown {
	var out []wFareBreakdown
	for t, a := range f.pax {
		n := paise(f.counts[t])
		if n == 0 {
			continue
		}
		var byKey [nTax]paise
		for k := range nTax {
			byKey[k] = a.tax[k] * n
		}
		out = append(out, wFareBreakdown{
			Currency:       "INR",
			PassengerType:  t + 1,
			PassengerCount: int(n),
			BaseFare:       rupees(a.base * n),
			Tax:            rupees(a.taxTotal() * n),
			TaxBreakUp:     keyValues(byKey),
			YQTax:          rupees(a.tax[taxYQ] * n),
		})
	}
	return out
}

// paxOther is one passenger's share of the booking's OtherCharges: shared
// by the adults and children, none on infants.
func (f fareCalc) paxOther(t int) paise {
	if t == paxInfant || f.counts[paxAdult]+f.counts[paxChild] == 0 {
		return 0
	}
	return f.other / paise(f.counts[paxAdult]+f.counts[paxChild])
}

// paxPublished is what one passenger of type t pays: the published fare of
// their ticket (base fare, taxes and their share of OtherCharges).
func (f fareCalc) paxPublished(t int) paise {
	a := f.pax[t]
	return a.base + a.taxTotal() + f.paxOther(t)
}

// paxFare is the Fare shown on one passenger of a booking: that
// passenger's amounts, with the booking's charges and earnings shared out in
// proportion to the base fare.
func (f fareCalc) paxFare(t int) wFare {
	a := f.pax[t]
	share := func(p paise) paise {
		tb := f.totalBase()
		if tb == 0 {
			return 0
		}
		return paise(math.Round(float64(p) * float64(a.base) / float64(tb)))
	}
	other := f.paxOther(t)
	comm, plb, inc := share(f.commission), share(f.plb), share(f.incentive)
	published := f.paxPublished(t)
	return wFare{
		Currency:         "INR",
		BaseFare:         rupees(a.base),
		Tax:              rupees(a.taxTotal()),
		TaxBreakup:       keyValues(a.tax),
		YQTax:            rupees(a.tax[taxYQ]),
		OtherCharges:     rupees(other),
		ChargeBU:         chargeBreakup(other),
		PublishedFare:    rupees(published),
		CommissionEarned: rupees(comm),
		PLBEarned:        rupees(plb),
		IncentiveEarned:  rupees(inc),
		OfferedFare:      rupees(published - comm - plb - inc),
		TdsOnCommission:  rupees(tds(comm)),
		TdsOnPLB:         rupees(tds(plb)),
		TdsOnIncentive:   rupees(tds(inc)),
	}
}

func keyValues(v [nTax]paise) []wKeyValue {
	out := make([]wKeyValue, nTax)
	for k := range nTax {
		out[k] = wKeyValue{Key: taxKeys[k], Value: rupees(v[k])}
	}
	return out
}

func chargeBreakup(other paise) []wKeyValue {
	return []wKeyValue{{Key: "TBOMARKUP", Value: 0}, {Key: "CONVENIENCECHARGE", Value: 0}, {Key: "OTHERCHARGE", Value: rupees(other)}}
}
