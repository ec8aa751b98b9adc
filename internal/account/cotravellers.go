package account

import (
	"time"

	"github.com/google/uuid"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// MaxCoTravellers bounds how many co-travellers one account keeps.
const MaxCoTravellers = 50

// CoTraveller is a person the user books for (product spec 3); no _id
// until saved.
type CoTraveller struct {
	ID                   string        `json:"_id,omitempty"`
	FirstName            string        `json:"firstName"`
	LastName             string        `json:"lastName"`
	Relationship         string        `json:"relationship"`
	Gender               string        `json:"gender"`
	DOB                  string        `json:"dob"`
	Nationality          string        `json:"nationality"`
	MealPreference       string        `json:"mealPreference"`
	TrainBerthPreference string        `json:"trainBerthPreference"`
	Passport             Passport      `json:"passport"`
	Phone                string        `json:"phone"`
	Email                string        `json:"email"`
	FrequentFlyer        FrequentFlyer `json:"frequentFlyer"`
}

// FrequentFlyer is an airline loyalty membership.
type FrequentFlyer struct {
	Airline string `json:"airline"`
	Number  string `json:"number"`
}

// validateCoTraveller checks and normalises c. A name is the one thing a
// co-traveller cannot do without.
func validateCoTraveller(userID uuid.UUID, in CoTraveller, now time.Time) (queries.CoTravellerCreateParams, *apierr.Error) {
	var c checker
	today := indiatime.Today(now)
	row := queries.CoTravellerCreateParams{
		UserID:                 userID,
		FirstName:              c.text("firstName", "First name", in.FirstName, 100),
		LastName:               c.text("lastName", "Last name", in.LastName, 100),
		Relationship:           c.text("relationship", "Relationship", in.Relationship, 40),
		Gender:                 c.oneOf("gender", "Gender", in.Gender, genders...),
		Dob:                    c.pastDate("dob", "Date of birth", in.DOB, today),
		Nationality:            c.text("nationality", "Nationality", in.Nationality, 60),
		MealPreference:         c.text("mealPreference", "Meal preference", in.MealPreference, 40),
		TrainBerthPreference:   c.text("trainBerthPreference", "Train berth preference", in.TrainBerthPreference, 40),
		PassportNumber:         c.passportNumber("passport.number", in.Passport.Number),
		PassportExpiry:         c.passportExpiry("passport.expiry", in.Passport.Expiry, today),
		PassportIssuingCountry: c.text("passport.issuingCountry", "Passport issuing country", in.Passport.IssuingCountry, 60),
		Phone:                  c.phone("phone", in.Phone),
		Email:                  c.email("email", in.Email),
		FrequentFlyerAirline:   c.text("frequentFlyer.airline", "Frequent flyer airline", in.FrequentFlyer.Airline, 60),
		FrequentFlyerNumber:    c.text("frequentFlyer.number", "Frequent flyer number", in.FrequentFlyer.Number, 30),
	}
	if row.FirstName == "" {
		c.fail("firstName", "Please enter the co-traveller's first name.")
	}
	return row, c.err
}

func coTravellerJSON(r queries.CoTraveller) CoTraveller {
	return CoTraveller{
		ID: r.ID.String(), FirstName: r.FirstName, LastName: r.LastName, Relationship: r.Relationship,
		Gender: r.Gender, DOB: formatDate(r.Dob), Nationality: r.Nationality, MealPreference: r.MealPreference,
		TrainBerthPreference: r.TrainBerthPreference,
		Passport:             Passport{Number: r.PassportNumber, Expiry: formatDate(r.PassportExpiry), IssuingCountry: r.PassportIssuingCountry},
		Phone:                r.Phone, Email: r.Email,
		FrequentFlyer: FrequentFlyer{Airline: r.FrequentFlyerAirline, Number: r.FrequentFlyerNumber},
	}
}
