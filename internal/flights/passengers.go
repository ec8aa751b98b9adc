package flights

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/validate"
)

// PassengerInput is a traveller as the fare page sends them (spec 3,
// Passenger form). Numbers may arrive as strings. Which documents are
// needed is the fare quote's to say (see documentsFit).
type PassengerInput struct {
	Title                  string       `json:"Title"`
	FirstName              string       `json:"FirstName"`
	LastName               string       `json:"LastName"`
	PaxType                httpjson.Int `json:"PaxType,omitempty"`
	IsLeadPax              bool         `json:"IsLeadPax,omitempty"`
	DateOfBirth            string       `json:"DateOfBirth"`
	Gender                 httpjson.Int `json:"Gender"`
	ContactNo              string       `json:"ContactNo,omitempty"`
	Email                  string       `json:"Email,omitempty"`
	Nationality            string       `json:"Nationality,omitempty"`
	PAN                    string       `json:"PAN,omitempty"`
	PassportNo             string       `json:"PassportNo,omitempty"`
	PassportExpiry         string       `json:"PassportExpiry,omitempty"`
	PassportIssuingCountry string       `json:"PassportIssuingCountry,omitempty"`
	FFAirlineCode          string       `json:"FFAirlineCode,omitempty"`
	FFNumber               string       `json:"FFNumber,omitempty"`
	MealCode               string       `json:"MealCode,omitempty"`
	AddressLine1           string       `json:"AddressLine1,omitempty"`
	AddressLine2           string       `json:"AddressLine2,omitempty"`
	City                   string       `json:"City,omitempty"`
	CountryCode            string       `json:"CountryCode,omitempty"`
	CountryName            string       `json:"CountryName,omitempty"`
}

// AddressInput is the booking address (it may also come on the passenger).
type AddressInput struct {
	AddressLine1 string `json:"AddressLine1,omitempty"`
	AddressLine2 string `json:"AddressLine2,omitempty"`
	City         string `json:"City,omitempty"`
	CountryCode  string `json:"CountryCode,omitempty"`
	CountryName  string `json:"CountryName,omitempty"`
	ZipCode      string `json:"ZipCode,omitempty"`
}

// ContactInput is the booking contact.
type ContactInput struct {
	Email  string `json:"Email,omitempty"`
	Mobile string `json:"Mobile,omitempty"`
}

// GSTInput is the company whose GST registration the invoice carries.
type GSTInput struct {
	GSTNumber               string `json:"GSTNumber"`
	GSTCompanyName          string `json:"GSTCompanyName"`
	GSTCompanyAddress       string `json:"GSTCompanyAddress"`
	GSTCompanyContactNumber string `json:"GSTCompanyContactNumber"`
	GSTCompanyEmail         string `json:"GSTCompanyEmail"`
}

// MaxPassengers is the most travellers one booking names: the search form's
// 9 adults, 9 children and 9 infants (spec 9).
const MaxPassengers = 27

// airlineRe (search.go) is an airline code's shape.
var (
	ccRe       = regexp.MustCompile(`^[A-Z]{2}$`)
	ffNumberRe = regexp.MustCompile(`^[A-Z0-9]{1,20}$`)
)

// mealCodes are the special meals a passenger may ask for, by IATA code
// (web/src/lib/meals.ts offers the same).
var mealCodes = []string{"AVML", "BBML", "CHML", "DBML", "GFML", "HNML", "KSML", "LCML", "LFML", "MOML", "NLML", "VGML", "VJML", "VLML"}

const addressRequired = "Passenger address is required (AddressLine1)."

// Messages for documents a fare asks for (documentsFit).
const (
	msgPassportNeeded  = "This international flight needs the passenger's passport number and expiry date."
	msgPassportCountry = "Passport issuing country must be a two-letter country code like IN."
	msgPassportBeyond  = "The passport must be valid beyond the travel date."
	msgPANNeeded       = "This fare needs each adult's PAN (Permanent Account Number)."
	msgGSTNeeded       = "This fare needs your company's GST details."
	msgGSTNotAllowed   = "This fare does not take GST details."
)

// field names passenger i's field in error answers.
func field(i int, name string) string { return fmt.Sprintf("passengers[%d].%s", i, name) }

