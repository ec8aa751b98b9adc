// Command images builds Paryatan's container images without a container
// engine, with go-containerregistry: each image is a static binary on an
// empty base plus CA certificates, time-zone data, a user database naming
// the nonroot user (65532) and /tmp. The same commit gives the same image,
// byte for byte: every time in it is the commit's time.
//
// Without -name it builds the project's images (paryatan-api,
// paryatan-operator, tbo-sim, razorpay-sim, visa-sim; -only picks some).
// With -name it builds one image from a static binary (-binary, or -pkg to
// build a Go package the same way), optionally with host files and the
// shared libraries they need (-add), which is how a program such as
// PostgreSQL runs in an otherwise empty image. Arguments after the flags
// become the image's command.
//
// Each image is written to OUT/<name>.tar in the docker-archive form
// (docker load, ctr images import, kind load image-archive) tagged
// REGISTRY/<name>:TAG, and listed in OUT/index.json; -push also pushes it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "images:", err)
		stop()
		os.Exit(1)
	}
}

// listFlag is a flag that may be given many times, or once with
// comma-separated values where commas cannot occur in a value.
type listFlag struct {
	values []string
	split  bool
}

func (l *listFlag) String() string { return strings.Join(l.values, ",") }

func (l *listFlag) Set(v string) error {
	if !l.split {
		l.values = append(l.values, v)
		return nil
	}
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			l.values = append(l.values, s)
		}
	}
	return nil
}

// options are the command line.
type options struct {
	Out, Index        string
	Registry, Tag     string
	Version, LDFlags  string
	Go, Arch          string
	Push, Insecure    bool
	Only              []string
	Source, Revision  string
	Licenses          string
	CACerts, Zoneinfo string
	Name, Binary, Pkg string
	Entrypoint        string
	Description       string
	User, WorkDir     string
	StopSignal        string
	Add, Exclude, Env []string
	Ports, Dirs       []string
	Args              []string
	// Which defaults come from the checkout or the toolchain, because the
	// flag was not given.
	explicitVersion, explicitTag, explicitLDFlags  bool
	explicitSource, explicitRevision, explicitZone bool
	// generic: one image (-name) rather than the project's.
	generic bool
}

