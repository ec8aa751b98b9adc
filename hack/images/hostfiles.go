package main

import (
	"bufio"
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// hostFiles gathers files from the build machine for an image that runs
// dynamically linked programs: the paths asked for, every symbolic link on
// the way to them (Debian's /lib is a link to usr/lib, and a library's
// soname is a link to its versioned file), and the shared-library closure of
// every ELF file among them, read from DT_NEEDED, RPATH/RUNPATH and the
// program interpreter with debug/elf.
//
// Libraries a program opens itself with dlopen (PostgreSQL's extensions,
// glibc's gconv modules) are not found this way: add them as paths, and
// their own libraries follow.
type hostFiles struct {
	exclude []string
	// entries by absolute path: what to put in the image, the host path
	// being the image path.
	entries map[string]hostEntry
	queue   []string        // ELF files whose libraries are still to find
	scanned map[string]bool // ELF files already read
	// searchDirs are where the build machine's loader looks after an
	// object's RPATH/RUNPATH; systemDirs is the part the loader in the image
	// will also search, which has no ld.so.cache to find the rest.
	searchDirs, systemDirs []string
	extraDirs              map[string]bool
}

type hostEntry struct {
	kind fs.FileMode // 0 (regular), fs.ModeDir or fs.ModeSymlink
	perm fs.FileMode
	link string
}

// maxLinks bounds the symbolic links followed for one path, like the
// kernel's ELOOP.
const maxLinks = 40

func newHostFiles(exclude []string) (*hostFiles, error) {
	for _, pat := range exclude {
		if _, err := filepath.Match(pat, ""); err != nil {
			return nil, fmt.Errorf("exclude %q: %w", pat, err)
		}
	}
	return &hostFiles{exclude: exclude, entries: map[string]hostEntry{}, scanned: map[string]bool{}, extraDirs: map[string]bool{}}, nil
}

func (h *hostFiles) excluded(p string) bool {
	for _, pat := range h.exclude {
		if ok, _ := filepath.Match(pat, p); ok {
			return true
		}
	}
	return false
}

// AddGlob adds every path matching a shell pattern (a plain path matches
// itself); a pattern matching nothing is an error, so a typo or a missing
// package fails the build instead of shipping an image without the files.
func (h *hostFiles) AddGlob(pattern string) error {
	if !filepath.IsAbs(pattern) {
		return fmt.Errorf("add %q: want an absolute path", pattern)
	}
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return fmt.Errorf("add %q: %w", pattern, err)
	}
	if len(matches) == 0 {
		return fmt.Errorf("add %q: no such file", pattern)
	}
	for _, m := range matches {
		if err := h.Add(m); err != nil {
			return err
		}
	}
	return nil
}

// Add adds a host path: a file, a directory with everything under it, or a
// symbolic link together with what it points to.
func (h *hostFiles) Add(p string) error {
	return h.add(filepath.Clean(p), 0)
}

func (h *hostFiles) add(p string, links int) error {
	if h.excluded(p) {
		return nil
	}
	if links > maxLinks {
		return fmt.Errorf("%s: too many levels of symbolic links", p)
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	cur := "/"
	for i, part := range parts {
		next := filepath.Join(cur, part)
		fi, err := os.Lstat(next)
		if err != nil {
			return fmt.Errorf("add %s: %w", p, err)
		}
		last := i == len(parts)-1
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(next)
			if err != nil {
				return fmt.Errorf("add %s: %w", p, err)
			}
			h.entries[next] = hostEntry{kind: fs.ModeSymlink, link: target}
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(next), target)
			}
			// Continue with the rest of the path below the link's target.
			return h.add(filepath.Join(append([]string{target}, parts[i+1:]...)...), links+1)
		case fi.IsDir():
			if _, ok := h.entries[next]; !ok {
				h.entries[next] = hostEntry{kind: fs.ModeDir, perm: modeDir}
			}
			if last {
				return h.addTree(next, links)
			}
			cur = next
		case !last:
			return fmt.Errorf("add %s: %s is not a directory", p, next)
		case fi.Mode().IsRegular():
			if _, ok := h.entries[next]; ok {
				return nil
			}
			// Owner bits decide; group and others get read (and execute
			// where the owner has it), so any user of the image can run it.
			perm := fs.FileMode(modeFile)
			if fi.Mode().Perm()&0o100 != 0 {
				perm = modeExec
			}
			h.entries[next] = hostEntry{perm: perm}
			if isELF(next) {
				h.queue = append(h.queue, next)
			}
		default:
			// Sockets, devices and pipes have no place in an image layer.
			return nil
		}
	}
	return nil
}

