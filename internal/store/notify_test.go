package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/store/storetest"
)

// The session cache's contract with the schema (0014_auth_notify.sql): what
// each change to sessions and users announces on 'paryatan_auth'.
func TestSessionAndUserChangesAreAnnounced(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	listener, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Release()
	if _, err := listener.Exec(ctx, "LISTEN paryatan_auth"); err != nil {
		t.Fatal(err)
	}
	// announced runs sql and returns what it announced: everything heard
	// before a marker sent after it commits (notifications arrive in commit
	// order).
	announced := func(sql string, args ...any) []string {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		if _, err := pool.Exec(ctx, "NOTIFY paryatan_auth, 'marker'"); err != nil {
			t.Fatal(err)
		}
		var got []string
		for {
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			n, err := listener.Conn().WaitForNotification(wctx)
			cancel()
			if err != nil {
				t.Fatalf("waiting for the marker: %v", err)
			}
			if n.Payload == "marker" {
				return got
			}
			got = append(got, n.Payload)
		}
	}
	user := func(email string) string {
		t.Helper()
		var id string
		if err := pool.QueryRow(ctx, "INSERT INTO users (email, email_key, full_name) VALUES ($1, $1, 'Asha') RETURNING id::text", email).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	session := func(userID string) string {
		t.Helper()
		var id string
		if err := pool.QueryRow(ctx, `INSERT INTO sessions (user_id, token_hash, expires_at, absolute_expires_at)
			VALUES ($1, sha256(gen_random_uuid()::text::bytea), now() + interval '30 days', now() + interval '90 days')
			RETURNING id::text`, userID).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}

	asha := user("asha@example.in")
	s1 := session(asha)
	for _, tc := range []struct {
		name, sql string
		args      []any
		want      []string
	}{
		{"sign-in", "INSERT INTO sessions (user_id, token_hash, expires_at, absolute_expires_at) VALUES ($1, sha256('x'), now() + interval '1 day', now() + interval '2 days')",
			[]any{asha}, nil},
		{"touch", "UPDATE sessions SET last_seen_at = now(), expires_at = LEAST(now() + interval '30 days', absolute_expires_at) WHERE id = $1",
			[]any{s1}, nil},
		{"expiry cut short", "UPDATE sessions SET expires_at = now() + interval '1 minute' WHERE id = $1", []any{s1}, []string{"s:" + s1}},
		{"revocation", "UPDATE sessions SET revoked_at = now() WHERE id = $1", []any{s1}, []string{"s:" + s1}},
		{"clean-up of an ended session", "DELETE FROM sessions WHERE id = $1", []any{s1}, nil},
		{"password change", "UPDATE users SET password_hash = 'x' WHERE id = $1", []any{asha}, []string{"u:" + asha}},
	} {
		if got := announced(tc.sql, tc.args...); !slices.Equal(got, tc.want) {
			t.Errorf("%s announced %q, want %q", tc.name, got, tc.want)
		}
	}

	// A change that rolls back announces nothing.
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "UPDATE users SET full_name = 'Nobody' WHERE id = $1", asha); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if got := announced("SELECT 1"); len(got) != 0 {
		t.Errorf("a rolled-back change announced %q", got)
	}

	// A live session deleted, and a user deleted with their live sessions.
	ravi := user("ravi@example.in")
	r1, r2 := session(ravi), session(ravi)
	if got := announced("DELETE FROM sessions WHERE id = $1", r1); !slices.Equal(got, []string{"s:" + r1}) {
		t.Errorf("deleting a live session announced %q", got)
	}
	got := announced("DELETE FROM users WHERE id = $1", ravi)
	if slices.Sort(got); !slices.Equal(got, []string{"s:" + r2, "u:" + ravi}) {
		t.Errorf("deleting a user announced %q", got)
	}
	if got := announced("TRUNCATE sessions"); !slices.Equal(got, []string{"*"}) {
		t.Errorf("truncating sessions announced %q", got)
	}
}
