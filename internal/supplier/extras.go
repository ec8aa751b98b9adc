package supplier

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/shopspring/decimal"
)

// Extras kinds.
const (
	// ExtrasLCC: a low-cost fare; seats, meals and baggage are sold at a
	// price and chosen before the ticket is issued.
	ExtrasLCC = "lcc"
	// ExtrasGDS: a full-service fare; meal and seat preferences only, with
	// no price, which the airline may not honour.
	ExtrasGDS = "gds"
)

// Seat statuses.
const (
	SeatFree  = "free"
	SeatTaken = "taken"
)

// Seat positions.
const (
	SeatWindow = "window"
	SeatAisle  = "aisle"
	SeatMiddle = "middle"
)

// Seat features, as Seat.Features names them.
const (
	FeatureExitRow  = "exit row"
	FeatureBulkhead = "bulkhead"
	FeatureWing     = "wing"
	FeatureRecline  = "recline"
	FeatureQuiet    = "quiet"
)

// Extras is what a result sells besides its fare, in the product's terms:
// the document the API passes to the web app (its JSON form, with every
// list present, empty when there is nothing), and, out of that document
// (json:"-"), the supplier's own items that go back to it on Ticket.
//
// Extras are asked for on the fare page and used at booking, in another
// request and maybe another API pod: MarshalBinary gives a stored form
// (JSON, for a jsonb or bytea column) that keeps the supplier's items,
// and UnmarshalBinary reads it back; the JSON form alone does not keep
// them.
type Extras struct {
	// Kind is ExtrasLCC or ExtrasGDS.
	Kind string `json:"kind"`
	// Currency is the currency of every price.
	Currency string `json:"currency"`
	// SeatMaps are the seat maps, one per flight (low-cost fares).
	SeatMaps []SeatMap `json:"seatMaps"`
	// Meals are the meals on sale, in groups as the airline sells them:
	// one per flight, or per journey (low-cost fares).
	Meals []MealGroup `json:"meals"`
	// Baggage is the extra baggage on sale, and the baggage the fare
	// includes, in groups as the airline sells them: one per journey, or per
	// flight (low-cost fares).
	Baggage []BaggageGroup `json:"baggage"`
	// MealPreferences and SeatPreferences are what a full-service airline
	// may be asked for (full-service fares).
	MealPreferences []Preference `json:"mealPreferences"`
	SeatPreferences []Preference `json:"seatPreferences"`
	// Result is the result the extras are sold with.
	Result ResultRef `json:"-"`
}

// Flight names what a seat map or a group of items is sold on: one flight,
// or a journey (its first flight's number, its first origin and last
// destination).
type Flight struct {
	// Key identifies the seat map or group among its kind, stably: the
	// same flight gives the same key at every ask (6E-2134-DEL-BOM).
	Key          string `json:"key"`
	Airline      string `json:"airline"`
	FlightNumber string `json:"flightNumber"`
	Origin       string `json:"origin"`
	Destination  string `json:"destination"`
}

// SeatMap is one flight's cabin as seats for sale.
type SeatMap struct {
	Flight
	// Craft is the aircraft as the supplier names it.
	Craft string `json:"craft"`
	// Columns are the seat letters across the cabin from left to right,
	// "" for an aisle: A B C "" D E F.
	Columns []string `json:"columns"`
	// Rows are the rows front to back.
	Rows []SeatRow `json:"rows"`
	// None is the supplier's "no seat" item (NoSeat) for the flight, sent
	// for a passenger who picks no seat on it (nil: nothing is sent).
	None json.RawMessage `json:"-"`
}

// SeatRow is one row of a seat map.
type SeatRow struct {
	Row int `json:"row"`
	// Exit: an emergency exit row.
	Exit bool `json:"exit"`
	// Seats line up with SeatMap.Columns: nil where there is no seat (an
	// aisle, or a column the row lacks).
	Seats []*Seat `json:"seats"`
}