// buildPassengers checks the travellers of a booking by the rules of package
// validate, before any supplier call, and returns the supplier's passenger
// objects: names trimmed and upper-cased (spec 5), exactly one lead
// passenger (an adult; the first adult when none is marked) whose contact
// and address every passenger carries, at most one infant per adult, and
// the company's GST details on the lead. What depends on the fare (how
// many of each type, documents, ages on the day of travel) is checked once
// it is quoted (documentsFit).
func buildPassengers(in []PassengerInput, addr AddressInput, contact ContactInput, gst *GSTInput, now time.Time) ([]supplier.Passenger, *apierr.Error) {
	switch {
	case len(in) == 0:
		return nil, apierr.Invalid("passengers", "Send at least one passenger.")
	case len(in) > MaxPassengers:
		return nil, apierr.Invalid("passengers", fmt.Sprintf("A booking names at most %d passengers.", MaxPassengers))
	}
	today := indiatime.Today(now)
	out := make([]supplier.Passenger, len(in))
	lead, adults, infants := -1, 0, 0
	for i, p := range in {
		pax, bad := passenger(i, p, today)
		if bad != nil {
			return nil, bad
		}
		switch pax.PaxType {
		case supplier.PaxAdult:
			adults++
		case supplier.PaxInfant:
			infants++
		}
		if p.IsLeadPax {
			if lead >= 0 {
				return nil, apierr.Invalid(field(i, "IsLeadPax"), "Exactly one passenger must be the lead passenger.")
			}
			if pax.PaxType != supplier.PaxAdult {
				return nil, apierr.Invalid(field(i, "IsLeadPax"), "The lead passenger must be an adult.")
			}
			lead = i
		}
		out[i] = *pax
	}
	if adults == 0 {
		return nil, apierr.Invalid("passengers", "A booking needs at least one adult passenger.")
	}
	if infants > adults {
		return nil, apierr.Invalid("passengers", "Each infant must travel with an adult: at most one infant per adult.")
	}
	if lead < 0 {
		lead = slices.IndexFunc(out, func(p supplier.Passenger) bool { return p.PaxType == supplier.PaxAdult })
	}
	if bad := leadContact(&out[lead], lead, in[lead], addr, contact); bad != nil {
		return nil, bad
	}
	for i := range out {
		if i != lead {
			shareContact(&out[i], out[lead])
		}
	}
	if gst != nil {
		g, bad := gstDetails(*gst)
		if bad != nil {
			return nil, bad
		}
		out[lead].GST = g
	}
	return out, nil
}

// passenger checks one traveller's own fields.
func passenger(i int, p PassengerInput, today time.Time) (*supplier.Passenger, *apierr.Error) {
	paxType := int(p.PaxType)
	if paxType == 0 {
		paxType = supplier.PaxAdult
	}
	if paxType < supplier.PaxAdult || paxType > supplier.PaxInfant {
		return nil, apierr.Invalid(field(i, "PaxType"), "Passenger type must be 1 (adult), 2 (child) or 3 (infant).")
	}
	title, msg := validate.Title(p.Title)
	if msg == "" && paxType == supplier.PaxAdult && title == "Master" {
		msg = "An adult's title is Mr, Ms, Mrs or Miss."
	}
	if msg == "" && paxType != supplier.PaxAdult && title != "Master" && title != "Miss" {
		msg = "A child's or infant's title is Mstr or Miss."
	}
	if msg != "" {
		return nil, apierr.Invalid(field(i, "Title"), msg)
	}
	first, msg := validate.PassengerName("First name", p.FirstName)
	if msg != "" {
		return nil, apierr.Invalid(field(i, "FirstName"), msg)
	}
	last, msg := validate.PassengerName("Last name", p.LastName)
	if msg != "" {
		return nil, apierr.Invalid(field(i, "LastName"), msg)
	}
	gender := int(p.Gender)
	if msg := validate.PassengerGender(gender); msg != "" {
		return nil, apierr.Invalid(field(i, "Gender"), msg)
	}
	if male := title == "Mr" || title == "Master"; male != (gender == 1) {
		return nil, apierr.Invalid(field(i, "Title"), "Title and gender do not agree: Mr and Mstr are male; Ms, Mrs and Miss female.")
	}
	dob, msg := validate.DateOfBirth(p.DateOfBirth, today)
	if msg != "" {
		return nil, apierr.Invalid(field(i, "DateOfBirth"), msg)
	}
	pax := &supplier.Passenger{
		Title: title, FirstName: first, LastName: last, PaxType: paxType,
		DateOfBirth: dob.Format("2006-01-02T00:00:00"), Gender: gender,
		Nationality: strings.ToUpper(strings.TrimSpace(p.Nationality)),
	}
	if pax.Nationality != "" && !ccRe.MatchString(pax.Nationality) {
		return nil, apierr.Invalid(field(i, "Nationality"), "Nationality must be a two-letter country code like IN.")
	}
	if strings.TrimSpace(p.PAN) != "" {
		if pax.PAN, msg = validate.PAN(p.PAN); msg != "" {
			return nil, apierr.Invalid(field(i, "PAN"), msg)
		}
	}
	if bad := passport(i, p, pax, today); bad != nil {
		return nil, bad
	}
	if bad := frequentFlyer(i, p, pax); bad != nil {
		return nil, bad
	}
	if meal := strings.ToUpper(strings.TrimSpace(p.MealCode)); meal != "" {
		if !slices.Contains(mealCodes, meal) {
			return nil, apierr.Invalid(field(i, "MealCode"), "Meal must be one of: "+strings.Join(mealCodes, ", ")+".")
		}
		pax.MealCode = meal
	}
	return pax, nil
}

