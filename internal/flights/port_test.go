package flights

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/supplier"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/suppliertest"
)

// openRoutes serves the open flight routes over fake, without a database
// (the open routes use none).
func openRoutes(t *testing.T, suppliers supplier.Registry) http.Handler {
	t.Helper()
	h := NewHandler(Deps{Connectors: connector.NewStore(testConnectors(t), "", slog.New(slog.DiscardHandler)), Suppliers: suppliers,
		Log: slog.New(slog.DiscardHandler), Supplier: telemetry.NewMetrics().Supplier, Limits: &Limits{}})
	r := chi.NewRouter()
	r.Post("/flights/{supplier}/search", h.Search)
	r.Post("/flights/{supplier}/fare-quote", h.FareQuote)
	r.Post("/flights/{supplier}/fare-rule", h.FareRule)
	return r
}

func post(t *testing.T, h http.Handler, path string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s", path, err, rec.Body)
	}
	return rec.Code, out
}

// The search reaches the adapter in the product's terms, and its document
// comes back in the traveller's view: agency fields gone, amounts exact
// strings.
func TestSearchThroughThePort(t *testing.T) {
	t.Parallel()
	fake := suppliertest.New()
	fake.Search = func(supplier.SearchRequest) (*supplier.Answer, error) {
		return &supplier.Answer{TraceID: "t1", Doc: suppliertest.Doc("t1", "OB1[TBO]a+b/=",
			`{"Currency":"INR","BaseFare":9876543210.1,"Tax":0.20,"PublishedFare":9876543210.3,"OfferedFare":9876543200,"CommissionEarned":10.3}`)}, nil
	}
	h := openRoutes(t, supplier.Registry{"tbo": fake.Port()})
	depart := time.Now().Add(48 * time.Hour).Format(time.DateOnly)
	code, body := post(t, h, "/flights/tbo/search", map[string]any{"origin": "bom", "destination": "DEL", "departDate": depart, "adults": 2, "sources": []string{"LCC"}})
	if code != 200 {
		t.Fatalf("search = %d %v", code, body)
	}
	fare := body["data"].(map[string]any)["Response"].(map[string]any)["Results"].([]any)[0].([]any)[0].(map[string]any)["Fare"].(map[string]any)
	want := map[string]any{"Currency": "INR", "BaseFare": "9876543210.1", "Tax": "0.2", "PublishedFare": "9876543210.3"}
	if len(fare) != len(want) {
		t.Fatalf("fare %v", fare)
	}
	for k, v := range want {
		if fare[k] != v {
			t.Errorf("%s = %#v, want %#v", k, fare[k], v)
		}
	}
	calls := fake.Calls()
	if len(calls) != 1 || calls[0].Op != connector.OpSearch || calls[0].Connector != "tbo" {
		t.Fatalf("calls %+v", calls)
	}
	req := calls[0].Request.(supplier.SearchRequest)
	if req.Origin != "BOM" || req.Destination != "DEL" || req.Depart.Format(time.DateOnly) != depart || req.IsReturn() ||
		req.Adults != 2 || req.Cabin != 2 || len(req.Sources) != 1 || req.Sources[0] != "LCC" {
		t.Fatalf("request %+v", req)
	}
}

// Each kind of supplier failure has its status; the supplier's own words
// are the detail under the step's sentence.
func TestSupplierFailuresThroughThePort(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name           string
		err            error
		status         int
		message, extra string
	}{
		{"timeout", &supplier.Error{Kind: supplier.KindTimeout, Message: "Request timed out after 90000 ms"}, 504, "Request timed out after 90000 ms", ""},
		{"expired search", &supplier.Error{Kind: supplier.KindRefused, FromSupplier: true, Message: "Your session (TraceId) is expired."}, 422, "No FareQuote results", "Your session (TraceId) is expired."},
		{"refusal", &supplier.Error{Kind: supplier.KindFailed, FromSupplier: true, Message: "No seats."}, 502, "No FareQuote results", "No seats."},
		{"unreadable", &supplier.Error{Kind: supplier.KindFailed, Message: "The flight supplier sent an answer we cannot read (HTTP 200)."}, 502, "The flight supplier sent an answer we cannot read (HTTP 200).", ""},
		{"no connection", &supplier.Error{Kind: supplier.KindNotReceived, Message: "The flight supplier could not be reached."}, 502, "The flight supplier could not be reached.", ""},
		{"not a supplier error", errors.New("boom"), 500, "No FareQuote results", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fake := suppliertest.New()
			fake.FareQuote = func(supplier.ResultRef) (*supplier.Quote, error) { return nil, tc.err }
			code, body := post(t, openRoutes(t, supplier.Registry{"tbo": fake.Port()}), "/flights/tbo/fare-quote",
				map[string]string{"traceId": "t1", "resultIndex": "OB1"})
			detail, _ := body["detail"].(string)
			if code != tc.status || body["ok"] != false || body["message"] != tc.message || detail != tc.extra {
				t.Fatalf("= %d %v", code, body)
			}
		})
	}
}

// The supplier's identifiers reach the adapter byte for byte; a connector
// whose type has no adapter is our fault, not the traveller's.
func TestResultRefAndMissingAdapter(t *testing.T) {
	t.Parallel()
	fake := suppliertest.New()
	index := "OB10[TBO]aG9+/=" + strings.Repeat("x", 700)
	code, body := post(t, openRoutes(t, supplier.Registry{"tbo": fake.Port()}), "/flights/tbo/fare-rule", map[string]string{"traceId": " t1 ", "resultIndex": index})
	if code != 200 {
		t.Fatalf("fare rule = %d %v", code, body)
	}
	if ref := fake.Calls()[0].Request.(supplier.ResultRef); ref.TraceID != "t1" || ref.ResultIndex != index {
		t.Fatalf("ref %+v", ref)
	}
	code, body = post(t, openRoutes(t, supplier.Registry{}), "/flights/tbo/fare-rule", map[string]string{"traceId": "t1", "resultIndex": "OB1"})
	if code != 500 || body["ok"] != false {
		t.Fatalf("no adapter = %d %v", code, body)
	}
}
