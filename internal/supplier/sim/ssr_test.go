package sim_test

import (
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// ssrOf asks SSR for a result.
func (e *env) ssrOf(tok, trace string, res map[string]any, headers ...string) map[string]any {
	e.t.Helper()
	return e.air("SSR", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"]}, headers...)
}

func objects(v any) []map[string]any {
	var out []map[string]any
	list, _ := v.([]any)
	for _, x := range list {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// seatRows are the rows of one flight of an SSR answer (row 0 holds the
// NoSeat placeholder).
func seatRows(t *testing.T, ssr map[string]any, journey, flight int) [][]map[string]any {
	t.Helper()
	js := objects(ssr["SeatDynamic"])
	if len(js) <= journey {
		t.Fatalf("SeatDynamic has %d journeys", len(js))
	}
	segs := objects(js[journey]["SegmentSeat"])
	if len(segs) <= flight {
		t.Fatalf("journey %d has %d seat maps", journey, len(segs))
	}
	var rows [][]map[string]any
	for _, r := range objects(segs[flight]["RowSeats"]) {
		rows = append(rows, objects(r["Seats"]))
	}
	return rows
}

// seatWhere is the first seat of rows (row 0 left out) that want accepts.
func seatWhere(rows [][]map[string]any, want func(map[string]any) bool) map[string]any {
	for _, r := range rows[1:] {
		for _, s := range r {
			if want(s) {
				return s
			}
		}
	}
	return nil
}

func isExit(s map[string]any) bool {
	return slices.Contains([]float64{6, 12, 18, 9, 15, 21}, num(s["SeatType"]))
}

func withCode(code string) func(map[string]any) bool {
	return func(m map[string]any) bool { return m["Code"] == code }
}

// lccOn is the first low-cost result of a search whose first flight is on
// one of crafts.
func lccOn(t *testing.T, r map[string]any, crafts ...string) map[string]any {
	t.Helper()
	for _, x := range results(t, r, 0) {
		if x["IsLCC"] == true && slices.Contains(crafts, segments(x)[0][0]["Craft"].(string)) {
			return x
		}
	}
	t.Fatalf("no low-cost result on %v", crafts)
	return nil
}

// A low-cost result sells, per flight, a seat map of its aircraft and
// meals, and per journey extra baggage by weight, each list with its
// "nothing" placeholder; the answer is the same at every ask, across
// searches of the same flight.
func TestSSRSellsSeatsMealsAndBaggage(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	res := lccOn(t, r, "320", "32N")
	ssr := e.ssrOf(tok, r["TraceId"].(string), res)
	if ssr["ResponseStatus"] != 1.0 || ssr["TraceId"] != r["TraceId"] {
		t.Fatalf("SSR: %v", ssr["Error"])
	}
	flights := segments(res)[0]
	first, last := flights[0], flights[len(flights)-1]
	code := first["Airline"].(map[string]any)["AirlineCode"]

	var journeys [][]map[string]any
	for _, j := range ssr["Baggage"].([]any) {
		journeys = append(journeys, objects(j))
	}
	if len(journeys) != 1 || len(journeys[0]) != 6 || journeys[0][0]["Code"] != "NoBaggage" {
		t.Fatalf("baggage %v", journeys)
	}
	prev := 0.0
	for k, b := range journeys[0][1:] {
		if num(b["Weight"]) != []float64{5, 10, 15, 20, 30}[k] || num(b["Price"]) <= prev || b["WayType"] != 2.0 || b["Description"] != 2.0 ||
			b["Origin"] != first["Origin"].(map[string]any)["Airport"].(map[string]any)["AirportCode"] ||
			b["Destination"] != last["Destination"].(map[string]any)["Airport"].(map[string]any)["AirportCode"] || b["AirlineCode"] != code {
			t.Errorf("baggage item %d: %v", k, b)
		}
		prev = num(b["Price"])
	}

	var meals []map[string]any
	for _, j := range ssr["MealDynamic"].([]any) {
		meals = append(meals, objects(j)...)
	}
	for k, f := range flights {
		from := f["Origin"].(map[string]any)["Airport"].(map[string]any)["AirportCode"]
		var mine []map[string]any
		for _, m := range meals {
			if m["Origin"] == from {
				mine = append(mine, m)
			}
		}
		if len(mine) < 4 || len(mine) > 6 || mine[0]["Code"] != "NoMeal" || num(mine[0]["Price"]) != 0 {
			t.Fatalf("meals of flight %d: %v", k, mine)
		}
		for _, m := range mine[1:] {
			if m["AirlineDescription"] == "" || num(m["Price"]) <= 0 || m["Quantity"] != 1.0 || m["WayType"] != 1.0 {
				t.Errorf("meal %v", m)
			}
		}
	}

	rows := seatRows(t, ssr, 0, 0)
	if len(rows) != 31 || len(rows[0]) != 1 || rows[0][0]["Code"] != "NoSeat" || rows[0][0]["RowNo"] != "0" {
		t.Fatalf("%d rows, row 0 %v", len(rows), rows[0])
	}
	taken, free := 0, 0
	for n, row := range rows[1:] {
		if len(row) != 6 {
			t.Fatalf("row %d has %d seats", n+1, len(row))
		}
		for c, s := range row {
			if s["Code"] != fmt.Sprintf("%d%c", n+1, 'A'+c) || s["SeatNo"] != string(rune('A'+c)) || s["RowNo"] != fmt.Sprint(n+1) ||
				s["CraftType"] == "" || s["FlightNumber"] != first["Airline"].(map[string]any)["FlightNumber"] {
				t.Fatalf("seat %v", s)
			}
			switch s["AvailablityType"] {
			case 1.0:
				free++
			case 3.0:
				taken++
			default:
				t.Fatalf("seat %v: a month before departure, nobody has checked in", s)
			}
		}
		exit := n+1 == 12 || n+1 == 13
		if isExit(row[0]) != exit || isExit(row[1]) != exit {
			t.Errorf("row %d: exit %v, seat types %v %v", n+1, exit, row[0]["SeatType"], row[1]["SeatType"])
		}
	}
	if taken == 0 || free == 0 {
		t.Fatalf("%d seats taken, %d free", taken, free)
	}
	window := func(row int) float64 { return num(rows[row][0]["Price"]) }
	if !(window(1) > window(12) && window(12) > window(3) && window(3) > window(8) && window(8) > 0 && window(30) == 0) {
		t.Fatalf("window seat prices by row: 1 %v, 12 %v, 3 %v, 8 %v, 30 %v", window(1), window(12), window(3), window(8), window(30))
	}
	if num(rows[8][1]["Price"]) >= num(rows[8][0]["Price"]) {
		t.Fatalf("a middle seat costs %v, its window %v", rows[8][1]["Price"], rows[8][0]["Price"])
	}

	again := e.ssrOf(tok, r["TraceId"].(string), res)
	r2 := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	var res2 map[string]any
	for _, x := range results(t, r2, 0) {
		if x["ResultIndex"] == res["ResultIndex"] {
			res2 = x
		}
	}
	other := e.ssrOf(tok, r2["TraceId"].(string), res2)
	for _, k := range []string{"Baggage", "MealDynamic", "SeatDynamic"} {
		if !reflect.DeepEqual(ssr[k], again[k]) || !reflect.DeepEqual(ssr[k], other[k]) {
			t.Errorf("%s differs between asks", k)
		}
	}
}

// Within 48 hours of departure, web check-in is open: some taken seats
// are checked in.
func TestSSRSeatsCheckedInNearDeparture(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-02", 2))
	res := lccOn(t, r, "320", "32N", "737", "7M8", "738")
	rows := seatRows(t, e.ssrOf(tok, r["TraceId"].(string), res), 0, 0)
	if seatWhere(rows, func(s map[string]any) bool { return s["AvailablityType"] == 2.0 }) == nil {
		t.Fatal("no seat checked in the day before departure")
	}
}

// Turboprops have a 2-2 cabin.
func TestSSRTurbopropSeatMap(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.search(searchBody(tok, "BOM", "DEL", "2026-03-20", 2))
	for _, x := range results(t, r, 0) {
		if x["IsLCC"] != true {
			continue
		}
		for k, f := range segments(x)[0] {
			if f["Craft"] != "AT7" {
				continue
			}
			rows := seatRows(t, e.ssrOf(tok, r["TraceId"].(string), x), 0, k)
			if len(rows) != 19 || len(rows[1]) != 4 || rows[1][0]["SeatNo"] != "A" || rows[1][1]["SeatNo"] != "C" || rows[1][2]["SeatNo"] != "D" {
				t.Fatalf("ATR rows %d, row 1 %v", len(rows), rows[1])
			}
			return
		}
	}
	t.Fatal("no ATR flight on BOM-DEL")
}

// A full-service result answers the special meals and seat preferences the
// airline takes; Book keeps them, says when a meal is not served, and gives
// an infant no seat.
func TestSSRFullServicePreferences(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, false)
	ssr := e.ssrOf(tok, trace, res)
	if ssr["ResponseStatus"] != 1.0 || ssr["Baggage"] != nil || ssr["SeatDynamic"] != nil {
		t.Fatalf("full-service SSR: %v", ssr)
	}
	meals, seats := objects(ssr["Meal"]), objects(ssr["SeatPreference"])
	for _, code := range []string{"AVML", "VGML", "CHML", "VJML"} {
		if !slices.ContainsFunc(meals, withCode(code)) {
			t.Errorf("no %s in %v", code, meals)
		}
	}
	if !slices.ContainsFunc(seats, withCode("W")) || !slices.ContainsFunc(seats, withCode("A")) {
		t.Fatalf("seat preferences %v", seats)
	}

	p := withFare(lead(), res)
	p["Meal"] = map[string]any{"Code": "VGML", "Description": "Vegetarian Vegan Meal"}
	p["Seat"] = map[string]any{"Code": "W", "Description": "Window"}
	b := e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"],
		"Passengers": []any{p}})
	inner := b["Response"].(map[string]any)
	if b["ResponseStatus"] != 1.0 || inner["SSRDenied"] != false {
		t.Fatalf("Book with preferences: %v %v", b["Error"], inner["SSRMessage"])
	}
	d := e.details(map[string]any{"TokenId": tok, "BookingId": inner["BookingId"]})
	held := objects(d["FlightItinerary"].(map[string]any)["Passenger"])[0]
	if held["Meal"].(map[string]any)["Code"] != "VGML" || held["Seat"].(map[string]any)["Code"] != "W" {
		t.Fatalf("held passenger meal %v seat %v", held["Meal"], held["Seat"])
	}

	trace3, res3 := e.pick(tok, false)
	p["Meal"] = map[string]any{"Code": "XXML", "Description": "Mystery Meal"}
	b = e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace3, "ResultIndex": res3["ResultIndex"],
		"Passengers": []any{withFare(p, res3)}})
	inner = b["Response"].(map[string]any)
	if b["ResponseStatus"] != 1.0 || inner["SSRDenied"] != true || !strings.Contains(fmt.Sprint(inner["SSRMessage"]), "XXML") || num(inner["BookingId"]) == 0 {
		t.Fatalf("Book with a meal not served: %v %v %v", b["Error"], inner["SSRDenied"], inner["SSRMessage"])
	}

	r := e.search(tripSearch(tok, "BOM", "DEL", false, []map[string]any{lead(), infant()}))
	var gds map[string]any
	for _, x := range results(t, r, 0) {
		if x["IsLCC"] == false {
			gds = x
			break
		}
	}
	baby := withFare(infant(), gds)
	baby["Seat"] = map[string]any{"Code": "W", "Description": "Window"}
	b = e.air("Book", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": gds["ResultIndex"],
		"Passengers": []any{withFare(lead(), gds), baby}})
	if _, msg := errorOf(b); b["ResponseStatus"] != 3.0 || !strings.Contains(msg, "infant") {
		t.Fatalf("an infant's seat preference: %v", b["Error"])
	}
}

