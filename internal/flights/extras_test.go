package flights_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// familyBook is the book body of two adults and a child on result index of
// trace, with extras (nil: none).
func familyBook(trace, index string, extras []supplier.Choice) map[string]any {
	body := bookBody(trace, index, true)
	body["passengers"] = []map[string]any{
		{"Title": "Mr", "FirstName": "Ravi", "LastName": "Kumar", "PaxType": 1, "DateOfBirth": "1988-05-04", "Gender": 1,
			"ContactNo": "9876543210", "Email": "flyer@example.in", "IsLeadPax": true},
		{"Title": "Mrs", "FirstName": "Asha", "LastName": "Kumar", "PaxType": 1, "DateOfBirth": "1990-02-11", "Gender": 2},
		{"Title": "Master", "FirstName": "Dev", "LastName": "Kumar", "PaxType": 2, "DateOfBirth": "2019-08-20", "Gender": 1},
	}
	if extras != nil {
		body["extras"] = extras
	}
	return body
}

// lccOffer searches a one-way low-cost BOM→DEL trip tomorrow for adults
// and children with c's session, and answers the first low-cost result's
// trace, index and extras, failing unless it sells seats.
func lccOffer(t *testing.T, c *apitest.Client, adults, children int) (trace, index string, x supplier.Extras) {
	t.Helper()
	res := c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{
		"origin": "BOM", "destination": "DEL", "departDate": tomorrow(), "cabinClass": 2, "adults": adults, "children": children,
		"infants": 0, "sources": []string{"LCC"},
	})
	var s searchResp
	res.JSON(t, &s)
	if res.StatusCode != 200 || len(s.Data.Response.Results) == 0 {
		t.Fatalf("search = %d %s", res.StatusCode, truncate(res.Body))
	}
	r := pick(t, s, true)
	res = c.Do("POST", "/api/v1/flights/tbo/extras", map[string]string{"traceId": s.Data.Response.TraceId, "resultIndex": r.ResultIndex})
	var offer struct {
		Data supplier.Extras `json:"data"`
	}
	res.JSON(t, &offer)
	if res.StatusCode != 200 || offer.Data.Kind != supplier.ExtrasLCC || len(offer.Data.SeatMaps) == 0 {
		t.Fatalf("extras = %d %s", res.StatusCode, truncate(res.Body))
	}
	return s.Data.Response.TraceId, r.ResultIndex, offer.Data
}

