package flights_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/paryatan/paryatan/internal/apitest"
)

// exactFare is a fare whose parts a float64 adds up wrongly:
// 9876543210.1 + 0.2 is 9876543210.300001 in binary floating point.
var exactFare = map[string]json.Number{"BaseFare": "9876543210.1", "Tax": "0.20", "PublishedFare": "9876543210.3",
	"YQTax": "0", "OtherCharges": "0.00", "OfferedFare": "9876543200"}

// withExactFare rewrites the simulator's search and fare-quote answers so
// that the first result carries exactFare, as numbers, the way the supplier
// sends them.
func withExactFare(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		search, quote := isCall(r, "Search"), isCall(r, "FareQuote")
		if !search && !quote {
			next.ServeHTTP(w, r)
			return
		}
		r.Header.Del("Accept-Encoding") // a plain answer to rewrite
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		var doc map[string]any
		dec := json.NewDecoder(bytes.NewReader(rec.Body.Bytes()))
		dec.UseNumber()
		if dec.Decode(&doc) != nil {
			w.WriteHeader(rec.Code)
			_, _ = w.Write(rec.Body.Bytes())
			return
		}
		res, _ := doc["Response"].(map[string]any)
		var result map[string]any
		if search {
			if lists, ok := res["Results"].([]any); ok && len(lists) > 0 {
				if list, ok := lists[0].([]any); ok && len(list) > 0 {
					result, _ = list[0].(map[string]any)
				}
			}
		} else {
			result, _ = res["Results"].(map[string]any)
		}
		if result != nil {
			fare, _ := result["Fare"].(map[string]any)
			for k, v := range exactFare {
				fare[k] = v
			}
			fare["TaxBreakup"] = []any{map[string]any{"key": "K3", "value": json.Number("0.20")}}
			if parts, ok := result["FareBreakdown"].([]any); ok && len(parts) > 0 {
				part := parts[0].(map[string]any)
				part["BaseFare"], part["Tax"] = exactFare["BaseFare"], exactFare["Tax"]
			}
		}
		out, _ := json.Marshal(doc)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(out)))
		w.WriteHeader(rec.Code)
		_, _ = w.Write(out)
	})
}

// A fare whose parts a float64 would add up wrongly goes through search,
// quote, booking and My Trips exact: every amount is a string with the
// supplier's value, the parts add up to the published fare in decimal, and
// the booking keeps the price to the paisa.
func TestFareAmountsStayExact(t *testing.T) {
	t.Parallel()
	if base, tax, pub := 9876543210.1, 0.2, 9876543210.3; base+tax == pub {
		t.Fatal("the fare no longer shows the float64 error this test is about")
	}
	env := apitest.New(t, apitest.Options{SimMiddleware: withExactFare})
	c := signIn(t, env, "exact@example.in")

	type fareDoc struct {
		BaseFare, Tax, PublishedFare, YQTax, OtherCharges string
		OfferedFare                                       *string
		TaxBreakup                                        []struct{ Key, Value string }
	}
	check := func(what string, f fareDoc) {
		t.Helper()
		if f.BaseFare != "9876543210.1" || f.Tax != "0.2" || f.PublishedFare != "9876543210.3" || f.YQTax != "0" ||
			f.OtherCharges != "0" || f.OfferedFare != nil || len(f.TaxBreakup) != 1 || f.TaxBreakup[0].Value != "0.2" {
			t.Fatalf("%s: fare %+v", what, f)
		}
		sum := decimal.RequireFromString(f.BaseFare).Add(decimal.RequireFromString(f.Tax))
		if !sum.Equal(decimal.RequireFromString(f.PublishedFare)) {
			t.Fatalf("%s: %s + %s is not %s", what, f.BaseFare, f.Tax, f.PublishedFare)
		}
	}

	res := c.Do("POST", "/api/v1/flights/tbo/search", map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow()})
	var s struct {
		Data struct {
			Response struct {
				TraceId string
				Results [][]struct {
					ResultIndex string
					IsLCC       bool
					Fare        fareDoc
				}
			}
		} `json:"data"`
	}
	res.JSON(t, &s)
	if res.StatusCode != 200 {
		t.Fatalf("search = %d %s", res.StatusCode, truncate(res.Body))
	}
	first := s.Data.Response.Results[0][0]
	check("search", first.Fare)

	trace := map[string]string{"traceId": s.Data.Response.TraceId, "resultIndex": first.ResultIndex}
	res = c.Do("POST", "/api/v1/flights/tbo/fare-quote", trace)
	var q struct {
		Data struct {
			Response struct {
				Results struct {
					Fare          fareDoc
					FareBreakdown []struct {
						BaseFare, Tax  string
						PassengerCount int
					}
				}
			}
		} `json:"data"`
	}
	res.JSON(t, &q)
	if res.StatusCode != 200 {
		t.Fatalf("fare quote = %d %s", res.StatusCode, truncate(res.Body))
	}
	check("fare quote", q.Data.Response.Results.Fare)
	if b := q.Data.Response.Results.FareBreakdown; len(b) == 0 || b[0].BaseFare != "9876543210.1" || b[0].Tax != "0.2" || b[0].PassengerCount != 1 {
		t.Fatalf("fare breakdown %+v", b)
	}

	res = c.Do("POST", "/api/v1/flights/tbo/book", bookBody(trace["traceId"], trace["resultIndex"], first.IsLCC))
	var b struct {
		Booking struct {
			ID    string `json:"_id"`
			Price any    `json:"price"`
		} `json:"booking"`
	}
	res.JSON(t, &b)
	if res.StatusCode != 200 || b.Booking.Price != "9876543210.3" {
		t.Fatalf("book = %d, price %#v: %s", res.StatusCode, b.Booking.Price, truncate(res.Body))
	}
	var stored string
	if err := env.DB.QueryRow(context.Background(), "SELECT price::text FROM bookings WHERE id = $1", b.Booking.ID).Scan(&stored); err != nil || stored != "9876543210.30" {
		t.Fatalf("stored price %q (%v)", stored, err)
	}
	res = c.Do("GET", "/api/v1/me/bookings", nil)
	if res.StatusCode != 200 || !bytes.Contains(res.Body, []byte(`"price":"9876543210.3"`)) {
		t.Fatalf("my bookings = %d %s", res.StatusCode, truncate(res.Body))
	}
}
