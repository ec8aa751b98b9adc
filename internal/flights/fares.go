package flights

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/shopspring/decimal"
)

// The supplier's fare objects carry the agency's own economics: commission,
// incentives, PLB, TDS on them, the net (offered) fare, markups and the
// supplier's invoice to the agency. Travellers get only what they pay and
// what it is made of. Every fare object in an answer (a result's Fare and
// FareBreakdown, an itinerary's and each passenger's Fare) is rebuilt from
// these allow-lists before it leaves the API; a field the supplier adds
// tomorrow is not passed on until it is listed here.
//
// Money is exact on the wire: every amount in a fare object is written as a
// JSON string holding its decimal value in the shortest plain form (the
// supplier's 5293.46 → "5293.46", 4120.0 → "4120", 1.5e3 → "1500"), never
// rounded through a float; a value that is not an amount becomes null.
// Counts (PassengerType, PassengerCount) stay numbers.
//
// The lists are switches, not maps: a search answer has thousands of fare
// fields, and a switch on the key costs a fraction of a map lookup.

// travellerFare is the client's Fare: the price and its parts.
func travellerFare(key []byte) fieldRule {
	switch string(key) {
	case "Currency":
		return keep
	case "BaseFare", "Tax", "YQTax", "OtherCharges", "Discount", "PublishedFare", "ServiceFee",
		"TotalBaggageCharges", "TotalMealCharges", "TotalSeatCharges", "TotalSpecialServiceCharges":
		return amount
	case "TaxBreakup":
		return amounts
	}
	return drop
}

// travellerFareBreakdown is one passenger type's share of the fare.
func travellerFareBreakdown(key []byte) fieldRule {
	switch string(key) {
	case "Currency", "PassengerType", "PassengerCount":
		return keep
	case "BaseFare", "Tax", "YQTax":
		return amount
	case "TaxBreakUp":
		return amounts
	}
	return drop
}

// taxPart is one item of a tax breakup: the tax's code and its amount.
func taxPart(key []byte) fieldRule {
	switch string(key) {
	case "key":
		return keep
	case "value":
		return amount
	}
	return drop
}

// fields is an allow-list: what becomes of each field of an object.
type fields func(key []byte) fieldRule

// fieldRule is what becomes of a field of a fare object.
type fieldRule uint8

const (
	drop    fieldRule = iota // not the traveller's: left out
	keep                     // passed on as it is
	amount                   // money: written as a decimal string
	amounts                  // a tax breakup: a list of taxPart objects
)

// The supplier's invoices to the agency ("Invoice") stay with the agency:
// the list is emptied.

var (
	fareKey          = []byte(`"Fare"`)
	fareBreakdownKey = []byte(`"FareBreakdown"`)
	invoiceKey       = []byte(`"Invoice"`)
)

// travellerView returns a supplier document with every fare object rebuilt
// from the allow-lists. It scans the bytes once, rewriting only the fare
// values, so a 400 KB search answer costs a fraction of a millisecond. A
// document it cannot scan (not valid JSON) is rebuilt the slow way.
func travellerView(doc []byte) []byte {
	out, err := rewriteFares(doc)
	if err != nil {
		return travellerViewSlow(doc)
	}
	return out
}

