package documents

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestFormatINR(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"0":           "INR 0.00",
		"5":           "INR 5.00",
		"999.5":       "INR 999.50",
		"1000":        "INR 1,000.00",
		"4215.5":      "INR 4,215.50",
		"99999.99":    "INR 99,999.99",
		"100000":      "INR 1,00,000.00",
		"1234567":     "INR 12,34,567.00",
		"12345678.9":  "INR 1,23,45,678.90",
		"123456789.1": "INR 12,34,56,789.10",
		"0.005":       "INR 0.01", // half-up to paise
		"0.004":       "INR 0.00",
		"1999.995":    "INR 2,000.00",
		"-4215.5":     "INR -4,215.50",
	} {
		if got := FormatINR(decimal.RequireFromString(in)); got != want {
			t.Errorf("FormatINR(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestAmountInWords(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"4215.50":    "Rupees Four Thousand Two Hundred Fifteen and Paise Fifty Only",
		"0":          "Rupees Zero Only",
		"0.75":       "Rupees Zero and Paise Seventy Five Only",
		"1":          "Rupees One Only",
		"19":         "Rupees Nineteen Only",
		"20":         "Rupees Twenty Only",
		"101":        "Rupees One Hundred One Only",
		"590":        "Rupees Five Hundred Ninety Only",
		"100000":     "Rupees One Lakh Only",
		"1234567":    "Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Only",
		"10000000":   "Rupees One Crore Only",
		"123456789":  "Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only",
		"2000000000": "Rupees Two Hundred Crore Only",
		"1e12":       "Rupees One Lakh Crore Only",
		"26215.505":  "Rupees Twenty Six Thousand Two Hundred Fifteen and Paise Fifty One Only", // half-up
		"99.999":     "Rupees One Hundred Only",
		"-147.5":     "Rupees One Hundred Forty Seven and Paise Fifty Only",
	} {
		if got := AmountInWords(decimal.RequireFromString(in)); got != want {
			t.Errorf("AmountInWords(%s) = %q, want %q", in, got, want)
		}
	}
}
