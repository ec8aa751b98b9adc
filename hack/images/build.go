package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// goBuild builds main packages into dir as static Linux binaries the way
// make build does (-trimpath, the same ldflags), with cgo off so they run
// on an empty base. One go build for all of them shares the work.
// Packages are resolved from workDir.
func goBuild(ctx context.Context, goCmd, arch, ldflags, workDir, outDir string, pkgs []string, stderr io.Writer) error {
	args := []string{"build", "-trimpath", "-ldflags", ldflags, "-o", outDir + string(os.PathSeparator)}
	args = append(args, pkgs...)
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = workDir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+arch)
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w", strings.Join(pkgs, " "), err)
	}
	return nil
}

// goEnv asks the go command for one of its settings.
func goEnv(ctx context.Context, goCmd, name string) (string, error) {
	out, err := exec.CommandContext(ctx, goCmd, "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// git runs a git command in the working directory; an error means the
// answer is unknown (not a repository, no commits, no remote).
func git(ctx context.Context, args ...string) (string, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// defaultSource is the project's home when the checkout has no remote.
const defaultSource = "https://github.com/paryatan/paryatan"

// sourceURL turns the origin remote into a browsable https URL
// (git@host:owner/repo.git and ssh:// forms included), dropping any
// credentials a remote URL may carry. A local path gives the default.
func sourceURL(remote string) string {
	remote = strings.TrimSpace(remote)
	if !strings.Contains(remote, "://") {
		m := scpRemote.FindStringSubmatch(remote)
		if m == nil {
			return defaultSource
		}
		remote = "ssh://" + m[1] + "/" + m[2]
	}
	u, err := url.Parse(remote)
	if err != nil || u.Host == "" {
		return defaultSource
	}
	host := u.Host
	if u.Scheme == "ssh" || u.Scheme == "git" {
		host = u.Hostname() // the port is ssh's, not the web site's
	}
	return "https://" + host + strings.TrimSuffix(u.Path, ".git")
}

var scpRemote = regexp.MustCompile(`^(?:[^@/]+@)?([^:/]+):(.+?)(?:\.git)?$`)

// commitInfo is what the images say about the commit they come from.
type commitInfo struct {
	Revision string
	Time     time.Time
	Version  string
	Source   string
}

// readCommit finds the revision, the commit time (SOURCE_DATE_EPOCH wins,
// as in every reproducible build), the version as the Makefile computes it
// and the source URL. Outside a git checkout the time is the Unix epoch:
// still the same on every build.
func readCommit(ctx context.Context, getenv func(string) string) (commitInfo, error) {
	var c commitInfo
	c.Revision, _ = git(ctx, "rev-parse", "HEAD")
	if v := strings.TrimSpace(getenv("SOURCE_DATE_EPOCH")); v != "" {
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return c, fmt.Errorf("SOURCE_DATE_EPOCH=%q: want seconds since 1970", v)
		}
		c.Time = time.Unix(sec, 0).UTC()
	} else if ct, err := git(ctx, "log", "-1", "--format=%ct"); err == nil {
		sec, err := strconv.ParseInt(ct, 10, 64)
		if err != nil {
			return c, fmt.Errorf("commit time %q: %w", ct, err)
		}
		c.Time = time.Unix(sec, 0).UTC()
	} else {
		c.Time = time.Unix(0, 0).UTC()
	}
	if v, err := git(ctx, "describe", "--tags", "--always", "--dirty"); err == nil {
		c.Version = v
	} else {
		c.Version = "dev"
	}
	remote, _ := git(ctx, "remote", "get-url", "origin")
	c.Source = sourceURL(remote)
	return c, nil
}

// moduleRoot finds the directory of the go.mod above dir, where the
// project's packages are built from.
func moduleRoot(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
	}
}
