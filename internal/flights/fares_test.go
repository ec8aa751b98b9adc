package flights

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// agencyOnly are fields that must never reach a traveller: the agency's
// commission, incentives, TDS, net fare, markups and its invoice.
var agencyOnly = []string{"CommissionEarned", "PLBEarned", "IncentiveEarned", "OfferedFare", "TdsOnCommission",
	"TdsOnPLB", "TdsOnIncentive", "AgentPreferredCurrency", "AdditionalTxnFeeOfrd", "ChargeBU", "TBOMARKUP", "InvoiceAmount"}

const fareDoc = `{"Response":{"Results":[[{"ResultIndex":"OB1[TBO]a+b/=","AirlineRemark":"say \"Fare\":{\"OfferedFare\":1} here",
 "Fare":{"Currency":"INR","BaseFare":4120,"Tax":1123.46,"TaxBreakup":[{"key":"K3","value":206}],"PublishedFare":5293.46,
  "CommissionEarned":61.8,"PLBEarned":0,"IncentiveEarned":0,"OfferedFare":5231.66,"TdsOnCommission":3.09,"AgentPreferredCurrency":"INR",
  "ChargeBU":[{"key":"TBOMARKUP","value":0}],"AdditionalTxnFeeOfrd":0},
 "FareBreakdown":[{"Currency":"INR","PassengerType":1,"PassengerCount":1,"BaseFare":4120,"Tax":1123.46,"TaxBreakUp":[],"AdditionalTxnFeeOfrd":0}],
 "FareRules":[{"FareRuleDetail":""}],"FareClassification":{"Type":"Publish"}}]]},
 "FlightItinerary" : {"Fare" : null, "Passenger":[{"Fare":{"BaseFare":1,"OfferedFare":2}}],"Invoice":[{"InvoiceAmount":5231.66}]}}`

func TestTravellerViewKeepsOnlyTheTravellersFare(t *testing.T) {
	for name, view := range map[string]func([]byte) []byte{"streamed": streamed, "buffered": travellerView, "slow": travellerViewSlow} {
		got := view([]byte(fareDoc))
		var v map[string]any
		if err := json.Unmarshal(got, &v); err != nil {
			t.Fatalf("%s: not JSON: %v\n%s", name, err, got)
		}
		body := string(got)
		for _, f := range agencyOnly {
			// The remark is the supplier's free text and is passed on as is.
			if strings.Count(body, f) > strings.Count(`say \"Fare\":{\"OfferedFare\":1} here`, f) {
				t.Errorf("%s: %s reaches the traveller", name, f)
			}
		}
		r := v["Response"].(map[string]any)["Results"].([]any)[0].([]any)[0].(map[string]any)
		fare := r["Fare"].(map[string]any)
		if fare["PublishedFare"] != "5293.46" || fare["BaseFare"] != "4120" || fare["Tax"] != "1123.46" || len(fare) != 5 ||
			!reflect.DeepEqual(fare["TaxBreakup"], []any{map[string]any{"key": "K3", "value": "206"}}) {
			t.Errorf("%s: fare %v", name, fare)
		}
		if b := r["FareBreakdown"].([]any)[0].(map[string]any); len(b) != 6 || b["PassengerCount"] != 1.0 || b["PassengerType"] != 1.0 ||
			b["BaseFare"] != "4120" || b["Tax"] != "1123.46" || len(b["TaxBreakUp"].([]any)) != 0 {
			t.Errorf("%s: breakdown %v", name, b)
		}
		if r["ResultIndex"] != "OB1[TBO]a+b/=" || r["AirlineRemark"] != `say "Fare":{"OfferedFare":1} here` || r["FareClassification"] == nil {
			t.Errorf("%s: other fields changed: %v", name, r)
		}
		it := v["FlightItinerary"].(map[string]any)
		if it["Fare"] != nil || len(it["Invoice"].([]any)) != 0 || !reflect.DeepEqual(it["Passenger"], []any{map[string]any{"Fare": map[string]any{"BaseFare": "1"}}}) {
			t.Errorf("%s: itinerary %v", name, it)
		}
	}
}

// The fast scan and the full decode agree on every simulator and stand-in
// answer shape, and a document without fares is passed through untouched.
func TestTravellerViewFastEqualsSlow(t *testing.T) {
	for _, doc := range []string{fareDoc, `{"Response":{"ResponseStatus":1,"TraceId":"t"}}`, `{"a":[1,"Fare",{"b":"\\\""}],"Fare":[]}`,
		`{"F\u0061re":{"BaseFare":1,"OfferedFare":2}}`} {
		var fast, slow any
		if err := json.Unmarshal(streamed([]byte(doc)), &fast); err != nil {
			t.Fatal(err)
		}
		_ = json.Unmarshal(travellerViewSlow([]byte(doc)), &slow)
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("fast and slow differ on %s:\n%v\n%v", doc, fast, slow)
		}
	}
	plain := []byte(`{"Response":{"ResponseStatus":1,"FareRules":[{"FareRuleDetail":"<b>x</b>"}]}}`)
	if got := travellerView(plain); !bytes.Equal(got, plain) {
		t.Fatalf("a document without fares changed: %s", got)
	}
	if got := streamed(plain); !bytes.Equal(got, plain) {
		t.Fatalf("a document without fares changed: %s", got)
	}
}

