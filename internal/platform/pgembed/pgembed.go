// Package pgembed runs a private PostgreSQL cluster for local runs, so that
// `make run` needs no database set-up.
//
// The cluster lives in one directory (normally DATA_DIR/postgres), is created
// on first use, reused across restarts and stopped on exit. It listens only on
// 127.0.0.1 on a free port (or the one Options.Port names), with no Unix
// socket, and a generated password kept in the directory (mode 0600). It never
// connects to a server it did not start from that directory.
//
// PostgreSQL refuses to run as root. When the process is root, the cluster's
// files are owned by, and its processes run as, an unprivileged user
// (PG_RUN_AS, else "postgres" when that user exists, else "nobody").
package pgembed

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

const (
	dbName = "paryatan"
	dbUser = "paryatan"
)

// Options configures Start.
type Options struct {
	// Dir is the cluster's home; created when missing.
	Dir string
	// BinDir forces the directory holding initdb, pg_ctl and postgres.
	// Empty means: search (see FindBinDirs).
	BinDir string
	// RunAs names the unprivileged user used when the process is root.
	RunAs string
	// SearchFrom lists directories from which node_modules is looked for
	// (each and its parents). Empty means the working directory.
	SearchFrom []string
	// Port, when set, is the port to listen on, so that a cluster stopped
	// and started again is found where its clients left it. Zero picks a
	// free port at each start.
	Port int
	// MaxConnections, when set, is the server's max_connections (100 by
	// default): a harness that runs many servers of ours against one
	// cluster needs more.
	MaxConnections int
	Logger         *slog.Logger
}

// Cluster is a running embedded PostgreSQL.
type Cluster struct {
	// URL connects to the cluster's application database.
	URL string
	// Port is the TCP port on 127.0.0.1.
	Port int

	dataDir string
	binDir  string
	owned   bool // false when another process of ours had already started it
	// maxConns is Options.MaxConnections.
	maxConns int
	cred     *syscall.Credential
	log      *slog.Logger
}

// Start creates the cluster when needed, starts it when it is not already
// running, and makes sure the application database exists.
func Start(ctx context.Context, opts Options) (*Cluster, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("embedded postgres dir: %w", err)
	}
	// Others may enter (not list or write): the server may run as another,
	// unprivileged user, and its own data directory below is 0700.
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // see above
		return nil, fmt.Errorf("embedded postgres dir: %w", err)
	}
	cred, err := runAsCredential(opts.RunAs)
	if err != nil {
		return nil, err
	}
	if cred != nil {
		if err := checkTraversable(dir, cred); err != nil {
			return nil, err
		}
	}

	dataDir := filepath.Join(dir, "data")
	wantMajor := ""
	if b, err := os.ReadFile(filepath.Join(dataDir, "PG_VERSION")); err == nil {
		wantMajor = strings.TrimSpace(string(b))
	}
	binDir, major, err := pickBinDir(opts, wantMajor)
	if err != nil {
		return nil, err
	}
	c := &Cluster{dataDir: dataDir, binDir: binDir, cred: cred, log: log, maxConns: opts.MaxConnections}

	password, err := c.password(filepath.Join(dir, "password"))
	if err != nil {
		return nil, err
	}
	if wantMajor == "" {
		log.Info("creating embedded PostgreSQL cluster", "dir", dataDir, "version", major, "bin", binDir)
		if err := c.initdb(ctx, dir, password); err != nil {
			return nil, err
		}
	}

	if port, ok := c.runningPort(); ok {
		log.Info("embedded PostgreSQL already running; reusing it", "port", port)
		c.Port = port
	} else {
		if err := c.start(ctx, filepath.Join(dir, "postgres.log"), opts.Port); err != nil {
			return nil, err
		}
		c.owned = true
	}
	c.URL = fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/%s?sslmode=disable", dbUser, password, c.Port, dbName)
	if err := c.ensureDatabase(ctx, password); err != nil {
		_ = c.Stop(context.WithoutCancel(ctx))
		return nil, err
	}
	return c, nil
}

// Stop shuts the cluster down (fast mode: sessions are ended, nothing is lost)
// when this process started it.
func (c *Cluster) Stop(ctx context.Context) error {
	if !c.owned {
		return nil
	}
	c.owned = false
	if err := c.pgctl(ctx, "stop", "-D", c.dataDir, "-m", "fast", "-w", "-t", "60"); err != nil {
		return fmt.Errorf("stop embedded postgres: %w", err)
	}
	c.log.Info("embedded PostgreSQL stopped")
	return nil
}

func (c *Cluster) password(path string) (string, error) {
	if b, err := os.ReadFile(path); err == nil {
		if p := strings.TrimSpace(string(b)); p != "" {
			return p, nil
		}
	}
	buf := make([]byte, 24)
	if _, err := rand.Read(buf); err != nil {
		return "", err
	}
	p := hex.EncodeToString(buf)
	if err := os.WriteFile(path, []byte(p+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("embedded postgres password: %w", err)
	}
	return p, nil
}

// initdb creates the cluster in a scratch directory and renames it into place,
// so an interrupted first run never leaves a half-made data directory behind.
func (c *Cluster) initdb(ctx context.Context, dir, password string) error {
	tmp := filepath.Join(dir, "data.init")
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := os.Mkdir(tmp, 0o700); err != nil {
		return err
	}
	pwfile := filepath.Join(dir, "pwfile.init")
	if err := os.WriteFile(pwfile, []byte(password+"\n"), 0o600); err != nil {
		return err
	}
	defer os.Remove(pwfile)
	if err := c.chown(tmp, pwfile); err != nil {
		return err
	}
	cmd := c.command(ctx, "initdb", "-D", tmp, "-U", dbUser, "--pwfile="+pwfile,
		"-A", "scram-sha-256", "-E", "UTF8", "--no-locale", "--no-instructions")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %w: %s", err, lastLines(out, 8))
	}
	return os.Rename(tmp, c.dataDir)
}

