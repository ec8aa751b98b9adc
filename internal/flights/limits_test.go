package flights_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/flights"
)

// Open supplier calls are limited per client address: a burst goes
// through, the next call is refused with 429 and Retry-After before any
// supplier call, and another address is not affected.
func TestOpenRoutesRateLimitedPerClient(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{TrustedProxies: "127.0.0.1/32",
		SupplierLimits: &flights.Limits{PerClientPerMinute: 6, PerClientBurst: 3}})
	c := env.NewClient(t)
	c.Header.Set("X-Forwarded-For", "198.51.100.20")
	body := map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow()}
	for i := range 3 {
		if res := c.Do("POST", "/api/v1/flights/tbo/search", body); res.StatusCode != 200 {
			t.Fatalf("search %d = %d", i+1, res.StatusCode)
		}
	}
	searches := env.Sim.Calls("Search")
	res := c.Do("POST", "/api/v1/flights/tbo/search", body)
	var f struct{ Message string }
	res.JSON(t, &f)
	retry, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != http.StatusTooManyRequests || retry < 1 || f.Message != "Too many searches from your connection. Please wait a moment and try again." {
		t.Fatalf("4th search = %d, Retry-After %q, %s", res.StatusCode, res.Header.Get("Retry-After"), res.Body)
	}
	if env.Sim.Calls("Search") != searches {
		t.Fatal("a refused search reached the supplier")
	}
	if res := c.Do("POST", "/api/v1/flights/tbo/fare-rule", map[string]string{"traceId": "t", "resultIndex": "OB1"}); res.StatusCode != 429 {
		t.Fatalf("fare rule over the limit = %d", res.StatusCode)
	}
	other := env.NewClient(t)
	other.Header.Set("X-Forwarded-For", "198.51.100.21")
	if res := other.Do("POST", "/api/v1/flights/tbo/search", body); res.StatusCode != 200 {
		t.Fatalf("another client = %d", res.StatusCode)
	}
	if v := testutil.ToFloat64(env.Metrics.Supplier.Refused.WithLabelValues("tbo", "search", "rate_limited")); v != 1 {
		t.Fatalf("refused{search, rate_limited} = %v", v)
	}
}

// A connector at its cap of open calls in flight refuses more with 429;
// booking is never refused by it.
func TestConnectorCapOnOpenCalls(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: delay("FareRule", "1500ms"),
		SupplierLimits: &flights.Limits{MaxInFlight: 1}})
	c := signIn(t, env, "cap@example.in")
	s := search(t, c, "BOM", "DEL")
	gds := pick(t, s, false)
	rule := map[string]string{"traceId": s.Data.Response.TraceId, "resultIndex": gds.ResultIndex}
	done := make(chan int, 1)
	go func() { done <- env.NewClient(t).Do("POST", "/api/v1/flights/tbo/fare-rule", rule).StatusCode }()
	waitFor(t, 5*time.Second, "the first fare rule to be in flight", func() bool { return env.Sim.Calls("FareRule") == 1 })
	res := c.Do("POST", "/api/v1/flights/tbo/fare-rule", rule)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "5" {
		t.Fatalf("second fare rule at the cap = %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if res := c.Do("POST", "/api/v1/flights/tbo/book", bookBody(s.Data.Response.TraceId, gds.ResultIndex, false)); res.StatusCode != 200 {
		t.Fatalf("book while the open calls are at their cap = %d %s", res.StatusCode, truncate(res.Body))
	}
	if code := <-done; code != 200 {
		t.Fatalf("the first fare rule = %d", code)
	}
	if res := c.Do("POST", "/api/v1/flights/tbo/fare-rule", rule); res.StatusCode != 200 {
		t.Fatalf("fare rule after the cap freed = %d", res.StatusCode)
	}
	if v := testutil.ToFloat64(env.Metrics.Supplier.Refused.WithLabelValues("tbo", "fareRule", "at_capacity")); v != 1 {
		t.Fatalf("refused{fareRule, at_capacity} = %v", v)
	}
}
