package httpjson

import (
	"context"
	"net/http"
)

func contextOf(r *http.Request) context.Context {
	if r == nil {
		return context.Background()
	}
	return r.Context()
}
