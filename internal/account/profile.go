package account

import (
	"time"

	"github.com/google/uuid"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// Profile is the traveller profile as the web app reads and writes it
// (product spec 3, Profile). Dates are YYYY-MM-DD, "" when unset.
type Profile struct {
	FirstName        string           `json:"firstName"`
	LastName         string           `json:"lastName"`
	Gender           string           `json:"gender"`
	DOB              string           `json:"dob"`
	Nationality      string           `json:"nationality"`
	MaritalStatus    string           `json:"maritalStatus"`
	Anniversary      string           `json:"anniversary"`
	City             string           `json:"city"`
	State            string           `json:"state"`
	Country          string           `json:"country"`
	PostalCode       string           `json:"postalCode"`
	PAN              string           `json:"pan"`
	Passport         Passport         `json:"passport"`
	EmergencyContact EmergencyContact `json:"emergencyContact"`
	Preferences      Preferences      `json:"preferences"`
}

// Passport is a travel document.
type Passport struct {
	Number         string `json:"number"`
	Expiry         string `json:"expiry"`
	IssuingCountry string `json:"issuingCountry"`
}

// EmergencyContact is who to call when something goes wrong on a trip.
type EmergencyContact struct {
	Name  string `json:"name"`
	Phone string `json:"phone"`
}

// Preferences are the default add-on plans offered at checkout.
type Preferences struct {
	DomesticTripProtection       string `json:"domesticTripProtection"`
	InternationalTravelInsurance string `json:"internationalTravelInsurance"`
}

// Allowed values (spec 3).
var (
	// Gender is how a traveller describes themselves.
	genders = []string{"male", "female", "other"}
	// MaritalStatus is a traveller's marital status.
	maritalStatuses = []string{"single", "married", "divorced", "widowed"}
	// TripProtectionPlan is the domestic trip protection offered at checkout.
	tripProtectionPlans = []string{"None", "Basic", "Plus", "Premium"}
	// TravelInsurancePlan is the international travel insurance offered at checkout.
	insurancePlans = []string{"None", "Basic", "Gold", "Platinum"}
)

// validateProfile checks and normalises p (trimmed text, upper-cased PAN and
// passport number), returning the row to store or the first field at fault.
func validateProfile(userID uuid.UUID, p Profile, now time.Time) (queries.ProfileUpsertParams, *apierr.Error) {
	var c checker
	today := indiatime.Today(now)
	row := queries.ProfileUpsertParams{
		UserID:        userID,
		FirstName:     c.text("firstName", "First and middle name", p.FirstName, 100),
		LastName:      c.text("lastName", "Last name", p.LastName, 100),
		Gender:        c.oneOf("gender", "Gender", p.Gender, genders...),
		Dob:           c.pastDate("dob", "Date of birth", p.DOB, today),
		Nationality:   c.text("nationality", "Nationality", p.Nationality, 60),
		MaritalStatus: c.oneOf("maritalStatus", "Marital status", p.MaritalStatus, maritalStatuses...),
		Anniversary:   c.pastDate("anniversary", "Anniversary", p.Anniversary, today),
		City:          c.text("city", "City", p.City, 100),
		State:         c.text("state", "State", p.State, 100),
		Country:       c.text("country", "Country", p.Country, 60),
		Pan:           c.pan("pan", p.PAN),

		PassportNumber:         c.passportNumber("passport.number", p.Passport.Number),
		PassportExpiry:         c.passportExpiry("passport.expiry", p.Passport.Expiry, today),
		PassportIssuingCountry: c.text("passport.issuingCountry", "Passport issuing country", p.Passport.IssuingCountry, 60),

		EmergencyName:  c.text("emergencyContact.name", "Emergency contact name", p.EmergencyContact.Name, 100),
		EmergencyPhone: c.phone("emergencyContact.phone", p.EmergencyContact.Phone),

		DomesticTripProtection: c.oneOf("preferences.domesticTripProtection", "Domestic trip protection plan",
			p.Preferences.DomesticTripProtection, tripProtectionPlans...),
		InternationalTravelInsurance: c.oneOf("preferences.internationalTravelInsurance", "International travel insurance plan",
			p.Preferences.InternationalTravelInsurance, insurancePlans...),
	}
	row.PostalCode = c.postalCode("postalCode", p.PostalCode, row.Country)
	if row.Dob != nil && row.Anniversary != nil && row.Anniversary.Before(*row.Dob) {
		c.fail("anniversary", "Anniversary cannot be before the date of birth.")
	}
	return row, c.err
}

// profileJSON renders a stored profile (the zero row when none is stored).
func profileJSON(r queries.Profile) Profile {
	return Profile{
		FirstName: r.FirstName, LastName: r.LastName, Gender: r.Gender, DOB: formatDate(r.Dob),
		Nationality: r.Nationality, MaritalStatus: r.MaritalStatus, Anniversary: formatDate(r.Anniversary),
		City: r.City, State: r.State, Country: r.Country, PostalCode: r.PostalCode, PAN: r.Pan,
		Passport:         Passport{Number: r.PassportNumber, Expiry: formatDate(r.PassportExpiry), IssuingCountry: r.PassportIssuingCountry},
		EmergencyContact: EmergencyContact{Name: r.EmergencyName, Phone: r.EmergencyPhone},
		Preferences: Preferences{
			DomesticTripProtection: r.DomesticTripProtection, InternationalTravelInsurance: r.InternationalTravelInsurance,
		},
	}
}
