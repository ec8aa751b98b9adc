// Package web holds the built single-page app (web/dist) for the API server
// to serve. `npm run build -w web` fills dist; the committed dist/.gitkeep
// keeps the embed valid on a fresh clone before the first build.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app's files, rooted at dist.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // dist is embedded at build time
	}
	return sub
}
