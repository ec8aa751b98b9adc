package flights_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/flights"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// BenchmarkSearch is one BOM→DEL search, in one process over loopback HTTP,
// sent straight to the simulator (Direct) and through the whole API
// (router, middleware, supplier client) with the supplier leg uncompressed
// as make run configures it and the search cache off, so that every search
// reaches the supplier (API). The client accepts what a browser accepts and
// unpacks the answer. The difference is what the API adds; hack/loadbench
// measures the same between real processes under load. APICached is the
// same search answered from the search cache (the traveller's view is still
// made for each request). For a profile:
//
//	go test -run '^$' -bench 'Search/API' -cpuprofile cpu.out ./internal/flights/
func BenchmarkSearch(b *testing.B) {
	// No per-client limit: one client sends every request.
	env := apitest.New(b, apitest.Options{SupplierLimits: &flights.Limits{}, Connectors: func(d *connector.Document) {
		d.Connectors[0].Compression = new(false)
		cached := d.Connectors[0]
		cached.Name = "tbo-cached"
		off := connector.Duration(0)
		d.Connectors[0].SearchCacheWindow = &off
		d.Connectors = append(d.Connectors, cached)
	}})
	date := time.Now().Add(48 * time.Hour)
	client := &browser{http: &http.Client{Transport: &http.Transport{DisableCompression: true}}}
	b.Run("Direct", func(b *testing.B) {
		cred := sim.DefaultCredential
		token := client.post(b, env.SimURL+"/SharedServices/SharedData.svc/rest/Authenticate", map[string]any{
			"ClientId": cred.ClientID, "UserName": cred.UserName, "Password": cred.Password, "EndUserIp": "127.0.0.1"})
		var auth struct{ TokenId string }
		_ = json.Unmarshal(token, &auth)
		body := map[string]any{"EndUserIp": "127.0.0.1", "TokenId": auth.TokenId, "AdultCount": 1, "JourneyType": 1,
			"Segments": []map[string]any{{"Origin": "BOM", "Destination": "DEL", "FlightCabinClass": 2,
				"PreferredDepartureTime": date.Format("2006-01-02T00:00:00"), "PreferredArrivalTime": date.Format("2006-01-02T00:00:00")}}}
		for b.Loop() {
			client.post(b, env.SimURL+"/BookingEngineService_Air/AirService.svc/rest/Search", body)
		}
	})
	body := map[string]any{"origin": "BOM", "destination": "DEL", "departDate": date.Format(time.DateOnly), "cabinClass": 2, "adults": 1}
	b.Run("API", func(b *testing.B) {
		for b.Loop() {
			client.post(b, env.URL+"/api/v1/flights/tbo/search", body)
		}
	})
	b.Run("APICached", func(b *testing.B) {
		client.post(b, env.URL+"/api/v1/flights/tbo-cached/search", body)
		calls := env.Sim.Calls("Search")
		for b.Loop() {
			client.post(b, env.URL+"/api/v1/flights/tbo-cached/search", body)
		}
		if env.Sim.Calls("Search") != calls {
			b.Fatal("a cached search reached the supplier")
		}
	})
}

// browser posts JSON accepting gzip and zstd, as browsers do, and unpacks
// the answer.
type browser struct {
	http *http.Client
	zstd *zstd.Decoder
}

func (c *browser) post(b *testing.B, url string, body any) []byte {
	buf, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(buf))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	res, err := c.http.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	var rd io.Reader = res.Body
	switch res.Header.Get("Content-Encoding") {
	case "gzip":
		if rd, err = gzip.NewReader(res.Body); err != nil {
			b.Fatal(err)
		}
	case "zstd":
		if c.zstd == nil {
			c.zstd, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		}
		if err := c.zstd.Reset(res.Body); err != nil {
			b.Fatal(err)
		}
		rd = c.zstd
	}
	out, err := io.ReadAll(rd)
	if err != nil || res.StatusCode != 200 {
		b.Fatalf("%s = %d %v", url, res.StatusCode, err)
	}
	return out
}

// BenchmarkSearchResponse is the API's own work on a search answer: POST
// /api/v1/flights/tbo/search through the whole application handler in
// process (middleware, routing, input checks, the search cache, the
// traveller's view and the packing the client asks for), answered from the
// search cache so that neither the supplier nor the network is in the
// figure. The answer is the simulator's BOM→DEL (about 400 KB). The writer
// drops what it is given, as a socket takes it, so B/op and allocs/op are
// the API's, but for the request, which the server would build as well.
// hack/loadbench measures the same search between processes, supplier leg
// included.
func BenchmarkSearchResponse(b *testing.B) {
	env := apitest.New(b, apitest.Options{SupplierLimits: &flights.Limits{}})
	date := time.Now().Add(48 * time.Hour)
	body, _ := json.Marshal(map[string]any{"origin": "BOM", "destination": "DEL", "departDate": date.Format(time.DateOnly), "cabinClass": 2, "adults": 1})
	search := func(accept string) *discardResponse {
		req, _ := http.NewRequest(http.MethodPost, "/api/v1/flights/tbo/search", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Encoding", accept)
		req.RemoteAddr = "127.0.0.1:40000"
		w := &discardResponse{header: http.Header{}}
		env.Handler.ServeHTTP(w, req)
		return w
	}
	if w := search("identity"); w.code != http.StatusOK || w.n < 100<<10 {
		b.Fatalf("search = %d, %d bytes", w.code, w.n)
	}
	calls := env.Sim.Calls("Search")
	for _, c := range []struct{ name, accept, coding string }{
		{"zstd", "gzip, deflate, br, zstd", "zstd"},
		{"gzip", "gzip", "gzip"},
		{"identity", "identity", ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var sent int64
			for b.Loop() {
				w := search(c.accept)
				if w.code != http.StatusOK || w.header.Get("Content-Encoding") != c.coding {
					b.Fatalf("search = %d, Content-Encoding %q", w.code, w.header.Get("Content-Encoding"))
				}
				sent = w.n
			}
			b.ReportMetric(float64(sent), "sent-bytes/op")
		})
	}
	if env.Sim.Calls("Search") != calls {
		b.Fatal("a search reached the supplier: the figure is not the API's alone")
	}
}

// discardResponse is an http.ResponseWriter that counts the body and drops
// it.
type discardResponse struct {
	header http.Header
	code   int
	n      int64
}

func (w *discardResponse) Header() http.Header { return w.header }

func (w *discardResponse) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *discardResponse) Write(p []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	w.n += int64(len(p))
	return len(p), nil
}
