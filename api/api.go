// Package api holds the API's contract, the OpenAPI 3.1 document
// (openapi.yaml), and the browsable reference served beside it in local
// mode (docs/: a page of ours and the reference viewer's files, which
// `npm run build -w web` copies into docs/vendor from its npm package).
package api

import (
	"embed"
	"io/fs"
)

// OpenAPI is the OpenAPI 3.1 document (YAML) of every route under /api and
// of the health probes.
//
//go:embed openapi.yaml
var OpenAPI []byte

//go:embed all:docs
var docs embed.FS

// Docs returns the reference's files, rooted at docs: index.html, its
// script, and vendor/ with the viewer (empty until the web app is built).
func Docs() fs.FS {
	sub, err := fs.Sub(docs, "docs")
	if err != nil {
		panic(err) // docs is embedded at build time
	}
	return sub
}
