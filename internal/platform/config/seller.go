package config

import (
	"fmt"
	"regexp"
	"strings"
)

// Seller is the business that issues Paryatan's tax invoices: its legal
// name, GST registration, address and state (the state decides CGST and
// SGST against IGST).
type Seller struct {
	LegalName, GSTIN, Address, State, StateCode string
}

// Issues reports whether s can issue tax invoices (it has a GSTIN).
func (s Seller) Issues() bool { return s.GSTIN != "" }

// gstinPattern is the shape of a GSTIN: two digits of state code, a PAN
// (five letters, four digits, a letter), the entity number, Z, and a check
// character.
var gstinPattern = regexp.MustCompile(`^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`)

// ValidGSTIN reports whether s has the shape of a GSTIN.
func ValidGSTIN(s string) bool { return gstinPattern.MatchString(s) }

// localSeller is the demonstration registration local mode runs with: a
// GSTIN of the right shape that belongs to no one (its check character is
// not computed).
var localSeller = Seller{LegalName: "Paryatan Travel Private Limited", GSTIN: "06AAACP0000A1Z0",
	Address: "Gurugram, Haryana 122002 (demonstration registration)", State: "Haryana", StateCode: "06"}

// sellerFrom reads the seller from the environment: each SELLER_* variable
// replaces the local default. Production has no default: without its own
// SELLER_GSTIN it issues no tax invoices (the e-ticket is unaffected).
func sellerFrom(getenv func(string) string, mode string, errs []error) (Seller, []error) {
	s := localSeller
	if mode == ModeProduction {
		s = Seller{}
	}
	set := func(name string, dst *string) {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			*dst = v
		}
	}
	set("SELLER_LEGAL_NAME", &s.LegalName)
	set("SELLER_ADDRESS", &s.Address)
	set("SELLER_STATE", &s.State)
	gstin := strings.ToUpper(strings.TrimSpace(getenv("SELLER_GSTIN")))
	switch {
	case gstin == "":
	case !ValidGSTIN(gstin):
		errs = append(errs, fmt.Errorf("SELLER_GSTIN=%q: want a 15-character GSTIN like 27AAACP1234A1Z5", gstin))
	default:
		s.GSTIN = gstin
	}
	if s.GSTIN == "" {
		return s, errs
	}
	s.StateCode = s.GSTIN[:2]
	if v := strings.TrimSpace(getenv("SELLER_STATE_CODE")); v != "" && v != s.StateCode {
		errs = append(errs, fmt.Errorf("SELLER_STATE_CODE=%q: the GSTIN's first two digits (%s) are its state code", v, s.StateCode))
	}
	return s, errs
}
