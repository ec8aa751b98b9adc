package tbo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// SSR asks what a result sells besides its fare (the supplier's SSR, on the
// air host): seats, meals and baggage on a low-cost fare, meal and seat
// preferences on a full-service one. readExtras reads the answer.
func (c *Client) SSR(ctx context.Context, conn *connector.Connector, r TraceRequest) (*Reply, error) {
	return c.traceCall(ctx, conn, connector.OpSSR, "SSR", r)
}

// SSR implements supplier.Port.
func (a *Adapter) SSR(ctx context.Context, conn *connector.Connector, r supplier.ResultRef) (*supplier.Extras, error) {
	reply, err := a.c.SSR(ctx, conn, traceRequest(r))
	if err != nil {
		return nil, portError(err)
	}
	x, err := readExtras(reply.Raw)
	if err != nil {
		return nil, portError(&Error{Op: connector.OpSSR, Kind: KindProtocol, Message: "The flight supplier's seats, meals and baggage cannot be read.", Err: err})
	}
	x.Result = r
	return x, nil
}

// SSRItem is a Baggage or MealDynamic item of an SSR answer, as the product
// reads it; the item itself goes back to the supplier untouched.
// Description is 1 for an item the fare includes, 2 for one bought.
type SSRItem struct {
	AirlineCode        Str   `json:"AirlineCode"`
	FlightNumber       Str   `json:"FlightNumber"`
	WayType            Int   `json:"WayType"`
	Code               Str   `json:"Code"`
	Description        Str   `json:"Description"`
	AirlineDescription Str   `json:"AirlineDescription"`
	Weight             Str   `json:"Weight"`
	Quantity           Int   `json:"Quantity"`
	Currency           Str   `json:"Currency"`
	Price              Money `json:"Price"`
	Origin             Str   `json:"Origin"`
	Destination        Str   `json:"Destination"`
}

// SSRSeat is a seat of an SSR answer's SeatDynamic, as the product reads it.
// AvailablityType (the supplier's spelling) is one of the Seat constants.
type SSRSeat struct {
	AirlineCode     Str   `json:"AirlineCode"`
	FlightNumber    Str   `json:"FlightNumber"`
	CraftType       Str   `json:"CraftType"`
	Origin          Str   `json:"Origin"`
	Destination     Str   `json:"Destination"`
	AvailablityType Int   `json:"AvailablityType"`
	Code            Str   `json:"Code"`
	RowNo           Str   `json:"RowNo"`
	SeatNo          Str   `json:"SeatNo"`
	SeatType        Int   `json:"SeatType"`
	Currency        Str   `json:"Currency"`
	Price           Money `json:"Price"`
}

// Seat availability (AvailablityType).
const (
	SeatNotSet       = 0
	SeatOpen         = 1
	SeatCheckedIn    = 2
	SeatReserved     = 3
	SeatFleetBlocked = 4
	// SeatNoSeatHere fills a gap in a row's layout; clients in the wild
	// read it so, the documentation does not list it.
	SeatNoSeatHere = 5
)

// Way types of items (WayType, SeatWayType).
const (
	WaySegment     = 1
	WayFullJourney = 2
)

// ssrIncluded is the Description of an item the fare includes.
const ssrIncluded = "1"

// The "nothing chosen" placeholders' codes.
const (
	NoBaggage = "NoBaggage"
	NoMeal    = "NoMeal"
	NoSeat    = "NoSeat"
)

