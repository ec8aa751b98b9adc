package flights

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Seats, meals and extra baggage (docs/flights-api.md, "Seats, meals and
// baggage"). The fare page asks what a result offers (FlightExtras); the
// book request carries the travellers' choices, which the server prices
// afresh from the supplier's own answer, never from the page's figures: the
// items go on the passengers (what Book and Ticket send) and their price on
// the booking (extras_price), paid with the fare.

// Extra kinds, as ExtraLine.Kind names them.
const (
	ExtraSeat           = "seat"
	ExtraMeal           = "meal"
	ExtraBaggage        = "baggage"
	ExtraMealPreference = "mealPreference"
	ExtraSeatPreference = "seatPreference"
)

// ExtraLine is one item a passenger takes, in the product's terms: what the
// price table, the trip page, the e-ticket and the e-mail list. Bookings
// keep them in this JSON form (bookings.extras), so its keys do not change.
type ExtraLine struct {
	// Passenger is the passenger's place on the booking, from 0.
	Passenger int `json:"passenger"`
	// Kind is one of the Extra* kinds.
	Kind string `json:"kind"`
	// The flight (or journey) the item is for; empty for a preference,
	// which holds for the whole trip.
	Airline      string `json:"airline,omitempty"`
	FlightNumber string `json:"flightNumber,omitempty"`
	Origin       string `json:"origin,omitempty"`
	Destination  string `json:"destination,omitempty"`
	// Code is the seat ("12A") or the item's code; Description the
	// airline's words for it.
	Code        string `json:"code"`
	Description string `json:"description,omitempty"`
	// WeightKg is extra baggage's weight.
	WeightKg int `json:"weightKg,omitempty"`
	// Label says what the item is, in the words the e-ticket, the e-mails
	// and the trip page use ("Seat 12A (Window, exit row)", "Meal: Veg
	// sandwich"); the API writes it (withLabels), it is not stored.
	Label string `json:"label"`
	// Price is what it costs, exactly (0 for a preference).
	Price decimal.Decimal `json:"price"`
}

// FlightExtras handles POST /api/v1/flights/{supplier}/extras: what one
// search result offers besides its fare, through the connector's SSR
// deadline.
func (h *Handler) FlightExtras(w http.ResponseWriter, r *http.Request) {
	h.traceCall(w, r, connector.OpSSR, msgExtrasFailed, func(ctx context.Context, port supplier.Port, conn *connector.Connector, req supplier.ResultRef) ([]byte, error) {
		x, err := port.SSR(ctx, conn, req)
		if err != nil {
			return nil, err
		}
		return json.Marshal(x)
	})
}

// msgExtrasFailed is what people read when the offers could not be had.
const msgExtrasFailed = "We could not load seats, meals and baggage for this flight. You can book without them."

// msgExtrasRepriceFailed and msgExtrasGone answer a Retry Ticket after the
// airline moved the extras' price: the new price could not be confirmed, or
// the items chosen are no longer all on sale.
const (
	msgExtrasRepriceFailed = "We could not confirm the new price of the seats, meals and baggage with the airline. Please press Retry Ticket again in a minute."
	msgExtrasGone          = "The seats, meals or baggage chosen are no longer all on sale, so the ticket cannot be issued with them. Decline the new price to have your payment refunded."
)

// hasChoice reports whether any passenger chose anything.
func hasChoice(choices []supplier.Choice) bool {
	return slices.ContainsFunc(choices, func(c supplier.Choice) bool { return !c.IsZero() })
}

// extrasOf prices the travellers' choices against the supplier's answer x
// and puts each passenger's items on pax (in place). It returns the lines to
// keep and what they cost in all. A choice that cannot be had is the
// traveller's input at fault: a 400 naming the passenger and the part.
func extrasOf(x *supplier.Extras, pax []supplier.Passenger, choices []supplier.Choice) ([]ExtraLine, decimal.Decimal, error) {
	types := make([]int, len(pax))
	for i, p := range pax {
		types[i] = p.PaxType
	}
	each, total, err := x.Choose(types, choices)
	if err != nil {
		if ce, ok := supplier.AsChoiceError(err); ok {
			field := fmt.Sprintf("extras.%d.%s", ce.Passenger, ce.Field)
			if ce.Field == "" {
				field = "extras"
			}
			return nil, decimal.Zero, apierr.Invalid(field, upperFirst(ce.Message)+".")
		}
		return nil, decimal.Zero, err
	}
	for i := range pax {
		each[i].Apply(&pax[i])
	}
	return extraLines(x, choices), total, nil
}

// extraLines lists what each passenger chose, in passenger order, then
// flight order (seat, meal, baggage per flight). Choices are those Choose
// accepted.
func extraLines(x *supplier.Extras, choices []supplier.Choice) []ExtraLine {
	lines := []ExtraLine{}
	for i, c := range choices {
		for _, m := range x.SeatMaps {
			code := strings.TrimSpace(c.Seats[m.Key])
			if s := m.Seat(code); code != "" && s != nil {
				lines = append(lines, ExtraLine{Passenger: i, Kind: ExtraSeat, Airline: m.Airline, FlightNumber: m.FlightNumber,
					Origin: m.Origin, Destination: m.Destination, Code: s.Code, Description: seatWords(s), Price: s.Price.Decimal})
			}
		}
		for _, g := range x.Meals {
			code := strings.TrimSpace(c.Meals[g.Key])
			for _, it := range g.Items {
				if code != "" && it.Code == code {
					lines = append(lines, ExtraLine{Passenger: i, Kind: ExtraMeal, Airline: g.Airline, FlightNumber: g.FlightNumber,
						Origin: g.Origin, Destination: g.Destination, Code: it.Code, Description: it.Description, Price: it.Price.Decimal})
				}
			}
		}
		for _, g := range x.Baggage {
			code := strings.TrimSpace(c.Baggage[g.Key])
			for _, it := range g.Items {
				if code != "" && it.Code == code {
					lines = append(lines, ExtraLine{Passenger: i, Kind: ExtraBaggage, Airline: g.Airline, FlightNumber: g.FlightNumber,
						Origin: g.Origin, Destination: g.Destination, Code: it.Code, Description: it.Description, WeightKg: it.WeightKg,
						Price: it.Price.Decimal})
				}
			}
		}
		for _, pref := range []struct {
			kind, code string
			list       []supplier.Preference
		}{{ExtraMealPreference, c.MealPreference, x.MealPreferences}, {ExtraSeatPreference, c.SeatPreference, x.SeatPreferences}} {
			for _, p := range pref.list {
				if pref.code != "" && p.Code == pref.code {
					lines = append(lines, ExtraLine{Passenger: i, Kind: pref.kind, Code: p.Code, Description: p.Description, Price: decimal.Zero})
				}
			}
		}
	}
	return lines
}

// seatWords describes a seat for people: "Window, exit row".
func seatWords(s *supplier.Seat) string {
	words := []string{}
	if s.Position != "" {
		words = append(words, upperFirst(s.Position))
	}
	words = append(words, s.Features...)
	return strings.Join(words, ", ")
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// extraKinds name the kinds for people.
var extraKinds = map[string]string{ExtraSeat: "Seat", ExtraMeal: "Meal", ExtraBaggage: "Extra baggage",
	ExtraMealPreference: "Meal request", ExtraSeatPreference: "Seat request"}

// item says what l is, for the e-ticket and the e-mail: "Seat 12A (Window,
// exit row)", "Meal: Veg cheese sandwich".
func (l ExtraLine) item() string {
	if l.Kind == ExtraSeat {
		if l.Description != "" {
			return fmt.Sprintf("Seat %s (%s)", l.Code, l.Description)
		}
		return "Seat " + l.Code
	}
	what := l.Description
	if what == "" {
		what = l.Code
	}
	return extraKinds[l.Kind] + ": " + what
}

// withLabels gives each line its Label.
func withLabels(lines []ExtraLine) []ExtraLine {
	for i := range lines {
		lines[i].Label = lines[i].item()
	}
	return lines
}

// route is the flight l is for, "BOM → DEL", or "" for the whole trip.
func (l ExtraLine) route() string {
	if l.Origin == "" || l.Destination == "" {
		return ""
	}
	return l.Origin + " → " + l.Destination
}
