package flights_test

import (
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	clocktesting "k8s.io/utils/clock/testing"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// cachedSearch is a search answer with how old it is.
type cachedSearch struct {
	OK   bool `json:"ok"`
	Data struct {
		Cached     *bool      `json:"cached"`
		SearchedAt *time.Time `json:"searchedAt"`
		AgeSeconds *int64     `json:"ageSeconds"`
		Response   struct {
			TraceId string     `json:"TraceId"`
			Results [][]result `json:"Results"`
		} `json:"Response"`
	} `json:"data"`
}

// searchAs searches from to on supplier for c, failing the test unless the
// answer is a complete one that says how old it is.
func searchAs(t *testing.T, c *apitest.Client, supplierName, from, to string, adults int) (cachedSearch, *apitest.Response) {
	t.Helper()
	res := c.Do("POST", "/api/v1/flights/"+supplierName+"/search", map[string]any{
		"origin": from, "destination": to, "departDate": tomorrow(), "adults": adults,
	})
	var s cachedSearch
	res.JSON(t, &s)
	d := s.Data
	if res.StatusCode != 200 || !s.OK || d.Response.TraceId == "" || len(d.Response.Results) == 0 || len(d.Response.Results[0]) == 0 ||
		d.Cached == nil || d.SearchedAt == nil || d.AgeSeconds == nil || *d.AgeSeconds < 0 {
		t.Fatalf("search = %d %s", res.StatusCode, truncate(res.Body))
	}
	return s, res
}

func cacheCounts(env *apitest.Env, supplierName string) (hits, misses, coalesced float64) {
	m := env.Metrics.SearchCache
	return testutil.ToFloat64(m.Hits.WithLabelValues(supplierName)), testutil.ToFloat64(m.Misses.WithLabelValues(supplierName)),
		testutil.ToFloat64(m.Coalesced.WithLabelValues(supplierName))
}

// Twenty travellers make the same search at once: the supplier (counted at
// the simulator) is asked once, and every one of them gets its whole
// answer, with the one TraceId.
func TestConcurrentIdenticalSearchesMakeOneSupplierCall(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{SimMiddleware: delay("Search", "500ms"), SupplierLimits: &flights.Limits{}})
	const n = 20
	answers := make([]cachedSearch, n)
	var wg sync.WaitGroup
	for i := range n {
		c := env.NewClient(t)
		wg.Go(func() { answers[i], _ = searchAs(t, c, "tbo", "BOM", "DEL", 1) })
	}
	wg.Wait()
	if calls := env.Sim.Calls("Search"); calls != 1 {
		t.Fatalf("the simulator answered %d searches, want 1", calls)
	}
	first := answers[0].Data.Response
	for i, a := range answers {
		r := a.Data.Response
		if r.TraceId != first.TraceId || len(r.Results[0]) != len(first.Results[0]) || r.Results[0][0].ResultIndex != first.Results[0][0].ResultIndex ||
			r.Results[0][0].Fare.PublishedFare == "" || !a.Data.SearchedAt.Equal(*answers[0].Data.SearchedAt) {
			t.Fatalf("answer %d differs: trace %s (%d results), first %s (%d results)", i, r.TraceId, len(r.Results[0]), first.TraceId, len(first.Results[0]))
		}
	}
	if hits, misses, coalesced := cacheCounts(env, "tbo"); misses != 1 || hits+coalesced != n-1 || coalesced == 0 {
		t.Fatalf("hits %v, misses %v, coalesced %v", hits, misses, coalesced)
	}
	// Different searches at the same moment are not coalesced.
	before := env.Sim.Calls("Search")
	wg.Go(func() { searchAs(t, env.NewClient(t), "tbo", "BOM", "GOI", 1) })
	wg.Go(func() { searchAs(t, env.NewClient(t), "tbo", "BOM", "GOI", 2) })
	wg.Go(func() { searchAs(t, env.NewClient(t), "tbo", "BLR", "GOI", 1) })
	wg.Wait()
	if calls := env.Sim.Calls("Search") - before; calls != 3 {
		t.Fatalf("three different searches made %d supplier calls", calls)
	}
}

