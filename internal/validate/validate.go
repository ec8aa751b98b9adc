// Package validate holds the product's input rules, one per fact (e-mail,
// phone, names, passport, dates …), for every API that takes such a value.
// The web app has the same rules in web/src/lib/validation.ts; both are
// tested against testdata/cases.json.
//
// Each rule judges a value someone gave and returns it normalised (trimmed,
// and upper-cased where the fact is) with a message for people when the
// value breaks the rule ("" when it does not). Whether a field may be left
// empty, and the JSON path of the field, are the caller's.
package validate

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// Messages shared by several rules.
const (
	EmailMessage = "Please enter a valid e-mail address."
	// MobileMessage is the sign-in dialog's words (spec 5) for a mobile
	// number typed after a chosen country code.
	MobileMessage = "Please enter a valid Mobile Number."
	// PhoneMessage is for a whole phone number in one field.
	PhoneMessage = "Please enter a valid phone number."
)

// emailRe is a plain address: a dot-atom local part (at most 64 characters)
// and a domain of at least two labels ending in a top-level domain of
// letters. No display name, no quoted local part, no IP literal.
var emailRe = regexp.MustCompile("^[A-Za-z0-9!#$%&'*+/=?^_\x60{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_\x60{|}~-]+)*" +
	"@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$")

// Email checks one plain e-mail address, at most 254 characters.
func Email(s string) (string, string) {
	s = strings.TrimSpace(s)
	at := strings.LastIndexByte(s, '@')
	if len(s) > 254 || at < 1 || at > 64 || !emailRe.MatchString(s) {
		return s, EmailMessage
	}
	return s, ""
}

// Password lengths: at least MinPasswordLength characters (spec 5 and 9),
// at most MaxPasswordBytes bytes, which bounds the hashing work of one
// request.
const (
	MinPasswordLength = 8
	MaxPasswordBytes  = 256
)

// Password checks a new password's length; it is never trimmed.
func Password(s string) string {
	if utf8.RuneCountInString(s) < MinPasswordLength {
		return fmt.Sprintf("Password must be at least %d characters.", MinPasswordLength)
	}
	if len(s) > MaxPasswordBytes {
		return fmt.Sprintf("Password must be at most %d characters.", MaxPasswordBytes)
	}
	return ""
}

var (
	countryCodeRe = regexp.MustCompile(`^\+[1-9][0-9]{0,2}$`)
	nationalRe    = regexp.MustCompile(`^[0-9 ().-]*$`)
)

// mobileDigits are the national digits each of the product's country codes
// takes (spec 5). Any other code needs at least 8, and at most 15 digits
// with its code (E.164).
var mobileDigits = map[string][2]int{"+91": {10, 10}, "+971": {9, 10}, "+1": {10, 10}}

// Mobile checks a national number under a country code like +91. Only
// digits count; spaces, dashes, dots and brackets may separate them.
func Mobile(countryCode, number string) string {
	if !countryCodeRe.MatchString(countryCode) || !nationalRe.MatchString(number) {
		return MobileMessage
	}
	n := countDigits(number)
	lo, hi := 8, 15-(len(countryCode)-1)
	if r, ok := mobileDigits[countryCode]; ok {
		lo, hi = r[0], r[1]
	}
	if n < lo || n > hi {
		return MobileMessage
	}
	return ""
}

// Phone checks a whole phone number, at most 32 characters: +91, +971 or +1
// and the national number go by Mobile; a number without a code is taken as
// Indian (+91); under any other code it needs 10 to 15 digits in all (at
// least 8 after a code of two digits: +7 is the only other one-digit code
// and its numbers have ten).
func Phone(s string) (string, string) {
	s = strings.TrimSpace(s)
	if len(s) > 32 {
		return s, PhoneMessage
	}
	rest, international := strings.CutPrefix(s, "+")
	if !international {
		if Mobile("+91", s) != "" {
			return s, PhoneMessage
		}
		return s, ""
	}
	if !nationalRe.MatchString(rest) {
		return s, PhoneMessage
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, rest)
	for _, code := range []string{"91", "971", "1"} {
		if strings.HasPrefix(digits, code) {
			r := mobileDigits["+"+code]
			if n := len(digits) - len(code); n < r[0] || n > r[1] {
				return s, PhoneMessage
			}
			return s, ""
		}
	}
	if len(digits) < 10 || len(digits) > 15 {
		return s, PhoneMessage
	}
	return s, ""
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

// FullName checks the name an account is registered with: required, at
// most 200 characters.
func FullName(s string) (string, string) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return s, "Please enter your full name."
	case utf8.RuneCountInString(s) > 200:
		return s, "Full name must be at most 200 characters."
	}
	return s, ""
}

