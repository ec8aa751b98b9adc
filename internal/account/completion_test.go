package account

import (
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/store/queries"
)

func TestWeightsAddUpTo100(t *testing.T) {
	t.Parallel()
	sum := 0
	seen := map[string]bool{}
	for _, s := range Steps {
		sum += s.Weight
		if seen[s.Key] || s.Label == "" || s.Reason == "" || s.CTAText == "" || s.Target == "" {
			t.Errorf("step %q is duplicated or incomplete", s.Key)
		}
		seen[s.Key] = true
	}
	if sum != 100 {
		t.Fatalf("weights add up to %d, want 100", sum)
	}
}

func TestBand(t *testing.T) {
	t.Parallel()
	for score, want := range map[int]string{0: "start", 24: "start", 25: "good", 49: "good", 50: "half", 74: "half", 75: "almost", 99: "almost", 100: "complete"} {
		if got := Band(score); got != want {
			t.Errorf("Band(%d) = %s, want %s", score, got, want)
		}
	}
}

func TestCompletion(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	today := indiatime.Today(now)
	day := func(s string) *time.Time { d, _ := time.Parse(time.DateOnly, s); return &d }
	full := queries.Profile{
		FirstName: "Asha", LastName: "Rao", Gender: "female", Dob: day("1990-04-01"), Nationality: "Indian",
		City: "Pune", State: "Maharashtra", Country: "India", PostalCode: "411001", Pan: "ABCDE1234F",
		PassportNumber: "Z1234567", PassportExpiry: day("2030-01-01"), PassportIssuingCountry: "India",
		EmergencyName: "Ravi Rao", EmergencyPhone: "+919876543210",
		DomesticTripProtection: "Basic", InternationalTravelInsurance: "Gold",
	}
	verified := queries.User{EmailVerifiedAt: &now, PhoneVerifiedAt: &now}

	for _, tc := range []struct {
		name      string
		in        completionInput
		snoozed   map[string]bool
		score     int
		band      string
		next      string // "" for none
		completed []string
	}{
		{name: "new account", in: completionInput{today: today},
			score: 0, band: "start", next: "emailVerified"},
		{name: "e-mail verified", in: completionInput{user: queries.User{EmailVerifiedAt: &now}, today: today},
			score: 15, band: "start", next: "name", completed: []string{"emailVerified"}},
		{name: "e-mail verified, heaviest snoozed", in: completionInput{user: queries.User{EmailVerifiedAt: &now}, today: today},
			snoozed: map[string]bool{"name": true}, score: 15, band: "start", next: "mobileVerified"},
		{name: "name and e-mail", in: completionInput{user: queries.User{EmailVerifiedAt: &now},
			profile: queries.Profile{FirstName: "Asha", LastName: "Rao"}, today: today},
			score: 30, band: "good", next: "mobileVerified"},
		{name: "first name only does not count", in: completionInput{profile: queries.Profile{FirstName: "Asha"}, today: today},
			score: 0, band: "start", next: "emailVerified"},
		{name: "full profile, nothing verified, no co-traveller", in: completionInput{profile: full, today: today},
			score: 65, band: "half", next: "emailVerified"},
		{name: "expired passport does not count", in: completionInput{user: verified, profile: func() queries.Profile {
			p := full
			p.PassportExpiry = day("2026-11-20")
			return p
		}(), coTravellers: 1, today: today},
			score: 90, band: "almost", next: "passport"},
		{name: "everything", in: completionInput{user: verified, profile: full, coTravellers: 2, today: today},
			score: 100, band: "complete", next: ""},
		{name: "all open steps snoozed", in: completionInput{user: verified, profile: full, today: today},
			snoozed: map[string]bool{"coTraveller": true}, score: 90, band: "almost", next: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := computeCompletion(tc.in, tc.snoozed)
			if c.Score != tc.score || c.Band != tc.band {
				t.Fatalf("score %d band %s, want %d %s", c.Score, c.Band, tc.score, tc.band)
			}
			next := ""
			if c.NextStep != nil {
				next = c.NextStep.Key
			}
			if next != tc.next {
				t.Fatalf("next step %q, want %q", next, tc.next)
			}
			if len(c.Breakdown) != len(Steps) {
				t.Fatalf("breakdown has %d items", len(c.Breakdown))
			}
			sum := 0
			for _, b := range c.Breakdown {
				if b.Completed {
					sum += b.Weight
				}
			}
			if sum != c.Score {
				t.Fatalf("breakdown adds up to %d, score is %d", sum, c.Score)
			}
			for _, key := range tc.completed {
				for _, b := range c.Breakdown {
					if b.Key == key && !b.Completed {
						t.Errorf("%s not completed", key)
					}
				}
			}
		})
	}
}

