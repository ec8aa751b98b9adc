package flights

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/searchcache"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// testConnectors is a connector document with one "tbo" connector whose
// endpoints nothing answers.
func testConnectors(t *testing.T) *connector.Document {
	t.Helper()
	doc, err := connector.Parse([]byte(`connectors:
  - name: tbo
    endpoints: {auth: "http://127.0.0.1:1/a", air: "http://127.0.0.1:1/b"}
    credentials: {file: /dev/null}
`))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func testConnector(t *testing.T) *connector.Connector {
	t.Helper()
	c, _ := testConnectors(t).Find("tbo")
	return c
}

func TestSearchValidation(t *testing.T) {
	t.Parallel()
	conn := testConnector(t)
	// 23:00 UTC on 21 Nov is already 22 Nov in India.
	now := time.Date(2026, 11, 21, 23, 0, 0, 0, time.UTC)
	n := func(v int) *int { return &v }
	ok := SearchInput{Origin: "bom", Destination: "DEL", DepartDate: "2026-11-22", Adults: n(1), CabinClass: n(2)}
	for _, tc := range []struct {
		name  string
		edit  func(*SearchInput)
		field string
	}{
		{"valid", func(*SearchInput) {}, ""},
		{"bad origin", func(s *SearchInput) { s.Origin = "BOMBAY" }, "origin"},
		{"numeric destination", func(s *SearchInput) { s.Destination = "123" }, "destination"},
		{"same airports", func(s *SearchInput) { s.Destination = "BOM" }, "destination"},
		{"yesterday in India", func(s *SearchInput) { s.DepartDate = "2026-11-21" }, "departDate"},
		{"not a date", func(s *SearchInput) { s.DepartDate = "22-11-2026" }, "departDate"},
		{"no adults", func(s *SearchInput) { s.Adults = n(0) }, "adults"},
		{"ten adults", func(s *SearchInput) { s.Adults = n(10) }, "adults"},
		{"ten children", func(s *SearchInput) { s.Children = 10 }, "children"},
		{"negative infants", func(s *SearchInput) { s.Infants = -1 }, "infants"},
		{"more infants than adults", func(s *SearchInput) { s.Adults = n(1); s.Infants = 2 }, "infants"},
		{"cabin 5", func(s *SearchInput) { s.CabinClass = n(5) }, "cabinClass"},
		{"first class", func(s *SearchInput) { s.CabinClass = n(6) }, ""},
		{"bad source", func(s *SearchInput) { s.Sources = []string{"GDS", "NDC"} }, "sources"},
		{"return before departure", func(s *SearchInput) { s.ReturnDate = "2026-11-21" }, "returnDate"},
		{"bad airline", func(s *SearchInput) { s.Airline = "Air India" }, "airline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := ok
			tc.edit(&in)
			_, bad := in.validate(conn, now)
			switch {
			case tc.field == "" && bad != nil:
				t.Fatalf("unexpected %v", bad)
			case tc.field != "" && (bad == nil || bad.Field != tc.field):
				t.Fatalf("got %v, want an error on %s", bad, tc.field)
			}
		})
	}
}

func TestSearchRequestShape(t *testing.T) {
	t.Parallel()
	conn := testConnector(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	n := func(v int) *int { return &v }
	req, bad := SearchInput{Origin: "bom", Destination: "dxb", DepartDate: "2026-12-01", ReturnDate: "2026-12-08",
		Adults: n(2), Children: 1, Infants: 1, CabinClass: n(4), Sources: []string{"lcc"}, Airline: "6e", Nonstop: true}.validate(conn, now)
	if bad != nil {
		t.Fatal(bad)
	}
	if !req.IsReturn() || req.Origin != "BOM" || req.Destination != "DXB" || req.Return.Format(time.DateOnly) != "2026-12-08" ||
		req.Depart.Format(time.DateOnly) != "2026-12-01" || req.Cabin != 4 || req.Adults != 2 || req.Children != 1 || req.Infants != 1 || !req.Nonstop ||
		strings.Join(req.Sources, ",") != "LCC" || req.Airlines[0] != "6E" {
		t.Fatalf("request %+v", req)
	}
	// Defaults: one adult, economy, the connector's sources, one way.
	req, _ = SearchInput{Origin: "BOM", Destination: "DEL", DepartDate: "2026-12-01"}.validate(conn, now)
	if req.Adults != 1 || req.Cabin != 2 || strings.Join(req.Sources, ",") != "GDS,LCC" || req.IsReturn() {
		t.Fatalf("defaults %+v", req)
	}
}

func TestTraceValidation(t *testing.T) {
	t.Parallel()
	for _, in := range []TraceInput{{}, {TraceId: "t"}, {ResultIndex: "OB1"}, {TraceId: " ", ResultIndex: "OB1"}} {
		if _, bad := in.validate(); bad == nil || bad.Message != missingTrace {
			t.Errorf("%+v accepted", in)
		}
	}
	if r, bad := (TraceInput{TraceId: " t1 ", ResultIndex: "OB1"}).validate(); bad != nil || r.TraceID != "t1" {
		t.Fatalf("%+v %v", r, bad)
	}
}

// A search answer says how old it is beside its Response, as valid JSON
// whatever the document's spacing; the shared document is left as it was.
func TestWriteSearchAddsItsAge(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 21, 10, 4, 5, 0, time.FixedZone("IST", 19800))
	for _, tc := range []struct{ doc, want string }{
		{`{"Response":{"TraceId":"t1"}}`, `{"Response":{"TraceId":"t1"},"cached":true,"searchedAt":"2026-11-21T04:34:05Z","ageSeconds":42}`},
		{" {\n\"Response\": {}\n} \n", ` {` + "\n" + `"Response": {}` + "\n" + `,"cached":true,"searchedAt":"2026-11-21T04:34:05Z","ageSeconds":42} ` + "\n"},
		{`{ }`, `{ "cached":true,"searchedAt":"2026-11-21T04:34:05Z","ageSeconds":42}`},
		{`[1]`, `[1]`},
	} {
		doc := []byte(tc.doc)
		rec := httptest.NewRecorder()
		writeSearch(rec, httptest.NewRequest(http.MethodPost, "/", nil), searchcache.Result{
			Answer: &supplier.Answer{Doc: doc, TraceID: "t1"}, SearchedAt: at, Age: 42*time.Second + 900*time.Millisecond, Cached: true})
		want := `{"ok":true,"data":` + tc.want + "}\n"
		if rec.Body.String() != want {
			t.Errorf("%q:\n got %q\nwant %q", tc.doc, rec.Body.String(), want)
		}
		if !json.Valid(rec.Body.Bytes()) || string(doc) != tc.doc {
			t.Errorf("%q: invalid JSON, or the document changed", tc.doc)
		}
	}
}