// family4 are two adults, a child and an infant.
func family4() []map[string]any {
	return []map[string]any{lead(), secondAdult(), traveller("Miss", "Anya", 2, 2, "2018-01-01T00:00:00"), infant()}
}

// The LCC Ticket takes the SSR answer's items, checks each, charges them
// and shows what each passenger bought; a seat sold is taken for the next
// booking.
func TestLCCTicketTakesExtras(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	search := tripSearch(tok, "BOM", "DEL", false, family4())
	r := e.search(search)
	res := lccOn(t, r, "320", "32N")
	trace := r["TraceId"].(string)
	ssr := e.ssrOf(tok, trace, res)
	rows := seatRows(t, ssr, 0, 0)
	var meals []map[string]any
	for _, j := range ssr["MealDynamic"].([]any) {
		meals = append(meals, objects(j)...)
	}
	bags := objects(ssr["Baggage"].([]any)[0])
	noSeat, noMeal, noBag := rows[0][0], meals[0], bags[0]
	paid := seatWhere(rows, func(s map[string]any) bool { return s["AvailablityType"] == 1.0 && num(s["Price"]) > 0 && !isExit(s) })
	free := seatWhere(rows, func(s map[string]any) bool { return s["AvailablityType"] == 1.0 && num(s["Price"]) == 0 })
	exit := seatWhere(rows, func(s map[string]any) bool { return s["AvailablityType"] == 1.0 && isExit(s) })
	taken := seatWhere(rows, func(s map[string]any) bool { return s["AvailablityType"] == 3.0 })
	if paid == nil || free == nil || exit == nil || taken == nil {
		t.Fatalf("seats paid %v free %v exit %v taken %v", paid, free, exit, taken)
	}
	meal, bag10 := meals[1], bags[2]
	list := func(items ...map[string]any) []any {
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = it
		}
		return out
	}
	type extras struct{ bag, meal, seat map[string]any }
	ticket := func(ex [4]extras) map[string]any {
		var ps []any
		for i, p := range family4() {
			p = withFare(p, res)
			x := ex[i]
			p["Baggage"], p["MealDynamic"], p["SeatDynamic"] = list(noBag), list(noMeal), list(noSeat)
			if x.bag != nil {
				p["Baggage"] = list(x.bag)
			}
			if x.meal != nil {
				p["MealDynamic"] = list(x.meal)
			}
			if x.seat != nil {
				p["SeatDynamic"] = list(x.seat)
			}
			ps = append(ps, p)
		}
		return e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"],
			"AgentReferenceNo": "PT-7", "Passengers": ps})
	}
	changed := func(item map[string]any, key string, v any) map[string]any {
		out := map[string]any{}
		for k, x := range item {
			out[k] = x
		}
		out[key] = v
		return out
	}
	for name, tc := range map[string]struct {
		ex   [4]extras
		want string
	}{
		"an unknown meal":       {[4]extras{{meal: changed(meal, "Code", "ZZZZ")}}, `Invalid MealDynamic "ZZZZ" for passenger 1`},
		"a seat at a discount":  {[4]extras{{seat: changed(paid, "Price", num(paid["Price"])-50)}}, "costs"},
		"a taken seat":          {[4]extras{{seat: taken}}, "is not available"},
		"a seat for an infant":  {[4]extras{3: {seat: free}}, "infant (passenger 4)"},
		"a child in an exit":    {[4]extras{2: {seat: exit}}, "Passenger 3 is a child"},
		"one seat for two":      {[4]extras{{seat: paid}, {seat: paid}}, "selected for passengers 1 and 2"},
		"baggage for an infant": {[4]extras{3: {bag: bag10}}, "infant (passenger 4)"},
		"another flight's seat": {[4]extras{{seat: changed(paid, "Origin", "GOI")}}, "not offered"},
	} {
		tk := ticket(tc.ex)
		if _, msg := errorOf(tk); tk["ResponseStatus"] != 3.0 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %v, want %q", name, tk["Error"], tc.want)
		}
	}
	if n := e.sim.StoredBookings(); n != 0 {
		t.Fatalf("refused tickets stored %d bookings", n)
	}

	tk := ticket([4]extras{{bag: bag10, meal: meal, seat: paid}, {seat: free}, {meal: meal}, {}})
	inner := tk["Response"].(map[string]any)
	if tk["ResponseStatus"] != 1.0 || inner["TicketStatus"] != 1.0 {
		t.Fatalf("ticket: %v", tk["Error"])
	}
	d := e.details(map[string]any{"TokenId": tok, "BookingId": inner["BookingId"]})
	it := d["FlightItinerary"].(map[string]any)
	f := it["Fare"].(map[string]any)
	if num(f["TotalSeatCharges"]) != num(paid["Price"]) || num(f["TotalMealCharges"]) != 2*num(meal["Price"]) ||
		num(f["TotalBaggageCharges"]) != num(bag10["Price"]) || num(f["PublishedFare"]) != num(fare(res)["PublishedFare"]) {
		t.Fatalf("fare %v; seat %v meal %v baggage %v", f, paid["Price"], meal["Price"], bag10["Price"])
	}
	invoice := objects(it["Invoice"])[0]
	want := num(f["OfferedFare"]) + num(paid["Price"]) + 2*num(meal["Price"]) + num(bag10["Price"])
	if diff := num(invoice["InvoiceAmount"]) - want; diff > 0.001 || diff < -0.001 {
		t.Fatalf("invoice %v, want %v", invoice["InvoiceAmount"], want)
	}
	pax := objects(it["Passenger"])
	first := pax[0]
	info := objects(first["SegmentAdditionalInfo"])[0]
	allowance := segments(res)[0][0]["Baggage"].(string)
	var fareKg int
	_, _ = fmt.Sscanf(allowance, "%d", &fareKg)
	if info["Seat"] != paid["Code"] || info["Meal"] != meal["Code"] || info["Baggage"] != fmt.Sprintf("%d Kg", fareKg+10) {
		t.Fatalf("lead's first flight: %v (allowance %s)", info, allowance)
	}
	if objects(first["SeatDynamic"])[0]["Code"] != paid["Code"] || objects(first["MealDynamic"])[0]["Code"] != meal["Code"] ||
		objects(first["Baggage"])[0]["Code"] != bag10["Code"] || num(first["Fare"].(map[string]any)["TotalSeatCharges"]) != num(paid["Price"]) {
		t.Fatalf("lead's items: %v %v %v", first["SeatDynamic"], first["MealDynamic"], first["Baggage"])
	}
	if info := objects(pax[1]["SegmentAdditionalInfo"])[0]; info["Seat"] != free["Code"] || info["Meal"] != "" || info["Baggage"] != allowance {
		t.Fatalf("second adult's first flight: %v", info)
	}
	if pax[3]["SeatDynamic"] != nil || objects(pax[3]["SegmentAdditionalInfo"])[0]["Seat"] != "" {
		t.Fatalf("the infant holds a seat: %v", pax[3])
	}

	// The admin listing shows what each passenger bought, placeholders left out.
	var listed []sim.PassengerInfo
	for _, b := range e.simBookings() {
		if float64(b.BookingID) == inner["BookingId"] {
			listed = b.Passengers
		}
	}
	flight := func(item map[string]any) string {
		return item["AirlineCode"].(string) + " " + item["FlightNumber"].(string)
	}
	item := func(kind string, it map[string]any) sim.ItemInfo {
		return sim.ItemInfo{Kind: kind, Flight: flight(it), Code: it["Code"].(string), Price: fmt.Sprintf("%.2f", num(it["Price"]))}
	}
	wantItems := [][]sim.ItemInfo{
		{item("seat", paid), item("meal", meal), item("baggage", bag10)},
		{item("seat", free)},
		{item("meal", meal)},
		{},
	}
	if len(listed) != 4 {
		t.Fatalf("listed passengers %+v", listed)
	}
	for i, p := range listed {
		if !reflect.DeepEqual(p.Items, wantItems[i]) || p.PaxType != []int{1, 1, 2, 3}[i] {
			t.Errorf("passenger %d listed %+v, want %+v", i+1, p, wantItems[i])
		}
	}

	// The seats sold are taken now, for this trace and any other.
	again := seatRows(t, e.ssrOf(tok, trace, res), 0, 0)
	if s := seatWhere(again, withCode(paid["Code"].(string))); s["AvailablityType"] != 3.0 {
		t.Fatalf("a sold seat: %v", s)
	}
	r2 := e.search(search)
	var res2 map[string]any
	for _, x := range results(t, r2, 0) {
		if x["ResultIndex"] == res["ResultIndex"] {
			res2 = x
		}
	}
	p := withFare(lead(), res2)
	p["SeatDynamic"] = list(paid)
	ps := []any{p}
	for _, q := range family4()[1:] {
		ps = append(ps, withFare(q, res2))
	}
	tk = e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r2["TraceId"], "ResultIndex": res2["ResultIndex"],
		"AgentReferenceNo": "PT-8", "Passengers": ps})
	if _, msg := errorOf(tk); tk["ResponseStatus"] != 3.0 || !strings.Contains(msg, "is not available") {
		t.Fatalf("a seat sold to another booking: %v", tk["Error"])
	}
}

