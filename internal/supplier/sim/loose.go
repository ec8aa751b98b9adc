package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The supplier's clients send numbers and booleans either as JSON values or
// as strings ("AdultCount": "1", "DirectFlight": "false"), and the supplier
// takes both. These request field types do the same; an empty string or null
// is the zero value.

// looseInt is an integer that may arrive as a number or a numeric string.
type looseInt int64

func (v *looseInt) UnmarshalJSON(b []byte) error {
	s, ok := scalarText(b)
	if !ok {
		return fmt.Errorf("want a number, got %s", b)
	}
	if s == "" {
		*v = 0
		return nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		*v = looseInt(n)
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return fmt.Errorf("want an integer, got %s", b)
	}
	*v = looseInt(f)
	return nil
}

// looseFloat is an amount that may arrive as a number or a numeric string.
type looseFloat float64

func (v *looseFloat) UnmarshalJSON(b []byte) error {
	s, ok := scalarText(b)
	if !ok {
		return fmt.Errorf("want a number, got %s", b)
	}
	if s == "" {
		*v = 0
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("want a number, got %s", b)
	}
	*v = looseFloat(f)
	return nil
}

// looseBool is a boolean that may arrive as true/false, "true"/"false" (any
// case), or 1/0.
type looseBool bool

func (v *looseBool) UnmarshalJSON(b []byte) error {
	s, ok := scalarText(b)
	if !ok {
		return fmt.Errorf("want a boolean, got %s", b)
	}
	switch strings.ToLower(s) {
	case "true", "1", "yes":
		*v = true
	case "false", "0", "no", "":
		*v = false
	default:
		return fmt.Errorf("want a boolean, got %s", b)
	}
	return nil
}

// looseString is text that may arrive as a string or a bare number
// ("BookingId": 123 where a string is expected, and the other way round).
type looseString string

func (v *looseString) UnmarshalJSON(b []byte) error {
	s, ok := scalarText(b)
	if !ok {
		return fmt.Errorf("want a string, got %s", b)
	}
	*v = looseString(strings.TrimSpace(s))
	return nil
}

func (v looseString) String() string { return string(v) }

// looseStrings is a list of codes sent as an array, a single string, or null.
type looseStrings []string

func (v *looseStrings) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var items []looseString
		if err := json.Unmarshal(b, &items); err != nil {
			return err
		}
		out := make([]string, 0, len(items))
		for _, it := range items {
			if s := strings.TrimSpace(string(it)); s != "" {
				out = append(out, s)
			}
		}
		*v = out
		return nil
	}
	s, ok := scalarText(b)
	if !ok {
		return fmt.Errorf("want a list, got %s", b)
	}
	*v = nil
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*v = append(*v, part)
		}
	}
	return nil
}

// looseInts is a list of ids (TicketId) sent as an array of numbers or
// numeric strings, a single one, a comma-separated string, or null.
type looseInts []int64

func (v *looseInts) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	var parts []looseString
	if len(b) > 0 && b[0] == '[' {
		if err := json.Unmarshal(b, &parts); err != nil {
			return fmt.Errorf("want a list of ids, got %s", b)
		}
	} else {
		s, ok := scalarText(b)
		if !ok {
			return fmt.Errorf("want a list of ids, got %s", b)
		}
		for _, p := range strings.Split(s, ",") {
			parts = append(parts, looseString(p))
		}
	}
	*v = nil
	for _, p := range parts {
		s := strings.TrimSpace(string(p))
		if s == "" {
			continue
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("want a list of ids, got %s", b)
		}
		*v = append(*v, n)
	}
	return nil
}

// scalarText returns the text of a JSON scalar: a string's contents, a
// number's or boolean's literal, "" for null. Objects and arrays are not
// scalars.
func scalarText(b []byte) (string, bool) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "", false
	}
	switch b[0] {
	case '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false
		}
		return strings.TrimSpace(s), true
	case '{', '[':
		return "", false
	case 'n':
		return "", string(b) == "null"
	}
	return string(b), true
}