func TestValidateProfile(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) // 22 Nov 01:30 in India
	for _, tc := range []struct {
		name  string
		p     Profile
		field string
	}{
		{"empty is fine", Profile{}, ""},
		{"good", Profile{Gender: "Female", DOB: "1990-04-01", PAN: "abcde1234f", PostalCode: "411001", Country: "India",
			Passport: Passport{Number: "z 1234567", Expiry: "2031-01-01T00:00:00Z"}, MaritalStatus: "married", Anniversary: "2015-02-14",
			EmergencyContact: EmergencyContact{Phone: "+91 98765-43210"}, Preferences: Preferences{DomesticTripProtection: "plus", InternationalTravelInsurance: "Platinum"}}, ""},
		{"India's today is not the future", Profile{DOB: "2026-11-22"}, ""},
		{"future birth", Profile{DOB: "2026-11-23"}, "dob"},
		{"not a date", Profile{DOB: "2023-02-30"}, "dob"},
		{"wrong date format", Profile{DOB: "01-04-1990"}, "dob"},
		{"gender", Profile{Gender: "robot"}, "gender"},
		{"marital status", Profile{MaritalStatus: "complicated"}, "maritalStatus"},
		{"anniversary before birth", Profile{DOB: "1990-04-01", Anniversary: "1989-01-01"}, "anniversary"},
		{"PAN", Profile{PAN: "ABCD1234F"}, "pan"},
		{"PIN code", Profile{PostalCode: "01100", Country: "India"}, "postalCode"},
		{"foreign postcode", Profile{PostalCode: "SW1A 1AA", Country: "United Kingdom"}, ""},
		{"passport number", Profile{Passport: Passport{Number: "#1"}}, "passport.number"},
		{"passport expiry", Profile{Passport: Passport{Expiry: "soon"}}, "passport.expiry"},
		{"expired passport", Profile{Passport: Passport{Number: "Z1234567", Expiry: "2026-11-21"}}, "passport.expiry"},
		{"passport valid through its expiry day", Profile{Passport: Passport{Number: "Z1234567", Expiry: "2026-11-22"}}, ""},
		{"emergency phone", Profile{EmergencyContact: EmergencyContact{Phone: "12345"}}, "emergencyContact.phone"},
		{"plan", Profile{Preferences: Preferences{DomesticTripProtection: "Gold"}}, "preferences.domesticTripProtection"},
		{"insurance", Profile{Preferences: Preferences{InternationalTravelInsurance: "Plus"}}, "preferences.internationalTravelInsurance"},
		{"long name", Profile{FirstName: string(make([]rune, 101))}, "firstName"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			row, fe := validateProfile([16]byte{}, tc.p, now)
			switch {
			case tc.field == "" && fe != nil:
				t.Fatalf("unexpected error %v", fe)
			case tc.field != "" && (fe == nil || fe.Field != tc.field):
				t.Fatalf("error %v, want one on %s", fe, tc.field)
			}
			if tc.name == "good" && (row.Pan != "ABCDE1234F" || row.Gender != "female" || row.PassportNumber != "Z1234567" ||
				row.DomesticTripProtection != "Plus" || formatDate(row.PassportExpiry) != "2031-01-01") {
				t.Fatalf("not normalised: %+v", row)
			}
		})
	}
}