// An international low-cost fare's baggage allowance is an item of the SSR
// answer, granted only when the Ticket sends it back.
func TestInternationalLCCBaggageIsClaimed(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	search := searchBody(tok, "BOM", "DXB", "2026-03-20", 2)
	book := func(claim bool, extra int) map[string]any {
		r := e.search(search)
		var res map[string]any
		for _, x := range results(t, r, 0) {
			if x["IsLCC"] == true && len(segments(x)[0]) == 1 {
				res = x
				break
			}
		}
		ssr := e.ssrOf(tok, r["TraceId"].(string), res)
		bags := objects(ssr["Baggage"].([]any)[0])
		var inc map[string]any
		for _, b := range bags {
			if b["Description"] == 1.0 {
				inc = b
			}
		}
		if inc == nil || num(inc["Price"]) != 0 || fmt.Sprintf("%v Kg", inc["Weight"]) != segments(res)[0][0]["Baggage"] {
			t.Fatalf("included baggage %v, allowance %v", inc, segments(res)[0][0]["Baggage"])
		}
		p := withFare(lead(), res)
		var items []any
		if claim {
			items = append(items, inc)
		}
		for _, b := range bags {
			if num(b["Weight"]) == float64(extra) && b["Description"] == 2.0 {
				items = append(items, b)
			}
		}
		if len(items) > 0 {
			p["Baggage"] = items
		}
		tk := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": r["TraceId"], "ResultIndex": res["ResultIndex"],
			"AgentReferenceNo": "PT-9", "Passengers": []any{p}})
		if tk["ResponseStatus"] != 1.0 {
			t.Fatalf("ticket: %v", tk["Error"])
		}
		id := tk["Response"].(map[string]any)["BookingId"]
		d := e.details(map[string]any{"TokenId": tok, "BookingId": id})
		return objects(d["FlightItinerary"].(map[string]any)["Passenger"])[0]
	}
	if info := objects(book(false, 0)["SegmentAdditionalInfo"])[0]; info["Baggage"] != "0 Kg" {
		t.Fatalf("allowance not claimed: %v", info["Baggage"])
	}
	held := book(true, 5)
	if info := objects(held["SegmentAdditionalInfo"])[0]; info["Baggage"] != "25 Kg" {
		t.Fatalf("allowance claimed and 5 kg bought: %v", info["Baggage"])
	}
	if n := len(objects(held["Baggage"])); n != 2 || num(held["Fare"].(map[string]any)["TotalBaggageCharges"]) <= 0 {
		t.Fatalf("held baggage %v, charged %v", held["Baggage"], held["Fare"].(map[string]any)["TotalBaggageCharges"])
	}
}

