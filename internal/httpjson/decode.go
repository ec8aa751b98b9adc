package httpjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/paryatan/paryatan/internal/apierr"
)

// MaxBody is the largest request body Decode accepts. API bodies are small
// forms; anything bigger is a mistake or an attack.
const MaxBody = 64 << 10

// Decode reads one JSON object from r's body into dst (ReadBody, then
// Unmarshal). A failure is an *apierr.Error saying what is wrong.
func Decode(w http.ResponseWriter, r *http.Request, dst any) error {
	body, err := ReadBody(w, r)
	if err != nil {
		return err
	}
	return Unmarshal(body, dst)
}

// ReadBody reads r's body whole, refusing a declared type other than JSON
// (415) and bodies over MaxBody (413). A failure is an *apierr.Error.
func ReadBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return nil, apierr.New(http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the request body as application/json.")
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return nil, apierr.Newf(http.StatusRequestEntityTooLarge, "body_too_large", "The request body is larger than %d KiB.", MaxBody>>10)
	case err != nil:
		return nil, apierr.BadRequest("invalid_json", "The request body could not be read.").WithCause(err)
	}
	return b, nil
}

// Unmarshal decodes body, one JSON object, into dst, rejecting malformed
// JSON, values of the wrong type and trailing data, each with a message that
// says what is wrong. A failure is an *apierr.Error.
func Unmarshal(body []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	err := dec.Decode(dst)
	if err == nil {
		if dec.More() || dec.Decode(&struct{}{}) != io.EOF {
			return apierr.BadRequest("invalid_json", "The request body must hold a single JSON object.")
		}
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return apierr.BadRequest("invalid_json", "The request body must be a JSON object.")
		}
		return apierr.Invalid(field, fmt.Sprintf("%s must be a %s.", field, jsonKind(typeErr.Type.Kind().String())))
	case errors.Is(err, io.EOF):
		return apierr.BadRequest("invalid_json", "The request body is empty.")
	default:
		return apierr.BadRequest("invalid_json", "The request body is not valid JSON.")
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