// A document the scan cannot read to its end (here an amount written with
// escapes, in the last fare) is answered with the slow view whole: nothing
// of the fast one is written before the fault is found.
func TestTravellerViewIsNeverHalfWritten(t *testing.T) {
	t.Parallel()
	var results []string
	for range 50 {
		results = append(results, `{"ResultIndex":"OB1","Fare":{"BaseFare":10,"OfferedFare":9}}`)
	}
	results = append(results, `{"Fare":{"BaseFare":"\u0031\u0030","OfferedFare":9}}`)
	doc := []byte(`{"Response":{"Results":[[` + strings.Join(results, ",") + `]]}}`)
	var w recorder
	if err := writeTravellerView(&w, doc, nil); err != nil {
		t.Fatal(err)
	}
	if want := travellerViewSlow(doc); !bytes.Equal(w.Bytes(), want) {
		t.Fatalf("got %.300s…\nwant the slow view %.300s…", w.Bytes(), want)
	}
	if bytes.Contains(w.Bytes(), []byte("OfferedFare")) {
		t.Fatal("an agency field was written")
	}
}

// A search answer leaves in spans of the supplier's own bytes: only the
// rewritten fares are new, so no copy of the whole answer is made, and the
// spans together with them make exactly the traveller's view.
func TestTravellerViewIsWrittenFromTheDocument(t *testing.T) {
	t.Parallel()
	var results []string
	for i := range 80 {
		results = append(results, fmt.Sprintf(`{"ResultIndex":"OB%d[TBO]%s","Fare":{"Currency":"INR","BaseFare":4120,"Tax":1123.46,"OfferedFare":5231.66},`+
			`"FareBreakdown":[{"PassengerType":1,"BaseFare":4120,"PLBEarned":0}],"Segments":[[{"Airline":{"AirlineCode":"AI"},"Remark":"%s"}]]}`,
			i, strings.Repeat("x", 700), strings.Repeat("y", 2000)))
	}
	doc := []byte(`{"Response":{"TraceId":"t","Results":[[` + strings.Join(results, ",") + `]]}}`)
	var w recorder
	w.doc = doc
	if err := writeTravellerView(&w, doc, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w.Bytes(), travellerView(doc)) || bytes.Contains(w.Bytes(), []byte("OfferedFare")) {
		t.Fatal("the streamed view is not the traveller's view")
	}
	if w.copied > len(doc)/10 {
		t.Fatalf("%d of %d bytes written from outside the document", w.copied, w.Len())
	}
}

// recorder keeps what is written to it and counts the bytes that were not
// doc's own (slices of another buffer).
type recorder struct {
	bytes.Buffer
	doc    []byte
	copied int
}

func (r *recorder) Write(p []byte) (int, error) {
	if !inside(p, r.doc) {
		r.copied += len(p)
	}
	return r.Buffer.Write(p)
}

// inside reports whether p is a slice of doc's bytes.
func inside(p, doc []byte) bool {
	d, q := uintptr(unsafe.Pointer(unsafe.SliceData(doc))), uintptr(unsafe.Pointer(unsafe.SliceData(p)))
	return q >= d && q+uintptr(len(p)) <= d+uintptr(len(doc))
}

// streamed is the view writeTravellerView writes.
func streamed(doc []byte) []byte {
	var b bytes.Buffer
	if err := writeTravellerView(&b, doc, nil); err != nil {
		panic(err) // a bytes.Buffer takes everything
	}
	return b.Bytes()
}

// Amounts are written in their shortest plain decimal form, exactly.
func TestCanonicalAmount(t *testing.T) {
	for in, want := range map[string]string{
		"5293.46": "5293.46", "4120": "4120", "4120.0": "4120", "5432.10": "5432.1", "0.20": "0.2", "0": "0", "-0": "0",
		"-0.00": "0", "-12.50": "-12.5", "007.5": "7.5", "0.05": "0.05", "1.5e3": "1500", "15E-1": "1.5", "-2.5e+2": "-250",
		"12345678901234567.89": "12345678901234567.89", "9876543210.30": "9876543210.3",
		"": "", "abc": "", "1.": "", ".5": "", "1e": "", "1e400": "", "--1": "", "1.2.3": "", " 1": "", "+1": "", "0x10": "",
	} {
		got, ok := canonicalAmount(nil, []byte(in))
		if want == "" && ok || want != "" && (!ok || string(got) != want) {
			t.Errorf("%q → %q %v, want %q", in, got, ok, want)
		}
	}
}

