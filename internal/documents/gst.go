package documents

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/shopspring/decimal"
)

// Party is a business or person on a GST document: Paryatan as the supplier
// of the service, or its recipient.
type Party struct {
	// Name is the legal name of a business, or a traveller's name.
	Name string
	// Address is the postal address, one line each; optional for a
	// traveller.
	Address []string
	// State is the state the party is registered or resides in; optional
	// for a traveller.
	State State
	// GSTIN is the party's GST identification number, required of the
	// supplier and of a business recipient, empty for a traveller.
	GSTIN string
	// PAN is the party's permanent account number; printed for the
	// supplier.
	PAN string
}

// State is a state or union territory of India as GST names it.
type State struct {
	// Name is the state's name, such as "Maharashtra".
	Name string
	// Code is its two-digit GST state code, such as "27".
	Code string
}

// Line is one amount on a GST document.
type Line struct {
	// Description says what the amount is for.
	Description string
	// SAC is the services accounting code of a taxable service, such as
	// "998555" (reservation services for transportation); empty for an
	// amount collected on an airline's behalf.
	SAC string
	// Amount is in rupees, before GST for a taxable service.
	Amount decimal.Decimal
}

// SACReservation is the services accounting code of reservation services
// for transportation, what Paryatan's fees are charged under.
const SACReservation = "998555"

// serial is the form GST allows for invoice and credit note numbers: at most
// sixteen letters, digits, hyphens and slashes (rule 46(b) of the CGST
// Rules).
var serial = regexp.MustCompile(`^[A-Za-z0-9/-]{1,16}$`)

// gstin is the form of a GST identification number: state code, PAN, entity
// number, "Z" and a check character.
var gstin = regexp.MustCompile(`^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`)

// stateCode is the form of a GST state code.
var stateCode = regexp.MustCompile(`^[0-9]{2}$`)

// gstCheck collects what makes a GST document's input unusable.
type gstCheck []error

// add records a problem.
func (c *gstCheck) add(format string, args ...any) { *c = append(*c, fmt.Errorf(format, args...)) }

// parties checks the supplier, the recipient and the place of supply.
func (c *gstCheck) parties(supplier, recipient Party, pos State) {
	if strings.TrimSpace(supplier.Name) == "" {
		c.add("the supplier has no name")
	}
	if !stateCode.MatchString(supplier.State.Code) {
		c.add("the supplier's state code %q is not two digits", supplier.State.Code)
	}
	if !gstin.MatchString(supplier.GSTIN) || !strings.HasPrefix(supplier.GSTIN, supplier.State.Code) {
		c.add("the supplier's GSTIN %q is not a GSTIN of state %q", supplier.GSTIN, supplier.State.Code)
	}
	if strings.TrimSpace(recipient.Name) == "" {
		c.add("the recipient has no name")
	}
	if recipient.GSTIN != "" && !gstin.MatchString(recipient.GSTIN) {
		c.add("the recipient's GSTIN %q is not a GSTIN", recipient.GSTIN)
	}
	if !stateCode.MatchString(pos.Code) || strings.TrimSpace(pos.Name) == "" {
		c.add("the place of supply %q (%q) needs a name and a two-digit state code", pos.Name, pos.Code)
	}
}

// lines checks the taxable lines and those collected for the airline.
func (c *gstCheck) lines(taxable, pureAgent []Line) {
	if len(taxable) == 0 {
		c.add("no taxable lines")
	}
	for i, l := range taxable {
		if l.SAC == "" {
			c.add("line %d has no SAC", i+1)
		}
		if l.Amount.IsNegative() {
			c.add("line %d is negative", i+1)
		}
	}
	for i, l := range pureAgent {
		if l.Amount.IsNegative() {
			c.add("airfare line %d is negative", i+1)
		}
	}
}

// number checks a document number against the GST serial form.
func (c *gstCheck) number(what, n string) {
	if !serial.MatchString(n) {
		c.add("%s %q is not up to 16 letters, digits, hyphens and slashes", what, n)
	}
}

// err is the problems found, as one error, or nil.
func (c gstCheck) err(doc string) error {
	if err := errors.Join(c...); err != nil {
		return fmt.Errorf("documents: %s: %w", doc, err)
	}
	return nil
}

// sum adds up the lines' amounts.
func sum(ls []Line) decimal.Decimal {
	total := decimal.Zero
	for _, l := range ls {
		total = total.Add(l.Amount)
	}
	return total
}

// stateLabel writes a state as "Karnataka (29)".
func stateLabel(s State) string {
	if s.Name == "" && s.Code == "" {
		return ""
	}
	return s.Name + " (" + s.Code + ")"
}
