package flights

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/supplier"
)

// now is 22 November 2026 in India.
var paxNow = time.Date(2026, 11, 22, 6, 0, 0, 0, time.UTC)

func family() []PassengerInput {
	return []PassengerInput{
		{Title: "mr", FirstName: " asha ", LastName: "rao", DateOfBirth: "1985-03-15", Gender: 1, IsLeadPax: true,
			Email: "asha@example.in", ContactNo: "+91 98100 01234", AddressLine1: "45 Prithviraj Road", City: "New Delhi"},
		{Title: "Ms", FirstName: "Meera", LastName: "Rao", DateOfBirth: "1987-07-01", Gender: 2, PaxType: 1},
		{Title: "Mstr", FirstName: "Kabir", LastName: "Rao", DateOfBirth: "2018-05-20", Gender: 1, PaxType: 2, MealCode: "chml"},
		{Title: "Miss", FirstName: "Tara", LastName: "Rao", DateOfBirth: "2026-02-01", Gender: 2, PaxType: 3},
	}
}

func TestBuildPassengersForAFamily(t *testing.T) {
	t.Parallel()
	gst := &GSTInput{GSTNumber: "27aapfu0939f1zv", GSTCompanyName: "Acme Travels Pvt Ltd", GSTCompanyAddress: "Nariman Point, Mumbai",
		GSTCompanyContactNumber: "+912240001234", GSTCompanyEmail: "accounts@acme.example.in"}
	pax, bad := buildPassengers(family(), AddressInput{ZipCode: "110001"}, ContactInput{}, gst, paxNow)
	if bad != nil {
		t.Fatal(bad)
	}
	if len(pax) != 4 || pax[0].FirstName != "ASHA" || !pax[0].IsLeadPax || pax[1].IsLeadPax {
		t.Fatalf("passengers %+v", pax)
	}
	if pax[2].Title != "Master" || pax[2].PaxType != 2 || pax[2].MealCode != "CHML" || pax[3].PaxType != 3 {
		t.Fatalf("child and infant %+v %+v", pax[2], pax[3])
	}
	for i, p := range pax {
		if p.AddressLine1 != "45 Prithviraj Road" || p.Email != "asha@example.in" || p.CountryCode != "IN" || p.ZipCode != "110001" {
			t.Errorf("passenger %d lacks the lead's contact: %+v", i, p)
		}
		if (p.GST != nil) != (i == 0) {
			t.Errorf("passenger %d GST %v", i, p.GST)
		}
	}
	if pax[0].GST.Number != "27AAPFU0939F1ZV" {
		t.Fatalf("GST %+v", pax[0].GST)
	}
}

func TestBuildPassengersRefuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		edit  func(in []PassengerInput) []PassengerInput
		gst   *GSTInput
		field string
		msg   string
	}{
		{"two leads", func(in []PassengerInput) []PassengerInput { in[1].IsLeadPax = true; return in }, nil,
			"passengers[1].IsLeadPax", "Exactly one passenger must be the lead passenger."},
		{"child as lead", func(in []PassengerInput) []PassengerInput { in[0].IsLeadPax = false; in[2].IsLeadPax = true; return in }, nil,
			"passengers[2].IsLeadPax", "The lead passenger must be an adult."},
		{"more infants than adults", func(in []PassengerInput) []PassengerInput {
			in[1] = PassengerInput{Title: "Mstr", FirstName: "Ved", LastName: "Rao", DateOfBirth: "2026-01-01", Gender: 1, PaxType: 3}
			return in
		}, nil, "passengers", "Each infant must travel with an adult: at most one infant per adult."},
		{"no adult", func(in []PassengerInput) []PassengerInput { return in[2:3] }, nil,
			"passengers", "A booking needs at least one adult passenger."},
		{"adult titled Master", func(in []PassengerInput) []PassengerInput { in[0].Title = "Mstr"; return in }, nil,
			"passengers[0].Title", "An adult's title is Mr, Ms, Mrs or Miss."},
		{"child titled Mrs", func(in []PassengerInput) []PassengerInput { in[2].Title = "Mrs"; in[2].Gender = 2; return in }, nil,
			"passengers[2].Title", "A child's or infant's title is Mstr or Miss."},
		{"title against gender", func(in []PassengerInput) []PassengerInput { in[1].Gender = 1; return in }, nil,
			"passengers[1].Title", "Title and gender do not agree: Mr and Mstr are male; Ms, Mrs and Miss female."},
		{"bad PAN", func(in []PassengerInput) []PassengerInput { in[1].PAN = "ABCDE12345"; return in }, nil,
			"passengers[1].PAN", "PAN must be 10 characters: 5 letters, 4 digits and a letter (like ABCDE1234F)."},
		{"passport country", func(in []PassengerInput) []PassengerInput {
			in[3].PassportNo, in[3].PassportExpiry, in[3].PassportIssuingCountry = "Z1234567", "2030-01-01", "India"
			return in
		}, nil, "passengers[3].PassportIssuingCountry", msgPassportCountry},
		{"frequent flyer without airline", func(in []PassengerInput) []PassengerInput { in[0].FFNumber = "123"; return in }, nil,
			"passengers[0].FFAirlineCode", "Frequent-flyer airline must be a two-character airline code like AI."},
		{"unknown meal", func(in []PassengerInput) []PassengerInput { in[0].MealCode = "STEAK"; return in }, nil,
			"passengers[0].MealCode", ""},
		{"GSTIN check character", func(in []PassengerInput) []PassengerInput { return in },
			&GSTInput{GSTNumber: "27AAPFU0939F1ZW"}, "gst.GSTNumber",
			"This GSTIN's last character does not check out: please copy it again from the GST certificate."},
		{"GST without company", func(in []PassengerInput) []PassengerInput { return in },
			&GSTInput{GSTNumber: "27AAPFU0939F1ZV"}, "gst.GSTCompanyName", "Company name is required."},
		{"future birth", func(in []PassengerInput) []PassengerInput { in[3].DateOfBirth = "2026-12-01"; return in }, nil,
			"passengers[3].DateOfBirth", "Date of birth cannot be in the future."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, bad := buildPassengers(tc.edit(family()), AddressInput{}, ContactInput{}, tc.gst, paxNow)
			if bad == nil || bad.Field != tc.field || (tc.msg != "" && bad.Message != tc.msg) {
				t.Fatalf("got %v, want %s: %s", bad, tc.field, tc.msg)
			}
		})
	}
}

func TestNoLeadMarkedMakesTheFirstAdultLead(t *testing.T) {
	t.Parallel()
	in := family()[1:] // Meera, the child, the infant: no lead marked
	in[0], in[1] = in[1], in[0]
	pax, bad := buildPassengers(in, AddressInput{AddressLine1: "1 MG Road"}, ContactInput{Email: "meera@example.in", Mobile: "9810001234"}, nil, paxNow)
	if bad != nil {
		t.Fatal(bad)
	}
	if pax[0].IsLeadPax || !pax[1].IsLeadPax || pax[0].Email != "meera@example.in" || pax[2].AddressLine1 != "1 MG Road" {
		t.Fatalf("lead %+v", pax)
	}
}

func familyQuote() *supplier.Quote {
	return &supplier.Quote{
		Departure: "2026-12-20T06:15:00", LastTravelDate: "2026-12-27", Travellers: [3]int{2, 1, 1}, GSTAllowed: true,
		PassengerFares: [3]json.RawMessage{json.RawMessage(`{"BaseFare":100}`), json.RawMessage(`{"BaseFare":75}`), json.RawMessage(`{"BaseFare":10}`)},
	}
}

func familyPax(t *testing.T, edit func([]PassengerInput)) []supplier.Passenger {
	t.Helper()
	in := family()
	if edit != nil {
		edit(in)
	}
	pax, bad := buildPassengers(in, AddressInput{}, ContactInput{}, nil, paxNow)
	if bad != nil {
		t.Fatal(bad)
	}
	return pax
}

