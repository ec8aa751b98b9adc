package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeBin writes stand-ins for initdb and postgres that record how they
// were called, so the first-start flow runs for real without a server or a
// non-root user (initdb refuses root).
func fakeBin(t *testing.T, failPostgres bool) (bin, logDir string) {
	t.Helper()
	bin, logDir = t.TempDir(), t.TempDir()
	initdb := `#!/bin/sh
set -e
printf '%s\n' "$@" > "` + logDir + `/initdb.args"
while [ $# -gt 0 ]; do
	case "$1" in
	-D) data="$2"; shift ;;
	--pwfile=*) cp "${1#--pwfile=}" "` + logDir + `/password"; echo "${1#--pwfile=}" > "` + logDir + `/pwfile.path" ;;
	esac
	shift
done
mkdir -p "$data"
echo 15 > "$data/PG_VERSION"
echo "# generated" > "$data/postgresql.conf"
echo "local all all trust" > "$data/pg_hba.conf"
`
	exit := "0"
	if failPostgres {
		exit = "1"
	}
	postgres := `#!/bin/sh
printf '%s\n' "$@" > "` + logDir + `/postgres.args"
cat > "` + logDir + `/postgres.stdin"
exit ` + exit + `
`
	for name, body := range map[string]string{"initdb": initdb, "postgres": postgres} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return bin, logDir
}

// The tests here run one at a time: each writes executables and runs them,
// and a parallel test forking while one of those files is still open for
// writing makes running it fail with "text file busy" (ETXTBSY).

