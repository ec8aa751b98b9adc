package flights

import (
	"regexp"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/validate"
)

// PassengerInput is a traveller as the fare page sends them (spec 3,
// Passenger form). Numbers may arrive as strings. Passport details are
// needed on international full-service fares.
type PassengerInput struct {
	Title          string       `json:"Title"`
	FirstName      string       `json:"FirstName"`
	LastName       string       `json:"LastName"`
	PaxType        httpjson.Int `json:"PaxType,omitempty"`
	DateOfBirth    string       `json:"DateOfBirth"`
	Gender         httpjson.Int `json:"Gender"`
	ContactNo      string       `json:"ContactNo,omitempty"`
	Email          string       `json:"Email,omitempty"`
	Nationality    string       `json:"Nationality,omitempty"`
	PassportNo     string       `json:"PassportNo,omitempty"`
	PassportExpiry string       `json:"PassportExpiry,omitempty"`
	AddressLine1   string       `json:"AddressLine1,omitempty"`
	AddressLine2   string       `json:"AddressLine2,omitempty"`
	City           string       `json:"City,omitempty"`
	CountryCode    string       `json:"CountryCode,omitempty"`
	CountryName    string       `json:"CountryName,omitempty"`
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

var ccRe = regexp.MustCompile(`^[A-Z]{2}$`)

const addressRequired = "Passenger address is required (AddressLine1)."

// buildPassenger checks the one adult passenger the product books (spec 9)
// by the rules of package validate and returns the supplier's passenger
// object. Names are trimmed and upper-cased (spec 5).
func buildPassenger(in []PassengerInput, addr AddressInput, contact ContactInput, now time.Time) (*supplier.Passenger, *apierr.Error) {
	if len(in) != 1 {
		return nil, apierr.Invalid("passengers", "Send exactly one adult passenger.")
	}
	p := in[0]
	if p.PaxType != 0 && p.PaxType != 1 {
		return nil, apierr.Invalid("passengers[0].PaxType", "Only an adult passenger (PaxType 1) can be booked.")
	}
	today := indiatime.Today(now)
	title, msg := validate.Title(p.Title)
	if msg != "" {
		return nil, apierr.Invalid("passengers[0].Title", msg)
	}
	first, msg := validate.PassengerName("First name", p.FirstName)
	if msg != "" {
		return nil, apierr.Invalid("passengers[0].FirstName", msg)
	}
	last, msg := validate.PassengerName("Last name", p.LastName)
	if msg != "" {
		return nil, apierr.Invalid("passengers[0].LastName", msg)
	}
	if msg := validate.PassengerGender(int(p.Gender)); msg != "" {
		return nil, apierr.Invalid("passengers[0].Gender", msg)
	}
	dob, msg := validate.DateOfBirth(p.DateOfBirth, today)
	if msg != "" {
		return nil, apierr.Invalid("passengers[0].DateOfBirth", msg)
	}
	if dob.AddDate(12, 0, 0).After(today) {
		return nil, apierr.Invalid("passengers[0].DateOfBirth", "An adult passenger must be at least 12 years old.")
	}
	email, msg := validate.Email(firstNonEmpty(p.Email, contact.Email))
	if msg != "" {
		return nil, apierr.Invalid("passengers[0].Email", msg)
	}
	phone, msg := validate.Phone(firstNonEmpty(p.ContactNo, contact.Mobile))
	if msg != "" {
		return nil, apierr.Invalid("passengers[0].ContactNo", msg)
	}
	line1 := strings.TrimSpace(firstNonEmpty(p.AddressLine1, addr.AddressLine1))
	if line1 == "" {
		return nil, apierr.Invalid("address.AddressLine1", addressRequired)
	}
	cc := strings.ToUpper(strings.TrimSpace(firstNonEmpty(p.CountryCode, addr.CountryCode, "IN")))
	if !ccRe.MatchString(cc) {
		return nil, apierr.Invalid("address.CountryCode", "CountryCode must be a two-letter country code like IN.")
	}
	passportNo, passportExpiry, bad := passport(p, today)
	if bad != nil {
		return nil, bad
	}
	pax := &supplier.Passenger{
		Title: title, FirstName: first, LastName: last, PaxType: 1,
		DateOfBirth: dob.Format("2006-01-02T00:00:00"), Gender: int(p.Gender),
		AddressLine1: line1, AddressLine2: strings.TrimSpace(firstNonEmpty(p.AddressLine2, addr.AddressLine2)),
		City:        strings.TrimSpace(firstNonEmpty(p.City, addr.City, "NA")),
		CountryCode: cc, CountryName: strings.TrimSpace(firstNonEmpty(p.CountryName, addr.CountryName, "India")),
		Nationality: strings.ToUpper(strings.TrimSpace(firstNonEmpty(p.Nationality, cc))),
		ContactNo:   phone, Email: email, IsLeadPax: true,
		PassportNo: passportNo, PassportExpiry: passportExpiry,
		ZipCode: strings.TrimSpace(addr.ZipCode),
	}
	return pax, nil
}

// passport checks the optional passport: number and expiry come together,
// and the passport must still be valid. The expiry is returned in the
// supplier's form. Whether the itinerary needs one is known only after the
// fare quote (see Bookings.create).
func passport(p PassengerInput, today time.Time) (number, expiry string, bad *apierr.Error) {
	if strings.TrimSpace(p.PassportNo) == "" && strings.TrimSpace(p.PassportExpiry) == "" {
		return "", "", nil
	}
	number, msg := validate.PassportNumber(p.PassportNo)
	if msg != "" {
		return "", "", apierr.Invalid("passengers[0].PassportNo", msg)
	}
	exp, msg := validate.PassportExpiry(p.PassportExpiry, today)
	if msg != "" {
		return "", "", apierr.Invalid("passengers[0].PassportExpiry", msg)
	}
	return number, exp.Format("2006-01-02T00:00:00"), nil
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}
