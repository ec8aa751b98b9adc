package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The closure read from ELF headers must be what the system's own loader
// loads: compare with ldd on a program every glibc system has, whose
// libraries need libraries of their own.
func TestClosureMatchesLdd(t *testing.T) {
	t.Parallel()
	const prog = "/bin/ls"
	out, err := exec.Command("ldd", prog).Output()
	if err != nil {
		t.Fatalf("ldd %s: %v", prog, err)
	}
	want := map[string]bool{}
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		var p string
		switch {
		case len(f) >= 3 && f[1] == "=>":
			p = f[2]
		case len(f) >= 1 && strings.HasPrefix(f[0], "/"):
			p = f[0] // the interpreter
		default:
			continue // linux-vdso, which the kernel provides
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			t.Fatal(err)
		}
		want[real] = true
	}
	if len(want) < 2 {
		t.Fatalf("ldd found too little to compare with:\n%s", out)
	}

	h, err := newHostFiles(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Add(prog); err != nil {
		t.Fatal(err)
	}
	if err := h.Closure(); err != nil {
		t.Fatal(err)
	}
	realProg, _ := filepath.EvalSymlinks(prog)
	got := map[string]bool{}
	for p, e := range h.entries {
		if e.kind == 0 && p != realProg {
			got[p] = true
		}
	}
	if g, w := sortedKeys(got), sortedKeys(want); !slices.Equal(g, w) {
		t.Errorf("closure of %s:\n got %q\nwant %q", prog, g, w)
	}
	assertNoDanglingLinks(t, h)
}

// assertNoDanglingLinks checks that every symbolic link in the gathered
// files leads to something also gathered, resolving links on the way as the
// kernel would in the image, where nothing else exists.
func assertNoDanglingLinks(t *testing.T, h *hostFiles) {
	t.Helper()
	for p, e := range h.entries {
		if e.kind != fs.ModeSymlink {
			continue
		}
		if _, err := resolveIn(h.entries, p, 0); err != nil {
			t.Errorf("%s -> %s: %v", p, e.link, err)
		}
	}
}

func resolveIn(entries map[string]hostEntry, p string, depth int) (string, error) {
	if depth > maxLinks {
		return "", errors.New("too many links")
	}
	parts := strings.Split(strings.TrimPrefix(filepath.Clean(p), "/"), "/")
	cur := "/"
	for i, part := range parts {
		next := filepath.Join(cur, part)
		e, ok := entries[next]
		if !ok {
			return "", fmt.Errorf("%s is not in the image", next)
		}
		if e.kind == fs.ModeSymlink {
			target := e.link
			if !filepath.IsAbs(target) {
				target = filepath.Join(cur, target)
			}
			return resolveIn(entries, filepath.Join(append([]string{target}, parts[i+1:]...)...), depth+1)
		}
		cur = next
	}
	return cur, nil
}

// Links are kept as links with their targets, through a linked directory
// too (Debian's /lib -> usr/lib), and excluded paths stay out.
func TestHostFilesFollowLinksAndExclude(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(p, body string, mode os.FileMode) {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	link := func(p, target string) {
		if err := os.Symlink(target, filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	mk("usr/lib/libx.so.1.2", "lib", 0o644)
	mk("usr/share/pg/postgres.bki", "bki", 0o600)
	mk("usr/share/pg/llvm.bc", "big", 0o644)
	mk("usr/bin/tool", "#!/bin/true\n", 0o700)
	link("lib", "usr/lib")
	link("usr/lib/libx.so.1", "libx.so.1.2")
	link("usr/share/pg/abs", filepath.Join(root, "usr/bin/tool"))

	h, err := newHostFiles([]string{filepath.Join(root, "usr/share/pg/*.bc")})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"lib/libx.so.1", "usr/share/pg"} {
		if err := h.AddGlob(filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Closure(); err != nil {
		t.Fatal(err)
	}
	want := map[string]hostEntry{
		"lib":                       {kind: fs.ModeSymlink, link: "usr/lib"},
		"usr/lib/libx.so.1":         {kind: fs.ModeSymlink, link: "libx.so.1.2"},
		"usr/lib/libx.so.1.2":       {perm: 0o644},
		"usr/share/pg/postgres.bki": {perm: 0o644}, // readable by the image's user
		"usr/share/pg/abs":          {kind: fs.ModeSymlink, link: filepath.Join(root, "usr/bin/tool")},
		"usr/bin/tool":              {perm: 0o755},
	}
	for p, w := range want {
		if got, ok := h.entries[filepath.Join(root, p)]; !ok || got != w {
			t.Errorf("%s: %+v (present %v), want %+v", p, got, ok, w)
		}
	}
	if _, ok := h.entries[filepath.Join(root, "usr/share/pg/llvm.bc")]; ok {
		t.Error("an excluded file was added")
	}
	assertNoDanglingLinks(t, h)

	if err := h.AddGlob(filepath.Join(root, "usr/share/nothing*")); err == nil {
		t.Error("a pattern matching nothing was accepted")
	}
}

// Directories an image's user must own (a data directory's parent) carry
// its uid and gid; everything else is root's.
func TestLayerOwnersAndParents(t *testing.T) {
	t.Parallel()
	b := newLayerBuilder(time.Unix(epoch, 0))
	b.File("/usr/local/bin/x", modeExec, []byte("x"))
	b.Dir("/var/lib/postgresql/data", 0o750, 999, 999)
	b.Symlink("/bin", "usr/bin")
	var buf bytes.Buffer
	if err := b.Tar(&buf); err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(&buf)
	var got []string
	for {
		hdr, err := tr.Next()
		if err != nil {
			break
		}
		got = append(got, hdr.Name+" "+strings.TrimLeft(hdr.FileInfo().Mode().String(), "-")+" "+strconv.Itoa(hdr.Uid))
	}
	want := []string{
		"bin Lrwxrwxrwx 0",
		"usr/ drwxr-xr-x 0", "usr/local/ drwxr-xr-x 0", "usr/local/bin/ drwxr-xr-x 0", "usr/local/bin/x rwxr-xr-x 0",
		"var/ drwxr-xr-x 0", "var/lib/ drwxr-xr-x 0", "var/lib/postgresql/ drwxr-xr-x 0", "var/lib/postgresql/data/ drwxr-x--- 999",
	}
	if !slices.Equal(got, want) {
		t.Errorf("layer:\n got %q\nwant %q", got, want)
	}
}