func TestDocumentsFitTheQuote(t *testing.T) {
	t.Parallel()
	pax := familyPax(t, nil)
	if bad := documentsFit(familyQuote(), pax); bad != nil {
		t.Fatal(bad)
	}
	for i, want := range []string{`{"BaseFare":100}`, `{"BaseFare":100}`, `{"BaseFare":75}`, `{"BaseFare":10}`} {
		if string(pax[i].Fare) != want {
			t.Errorf("passenger %d fare %s, want %s", i, pax[i].Fare, want)
		}
	}

	q := familyQuote()
	q.Travellers = [3]int{2, 0, 1}
	if bad := documentsFit(q, familyPax(t, nil)); bad == nil || bad.Message != "This fare is priced for 2 adults and 1 infant: send one passenger for each." {
		t.Fatalf("count: %v", bad)
	}

	// The infant turns 2 before the flight; the child is judged on the first day.
	older := familyPax(t, func(in []PassengerInput) { in[3].DateOfBirth = "2024-12-19" })
	if bad := documentsFit(familyQuote(), older); bad == nil || bad.Field != "passengers[3].DateOfBirth" {
		t.Fatalf("infant aged 2 on the day: %v", bad)
	}
	if bad := documentsFit(familyQuote(), familyPax(t, func(in []PassengerInput) { in[3].DateOfBirth = "2024-12-20" })); bad == nil {
		t.Fatal("an infant turning 2 on the day of travel was accepted")
	}
	if bad := documentsFit(familyQuote(), familyPax(t, func(in []PassengerInput) { in[3].DateOfBirth = "2024-12-21" })); bad != nil {
		t.Fatalf("an infant still under 2 on the day: %v", bad)
	}
}

func TestDocumentsTheFareAsksFor(t *testing.T) {
	t.Parallel()
	pan := familyQuote()
	pan.PANAtTicket = true
	if bad := documentsFit(pan, familyPax(t, nil)); bad == nil || bad.Field != "passengers[0].PAN" || bad.Message != msgPANNeeded {
		t.Fatalf("no PAN: %v", bad)
	}
	withPAN := func(in []PassengerInput) { in[0].PAN, in[1].PAN = "ABCDE1234F", "abcde1235f" }
	if bad := documentsFit(pan, familyPax(t, withPAN)); bad != nil {
		t.Fatalf("children need no PAN: %v", bad)
	}

	pass := familyQuote()
	pass.PassportAtBook = true
	if bad := documentsFit(pass, familyPax(t, nil)); bad == nil || bad.Field != "passengers[0].PassportNo" || bad.Message != msgPassportNeeded {
		t.Fatalf("no passport: %v", bad)
	}
	passports := func(expiry string) func([]PassengerInput) {
		return func(in []PassengerInput) {
			for i := range in {
				in[i].PassportNo, in[i].PassportExpiry, in[i].PassportIssuingCountry = "Z123456"+string(rune('0'+i)), "2031-01-01", "in"
			}
			in[3].PassportExpiry = expiry
		}
	}
	if bad := documentsFit(pass, familyPax(t, passports("2026-12-27"))); bad == nil || bad.Field != "passengers[3].PassportExpiry" || bad.Message != msgPassportBeyond {
		t.Fatalf("passport lapsing on the last day of travel: %v", bad)
	}
	if bad := documentsFit(pass, familyPax(t, passports("2026-12-28"))); bad != nil {
		t.Fatalf("passports valid beyond the journey: %v", bad)
	}
	noCountry := familyPax(t, passports("2031-01-01"))
	noCountry[2].PassportCountry = ""
	if bad := documentsFit(pass, noCountry); bad == nil || bad.Field != "passengers[2].PassportIssuingCountry" {
		t.Fatalf("passport without its country: %v", bad)
	}
}

func TestGSTOnlyWhereTheFareTakesIt(t *testing.T) {
	t.Parallel()
	gst := &GSTInput{GSTNumber: "27AAPFU0939F1ZV", GSTCompanyName: "Acme", GSTCompanyAddress: "Mumbai",
		GSTCompanyContactNumber: "9810001234", GSTCompanyEmail: "a@acme.example.in"}
	withGST, bad := buildPassengers(family(), AddressInput{}, ContactInput{}, gst, paxNow)
	if bad != nil {
		t.Fatal(bad)
	}
	mandatory := familyQuote()
	mandatory.GSTMandatory = true
	if bad := documentsFit(mandatory, familyPax(t, nil)); bad == nil || bad.Field != "gst.GSTNumber" || bad.Message != msgGSTNeeded {
		t.Fatalf("mandatory GST missing: %v", bad)
	}
	if bad := documentsFit(mandatory, withGST); bad != nil {
		t.Fatal(bad)
	}
	none := familyQuote()
	none.GSTAllowed = false
	if bad := documentsFit(none, withGST); bad == nil || bad.Field != "gst" || bad.Message != msgGSTNotAllowed {
		t.Fatalf("GST on a fare without: %v", bad)
	}
}