func (c *Cluster) start(ctx context.Context, logPath string, fixedPort int) error {
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o640) //nolint:gosec // the server's own log, read by its group
	if err != nil {
		return err
	}
	f.Close()
	if err := c.chown(logPath); err != nil {
		return err
	}
	// A free port can be taken between the probe and the bind; try a few.
	// A fixed port is tried once: another one would not do.
	attempts := 3
	if fixedPort != 0 {
		attempts = 1
	}
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		port := fixedPort
		if port == 0 {
			var err error
			if port, err = freePort(ctx); err != nil {
				return err
			}
		}
		opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -c unix_socket_directories=''", port)
		if c.maxConns > 0 {
			opts += fmt.Sprintf(" -c max_connections=%d", c.maxConns)
		}
		lastErr = c.pgctl(ctx, "start", "-D", c.dataDir, "-l", logPath, "-o", opts, "-w", "-t", "60")
		if lastErr == nil {
			c.Port = port
			c.log.Info("embedded PostgreSQL started", "port", port, "log", logPath)
			return nil
		}
	}
	return fmt.Errorf("start embedded postgres (see %s): %w", logPath, lastErr)
}

// runningPort reports the port of a postmaster already serving this data
// directory, read from its postmaster.pid (line 4 holds the port).
func (c *Cluster) runningPort() (int, bool) {
	f, err := os.Open(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		return 0, false
	}
	defer f.Close()
	var lines []string
	for s := bufio.NewScanner(f); s.Scan(); {
		lines = append(lines, strings.TrimSpace(s.Text()))
	}
	if len(lines) < 4 {
		return 0, false
	}
	pid, err1 := strconv.Atoi(lines[0])
	port, err2 := strconv.Atoi(lines[3])
	if err1 != nil || err2 != nil || pid <= 0 {
		return 0, false
	}
	// Signal 0 checks that the process exists; a stale file left by a crash is
	// cleaned up by postgres itself on the next start.
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return 0, false
	}
	return port, true
}

func (c *Cluster) ensureDatabase(ctx context.Context, password string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	url := fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/postgres?sslmode=disable", dbUser, password, c.Port)
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return fmt.Errorf("connect to embedded postgres: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", dbName).Scan(&exists); err != nil {
		return fmt.Errorf("embedded postgres: %w", err)
	}
	if !exists {
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{dbName}.Sanitize()); err != nil {
			return fmt.Errorf("embedded postgres: create database: %w", err)
		}
	}
	return nil
}

func (c *Cluster) pgctl(ctx context.Context, args ...string) error {
	out, err := c.command(ctx, "pg_ctl", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_ctl %s: %w: %s", args[0], err, lastLines(out, 8))
	}
	return nil
}

func (c *Cluster) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, name), args...) //nolint:gosec // PostgreSQL's own programs from the located bin directory
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C", "TZ=UTC"}
	cmd.Dir = os.TempDir()
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
		// The server's own HOME must not be root's.
		cmd.Env = append(cmd.Env, "HOME="+os.TempDir())
		cmd.Dir = "/"
	}
	// pg_ctl start leaves the postmaster running; the postmaster must not get
	// our terminal's Ctrl-C directly, we stop it ourselves.
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	return cmd
}

func (c *Cluster) chown(paths ...string) error {
	if c.cred == nil {
		return nil
	}
	for _, p := range paths {
		if err := os.Chown(p, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
			return fmt.Errorf("embedded postgres: %w", err)
		}
	}
	return nil
}

// runAsCredential returns the credential to run PostgreSQL under, or nil when
// the process is not root.
func runAsCredential(name string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	var u *user.User
	var err error
	if name != "" {
		u, err = user.Lookup(name)
	} else if u, err = user.Lookup("postgres"); err != nil {
		u, err = user.Lookup("nobody")
	}
	if err != nil {
		return nil, fmt.Errorf("embedded postgres must run as a non-root user and none was found (set PG_RUN_AS): %w", err)
	}
	uid, _ := strconv.ParseUint(u.Uid, 10, 32)
	gid, _ := strconv.ParseUint(u.Gid, 10, 32)
	if uid == 0 {
		return nil, fmt.Errorf("embedded postgres: PG_RUN_AS=%q is root; PostgreSQL refuses to run as root", name)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// checkTraversable fails early, with advice, when the unprivileged user cannot
// reach dir (for example a project checked out under /root).
func checkTraversable(dir string, cred *syscall.Credential) error {
	for p := dir; ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		mode := fi.Mode().Perm()
		reachable := mode&0o001 != 0 ||
			(ok && st.Uid == cred.Uid && mode&0o100 != 0) ||
			(ok && st.Gid == cred.Gid && mode&0o010 != 0)
		if !reachable {
			return fmt.Errorf("embedded postgres runs as uid %d, which cannot enter %s: put DATA_DIR where that user can reach it, or set DATABASE_URL", cred.Uid, p)
		}
		if p == filepath.Dir(p) {
			return nil
		}
	}
}

func freePort(ctx context.Context) (int, error) {
	l, err := new(net.ListenConfig).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(bytes.ToValidUTF8(out, nil))), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
