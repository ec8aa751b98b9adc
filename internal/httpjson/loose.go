package httpjson

import (
	"bytes"
	"strconv"
	"strings"
)

// Int is an integer that may arrive as a JSON string: form fields from the
// web app, and the flight supplier's loosely typed answers. 12, "12", ""
// and null read (the last two as 0); 12.0 reads as 12.
type Int int64

// UnmarshalJSON accepts 12, "12", "" and null.
func (n *Int) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	if s == "" || s == "null" {
		*n = 0
		return nil
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		*n = Int(v)
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return err
	}
	*n = Int(f)
	return nil
}