// Seat is one seat of a seat map.
type Seat struct {
	// Code is the seat as the airline names it (12A).
	Code   string `json:"code"`
	Column string `json:"column"`
	// Status is SeatFree or SeatTaken.
	Status string `json:"status"`
	// Price is what the seat costs (zero: free of charge).
	Price Amount `json:"price"`
	// Position is SeatWindow, SeatAisle or SeatMiddle.
	Position string `json:"position"`
	// Features are the Feature constants that apply (never nil).
	Features []string `json:"features"`
	// Item is the supplier's item for the seat, sent back on Ticket.
	Item json.RawMessage `json:"-"`
}

// MealGroup is the meals sold on one flight or journey.
type MealGroup struct {
	Flight
	// Items are the meals, the airline's "no meal" placeholder left out.
	Items []MealItem `json:"items"`
	// None is the supplier's "no meal" item (NoMeal) of the group, sent for
	// a passenger who picks no meal in it (nil: nothing is sent).
	None json.RawMessage `json:"-"`
}

// MealItem is one meal on sale.
type MealItem struct {
	Code        string `json:"code"`
	Description string `json:"description"`
	Price       Amount `json:"price"`
	// Included: the fare includes it; it is sent back for every passenger
	// but infants whatever they choose.
	Included bool `json:"included"`
	// Item is the supplier's item, sent back on Ticket.
	Item json.RawMessage `json:"-"`
}

// BaggageGroup is the baggage sold on one journey or flight.
type BaggageGroup struct {
	Flight
	// Items are the baggage on sale and the baggage the fare includes,
	// the airline's "no baggage" placeholder left out.
	Items []BaggageItem `json:"items"`
	// None is the supplier's "no baggage" item (NoBaggage) of the group,
	// sent for a passenger who takes no baggage in it (nil: nothing is
	// sent).
	None json.RawMessage `json:"-"`
}

// BaggageItem is extra checked baggage on sale, or the baggage the fare
// includes.
type BaggageItem struct {
	Code        string `json:"code"`
	Description string `json:"description"`
	WeightKg    int    `json:"weightKg"`
	Price       Amount `json:"price"`
	// Included: the fare includes it (an international low-cost fare's
	// free baggage); the supplier grants it only when it is sent back, so
	// it goes with every passenger but infants, whatever they choose.
	Included bool `json:"included"`
	// Item is the supplier's item, sent back on Ticket.
	Item json.RawMessage `json:"-"`
}

// Preference is a full-service meal or seat preference (AVML, Asian
// Vegetarian Meal; W, Window).
type Preference struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}

// Amount is an exact sum of money, written in JSON as a decimal string of
// at least two decimals ("350.00", "1234.5678"): never a float.
type Amount struct{ decimal.Decimal }

// MarshalJSON writes the amount as a string with two decimals, or all of
// its own when it has more.
func (a Amount) MarshalJSON() ([]byte, error) {
	s := a.StringFixed(2)
	if a.Exponent() < -2 {
		s = a.String()
	}
	return json.Marshal(s)
}

// UnmarshalJSON reads "350.00" or 350.
func (a *Amount) UnmarshalJSON(b []byte) error {
	var d decimal.Decimal
	if err := d.UnmarshalJSON(b); err != nil {
		return err
	}
	*a = Amount{d}
	return nil
}