// SSR fails, waits and expires like any other call: per-call headers, the
// run-time fault overrides, an expired trace, an unknown result.
func TestSSRFaults(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	trace, res := e.pick(tok, true)
	r := e.ssrOf(tok, trace, res, sim.HeaderError, "true")
	if code, msg := errorOf(r); r["ResponseStatus"] != 2.0 || code == 0 || !strings.Contains(msg, "SSR") {
		t.Fatalf("forced error: %v", r)
	}
	if code := e.admin(http.MethodPut, "faults", `{"ssr": {"error": "true"}}`, nil); code != http.StatusOK {
		t.Fatalf("PUT faults: HTTP %d", code)
	}
	if r := e.ssrOf(tok, trace, res); r["ResponseStatus"] != 2.0 {
		t.Fatalf("under the override: %v", r)
	}
	var faults map[string]sim.Fault
	if e.admin(http.MethodGet, "faults", "", &faults); faults["SSR"].Error != "true" {
		t.Fatalf("faults %v", faults)
	}
	e.admin(http.MethodDelete, "faults", "", nil)
	if r := e.ssrOf(tok, trace, res); r["ResponseStatus"] != 1.0 {
		t.Fatalf("after the override: %v", r["Error"])
	}
	if _, per, err := sim.ParseLatencies("SSR=2s;*=0"); err != nil || per["SSR"].String() != "2s" {
		t.Fatalf("SSR latency: %v %v", per, err)
	}
	bad := map[string]any{"ResultIndex": "OB999[TBO]x"}
	if r := e.ssrOf(tok, trace, bad); r["ResponseStatus"] != 3.0 {
		t.Fatalf("an unknown result: %v", r)
	}
	if r := e.air("SSR", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "BookingId": 123}); r["ResponseStatus"] != 3.0 {
		t.Fatalf("extras after ticketing: %v", r)
	}
	e.clock.Advance(16 * time.Minute)
	if r := e.ssrOf(tok, trace, res); r["ResponseStatus"] != 4.0 {
		t.Fatalf("an expired trace: %v", r)
	}
	if n := e.sim.Calls("SSR"); n != 6 {
		t.Fatalf("SSR calls %d, want 6", n)
	}
}

