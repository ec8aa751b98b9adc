package flights_test

import (
	"testing"

	"github.com/paryatan/paryatan/internal/apitest"
)

// BenchmarkSearchThroughAPI is one BOM→DEL search through the whole API
// (router, middleware, supplier client, simulator over loopback HTTP), for
// profiling what the API adds; hack/loadbench measures it against direct
// simulator calls.
func BenchmarkSearchThroughAPI(b *testing.B) {
	env := apitest.New(b, apitest.Options{})
	c := env.NewClient(b)
	c.Header.Set("Accept-Encoding", "gzip")
	body := map[string]any{"origin": "BOM", "destination": "DEL", "departDate": tomorrow(), "cabinClass": 2, "adults": 1}
	for b.Loop() {
		if res := c.Do("POST", "/api/v1/flights/tbo/search", body); res.StatusCode != 200 {
			b.Fatalf("search = %d", res.StatusCode)
		}
	}
}
