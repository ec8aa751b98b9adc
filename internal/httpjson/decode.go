package httpjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// MaxBody is the largest request body Decode accepts. API bodies are small
// forms; anything bigger is a mistake or an attack.
const MaxBody = 64 << 10

// RequestError is a client error found while reading a request: it carries
// the status and envelope to answer with.
type RequestError struct {
	Status  int
	Code    string
	Message string
}

func (e *RequestError) Error() string { return e.Message }

// BadRequest returns a 400 RequestError with a message meant for people.
func BadRequest(code, message string) *RequestError {
	return &RequestError{Status: http.StatusBadRequest, Code: code, Message: message}
}

// Decode reads one JSON object from r's body into dst, rejecting bodies over
// MaxBody, malformed JSON, values of the wrong type and trailing data, each
// with a message that says what is wrong.
func Decode(w http.ResponseWriter, r *http.Request, dst any) *RequestError {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return &RequestError{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
			Message: "Send the request body as application/json."}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	err := dec.Decode(dst)
	if err == nil {
		if dec.More() || dec.Decode(&struct{}{}) != io.EOF {
			return BadRequest("invalid_json", "The request body must hold a single JSON object.")
		}
		return nil
	}
	var maxErr *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &maxErr):
		return &RequestError{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large",
			Message: fmt.Sprintf("The request body is larger than %d KiB.", MaxBody>>10)}
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return BadRequest("invalid_json", "The request body must be a JSON object.")
		}
		return BadRequest("invalid_field", fmt.Sprintf("%s must be a %s.", field, jsonKind(typeErr.Type.Kind().String())))
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return BadRequest("invalid_json", "The request body is not valid JSON.")
	case errors.Is(err, io.EOF):
		return BadRequest("invalid_json", "The request body is empty.")
	default:
		return BadRequest("invalid_json", "The request body is not valid JSON.")
	}
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "struct", "map":
		return "object"
	default:
		return "number"
	}
}

// WriteRequestError answers with e's status and envelope.
func WriteRequestError(w http.ResponseWriter, r *http.Request, e *RequestError) {
	Error(w, r, e.Status, e.Code, e.Message)
}