// Text checks one line of free text of at most max characters; label names
// it for people.
func Text(label, s string, max int) (string, string) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > max {
		return s, fmt.Sprintf("%s must be at most %d characters.", label, max)
	}
	if strings.ContainsAny(s, "\x00\r\n") {
		return s, fmt.Sprintf("%s must be a single line of text.", label)
	}
	return s, ""
}

var passengerNameRe = regexp.MustCompile(`^[A-Z][A-Z .'-]{0,31}$`)

// PassengerName checks a name as a ticket carries it: upper-cased (spec 5),
// a letter then letters, spaces, dots, apostrophes or hyphens, up to 32.
func PassengerName(label, s string) (string, string) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if !passengerNameRe.MatchString(s) {
		return s, label + " must be letters only, up to 32."
	}
	return s, ""
}

// titles are the passenger titles the fare page offers (spec 3), in the
// supplier's spelling: Mstr is Master.
var titles = map[string]string{"mr": "Mr", "ms": "Ms", "mrs": "Mrs", "miss": "Miss", "mstr": "Master", "master": "Master"}

// Title checks a passenger title (any case) and returns the supplier's
// spelling.
func Title(s string) (string, string) {
	t, ok := titles[strings.ToLower(strings.TrimSpace(s))]
	if !ok {
		return s, "Title must be Mr, Ms, Mrs, Mstr or Miss."
	}
	return t, ""
}

// PassengerGender checks the supplier's gender code (spec 3).
func PassengerGender(n int) string {
	if n != 1 && n != 2 {
		return "Gender must be 1 (male) or 2 (female)."
	}
	return ""
}

// OneOf checks s against allowed (case-insensitive) and returns the allowed
// spelling.
func OneOf(label, s string, allowed ...string) (string, string) {
	s = strings.TrimSpace(s)
	for _, a := range allowed {
		if strings.EqualFold(s, a) {
			return a, ""
		}
	}
	return s, fmt.Sprintf("%s must be one of: %s.", label, strings.Join(allowed, ", "))
}

// Date checks a calendar date written YYYY-MM-DD between the years 1900 and
// 2200; a longer timestamp is cut to its date, as the web app shows them.
func Date(label, s string) (time.Time, string) {
	s = strings.TrimSpace(s)
	if len(s) > 10 && s[10] == 'T' {
		s = s[:10]
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, label + " must be a real date written YYYY-MM-DD."
	}
	if d.Year() < 1900 || d.Year() > 2200 {
		return time.Time{}, label + " is out of range."
	}
	return d, ""
}

// PastDate is a Date not after today (a date, such as India's today:
// indiatime.Today).
func PastDate(label, s string, today time.Time) (time.Time, string) {
	d, msg := Date(label, s)
	if msg == "" && d.After(today) {
		return time.Time{}, label + " cannot be in the future."
	}
	return d, msg
}

// DateOfBirth is a PastDate.
func DateOfBirth(s string, today time.Time) (time.Time, string) {
	return PastDate("Date of birth", s, today)
}

var passportNumberRe = regexp.MustCompile(`^[A-Z0-9]{6,15}$`)

// PassportNumber checks a passport number: 6 to 15 letters and digits
// (issuers use 6 to 9, a few more; 15 is the most the flight supplier
// takes), upper-cased with spaces removed.
func PassportNumber(s string) (string, string) {
	s = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if !passportNumberRe.MatchString(s) {
		return s, "Passport number must be 6 to 15 letters and digits."
	}
	return s, ""
}

// PassportExpiry checks a passport's expiry date: a Date, and the passport
// still valid today (it is through its expiry day).
func PassportExpiry(s string, today time.Time) (time.Time, string) {
	d, msg := Date("Passport expiry", s)
	if msg == "" && d.Before(today) {
		return time.Time{}, "This passport has expired."
	}
	return d, msg
}

