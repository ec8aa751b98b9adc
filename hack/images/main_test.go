package main

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A script's mistakes fail before anything is built, with a message that
// says what to change.
func TestFlagsRefuseContradictions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-binary", "x"}, "need -name"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-name", "x", "-only", "tbo-sim", "-binary", "b"}, "-only"},
		{[]string{"-name", "x", "-binary", "b", "-pkg", "p"}, "not both"},
		{[]string{"-name", "x"}, "needs -binary or -pkg"},
		{[]string{"-name", "x", "-add", "/usr/bin/env"}, "-entrypoint"},
	} {
		_, err := parseFlags(append([]string{"images"}, tc.args...), io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want one mentioning %q", tc.args, err, tc.want)
		}
	}
	o, err := parseFlags([]string{"images", "-name", "coredns", "-binary", "bin/coredns", "-port", "53/udp,53/tcp", "--", "-conf", "/etc/coredns/Corefile"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.Args, []string{"-conf", "/etc/coredns/Corefile"}) || !slices.Equal(o.Ports, []string{"53/udp", "53/tcp"}) {
		t.Errorf("args %q ports %q", o.Args, o.Ports)
	}
}

func TestSourceURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"":                                     defaultSource,
		"git@github.com:paryatan/paryatan.git": "https://github.com/paryatan/paryatan",
		"https://github.com/paryatan/paryatan.git":  "https://github.com/paryatan/paryatan",
		"https://user:token@example.com/team/app":   "https://example.com/team/app",
		"ssh://git@example.com:2222/team/app.git":   "https://example.com/team/app",
		"/srv/git/paryatan.git":                     defaultSource,
		"http://git.example.com/paryatan/paryatan/": "https://git.example.com/paryatan/paryatan/",
	} {
		if got := sourceURL(in); got != want {
			t.Errorf("sourceURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// -env replaces PATH by name (the PostgreSQL image puts its bin directory
// first) and adds the rest in order; ports are normalised.
func TestEnvAndPorts(t *testing.T) {
	t.Parallel()
	env, err := mergeEnv([]string{"PATH=/opt/bin:/bin", "PGDATA=/data", "A=1=2"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"PATH=/opt/bin:/bin", "ZONEINFO=" + zoneinfoPath, "PGDATA=/data", "A=1=2"}; !slices.Equal(env, want) {
		t.Errorf("env %q, want %q", env, want)
	}
	if _, err := mergeEnv([]string{"NOVALUE"}); err == nil {
		t.Error("an entry without = was accepted")
	}
	ports, err := normalisePorts([]string{"8080", "53/udp", "8080/tcp"})
	if err != nil {
		t.Fatal(err)
	}
	if got := sortedKeys(ports); !slices.Equal(got, []string{"53/udp", "8080/tcp"}) {
		t.Errorf("ports %q", got)
	}
	for _, bad := range []string{"http", "0", "70000", "53/icmp"} {
		if _, err := normalisePorts([]string{bad}); err == nil {
			t.Errorf("port %q accepted", bad)
		}
	}
}

// The project's images set the simulators' listen address and expose the
// ports the commands listen on: check both against the commands' sources,
// so renaming a variable or moving a port breaks this test rather than a
// deployment.
func TestProjectImagesMatchCommands(t *testing.T) {
	t.Parallel()
	for _, s := range project {
		src, err := os.ReadFile(filepath.Join("..", "..", "cmd", s.Name, "main.go"))
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		for _, kv := range s.Env {
			k, v, _ := strings.Cut(kv, "=")
			// The commands read NAME through a prefix helper: look for the
			// unprefixed part in an env(...) call, and the whole name in the
			// flag's help.
			if !strings.Contains(string(src), "("+k+")") {
				t.Errorf("%s: the command does not document %s", s.Name, k)
			}
			port := strings.TrimPrefix(v, ":")
			if !slices.Contains(s.Ports, port+"/tcp") || !strings.Contains(string(src), "127.0.0.1:"+port) {
				t.Errorf("%s: %s=%s is not the command's default port, or not exposed %q", s.Name, k, v, s.Ports)
			}
		}
	}
	if _, err := selectProject([]string{"nope"}); err == nil {
		t.Error("-only accepted an unknown image")
	}
	got, err := selectProject([]string{"visa-sim", "tbo-sim"})
	if err != nil || len(got) != 2 || got[0].Name != "visa-sim" {
		t.Errorf("selectProject = %v, %v", got, err)
	}
}