const usage = `Usage:
  images [flags]                          build the project's images
  images -name NAME -binary PATH [flags] [--] [ARG...]
  images -name NAME -pkg PKG [flags] [--] [ARG...]
                                          build one image from a static binary
                                          (ARGs become its command)

Examples:
  images -only tbo-sim,visa-sim
  images -name pause -pkg ./hack/images/pause
  images -name coredns -binary bin/envtest-1.34.4/coredns -port 53/udp -port 53/tcp -- -conf /etc/coredns/Corefile
  images -name postgres -pkg ./hack/images/pgentry -port 5432 \
    -add '/usr/lib/postgresql/15/bin/*' -add /usr/lib/postgresql/15/lib -add /usr/share/postgresql/15 \
    -add /usr/share/zoneinfo -add /bin/sh \
    -exclude '/usr/lib/postgresql/15/lib/llvmjit*' -exclude /usr/lib/postgresql/15/lib/bitcode \
    -exclude /usr/lib/postgresql/15/lib/pgxs -dir /var/lib/postgresql/data \
    -env PATH=/usr/lib/postgresql/15/bin:/usr/local/bin:/usr/bin:/bin \
    -env PGDATA=/var/lib/postgresql/data/pgdata

Flags:
`

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("images", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	only := &listFlag{split: true}
	add, exclude, env := &listFlag{}, &listFlag{}, &listFlag{}
	ports, dirs := &listFlag{split: true}, &listFlag{}
	fs.StringVar(&o.Out, "out", filepath.Join("bin", "images"), "directory for the archives (<name>.tar) and index.json")
	fs.StringVar(&o.Index, "index", "", "the index of built images, merged by name (default OUT/index.json)")
	fs.StringVar(&o.Registry, "registry", "ghcr.io/paryatan", "repository prefix: an image is REGISTRY/<name>:TAG")
	fs.StringVar(&o.Tag, "tag", "", "image tag (default the version)")
	fs.StringVar(&o.Version, "version", "", "version for main.version and the version label (default git describe --tags --always --dirty, as the Makefile)")
	fs.StringVar(&o.LDFlags, "ldflags", "", `linker flags of the Go builds (default "-s -w -X main.version=VERSION", as the Makefile)`)
	fs.StringVar(&o.Go, "go", "go", "the go command")
	fs.StringVar(&o.Arch, "arch", runtime.GOARCH, "GOARCH of the images (host files: only the build machine's own)")
	fs.BoolVar(&o.Push, "push", false, "also push every image to its reference (credentials from the Docker config, as docker login leaves them)")
	fs.BoolVar(&o.Insecure, "insecure", false, "push over plain HTTP (localhost and private addresses use it anyway)")
	fs.Var(only, "only", "project mode: build only these images (comma-separated)")
	fs.StringVar(&o.Source, "source", "", "the source label (default the origin remote as an https URL, else "+defaultSource+")")
	fs.StringVar(&o.Revision, "revision", "", "the revision label (default git rev-parse HEAD)")
	fs.StringVar(&o.Licenses, "licenses", "", "the licenses label, an SPDX expression (omitted when empty)")
	fs.StringVar(&o.CACerts, "ca-certs", caPath, "CA bundle to copy into the images (Debian's ca-certificates)")
	fs.StringVar(&o.Zoneinfo, "zoneinfo", "", "time-zone database to copy into the images (default $GOROOT/lib/time/zoneinfo.zip of -go)")
	fs.StringVar(&o.Name, "name", "", "build one image by this name instead of the project's")
	fs.StringVar(&o.Binary, "binary", "", "one image: a static Linux binary, put in /usr/local/bin")
	fs.StringVar(&o.Pkg, "pkg", "", "one image: a Go main package, built like the project's binaries")
	fs.StringVar(&o.Entrypoint, "entrypoint", "", "one image: the program to run (default the binary)")
	fs.StringVar(&o.Description, "description", "", "one image: the description label")
	fs.StringVar(&o.User, "user", "", "one image: uid:gid to run as (default 65532:65532, nonroot)")
	fs.StringVar(&o.WorkDir, "workdir", "", "one image: working directory (default /)")
	fs.StringVar(&o.StopSignal, "stop-signal", "", "one image: the signal that stops it (default SIGTERM; SIGINT for PostgreSQL's fast shutdown)")
	fs.Var(add, "add", "one image: a host path or pattern to copy with the shared libraries it needs (repeatable)")
	fs.Var(exclude, "exclude", "one image: leave out host paths matching this pattern (repeatable; * stops at /)")
	fs.Var(env, "env", "one image: NAME=value in the config (repeatable; replaces PATH or ZONEINFO by name)")
	fs.Var(ports, "port", "one image: exposed port, 8080 or 53/udp (repeatable)")
	fs.Var(dirs, "dir", "one image: an empty directory owned by the image's user (repeatable)")
	if err := fs.Parse(args[1:]); err != nil {
		return o, err
	}
	o.Only, o.Add, o.Exclude, o.Env = only.values, add.values, exclude.values, env.values
	o.Ports, o.Dirs, o.Args = ports.values, dirs.values, fs.Args()
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "version":
			o.explicitVersion = true
		case "tag":
			o.explicitTag = true
		case "ldflags":
			o.explicitLDFlags = true
		case "source":
			o.explicitSource = true
		case "revision":
			o.explicitRevision = true
		case "zoneinfo":
			o.explicitZone = true
		}
	})
	o.generic = o.Name != ""
	single := o.Binary != "" || o.Pkg != "" || o.Entrypoint != "" || o.Description != "" || o.User != "" ||
		o.WorkDir != "" || o.StopSignal != "" || len(o.Add) > 0 || len(o.Exclude) > 0 || len(o.Env) > 0 || len(o.Ports) > 0 || len(o.Dirs) > 0
	switch {
	case !o.generic && single:
		return o, errors.New("-binary, -pkg, -add and the other one-image flags need -name")
	case !o.generic && len(o.Args) > 0:
		return o, fmt.Errorf("unexpected arguments %q (an image's command needs -name)", o.Args)
	case o.generic && len(o.Only) > 0:
		return o, errors.New("-only selects project images; it does not go with -name")
	case o.generic && o.Binary != "" && o.Pkg != "":
		return o, errors.New("give -binary or -pkg, not both")
	case o.generic && o.Binary == "" && o.Pkg == "" && (o.Entrypoint == "" || len(o.Add) == 0):
		return o, errors.New("-name needs -binary or -pkg, or host files (-add) and the -entrypoint among them")
	}
	return o, nil
}