var panRe = regexp.MustCompile(`^[A-Z]{5}[0-9]{4}[A-Z]$`)

// PAN checks an Indian Permanent Account Number: five letters, four digits
// and a letter, upper-cased.
func PAN(s string) (string, string) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if !panRe.MatchString(s) {
		return s, "PAN must be 10 characters: 5 letters, 4 digits and a letter (like ABCDE1234F)."
	}
	return s, ""
}

var (
	indianPINRe = regexp.MustCompile(`^[1-9][0-9]{5}$`)
	postcodeRe  = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 \-]{1,9}$`)
)

// PostalCode checks a PIN code in India (six digits, not starting with 0)
// and a plausible postcode elsewhere. An empty country is India.
func PostalCode(s, country string) (string, string) {
	s = strings.TrimSpace(s)
	if IsIndia(country) {
		if !indianPINRe.MatchString(s) {
			return s, "PIN code must be 6 digits."
		}
	} else if !postcodeRe.MatchString(s) {
		return s, "Postal code must be 2 to 10 letters, digits, spaces or dashes."
	}
	return s, ""
}

// IsIndia reports whether a country as people write it is India ("" is).
func IsIndia(country string) bool {
	switch strings.ToLower(strings.TrimSpace(country)) {
	case "", "india", "in", "ind", "bharat":
		return true
	}
	return false
}

// gstinRe is a GSTIN's shape: a two-digit state code, the holder's PAN, an
// entity number (1-9, then A-Z), the letter Z and a check character.
var gstinRe = regexp.MustCompile(`^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`)

// GSTINMessage is the message for a GSTIN of the wrong shape.
const GSTINMessage = "GSTIN must be 15 characters: a state code, the PAN, an entity number, Z and a check character (like 27AAPFU0939F1ZV)."

// GSTIN checks an Indian GST identification number: its shape, a state code
// (01 to 38, or 97 and 99 for other territories and special registrations)
// and its check character. Upper-cased, spaces removed.
func GSTIN(s string) (string, string) {
	s = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if !gstinRe.MatchString(s) {
		return s, GSTINMessage
	}
	if state := int(s[0]-'0')*10 + int(s[1]-'0'); (state < 1 || state > 38) && state != 97 && state != 99 {
		return s, "GSTIN must start with a state code from 01 to 38 (or 97, 99)."
	}
	if GSTINCheckChar(s[:14]) != s[14] {
		return s, "This GSTIN's last character does not check out: please copy it again from the GST certificate."
	}
	return s, ""
}

// GSTINCheckChar is the check character of a GSTIN's first 14 characters:
// a Luhn sum over base 36 with the weights 1, 2, 1, 2 …
func GSTINCheckChar(first14 string) byte {
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	sum := 0
	for i := 0; i < len(first14); i++ {
		v := strings.IndexByte(alphabet, first14[i]) * (1 + i%2)
		sum += v/36 + v%36
	}
	return alphabet[(36-sum%36)%36]
}

// Passenger types as the flight supplier numbers them.
const (
	PaxAdult  = 1
	PaxChild  = 2
	PaxInfant = 3
)

// AgeOn is a person's age in whole years on day (both dates; a birthday on
// 29 February falls on 1 March in other years).
func AgeOn(dob, day time.Time) int {
	age := day.Year() - dob.Year()
	if day.Month() < dob.Month() || (day.Month() == dob.Month() && day.Day() < dob.Day()) {
		age--
	}
	return age
}

// PassengerAge checks a date of birth against the passenger type on the day
// of travel: an adult is 12 or over, a child 2 to 11, an infant under 2.
func PassengerAge(paxType int, dob, travel time.Time) string {
	age := AgeOn(dob, travel)
	switch paxType {
	case PaxAdult:
		if age < 12 {
			return "An adult must be 12 or older on the day of travel."
		}
	case PaxChild:
		if age < 2 || age > 11 {
			return "A child must be 2 to 11 years old on the day of travel."
		}
	case PaxInfant:
		if age >= 2 {
			return "An infant must be under 2 years old on the day of travel."
		}
	default:
		return "Passenger type must be 1 (adult), 2 (child) or 3 (infant)."
	}
	return ""
}