// MarshalJSON writes the product's document, every list present.
func (x Extras) MarshalJSON() ([]byte, error) {
	type view Extras
	v := view(x)
	v.SeatMaps = orEmpty(v.SeatMaps)
	v.Meals = orEmpty(v.Meals)
	v.Baggage = orEmpty(v.Baggage)
	v.MealPreferences = orEmpty(v.MealPreferences)
	v.SeatPreferences = orEmpty(v.SeatPreferences)
	return json.Marshal(v)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// storedExtrasVersion is the version of the stored form MarshalBinary
// writes.
const storedExtrasVersion = 1

// storedExtras is the stored form of Extras: the product's document, the
// result, and the supplier's items out of the document, by seat map or
// group key and item code.
type storedExtras struct {
	Version     int             `json:"version"`
	Extras      json.RawMessage `json:"extras"`
	TraceID     string          `json:"traceId"`
	ResultIndex string          `json:"resultIndex"`
	Seats       storedItems     `json:"seats"`
	Meals       storedItems     `json:"meals"`
	Baggage     storedItems     `json:"baggage"`
}

// storedItems are the supplier's items of one kind: the placeholder of each
// seat map or group, and its items by code.
type storedItems struct {
	None  map[string]json.RawMessage            `json:"none,omitempty"`
	Items map[string]map[string]json.RawMessage `json:"items,omitempty"`
}

func (s *storedItems) put(key, code string, none, item json.RawMessage) {
	if len(none) > 0 {
		if s.None == nil {
			s.None = map[string]json.RawMessage{}
		}
		s.None[key] = none
	}
	if len(item) > 0 {
		if s.Items == nil {
			s.Items = map[string]map[string]json.RawMessage{}
		}
		if s.Items[key] == nil {
			s.Items[key] = map[string]json.RawMessage{}
		}
		s.Items[key][code] = item
	}
}

// MarshalBinary is the stored form of x: JSON holding the product's
// document, the result, and the supplier's items that Choose sends back.
// UnmarshalBinary reads it.
func (x *Extras) MarshalBinary() ([]byte, error) {
	doc, err := json.Marshal(x)
	if err != nil {
		return nil, err
	}
	st := storedExtras{Version: storedExtrasVersion, Extras: doc, TraceID: x.Result.TraceID, ResultIndex: x.Result.ResultIndex}
	for _, m := range x.SeatMaps {
		st.Seats.put(m.Key, "", m.None, nil)
		for _, r := range m.Rows {
			for _, s := range r.Seats {
				if s != nil {
					st.Seats.put(m.Key, s.Code, nil, s.Item)
				}
			}
		}
	}
	for _, g := range x.Meals {
		st.Meals.put(g.Key, "", g.None, nil)
		for _, it := range g.Items {
			st.Meals.put(g.Key, it.Code, nil, it.Item)
		}
	}
	for _, g := range x.Baggage {
		st.Baggage.put(g.Key, "", g.None, nil)
		for _, it := range g.Items {
			st.Baggage.put(g.Key, it.Code, nil, it.Item)
		}
	}
	return json.Marshal(st)
}

// UnmarshalBinary reads the stored form MarshalBinary writes.
func (x *Extras) UnmarshalBinary(b []byte) error {
	var st storedExtras
	if err := json.Unmarshal(b, &st); err != nil {
		return fmt.Errorf("stored extras: %w", err)
	}
	if st.Version != storedExtrasVersion {
		return fmt.Errorf("stored extras: version %d, want %d", st.Version, storedExtrasVersion)
	}
	var out Extras
	if err := json.Unmarshal(st.Extras, &out); err != nil {
		return fmt.Errorf("stored extras: %w", err)
	}
	out.Result = ResultRef{TraceID: st.TraceID, ResultIndex: st.ResultIndex}
	for i := range out.SeatMaps {
		m := &out.SeatMaps[i]
		m.None = st.Seats.None[m.Key]
		for _, r := range m.Rows {
			for _, s := range r.Seats {
				if s != nil {
					s.Item = st.Seats.Items[m.Key][s.Code]
				}
			}
		}
	}
	for i := range out.Meals {
		g := &out.Meals[i]
		g.None = st.Meals.None[g.Key]
		for k := range g.Items {
			g.Items[k].Item = st.Meals.Items[g.Key][g.Items[k].Code]
		}
	}
	for i := range out.Baggage {
		g := &out.Baggage[i]
		g.None = st.Baggage.None[g.Key]
		for k := range g.Items {
			g.Items[k].Item = st.Baggage.Items[g.Key][g.Items[k].Code]
		}
	}
	*x = out
	return nil
}

// Choice is one passenger's choice of extras, as the web app sends it.
type Choice struct {
	// Seats are the seats chosen, by seat map key: {"6E-2134-DEL-BOM":
	// "12A"}. A flight left out: no seat chosen on it.
	Seats map[string]string `json:"seats,omitempty"`
	// Meals and Baggage are the items chosen, by group key. A group left
	// out: nothing bought in it (the baggage the fare includes is taken
	// all the same).
	Meals   map[string]string `json:"meals,omitempty"`
	Baggage map[string]string `json:"baggage,omitempty"`
	// MealPreference and SeatPreference are the codes of a full-service
	// fare's preferences ("" for none).
	MealPreference string `json:"mealPreference,omitempty"`
	SeatPreference string `json:"seatPreference,omitempty"`
}

// IsZero reports whether c chooses nothing.
func (c Choice) IsZero() bool {
	return len(c.Seats)+len(c.Meals)+len(c.Baggage) == 0 && c.MealPreference == "" && c.SeatPreference == ""
}

// PassengerExtras are what one passenger takes, in the supplier's terms.
type PassengerExtras struct {
	// Baggage, MealDynamic and SeatDynamic are the supplier's items to send
	// on a low-cost Ticket: what was chosen, the baggage the fare includes,
	// and a "nothing" placeholder for each flight or group where nothing
	// is taken.
	Baggage, MealDynamic, SeatDynamic []json.RawMessage
	// Meal and Seat are a full-service passenger's preferences (nil: none).
	Meal, Seat *Preference
	// Price is what the passenger's extras cost, exactly, in the Extras'
	// Currency.
	Price decimal.Decimal
}

// Apply puts e on the passenger p, for Book and Ticket to send.
func (e PassengerExtras) Apply(p *Passenger) {
	p.Baggage, p.MealDynamic, p.SeatDynamic = e.Baggage, e.MealDynamic, e.SeatDynamic
	p.Meal, p.Seat = e.Meal, e.Seat
}

// ErrNoItems: the extras lack the supplier's items a choice needs; they
// were read from their JSON document rather than their stored form
// (MarshalBinary).
var ErrNoItems = errors.New("supplier extras: the supplier's items are missing (read the extras from their stored form)")

// ChoiceError is a choice of extras that cannot be had: an unknown seat map,
// group or code, a seat taken or chosen twice, a seat for an infant or an
// exit-row seat for a child, an item of the wrong kind of fare. The
// traveller's input is at fault.
type ChoiceError struct {
	// Passenger is the passenger's index in the choice (from 0).
	Passenger int
	// Field is the part of Choice at fault: "seats", "meals", "baggage",
	// "mealPreference" or "seatPreference"; Key the seat map or group
	// named, if any.
	Field, Key string
	// Message is meant for people.
	Message string
}

func (e *ChoiceError) Error() string {
	return fmt.Sprintf("extras of passenger %d: %s", e.Passenger+1, e.Message)
}

// AsChoiceError returns the *ChoiceError in err's chain.
func AsChoiceError(err error) (*ChoiceError, bool) {
	var e *ChoiceError
	ok := errors.As(err, &e)
	return e, ok
}

// Choose turns the travellers' choices into what each passenger takes, in
// the supplier's terms, and what it costs in all, exactly. paxTypes are the
// passengers' types (PaxAdult, PaxChild, PaxInfant) in booking order;
// choices[i] is passenger i's choice (fewer choices than passengers: the
// others choose nothing).
//
// On a low-cost fare every passenger gets, per seat map and group, what
// they chose or the supplier's "nothing" placeholder, and the baggage (and
// meals) the fare includes, which the supplier grants only when they are
// sent back (infants excepted: they have no seat and an allowance of their
// own). Choose refuses, with a *ChoiceError, an unknown seat map, group or
// code, a seat taken or given to two passengers, a seat for an infant (who
// sits on a lap), an exit-row seat for a child, extra baggage for an infant,
// and preferences on a low-cost fare or items on a full-service one; and
// with ErrNoItems extras that lack the supplier's items (read from their
// JSON document instead of their stored form).
func (x *Extras) Choose(paxTypes []int, choices []Choice) ([]PassengerExtras, decimal.Decimal, error) {
	total := decimal.Zero
	if len(choices) > len(paxTypes) {
		return nil, total, &ChoiceError{Passenger: len(paxTypes),
			Message: fmt.Sprintf("the booking has %d passengers; there is no passenger %d", len(paxTypes), len(paxTypes)+1)}
	}
	out := make([]PassengerExtras, len(paxTypes))
	taken := map[[2]string]int{} // seat map key and seat code → passenger
	for i, t := range paxTypes {
		var c Choice
		if i < len(choices) {
			c = choices[i]
		}
		var err error
		if x.Kind == ExtrasGDS {
			out[i], err = x.choosePreferences(i, t, c)
		} else {
			out[i], err = x.chooseItems(i, t, c, taken)
		}
		if err != nil {
			return nil, decimal.Zero, err
		}
		total = total.Add(out[i].Price)
	}
	return out, total, nil
}

// choosePreferences is passenger i's choice on a full-service fare.
func (x *Extras) choosePreferences(i, paxType int, c Choice) (PassengerExtras, error) {
	var out PassengerExtras
	for field, m := range map[string]map[string]string{"seats": c.Seats, "meals": c.Meals, "baggage": c.Baggage} {
		if len(m) > 0 {
			return out, &ChoiceError{Passenger: i, Field: field,
				Message: "this full-service fare sells no seats, meals or baggage: ask for a meal or seat preference instead"}
		}
	}
	if c.MealPreference != "" {
		p, ok := findPreference(x.MealPreferences, c.MealPreference)
		if !ok {
			return out, &ChoiceError{Passenger: i, Field: "mealPreference",
				Message: fmt.Sprintf("the airline takes no meal preference %q", c.MealPreference)}
		}
		out.Meal = &p
	}
	if c.SeatPreference != "" {
		if paxType == PaxInfant {
			return out, &ChoiceError{Passenger: i, Field: "seatPreference", Message: "an infant sits on an adult's lap and takes no seat"}
		}
		p, ok := findPreference(x.SeatPreferences, c.SeatPreference)
		if !ok {
			return out, &ChoiceError{Passenger: i, Field: "seatPreference",
				Message: fmt.Sprintf("the airline takes no seat preference %q", c.SeatPreference)}
		}
		out.Seat = &p
	}
	return out, nil
}

func findPreference(ps []Preference, code string) (Preference, bool) {
	for _, p := range ps {
		if strings.EqualFold(p.Code, code) {
			return p, true
		}
	}
	return Preference{}, false
}

// chooseItems is passenger i's choice on a low-cost fare; taken holds the
// seats given to the passengers before.
func (x *Extras) chooseItems(i, paxType int, c Choice, taken map[[2]string]int) (PassengerExtras, error) {
	out := PassengerExtras{Price: decimal.Zero}
	if c.MealPreference != "" || c.SeatPreference != "" {
		field := "mealPreference"
		if c.MealPreference == "" {
			field = "seatPreference"
		}
		return out, &ChoiceError{Passenger: i, Field: field,
			Message: "this low-cost fare takes no preferences: choose a seat or a meal on sale instead"}
	}
	if err := unknownKeys(i, "seats", c.Seats, x.SeatMaps, func(m SeatMap) string { return m.Key }); err != nil {
		return out, err
	}
	if err := unknownKeys(i, "meals", c.Meals, x.Meals, func(g MealGroup) string { return g.Key }); err != nil {
		return out, err
	}
	if err := unknownKeys(i, "baggage", c.Baggage, x.Baggage, func(g BaggageGroup) string { return g.Key }); err != nil {
		return out, err
	}
	seated := paxType != PaxInfant
	for _, m := range x.SeatMaps {
		code := strings.ToUpper(strings.TrimSpace(c.Seats[m.Key]))
		if code == "" {
			out.SeatDynamic = appendRaw(out.SeatDynamic, m.None)
			continue
		}
		bad := func(msg string) error { return &ChoiceError{Passenger: i, Field: "seats", Key: m.Key, Message: msg} }
		if !seated {
			return out, bad("an infant sits on an adult's lap and takes no seat")
		}
		s := m.Seat(code)
		switch {
		case s == nil:
			return out, bad(fmt.Sprintf("flight %s has no seat %s", m.Key, code))
		case s.Status != SeatFree:
			return out, bad(fmt.Sprintf("seat %s on flight %s is taken", code, m.Key))
		case paxType == PaxChild && slices.Contains(s.Features, FeatureExitRow):
			return out, bad(fmt.Sprintf("seat %s is in an exit row, where children may not sit", code))
		}
		if j, dup := taken[[2]string{m.Key, s.Code}]; dup {
			return out, bad(fmt.Sprintf("seat %s on flight %s is chosen for passenger %d already", code, m.Key, j+1))
		}
		if len(s.Item) == 0 {
			return out, ErrNoItems
		}
		taken[[2]string{m.Key, s.Code}] = i
		out.SeatDynamic = append(out.SeatDynamic, s.Item)
		out.Price = out.Price.Add(s.Price.Decimal)
	}
	for _, g := range x.Meals {
		code := strings.TrimSpace(c.Meals[g.Key])
		items := make([]itemChoice, len(g.Items))
		for k, it := range g.Items {
			items[k] = itemChoice{it.Code, it.Price.Decimal, it.Included, it.Item}
		}
		sent, price, err := pick(i, "meals", g.Key, code, items, g.None, seated, true)
		if err != nil {
			return out, err
		}
		out.MealDynamic = append(out.MealDynamic, sent...)
		out.Price = out.Price.Add(price)
	}
	for _, g := range x.Baggage {
		code := strings.TrimSpace(c.Baggage[g.Key])
		items := make([]itemChoice, len(g.Items))
		for k, it := range g.Items {
			items[k] = itemChoice{it.Code, it.Price.Decimal, it.Included, it.Item}
		}
		sent, price, err := pick(i, "baggage", g.Key, code, items, g.None, seated, false)
		if err != nil {
			return out, err
		}
		out.Baggage = append(out.Baggage, sent...)
		out.Price = out.Price.Add(price)
	}
	return out, nil
}

// itemChoice is a meal or baggage item as pick reads it.
type itemChoice struct {
	code     string
	price    decimal.Decimal
	included bool
	item     json.RawMessage
}

// pick is what one passenger sends for one group: the items the fare
// includes (not for infants), the item chosen by code (one the fare
// includes is taken already), else the group's placeholder. infantMay says
// whether an infant may buy in the group.
func pick(i int, field, key, code string, items []itemChoice, none json.RawMessage, seated, infantMay bool) ([]json.RawMessage, decimal.Decimal, error) {
	var sent []json.RawMessage
	price := decimal.Zero
	if seated {
		for _, it := range items {
			if it.included && len(it.item) == 0 {
				return nil, price, ErrNoItems
			}
			if it.included {
				sent = append(sent, it.item)
			}
		}
	}
	if code != "" {
		k := slices.IndexFunc(items, func(it itemChoice) bool { return strings.EqualFold(it.code, code) })
		switch {
		case k < 0:
			return nil, price, &ChoiceError{Passenger: i, Field: field, Key: key, Message: fmt.Sprintf("%s has no %s item %s", key, field, code)}
		case items[k].included:
			// Sent already (an infant takes none).
		case !seated && !infantMay:
			return nil, price, &ChoiceError{Passenger: i, Field: field, Key: key, Message: "an infant cannot buy extra baggage"}
		case len(items[k].item) == 0:
			return nil, price, ErrNoItems
		default:
			sent = append(sent, items[k].item)
			price = items[k].price
		}
	}
	if len(sent) == 0 {
		sent = appendRaw(sent, none)
	}
	return sent, price, nil
}

func appendRaw(list []json.RawMessage, item json.RawMessage) []json.RawMessage {
	if len(item) == 0 {
		return list
	}
	return append(list, item)
}

// unknownKeys refuses a choice naming a seat map or group the extras do not
// have; the first such key in sorted order is reported.
func unknownKeys[T any](i int, field string, chosen map[string]string, have []T, key func(T) string) error {
	var unknown []string
	for k := range chosen {
		if !slices.ContainsFunc(have, func(v T) bool { return key(v) == k }) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return &ChoiceError{Passenger: i, Field: field, Key: unknown[0], Message: fmt.Sprintf("nothing is sold as %s %s", field, unknown[0])}
}

// Seat returns the seat with that code (any case), or nil.
func (m *SeatMap) Seat(code string) *Seat {
	for _, r := range m.Rows {
		for _, s := range r.Seats {
			if s != nil && strings.EqualFold(s.Code, code) {
				return s
			}
		}
	}
	return nil
}
