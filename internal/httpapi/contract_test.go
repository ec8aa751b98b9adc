package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/paryatan/paryatan/api"
	"github.com/paryatan/paryatan/internal/httpapi"
)

// The contract (api/openapi.yaml) lists exactly the server's API routes,
// health probes and well-known documents: a route added without its
// description, or a description left behind by a removed route, fails here.
func TestContractListsEveryRoute(t *testing.T) {
	t.Parallel()
	routes, err := httpapi.RouteTable()
	if err != nil {
		t.Fatal(err)
	}
	var served []string
	for _, r := range routes {
		if r.Pattern == "/healthz" || r.Pattern == "/readyz" || strings.HasPrefix(r.Pattern, "/.well-known/") ||
			(strings.HasPrefix(r.Pattern, "/api/") && !strings.HasPrefix(r.Pattern, "/api/docs")) {
			served = append(served, r.Method+" "+r.Pattern)
		}
	}
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	slices.Sort(served)
	slices.Sort(documented)
	for _, s := range served {
		if !slices.Contains(documented, s) {
			t.Errorf("%s is served but not in api/openapi.yaml", s)
		}
	}
	for _, d := range documented {
		if !slices.Contains(served, d) {
			t.Errorf("%s is in api/openapi.yaml but not served", d)
		}
	}
	if len(served) < 20 {
		t.Fatalf("only %d routes found: %v", len(served), served)
	}
}