// Extras that rose at Ticket: the items sent at the SSR answer's prices are
// a price change (nothing issued, the itinerary at the new prices), SSR
// answers the new prices from then on, and the items sent again at those
// prices are ticketed.
func TestLCCExtrasPriceChangeAtTicket(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{})
	tok := e.token()
	r := e.search(tripSearch(tok, "BOM", "DEL", false, []map[string]any{lead()}))
	res := lccOn(t, r, "320", "32N")
	trace := r["TraceId"].(string)
	paidSeat := func(ssr map[string]any, code string) map[string]any {
		return seatWhere(seatRows(t, ssr, 0, 0), func(s map[string]any) bool {
			return s["AvailablityType"] == 1.0 && num(s["Price"]) > 0 && (code == "" || s["Code"] == code)
		})
	}
	seat := paidSeat(e.ssrOf(tok, trace, res), "")
	if seat == nil {
		t.Fatal("no paid seat on sale")
	}
	ticket := func(seat map[string]any, headers ...string) map[string]any {
		p := withFare(lead(), res)
		p["SeatDynamic"] = []any{seat}
		return e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"],
			"AgentReferenceNo": "PT-9", "Passengers": []any{p}}, headers...)
	}
	charges := func(tk map[string]any) float64 {
		it := tk["Response"].(map[string]any)["FlightItinerary"].(map[string]any)
		return num(it["Fare"].(map[string]any)["TotalSeatCharges"])
	}

	tk := ticket(seat, sim.HeaderExtrasPriceChange, "true")
	inner := tk["Response"].(map[string]any)
	if tk["ResponseStatus"] != 1.0 || inner["TicketStatus"] != 8.0 || inner["IsPriceChanged"] != true {
		t.Fatalf("a ticket whose seat rose: %v %v", tk["Error"], inner["TicketStatus"])
	}
	risen := paidSeat(e.ssrOf(tok, trace, res), seat["Code"].(string))
	if risen == nil || num(risen["Price"]) <= num(seat["Price"]) || charges(tk) != num(risen["Price"]) {
		t.Fatalf("seat %v at %v, now %v; the answer charges %v", seat["Code"], seat["Price"], risen, charges(tk))
	}
	if n := e.sim.StoredBookings(); n != 0 {
		t.Fatalf("a price change stored %d bookings", n)
	}
	// Sent again at the old price: still a change; at the new one: issued.
	if tk := ticket(seat); tk["Response"].(map[string]any)["TicketStatus"] != 8.0 {
		t.Fatalf("the old price again: %v", tk)
	}
	tk = ticket(risen)
	if inner := tk["Response"].(map[string]any); tk["ResponseStatus"] != 1.0 || inner["TicketStatus"] != 1.0 || charges(tk) != num(risen["Price"]) {
		t.Fatalf("at the new price: %v", tk["Error"])
	}
}

