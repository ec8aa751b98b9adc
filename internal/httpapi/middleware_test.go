package httpapi

import (
	"bytes"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Answers are packed with what the client accepts, zstd first; a coding
// refused with q=0 is never used; what comes out unpacks to what went in.
func TestCompressNegotiation(t *testing.T) {
	doc := []byte(`{"ok":true,"data":` + strings.Repeat(`{"Airline":"AI","Fare":4321.5},`, 2000) + `{}}`)
	h := compress()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(doc)
	}))
	for _, tc := range []struct{ accept, want string }{
		{"gzip, deflate, br, zstd", "zstd"},
		{"gzip", "gzip"},
		{"gzip, zstd;q=0", "gzip"},
		{"zstd;q=0, gzip;q=0.0", ""},
		{"", ""},
	} {
		r := httptest.NewRequest(http.MethodGet, "/api/x", nil)
		if tc.accept != "" {
			r.Header.Set("Accept-Encoding", tc.accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		got := w.Header().Get("Content-Encoding")
		if got != tc.want {
			t.Errorf("Accept-Encoding %q: packed %q, want %q", tc.accept, got, tc.want)
			continue
		}
		var rd io.Reader = w.Body
		switch got {
		case "zstd":
			zr, err := zstd.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			defer zr.Close()
			rd = zr
		case "gzip":
			zr, err := gzip.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			rd = zr
		}
		if got != "" && w.Body.Len() > len(doc)/5 {
			t.Errorf("%s: %d bytes packed to %d", got, len(doc), w.Body.Len())
		}
		out, err := io.ReadAll(rd)
		if err != nil || !bytes.Equal(out, doc) {
			t.Errorf("Accept-Encoding %q: unpacked %d bytes (%v), want the %d sent", tc.accept, len(out), err, len(doc))
		}
	}
}

func TestAcceptedCodings(t *testing.T) {
	for in, want := range map[string]map[string]float64{
		"gzip, deflate, br, zstd":    {"gzip": 1, "deflate": 1, "br": 1, "zstd": 1},
		"zstd;q=0, gzip;q=0.8":       {"zstd": 0, "gzip": 0.8},
		"gzip; q=0.000 , br;q=1":     {"gzip": 0, "br": 1},
		"identity;q=0, gzip;q=0.5 ,": {"identity": 0, "gzip": 0.5},
		"GZip, ZSTD;Q=0.25":          {"gzip": 1, "zstd": 0.25},
		"br;q=2, gzip;q=-1, *;q=abc": {"br": 1, "gzip": 0, "*": 1},
		"":                           {},
	} {
		if got := acceptedCodings(in); !maps.Equal(got, want) {
			t.Errorf("acceptedCodings(%q) = %v, want %v", in, got, want)
		}
	}
}

// HSTS follows the configuration (an https PUBLIC_URL), never the request:
// a plain-http request behind a TLS-terminating ingress still gets it, and
// a site configured as http never sends it.
func TestHSTSFromConfiguration(t *testing.T) {
	for _, hsts := range []bool{true, false} {
		h := securityHeaders(hsts, nil, nil)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		if got := rec.Header().Get("Strict-Transport-Security") != ""; got != hsts {
			t.Errorf("hsts=%v: header sent = %v", hsts, got)
		}
		if rec.Header().Get("Content-Security-Policy") == "" {
			t.Error("no CSP")
		}
	}
}

// Forms post to the app and, only when named, to the payment gateway's
// checkout: the traveller is sent there to pay.
func TestFormActions(t *testing.T) {
	for _, tc := range []struct {
		actions []string
		want    string
	}{
		{nil, "form-action 'self';"},
		{[]string{"https://api.razorpay.com"}, "form-action 'self' https://api.razorpay.com;"},
	} {
		h := securityHeaders(false, tc.actions, nil)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, tc.want) {
			t.Errorf("%v: %s", tc.actions, csp)
		}
	}
}

// The contact page's office maps are framed from OpenStreetMap (after the
// visitor asks), and the visa page frames the partner visa site when one is
// configured; nothing else from outside may be framed.
func TestFrameSources(t *testing.T) {
	for _, tc := range []struct {
		sources []string
		want    string
	}{
		{nil, "frame-src 'self' https://www.openstreetmap.org;"},
		{[]string{"https://visa.example.in"}, "frame-src 'self' https://www.openstreetmap.org https://visa.example.in;"},
	} {
		h := securityHeaders(false, nil, tc.sources)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/contact", nil))
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, tc.want) || !strings.Contains(csp, "frame-ancestors 'none'") || strings.Count(csp, "frame-src") != 1 {
			t.Errorf("%v: CSP %s", tc.sources, csp)
		}
	}
}

// A body too small to gain from packing goes out as it is.
func TestCompressLeavesSmallBodies(t *testing.T) {
	h := compress()(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":false,"error":"not_found","message":"Not found."}`))
	}))
	r := httptest.NewRequest(http.MethodGet, "/api/x", nil)
	r.Header.Set("Accept-Encoding", "gzip, zstd")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if got := w.Header().Get("Content-Encoding"); got != "" || !strings.HasPrefix(w.Body.String(), `{"ok":false`) {
		t.Fatalf("small body packed as %q: %q", got, w.Body.String())
	}
}

// BenchmarkCompressSearchAnswer packs a search-sized JSON answer (400 KB,
// a quarter of it incompressible like the supplier's result indexes) the
// way a browser asks for it.
func BenchmarkCompressSearchAnswer(b *testing.B) {
	var doc bytes.Buffer
	doc.WriteString(`{"ok":true,"data":{"Response":{"Results":[[`)
	seed := uint64(1)
	for doc.Len() < 400<<10 {
		doc.WriteString(`{"ResultIndex":"OB1[TBO]`)
		for range 100 {
			seed = seed*6364136223846793005 + 1442695040888963407
			doc.WriteByte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[seed>>58])
		}
		doc.WriteString(`","Fare":{"Currency":"INR","BaseFare":"4321.5","Tax":"812","PublishedFare":"5133.5"},` +
			`"Segments":[[{"Airline":{"AirlineCode":"AI","FlightNumber":"865"},"Origin":{"Airport":{"AirportCode":"BOM"}}}]]},`)
	}
	doc.WriteString(`{}]]}}}`)
	body := doc.Bytes()
	// chi's compressor with the same encoders is the reference: it streams
	// into the encoder where httpcompression first copies the body into a
	// buffer of its own.
	chi := middleware.NewCompressor(3, "application/json")
	chi.SetEncoder("gzip", func(w io.Writer, level int) io.Writer { gw, _ := gzip.NewWriterLevel(w, level); return gw })
	chi.SetEncoder("zstd", func(w io.Writer, _ int) io.Writer {
		zw, _ := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1),
			zstd.WithWindowSize(1<<20), zstd.WithEncoderCRC(true))
		return zw
	})
	for _, mw := range []struct {
		name string
		wrap func(http.Handler) http.Handler
	}{{"httpcompression", compress()}, {"reference-chi", chi.Handler}} {
		for _, accept := range []string{"gzip, deflate, br, zstd", "gzip"} {
			b.Run(mw.name+"/"+accept, func(b *testing.B) {
				h := mw.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("Content-Type", "application/json; charset=utf-8")
					_, _ = w.Write(body)
				}))
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				for b.Loop() {
					r := httptest.NewRequest(http.MethodGet, "/api/x", nil)
					r.Header.Set("Accept-Encoding", accept)
					w := httptest.NewRecorder()
					h.ServeHTTP(w, r)
				}
			})
		}
	}
}
