package pgembed

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
)

// testDir returns a directory the unprivileged PostgreSQL user can reach
// (t.TempDir's parents are private to root).
func testDir(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp("", "pgembed-test-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

func requireBinaries(t *testing.T) {
	t.Helper()
	wd, _ := os.Getwd()
	if len(FindBinDirs(Options{SearchFrom: []string{wd}})) == 0 {
		t.Fatal("no PostgreSQL server binaries: run `npm install` at the project root")
	}
}

// The cluster is created on first start, keeps its data across a restart and
// is stopped by Stop.
func TestStartReuseStop(t *testing.T) {
	requireBinaries(t)
	ctx := context.Background()
	dir := filepath.Join(testDir(t), "postgres")

	c, err := Start(ctx, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, c.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')"); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)

	// A second start while it runs reuses the running server and does not own it.
	again, err := Start(ctx, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if again.Port != c.Port || again.owned {
		t.Fatalf("second start: port %d owned %v, want port %d not owned", again.Port, again.owned, c.Port)
	}
	if err := again.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.runningPort(); !ok {
		t.Fatal("stopping a reused cluster stopped the owner's server")
	}

	if err := c.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.runningPort(); ok {
		t.Fatal("cluster still running after Stop")
	}
	if _, err := pgx.Connect(ctx, c.URL); err == nil {
		t.Fatal("server still accepts connections after Stop")
	}

	// Restart on the port it had: same data, same address.
	c2, err := Start(ctx, Options{Dir: dir, Port: c.Port})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c2.Stop(ctx); err != nil {
			t.Error(err)
		}
	})
	if c2.Port != c.Port || c2.URL != c.URL {
		t.Fatalf("restart on port %d listens on %d (%s)", c.Port, c2.Port, c2.URL)
	}
	conn, err = pgx.Connect(ctx, c2.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var v string
	if err := conn.QueryRow(ctx, "SELECT v FROM kept").Scan(&v); err != nil || v != "still here" {
		t.Fatalf("data after restart: %q, %v", v, err)
	}
	// The password is private to the owner of the directory.
	fi, err := os.Stat(filepath.Join(dir, "password"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("password file mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}
}

// The server listens on loopback only and refuses connections without the
// generated password.
func TestRequiresPassword(t *testing.T) {
	requireBinaries(t)
	ctx := context.Background()
	c, err := Start(ctx, Options{Dir: filepath.Join(testDir(t), "pg")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Stop(ctx); err != nil {
			t.Error(err)
		}
	})
	cfg, err := pgx.ParseConfig(c.URL)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Password = "wrong"
	if conn, err := pgx.ConnectConfig(ctx, cfg); err == nil {
		conn.Close(ctx)
		t.Fatal("connected with a wrong password")
	}
}

func TestPrepareNpmPackageRestoresLibraryLinks(t *testing.T) {
	pkg := t.TempDir()
	native := filepath.Join(pkg, "native")
	for _, d := range []string{"bin", "lib"} {
		if err := os.MkdirAll(filepath.Join(native, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(native, "lib", "libx.so.1.2"), []byte("lib"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := `[{"source":"native/lib/libx.so.1.2","target":"native/lib/libx.so.1"},
	           {"source":"native/lib/libx.so.1.2","target":"../../escape"}]`
	if err := os.WriteFile(filepath.Join(native, "pg-symlinks.json"), []byte(links), 0o644); err != nil {
		t.Fatal(err)
	}
	prepareNpmPackage(filepath.Join(native, "bin"))
	target, err := os.Readlink(filepath.Join(native, "lib", "libx.so.1"))
	if err != nil || target != "libx.so.1.2" {
		t.Fatalf("link = %q, %v; want libx.so.1.2", target, err)
	}
	if _, err := os.Lstat(filepath.Join(pkg, "..", "escape")); err == nil {
		t.Fatal("a link outside the package was created")
	}
}
