package flights

import (
	"bytes"
	"strconv"
	"strings"
)

// looseInt is an integer the web app may send as a JSON string (form
// fields): 12, "12", "" and null read; 12.0 reads as 12.
type looseInt int64

// UnmarshalJSON accepts 12, "12", "" and null.
func (n *looseInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	if s == "" || s == "null" {
		*n = 0
		return nil
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		*n = looseInt(v)
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return err
	}
	*n = looseInt(f)
	return nil
}
