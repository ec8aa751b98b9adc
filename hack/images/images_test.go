package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/registry"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/remote"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// epoch stands in for the commit time (SOURCE_DATE_EPOCH).
const epoch = 1700000000

// fakeCA is a CA bundle of the test's own, so the images do not depend on
// the machine's ca-certificates.
func fakeCA(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "ca.crt")
	if err := os.WriteFile(p, []byte("-----BEGIN CERTIFICATE-----\ntest\n-----END CERTIFICATE-----\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// buildPause builds the pause image (a real static Go program, small
// enough to build in a second) into out, with the given extra flags, and
// returns the index.
func buildPause(t *testing.T, out, ca string, sourceDateEpoch int, extra ...string) index {
	t.Helper()
	args := append([]string{"images", "-out", out, "-ca-certs", ca, "-version", "v1.2.3", "-revision", "0123abcd",
		"-source", "https://example.com/paryatan", "-licenses", "Apache-2.0"}, extra...)
	if !slices.Contains(extra, "-name") {
		args = append(args, "-name", "pause", "-pkg", "./pause", "-port", "8080,53/udp", "-stop-signal", "SIGINT", "--", "-flag", "value")
	}
	getenv := func(k string) string {
		if k == "SOURCE_DATE_EPOCH" {
			return strconv.Itoa(sourceDateEpoch)
		}
		return ""
	}
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, getenv, &stdout, &stderr); err != nil {
		t.Fatalf("images: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "COMPRESSED") {
		t.Errorf("no size table on stdout:\n%s", stdout.String())
	}
	return readIndex(t, filepath.Join(out, "index.json"))
}

func readIndex(t *testing.T, p string) index {
	t.Helper()
	var idx index
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	return idx
}

func fileSHA(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// The same commit must give the same image, byte for byte: two builds into
// two directories agree on the digest and on every byte of the archive,
// and another commit time gives another image.
func TestBuildsAreReproducible(t *testing.T) {
	t.Parallel()
	ca := fakeCA(t)
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	ia := buildPause(t, a, ca, epoch)
	ib := buildPause(t, b, ca, epoch)
	ic := buildPause(t, c, ca, epoch+1)
	if len(ia.Images) != 1 || len(ib.Images) != 1 {
		t.Fatalf("index lists %d and %d images, want 1", len(ia.Images), len(ib.Images))
	}
	if ia.Images[0].Digest != ib.Images[0].Digest {
		t.Errorf("two builds of one commit: %s and %s", ia.Images[0].Digest, ib.Images[0].Digest)
	}
	if sa, sb := fileSHA(t, filepath.Join(a, "pause.tar")), fileSHA(t, filepath.Join(b, "pause.tar")); sa != sb {
		t.Errorf("two builds of one commit wrote different archives: %s and %s", sa, sb)
	}
	if ia.Images[0].Digest == ic.Images[0].Digest {
		t.Error("another commit time gave the same digest: the time is not in the image")
	}
}

// What a runtime and the chart rely on: the user, the entrypoint and its
// arguments, the environment, ports and labels; files owned by root with
// fixed times, sorted; the nonroot user in /etc/passwd; the time-zone data
// resolving Asia/Kolkata.
func TestImageContents(t *testing.T) {
	t.Parallel()
	out, ca := t.TempDir(), fakeCA(t)
	idx := buildPause(t, out, ca, epoch)
	r := idx.Images[0]
	if r.Reference != "ghcr.io/paryatan/pause:v1.2.3" || r.Archive != "pause.tar" {
		t.Errorf("reference %q archive %q", r.Reference, r.Archive)
	}
	if r.CompressedSize <= 0 || r.UncompressedSize <= r.CompressedSize {
		t.Errorf("sizes %d compressed, %d uncompressed", r.CompressedSize, r.UncompressedSize)
	}
	tag, err := name.NewTag(r.Reference)
	if err != nil {
		t.Fatal(err)
	}
	img, err := tarball.ImageFromPath(filepath.Join(out, r.Archive), &tag)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := img.ConfigName(); id.String() != r.ImageID {
		t.Errorf("archive's config %s, index says %s", id, r.ImageID)
	}
	created := time.Unix(epoch, 0).UTC()
	c := cf.Config
	checks := []struct {
		what      string
		got, want any
	}{
		{"user", c.User, "65532:65532"},
		{"entrypoint", c.Entrypoint, []string{"/usr/local/bin/pause"}},
		{"cmd", c.Cmd, []string{"-flag", "value"}},
		{"env", c.Env, []string{"PATH=/usr/local/bin:/usr/bin:/bin", "ZONEINFO=/usr/local/go/lib/time/zoneinfo.zip"}},
		{"workdir", c.WorkingDir, "/"},
		{"ports", sortedKeys(c.ExposedPorts), []string{"53/udp", "8080/tcp"}},
		{"stop signal", c.StopSignal, "SIGINT"},
		{"created", cf.Created.UTC(), created},
		{"os/arch", cf.OS + "/" + cf.Architecture, "linux/" + goarchOf(t)},
		{"revision", c.Labels[labelRevision], "0123abcd"},
		{"version", c.Labels[labelVersion], "v1.2.3"},
		{"source", c.Labels[labelSource], "https://example.com/paryatan"},
		{"licenses", c.Labels[labelLicenses], "Apache-2.0"},
		{"title", c.Labels[labelTitle], "pause"},
		{"created label", c.Labels[labelCreated], created.Format(time.RFC3339)},
	}
	for _, ch := range checks {
		gb, _ := json.Marshal(ch.got)
		wb, _ := json.Marshal(ch.want)
		if !bytes.Equal(gb, wb) {
			t.Errorf("%s = %s, want %s", ch.what, gb, wb)
		}
	}

	files := map[string][]byte{}
	layers, err := img.Layers()
	if err != nil {
		t.Fatal(err)
	}
	if len(layers) != 2 {
		t.Fatalf("%d layers, want the base and the binary", len(layers))
	}
	for i, l := range layers {
		var names []string
		for hdr, data := range layerEntries(t, l) {
			names = append(names, hdr.Name)
			if !hdr.ModTime.Equal(created) {
				t.Errorf("layer %d: %s has time %s, want the commit's", i, hdr.Name, hdr.ModTime)
			}
			if hdr.Uname != "" || hdr.Gname != "" {
				t.Errorf("layer %d: %s names its owner %s:%s", i, hdr.Name, hdr.Uname, hdr.Gname)
			}
			owner := [2]int{hdr.Uid, hdr.Gid}
			if wantOwner := [2]int{0, 0}; hdr.Name == "home/nonroot/" {
				if owner != [2]int{65532, 65532} {
					t.Errorf("home/nonroot/ owned by %v", owner)
				}
			} else if owner != wantOwner {
				t.Errorf("layer %d: %s owned by %v, want root", i, hdr.Name, owner)
			}
			if hdr.Typeflag == tar.TypeReg {
				files["/"+hdr.Name] = data
				if hdr.Name == "usr/local/bin/pause" && hdr.Mode != 0o755 {
					t.Errorf("the binary has mode %o", hdr.Mode)
				}
			}
			if hdr.Name == "tmp/" && hdr.Mode != 0o1777 {
				t.Errorf("/tmp has mode %o, want 1777", hdr.Mode)
			}
		}
		if !slices.IsSorted(names) {
			t.Errorf("layer %d entries not sorted: %q", i, names)
		}
	}

	if !strings.Contains(string(files["/etc/passwd"]), "nonroot:x:65532:65532:") || !strings.Contains(string(files["/etc/group"]), "nonroot:x:65532:") {
		t.Errorf("no nonroot user:\n%s%s", files["/etc/passwd"], files["/etc/group"])
	}
	if caWant, _ := os.ReadFile(ca); !bytes.Equal(files[caPath], caWant) {
		t.Error("the CA bundle is not the one given")
	}
	if _, ok := files["/usr/local/bin/pause"]; !ok {
		t.Error("no /usr/local/bin/pause")
	}
	zi := files[zoneinfoPath]
	zr, err := zip.NewReader(bytes.NewReader(zi), int64(len(zi)))
	if err != nil {
		t.Fatalf("zoneinfo: %v", err)
	}
	f, err := zr.Open("Asia/Kolkata")
	if err != nil {
		t.Fatalf("zoneinfo: %v", err)
	}
	tzdata, _ := io.ReadAll(f)
	loc, err := time.LoadLocationFromTZData("Asia/Kolkata", tzdata)
	if err != nil {
		t.Fatal(err)
	}
	if _, off := time.Date(2025, 1, 1, 0, 0, 0, 0, loc).Zone(); off != 5*3600+1800 {
		t.Errorf("Asia/Kolkata is UTC%+d s, want +05:30", off)
	}
}

func goarchOf(t *testing.T) string {
	t.Helper()
	out, err := goEnv(context.Background(), "go", "GOARCH")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// layerEntries reads a layer's tar.
func layerEntries(t *testing.T, l v1.Layer) func(func(*tar.Header, []byte) bool) {
	t.Helper()
	rc, err := l.Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	return func(yield func(*tar.Header, []byte) bool) {
		defer rc.Close()
		tr := tar.NewReader(rc)
		for {
			hdr, err := tr.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			data, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			if !yield(hdr, data) {
				return
			}
		}
	}
}

// -push sends the image to REGISTRY: the registry then serves the same
// digest, with the labels as manifest annotations, and the index says it
// was pushed. A second image built into the same directory joins the index.
func TestPushToRegistry(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(registry.New(registry.Logger(log.New(io.Discard, "", 0))))
	t.Cleanup(srv.Close)
	host := strings.TrimPrefix(srv.URL, "http://")
	out, ca := t.TempDir(), fakeCA(t)

	idx := buildPause(t, out, ca, epoch, "-push", "-registry", host+"/paryatan")
	r := idx.Images[0]
	if !r.Pushed || r.Reference != host+"/paryatan/pause:v1.2.3" {
		t.Fatalf("index entry %+v", r)
	}
	ref, err := name.ParseReference(r.Reference)
	if err != nil {
		t.Fatal(err)
	}
	desc, err := remote.Get(ref)
	if err != nil {
		t.Fatal(err)
	}
	if desc.Digest.String() != r.Digest {
		t.Errorf("registry has %s, index says %s", desc.Digest, r.Digest)
	}
	var m v1.Manifest
	if err := json.Unmarshal(desc.Manifest, &m); err != nil {
		t.Fatal(err)
	}
	if m.Annotations[labelRevision] != "0123abcd" || m.Annotations[labelSource] == "" {
		t.Errorf("manifest annotations %v", m.Annotations)
	}
	if string(m.MediaType) != "application/vnd.oci.image.manifest.v1+json" {
		t.Errorf("manifest media type %s, want OCI", m.MediaType)
	}

	// The same flags with another name: a second entry, the first kept.
	buildPause(t, out, ca, epoch, "-name", "sandbox", "-pkg", "./pause")
	idx = readIndex(t, filepath.Join(out, "index.json"))
	var names []string
	for _, e := range idx.Images {
		names = append(names, e.Name)
	}
	if !slices.Equal(names, []string{"pause", "sandbox"}) {
		t.Errorf("index lists %q, want pause and sandbox", names)
	}
}