// The same search again within the window is answered from the cache: the
// same TraceId and results, marked cached with its age, and in the
// traveller's view (the agency's fields are left out of every answer, the
// reused one too). A result of it is quoted at the supplier every time.
// From the end of the window on, the supplier is asked again.
func TestRepeatedSearchIsAnsweredFromTheCache(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	clk := clocktesting.NewFakeClock(time.Now())
	flights.SetSearchClock(env.Flights, clk.Now)
	anon := env.NewClient(t)
	first, res := searchAs(t, anon, "tbo", "BOM", "DEL", 1)
	noAgencyFields(t, "search", res.Body)
	if *first.Data.Cached || *first.Data.AgeSeconds != 0 || first.Data.SearchedAt.Sub(clk.Now()).Abs() > time.Second {
		t.Fatalf("first answer: cached %v, age %d, searched at %s", *first.Data.Cached, *first.Data.AgeSeconds, first.Data.SearchedAt)
	}

	clk.Step(5*time.Minute - time.Second)
	signedIn := signIn(t, env, "again@example.in")
	again, res := searchAs(t, signedIn, "tbo", "BOM", "DEL", 1)
	noAgencyFields(t, "reused search", res.Body)
	if !*again.Data.Cached || *again.Data.AgeSeconds != 299 || !again.Data.SearchedAt.Equal(*first.Data.SearchedAt) {
		t.Fatalf("second answer: cached %v, age %d, searched at %s", *again.Data.Cached, *again.Data.AgeSeconds, again.Data.SearchedAt)
	}
	if again.Data.Response.TraceId != first.Data.Response.TraceId || len(again.Data.Response.Results[0]) != len(first.Data.Response.Results[0]) ||
		again.Data.Response.Results[0][0] != first.Data.Response.Results[0][0] {
		t.Fatal("the reused answer differs from the first")
	}
	if calls := env.Sim.Calls("Search"); calls != 1 {
		t.Fatalf("the simulator answered %d searches, want 1", calls)
	}
	// The reused TraceId is live at the supplier, and quotes go there each
	// time.
	idx := again.Data.Response.Results[0][0].ResultIndex
	for i := range 2 {
		res := signedIn.Do("POST", "/api/v1/flights/tbo/fare-quote", map[string]string{"traceId": again.Data.Response.TraceId, "resultIndex": idx})
		if res.StatusCode != 200 {
			t.Fatalf("fare-quote on the reused trace = %d %s", res.StatusCode, truncate(res.Body))
		}
		if calls := env.Sim.Calls("FareQuote"); calls != int64(i+1) {
			t.Fatalf("fare quote %d: the simulator answered %d", i+1, calls)
		}
	}

	clk.Step(time.Second)
	later, _ := searchAs(t, anon, "tbo", "BOM", "DEL", 1)
	if *later.Data.Cached || later.Data.Response.TraceId == first.Data.Response.TraceId || env.Sim.Calls("Search") != 2 {
		t.Fatalf("after the window: cached %v, trace %s, %d supplier searches", *later.Data.Cached, later.Data.Response.TraceId, env.Sim.Calls("Search"))
	}
	if hits, misses, _ := cacheCounts(env, "tbo"); hits != 1 || misses != 2 {
		t.Fatalf("hits %v, misses %v", hits, misses)
	}
}

// A TraceId lives 15 minutes from the search: an answer is not given again
// once its TraceId has less than 10 minutes left, even inside the window,
// as after a slow supplier answer.
func TestReusedTraceKeepsTenMinutes(t *testing.T) {
	t.Parallel()
	clk := clocktesting.NewFakeClock(time.Now())
	// The supplier takes two minutes to answer (on the clock the cache
	// reads).
	slow := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isCall(r, "Search") {
				clk.Step(2 * time.Minute)
			}
			next.ServeHTTP(w, r)
		})
	}
	env := apitest.New(t, apitest.Options{SimMiddleware: slow})
	flights.SetSearchClock(env.Flights, clk.Now)
	c := env.NewClient(t)
	first, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1)
	clk.Step(3*time.Minute - time.Second) // the TraceId is 4m59s old
	if s, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1); !*s.Data.Cached || s.Data.Response.TraceId != first.Data.Response.TraceId {
		t.Fatal("not reused with 10m01s of its TraceId left")
	}
	clk.Step(time.Second) // 10 minutes left; the 5-minute window has 2 to go
	if s, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1); *s.Data.Cached || s.Data.Response.TraceId == first.Data.Response.TraceId {
		t.Fatal("reused with only 10 minutes of its TraceId left")
	}
	if calls := env.Sim.Calls("Search"); calls != 2 {
		t.Fatalf("the simulator answered %d searches, want 2", calls)
	}
}

// A connector whose searchCacheWindow is 0 reuses nothing.
func TestSearchCacheWindowZero(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{Connectors: func(d *connector.Document) {
		off := connector.Duration(0)
		d.Connectors[0].SearchCacheWindow = &off
	}})
	c := env.NewClient(t)
	a, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1)
	b, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1)
	if *a.Data.Cached || *b.Data.Cached || a.Data.Response.TraceId == b.Data.Response.TraceId || env.Sim.Calls("Search") != 2 {
		t.Fatalf("window 0: cached %v/%v, traces %s/%s, %d supplier searches", *a.Data.Cached, *b.Data.Cached,
			a.Data.Response.TraceId, b.Data.Response.TraceId, env.Sim.Calls("Search"))
	}
	if s := flights.SearchCacheStats(env.Flights); s.Entries != 0 {
		t.Fatalf("kept %+v", s)
	}
}

