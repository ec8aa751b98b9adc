package tbo_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/sim"
	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// familyOf are two adults, a child and an infant with every document a fare
// can ask for, each carrying the quote's fare of their type.
func familyOf(q *supplier.Quote) []supplier.Passenger {
	now := time.Now()
	day := func(t time.Time) string { return t.Format("2006-01-02T00:00:00") }
	expiry := day(now.AddDate(5, 0, 0))
	gst := &supplier.GST{Number: "27AAPFU0939F1ZV", CompanyName: "Udaan Traders", CompanyAddress: "4 Nariman Point, Mumbai",
		ContactNumber: "9820012345", CompanyEmail: "accounts@udaan.example"}
	ps := []supplier.Passenger{
		{Title: "Mr", FirstName: "Arjun", LastName: "Mehta", PaxType: supplier.PaxAdult, DateOfBirth: "1988-05-14T00:00:00", Gender: 1,
			AddressLine1: "12 Marine Drive", City: "Mumbai", CountryCode: "IN", CountryName: "India", Nationality: "IN",
			ContactNo: "9820012345", Email: "arjun@example.in", IsLeadPax: true, PAN: "ABCDE1234F", FFAirlineCode: "AI", FFNumber: "123456789",
			MealCode: "VJML", GST: gst},
		{Title: "Ms", FirstName: "Isha", LastName: "Mehta", PaxType: supplier.PaxAdult, DateOfBirth: "1990-02-02T00:00:00", Gender: 2, PAN: "BCDEF2345G"},
		{Title: "Miss", FirstName: "Anya", LastName: "Mehta", PaxType: supplier.PaxChild, DateOfBirth: day(now.AddDate(-7, 0, 0)), Gender: 2, MealCode: "CHML"},
		{Title: "Master", FirstName: "Kabir", LastName: "Mehta", PaxType: supplier.PaxInfant, DateOfBirth: day(now.AddDate(0, -10, 0)), Gender: 1, MealCode: "BBML"},
	}
	for i := range ps {
		ps[i].PassportNo, ps[i].PassportExpiry, ps[i].PassportCountry = "Z123456"+string(rune('0'+i)), expiry, "IN"
		ps[i].Fare = q.PassengerFares[ps[i].PaxType-1]
	}
	return ps
}

// heldPassenger is a passenger of a booking details answer.
type heldPassenger struct {
	PAN, PassportNo, FFAirlineCode, FFNumber, GSTNumber string
	Meal                                                *struct{ Code, Description string }
	Fare                                                struct{ BaseFare, Tax json.Number }
}

func heldPassengers(t *testing.T, doc json.RawMessage) []heldPassenger {
	t.Helper()
	var d struct {
		Response struct {
			FlightItinerary struct{ Passenger []heldPassenger }
		}
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	return d.Response.FlightItinerary.Passenger
}

// A family of four books a full-service fare and tickets a low-cost one
// that need PAN, passports and GST, through the adapter over real HTTP: the
// quote says what is needed and prices one passenger of each type exactly
// as the supplier does, and the supplier holds what was sent.
func TestAdapterBooksAFamilyWithDocuments(t *testing.T) {
	t.Parallel()
	f := setup(t, sim.Options{Documents: sim.Documents{PAN: 1, Passport: 1, GST: 1}})
	ctx := context.Background()
	conn := f.conn(t)
	a := tbo.NewAdapter(f.client)
	ans, err := a.Search(ctx, conn, supplier.SearchRequest{Origin: "BOM", Destination: "DEL", Depart: time.Now().Add(48 * time.Hour),
		Cabin: 2, Adults: 2, Children: 1, Infants: 1, Sources: []string{"GDS", "LCC"}})
	if err != nil {
		t.Fatal(err)
	}
	var found struct {
		Response struct {
			Results [][]struct {
				ResultIndex string
				IsLCC       bool
			}
		}
	}
	if err := json.Unmarshal(ans.Doc, &found); err != nil || len(found.Response.Results) == 0 {
		t.Fatalf("search: %v", err)
	}
	pick := map[bool]string{}
	for _, r := range found.Response.Results[0] {
		if pick[r.IsLCC] == "" {
			pick[r.IsLCC] = r.ResultIndex
		}
	}
	for _, lcc := range []bool{false, true} {
		q, err := a.FareQuote(ctx, conn, supplier.ResultRef{TraceID: ans.TraceID, ResultIndex: pick[lcc]})
		if err != nil {
			t.Fatal(err)
		}
		if !q.PANAtBook || !q.PassportAtBook || !q.GSTMandatory || !q.GSTAllowed || q.Travellers != [3]int{2, 1, 1} ||
			q.LastTravelDate < q.Departure[:10] || q.IsLCC != lcc {
			t.Fatalf("quote (LCC %v): %+v", lcc, q)
		}
		sent := familyOf(q)
		var bookingID int64
		if !lcc {
			b, err := a.Book(ctx, conn, supplier.BookRequest{ResultRef: supplier.ResultRef{TraceID: ans.TraceID, ResultIndex: q.ResultIndex}, Passengers: sent})
			if err != nil || b.PriceChanged {
				t.Fatalf("Book: %v %+v", err, b)
			}
			bookingID = b.BookingID
		} else {
			b, err := a.Ticket(ctx, conn, supplier.TicketRequest{ResultRef: supplier.ResultRef{TraceID: ans.TraceID, ResultIndex: q.ResultIndex},
				AgentReference: "PT-9", Passengers: sent})
			if err != nil || b.PriceChanged || !b.Ticketed {
				t.Fatalf("LCC Ticket: %v %+v", err, b)
			}
			bookingID = b.BookingID
		}
		d, err := a.BookingDetails(ctx, conn, supplier.DetailsRequest{BookingID: bookingID})
		if err != nil {
			t.Fatal(err)
		}
		held := heldPassengers(t, d.Doc)
		if len(held) != 4 {
			t.Fatalf("LCC %v: %d passengers held", lcc, len(held))
		}
		for i, h := range held {
			p := sent[i]
			var fare struct{ BaseFare, Tax json.Number }
			_ = json.Unmarshal(p.Fare, &fare)
			wantGST := ""
			if p.GST != nil {
				wantGST = p.GST.Number
			}
			if h.PAN != p.PAN || h.PassportNo != p.PassportNo || h.FFAirlineCode != p.FFAirlineCode || h.FFNumber != p.FFNumber ||
				h.GSTNumber != wantGST || !sameAmount(h.Fare.BaseFare, fare.BaseFare) || !sameAmount(h.Fare.Tax, fare.Tax) {
				t.Errorf("LCC %v passenger %d: sent %+v (fare %+v), held %+v", lcc, i+1, p, fare, h)
			}
			switch {
			case lcc && h.Meal != nil:
				t.Errorf("LCC passenger %d holds a special meal %+v", i+1, h.Meal)
			case !lcc && p.MealCode == "" && h.Meal != nil:
				t.Errorf("GDS passenger %d holds a meal not asked for: %+v", i+1, h.Meal)
			case !lcc && p.MealCode != "" && (h.Meal == nil || h.Meal.Code != p.MealCode || h.Meal.Description == ""):
				t.Errorf("GDS passenger %d: meal %s, held %+v", i+1, p.MealCode, h.Meal)
			}
		}
	}
}

func sameAmount(a, b json.Number) bool {
	x, errX := decimal.NewFromString(a.String())
	y, errY := decimal.NewFromString(b.String())
	return errX == nil && errY == nil && x.Equal(y)
}