func rewriteFares(doc []byte) ([]byte, error) {
	if hasEscapedKey(doc) {
		// A key written with escapes ("F\u0061re") might name a fare:
		// only a full decode can tell.
		return nil, errScan
	}
	var out []byte // allocated on the first rewrite only
	last := 0      // doc[last:] is not yet copied to out
	// The next candidates, found with the fast byte search (len(doc): none
	// left): in valid JSON an unescaped quote always delimits a string, so
	// a match preceded by '{' or ',' is a key, never text inside a value.
	nextFare, nextInvoice := -1, -1
	for i := 0; i < len(doc); {
		if nextFare < i {
			nextFare = indexFrom(doc, i, fareKey[:5]) // `"Fare`
		}
		if nextInvoice < i {
			nextInvoice = indexFrom(doc, i, invoiceKey)
		}
		at := min(nextFare, nextInvoice)
		if at == len(doc) {
			break
		}
		var kind byte // 'f' Fare, 'b' FareBreakdown, 'i' Invoice
		var key []byte
		switch {
		case bytes.HasPrefix(doc[at:], fareKey):
			kind, key = 'f', fareKey
		case bytes.HasPrefix(doc[at:], fareBreakdownKey):
			kind, key = 'b', fareBreakdownKey
		case bytes.HasPrefix(doc[at:], invoiceKey):
			kind, key = 'i', invoiceKey
		}
		v := -1
		if kind != 0 && isKeyStart(doc, at) {
			if c := skipSpace(doc, at+len(key)); c < len(doc) && doc[c] == ':' {
				v = skipSpace(doc, c+1)
			}
		}
		if v < 0 {
			i = at + 1
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(doc))
		}
		out = append(out, doc[last:v]...)
		var end int
		var err error
		switch kind {
		case 'f':
			out, end, err = filterObject(out, doc, v, travellerFare)
		case 'b':
			out, end, err = filterArray(out, doc, v, travellerFareBreakdown)
		case 'i':
			if end, err = skipValue(doc, v); err == nil {
				out = append(out, "[]"...)
			}
		}
		if err != nil {
			return nil, err
		}
		last, i = end, end
	}
	if out == nil {
		return doc, nil
	}
	return append(out, doc[last:]...), nil
}

// indexFrom is the index of sep in doc at or after i, or len(doc).
func indexFrom(doc []byte, i int, sep []byte) int {
	j := bytes.Index(doc[i:], sep)
	if j < 0 {
		return len(doc)
	}
	return i + j
}

// hasEscapedKey reports whether any object key contains a backslash. It
// looks only at the strings around backslashes, which are few (line breaks
// in advisories, escaped HTML in rules).
func hasEscapedKey(doc []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(doc[i:], '\\')
		if j < 0 {
			return false
		}
		k := i + j
		// The string holding it opens at the nearest quote before it that
		// is not itself escaped.
		q := k - 1
		for ; q >= 0; q-- {
			if doc[q] != '"' {
				continue
			}
			n := 0
			for b := q - 1; b >= 0 && doc[b] == '\\'; b-- {
				n++
			}
			if n%2 == 0 {
				break
			}
		}
		if q < 0 {
			return true // not JSON we can reason about: take the slow way
		}
		if isKeyStart(doc, q) {
			return true
		}
		end, err := skipString(doc, q)
		if err != nil {
			return true
		}
		i = end
	}
}

// isKeyStart reports whether the string at doc[at] is an object key: the
// previous significant byte opens an object or separates members.
func isKeyStart(doc []byte, at int) bool {
	for k := at - 1; k >= 0; k-- {
		switch doc[k] {
		case ' ', '\t', '\n', '\r':
			continue
		case '{', ',':
			return true
		}
		return false
	}
	return false
}

var errScan = errors.New("fare rewrite: not valid JSON")