// passport checks the optional passport: number and expiry come together
// (with the issuing country when given; a country alone is no passport),
// and the passport must still be valid today. Whether the itinerary needs one, and whether it lasts the
// journey, is known only after the fare quote (documentsFit).
func passport(i int, p PassengerInput, pax *supplier.Passenger, today time.Time) *apierr.Error {
	country := strings.ToUpper(strings.TrimSpace(p.PassportIssuingCountry))
	if strings.TrimSpace(p.PassportNo) == "" && strings.TrimSpace(p.PassportExpiry) == "" {
		return nil
	}
	number, msg := validate.PassportNumber(p.PassportNo)
	if msg != "" {
		return apierr.Invalid(field(i, "PassportNo"), msg)
	}
	exp, msg := validate.PassportExpiry(p.PassportExpiry, today)
	if msg != "" {
		return apierr.Invalid(field(i, "PassportExpiry"), msg)
	}
	if country != "" && !ccRe.MatchString(country) {
		return apierr.Invalid(field(i, "PassportIssuingCountry"), msgPassportCountry)
	}
	pax.PassportNo, pax.PassportExpiry, pax.PassportCountry = number, exp.Format("2006-01-02T00:00:00"), country
	return nil
}

// frequentFlyer checks a frequent-flyer membership: an airline code and a
// number, together.
func frequentFlyer(i int, p PassengerInput, pax *supplier.Passenger) *apierr.Error {
	airline := strings.ToUpper(strings.TrimSpace(p.FFAirlineCode))
	number := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(p.FFNumber), " ", ""))
	switch {
	case airline == "" && number == "":
		return nil
	case !airlineRe.MatchString(airline):
		return apierr.Invalid(field(i, "FFAirlineCode"), "Frequent-flyer airline must be a two-character airline code like AI.")
	case !ffNumberRe.MatchString(number):
		return apierr.Invalid(field(i, "FFNumber"), "Frequent-flyer number must be 1 to 20 letters and digits.")
	}
	pax.FFAirlineCode, pax.FFNumber = airline, number
	return nil
}

// leadContact checks and sets the lead passenger's e-mail, phone and
// address (each from the passenger, else the booking's contact and
// address).
func leadContact(pax *supplier.Passenger, i int, p PassengerInput, addr AddressInput, contact ContactInput) *apierr.Error {
	email, msg := validate.Email(firstNonEmpty(p.Email, contact.Email))
	if msg != "" {
		return apierr.Invalid(field(i, "Email"), msg)
	}
	phone, msg := validate.Phone(firstNonEmpty(p.ContactNo, contact.Mobile))
	if msg != "" {
		return apierr.Invalid(field(i, "ContactNo"), msg)
	}
	line1 := strings.TrimSpace(firstNonEmpty(p.AddressLine1, addr.AddressLine1))
	if line1 == "" {
		return apierr.Invalid("address.AddressLine1", addressRequired)
	}
	cc := strings.ToUpper(strings.TrimSpace(firstNonEmpty(p.CountryCode, addr.CountryCode, "IN")))
	if !ccRe.MatchString(cc) {
		return apierr.Invalid("address.CountryCode", "CountryCode must be a two-letter country code like IN.")
	}
	pax.IsLeadPax, pax.Email, pax.ContactNo = true, email, phone
	pax.AddressLine1, pax.AddressLine2 = line1, strings.TrimSpace(firstNonEmpty(p.AddressLine2, addr.AddressLine2))
	pax.City = strings.TrimSpace(firstNonEmpty(p.City, addr.City, "NA"))
	pax.CountryCode, pax.CountryName = cc, strings.TrimSpace(firstNonEmpty(p.CountryName, addr.CountryName, "India"))
	pax.ZipCode = strings.TrimSpace(addr.ZipCode)
	if pax.Nationality == "" {
		pax.Nationality = cc
	}
	return nil
}

// shareContact gives a passenger the lead's contact and address, as the
// supplier wants them on every passenger.
func shareContact(pax *supplier.Passenger, lead supplier.Passenger) {
	pax.Email, pax.ContactNo = lead.Email, lead.ContactNo
	pax.AddressLine1, pax.AddressLine2, pax.City = lead.AddressLine1, lead.AddressLine2, lead.City
	pax.CountryCode, pax.CountryName, pax.ZipCode = lead.CountryCode, lead.CountryName, lead.ZipCode
	if pax.Nationality == "" {
		pax.Nationality = lead.Nationality
	}
}

