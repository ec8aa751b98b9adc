package main

import (
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// Where the base layer puts the shared files.
const (
	caPath       = "/etc/ssl/certs/ca-certificates.crt"
	zoneinfoPath = "/usr/local/go/lib/time/zoneinfo.zip"
	binDir       = "/usr/local/bin"
	defaultPATH  = "/usr/local/bin:/usr/bin:/bin"
	// nonroot is the user every image runs as unless told otherwise: the
	// chart's security contexts use the same UID and GID.
	nonrootUID = 65532
)

// The user database: programs that look their own user up (getpwuid, as
// PostgreSQL's initdb does) need an entry, and names keep ls and ps readable.
const (
	passwd = "root:x:0:0:root:/root:/sbin/nologin\n" +
		"nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n" +
		"nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n"
	group = "root:x:0:\n" +
		"nobody:x:65534:\n" +
		"nonroot:x:65532:\n"
	// glibc programs read it for users and hosts; Go's resolver reads the
	// hosts line. Without it both guess.
	nsswitch = "passwd: files\ngroup: files\nhosts: files dns\n"
)

// meta is what every image of one run shares: where it comes from and when.
type meta struct {
	Created  time.Time // the commit's time: file times and the config's created
	Version  string
	Revision string
	Source   string
	Licenses string
	Arch     string
}

// spec describes one image.
type spec struct {
	// Name is the image's name: the last element of its repository and the
	// archive's file name.
	Name        string
	Description string
	// Binary is a static executable on the build machine, put into
	// /usr/local/bin under its own file name.
	Binary string
	// Entrypoint defaults to the binary's path in the image.
	Entrypoint []string
	Cmd        []string
	// Env adds to (or, by name, replaces) PATH and ZONEINFO.
	Env   []string
	Ports []string
	// User is "uid:gid"; nonroot when empty.
	User    string
	WorkDir string
	// StopSignal is the signal a runtime stops the container with (SIGTERM
	// when empty); PostgreSQL's fast shutdown is SIGINT.
	StopSignal string
	// Add lists host paths copied with the shared libraries they need;
	// Exclude drops paths matching any of its patterns from them.
	Add     []string
	Exclude []string
	// Dirs are empty directories owned by the image's user (a data
	// directory's parent, for example).
	Dirs []string
}

// baseFiles are the files the base layer is made from.
type baseFiles struct {
	CACerts  string // the build machine's CA bundle
	Zoneinfo string // the Go toolchain's lib/time/zoneinfo.zip
}

// baseLayer builds the layer every image starts from: the user database,
// CA certificates, time-zone data, a home for nonroot and /tmp. It does not
// depend on the image, so registries and node caches store it once.
func baseLayer(m meta, files baseFiles) (builtLayer, error) {
	ca, err := os.ReadFile(files.CACerts)
	if err != nil {
		return builtLayer{}, fmt.Errorf("CA certificates: %w", err)
	}
	zi, err := os.ReadFile(files.Zoneinfo)
	if err != nil {
		return builtLayer{}, fmt.Errorf("time-zone data: %w", err)
	}
	b := newLayerBuilder(m.Created)
	b.File("/etc/passwd", modeFile, []byte(passwd))
	b.File("/etc/group", modeFile, []byte(group))
	b.File("/etc/nsswitch.conf", modeFile, []byte(nsswitch))
	b.File(caPath, modeFile, ca)
	b.File(zoneinfoPath, modeFile, zi)
	b.Dir("/root", 0o700, 0, 0)
	b.Dir("/home/nonroot", 0o700, nonrootUID, nonrootUID)
	b.Dir("/tmp", modeTmp, 0, 0)
	b.Dir(binDir, modeDir, 0, 0)
	return b.Layer()
}

// parseUser reads "uid:gid" (numbers only: the image has no user database
// beyond the base layer's).
func parseUser(s string) (uid, gid int, err error) {
	if s == "" {
		return nonrootUID, nonrootUID, nil
	}
	u, g, ok := strings.Cut(s, ":")
	if !ok {
		g = u
	}
	if uid, err = strconv.Atoi(u); err != nil || uid < 0 {
		return 0, 0, fmt.Errorf("user %q: want uid:gid, numbers", s)
	}
	if gid, err = strconv.Atoi(g); err != nil || gid < 0 {
		return 0, 0, fmt.Errorf("user %q: want uid:gid, numbers", s)
	}
	return uid, gid, nil
}

// appLayer builds the image's own layer: its binary, any host files with
// their libraries, and its directories. It returns the extra library
// directories the loader must be told about.
func appLayer(m meta, s spec) (builtLayer, []string, error) {
	uid, gid, err := parseUser(s.User)
	if err != nil {
		return builtLayer{}, nil, err
	}
	b := newLayerBuilder(m.Created)
	b.Dir(binDir, modeDir, 0, 0)
	if s.Binary != "" {
		if err := checkStatic(s.Binary, m.Arch); err != nil {
			return builtLayer{}, nil, err
		}
		b.HostFile(path.Join(binDir, filepath.Base(s.Binary)), modeExec, s.Binary)
	}
	var libDirs []string
	if len(s.Add) > 0 {
		h, err := newHostFiles(s.Exclude)
		if err != nil {
			return builtLayer{}, nil, err
		}
		for _, p := range s.Add {
			if err := h.AddGlob(p); err != nil {
				return builtLayer{}, nil, err
			}
		}
		if err := h.Closure(); err != nil {
			return builtLayer{}, nil, err
		}
		h.WriteTo(b)
		libDirs = h.ExtraLibDirs()
	}
	for _, d := range s.Dirs {
		b.Dir(d, 0o750, uid, gid)
	}
	l, err := b.Layer()
	return l, libDirs, err
}

// checkStatic refuses a binary that needs a dynamic loader (the image has
// none unless host files bring one) or is built for another machine.
func checkStatic(p, arch string) error {
	f, err := elf.Open(p)
	if err != nil {
		return fmt.Errorf("%s: not an executable for linux: %w", p, err)
	}
	defer f.Close()
	if want, ok := goarchMachine[arch]; ok && f.Machine != want {
		return fmt.Errorf("%s: built for %s, the image is for %s", p, f.Machine, arch)
	}
	for _, prog := range f.Progs {
		if prog.Type == elf.PT_INTERP {
			return fmt.Errorf("%s is dynamically linked; build it with CGO_ENABLED=0, or add it with -add and name it with -entrypoint", p)
		}
	}
	return nil
}

// goarchMachine maps GOARCH to the ELF machine of its binaries.
var goarchMachine = map[string]elf.Machine{
	"amd64":   elf.EM_X86_64,
	"arm64":   elf.EM_AARCH64,
	"arm":     elf.EM_ARM,
	"386":     elf.EM_386,
	"ppc64le": elf.EM_PPC64,
	"s390x":   elf.EM_S390,
	"riscv64": elf.EM_RISCV,
}

// Label and annotation keys from the OCI image spec.
const (
	labelSource      = "org.opencontainers.image.source"
	labelRevision    = "org.opencontainers.image.revision"
	labelVersion     = "org.opencontainers.image.version"
	labelCreated     = "org.opencontainers.image.created"
	labelTitle       = "org.opencontainers.image.title"
	labelDescription = "org.opencontainers.image.description"
	labelLicenses    = "org.opencontainers.image.licenses"
)

// labels are the image's OCI labels, also set as manifest annotations (a
// registry shows the annotations; docker inspect and crictl the labels).
func labels(m meta, s spec) map[string]string {
	l := map[string]string{
		labelCreated: m.Created.UTC().Format(time.RFC3339),
		labelTitle:   s.Name,
	}
	set := func(k, v string) {
		if v != "" {
			l[k] = v
		}
	}
	set(labelSource, m.Source)
	set(labelRevision, m.Revision)
	set(labelVersion, m.Version)
	set(labelLicenses, m.Licenses)
	set(labelDescription, s.Description)
	return l
}

// mergeEnv starts from PATH and ZONEINFO and applies extra NAME=value
// entries in order, a repeated name replacing the earlier value in place.
func mergeEnv(extra []string) ([]string, error) {
	env := []string{"PATH=" + defaultPATH, "ZONEINFO=" + zoneinfoPath}
	for _, kv := range extra {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("env %q: want NAME=value", kv)
		}
		replaced := false
		for i, e := range env {
			if strings.HasPrefix(e, k+"=") {
				env[i], replaced = kv, true
				break
			}
		}
		if !replaced {
			env = append(env, kv)
		}
	}
	return env, nil
}

