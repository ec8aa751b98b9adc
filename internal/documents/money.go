package documents

import (
	"strings"

	"github.com/shopspring/decimal"
)

// FormatINR writes an amount in rupees, rounded half-up to paise, with Indian
// digit grouping: "INR 12,34,567.00". The documents write "INR" rather than
// "₹" because the embedded Go fonts have no rupee sign.
func FormatINR(d decimal.Decimal) string {
	s := d.StringFixed(2)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, paise, _ := strings.Cut(s, ".")
	return "INR " + sign + groupIndian(whole) + "." + paise
}

// groupIndian puts commas into a string of digits the Indian way: the last
// three digits, then groups of two (lakh, crore).
func groupIndian(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	var b strings.Builder
	if len(head)%2 == 1 {
		b.WriteString(head[:1])
		head = head[1:]
	}
	for ; len(head) > 0; head = head[2:] {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(head[:2])
	}
	return b.String() + "," + tail
}

// AmountInWords writes a non-negative amount of rupees, rounded half-up to
// paise, in words with the Indian numbering of lakhs and crores, as invoices
// in India state it: "Rupees Four Thousand Two Hundred Fifteen and Paise
// Fifty Only". A negative amount is written as its absolute value; the
// documents only ever state amounts paid or refunded.
func AmountInWords(d decimal.Decimal) string {
	paise := d.Abs().Shift(2).Round(0)
	rupees := paise.Div(decimal.NewFromInt(100)).Floor()
	p := paise.Sub(rupees.Shift(2)).IntPart()
	words := "Rupees " + indianWords(rupees)
	if p > 0 {
		words += " and Paise " + belowHundred(int(p))
	}
	return words + " Only"
}

// indianWords writes a whole number in words: crores, lakhs, thousands,
// hundreds. Crores above ninety-nine are counted in words themselves
// ("One Lakh Crore"), so any size is written.
func indianWords(n decimal.Decimal) string {
	if n.IsZero() {
		return "Zero"
	}
	crore := decimal.New(1, 7)
	var parts []string
	if n.GreaterThanOrEqual(crore) {
		parts = append(parts, indianWords(n.Div(crore).Floor())+" Crore")
		n = n.Mod(crore)
	}
	rest := int(n.IntPart()) // below one crore, so it fits any int
	for _, u := range []struct {
		size int
		name string
	}{{100000, "Lakh"}, {1000, "Thousand"}, {100, "Hundred"}} {
		if q := rest / u.size; q > 0 {
			parts = append(parts, belowHundred(q)+" "+u.name)
		}
		rest %= u.size
	}
	if rest > 0 {
		parts = append(parts, belowHundred(rest))
	}
	return strings.Join(parts, " ")
}

// belowHundred writes 1 to 99 in words.
func belowHundred(n int) string {
	ones := [...]string{"", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
		"Ten", "Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"}
	tens := [...]string{"", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"}
	switch {
	case n < 20:
		return ones[n]
	case n%10 == 0:
		return tens[n/10]
	default:
		return tens[n/10] + " " + ones[n%10]
	}
}
