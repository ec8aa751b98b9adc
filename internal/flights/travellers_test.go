package flights_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// searchFor searches BOM → DEL tomorrow for these travellers.
func searchFor(t *testing.T, c *apitest.Client, adults, children, infants int) searchResp {
	t.Helper()
	res := c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{
		"origin": "BOM", "destination": "DEL", "departDate": tomorrow(), "cabinClass": 2,
		"adults": adults, "children": children, "infants": infants, "sources": []string{"GDS", "LCC"},
	})
	var s searchResp
	res.JSON(t, &s)
	if res.StatusCode != 200 || len(s.Data.Response.Results) == 0 || len(s.Data.Response.Results[0]) == 0 {
		t.Fatalf("search = %d %s", res.StatusCode, truncate(res.Body))
	}
	return s
}

// familyBody books 2 adults, a child of 8 and an infant of 1 on the fare.
func familyBody(trace, index string, lcc bool) map[string]any {
	b := bookBody(trace, index, lcc)
	lead := b["passengers"].([]map[string]any)[0]
	lead["IsLeadPax"] = true
	b["passengers"] = []map[string]any{
		lead,
		{"Title": "Mrs", "FirstName": "Meera", "LastName": "Kumar", "PaxType": 1, "DateOfBirth": "1990-02-11", "Gender": 2, "FFAirlineCode": "AI", "FFNumber": "ai 1234567"},
		{"Title": "Mstr", "FirstName": "Kabir", "LastName": "Kumar", "PaxType": 2, "DateOfBirth": "2018-06-20", "Gender": 1, "MealCode": "CHML"},
		{"Title": "Miss", "FirstName": "Tara", "LastName": "Kumar", "PaxType": 3, "DateOfBirth": "2025-09-01", "Gender": 2},
	}
	return b
}

type detailsPax struct {
	FirstName, LastName, PAN, PassportNo, FFNumber, GSTNumber, GSTCompanyName string
	PaxType                                                                   int
	IsLeadPax                                                                 bool
	Meal                                                                      *struct{ Code string }
	Ticket                                                                    *struct{ TicketNumber string }
}

// supplierPassengers are the passengers the supplier holds for the booking,
// read through the booking-details route.
func supplierPassengers(t *testing.T, c *apitest.Client, bookingID int64) []detailsPax {
	t.Helper()
	var d struct {
		Data struct {
			Response struct {
				FlightItinerary struct{ Passenger []detailsPax }
			}
		}
	}
	res := c.Do("POST", "/api/v1/flights/tbo/booking-details", map[string]any{"bookingId": bookingID})
	res.JSON(t, &d)
	if res.StatusCode != 200 {
		t.Fatalf("details = %d %s", res.StatusCode, truncate(res.Body))
	}
	return d.Data.Response.FlightItinerary.Passenger
}

