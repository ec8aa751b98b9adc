// Package account holds the signed-in account area: the traveller profile,
// its completion score, co-travellers, and a MyBiz account's company (its
// GST registration).
package account

import (
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/validate"
)

// checker applies the rules of package validate to a form, keeping the first
// failure (an apierr.Invalid naming the field's JSON path, e.g.
// "passport.expiry"); later checks are skipped. Empty values are unset: no
// account field is required by its rule.
type checker struct{ err *apierr.Error }

func (c *checker) fail(field, msg string) {
	if c.err == nil && msg != "" {
		c.err = apierr.Invalid(field, msg)
	}
}

// check runs a rule on a non-empty value.
func (c *checker) check(field, s string, rule func(string) (string, string)) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	v, msg := rule(s)
	c.fail(field, msg)
	return v
}

// text trims s and checks its length (validate.Text).
func (c *checker) text(field, label, s string, max int) string {
	v, msg := validate.Text(label, s, max)
	c.fail(field, msg)
	return v
}

// oneOf accepts "" or one of the allowed values (validate.OneOf).
func (c *checker) oneOf(field, label, s string, allowed ...string) string {
	return c.check(field, s, func(s string) (string, string) { return validate.OneOf(label, s, allowed...) })
}

// date checks an optional date with rule; "" means unset.
func (c *checker) date(field, s string, rule func(string) (time.Time, string)) *time.Time {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	d, msg := rule(s)
	if msg != "" {
		c.fail(field, msg)
		return nil
	}
	return &d
}

// pastDate is a date that is not in the future (validate.PastDate).
func (c *checker) pastDate(field, label, s string, today time.Time) *time.Time {
	return c.date(field, s, func(s string) (time.Time, string) { return validate.PastDate(label, s, today) })
}

// passportExpiry is a passport still valid today (validate.PassportExpiry).
func (c *checker) passportExpiry(field, s string, today time.Time) *time.Time {
	return c.date(field, s, func(s string) (time.Time, string) { return validate.PassportExpiry(s, today) })
}

func (c *checker) phone(field, s string) string { return c.check(field, s, validate.Phone) }

func (c *checker) email(field, s string) string { return c.check(field, s, validate.Email) }

func (c *checker) pan(field, s string) string { return c.check(field, s, validate.PAN) }

func (c *checker) passportNumber(field, s string) string {
	return c.check(field, s, validate.PassportNumber)
}

func (c *checker) postalCode(field, s, country string) string {
	return c.check(field, s, func(s string) (string, string) { return validate.PostalCode(s, country) })
}

// formatDate renders a date as YYYY-MM-DD, "" when unset.
func formatDate(d *time.Time) string {
	if d == nil {
		return ""
	}
	return d.Format(time.DateOnly)
}