// seatTypeNames are the SeatType values by number, as the supplier's
// clients in the wild name them (its documentation says only that they
// combine window, aisle or middle with recline, wing, exit row, bulkhead
// and quiet, "up to 33"; answers go beyond, with centre and bulkhead-wing
// seats). A number not listed reads as a seat of unknown position.
var seatTypeNames = map[int]string{
	1: "Window", 2: "Aisle", 3: "Middle", 4: "WindowRecline", 5: "WindowWing", 6: "WindowExitRow",
	7: "WindowReclineWing", 8: "WindowReclineExitRow", 9: "WindowWingExitRow", 10: "AisleRecline", 11: "AisleWing",
	12: "AisleExitRow", 13: "AisleReclineWing", 14: "AisleReclineExitRow", 15: "AisleWingExitRow", 16: "MiddleRecline",
	17: "MiddleWing", 18: "MiddleExitRow", 19: "MiddleReclineWing", 20: "MiddleReclineExitRow", 21: "MiddleWingExitRow",
	22: "WindowReclineWingExitRow", 23: "AisleReclineWingExitRow", 24: "MiddleReclineWingExitRow", 25: "WindowBulkhead",
	26: "WindowQuiet", 27: "WindowBulkheadQuiet", 28: "MiddleBulkhead", 29: "MiddleQuiet", 30: "MiddleBulkheadQuiet",
	31: "AisleBulkhead", 32: "AisleQuiet", 33: "AisleBulkheadQuiet", 34: "CentreAisle", 35: "CentreMiddle",
	36: "CentreAisleBulkhead", 37: "CentreAisleQuiet", 38: "CentreAisleBulkheadQuiet", 39: "CentreMiddleBulkhead",
	40: "CentreMiddleQuiet", 41: "CentreMiddleBulkheadQuiet", 42: "WindowBulkheadWing", 43: "WindowBulkheadExitRow",
	44: "MiddleBulkheadWing", 45: "MiddleBulkheadExitRow", 46: "AisleBulkheadWing", 47: "AisleBulkheadExitRow",
	49: "WindowAisle", 54: "WindowAisleRecline", 55: "WindowAisleWing", 56: "WindowAisleExitRow",
	57: "WindowAisleReclineWing", 58: "WindowAisleReclineExitRow", 59: "WindowAisleWingExitRow",
	60: "WindowAisleBulkhead", 61: "WindowAisleBulkheadWing",
}

// seatKind reads a SeatType as the product's position and features; the
// position is "" when the number is not known.
func seatKind(t int) (position string, features []string) {
	features = []string{}
	name := seatTypeNames[t]
	switch {
	case strings.HasPrefix(name, "Window"):
		position = supplier.SeatWindow
	case strings.HasPrefix(name, "Aisle"), strings.HasPrefix(name, "CentreAisle"):
		position = supplier.SeatAisle
	case strings.HasPrefix(name, "Middle"), strings.HasPrefix(name, "CentreMiddle"):
		position = supplier.SeatMiddle
	}
	for _, f := range []struct{ word, feature string }{
		{"ExitRow", supplier.FeatureExitRow}, {"Bulkhead", supplier.FeatureBulkhead}, {"Wing", supplier.FeatureWing},
		{"Recline", supplier.FeatureRecline}, {"Quiet", supplier.FeatureQuiet},
	} {
		if strings.Contains(name, f.word) {
			features = append(features, f.feature)
		}
	}
	return position, features
}

// ssrAnswer is an SSR answer's lists, their items kept raw.
type ssrAnswer struct {
	Response struct {
		Baggage        json.RawMessage `json:"Baggage"`
		MealDynamic    json.RawMessage `json:"MealDynamic"`
		SeatDynamic    json.RawMessage `json:"SeatDynamic"`
		Meal           json.RawMessage `json:"Meal"`
		SeatPreference json.RawMessage `json:"SeatPreference"`
	} `json:"Response"`
}