// addTree adds a directory's contents.
func (h *hostFiles) addTree(dir string, links int) error {
	des, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("add %s: %w", dir, err)
	}
	for _, de := range des {
		if err := h.add(filepath.Join(dir, de.Name()), links); err != nil {
			return err
		}
	}
	return nil
}

func isELF(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	if _, err := io.ReadFull(f, magic); err != nil {
		return false
	}
	return bytes.Equal(magic, []byte(elf.ELFMAG))
}

// Closure adds the shared libraries and the program interpreter of every ELF
// file added so far, and of those libraries in turn.
func (h *hostFiles) Closure() error {
	if len(h.queue) == 0 {
		return nil
	}
	h.loaderDirs(h.firstInterpreter())
	for len(h.queue) > 0 {
		p := h.queue[0]
		h.queue = h.queue[1:]
		if h.scanned[p] {
			continue
		}
		h.scanned[p] = true
		if err := h.scan(p); err != nil {
			return err
		}
	}
	return nil
}

// firstInterpreter returns the program interpreter of the first queued
// executable that names one: the loader whose search directories apply.
func (h *hostFiles) firstInterpreter() string {
	for _, p := range h.queue {
		f, err := elf.Open(p)
		if err != nil {
			continue
		}
		interp, _ := interpreter(f)
		f.Close()
		if interp != "" {
			return interp
		}
	}
	return ""
}

// interpreter reads PT_INTERP; empty for a static binary or a library.
func interpreter(f *elf.File) (string, error) {
	for _, prog := range f.Progs {
		if prog.Type != elf.PT_INTERP {
			continue
		}
		b, err := io.ReadAll(prog.Open())
		if err != nil {
			return "", fmt.Errorf("read interpreter: %w", err)
		}
		return strings.TrimRight(string(b), "\x00"), nil
	}
	return "", nil
}

func (h *hostFiles) scan(p string) error {
	f, err := elf.Open(p)
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	defer f.Close()
	if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
		return nil
	}
	interp, err := interpreter(f)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	if interp != "" {
		if err := h.add(interp, 0); err != nil {
			return fmt.Errorf("%s: interpreter: %w", p, err)
		}
	}
	// No dynamic section (a static binary, data) gives no names.
	needed, err := f.ImportedLibraries()
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	// RUNPATH, when present, replaces RPATH; both may use $ORIGIN.
	runpath, err := f.DynString(elf.DT_RUNPATH)
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	rpath, err := f.DynString(elf.DT_RPATH)
	if err != nil {
		return fmt.Errorf("read %s: %w", p, err)
	}
	list := rpath
	if len(runpath) > 0 {
		list = runpath
	}
	var own []string
	for _, l := range list {
		for _, d := range strings.Split(l, ":") {
			d = strings.ReplaceAll(d, "${ORIGIN}", "$ORIGIN")
			d = strings.ReplaceAll(d, "$ORIGIN", filepath.Dir(p))
			if d != "" {
				own = append(own, filepath.Clean(d))
			}
		}
	}
	for _, lib := range needed {
		found, err := h.find(lib, own, f.Class, f.Machine)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if err := h.add(found, 0); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	return nil
}