// gstDetails checks a company's GST details: all five fields, by the rules
// the account's company profile has.
func gstDetails(in GSTInput) (*supplier.GST, *apierr.Error) {
	number, msg := validate.GSTIN(in.GSTNumber)
	if msg != "" {
		return nil, apierr.Invalid("gst.GSTNumber", msg)
	}
	name, msg := validate.Text("Company name", in.GSTCompanyName, 100)
	if msg == "" && name == "" {
		msg = "Company name is required."
	}
	if msg != "" {
		return nil, apierr.Invalid("gst.GSTCompanyName", msg)
	}
	address, msg := validate.Text("Registered address", in.GSTCompanyAddress, 200)
	if msg == "" && address == "" {
		msg = "Registered address is required."
	}
	if msg != "" {
		return nil, apierr.Invalid("gst.GSTCompanyAddress", msg)
	}
	phone, msg := validate.Phone(in.GSTCompanyContactNumber)
	if msg != "" {
		return nil, apierr.Invalid("gst.GSTCompanyContactNumber", msg)
	}
	email, msg := validate.Email(in.GSTCompanyEmail)
	if msg != "" {
		return nil, apierr.Invalid("gst.GSTCompanyEmail", msg)
	}
	return &supplier.GST{Number: number, CompanyName: name, CompanyAddress: address, ContactNumber: phone, CompanyEmail: email}, nil
}

// paxNouns name passenger types for people.
var paxNouns = [3][2]string{{"adult", "adults"}, {"child", "children"}, {"infant", "infants"}}

// travellerCount is "2 adults, 1 child and 1 infant".
func travellerCount(n [3]int) string {
	var parts []string
	for t, c := range n {
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, paxNouns[t][min(c, 2)-1]))
		}
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// documentsFit checks the passengers against the quoted fare, before
// anything is recorded or held: one passenger for each traveller the fare
// was priced for, ages by type on the first day of travel, the documents
// the fare asks for (PAN of each adult; every passenger's passport, valid
// beyond the last flight), and GST details only where the fare takes them.
// It gives each passenger the supplier's fare for their type.
func documentsFit(q *supplier.Quote, pax []supplier.Passenger) *apierr.Error {
	var got [3]int
	for _, p := range pax {
		got[p.PaxType-1]++
	}
	if q.Travellers != ([3]int{}) && got != q.Travellers {
		return apierr.Invalid("passengers", fmt.Sprintf("This fare is priced for %s: send one passenger for each.", travellerCount(q.Travellers)))
	}
	travel, lastDay := dayOf(q.Departure), dayOf(q.LastTravelDate)
	if lastDay.IsZero() {
		lastDay = travel
	}
	hasGST := false
	for i := range pax {
		p := &pax[i]
		if !travel.IsZero() {
			if dob := dayOf(p.DateOfBirth); !dob.IsZero() {
				if msg := validate.PassengerAge(p.PaxType, dob, travel); msg != "" {
					return apierr.Invalid(field(i, "DateOfBirth"), msg)
				}
			}
		}
		if q.NeedsPAN() && p.PaxType == supplier.PaxAdult && p.PAN == "" {
			return apierr.Invalid(field(i, "PAN"), msgPANNeeded)
		}
		if p.PassportNo == "" {
			if q.NeedsPassport() {
				return apierr.Invalid(field(i, "PassportNo"), msgPassportNeeded)
			}
		} else {
			if q.NeedsPassport() && p.PassportCountry == "" {
				return apierr.Invalid(field(i, "PassportIssuingCountry"), msgPassportCountry)
			}
			if exp := dayOf(p.PassportExpiry); !lastDay.IsZero() && !exp.After(lastDay) {
				return apierr.Invalid(field(i, "PassportExpiry"), msgPassportBeyond)
			}
		}
		if p.GST != nil {
			hasGST = true
		}
		if f := q.PassengerFares[p.PaxType-1]; len(f) > 0 {
			p.Fare = f
		}
	}
	switch {
	case hasGST && !q.GSTAllowed:
		return apierr.Invalid("gst", msgGSTNotAllowed)
	case !hasGST && q.GSTMandatory:
		return apierr.Invalid("gst.GSTNumber", msgGSTNeeded)
	}
	return nil
}

// dayOf is the date of a supplier timestamp or date (2006-01-02…), or zero.
func dayOf(s string) time.Time {
	if len(s) < 10 {
		return time.Time{}
	}
	d, err := time.Parse(time.DateOnly, s[:10])
	if err != nil {
		return time.Time{}
	}
	return d
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
