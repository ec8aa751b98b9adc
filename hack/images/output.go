package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/google/go-containerregistry/pkg/authn"
	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// result describes one built image; index.json lists them for scripts.
type result struct {
	Name      string `json:"name"`
	Reference string `json:"reference"`
	// Digest is the manifest's digest, the one a registry reports after a
	// push (reference@digest pins it).
	Digest string `json:"digest"`
	// ImageID is the config's digest, which docker images and crictl
	// images show for an imported archive (the archive carries no
	// manifest; ctr lists one it makes itself).
	ImageID string `json:"imageID"`
	// Archive is the docker-archive file, relative to the index.
	Archive          string `json:"archive"`
	CompressedSize   int64  `json:"compressedSize"`
	UncompressedSize int64  `json:"uncompressedSize"`
	Pushed           bool   `json:"pushed,omitempty"`
}

// index is index.json.
type index struct {
	Images []result `json:"images"`
}

// buildImages assembles each image, writes its archive and pushes it when
// asked.
func buildImages(ctx context.Context, o options, m meta, specs []spec, log *slog.Logger) ([]result, error) {
	base, err := baseLayer(m, baseFiles{CACerts: o.CACerts, Zoneinfo: o.Zoneinfo})
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	var opts []name.Option
	if o.Insecure {
		opts = append(opts, name.Insecure)
	}
	results := make([]result, 0, len(specs))
	for _, s := range specs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tag, err := name.NewTag(o.Registry+"/"+s.Name+":"+o.Tag, opts...)
		if err != nil {
			return nil, fmt.Errorf("%s: reference: %w", s.Name, err)
		}
		img, sizes, err := assemble(m, s, base)
		if err != nil {
			return nil, err
		}
		digest, err := img.Digest()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		id, err := img.ConfigName()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		archive := filepath.Join(o.Out, s.Name+".tar")
		if err := writeArchive(archive, tag, img); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		rel, err := filepath.Rel(filepath.Dir(o.Index), archive)
		if err != nil {
			rel = archive
		}
		r := result{Name: s.Name, Reference: tag.String(), Digest: digest.String(), ImageID: id.String(), Archive: filepath.ToSlash(rel),
			CompressedSize: sizes.Compressed, UncompressedSize: sizes.Uncompressed}
		log.Info("built", "image", r.Reference, "digest", r.Digest, "archive", archive)
		if o.Push {
			if err := push(ctx, tag, img); err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
			r.Pushed = true
			log.Info("pushed", "image", r.Reference+"@"+r.Digest)
		}
		results = append(results, r)
	}
	return results, nil
}

// writeArchive writes the docker-archive form (docker save's), which docker
// load, ctr images import and kind load image-archive all read. It is
// written beside the target and renamed, so a failed build never leaves a
// truncated archive where a script expects a good one.
func writeArchive(p string, tag name.Tag, img v1.Image) error {
	tmp := p + ".partial"
	if err := tarball.MultiRefWriteToFile(tmp, map[name.Reference]v1.Image{tag: img}); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %w", p, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %w", p, err)
	}
	return nil
}

// push uploads the image with the credentials docker login (or crane auth
// login) left in the Docker config, or anonymously.
func push(ctx context.Context, tag name.Tag, img v1.Image) error {
	if err := remote.Write(tag, img, remote.WithContext(ctx), remote.WithAuthFromKeychain(authn.DefaultKeychain)); err != nil {
		return fmt.Errorf("push %s: %w", tag, err)
	}
	return nil
}

// updateIndex merges the results into the index by image name: building
// the pause image after the project's keeps both listed.
func updateIndex(p, out string, results []result) error {
	var idx index
	b, err := os.ReadFile(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("read %s: %w", p, err)
	default:
		if err := json.Unmarshal(b, &idx); err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
	}
	byName := map[string]result{}
	for _, r := range idx.Images {
		byName[r.Name] = r
	}
	for _, r := range results {
		byName[r.Name] = r
	}
	idx.Images = idx.Images[:0]
	for _, n := range sortedKeys(byName) {
		idx.Images = append(idx.Images, byName[n])
	}
	b, err = json.MarshalIndent(idx, "", "  ")
	if err != nil {
		return fmt.Errorf("index: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	tmp := p + ".partial"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	return nil
}

// printTable prints what was built, in the order built.
func printTable(w io.Writer, results []result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "IMAGE\tREFERENCE\tDIGEST\tCOMPRESSED\tUNCOMPRESSED")
	for _, r := range results {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.Name, r.Reference, r.Digest, humanSize(r.CompressedSize), humanSize(r.UncompressedSize))
	}
	return tw.Flush()
}

// humanSize prints bytes in MiB with one decimal (KiB below one MiB).
func humanSize(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}
