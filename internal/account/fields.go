// Package account holds the signed-in account area: the traveller profile,
// its completion score, and co-travellers.
package account

import (
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// FieldError is a validation failure naming the field at fault (JSON path,
// e.g. "passport.expiry").
type FieldError struct {
	Field   string
	Message string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

// checker collects the first validation failure; later checks are skipped.
type checker struct{ err *FieldError }

func (c *checker) fail(field, format string, args ...any) {
	if c.err == nil {
		c.err = &FieldError{Field: field, Message: fmt.Sprintf(format, args...)}
	}
}

// text trims s and checks its length.
func (c *checker) text(field, label, s string, max int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > max {
		c.fail(field, "%s must be at most %d characters.", label, max)
	}
	if strings.ContainsAny(s, "\x00\r\n") {
		c.fail(field, "%s must be a single line of text.", label)
	}
	return s
}

// oneOf accepts "" or one of the allowed values (case-insensitive, returned
// in the allowed spelling).
func (c *checker) oneOf(field, label, s string, allowed ...string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	for _, a := range allowed {
		if strings.EqualFold(s, a) {
			return a
		}
	}
	c.fail(field, "%s must be one of: %s.", label, strings.Join(allowed, ", "))
	return ""
}

// date parses YYYY-MM-DD (a longer timestamp is cut to its date, as the web
// app shows them); "" means unset.
func (c *checker) date(field, label, s string) *time.Time {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if len(s) > 10 && s[10] == 'T' {
		s = s[:10]
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		c.fail(field, "%s must be a real date written YYYY-MM-DD.", label)
		return nil
	}
	if d.Year() < 1900 || d.Year() > 2200 {
		c.fail(field, "%s is out of range.", label)
		return nil
	}
	return &d
}

// pastDate is a date that is not in the future (India's calendar day).
func (c *checker) pastDate(field, label, s string, today time.Time) *time.Time {
	d := c.date(field, label, s)
	if d != nil && d.After(today) {
		c.fail(field, "%s cannot be in the future.", label)
	}
	return d
}

var phoneChars = regexp.MustCompile(`^\+?[0-9][0-9 \-]*$`)

// phone accepts "" or 8–15 digits with an optional leading +, spaces and
// dashes.
func (c *checker) phone(field, label, s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	if !phoneChars.MatchString(s) || digits < 8 || digits > 15 {
		c.fail(field, "%s must be a phone number of 8 to 15 digits.", label)
	}
	return s
}

func (c *checker) email(field, label, s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || len(s) > 254 {
		c.fail(field, "%s must be a valid e-mail address.", label)
	}
	return s
}

var panRe = regexp.MustCompile(`^[A-Z]{5}[0-9]{4}[A-Z]$`)

// pan is an Indian Permanent Account Number: five letters, four digits, a
// letter (upper-cased here).
func (c *checker) pan(field, s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s != "" && !panRe.MatchString(s) {
		c.fail(field, "PAN must be 10 characters: 5 letters, 4 digits and a letter (like ABCDE1234F).")
	}
	return s
}

var passportRe = regexp.MustCompile(`^[A-Z0-9]{6,12}$`)

func (c *checker) passportNumber(field, s string) string {
	s = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if s != "" && !passportRe.MatchString(s) {
		c.fail(field, "Passport number must be 6 to 12 letters and digits.")
	}
	return s
}

var (
	indianPIN   = regexp.MustCompile(`^[1-9][0-9]{5}$`)
	postalOther = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 \-]{1,9}$`)
)

// postalCode checks a PIN code for India (six digits, not starting with 0)
// and a plausible postcode elsewhere.
func (c *checker) postalCode(field, s, country string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if isIndia(country) {
		if !indianPIN.MatchString(s) {
			c.fail(field, "PIN code must be 6 digits.")
		}
	} else if !postalOther.MatchString(s) {
		c.fail(field, "Postal code must be 2 to 10 letters, digits, spaces or dashes.")
	}
	return s
}

func isIndia(country string) bool {
	switch strings.ToLower(strings.TrimSpace(country)) {
	case "", "india", "in", "ind", "bharat":
		return true
	}
	return false
}

// formatDate renders a date as YYYY-MM-DD, "" when unset.
func formatDate(d *time.Time) string {
	if d == nil {
		return ""
	}
	return d.Format(time.DateOnly)
}
