// Command sqlcvet runs `sqlc vet` against a real schema: it creates a
// scratch database on the test PostgreSQL server (TEST_DATABASE_URL, else
// 127.0.0.1:5432), applies the migrations, lets sqlc prepare every query
// there and check the rules in internal/store/sqlc.yaml, and drops the
// database again.
//
//	go run ./hack/sqlcvet -sqlc bin/sqlc-v1.31.1
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

func main() {
	sqlc := flag.String("sqlc", "bin/sqlc", "the sqlc binary")
	flag.Parse()
	if err := run(*sqlc); err != nil {
		fmt.Fprintln(os.Stderr, "sqlcvet:", err)
		os.Exit(1)
	}
}

func run(sqlc string) (err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, storetest.AdminURL())
	if err != nil {
		return fmt.Errorf("connect to PostgreSQL (set TEST_DATABASE_URL): %w", err)
	}
	defer admin.Close(context.WithoutCancel(ctx))
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := pgx.Identifier{"paryatan_sqlcvet_" + hex.EncodeToString(b)}
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name.Sanitize()); err != nil {
		return err
	}
	defer func() {
		_, derr := admin.Exec(context.WithoutCancel(ctx), "DROP DATABASE IF EXISTS "+name.Sanitize()+" WITH (FORCE)")
		err = errors.Join(err, derr)
	}()
	u, err := url.Parse(storetest.AdminURL())
	if err != nil {
		return err
	}
	u.Path = "/" + name[0]
	pool, err := store.Open(ctx, u.String())
	if err != nil {
		return err
	}
	_, err = store.Migrate(ctx, pool, store.Migrations())
	pool.Close()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, sqlc, "vet", "-f", "internal/store/sqlc.yaml")
	cmd.Env = append(os.Environ(), "VET_DATABASE_URL="+u.String())
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}