// Whatever the supplier sends, the view written is the one the full decode
// makes: JSON, with no agency field as a key.
func FuzzTravellerView(f *testing.F) {
	f.Add([]byte(fareDoc))
	f.Add([]byte(`{"Fare":{"OfferedFare":1,"x":"\"Fare\":"},"FareBreakdown":[null,{"OfferedFare":2}]}`))
	f.Add([]byte(`{"Fare" : { "OfferedFare" : 1 } }`))
	f.Add([]byte(`{"F\u0061re":{"OfferedFare":1},"x":"\n"}`))
	f.Add([]byte(`{"Fare":{"BaseFare":1.5e3,"Tax":"0.20","YQTax":"\u0031","Discount":true,"TaxBreakup":[{"key":"K3","value":-0.0}]},"FareBreakdown":[{"TaxBreakUp":"x"}]}`))
	f.Add([]byte(`{"Fare":{"BaseFare":1},"x":[{"Fare":{"BaseFare":"\u0031"}}]}`))
	f.Add([]byte(` {"Invoice":[{"InvoiceAmount":1}],"Fare":null} `))
	f.Add([]byte(`[{"Fare":{"BaseFare":1}}]`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		got := streamed(doc)
		// The buffered form (a booking's outcome) is the same view.
		if buffered := travellerView(doc); !bytes.Equal(got, buffered) {
			t.Fatalf("streamed and buffered views differ on %q:\n%q\n%q", doc, got, buffered)
		}
		if !json.Valid(doc) {
			return
		}
		if !json.Valid(got) {
			t.Fatalf("not JSON: %q → %q", doc, got)
		}
		if fast, slow := decodeNumbers(got), decodeNumbers(travellerViewSlow(doc)); !reflect.DeepEqual(fast, slow) {
			t.Fatalf("fast and slow differ on %q:\n%v\n%v", doc, fast, slow)
		}
		// A search adds its age to the view when it is an object, and
		// nothing else changes.
		var aged bytes.Buffer
		if err := writeTravellerView(&aged, doc, []byte(`"cached":true`)); err != nil {
			t.Fatal(err)
		}
		want := decodeNumbers(got)
		if m, ok := want.(map[string]any); ok {
			m["cached"] = true
		} else if !bytes.Equal(aged.Bytes(), got) {
			t.Fatalf("age added to %q: %q", got, aged.Bytes())
		}
		if withAge := decodeNumbers(aged.Bytes()); !reflect.DeepEqual(withAge, want) {
			t.Fatalf("age added to %q: %q", got, aged.Bytes())
		}
		var v any
		_ = json.Unmarshal(got, &v)
		var walk func(any, string)
		walk = func(x any, parent string) {
			switch t2 := x.(type) {
			case map[string]any:
				for k, y := range t2 {
					if (parent == "Fare" || parent == "FareBreakdown") && travellerFare([]byte(k)) == drop && travellerFareBreakdown([]byte(k)) == drop {
						t.Fatalf("%q kept in %s: %q → %q", k, parent, doc, got)
					}
					if parent == "Fare" && travellerFare([]byte(k)) == amount || parent == "FareBreakdown" && travellerFareBreakdown([]byte(k)) == amount {
						if _, isText := y.(string); !isText && y != nil {
							t.Fatalf("amount %s.%s is %T: %q → %q", parent, k, y, doc, got)
						}
					}
					walk(y, k)
				}
			case []any:
				for _, y := range t2 {
					walk(y, parent)
				}
			}
		}
		walk(v, "")
	})
}

// decodeNumbers decodes doc keeping numbers as they are written.
func decodeNumbers(doc []byte) any {
	var v any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return err.Error()
	}
	return v
}

// BenchmarkTravellerView writes the traveller's view of the simulator's
// BOM→DEL search answer (about 400 KB, 83 results, each with a Fare and a
// FareBreakdown) to a writer that drops it.
func BenchmarkTravellerView(b *testing.B) {
	srv := httptest.NewServer(sim.New(sim.Options{}))
	defer srv.Close()
	post := func(path string, body any) []byte {
		buf, _ := json.Marshal(body)
		res, err := http.Post(srv.URL+path, "application/json", bytes.NewReader(buf))
		if err != nil {
			b.Fatal(err)
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		return out
	}
	cred := sim.DefaultCredential
	var auth struct{ TokenId string }
	_ = json.Unmarshal(post("/SharedServices/SharedData.svc/rest/Authenticate", map[string]any{
		"ClientId": cred.ClientID, "UserName": cred.UserName, "Password": cred.Password, "EndUserIp": "127.0.0.1"}), &auth)
	day := time.Now().Add(48 * time.Hour).Format("2006-01-02T00:00:00")
	raw := post("/BookingEngineService_Air/AirService.svc/rest/Search", map[string]any{"EndUserIp": "127.0.0.1", "TokenId": auth.TokenId,
		"AdultCount": 1, "JourneyType": 1, "Segments": []map[string]any{{"Origin": "BOM", "Destination": "DEL", "FlightCabinClass": 2,
			"PreferredDepartureTime": day, "PreferredArrivalTime": day}}})
	if !bytes.Contains(raw, []byte(`"OfferedFare"`)) {
		b.Fatalf("no fares in %.200s", raw)
	}
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if err := writeTravellerView(io.Discard, raw, nil); err != nil {
			b.Fatal(err)
		}
	}
}
