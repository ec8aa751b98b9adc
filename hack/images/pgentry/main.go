// Command pgentry is the entrypoint of the PostgreSQL image, which has no
// shell scripts to do the usual first-start work. When PGDATA holds no
// cluster yet it runs initdb with SCRAM-SHA-256 authentication and the
// superuser's password from POSTGRES_PASSWORD_FILE or POSTGRES_PASSWORD,
// creates the database POSTGRES_DB, makes the server listen on all
// addresses, and writes a pg_hba.conf that lets POSTGRES_HBA_CIDRS in with
// a password. Then it replaces itself with postgres (exec), so the SIGTERM a
// container runtime sends on stop reaches postgres itself, which shuts down
// cleanly. Arguments are passed on to postgres (-c name=value...).
//
// Environment:
//
//	PGDATA                  the cluster (default /var/lib/postgresql/data/pgdata; a
//	                        directory below the volume, so initdb can create it with
//	                        the modes PostgreSQL insists on)
//	POSTGRES_PASSWORD_FILE  file holding the superuser's password (first line)
//	POSTGRES_PASSWORD       the password, when there is no file
//	POSTGRES_USER           the superuser's name (default postgres)
//	POSTGRES_DB             the database to create (default the user's name)
//	POSTGRES_HBA_CIDRS      comma-separated networks that may connect with a password
//	                        (default 0.0.0.0/0,::/0; set the pod network's range to narrow it)
//	POSTGRES_INITDB_ARGS    more initdb arguments, separated by spaces
//	PG_BIN_DIR              where initdb and postgres are (default /usr/lib/postgresql/15/bin)
//	PG_SOCKET_DIR           the Unix socket's directory (default /tmp)
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

func main() {
	// Until postgres takes over, a stop request ends the first-start work:
	// initdb, on SIGTERM, removes what it created.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	argv, env, err := prepare(ctx, os.Args[1:], os.Getenv, os.Environ(), os.Geteuid(), os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgentry:", err)
		os.Exit(1)
	}
	if err := syscall.Exec(argv[0], argv, env); err != nil {
		fmt.Fprintf(os.Stderr, "pgentry: exec %s: %v\n", argv[0], err)
		os.Exit(1)
	}
}

// Defaults, for the Debian PostgreSQL 15 packages the image is made from.
const (
	defaultPGData    = "/var/lib/postgresql/data/pgdata"
	defaultBinDir    = "/usr/lib/postgresql/15/bin"
	defaultSocketDir = "/tmp"
	defaultHBACIDRs  = "0.0.0.0/0,::/0"
)

// settings are what the environment asks for.
type settings struct {
	pgdata, binDir, socketDir string
	tmpDir                    string // where the password file goes ($TMPDIR)
	user, db                  string
	cidrs                     []string
	initdbArgs                []string
}

func readSettings(getenv func(string) string) (settings, error) {
	get := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	s := settings{
		pgdata:     get("PGDATA", defaultPGData),
		binDir:     get("PG_BIN_DIR", defaultBinDir),
		socketDir:  get("PG_SOCKET_DIR", defaultSocketDir),
		tmpDir:     get("TMPDIR", ""),
		user:       get("POSTGRES_USER", "postgres"),
		initdbArgs: strings.Fields(getenv("POSTGRES_INITDB_ARGS")),
	}
	s.db = get("POSTGRES_DB", s.user)
	for _, c := range strings.Split(get("POSTGRES_HBA_CIDRS", defaultHBACIDRs), ",") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if _, _, err := net.ParseCIDR(c); err != nil {
			return s, fmt.Errorf("POSTGRES_HBA_CIDRS: %q is not a network like 10.244.0.0/16", c)
		}
		s.cidrs = append(s.cidrs, c)
	}
	for name, v := range map[string]string{"POSTGRES_USER": s.user, "POSTGRES_DB": s.db} {
		if err := checkIdentifier(v); err != nil {
			return s, fmt.Errorf("%s: %w", name, err)
		}
	}
	if strings.ContainsAny(s.socketDir, "'\\\n") {
		return s, errors.New("PG_SOCKET_DIR: quotes, backslashes and newlines are not allowed")
	}
	return s, nil
}

// checkIdentifier refuses names PostgreSQL would truncate or that could
// not be passed on one line of single-user mode.
func checkIdentifier(v string) error {
	switch {
	case len(v) > 63:
		return fmt.Errorf("%q is longer than 63 bytes", v)
	case strings.ContainsAny(v, "\x00\r\n"):
		return fmt.Errorf("%q contains a control character", v)
	}
	return nil
}

// quoteIdent quotes an SQL identifier.
func quoteIdent(v string) string {
	return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
}

// password reads the superuser's password; a file wins over the variable,
// as in the official images, so a Secret can be mounted rather than put in
// the environment.
func password(getenv func(string) string) (string, error) {
	if f := strings.TrimSpace(getenv("POSTGRES_PASSWORD_FILE")); f != "" {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("POSTGRES_PASSWORD_FILE: %w", err)
		}
		pw, _, _ := strings.Cut(string(b), "\n")
		pw = strings.TrimSuffix(pw, "\r")
		if pw == "" {
			return "", fmt.Errorf("POSTGRES_PASSWORD_FILE: %s is empty", f)
		}
		return pw, nil
	}
	pw := getenv("POSTGRES_PASSWORD")
	switch {
	case pw == "":
		return "", errors.New("the data directory is empty and there is no password to create it with: set POSTGRES_PASSWORD_FILE or POSTGRES_PASSWORD")
	case strings.ContainsAny(pw, "\r\n"):
		return "", errors.New("POSTGRES_PASSWORD: a password of one line, please (initdb reads only the first)")
	}
	return pw, nil
}

