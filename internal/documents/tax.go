package documents

import (
	"strings"

	"github.com/shopspring/decimal"
)

// Tax is one GST levy on a taxable value.
type Tax struct {
	// Name is "CGST", "SGST" or "IGST".
	Name string
	// Rate is the rate in percent: 9 for CGST and SGST, 18 for IGST.
	Rate decimal.Decimal
	// Amount is the tax in rupees, rounded half-up to paise.
	Amount decimal.Decimal
}

// TaxLines is the GST on a taxable value of services at 18%: central and
// state tax at 9% each when the supply is inside the supplier's state,
// integrated tax at 18% when it crosses a state border.
type TaxLines struct {
	// Taxable is the taxable value, rounded half-up to paise.
	Taxable decimal.Decimal
	// Taxes are CGST then SGST for a supply within a state, or IGST alone
	// for one between states.
	Taxes []Tax
	// Total is the sum of the Taxes' amounts.
	Total decimal.Decimal
}

// GST rates on the services Paryatan charges for (SAC 9985), in percent.
var (
	cgstRate = decimal.NewFromInt(9)
	sgstRate = decimal.NewFromInt(9)
	igstRate = decimal.NewFromInt(18)
)

// Taxes works out the GST on a taxable value in rupees. supplierState and
// placeOfSupply are GST state codes ("27" for Maharashtra); when they are the
// same the supply is intra-state (CGST + SGST), otherwise inter-state (IGST).
// Each tax is rounded half-up to paise on its own, as each is a separate
// levy: CGST and SGST together can differ from IGST on the same value by a
// paisa.
func Taxes(taxable decimal.Decimal, supplierState, placeOfSupply string) TaxLines {
	taxable = taxable.Round(2)
	levy := func(name string, rate decimal.Decimal) Tax {
		return Tax{Name: name, Rate: rate, Amount: taxable.Mul(rate).Shift(-2).Round(2)}
	}
	var taxes []Tax
	if strings.EqualFold(strings.TrimSpace(supplierState), strings.TrimSpace(placeOfSupply)) {
		taxes = []Tax{levy("CGST", cgstRate), levy("SGST", sgstRate)}
	} else {
		taxes = []Tax{levy("IGST", igstRate)}
	}
	total := decimal.Zero
	for _, t := range taxes {
		total = total.Add(t.Amount)
	}
	return TaxLines{Taxable: taxable, Taxes: taxes, Total: total}
}
