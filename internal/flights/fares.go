package flights

import (
	"bytes"
	"encoding/json"
	"errors"
)

// The supplier's fare objects carry the agency's own economics: commission,
// incentives, PLB, TDS on them, the net (offered) fare, markups and the
// supplier's invoice to the agency. Travellers get only what they pay and
// what it is made of. Every fare object in an answer (a result's Fare and
// FareBreakdown, an itinerary's and each passenger's Fare) is rebuilt from
// these allow-lists before it leaves the API; a field the supplier adds
// tomorrow is not passed on until it is listed here.
var (
	// travellerFare is the client's Fare: the price and its parts.
	travellerFare = keySet("Currency", "BaseFare", "Tax", "TaxBreakup", "YQTax", "OtherCharges", "Discount",
		"PublishedFare", "ServiceFee", "TotalBaggageCharges", "TotalMealCharges", "TotalSeatCharges", "TotalSpecialServiceCharges")
	// travellerFareBreakdown is one passenger type's share of the fare.
	travellerFareBreakdown = keySet("Currency", "PassengerType", "PassengerCount", "BaseFare", "Tax", "TaxBreakUp", "YQTax")
)

// The supplier's invoices to the agency ("Invoice") stay with the agency:
// the list is emptied.

func keySet(keys ...string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

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
// keys (null stays null), reading it once, and returns where it ends.
func filterObject(out, doc []byte, i int, allowed map[string]bool) ([]byte, int, error) {
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
		if allowed[string(doc[i+1:kEnd-1])] {
			if !first {
				out = append(out, ',')
			}
			first = false
			out = append(out, doc[i:kEnd]...)
			out = append(out, ':')
			out = append(out, doc[v:vEnd]...)
		}
		i = skipSpace(doc, vEnd)
		if i < len(doc) && doc[i] == ',' {
			i = skipSpace(doc, i+1)
		}
	}
}

// filterArray appends to out the array at doc[i] with each object rebuilt
// from the allowed keys, and returns where it ends.
func filterArray(out, doc []byte, i int, allowed map[string]bool) ([]byte, int, error) {
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
	if json.Unmarshal(doc, &v) != nil {
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
			switch {
			case k == "Fare":
				t[k] = pick(x, travellerFare)
			case k == "FareBreakdown":
				if list, ok := x.([]any); ok {
					for i := range list {
						list[i] = pick(list[i], travellerFareBreakdown)
					}
				} else {
					t[k] = nil
				}
			case k == "Invoice":
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

func pick(v any, allowed map[string]bool) any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	out := map[string]any{}
	for k, x := range m {
		if allowed[k] {
			out[k] = x
		}
	}
	return out
}