// hbaConf lets local and loopback connections and the given networks in,
// all with a SCRAM password; nothing is trusted.
func hbaConf(cidrs []string) string {
	var b strings.Builder
	b.WriteString("# Written by pgentry when it created the cluster: every connection needs a password.\n")
	b.WriteString("# TYPE  DATABASE  USER  ADDRESS  METHOD\n")
	b.WriteString("local   all       all            scram-sha-256\n")
	b.WriteString("host    all       all   127.0.0.1/32  scram-sha-256\n")
	b.WriteString("host    all       all   ::1/128       scram-sha-256\n")
	for _, c := range cidrs {
		fmt.Fprintf(&b, "host    all       all   %s  scram-sha-256\n", c)
	}
	return b.String()
}

// serverConf is appended to postgresql.conf: listen on every address (the
// pod's), and keep the socket where a read-only root still lets it be.
func serverConf(socketDir string) string {
	return "\n# Added by pgentry.\nlisten_addresses = '*'\nunix_socket_directories = '" + socketDir + "'\n"
}

// prepare creates the cluster if PGDATA has none and returns the postgres
// command line and environment to exec.
func prepare(ctx context.Context, args []string, getenv func(string) string, environ []string, euid int, stderr io.Writer) ([]string, []string, error) {
	if euid == 0 {
		return nil, nil, errors.New("postgres will not run as root: run the image as its user (65532) or another non-root one")
	}
	s, err := readSettings(getenv)
	if err != nil {
		return nil, nil, err
	}
	_, err = os.Stat(filepath.Join(s.pgdata, "PG_VERSION"))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := initCluster(ctx, s, getenv, stderr); err != nil {
			return nil, nil, err
		}
	case err != nil:
		return nil, nil, fmt.Errorf("PGDATA: %w", err)
	}
	argv := append([]string{filepath.Join(s.binDir, "postgres"), "-D", s.pgdata}, args...)
	// The password has done its work; postgres and anything it starts
	// (archive commands) need not see it.
	env := make([]string, 0, len(environ))
	for _, kv := range environ {
		if !strings.HasPrefix(kv, "POSTGRES_PASSWORD=") {
			env = append(env, kv)
		}
	}
	return argv, env, nil
}

// initCluster runs initdb, creates the database and writes the access and
// listening settings.
func initCluster(ctx context.Context, s settings, getenv func(string) string, stderr io.Writer) error {
	pw, err := password(getenv)
	if err != nil {
		return err
	}
	// initdb creates PGDATA itself with mode 0700; only its parent must
	// exist (the volume).
	if err := os.MkdirAll(filepath.Dir(s.pgdata), 0o750); err != nil {
		return fmt.Errorf("PGDATA's parent: %w", err)
	}
	// The password reaches initdb through a file only this user can read,
	// never through its arguments, which ps shows.
	tmp, err := os.MkdirTemp(s.tmpDir, "pgentry-")
	if err != nil {
		return fmt.Errorf("temporary directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	pwfile := filepath.Join(tmp, "pwfile")
	if err := os.WriteFile(pwfile, []byte(pw+"\n"), 0o600); err != nil {
		return fmt.Errorf("password file: %w", err)
	}
	fmt.Fprintf(stderr, "pgentry: creating the cluster in %s (superuser %s)\n", s.pgdata, s.user)
	initdb := append([]string{"-D", s.pgdata, "--username=" + s.user, "--pwfile=" + pwfile,
		"--auth=scram-sha-256", "--encoding=UTF8", "--no-locale"}, s.initdbArgs...)
	if err := runCmd(ctx, filepath.Join(s.binDir, "initdb"), initdb, nil, stderr); err != nil {
		return err
	}
	if err := os.Remove(pwfile); err != nil {
		return fmt.Errorf("password file: %w", err)
	}
	if s.db != "postgres" {
		// Single-user mode runs the statement without a server, so nothing
		// listens before the access rules below are in place. It exits 0
		// after a failed statement unless exit_on_error turns the error
		// into a fatal one.
		sql := fmt.Sprintf("CREATE DATABASE %s OWNER %s\n", quoteIdent(s.db), quoteIdent(s.user))
		single := []string{"--single", "-c", "exit_on_error=on", "-D", s.pgdata, "postgres"}
		if err := runCmd(ctx, filepath.Join(s.binDir, "postgres"), single, strings.NewReader(sql), stderr); err != nil {
			return fmt.Errorf("create database %s: %w", s.db, err)
		}
	}
	if err := os.WriteFile(filepath.Join(s.pgdata, "pg_hba.conf"), []byte(hbaConf(s.cidrs)), 0o600); err != nil {
		return fmt.Errorf("pg_hba.conf: %w", err)
	}
	conf, err := os.OpenFile(filepath.Join(s.pgdata, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("postgresql.conf: %w", err)
	}
	if _, err := conf.WriteString(serverConf(s.socketDir)); err != nil {
		conf.Close()
		return fmt.Errorf("postgresql.conf: %w", err)
	}
	if err := conf.Close(); err != nil {
		return fmt.Errorf("postgresql.conf: %w", err)
	}
	return nil
}

// runCmd runs a PostgreSQL program with its output on stderr (the
// container's log). A cancelled ctx sends it SIGTERM, which initdb answers
// by removing the half-made cluster, rather than SIGKILL, which would leave
// it behind.
func runCmd(ctx context.Context, name string, args []string, stdin io.Reader, stderr io.Writer) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdin = stdin
	cmd.Stdout, cmd.Stderr = stderr, stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 30 * time.Second
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%s: stopped: %w", filepath.Base(name), ctx.Err())
		}
		return fmt.Errorf("%s: %w", filepath.Base(name), err)
	}
	return nil
}