func envFunc(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestFirstStartCreatesClusterWithPasswordAccess(t *testing.T) {
	bin, logs := fakeBin(t, false)
	pgdata := filepath.Join(t.TempDir(), "data", "pgdata")
	env := map[string]string{
		"PGDATA": pgdata, "PG_BIN_DIR": bin, "TMPDIR": t.TempDir(),
		"POSTGRES_PASSWORD": "s3cret", "POSTGRES_USER": "paryatan", "POSTGRES_DB": `app"db`,
		"POSTGRES_HBA_CIDRS": "10.244.0.0/16, fd00::/64",
	}
	environ := []string{"PATH=/usr/bin", "POSTGRES_PASSWORD=s3cret", "PGDATA=" + pgdata}
	argv, outEnv, err := prepare(context.Background(), []string{"-c", "shared_buffers=64MB"}, envFunc(env), environ, 65532, io.Discard)
	if err != nil {
		t.Fatal(err)
	}

	initArgs := strings.Split(strings.TrimSpace(read(t, filepath.Join(logs, "initdb.args"))), "\n")
	for _, want := range []string{"--auth=scram-sha-256", "--username=paryatan", "--encoding=UTF8", pgdata} {
		if !slices.Contains(initArgs, want) {
			t.Errorf("initdb arguments %q lack %q", initArgs, want)
		}
	}
	if pw := read(t, filepath.Join(logs, "password")); pw != "s3cret\n" {
		t.Errorf("initdb read password %q, want the one set", pw)
	}
	if strings.Contains(strings.Join(initArgs, " "), "s3cret") {
		t.Error("the password is on initdb's command line, where ps shows it")
	}
	if _, err := os.Stat(strings.TrimSpace(read(t, filepath.Join(logs, "pwfile.path")))); !os.IsNotExist(err) {
		t.Errorf("the password file is still there after initdb (stat: %v)", err)
	}
	if got, want := strings.TrimSpace(read(t, filepath.Join(logs, "postgres.stdin"))), `CREATE DATABASE "app""db" OWNER "paryatan"`; got != want {
		t.Errorf("single-user statement %q, want %q", got, want)
	}
	single := read(t, filepath.Join(logs, "postgres.args"))
	if !strings.Contains(single, "--single") || !strings.Contains(single, "exit_on_error=on") {
		t.Errorf("the database is not created in single-user mode with exit_on_error: %q", single)
	}

	hba := read(t, filepath.Join(pgdata, "pg_hba.conf"))
	for _, want := range []string{"host    all       all   10.244.0.0/16  scram-sha-256", "host    all       all   fd00::/64  scram-sha-256", "local   all       all            scram-sha-256"} {
		if !strings.Contains(hba, want) {
			t.Errorf("pg_hba.conf lacks %q:\n%s", want, hba)
		}
	}
	if strings.Contains(hba, "trust") {
		t.Errorf("pg_hba.conf trusts someone:\n%s", hba)
	}
	if conf := read(t, filepath.Join(pgdata, "postgresql.conf")); !strings.Contains(conf, "listen_addresses = '*'") || !strings.HasPrefix(conf, "# generated") {
		t.Errorf("postgresql.conf does not keep initdb's settings and listen everywhere:\n%s", conf)
	}

	if want := []string{filepath.Join(bin, "postgres"), "-D", pgdata, "-c", "shared_buffers=64MB"}; !slices.Equal(argv, want) {
		t.Errorf("exec %q, want %q", argv, want)
	}
	if slices.ContainsFunc(outEnv, func(kv string) bool { return strings.HasPrefix(kv, "POSTGRES_PASSWORD=") }) {
		t.Error("postgres would see POSTGRES_PASSWORD")
	}
	if !slices.Contains(outEnv, "PGDATA="+pgdata) {
		t.Errorf("environment lost PGDATA: %q", outEnv)
	}
}

// A restart finds the cluster and starts it as it is: no initdb, no
// password needed, no settings rewritten.
func TestExistingClusterStartsAsIs(t *testing.T) {
	bin, logs := fakeBin(t, false)
	pgdata := t.TempDir()
	if err := os.WriteFile(filepath.Join(pgdata, "PG_VERSION"), []byte("15\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	argv, _, err := prepare(context.Background(), nil, envFunc(map[string]string{"PGDATA": pgdata, "PG_BIN_DIR": bin}), nil, 999, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(logs, "initdb.args")); !os.IsNotExist(err) {
		t.Error("initdb ran on an existing cluster")
	}
	if want := []string{filepath.Join(bin, "postgres"), "-D", pgdata}; !slices.Equal(argv, want) {
		t.Errorf("exec %q, want %q", argv, want)
	}
}

// A mounted Secret wins over the variable, and its trailing newline is not
// part of the password.
func TestPasswordFileWins(t *testing.T) {
	bin, logs := fakeBin(t, false)
	f := filepath.Join(t.TempDir(), "password")
	if err := os.WriteFile(f, []byte("from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"PGDATA": filepath.Join(t.TempDir(), "pgdata"), "PG_BIN_DIR": bin, "TMPDIR": t.TempDir(),
		"POSTGRES_PASSWORD_FILE": f, "POSTGRES_PASSWORD": "from-env"}
	if _, _, err := prepare(context.Background(), nil, envFunc(env), nil, 65532, io.Discard); err != nil {
		t.Fatal(err)
	}
	if pw := read(t, filepath.Join(logs, "password")); pw != "from-file\n" {
		t.Errorf("initdb read %q, want the file's password", pw)
	}
	// POSTGRES_DB defaults to the user, postgres, which initdb creates.
	if _, err := os.Stat(filepath.Join(logs, "postgres.stdin")); !os.IsNotExist(err) {
		t.Error("a database was created although the default one exists")
	}
}

func TestRefusals(t *testing.T) {
	bin, _ := fakeBin(t, true)
	base := func() map[string]string {
		return map[string]string{"PGDATA": filepath.Join(t.TempDir(), "pgdata"), "PG_BIN_DIR": bin, "TMPDIR": t.TempDir(),
			"POSTGRES_PASSWORD": "pw", "POSTGRES_DB": "app"}
	}
	for _, tc := range []struct {
		name string
		edit func(map[string]string)
		uid  int
		want string
	}{
		{name: "root", uid: 0, want: "not run as root"},
		{name: "no password", edit: func(m map[string]string) { delete(m, "POSTGRES_PASSWORD") }, uid: 65532, want: "POSTGRES_PASSWORD"},
		{name: "multi-line password", edit: func(m map[string]string) { m["POSTGRES_PASSWORD"] = "a\nb" }, uid: 65532, want: "one line"},
		{name: "bad network", edit: func(m map[string]string) { m["POSTGRES_HBA_CIDRS"] = "10.244.0.0" }, uid: 65532, want: "POSTGRES_HBA_CIDRS"},
		{name: "user with newline", edit: func(m map[string]string) { m["POSTGRES_USER"] = "a\nb" }, uid: 65532, want: "POSTGRES_USER"},
		{name: "failed CREATE DATABASE", uid: 65532, want: "create database app"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := base()
			if tc.edit != nil {
				tc.edit(env)
			}
			_, _, err := prepare(context.Background(), nil, envFunc(env), nil, tc.uid, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}