// normalisePorts checks "8080" or "53/udp" and returns "8080/tcp" forms,
// sorted so that the order of the flags does not change the config.
func normalisePorts(ports []string) (map[string]struct{}, error) {
	if len(ports) == 0 {
		return nil, nil
	}
	out := map[string]struct{}{}
	for _, p := range ports {
		num, proto, ok := strings.Cut(p, "/")
		if !ok {
			proto = "tcp"
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 || n > 65535 || (proto != "tcp" && proto != "udp" && proto != "sctp") {
			return nil, fmt.Errorf("port %q: want a number, optionally /tcp, /udp or /sctp", p)
		}
		out[strconv.Itoa(n)+"/"+proto] = struct{}{}
	}
	return out, nil
}

// assemble puts the base and app layers on an empty OCI image and writes the
// config: user, entrypoint, environment, ports, labels, and the commit's
// time as the creation time.
func assemble(m meta, s spec, base builtLayer) (v1.Image, imageSizes, error) {
	if s.Name == "" {
		return nil, imageSizes{}, errors.New("an image needs a name")
	}
	app, libDirs, err := appLayer(m, s)
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	entry := s.Entrypoint
	if len(entry) == 0 {
		if s.Binary == "" {
			return nil, imageSizes{}, fmt.Errorf("%s: no binary and no entrypoint", s.Name)
		}
		entry = []string{path.Join(binDir, filepath.Base(s.Binary))}
	}
	extraEnv := s.Env
	if len(libDirs) > 0 {
		// The loader in the image has no ld.so.cache: libraries found
		// through the build machine's ld.so.conf must be named.
		extraEnv = append([]string{"LD_LIBRARY_PATH=" + strings.Join(libDirs, ":")}, extraEnv...)
	}
	env, err := mergeEnv(extraEnv)
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	ports, err := normalisePorts(s.Ports)
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	uid, gid, err := parseUser(s.User)
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	workDir := s.WorkDir
	if workDir == "" {
		workDir = "/"
	}

	created := v1.Time{Time: m.Created.UTC()}
	img := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	img, err = mutate.Append(img,
		mutate.Addendum{Layer: base, History: v1.History{Created: created, CreatedBy: "hack/images: user database, CA certificates, time-zone data, /tmp"}},
		mutate.Addendum{Layer: app, History: v1.History{Created: created, CreatedBy: "hack/images: " + s.Name}},
	)
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	cf = cf.DeepCopy()
	cf.Architecture = m.Arch
	cf.OS = "linux"
	cf.Created = created
	lbl := labels(m, s)
	cf.Config = v1.Config{
		User:         fmt.Sprintf("%d:%d", uid, gid),
		Entrypoint:   entry,
		Cmd:          s.Cmd,
		Env:          env,
		WorkingDir:   workDir,
		ExposedPorts: ports,
		Labels:       lbl,
		StopSignal:   s.StopSignal,
	}
	img, err = mutate.ConfigFile(img, cf)
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	img, ok := mutate.Annotations(img, lbl).(v1.Image)
	if !ok {
		return nil, imageSizes{}, fmt.Errorf("%s: annotating the manifest did not give an image", s.Name)
	}
	sizes, err := measure(img, base, app)
	if err != nil {
		return nil, imageSizes{}, fmt.Errorf("%s: %w", s.Name, err)
	}
	return img, sizes, nil
}

// imageSizes are what the size table reports: the bytes a registry stores
// and a pull downloads (manifest, config, compressed layers), and the bytes
// the layers unpack to.
type imageSizes struct {
	Compressed   int64
	Uncompressed int64
}

func measure(img v1.Image, layers ...builtLayer) (imageSizes, error) {
	var s imageSizes
	raw, err := img.RawManifest()
	if err != nil {
		return s, err
	}
	cfg, err := img.RawConfigFile()
	if err != nil {
		return s, err
	}
	s.Compressed = int64(len(raw) + len(cfg))
	for _, l := range layers {
		n, err := l.Size()
		if err != nil {
			return s, err
		}
		s.Compressed += n
		s.Uncompressed += l.uncompressed
	}
	return s, nil
}

// sortedKeys returns a map's keys in order, for stable output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
