package api_test

import (
	"context"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/paryatan/paryatan/api"
)

// The document is valid OpenAPI 3.1: it loads with every reference
// resolved and passes the validator, examples and patterns included.
func TestDocumentIsValid(t *testing.T) {
	t.Parallel()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPIMajorMinor() != "3.1" {
		t.Fatalf("openapi %q, want 3.1", doc.OpenAPI)
	}
	if err := doc.Validate(context.Background(), openapi3.EnableExamplesValidation(), openapi3.EnableSchemaPatternValidation()); err != nil {
		t.Fatal(err)
	}
}
