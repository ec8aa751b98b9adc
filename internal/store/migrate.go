package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed migrations/*.sql
var embedded embed.FS

// Migrations returns the schema migrations compiled into the binary.
func Migrations() fs.FS {
	sub, err := fs.Sub(embedded, "migrations")
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}

// Migration is one numbered schema change, from a file named
// NNNN_description.sql.
type Migration struct {
	Version int64
	Name    string
	SQL     string
}

// LoadMigrations reads and orders the migrations in fsys, rejecting badly
// named files and duplicate versions.
func LoadMigrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	var ms []Migration
	seen := map[int64]string{}
	for _, name := range names {
		num, _, ok := strings.Cut(strings.TrimSuffix(name, ".sql"), "_")
		v, err := strconv.ParseInt(num, 10, 64)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %q: name must be NNNN_description.sql", name)
		}
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %q and %q share version %d", prev, name, v)
		}
		seen[v] = name
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: path.Base(name), SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms, nil
}

// lockKey is the advisory-lock key that serialises migrations across replicas
// starting at the same time.
var lockKey = func() int64 {
	h := fnv.New64a()
	h.Write([]byte("paryatan schema migrations"))
	return int64(h.Sum64())
}()

const createHistory = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    bigint PRIMARY KEY,
	name       text NOT NULL,
	applied_at timestamptz NOT NULL DEFAULT now()
)`

// Migrate applies every migration of fsys that the database has not seen,
// each in its own transaction, while holding a session advisory lock: a
// replica that starts while another migrates waits, then finds nothing left to
// do. It returns the versions it applied.
func Migrate(ctx context.Context, pool *pgxpool.Pool, fsys fs.FS) (applied []int64, err error) {
	ms, err := LoadMigrations(fsys)
	if err != nil {
		return nil, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	defer conn.Release()

	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", lockKey); err != nil {
		return nil, fmt.Errorf("migrate: take lock: %w", err)
	}
	defer func() {
		// Unlock on a fresh context: the caller's may be cancelled already.
		if _, uerr := conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", lockKey); uerr != nil {
			// A connection that cannot unlock must not go back to the pool
			// holding the lock.
			conn.Conn().Close(context.WithoutCancel(ctx))
			err = errors.Join(err, fmt.Errorf("migrate: release lock: %w", uerr))
		}
	}()

	if err := migrateJobs(ctx, pool); err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, createHistory); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	done := map[int64]bool{}
	rows, err := conn.Query(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	for _, v := range versions {
		done[v] = true
	}

	for _, m := range ms {
		if done[m.Version] {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", m.Version, m.Name)
			return err
		})
		if err != nil {
			return applied, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		applied = append(applied, m.Version)
	}
	return applied, nil
}

// migrateJobs brings the job queue's tables (internal/jobs: River's own
// schema, versioned by River in river_migration) up to the version of the
// River this binary is built with, before the product's migrations, which
// may refer to them. River applies each of its versions in a transaction
// of its own (some must commit before the next); the caller's lock keeps
// replicas from migrating at once.
func migrateJobs(ctx context.Context, pool *pgxpool.Pool) error {
	m, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return fmt.Errorf("migrate jobs: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrate jobs: %w", err)
	}
	return nil
}

// Pending returns how many migrations of fsys the database has not applied.
// Readiness uses it: a replica is not ready on a schema older than its code.
func Pending(ctx context.Context, db interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, fsys fs.FS) (int, error) {
	ms, err := LoadMigrations(fsys)
	if err != nil {
		return 0, err
	}
	if len(ms) == 0 {
		return 0, nil
	}
	want := make([]int64, len(ms))
	for i, m := range ms {
		want[i] = m.Version
	}
	var missing int
	err = db.QueryRow(ctx, `SELECT count(*) FROM unnest($1::bigint[]) AS w(v)
		WHERE NOT EXISTS (SELECT 1 FROM schema_migrations s WHERE s.version = w.v)`, want).Scan(&missing)
	if err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	return missing, nil
}