// readExtras reads an SSR answer as the product's Extras. A low-cost answer
// has Baggage, MealDynamic and SeatDynamic lists (per journey, then per
// item; seats per journey, flight and row); a full-service one has Meal and
// SeatPreference lists of codes. The supplier's "nothing" items become the
// seat maps' and groups' placeholders; one missing is made from its group,
// as the supplier writes them.
func readExtras(raw []byte) (*supplier.Extras, error) {
	var a ssrAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, err
	}
	r := a.Response
	bags, err := nestedItems(r.Baggage)
	if err != nil {
		return nil, fmt.Errorf("the Baggage list: %w", err)
	}
	meals, err := nestedItems(r.MealDynamic)
	if err != nil {
		return nil, fmt.Errorf("the MealDynamic list: %w", err)
	}
	var seats []struct {
		SegmentSeat []struct {
			RowSeats []struct {
				Seats []json.RawMessage `json:"Seats"`
			} `json:"RowSeats"`
		} `json:"SegmentSeat"`
	}
	if !isNull(r.SeatDynamic) {
		if err := json.Unmarshal(r.SeatDynamic, &seats); err != nil {
			return nil, fmt.Errorf("the SeatDynamic list: %w", err)
		}
	}
	x := &supplier.Extras{Kind: supplier.ExtrasLCC}
	lcc := len(bags) > 0 || len(meals) > 0 || len(seats) > 0
	if !lcc && (!isNull(r.Meal) || !isNull(r.SeatPreference)) {
		x.Kind, x.Currency = supplier.ExtrasGDS, accountCurrency
		if x.MealPreferences, err = preferences(r.Meal); err != nil {
			return nil, fmt.Errorf("the Meal list: %w", err)
		}
		if x.SeatPreferences, err = preferences(r.SeatPreference); err != nil {
			return nil, fmt.Errorf("the SeatPreference list: %w", err)
		}
		return x, nil
	}
	keys := keyMaker{}
	for _, j := range seats {
		for _, seg := range j.SegmentSeat {
			var rows [][]json.RawMessage
			for _, row := range seg.RowSeats {
				rows = append(rows, row.Seats)
			}
			m, cur, err := seatMap(rows, keys)
			if err != nil {
				return nil, fmt.Errorf("the SeatDynamic list: %w", err)
			}
			if m != nil {
				x.SeatMaps = append(x.SeatMaps, *m)
				x.Currency = cmp(x.Currency, cur)
			}
		}
	}
	mealKeys, bagKeys := keyMaker{}, keyMaker{}
	for _, list := range meals {
		groups, err := itemGroups(list, NoMeal, mealKeys)
		if err != nil {
			return nil, fmt.Errorf("the MealDynamic list: %w", err)
		}
		for _, g := range groups {
			mg := supplier.MealGroup{Flight: g.flight, None: g.none}
			for k, it := range g.items {
				desc := strings.TrimSpace(string(it.AirlineDescription))
				if desc == "" {
					desc = string(it.Code)
				}
				mg.Items = append(mg.Items, supplier.MealItem{Code: string(it.Code), Description: desc, Price: supplier.Amount{Decimal: it.Price.Decimal},
					Included: string(it.Description) == ssrIncluded, Item: g.raw[k]})
			}
			mg.Items = orNone(mg.Items)
			x.Meals = append(x.Meals, mg)
			x.Currency = cmp(x.Currency, g.currency)
		}
	}
	for _, list := range bags {
		groups, err := itemGroups(list, NoBaggage, bagKeys)
		if err != nil {
			return nil, fmt.Errorf("the Baggage list: %w", err)
		}
		for _, g := range groups {
			bg := supplier.BaggageGroup{Flight: g.flight, None: g.none}
			for k, it := range g.items {
				kg := leadingInt(string(it.Weight))
				included := string(it.Description) == ssrIncluded
				desc := strings.TrimSpace(string(it.AirlineDescription))
				switch {
				case desc != "":
				case included:
					desc = fmt.Sprintf("%d kg included", kg)
				default:
					desc = fmt.Sprintf("%d kg extra", kg)
				}
				bg.Items = append(bg.Items, supplier.BaggageItem{Code: string(it.Code), Description: desc, WeightKg: kg,
					Price: supplier.Amount{Decimal: it.Price.Decimal}, Included: included, Item: g.raw[k]})
			}
			bg.Items = orNone(bg.Items)
			x.Baggage = append(x.Baggage, bg)
			x.Currency = cmp(x.Currency, g.currency)
		}
	}
	x.Currency = cmp(x.Currency, accountCurrency)
	return x, nil
}