// run builds the images, writes their archives and the index, pushes them
// when asked, and prints the table.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	commit, err := readCommit(ctx, getenv)
	if err != nil {
		return err
	}
	if !o.explicitVersion {
		o.Version = commit.Version
	}
	if !o.explicitTag || o.Tag == "" {
		o.Tag = o.Version
	}
	if !o.explicitLDFlags {
		o.LDFlags = "-s -w -X main.version=" + o.Version
	}
	if !o.explicitSource {
		o.Source = commit.Source
	}
	if !o.explicitRevision {
		o.Revision = commit.Revision
	}
	if !o.explicitZone {
		goroot, err := goEnv(ctx, o.Go, "GOROOT")
		if err != nil {
			return err
		}
		o.Zoneinfo = filepath.Join(goroot, "lib", "time", "zoneinfo.zip")
	}
	if o.Index == "" {
		o.Index = filepath.Join(o.Out, "index.json")
	}
	m := meta{Created: commit.Time, Version: o.Version, Revision: o.Revision, Source: o.Source, Licenses: o.Licenses, Arch: o.Arch}

	tmp, err := os.MkdirTemp("", "paryatan-images-")
	if err != nil {
		return fmt.Errorf("temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)

	specs, err := prepare(ctx, o, tmp, log, stderr)
	if err != nil {
		return err
	}
	results, err := buildImages(ctx, o, m, specs, log)
	if err != nil {
		return err
	}
	if err := updateIndex(o.Index, o.Out, results); err != nil {
		return err
	}
	return printTable(stdout, results)
}

// prepare turns the options into image specs, building the Go binaries
// they need into tmp.
func prepare(ctx context.Context, o options, tmp string, log *slog.Logger, stderr io.Writer) ([]spec, error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	if o.generic {
		s := spec{Name: o.Name, Description: o.Description, Binary: o.Binary, Cmd: o.Args, Env: o.Env, Ports: o.Ports,
			User: o.User, WorkDir: o.WorkDir, StopSignal: o.StopSignal, Add: o.Add, Exclude: o.Exclude, Dirs: o.Dirs}
		if o.Entrypoint != "" {
			s.Entrypoint = []string{o.Entrypoint}
		}
		if o.Pkg != "" {
			log.Info("building", "package", o.Pkg, "goarch", o.Arch)
			if err := goBuild(ctx, o.Go, o.Arch, o.LDFlags, cwd, tmp, []string{o.Pkg}, stderr); err != nil {
				return nil, err
			}
			s.Binary = filepath.Join(tmp, filepath.Base(filepath.Clean(o.Pkg)))
		}
		return []spec{s}, nil
	}

	specs, err := selectProject(o.Only)
	if err != nil {
		return nil, err
	}
	root, err := moduleRoot(cwd)
	if err != nil {
		return nil, err
	}
	pkgs := make([]string, 0, len(specs))
	for i, s := range specs {
		if s.Name == "paryatan-api" {
			// The API embeds web/dist; without a web build it would serve
			// no site at all.
			if _, err := os.Stat(filepath.Join(root, "web", "dist", "index.html")); err != nil {
				return nil, errors.New("web/dist/index.html is missing: build the web app first (make web)")
			}
		}
		pkgs = append(pkgs, "./cmd/"+s.Name)
		specs[i].Binary = filepath.Join(tmp, s.Name)
	}
	log.Info("building", "packages", strings.Join(pkgs, " "), "goarch", o.Arch, "version", o.Version)
	if err := goBuild(ctx, o.Go, o.Arch, o.LDFlags, root, tmp, pkgs, stderr); err != nil {
		return nil, err
	}
	return specs, nil
}

// project lists the project's images. The simulators listen on loopback
// unless told otherwise, which nothing outside their container can reach;
// their images set the address to every interface on the same port.
var project = []spec{
	{Name: "paryatan-api", Description: "Paryatan's API server: the REST routes, the web app, health probes and metrics",
		Ports: []string{"8080/tcp", "9090/tcp"}},
	{Name: "paryatan-operator", Description: "Paryatan's SupplierConnector operator",
		Ports: []string{"8080/tcp", "8081/tcp"}},
	{Name: "tbo-sim", Description: "A simulated TBO air supplier for tests and demos",
		Ports: []string{"8090/tcp"}, Env: []string{"TBO_SIM_ADDR=:8090"}},
	{Name: "razorpay-sim", Description: "A simulated Razorpay payment gateway for tests and demos",
		Ports: []string{"9090/tcp"}, Env: []string{"RAZORPAY_SIM_ADDR=:9090"}},
	{Name: "visa-sim", Description: "A simulated partner visa site for tests and demos",
		Ports: []string{"8070/tcp"}, Env: []string{"VISA_SIM_ADDR=:8070"}},
}

func selectProject(only []string) ([]spec, error) {
	if len(only) == 0 {
		return append([]spec(nil), project...), nil
	}
	var out []spec
	for _, name := range only {
		found := false
		for _, s := range project {
			if s.Name == name {
				out, found = append(out, s), true
				break
			}
		}
		if !found {
			names := make([]string, len(project))
			for i, s := range project {
				names[i] = s.Name
			}
			return nil, fmt.Errorf("-only %s: not one of %s", name, strings.Join(names, ", "))
		}
	}
	return out, nil
}