// A seat sold on a ticket that is then cancelled is on sale again, to the
// next traveller on the same flight.
func TestCancelledSeatIsOnSaleAgain(t *testing.T) {
	t.Parallel()
	e := setup(t, sim.Options{Cancellations: &sim.Cancellations{InstantLCC: 1}})
	tok := e.token()
	r := e.search(tripSearch(tok, "BOM", "DEL", false, []map[string]any{lead()}))
	res := lccOn(t, r, "320", "32N")
	trace := r["TraceId"].(string)
	seat := seatWhere(seatRows(t, e.ssrOf(tok, trace, res), 0, 0), func(s map[string]any) bool { return s["AvailablityType"] == 1.0 })
	p := withFare(lead(), res)
	p["SeatDynamic"] = []any{seat}
	tk := e.air("Ticket", map[string]any{"EndUserIp": "10.0.0.1", "TokenId": tok, "TraceId": trace, "ResultIndex": res["ResultIndex"],
		"AgentReferenceNo": "PT-10", "Passengers": []any{p}})
	inner := tk["Response"].(map[string]any)
	if tk["ResponseStatus"] != 1.0 || inner["TicketStatus"] != 1.0 {
		t.Fatalf("ticket: %v", tk["Error"])
	}
	code := seat["Code"].(string)
	state := func() any {
		return seatWhere(seatRows(t, e.ssrOf(tok, trace, res), 0, 0), withCode(code))["AvailablityType"]
	}
	if got := state(); got != 3.0 {
		t.Fatalf("seat %s sold: availability %v", code, got)
	}
	id := num(inner["BookingId"])
	if crs := e.change(changeBody(tok, id, nil)); len(crs) != 1 {
		t.Fatalf("cancel: %v", crs)
	}
	if got := state(); got != 1.0 {
		t.Fatalf("seat %s after its ticket was cancelled: availability %v", code, got)
	}
}