// find resolves a DT_NEEDED name the way the loader does, skipping
// libraries of another class or machine (a 32-bit copy in a multilib
// directory, say).
func (h *hostFiles) find(lib string, own []string, class elf.Class, machine elf.Machine) (string, error) {
	if strings.Contains(lib, "/") {
		return lib, nil
	}
	dirs := append(slices.Clone(own), h.searchDirs...)
	for _, d := range dirs {
		p := filepath.Join(d, lib)
		f, err := elf.Open(p)
		if err != nil {
			continue
		}
		ok := f.Class == class && f.Machine == machine
		f.Close()
		if !ok {
			continue
		}
		if !slices.Contains(own, d) && !slices.Contains(h.systemDirs, d) {
			h.extraDirs[d] = true
		}
		return p, nil
	}
	return "", fmt.Errorf("shared library %s not found in %s", lib, strings.Join(dirs, ":"))
}

// systemPathLine matches the loader's own list of its default directories
// in `ld.so --help` (glibc 2.33 and later).
var systemPathLine = regexp.MustCompile(`^\s+(/\S*) \(system search path\)$`)

// loaderDirs learns where libraries are looked for: the directories of
// /etc/ld.so.conf (which the build machine's ld.so.cache indexes) and the
// loader's compiled-in system directories, asked from the loader itself
// when it can tell (Debian's include the multiarch directories).
func (h *hostFiles) loaderDirs(interp string) {
	var sys []string
	if interp != "" {
		if out, err := exec.Command(interp, "--help").Output(); err == nil {
			sc := bufio.NewScanner(bytes.NewReader(out))
			for sc.Scan() {
				if m := systemPathLine.FindStringSubmatch(sc.Text()); m != nil {
					sys = append(sys, filepath.Clean(m[1]))
				}
			}
		}
	}
	if len(sys) == 0 {
		sys = []string{"/lib64", "/usr/lib64", "/lib", "/usr/lib"}
	}
	h.systemDirs = sys
	h.searchDirs = nil
	for _, d := range append(ldSoConf("/etc/ld.so.conf", 0), sys...) {
		if !slices.Contains(h.searchDirs, d) {
			h.searchDirs = append(h.searchDirs, d)
		}
	}
}

// ldSoConf reads the directories of an ld.so.conf, following include
// lines. A missing or unreadable file lists nothing: the loader's system
// directories still apply.
func ldSoConf(p string, depth int) []string {
	b, err := os.ReadFile(p)
	if err != nil || depth > 8 {
		return nil
	}
	var dirs []string
	for line := range strings.Lines(string(b)) {
		line, _, _ = strings.Cut(line, "#")
		line = strings.TrimSpace(line)
		switch {
		case line == "", strings.HasPrefix(line, "hwcap "):
		case strings.HasPrefix(line, "include "):
			pat := strings.TrimSpace(strings.TrimPrefix(line, "include "))
			if !filepath.IsAbs(pat) {
				pat = filepath.Join(filepath.Dir(p), pat)
			}
			matches, _ := filepath.Glob(pat)
			for _, m := range matches {
				dirs = append(dirs, ldSoConf(m, depth+1)...)
			}
		default:
			dirs = append(dirs, filepath.Clean(line))
		}
	}
	return dirs
}

// ExtraLibDirs are the directories holding libraries that only the build
// machine's ld.so.cache finds; the image's LD_LIBRARY_PATH must name them.
func (h *hostFiles) ExtraLibDirs() []string {
	return sortedKeys(h.extraDirs)
}

// WriteTo puts the gathered entries into a layer, root-owned, the host's
// contents with normalised modes.
func (h *hostFiles) WriteTo(b *layerBuilder) {
	for p, e := range h.entries {
		switch e.kind {
		case fs.ModeDir:
			if !b.Has(p) {
				b.Dir(p, int64(e.perm), 0, 0)
			}
		case fs.ModeSymlink:
			b.Symlink(p, e.link)
		default:
			b.HostFile(p, int64(e.perm), p)
		}
	}
}
