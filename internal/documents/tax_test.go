package documents

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestTaxes(t *testing.T) {
	t.Parallel()
	type levy struct{ name, rate, amount string }
	for _, tc := range []struct {
		name             string
		taxable          string
		supplier, supply string
		want             []levy
		total            string
	}{
		{"intra-state", "500", "27", "27", []levy{{"CGST", "9", "45"}, {"SGST", "9", "45"}}, "90"},
		{"inter-state", "500", "27", "29", []levy{{"IGST", "18", "90"}}, "90"},
		{"half a paisa rounds up", "100.50", "27", "27", []levy{{"CGST", "9", "9.05"}, {"SGST", "9", "9.05"}}, "18.10"},
		{"IGST half a paisa rounds up", "0.25", "27", "07", []levy{{"IGST", "18", "0.05"}}, "0.05"},
		{"each levy rounds on its own", "0.05", "27", "27", []levy{{"CGST", "9", "0"}, {"SGST", "9", "0"}}, "0"},
		{"the same value between states", "0.05", "27", "29", []levy{{"IGST", "18", "0.01"}}, "0.01"},
		{"below half a paisa rounds down", "1000.05", "27", "27", []levy{{"CGST", "9", "90"}, {"SGST", "9", "90"}}, "180"},
		{"taxable rounded to paise first", "999.995", "29", "29", []levy{{"CGST", "9", "90"}, {"SGST", "9", "90"}}, "180"},
		{"codes compared trimmed", "100", " 27", "27 ", []levy{{"CGST", "9", "9"}, {"SGST", "9", "9"}}, "18"},
		{"zero", "0", "27", "29", []levy{{"IGST", "18", "0"}}, "0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Taxes(decimal.RequireFromString(tc.taxable), tc.supplier, tc.supply)
			if len(got.Taxes) != len(tc.want) {
				t.Fatalf("Taxes(%s, %q, %q) = %+v, want %v", tc.taxable, tc.supplier, tc.supply, got, tc.want)
			}
			for i, w := range tc.want {
				g := got.Taxes[i]
				if g.Name != w.name || !g.Rate.Equal(decimal.RequireFromString(w.rate)) || !g.Amount.Equal(decimal.RequireFromString(w.amount)) {
					t.Errorf("tax %d = %s @ %s%% %s, want %s @ %s%% %s", i, g.Name, g.Rate, g.Amount, w.name, w.rate, w.amount)
				}
			}
			if !got.Total.Equal(decimal.RequireFromString(tc.total)) {
				t.Errorf("total = %s, want %s", got.Total, tc.total)
			}
			if !got.Taxable.Equal(decimal.RequireFromString(tc.taxable).Round(2)) {
				t.Errorf("taxable = %s", got.Taxable)
			}
		})
	}
}
