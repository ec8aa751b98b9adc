package validate

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// caseFile is testdata/cases.json, which web/src/lib/validation.test.ts
// reads too: both sides keep the same rules.
type caseFile struct {
	Today string `json:"today"`
	Cases []struct {
		Rule    string            `json:"rule"`
		Args    []json.RawMessage `json:"args"`
		Message string            `json:"message"`
		Value   *string           `json:"value"`
	} `json:"cases"`
}

func TestCases(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f caseFile
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	today, err := time.Parse(time.DateOnly, f.Today)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]bool{}
	for i, c := range f.Cases {
		rules[c.Rule] = true
		str := func(n int) string {
			var s string
			if err := json.Unmarshal(c.Args[n], &s); err != nil {
				t.Fatalf("case %d: arg %d: %v", i, n, err)
			}
			return s
		}
		num := func(n int) int {
			var v int
			if err := json.Unmarshal(c.Args[n], &v); err != nil {
				t.Fatalf("case %d: arg %d: %v", i, n, err)
			}
			return v
		}
		day := func(d time.Time, msg string) (string, string) {
			if msg != "" {
				return "", msg
			}
			return d.Format(time.DateOnly), ""
		}
		var value, msg string
		switch c.Rule {
		case "email":
			value, msg = Email(str(0))
		case "password":
			msg = Password(str(0))
		case "mobile":
			msg = Mobile(str(0), str(1))
		case "phone":
			value, msg = Phone(str(0))
		case "fullName":
			value, msg = FullName(str(0))
		case "text":
			value, msg = Text(str(0), str(1), num(2))
		case "passengerName":
			value, msg = PassengerName(str(0), str(1))
		case "title":
			value, msg = Title(str(0))
		case "passengerGender":
			msg = PassengerGender(num(0))
		case "oneOf":
			allowed := make([]string, 0, len(c.Args)-2)
			for n := 2; n < len(c.Args); n++ {
				allowed = append(allowed, str(n))
			}
			value, msg = OneOf(str(0), str(1), allowed...)
		case "date":
			value, msg = day(Date(str(0), str(1)))
		case "pastDate":
			value, msg = day(PastDate(str(0), str(1), today))
		case "dateOfBirth":
			value, msg = day(DateOfBirth(str(0), today))
		case "passportNumber":
			value, msg = PassportNumber(str(0))
		case "passportExpiry":
			value, msg = day(PassportExpiry(str(0), today))
		case "pan":
			value, msg = PAN(str(0))
		case "gstin":
			value, msg = GSTIN(str(0))
		case "passengerAge":
			dob, _ := Date("Date of birth", str(1))
			travel, _ := Date("Travel date", str(2))
			msg = PassengerAge(num(0), dob, travel)
		case "postalCode":
			value, msg = PostalCode(str(0), str(1))
		default:
			t.Fatalf("case %d: unknown rule %q", i, c.Rule)
		}
		args := make([]string, len(c.Args))
		for n, a := range c.Args {
			args[n] = string(a)
		}
		name := c.Rule + "(" + strings.Join(args, ", ") + ")"
		if msg != c.Message {
			t.Errorf("%s: message %q, want %q", name, msg, c.Message)
		}
		if c.Value != nil && value != *c.Value {
			t.Errorf("%s: value %q, want %q", name, value, *c.Value)
		}
	}
	if len(rules) < 17 {
		t.Errorf("cases cover %d rules", len(rules))
	}
}
