package sim_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// BenchmarkSearch measures a whole Search call in-process: decoding,
// generating the results, registering the trace and encoding the answer.
func BenchmarkSearch(b *testing.B) {
	s := sim.New(sim.Options{})
	rec := httptest.NewRecorder()
	auth, _ := json.Marshal(map[string]any{"ClientId": "ApiIntegrationNew", "UserName": "paryatan", "Password": "paryatan@123", "EndUserIp": "10.0.0.1"})
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, authPath, bytes.NewReader(auth)))
	var out struct{ TokenId string }
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out.TokenId == "" {
		b.Fatalf("authenticate: %v %s", err, rec.Body)
	}
	for _, route := range [][2]string{{"BOM", "DEL"}, {"DEL", "LHR"}, {"IXZ", "IXA"}} {
		b.Run(route[0]+"-"+route[1], func(b *testing.B) {
			// A date within the supplier's window whatever day the benchmark runs.
			date := timeNowPlusDays(30)
			body, _ := json.Marshal(searchBody(out.TokenId, route[0], route[1], date, 2))
			b.ReportAllocs()
			var size int
			for b.Loop() {
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, airPath+"Search", bytes.NewReader(body)))
				if rec.Code != http.StatusOK {
					b.Fatalf("HTTP %d", rec.Code)
				}
				size = rec.Body.Len()
			}
			b.ReportMetric(float64(size), "bytes/answer")
		})
	}
}