// A family of two adults and a child on a low-cost fare takes two paid seats
// side by side, a meal for one adult and 15 kg for the child: the booking,
// the payment order and the gateway charge exactly the fare plus those
// prices, and the supplier's ticket record holds each passenger's items.
func TestFamilyBuysSeatsMealAndBaggage(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := signIn(t, env, "family@example.in")

	trace, index, x := lccOffer(t, c, 2, 1)
	if len(x.Meals) == 0 || len(x.Baggage) == 0 {
		t.Fatalf("extras without meals or baggage: %+v", x)
	}

	// Two free-to-choose paid seats next to each other, out of the exit rows.
	seatMap := x.SeatMaps[0]
	var pair [2]*supplier.Seat
	for _, row := range seatMap.Rows {
		for i := 0; i+1 < len(row.Seats) && pair[0] == nil; i++ {
			a, b := row.Seats[i], row.Seats[i+1]
			if !row.Exit && a != nil && b != nil && a.Status == supplier.SeatFree && b.Status == supplier.SeatFree &&
				a.Price.IsPositive() && b.Price.IsPositive() {
				pair = [2]*supplier.Seat{a, b}
			}
		}
	}
	if pair[0] == nil {
		t.Fatalf("no two paid seats side by side on %s", seatMap.Key)
	}
	meals := x.Meals[0]
	meal := meals.Items[slices.IndexFunc(meals.Items, func(m supplier.MealItem) bool { return m.Price.IsPositive() })]
	bags := x.Baggage[0]
	i15 := slices.IndexFunc(bags.Items, func(b supplier.BaggageItem) bool { return b.WeightKg == 15 && !b.Included })
	if i15 < 0 {
		t.Fatalf("no 15 kg on sale: %+v", bags.Items)
	}
	bag := bags.Items[i15]
	choices := []supplier.Choice{
		{Seats: map[string]string{seatMap.Key: pair[0].Code}, Meals: map[string]string{meals.Key: meal.Code}},
		{Seats: map[string]string{seatMap.Key: pair[1].Code}},
		{Baggage: map[string]string{bags.Key: bag.Code}},
	}
	want := pair[0].Price.Add(pair[1].Price.Decimal).Add(meal.Price.Decimal).Add(bag.Price.Decimal)

	// A seat given twice is the traveller's input at fault, and books nothing.
	twice := []supplier.Choice{choices[0], {Seats: map[string]string{seatMap.Key: pair[0].Code}}}
	res := c.Do("POST", "/api/v1/flights/tbo/book", familyBook(trace, index, twice))
	var refused struct{ Error, Field string }
	res.JSON(t, &refused)
	if res.StatusCode != 400 || refused.Error != "invalid_field" || refused.Field != "extras.1.seats" {
		t.Fatalf("a seat chosen twice = %d %s", res.StatusCode, res.Body)
	}

	res = c.Do("POST", "/api/v1/flights/tbo/book", familyBook(trace, index, choices))
	var b struct {
		Booking struct {
			ID          string          `json:"_id"`
			Price       decimal.Decimal `json:"price"`
			ExtrasPrice decimal.Decimal `json:"extrasPrice"`
			Extras      []struct {
				Passenger int             `json:"passenger"`
				Kind      string          `json:"kind"`
				Code      string          `json:"code"`
				Price     decimal.Decimal `json:"price"`
			} `json:"extras"`
		} `json:"booking"`
	}
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.ID == "" {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	if !b.Booking.ExtrasPrice.Equal(want) {
		t.Fatalf("extras cost %s, want %s", b.Booking.ExtrasPrice, want)
	}
	got := []string{}
	for _, l := range b.Booking.Extras {
		got = append(got, fmt.Sprintf("%d %s %s %s", l.Passenger, l.Kind, l.Code, l.Price.StringFixed(2)))
	}
	wantLines := []string{
		fmt.Sprintf("0 seat %s %s", pair[0].Code, pair[0].Price.StringFixed(2)),
		fmt.Sprintf("0 meal %s %s", meal.Code, meal.Price.StringFixed(2)),
		fmt.Sprintf("1 seat %s %s", pair[1].Code, pair[1].Price.StringFixed(2)),
		fmt.Sprintf("2 baggage %s %s", bag.Code, bag.Price.StringFixed(2)),
	}
	if !slices.Equal(got, wantLines) {
		t.Fatalf("extras lines %q, want %q", got, wantLines)
	}

	// The order is for the fare and the extras, to the paisa.
	total := b.Booking.Price.Add(want)
	before := trip(t, c, b.Booking.ID)
	if !decimal.RequireFromString(before.Booking.AmountDue).Equal(total) {
		t.Fatalf("due %s, want %s", before.Booking.AmountDue, total)
	}
	o, _ := pay(t, env, c, b.Booking.ID, "upi", "success")
	if !decimal.RequireFromString(o.Payment.Amount).Equal(total) {
		t.Fatalf("order of %s, want %s", o.Payment.Amount, total)
	}
	for _, rec := range env.Gateway.Orders() {
		if rec.Order.ID == o.Payment.OrderID && rec.Order.Amount != total.Shift(2).IntPart() {
			t.Fatalf("gateway order of %d paise, want %s", rec.Order.Amount, total)
		}
	}
	v := waitStatus(t, c, b.Booking.ID, "ticketed")

	// The supplier's record: each passenger's seat, meal and baggage.
	res = c.Do("POST", "/api/v1/flights/tbo/booking-details", map[string]any{"bookingId": v.Booking.BookingId})
	var d struct {
		Data struct {
			Response struct {
				FlightItinerary struct {
					Passenger []struct {
						FirstName   string
						SeatDynamic []struct{ Code string }
						MealDynamic []struct{ Code string }
						Baggage     []struct{ Code string }
					}
				}
			}
		} `json:"data"`
	}
	res.JSON(t, &d)
	pax := d.Data.Response.FlightItinerary.Passenger
	if res.StatusCode != 200 || len(pax) != 3 {
		t.Fatalf("details = %d %s", res.StatusCode, truncate(res.Body))
	}
	codes := func(items []struct{ Code string }) []string {
		out := []string{}
		for _, it := range items {
			out = append(out, it.Code)
		}
		return out
	}
	held := map[string][3][]string{}
	for _, p := range pax {
		held[p.FirstName] = [3][]string{codes(p.SeatDynamic), codes(p.MealDynamic), codes(p.Baggage)}
	}
	check := func(name string, kind int, code string) {
		t.Helper()
		if !slices.Contains(held[name][kind], code) {
			raw, _ := json.Marshal(held)
			t.Fatalf("%s's ticket record lacks %s: %s", name, code, raw)
		}
	}
	check("RAVI", 0, pair[0].Code)
	check("RAVI", 1, meal.Code)
	check("ASHA", 0, pair[1].Code)
	check("DEV", 2, bag.Code)
	if slices.Contains(held["ASHA"][1], meal.Code) || slices.Contains(held["DEV"][0], pair[0].Code) {
		t.Fatalf("items on the wrong passenger: %+v", held)
	}

	// The e-ticket and the ticket e-mail list them too; the e-mail's total is
	// what was paid.
	ticket := pdfText(t, download(t, c, b.Booking.ID, "e-ticket"))
	for _, want := range []string{"Seats, meals and baggage", "Seat " + pair[0].Code, "Seat " + pair[1].Code, meal.Description, bag.Description} {
		if !strings.Contains(ticket, want) {
			t.Errorf("the e-ticket lacks %q:\n%s", want, ticket)
		}
	}
	waitFor(t, 10*time.Second, "the ticket e-mail", func() bool {
		for _, m := range env.Mail.All() {
			if m.Kind == "ticket_issued" && strings.Contains(m.Body, "Seat "+pair[1].Code) &&
				strings.Contains(m.Body, mailtmpl.Money(total, "INR")) {
				return true
			}
		}
		return false
	})
}

// The airline moves the price of a seat at ticketing, after the traveller
// paid: the booking waits with the fare unchanged and the seat's new price,
// owing the difference; paid, the ticket is issued with the same seat at
// its new price, and the booking keeps that price.
func TestMovedExtrasAfterPayment(t *testing.T) {
	t.Parallel()
	var moved atomic.Bool
	moved.Store(true)
	env := apitest.New(t, apitest.Options{SimMiddleware: func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isCall(r, "Ticket") && moved.Load() {
				r.Header.Set(sim.HeaderExtrasPriceChange, "true")
			}
			next.ServeHTTP(w, r)
		})
	}})
	c := signIn(t, env, "moved-seat@example.in")
	trace, index, x := lccOffer(t, c, 1, 0)
	seatMap := x.SeatMaps[0]
	var seat *supplier.Seat
	for _, row := range seatMap.Rows {
		for _, st := range row.Seats {
			if seat == nil && st != nil && st.Status == supplier.SeatFree && st.Price.IsPositive() {
				seat = st
			}
		}
	}
	if seat == nil {
		t.Fatalf("no paid seat on %s", seatMap.Key)
	}
	res := c.Do("POST", "/api/v1/flights/tbo/book", func() map[string]any {
		body := bookBody(trace, index, true)
		body["extras"] = []supplier.Choice{{Seats: map[string]string{seatMap.Key: seat.Code}}}
		return body
	}())
	var b outcome
	res.JSON(t, &b)
	if res.StatusCode != 200 {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	pay(t, env, c, b.Booking.ID, "upi", "success")

	var v tripView
	waitFor(t, 20*time.Second, "the seat's new price", func() bool {
		v = trip(t, c, b.Booking.ID)
		return v.Booking.PriceChanged
	})
	fare, was := decimal.RequireFromString(v.Booking.Price), decimal.RequireFromString(v.Booking.ExtrasPrice)
	if v.Booking.NewExtrasPrice == "" || v.Booking.Status == "ticketed" {
		t.Fatalf("after the seat's price moved: %+v", v.Booking)
	}
	now := decimal.RequireFromString(v.Booking.NewExtrasPrice)
	if !was.Equal(seat.Price.Decimal) || !now.GreaterThan(was) || (v.Booking.NewPrice != "" && !decimal.RequireFromString(v.Booking.NewPrice).Equal(fare)) {
		t.Fatalf("seat at %s, then %s (fare %s, new fare %q)", was, now, fare, v.Booking.NewPrice)
	}
	if due := decimal.RequireFromString(v.Booking.AmountDue); !due.Equal(now.Sub(was)) {
		t.Fatalf("owing %s, want the seat's difference %s", due, now.Sub(was))
	}
	o := openOrder(t, c, b.Booking.ID)
	if o.Payment.Amount != v.Booking.AmountDue {
		t.Fatalf("difference order of %s, due %s", o.Payment.Amount, v.Booking.AmountDue)
	}
	moved.Store(false)
	fields, err := env.Gateway.Pay(o.Payment.OrderID, "upi", "success")
	if err != nil {
		t.Fatal(err)
	}
	callback(t, env, fields.Form())
	v = waitStatus(t, c, b.Booking.ID, "ticketed")
	if !decimal.RequireFromString(v.Booking.ExtrasPrice).Equal(now) || !decimal.RequireFromString(v.Booking.Paid).Equal(fare.Add(now)) ||
		len(v.Payments) != 2 {
		t.Fatalf("ticketed with the seat at %s: %+v", now, v)
	}
	// The supplier issued the same seat at its new price.
	res = c.Do("POST", "/api/v1/flights/tbo/booking-details", map[string]any{"bookingId": v.Booking.BookingId})
	var d struct {
		Data struct {
			Response struct {
				FlightItinerary struct {
					Passenger []struct {
						SeatDynamic []struct {
							Code  string
							Price decimal.Decimal
						}
					}
				}
			}
		} `json:"data"`
	}
	res.JSON(t, &d)
	pax := d.Data.Response.FlightItinerary.Passenger
	if len(pax) != 1 || len(pax[0].SeatDynamic) != 1 || pax[0].SeatDynamic[0].Code != seat.Code || !pax[0].SeatDynamic[0].Price.Equal(now) {
		t.Fatalf("the supplier's record: %s", truncate(res.Body))
	}
}
