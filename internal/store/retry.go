package store

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// IsConnectionError reports whether err means the database connection
// broke or the server is unavailable (a terminated backend, a restart, a
// failover, a refused connection), rather than that the statement was
// wrong: such a statement may succeed on another connection.
func IsConnectionError(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, pgx.ErrNoRows) || errors.Is(err, pgx.ErrTooManyRows) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// 08: connection exception; 57P01-57P03: admin or crash shutdown,
		// cannot connect now.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	switch {
	case errors.As(err, &connectErr), errors.As(err, &netErr), pgconn.SafeToRetry(err),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EPIPE):
		return true
	}
	// pgx reports a connection it found dead as "conn closed".
	return strings.Contains(err.Error(), "conn closed")
}

// Reads wraps a pool for generated queries: a read-only statement (a
// SELECT without FOR UPDATE/SHARE) that fails because its connection broke
// is run once more on a new connection, so one restart of PostgreSQL, a
// failover or a terminated backend costs no user-visible error on reads.
// Such an error usually means every pooled connection is gone (the pool
// checks only those idle over a second), so the pool is reset first
// (pgxpool.Pool.Reset: idle connections closed now, busy ones when
// returned). Writes are never repeated here: whether they took effect is
// not known.
type Reads struct{ Pool *pgxpool.Pool }

// Exec runs a statement once.
func (d Reads) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return d.Pool.Exec(ctx, sql, args...)
}

// Query runs a statement, once more on a broken connection if it only reads.
// Errors that surface while the rows are read are not retried.
func (d Reads) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := d.Pool.Query(ctx, sql, args...)
	if err != nil && readOnly(sql) && IsConnectionError(err) && ctx.Err() == nil {
		d.Pool.Reset()
		return d.Pool.Query(ctx, sql, args...)
	}
	return rows, err
}

// QueryRow runs a statement when the row is scanned, once more on a broken
// connection if it only reads.
func (d Reads) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return retryRow{d: d, ctx: ctx, sql: sql, args: args}
}

type retryRow struct {
	d    Reads
	ctx  context.Context
	sql  string
	args []any
}

func (r retryRow) Scan(dest ...any) error {
	err := r.d.Pool.QueryRow(r.ctx, r.sql, r.args...).Scan(dest...)
	if err != nil && readOnly(r.sql) && IsConnectionError(err) && r.ctx.Err() == nil {
		r.d.Pool.Reset()
		err = r.d.Pool.QueryRow(r.ctx, r.sql, r.args...).Scan(dest...)
	}
	return err
}

// readOnly reports whether a generated statement only reads: it starts with
// SELECT (after sqlc's "-- name:" comment lines) and locks nothing.
func readOnly(sql string) bool {
	s := strings.TrimSpace(sql)
	for strings.HasPrefix(s, "--") {
		_, rest, _ := strings.Cut(s, "\n")
		s = strings.TrimSpace(rest)
	}
	if len(s) < 6 || !strings.EqualFold(s[:6], "SELECT") {
		return false
	}
	upper := strings.ToUpper(s)
	return !strings.Contains(upper, "FOR UPDATE") && !strings.Contains(upper, "FOR SHARE") &&
		!strings.Contains(upper, "FOR NO KEY UPDATE") && !strings.Contains(upper, "NEXTVAL(") &&
		!strings.Contains(upper, "PG_ADVISORY")
}
