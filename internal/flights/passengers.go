package flights

import (
	"net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/tbo"
)

// PassengerInput is a traveller as the fare page sends them (spec 3,
// Passenger form). Numbers may arrive as strings. Passport details are
// needed on international full-service fares.
type PassengerInput struct {
	Title          string  `json:"Title"`
	FirstName      string  `json:"FirstName"`
	LastName       string  `json:"LastName"`
	PaxType        tbo.Int `json:"PaxType,omitempty"`
	DateOfBirth    string  `json:"DateOfBirth"`
	Gender         tbo.Int `json:"Gender"`
	ContactNo      string  `json:"ContactNo,omitempty"`
	Email          string  `json:"Email,omitempty"`
	Nationality    string  `json:"Nationality,omitempty"`
	PassportNo     string  `json:"PassportNo,omitempty"`
	PassportExpiry string  `json:"PassportExpiry,omitempty"`
	AddressLine1   string  `json:"AddressLine1,omitempty"`
	AddressLine2   string  `json:"AddressLine2,omitempty"`
	City           string  `json:"City,omitempty"`
	CountryCode    string  `json:"CountryCode,omitempty"`
	CountryName    string  `json:"CountryName,omitempty"`
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

var (
	// The fare page offers Mstr; the supplier's title for a boy is Master.
	titles = map[string]string{"mr": "Mr", "ms": "Ms", "mrs": "Mrs", "miss": "Miss", "mstr": "Master", "master": "Master"}
	nameRe = regexp.MustCompile(`^[A-Z][A-Z .'-]{0,31}$`)
	ccRe   = regexp.MustCompile(`^[A-Z]{2}$`)
	// Passport numbers run from 6 to 15 letters and digits across issuers.
	passportRe = regexp.MustCompile(`^[A-Z0-9]{6,15}$`)
)

const addressRequired = "Passenger address is required (AddressLine1)."

// buildPassenger checks the one adult passenger the product books (spec 9)
// and returns the supplier's passenger object. Names are trimmed and
// upper-cased (spec 5).
func buildPassenger(in []PassengerInput, addr AddressInput, contact ContactInput, now time.Time) (tbo.Passenger, *invalidInput) {
	if len(in) != 1 {
		return nil, &invalidInput{"passengers", "Send exactly one adult passenger."}
	}
	p := in[0]
	if p.PaxType != 0 && p.PaxType != 1 {
		return nil, &invalidInput{"passengers[0].PaxType", "Only an adult passenger (PaxType 1) can be booked."}
	}
	title, ok := titles[strings.ToLower(strings.TrimSpace(p.Title))]
	if !ok {
		return nil, &invalidInput{"passengers[0].Title", "Title must be Mr, Ms, Mrs, Mstr or Miss."}
	}
	first := strings.ToUpper(strings.TrimSpace(p.FirstName))
	last := strings.ToUpper(strings.TrimSpace(p.LastName))
	if !nameRe.MatchString(first) {
		return nil, &invalidInput{"passengers[0].FirstName", "First name must be letters only, up to 32."}
	}
	if !nameRe.MatchString(last) {
		return nil, &invalidInput{"passengers[0].LastName", "Last name must be letters only, up to 32."}
	}
	if p.Gender != 1 && p.Gender != 2 {
		return nil, &invalidInput{"passengers[0].Gender", "Gender must be 1 (male) or 2 (female)."}
	}
	dobText := strings.TrimSpace(p.DateOfBirth)
	if len(dobText) > 10 {
		dobText = dobText[:10]
	}
	dob, err := time.Parse(time.DateOnly, dobText)
	if err != nil || !dob.Before(now) || dob.Year() < 1900 {
		return nil, &invalidInput{"passengers[0].DateOfBirth", "Date of birth must be a past date written YYYY-MM-DD."}
	}
	if now.Sub(dob) < 12*365*24*time.Hour {
		return nil, &invalidInput{"passengers[0].DateOfBirth", "An adult passenger must be at least 12 years old."}
	}
	email := strings.TrimSpace(firstNonEmpty(p.Email, contact.Email))
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		return nil, &invalidInput{"passengers[0].Email", "Please enter a valid e-mail address."}
	}
	phone := strings.TrimSpace(firstNonEmpty(p.ContactNo, contact.Mobile))
	if digits := countDigits(phone); digits < 8 || digits > 15 || strings.Trim(phone, "+0123456789 -") != "" {
		return nil, &invalidInput{"passengers[0].ContactNo", "Please enter a valid mobile number."}
	}
	line1 := strings.TrimSpace(firstNonEmpty(p.AddressLine1, addr.AddressLine1))
	if line1 == "" {
		return nil, &invalidInput{"address.AddressLine1", addressRequired}
	}
	cc := strings.ToUpper(strings.TrimSpace(firstNonEmpty(p.CountryCode, addr.CountryCode, "IN")))
	if !ccRe.MatchString(cc) {
		return nil, &invalidInput{"address.CountryCode", "CountryCode must be a two-letter country code like IN."}
	}
	passportNo, passportExpiry, bad := passport(p, now)
	if bad != nil {
		return nil, bad
	}
	pax := tbo.Passenger{
		"Title": title, "FirstName": first, "LastName": last, "PaxType": 1,
		"DateOfBirth": dob.Format("2006-01-02T00:00:00"), "Gender": int(p.Gender),
		"AddressLine1": line1, "AddressLine2": strings.TrimSpace(firstNonEmpty(p.AddressLine2, addr.AddressLine2)),
		"City":        strings.TrimSpace(firstNonEmpty(p.City, addr.City, "NA")),
		"CountryCode": cc, "CountryName": strings.TrimSpace(firstNonEmpty(p.CountryName, addr.CountryName, "India")),
		"Nationality": strings.ToUpper(strings.TrimSpace(firstNonEmpty(p.Nationality, cc))),
		"ContactNo":   phone, "Email": email, "IsLeadPax": true,
		"PassportNo": passportNo, "PassportExpiry": passportExpiry,
		"ZipCode": strings.TrimSpace(addr.ZipCode),
	}
	return pax, nil
}

// passport checks the optional passport: number and expiry come together,
// and the passport must still be valid. The expiry is returned in the
// supplier's form. Whether the itinerary needs one is known only after the
// fare quote (see Bookings.create).
func passport(p PassengerInput, now time.Time) (number, expiry string, bad *invalidInput) {
	number = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(p.PassportNo), " ", ""))
	text := strings.TrimSpace(p.PassportExpiry)
	if len(text) > 10 {
		text = text[:10]
	}
	switch {
	case number == "" && text == "":
		return "", "", nil
	case !passportRe.MatchString(number):
		return "", "", &invalidInput{"passengers[0].PassportNo", "Passport number must be 6 to 15 letters and digits."}
	}
	exp, err := time.Parse(time.DateOnly, text)
	if err != nil {
		return "", "", &invalidInput{"passengers[0].PassportExpiry", "Passport expiry must be a date written YYYY-MM-DD."}
	}
	if !exp.After(now) {
		return "", "", &invalidInput{"passengers[0].PassportExpiry", "This passport has expired."}
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

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}