// A failed search is not reused: the next identical search goes to the
// supplier, and its answer is the one kept.
func TestFailedSearchIsNotCached(t *testing.T) {
	t.Parallel()
	var searches atomic.Int64
	failFirst := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isCall(r, "Search") && searches.Add(1) == 1 {
				r.Header.Set("X-Sim-Error", "true")
			}
			next.ServeHTTP(w, r)
		})
	}
	env := apitest.New(t, apitest.Options{SimMiddleware: failFirst})
	c := env.NewClient(t)
	body := map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow()}
	if res := c.Do("POST", "/api/v1/flights/tbo/search", body); res.StatusCode != http.StatusBadGateway {
		t.Fatalf("failed search = %d %s", res.StatusCode, truncate(res.Body))
	}
	ok, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1)
	again, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1)
	if *ok.Data.Cached || !*again.Data.Cached || again.Data.Response.TraceId != ok.Data.Response.TraceId || env.Sim.Calls("Search") != 2 {
		t.Fatalf("after a failure: cached %v then %v, %d supplier searches", *ok.Data.Cached, *again.Data.Cached, env.Sim.Calls("Search"))
	}
}

// Two connectors never share answers, even to the same supplier.
func TestSearchCacheIsPerConnector(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{Connectors: func(d *connector.Document) {
		twin := d.Connectors[0]
		twin.Name = "tbo-b"
		d.Connectors = append(d.Connectors, twin)
	}})
	c := env.NewClient(t)
	a, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1)
	b, _ := searchAs(t, c, "tbo-b", "BOM", "DEL", 1)
	if *b.Data.Cached || a.Data.Response.TraceId == b.Data.Response.TraceId {
		t.Fatal("a connector answered from another's cache")
	}
	for _, name := range []string{"tbo", "tbo-b"} {
		if s, _ := searchAs(t, c, name, "BOM", "DEL", 1); !*s.Data.Cached {
			t.Fatalf("%s: not reused", name)
		}
	}
	if calls := env.Sim.Calls("Search"); calls != 2 {
		t.Fatalf("the simulator answered %d searches, want 2", calls)
	}
	if hits, _, _ := cacheCounts(env, "tbo-b"); hits != 1 {
		t.Fatalf("tbo-b hits %v", hits)
	}
}

// The cache stays within SEARCH_CACHE_BYTES: with room for about one and a
// half answers, a second search pushes the first out. (The two searches
// differ only in the travellers, so their answers are of a size.)
func TestSearchCacheMemoryBound(t *testing.T) {
	t.Parallel()
	// How much one answer takes, measured on a cache with room to spare.
	probe := apitest.New(t, apitest.Options{})
	pc := probe.NewClient(t)
	searchAs(t, pc, "tbo", "BOM", "DEL", 1)
	one := flights.SearchCacheStats(probe.Flights).Bytes
	searchAs(t, pc, "tbo", "BOM", "DEL", 2)
	two := flights.SearchCacheStats(probe.Flights).Bytes
	if one <= 0 || two <= one {
		t.Fatalf("answers take %d and %d bytes", one, two-one)
	}
	budget := max(one, two-one) * 3 / 2

	env := apitest.New(t, apitest.Options{Vars: map[string]string{"SEARCH_CACHE_BYTES": strconv.FormatInt(budget, 10)}})
	c := env.NewClient(t)
	searchAs(t, c, "tbo", "BOM", "DEL", 1)
	searchAs(t, c, "tbo", "BOM", "DEL", 2)
	if s := flights.SearchCacheStats(env.Flights); s.Entries != 1 || s.Bytes > budget {
		t.Fatalf("holds %+v with a budget of %d", s, budget)
	}
	if s, _ := searchAs(t, c, "tbo", "BOM", "DEL", 1); *s.Data.Cached {
		t.Fatal("the older answer was kept beyond the budget")
	}
	if calls := env.Sim.Calls("Search"); calls != 3 {
		t.Fatalf("the simulator answered %d searches, want 3", calls)
	}
	if v := testutil.ToFloat64(env.Metrics.SearchCache.Evictions.WithLabelValues("budget")); v < 1 {
		t.Fatalf("budget evictions %v", v)
	}
}

