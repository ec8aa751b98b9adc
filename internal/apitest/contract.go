package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/paryatan/paryatan/api"
)

// The API's contract (api/openapi.yaml): every exchange a Client makes with
// a route of the document is checked against it.
//
//   - An answer that breaks it fails the test.
//   - A request that breaks it must be refused with a 4xx (or 503) and the
//     error envelope: tests send such requests on purpose.
//   - A request to an /api path the document does not list fails the test,
//     unless the server answers it as no route of its own; so does one to a
//     path the document lists that the server answers so.
//   - Other paths (the web app's pages and files) are not checked.

type contract struct {
	doc    *openapi3.T
	router routers.Router
}

var loadContract = sync.OnceValues(func() (*contract, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.OpenAPI)
	if err != nil {
		return nil, fmt.Errorf("load api/openapi.yaml: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("api/openapi.yaml is not valid: %w", err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route api/openapi.yaml: %w", err)
	}
	return &contract{doc: doc, router: router}, nil
})

// violation is how an exchange breaks the contract ("" when it does not).
// req is the request as sent (its body is body), status and header and
// resBody the answer.
func (c *contract) violation(req *http.Request, body []byte, status int, header http.Header, resBody []byte) string {
	// Checked after the exchange: the request's own context may have ended.
	ctx := context.WithoutCancel(req.Context())
	vreq := req.Clone(ctx)
	vreq.Body = http.NoBody
	if body != nil {
		vreq.Body = readCloser{bytes.NewReader(body)}
	}
	route, params, err := c.router.FindRoute(vreq)
	if err != nil {
		if !isAPIPath(req.URL.Path) {
			return "" // the web app's files and pages: not part of the contract
		}
		if errors.Is(err, routers.ErrPathNotFound) || errors.Is(err, routers.ErrMethodNotAllowed) {
			if ownNoRoute(status, resBody) {
				return ""
			}
			return fmt.Sprintf("no such operation in api/openapi.yaml (%v), yet the server answered it", err)
		}
		return fmt.Sprintf("route: %v", err)
	}
	if ownNoRoute(status, resBody) {
		return "in api/openapi.yaml, but the server has no such route"
	}
	in := &openapi3filter.RequestValidationInput{Request: vreq, PathParams: params, Route: route, Options: options(false)}
	var problems []string
	if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
		// A request against the contract must be refused as the client's
		// fault, with the error envelope; or as unavailable (503: a
		// supplier switched off is refused before its body is read).
		if (status < 400 || status > 499) && status != http.StatusServiceUnavailable {
			problems = append(problems, fmt.Sprintf("the request breaks the contract but was accepted: %v", err))
		} else if e := c.errorEnvelope(resBody); e != nil {
			problems = append(problems, fmt.Sprintf("refused a request that breaks the contract (%v) without the error envelope: %v", err, e))
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header, Options: options(true)}
	out.SetBodyBytes(resBody)
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		problems = append(problems, fmt.Sprintf("answer: %v", err))
	}
	v := strings.Join(problems, "; ")
	if len(v) > maxViolation {
		v = v[:maxViolation] + " …"
	}
	return v
}

// maxViolation bounds a reported violation: a search answer runs to
// hundreds of KiB, and the first problems say what is wrong.
const maxViolation = 4 << 10

// options are the validation options: sessions are not checked (the API
// does that), statuses must be documented, and schema errors name the
// place and the rule, not the whole value.
func options(response bool) *openapi3filter.Options {
	o := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: response}
	o.WithCustomSchemaErrorFunc(func(err *openapi3.SchemaError) string { return err.Reason })
	return o
}

// errorEnvelope checks body against the Error schema.
func (c *contract) errorEnvelope(body []byte) error {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return c.doc.ValidateSchemaJSON(c.doc.Components.Schemas["Error"].Value, v, openapi3.EnableJSONSchema2020())
}

func isAPIPath(p string) bool { return p == "/api" || strings.HasPrefix(p, "/api/") }

// ownNoRoute reports whether an answer is the router's own for a path or
// method it does not serve (internal/httpapi's apiNotFound and
// apiMethodNotAllowed).
func ownNoRoute(status int, body []byte) bool {
	var e struct{ Error, Message string }
	if json.Unmarshal(body, &e) != nil {
		return false
	}
	switch status {
	case http.StatusNotFound:
		return e.Error == "not_found" && strings.HasPrefix(e.Message, "No API route ")
	case http.StatusMethodNotAllowed:
		return e.Error == "method_not_allowed"
	}
	return false
}

type readCloser struct{ *bytes.Reader }

func (readCloser) Close() error { return nil }
