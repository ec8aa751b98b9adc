package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// Modes used for every entry the tool writes, so that a layer never depends
// on the umask or the file modes of the machine that built it.
const (
	modeDir  = 0o755
	modeFile = 0o644
	modeExec = 0o755
	modeTmp  = 0o1777 // world-writable with the sticky bit, like any /tmp
)

// layerEntry is one file, directory or symbolic link of a layer. Data holds a
// file's contents, or src names the host file to read them from when the
// layer is written (host files can be large; they are read once, in order).
type layerEntry struct {
	typ      byte
	mode     int64
	uid, gid int
	data     []byte
	src      string
	link     string
}

// layerBuilder collects entries by their path inside the image and writes
// them as a reproducible tar: sorted by name, parents first, every
// timestamp the same, owners numeric with no user or group names.
type layerBuilder struct {
	mtime   time.Time
	entries map[string]layerEntry
}

func newLayerBuilder(mtime time.Time) *layerBuilder {
	return &layerBuilder{mtime: mtime.UTC().Truncate(time.Second), entries: map[string]layerEntry{}}
}

// clean turns an image path into a tar name: relative, slash-separated,
// without dot segments.
func clean(p string) string {
	return strings.TrimPrefix(path.Clean("/"+p), "/")
}

// Dir adds a directory owned by uid:gid.
func (b *layerBuilder) Dir(p string, mode int64, uid, gid int) {
	b.entries[clean(p)] = layerEntry{typ: tar.TypeDir, mode: mode, uid: uid, gid: gid}
}

// File adds a root-owned file with the given contents.
func (b *layerBuilder) File(p string, mode int64, data []byte) {
	b.entries[clean(p)] = layerEntry{typ: tar.TypeReg, mode: mode, data: data}
}

// HostFile adds a root-owned file whose contents are read from src when the
// layer is written.
func (b *layerBuilder) HostFile(p string, mode int64, src string) {
	b.entries[clean(p)] = layerEntry{typ: tar.TypeReg, mode: mode, src: src}
}

// Symlink adds a symbolic link to target, kept as written (absolute targets
// resolve inside the container's root).
func (b *layerBuilder) Symlink(p, target string) {
	b.entries[clean(p)] = layerEntry{typ: tar.TypeSymlink, mode: 0o777, link: target}
}

// Has reports whether the layer already holds p.
func (b *layerBuilder) Has(p string) bool {
	_, ok := b.entries[clean(p)]
	return ok
}

// Tar writes the layer's tar stream. Missing parent directories are added as
// root-owned 0755 directories, so a runtime never has to invent them with
// modes of its own.
func (b *layerBuilder) Tar(w io.Writer) error {
	names := make([]string, 0, len(b.entries))
	all := map[string]layerEntry{}
	for name, e := range b.entries {
		all[name] = e
		for dir := path.Dir(name); dir != "." && dir != "/"; dir = path.Dir(dir) {
			if _, ok := all[dir]; ok {
				continue
			}
			if _, ok := b.entries[dir]; !ok {
				all[dir] = layerEntry{typ: tar.TypeDir, mode: modeDir}
			}
		}
	}
	for name := range all {
		if name != "" {
			names = append(names, name)
		}
	}
	// Plain byte order puts every directory before its contents (a prefix
	// sorts first), and is what other reproducible image builders use.
	sort.Strings(names)

	tw := tar.NewWriter(w)
	for _, name := range names {
		e := all[name]
		hdr := &tar.Header{
			Typeflag: e.typ,
			Name:     name,
			Linkname: e.link,
			Mode:     e.mode,
			Uid:      e.uid,
			Gid:      e.gid,
			ModTime:  b.mtime,
			Format:   tar.FormatPAX,
		}
		var data []byte
		switch e.typ {
		case tar.TypeDir:
			hdr.Name += "/"
		case tar.TypeReg:
			data = e.data
			if e.src != "" {
				var err error
				if data, err = os.ReadFile(e.src); err != nil {
					return fmt.Errorf("read %s: %w", e.src, err)
				}
			}
			hdr.Size = int64(len(data))
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return fmt.Errorf("tar header %s: %w", name, err)
		}
		if _, err := tw.Write(data); err != nil {
			return fmt.Errorf("tar %s: %w", name, err)
		}
	}
	return tw.Close()
}

// builtLayer is a layer with the size of its uncompressed tar, which the
// size table reports.
type builtLayer struct {
	v1.Layer
	uncompressed int64
}

// Layer writes the tar, compresses it once and returns it as an OCI layer.
// Compressing here rather than leaving it to go-containerregistry keeps one
// compressed copy for the digest, the archive and a push, and fixes the
// level: the same bytes in give the same digest out.
func (b *layerBuilder) Layer() (builtLayer, error) {
	var raw bytes.Buffer
	if err := b.Tar(&raw); err != nil {
		return builtLayer{}, err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return builtLayer{}, fmt.Errorf("gzip: %w", err)
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		return builtLayer{}, fmt.Errorf("gzip: %w", err)
	}
	if err := zw.Close(); err != nil {
		return builtLayer{}, fmt.Errorf("gzip: %w", err)
	}
	blob := gz.Bytes()
	l, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(blob)), nil
	}, tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return builtLayer{}, fmt.Errorf("layer: %w", err)
	}
	return builtLayer{Layer: l, uncompressed: int64(raw.Len())}, nil
}