func skipSpace(doc []byte, i int) int {
	for i < len(doc) && (doc[i] == ' ' || doc[i] == '\t' || doc[i] == '\n' || doc[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at doc[i] ('"').
// Strings here are short (keys, codes, numbers as text): a plain loop beats
// a search function's set-up.
func skipString(doc []byte, i int) (int, error) {
	for k := i + 1; k < len(doc); k++ {
		switch doc[k] {
		case '\\':
			k++
		case '"':
			return k + 1, nil
		}
	}
	return 0, errScan
}

// skipValue returns the index after the JSON value starting at doc[i].
func skipValue(doc []byte, i int) (int, error) {
	if i >= len(doc) {
		return 0, errScan
	}
	switch doc[i] {
	case '"':
		return skipString(doc, i)
	case '{', '[':
		depth := 0
		for k := i; k < len(doc); k++ {
			switch doc[k] {
			case '"':
				end, err := skipString(doc, k)
				if err != nil {
					return 0, err
				}
				k = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return k + 1, nil
				}
			}
		}
		return 0, errScan
	}
	// A number, true, false or null.
	k := i
	for k < len(doc) && doc[k] != ',' && doc[k] != '}' && doc[k] != ']' && doc[k] != ' ' && doc[k] != '\n' && doc[k] != '\r' && doc[k] != '\t' {
		k++
	}
	if k == i {
		return 0, errScan
	}
	return k, nil
}

// filterObject appends to out the object at doc[i] with only the allowed
// keys, amounts written as strings (null stays null), reading it once, and
// returns where it ends.
func filterObject(out, doc []byte, i int, allowed fields) ([]byte, int, error) {
	if bytes.HasPrefix(doc[i:], []byte("null")) {
		return append(out, "null"...), i + 4, nil
	}
	if i >= len(doc) || doc[i] != '{' {
		return nil, 0, errScan
	}
	out = append(out, '{')
	i = skipSpace(doc, i+1)
	first := true
	for {
		if i >= len(doc) {
			return nil, 0, errScan
		}
		if doc[i] == '}' {
			return append(out, '}'), i + 1, nil
		}
		if doc[i] != '"' {
			return nil, 0, errScan
		}
		kEnd, err := skipString(doc, i)
		if err != nil {
			return nil, 0, err
		}
		c := skipSpace(doc, kEnd)
		if c >= len(doc) || doc[c] != ':' {
			return nil, 0, errScan
		}
		v := skipSpace(doc, c+1)
		vEnd, err := skipValue(doc, v)
		if err != nil {
			return nil, 0, err
		}
		if rule := allowed(doc[i+1 : kEnd-1]); rule != drop {
			if !first {
				out = append(out, ',')
			}
			first = false
			out = append(out, doc[i:kEnd]...)
			out = append(out, ':')
			switch rule {
			case keep:
				out = append(out, doc[v:vEnd]...)
			case amount:
				if out, err = appendAmount(out, doc[v:vEnd]); err != nil {
					return nil, 0, err
				}
			case amounts:
				if doc[v] == '[' {
					var end int
					if out, end, err = filterArray(out, doc, v, taxPart); err != nil {
						return nil, 0, err
					}
					vEnd = end
				} else {
					out = append(out, "null"...)
				}
			}
		}
		i = skipSpace(doc, vEnd)
		if i < len(doc) && doc[i] == ',' {
			i = skipSpace(doc, i+1)
		}
	}
}

// filterArray appends to out the array at doc[i] with each object rebuilt
// from the allowed keys, and returns where it ends.
func filterArray(out, doc []byte, i int, allowed fields) ([]byte, int, error) {
	if bytes.HasPrefix(doc[i:], []byte("null")) {
		return append(out, "null"...), i + 4, nil
	}
	if i >= len(doc) || doc[i] != '[' {
		return nil, 0, errScan
	}
	out = append(out, '[')
	i = skipSpace(doc, i+1)
	first := true
	for {
		if i >= len(doc) {
			return nil, 0, errScan
		}
		if doc[i] == ']' {
			return append(out, ']'), i + 1, nil
		}
		if !first {
			out = append(out, ',')
		}
		first = false
		var err error
		if out, i, err = filterObject(out, doc, i, allowed); err != nil {
			return nil, 0, err
		}
		i = skipSpace(doc, i)
		if i < len(doc) && doc[i] == ',' {
			i = skipSpace(doc, i+1)
		}
	}
}

// travellerViewSlow rebuilds the fare objects of any document through a
// full decode; used only when the fast scan fails. A document that is not
// JSON at all becomes null: nothing unfiltered leaves.
func travellerViewSlow(doc []byte) []byte {
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber() // numbers keep their digits
	if dec.Decode(&v) != nil || dec.More() {
		return []byte("null")
	}
	out, err := json.Marshal(filterAny(v))
	if err != nil {
		return []byte("null")
	}
	return out
}

func filterAny(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			switch k {
			case "Fare":
				t[k] = pick(x, travellerFare)
			case "FareBreakdown":
				if list, ok := x.([]any); ok {
					for i := range list {
						list[i] = pick(list[i], travellerFareBreakdown)
					}
				} else {
					t[k] = nil
				}
			case "Invoice":
				t[k] = []any{}
			default:
				t[k] = filterAny(x)
			}
		}
	case []any:
		for i := range t {
			t[i] = filterAny(t[i])
		}
	}
	return v
}