// cmp is a, else b.
func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func orNone[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func isNull(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || string(raw) == "null"
}

// nestedItems reads a list of lists of items (per journey, then per item);
// a flat list is read as one journey's.
func nestedItems(raw json.RawMessage) ([][]json.RawMessage, error) {
	if isNull(raw) {
		return nil, nil
	}
	var outer []json.RawMessage
	if err := json.Unmarshal(raw, &outer); err != nil {
		return nil, err
	}
	var out [][]json.RawMessage
	var flat []json.RawMessage
	for _, o := range outer {
		o = bytes.TrimSpace(o)
		switch {
		case isNull(o):
		case o[0] == '[':
			var inner []json.RawMessage
			if err := json.Unmarshal(o, &inner); err != nil {
				return nil, err
			}
			out = append(out, inner)
		default:
			flat = append(flat, o)
		}
	}
	if len(flat) > 0 {
		out = append(out, flat)
	}
	return out, nil
}

// preferences reads a full-service answer's Meal or SeatPreference list.
func preferences(raw json.RawMessage) ([]supplier.Preference, error) {
	out := []supplier.Preference{}
	if isNull(raw) {
		return out, nil
	}
	var list []struct {
		Code        Str `json:"Code"`
		Description Str `json:"Description"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	for _, p := range list {
		if code := strings.TrimSpace(string(p.Code)); code != "" {
			out = append(out, supplier.Preference{Code: code, Description: cmp(strings.TrimSpace(string(p.Description)), code)})
		}
	}
	return out, nil
}

// keyMaker gives seat maps and groups their keys, unique among their kind.
type keyMaker map[string]int

func (k keyMaker) flight(airline, number, origin, destination string) supplier.Flight {
	key := strings.Join([]string{airline, number, origin, destination}, "-")
	k[key]++
	if n := k[key]; n > 1 {
		key += "-" + strconv.Itoa(n)
	}
	return supplier.Flight{Key: key, Airline: airline, FlightNumber: number, Origin: origin, Destination: destination}
}

// itemGroup is the items of one journey's list sold on one flight or
// journey.
type itemGroup struct {
	flight   supplier.Flight
	items    []SSRItem
	raw      []json.RawMessage
	none     json.RawMessage
	currency string
}

// itemGroups splits one journey's Baggage or MealDynamic items by what they
// are sold on (airline, flight, origin, destination), in order, each with
// its placeholder (none: the items' code for it); an item whose code was
// seen already in its group is left out.
func itemGroups(list []json.RawMessage, none string, keys keyMaker) ([]itemGroup, error) {
	var groups []*itemGroup
	byFlight := map[[4]string]*itemGroup{}
	for _, raw := range list {
		if isNull(raw) {
			continue
		}
		var it SSRItem
		if err := json.Unmarshal(raw, &it); err != nil {
			return nil, err
		}
		f := [4]string{string(it.AirlineCode), string(it.FlightNumber), string(it.Origin), string(it.Destination)}
		g := byFlight[f]
		if g == nil {
			g = &itemGroup{currency: string(it.Currency)}
			byFlight[f] = g
			groups = append(groups, g)
		}
		g.currency = cmp(g.currency, string(it.Currency))
		switch code := strings.TrimSpace(string(it.Code)); {
		case strings.EqualFold(code, none):
			if g.none == nil {
				g.none = raw
			}
		case code == "" || slices.ContainsFunc(g.items, func(o SSRItem) bool { return string(o.Code) == code }):
		default:
			g.items = append(g.items, it)
			g.raw = append(g.raw, raw)
		}
	}
	out := make([]itemGroup, 0, len(groups))
	for _, g := range groups {
		var first SSRItem
		if len(g.items) > 0 {
			first = g.items[0]
		} else {
			_ = json.Unmarshal(g.none, &first)
		}
		g.flight = keys.flight(string(first.AirlineCode), string(first.FlightNumber), string(first.Origin), string(first.Destination))
		if g.none == nil {
			g.none = placeholder(none, first)
		}
		out = append(out, *g)
	}
	return out, nil
}

// placeholder is a "nothing chosen" item for a group whose answer has none,
// written as the supplier writes its own.
func placeholder(code string, like SSRItem) json.RawMessage {
	way := int(like.WayType)
	if way == 0 {
		way = WaySegment
	}
	currency := cmp(string(like.Currency), accountCurrency)
	item := map[string]any{"AirlineCode": string(like.AirlineCode), "FlightNumber": string(like.FlightNumber), "WayType": way,
		"Code": code, "Description": 2, "Currency": currency, "Price": 0, "Origin": string(like.Origin), "Destination": string(like.Destination)}
	if code == NoBaggage {
		item["Weight"] = 0
	} else {
		item["AirlineDescription"], item["Quantity"] = "", 0
	}
	b, _ := json.Marshal(item)
	return b
}

// seatMap reads one flight's rows of seats; nil when it has no seat at all.
func seatMap(rows [][]json.RawMessage, keys keyMaker) (*supplier.SeatMap, string, error) {
	type read struct {
		s   SSRSeat
		raw json.RawMessage
		row int
		col string
	}
	var seats []read
	var none json.RawMessage
	currency := ""
	for _, row := range rows {
		for _, raw := range row {
			if isNull(raw) {
				continue
			}
			var s SSRSeat
			if err := json.Unmarshal(raw, &s); err != nil {
				return nil, "", err
			}
			code := strings.ToUpper(strings.TrimSpace(string(s.Code)))
			if strings.EqualFold(code, NoSeat) {
				none = raw
				continue
			}
			if code == "" || int(s.AvailablityType) == SeatNoSeatHere {
				continue
			}
			rowNo := leadingInt(string(s.RowNo))
			if rowNo == 0 {
				rowNo = leadingInt(code)
			}
			col := strings.ToUpper(strings.TrimSpace(string(s.SeatNo)))
			if col == "" {
				col = strings.TrimLeft(code, "0123456789")
			}
			if rowNo <= 0 || col == "" {
				continue
			}
			seats = append(seats, read{s: s, raw: raw, row: rowNo, col: col})
			currency = cmp(currency, string(s.Currency))
		}
	}
	if len(seats) == 0 {
		return nil, "", nil
	}
	first := seats[0].s
	m := &supplier.SeatMap{None: none, Craft: string(first.CraftType),
		Flight: keys.flight(string(first.AirlineCode), string(first.FlightNumber), string(first.Origin), string(first.Destination))}

	// Columns in letter order, each with the position most of its seats
	// have; an aisle runs between two aisle columns.
	byCol := map[string]map[string]int{}
	for _, r := range seats {
		if byCol[r.col] == nil {
			byCol[r.col] = map[string]int{}
		}
		p, _ := seatKind(int(r.s.SeatType))
		byCol[r.col][p]++
	}
	letters := make([]string, 0, len(byCol))
	for c := range byCol {
		letters = append(letters, c)
	}
	sort.Slice(letters, func(i, j int) bool {
		if len(letters[i]) != len(letters[j]) {
			return len(letters[i]) < len(letters[j])
		}
		return letters[i] < letters[j]
	})
	colPos := map[string]string{}
	for _, c := range letters {
		best, n := "", 0
		for p, k := range byCol[c] {
			if p != "" && (k > n || (k == n && p < best)) {
				best, n = p, k
			}
		}
		colPos[c] = best
	}
	for i, c := range letters {
		if i > 0 && colPos[c] == supplier.SeatAisle && colPos[letters[i-1]] == supplier.SeatAisle {
			m.Columns = append(m.Columns, "")
		}
		m.Columns = append(m.Columns, c)
	}
	if !slices.Contains(m.Columns, "") && len(letters) >= 4 && len(letters)%2 == 0 {
		// Positions unknown: one aisle down the middle.
		half := len(letters) / 2
		m.Columns = append(append(append([]string{}, letters[:half]...), ""), letters[half:]...)
	}
	index := map[string]int{}
	for i, c := range m.Columns {
		if c != "" {
			index[c] = i
		}
	}
	byRow := map[int]*supplier.SeatRow{}
	var rowNos []int
	for _, r := range seats {
		row := byRow[r.row]
		if row == nil {
			row = &supplier.SeatRow{Row: r.row, Seats: make([]*supplier.Seat, len(m.Columns))}
			byRow[r.row] = row
			rowNos = append(rowNos, r.row)
		}
		i := index[r.col]
		if row.Seats[i] != nil {
			continue // the same seat twice: the first stands
		}
		pos, features := seatKind(int(r.s.SeatType))
		if pos == "" {
			pos = positionByLayout(m.Columns, i)
		}
		status := supplier.SeatTaken
		if int(r.s.AvailablityType) == SeatOpen {
			status = supplier.SeatFree
		}
		row.Seats[i] = &supplier.Seat{Code: strings.ToUpper(strings.TrimSpace(string(r.s.Code))), Column: r.col, Status: status,
			Price: supplier.Amount{Decimal: r.s.Price.Decimal}, Position: pos, Features: features, Item: r.raw}
		row.Exit = row.Exit || slices.Contains(features, supplier.FeatureExitRow)
	}
	sort.Ints(rowNos)
	for _, n := range rowNos {
		m.Rows = append(m.Rows, *byRow[n])
	}
	if m.None == nil {
		m.None = seatPlaceholder(first)
	}
	return m, currency, nil
}

// positionByLayout is the position of the seat in column i when its type
// does not say: by the window, by an aisle, or between.
func positionByLayout(columns []string, i int) string {
	switch {
	case i == 0 || i == len(columns)-1:
		return supplier.SeatWindow
	case columns[i-1] == "" || columns[i+1] == "":
		return supplier.SeatAisle
	}
	return supplier.SeatMiddle
}

// seatPlaceholder is a NoSeat item for a flight whose answer has none.
func seatPlaceholder(like SSRSeat) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"AirlineCode": string(like.AirlineCode), "FlightNumber": string(like.FlightNumber),
		"CraftType": string(like.CraftType), "Origin": string(like.Origin), "Destination": string(like.Destination),
		"AvailablityType": SeatNotSet, "Description": 2, "Code": NoSeat, "RowNo": "0", "SeatNo": nil, "SeatType": 0,
		"SeatWayType": WaySegment, "Compartment": 0, "Deck": 0, "Currency": cmp(string(like.Currency), accountCurrency), "Price": 0})
	return b
}

// leadingInt is the number a text starts with ("15 Kg" is 15), or 0.
func leadingInt(s string) int {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(s[:end])
	return n
}