// A family of two adults, a child and an infant is booked and ticketed as
// four passengers of their types, each with what was typed, on both the
// full-service and the low-cost path.
func TestFamilyBookedAndTicketed(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{TicketOnRequest: true})
	c := signIn(t, env, "family@example.in")

	s := searchFor(t, c, 2, 1, 1)
	trace := s.Data.Response.TraceId
	gds := pick(t, s, false)
	// One traveller short of the fare is refused before the supplier.
	short := familyBody(trace, gds.ResultIndex, false)
	short["passengers"] = short["passengers"].([]map[string]any)[:3]
	res := c.Do("POST", "/api/v1/flights/tbo/book", short)
	if code, msg := res.Error(t); res.StatusCode != 400 || code != "invalid_field" ||
		msg != "This fare is priced for 2 adults, 1 child and 1 infant: send one passenger for each." {
		t.Fatalf("short = %d %s", res.StatusCode, res.Body)
	}
	var b outcome
	res = c.Do("POST", "/api/v1/flights/tbo/book", familyBody(trace, gds.ResultIndex, false))
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" {
		t.Fatalf("book = %d %s", res.StatusCode, truncate(res.Body))
	}
	id := b.Data.Response.Response.BookingId
	payFor(t, env, c, b.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", map[string]any{"bookingId": id, "pnr": b.Booking.PNR, "traceId": trace})
	var tk outcome
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" {
		t.Fatalf("ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	pax := supplierPassengers(t, c, id)
	if len(pax) != 4 {
		t.Fatalf("the supplier holds %d passengers", len(pax))
	}
	for i, want := range []struct {
		first string
		typ   int
	}{{"RAVI", 1}, {"MEERA", 1}, {"KABIR", 2}, {"TARA", 3}} {
		p := pax[i]
		if p.FirstName != want.first || p.PaxType != want.typ || p.IsLeadPax != (i == 0) || p.Ticket == nil || p.Ticket.TicketNumber == "" {
			t.Errorf("passenger %d: %+v", i, p)
		}
	}
	if pax[1].FFNumber != "AI1234567" || pax[2].Meal == nil || pax[2].Meal.Code != "CHML" {
		t.Errorf("frequent flyer %q, meal %+v", pax[1].FFNumber, pax[2].Meal)
	}

	// The low-cost path books and tickets the four in one Ticket call.
	s = searchFor(t, c, 2, 1, 1)
	lcc := pick(t, s, true)
	body := familyBody(s.Data.Response.TraceId, lcc.ResultIndex, true)
	body["agentReferenceNo"] = "PT-42"
	var quoted outcome
	c.Do("POST", "/api/v1/flights/tbo/book", body).JSON(t, &quoted)
	payFor(t, env, c, quoted.Booking.ID)
	res = c.Do("POST", "/api/v1/flights/tbo/ticket", body)
	res.JSON(t, &tk)
	if res.StatusCode != 200 || tk.Booking.Status != "ticketed" {
		t.Fatalf("LCC ticket = %d %s", res.StatusCode, truncate(res.Body))
	}
	if pax := supplierPassengers(t, c, tk.Booking.BookingId); len(pax) != 4 || pax[3].PaxType != 3 || pax[2].Meal != nil {
		t.Fatalf("LCC passengers %+v", pax)
	}
}

// A fare needing PAN and passports is refused, before the supplier, for
// each missing document; with them it is booked and the supplier holds
// what was typed.
func TestFareNeedingPANAndPassports(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	if err := env.Sim.SetDocuments(sim.Documents{PAN: 1, Passport: 1}); err != nil {
		t.Fatal(err)
	}
	c := signIn(t, env, "docs@example.in")
	s := searchFor(t, c, 2, 1, 1)
	trace := s.Data.Response.TraceId
	gds := pick(t, s, false)
	body := familyBody(trace, gds.ResultIndex, false)
	res := c.Do("POST", "/api/v1/flights/tbo/book", body)
	var f struct{ Field, Message string }
	res.JSON(t, &f)
	if res.StatusCode != 400 || f.Field != "passengers[0].PAN" || f.Message != "This fare needs each adult's PAN (Permanent Account Number)." {
		t.Fatalf("without PAN = %d %s", res.StatusCode, res.Body)
	}
	pax := body["passengers"].([]map[string]any)
	pax[0]["PAN"], pax[1]["PAN"] = "abcpk1234d", "ABCPK1235E"
	res = c.Do("POST", "/api/v1/flights/tbo/book", body)
	res.JSON(t, &f)
	if res.StatusCode != 400 || f.Field != "passengers[0].PassportNo" || !strings.Contains(f.Message, "passport number and expiry date") {
		t.Fatalf("without passports = %d %s", res.StatusCode, res.Body)
	}
	for i, p := range pax {
		p["PassportNo"], p["PassportExpiry"], p["PassportIssuingCountry"] = "Z123456"+string(rune('1'+i)), "2032-01-31", "IN"
	}
	if n := env.Sim.Calls("Book"); n != 0 {
		t.Fatalf("refused bookings reached the supplier %d times", n)
	}
	var b outcome
	res = c.Do("POST", "/api/v1/flights/tbo/book", body)
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" {
		t.Fatalf("with documents = %d %s", res.StatusCode, truncate(res.Body))
	}
	held := supplierPassengers(t, c, b.Data.Response.Response.BookingId)
	if len(held) != 4 || held[0].PAN != "ABCPK1234D" || held[1].PAN != "ABCPK1235E" || held[2].PAN != "" || held[3].PassportNo != "Z1234564" {
		t.Fatalf("the supplier holds %+v", held)
	}
}

// A MyBiz traveller books a GST-mandatory fare with the company's GST
// details, which reach the supplier on the lead passenger; without them
// the fare is refused.
func TestMyBizBookingCarriesGST(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	if err := env.Sim.SetDocuments(sim.Documents{GST: 1}); err != nil {
		t.Fatal(err)
	}
	c := env.NewClient(t)
	if res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": "Anil Mehta", "email": "anil@acme.example.in",
		"password": "password1", "accountType": "biz"}); res.StatusCode != http.StatusCreated {
		t.Fatalf("register = %d", res.StatusCode)
	}
	company := map[string]string{"legalName": "Acme Travels Private Limited", "gstin": "27AAPFU0939F1ZV",
		"address": "Nariman Point, Mumbai 400021", "email": "accounts@acme.example.in", "phone": "+912240001234"}
	if res := c.Do("PUT", "/api/v1/me/company", map[string]any{"company": company}); res.StatusCode != 200 {
		t.Fatalf("company = %d %s", res.StatusCode, res.Body)
	}
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	body := bookBody(s.Data.Response.TraceId, gds.ResultIndex, false)
	res := c.Do("POST", "/api/v1/flights/tbo/book", body)
	var f struct{ Field, Message string }
	res.JSON(t, &f)
	if res.StatusCode != 400 || f.Field != "gst.GSTNumber" || f.Message != "This fare needs your company's GST details." {
		t.Fatalf("without GST = %d %s", res.StatusCode, res.Body)
	}
	body["gst"] = map[string]string{"GSTNumber": company["gstin"], "GSTCompanyName": company["legalName"], "GSTCompanyAddress": company["address"],
		"GSTCompanyContactNumber": company["phone"], "GSTCompanyEmail": company["email"]}
	var b outcome
	res = c.Do("POST", "/api/v1/flights/tbo/book", body)
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Status != "booked" {
		t.Fatalf("with GST = %d %s", res.StatusCode, truncate(res.Body))
	}
	held := supplierPassengers(t, c, b.Data.Response.Response.BookingId)
	if len(held) != 1 || held[0].GSTNumber != "27AAPFU0939F1ZV" || held[0].GSTCompanyName != "Acme Travels Private Limited" {
		t.Fatalf("the supplier holds %+v", held)
	}
}