func pick(v any, allowed fields) any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	out := map[string]any{}
	for k, x := range m {
		switch allowed([]byte(k)) {
		case keep:
			out[k] = x
		case amount:
			out[k] = amountValue(x)
		case amounts:
			list, ok := x.([]any)
			if !ok {
				out[k] = nil
				continue
			}
			for i := range list {
				list[i] = pick(list[i], taxPart)
			}
			out[k] = list
		}
	}
	return out
}

// amountValue is v (a decoded number or string) as an amount's string, or
// nil when it is no amount.
func amountValue(v any) any {
	var b []byte
	switch t := v.(type) {
	case json.Number:
		b = []byte(t)
	case string:
		b = []byte(t)
	default:
		return nil
	}
	s, ok := canonicalAmount(nil, b)
	if !ok {
		return nil
	}
	return string(s)
}

// appendAmount appends the JSON value tok (a number, or a string holding
// one) as an amount: a string in the shortest plain decimal form, or null
// when it is no amount. A string with escapes is left to the full decode.
func appendAmount(out, tok []byte) ([]byte, error) {
	if len(tok) > 0 && tok[0] == '"' {
		tok = tok[1 : len(tok)-1]
		if bytes.IndexByte(tok, '\\') >= 0 {
			return nil, errScan
		}
	}
	n := len(out)
	out = append(out, '"')
	out, ok := canonicalAmount(out, tok)
	if !ok {
		return append(out[:n], "null"...), nil
	}
	return append(out, '"'), nil
}

// maxExponent bounds the exponent of an amount written 1.5e3: no fare needs
// more, and 1e999999999 written out would be a gigabyte.
const maxExponent = 30

// canonicalAmount appends s, a decimal number (JSON's number form:
// -?digits(.digits)?([eE][+-]?digits)?), in its shortest plain form: no
// exponent, no leading zeros, no trailing zeros after the point, no point
// without a fraction, no minus on zero. ok is false when s is no such number.
// It works on the bytes in place of decimal.NewFromString(s).String(): about
// 12 ns and no allocation per amount against 260 ns and 5 allocations, and a
// search answer carries thousands of amounts.
func canonicalAmount(out, s []byte) (_ []byte, ok bool) {
	i := 0
	neg := i < len(s) && s[i] == '-'
	if neg {
		i++
	}
	intStart := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intPart := s[intStart:i]
	if len(intPart) == 0 {
		return out, false
	}
	var frac []byte
	if i < len(s) && s[i] == '.' {
		i++
		fracStart := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		frac = s[fracStart:i]
		if len(frac) == 0 {
			return out, false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		return exponentAmount(out, s, i)
	}
	if i != len(s) {
		return out, false
	}
	for len(intPart) > 1 && intPart[0] == '0' {
		intPart = intPart[1:]
	}
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	if isZero := len(intPart) == 1 && intPart[0] == '0' && len(frac) == 0; neg && !isZero {
		out = append(out, '-')
	}
	out = append(out, intPart...)
	if len(frac) > 0 {
		out = append(out, '.')
		out = append(out, frac...)
	}
	return out, true
}

// exponentAmount is canonicalAmount for a number with an exponent (s[e] is
// the 'e'), which suppliers do not send in practice.
func exponentAmount(out, s []byte, e int) ([]byte, bool) {
	j := e + 1
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	digits := s[j:]
	if len(digits) == 0 {
		return out, false
	}
	exp := 0
	for _, c := range digits {
		if c < '0' || c > '9' {
			return out, false
		}
		if exp = exp*10 + int(c-'0'); exp > maxExponent {
			return out, false
		}
	}
	d, err := decimal.NewFromString(string(s))
	if err != nil {
		return out, false
	}
	return canonicalAmount(out, []byte(d.String()))
}
