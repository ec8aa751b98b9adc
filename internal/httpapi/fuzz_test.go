package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/httpapi"
)

// No body sent to any route that reads JSON makes the server answer 5xx or
// panic: every decoder refuses what it cannot read with a 4xx.
func FuzzJSONRoutes(f *testing.F) {
	routes, err := httpapi.RouteTable()
	if err != nil {
		f.Fatal(err)
	}
	var writes []httpapi.Route
	for _, r := range routes {
		if r.Method == http.MethodPost || r.Method == http.MethodPut {
			writes = append(writes, r)
		}
	}
	for i := range writes {
		for _, body := range []string{`{}`, `null`, `[]`, `{"email":"a@b.in","password":"password1","fullName":"A"}`,
			`{"origin":"BOM","destination":"DEL","departDate":"2099-01-01","adults":"1"}`,
			`{"traceId":"x","resultIndex":"OB1","passengers":[{"Title":"Mr","DateOfBirth":"1990-13-45"}]}`,
			`{"bookingId":1e309}`, `{"firstName":"` + "\u0000" + `"}`, `{"a":` + "\xff" + `}`} {
			f.Add(uint8(i), []byte(body))
		}
	}
	env := apitest.New(f, apitest.Options{})
	signedIn := env.NewClient(f)
	if res := signedIn.Do("POST", "/api/auth/register", map[string]string{"fullName": "Fuzz", "email": "fuzz@example.in", "password": "password1"}); res.StatusCode != 201 {
		f.Fatalf("register = %d", res.StatusCode)
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		r := writes[int(which)%len(writes)]
		path := fillParams(r.Pattern)
		// Not t.Context(): the fuzzing engine ends it when its time is up,
		// which would fail the request in flight, not the server.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		res, err := signedIn.DoContext(ctx, r.Method, path, body)
		if err != nil {
			t.Fatalf("%s %s: %v", r.Method, path, err)
		}
		if res.StatusCode >= 500 {
			t.Fatalf("%s %s with %q = %d %s", r.Method, path, body, res.StatusCode, res.Body)
		}
	})
}

func fillParams(pattern string) string {
	return fill(pattern, map[string]string{"id": "00000000-0000-4000-8000-000000000000"})
}