// The supplier takes one booking per TraceId and result: once a traveller
// starts a booking (a GDS hold, or a low-cost fare on its way to its
// ticket) on a reused TraceId, the next traveller's search gets a TraceId of
// its own, and the same fare can be booked and ticketed again.
func TestBookingEndsReuseOfItsTrace(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{TicketOnRequest: true})
	for _, lcc := range []bool{false, true} {
		fare := func(s cachedSearch) result {
			for _, r := range s.Data.Response.Results[0] {
				if r.IsLCC == lcc {
					return r
				}
			}
			t.Fatalf("no result with IsLCC=%v", lcc)
			return result{}
		}
		// book books the fare of s for c and returns its PNR (GDS: the
		// hold's; low-cost: the ticket's, after paying).
		book := func(c *apitest.Client, s cachedSearch) string {
			t.Helper()
			body := bookBody(s.Data.Response.TraceId, fare(s).ResultIndex, lcc)
			res := c.Do("POST", "/api/v1/flights/tbo/book", body)
			var b outcome
			res.JSON(t, &b)
			if res.StatusCode != 200 || b.Booking.ID == "" {
				t.Fatalf("lcc %v: book = %d %s", lcc, res.StatusCode, truncate(res.Body))
			}
			if !lcc {
				return b.Booking.PNR
			}
			payFor(t, env, c, b.Booking.ID)
			res = c.Do("POST", "/api/v1/flights/tbo/ticket", body)
			var tk outcome
			res.JSON(t, &tk)
			if res.StatusCode != 200 || tk.Booking.Status != "ticketed" || tk.Booking.PNR == "" {
				t.Fatalf("lcc ticket = %d %s", res.StatusCode, truncate(res.Body))
			}
			return tk.Booking.PNR
		}
		name := strconv.FormatBool(lcc)
		first := signIn(t, env, "first-"+name+"@example.in")
		second := signIn(t, env, "second-"+name+"@example.in")
		s, _ := searchAs(t, first, "tbo", "BOM", "DEL", 1)
		if again, _ := searchAs(t, second, "tbo", "BOM", "DEL", 1); !*again.Data.Cached || again.Data.Response.TraceId != s.Data.Response.TraceId {
			t.Fatal("the search was not reused before any booking")
		}
		pnr := book(first, s)
		next, _ := searchAs(t, second, "tbo", "BOM", "DEL", 1)
		if *next.Data.Cached || next.Data.Response.TraceId == s.Data.Response.TraceId {
			t.Fatalf("lcc %v: the booked TraceId was given again", lcc)
		}
		if other := book(second, next); other == pnr {
			t.Fatalf("lcc %v: both travellers hold PNR %s", lcc, pnr)
		}
	}
	if v := testutil.ToFloat64(env.Metrics.SearchCache.Evictions.WithLabelValues("booked")); v != 4 { // each booking ends its own TraceId's reuse
		t.Fatalf("booked evictions %v", v)
	}
}

// Two travellers who got the same shared answer before either booked hold
// the same TraceId: the first to book takes the fare, the second is told to
// search again (409 fare_taken), and no Book call is made for the second.
func TestSharedResultIsBookedByOneTraveller(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	first := signIn(t, env, "first-shared@example.in")
	second := signIn(t, env, "second-shared@example.in")
	s, _ := searchAs(t, first, "tbo", "BOM", "DEL", 1)
	shared, _ := searchAs(t, second, "tbo", "BOM", "DEL", 1)
	if !*shared.Data.Cached || shared.Data.Response.TraceId != s.Data.Response.TraceId {
		t.Fatal("the second search was not answered from the first")
	}
	var gds result
	for _, r := range s.Data.Response.Results[0] {
		if !r.IsLCC {
			gds = r
			break
		}
	}
	if gds.ResultIndex == "" {
		t.Fatal("no GDS result")
	}
	body := bookBody(s.Data.Response.TraceId, gds.ResultIndex, false)
	if res := first.Do("POST", "/api/v1/flights/tbo/book", body); res.StatusCode != 200 {
		t.Fatalf("first book = %d %s", res.StatusCode, truncate(res.Body))
	}
	booksBefore := env.Sim.Calls("Book")
	res := second.Do("POST", "/api/v1/flights/tbo/book", body)
	var e struct {
		OK      bool   `json:"ok"`
		Error   string `json:"error"`
		Message string `json:"message"`
	}
	res.JSON(t, &e)
	if res.StatusCode != 409 || e.OK || e.Error != "fare_taken" || e.Message != "This fare has just been booked by another traveller. Please search again for the latest fares." {
		t.Fatalf("second book = %d %s", res.StatusCode, truncate(res.Body))
	}
	if n := env.Sim.Calls("Book"); n != booksBefore {
		t.Fatalf("the refused booking reached the supplier: %d Book calls, want %d", n, booksBefore)
	}
	var held int
	if err := env.DB.QueryRow(t.Context(), `SELECT count(*) FROM bookings WHERE trace_id = $1 AND result_index = $2`,
		s.Data.Response.TraceId, gds.ResultIndex).Scan(&held); err != nil || held != 1 {
		t.Fatalf("bookings on the result = %d, %v; want 1", held, err)
	}
}
