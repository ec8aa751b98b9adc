package auth

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
)

// notifyChannel is where the database announces changes to sessions and
// users (migration 0014_auth_notify.sql): "s:<session id>", "u:<user id>",
// or "*" for everything.
const notifyChannel = "paryatan_auth"

// The listener vouches for the cache only while it sees notifications
// arrive. Every heartbeat it sends one to itself, on a channel of its own,
// and waits for it; each that comes back lets the cache answer for
// trustWindow from when it was sent. PostgreSQL delivers notifications in
// commit order and they are handled as the connection reads them, so every
// change committed before the heartbeat's own has been applied by then. A
// connection that dies without a word (a network partition, a frozen
// server), or a path that does not carry notifications at all (a
// transaction-pooling proxy), thus costs at most trustWindow of stale
// answers: after that this replica reads sessions from the database until
// heartbeats come back. trustWindow stays under the one second within which
// a revocation must hold on every replica.
const (
	heartbeat      = 250 * time.Millisecond
	trustWindow    = 750 * time.Millisecond
	beatTimeout    = 2 * time.Second
	connectTimeout = 10 * time.Second
	reconnectFirst = 100 * time.Millisecond
	reconnectMax   = 5 * time.Second
)

// Listen keeps this replica's session cache true to the database until ctx
// ends, on a connection of its own (not one of the pool's): it evicts a
// principal when the database announces that its session or user changed,
// and it lets the cache answer only while notifications are seen to arrive
// (the heartbeat above). While it is not connected (before the first connection, after one
// is lost) every session is read from the database; on each new connection
// the cache starts empty, since notifications sent meanwhile were lost.
// Without Listen the cache is never used.
func (s *Service) Listen(ctx context.Context) {
	cfg := s.pool.Config().ConnConfig.Config.Copy()
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	name := cfg.RuntimeParams["application_name"]
	if name == "" {
		name = "paryatan-api"
	}
	cfg.RuntimeParams["application_name"] = name + " session-cache"
	s.listen(ctx, cfg)
}

// listen runs Listen's loop with the connection settings cfg.
func (s *Service) listen(ctx context.Context, cfg *pgconn.Config) {
	if !s.cache.enabled() {
		return
	}
	delay := reconnectFirst
	for ctx.Err() == nil {
		wasUp := false
		err := s.watch(ctx, cfg, func() {
			wasUp = true
			delay = reconnectFirst
			s.log.InfoContext(ctx, "session cache listening for changes", "channel", notifyChannel)
		})
		s.cache.disconnected()
		if ctx.Err() != nil {
			return
		}
		if wasUp {
			s.log.WarnContext(ctx, "session cache lost its listener: sessions are read from the database until it is back", "err", err)
		} else {
			s.log.WarnContext(ctx, "session cache listener cannot connect: sessions are read from the database", "err", err, "retry_in", delay)
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		delay = min(2*delay, reconnectMax)
	}
}

// watch connects, listens and handles notifications until the connection
// fails or ctx ends; up is called once the cache may answer.
func (s *Service) watch(ctx context.Context, base *pgconn.Config, up func()) error {
	// The heartbeat's channel is this connection's alone: the other
	// replicas never hear it.
	nonce := make([]byte, 8)
	_, _ = rand.Read(nonce)
	beatChannel := notifyChannel + "_beat_" + hex.EncodeToString(nonce)
	var heard uint64
	cfg := base.Copy()
	// Notifications are handled as the connection reads them, in the
	// goroutine that reads: during a heartbeat's round trip too, before the
	// heartbeat is seen to come back.
	cfg.OnNotification = func(_ *pgconn.PgConn, n *pgconn.Notification) {
		if n.Channel == beatChannel {
			heard, _ = strconv.ParseUint(n.Payload, 10, 64)
			return
		}
		s.notified(n.Payload)
	}
	cctx, cancel := context.WithTimeout(ctx, connectTimeout)
	conn, err := pgconn.ConnectConfig(cctx, cfg)
	cancel()
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()

	lctx, cancel := context.WithTimeout(ctx, beatTimeout)
	err = conn.Exec(lctx, "LISTEN "+notifyChannel+"; LISTEN "+beatChannel).Close()
	cancel()
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	// Whatever was stored before now may have missed a notification.
	s.cache.connected()

	var sent uint64
	beat := func() error {
		sent++
		asked := time.Now()
		bctx, cancel := context.WithTimeout(ctx, beatTimeout)
		defer cancel()
		_, err := conn.ExecParams(bctx, "SELECT pg_notify($1, $2)",
			[][]byte{[]byte(beatChannel), []byte(strconv.FormatUint(sent, 10))}, nil, nil, nil).Close()
		if err != nil {
			return fmt.Errorf("heartbeat: %w", err)
		}
		for heard != sent {
			if err := conn.WaitForNotification(bctx); err != nil {
				return fmt.Errorf("heartbeat sent but not heard (are notifications carried? a transaction-pooling proxy drops them): %w", err)
			}
		}
		s.cache.trustUntil(asked.Add(trustWindow))
		return nil
	}
	if err := beat(); err != nil {
		return err
	}
	up()

	next := time.Now().Add(heartbeat)
	for {
		if time.Now().Before(next) {
			wctx, cancel := context.WithDeadline(ctx, next)
			err := conn.WaitForNotification(wctx)
			cancel()
			switch {
			case ctx.Err() != nil:
				return ctx.Err()
			case err != nil && !pgconn.Timeout(err):
				return fmt.Errorf("wait for notifications: %w", err)
			}
			continue
		}
		next = time.Now().Add(heartbeat)
		if err := beat(); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
	}
}

// notified evicts what a notification names; one it cannot read empties
// the cache, which is always safe.
func (s *Service) notified(payload string) {
	kind, rest, _ := strings.Cut(payload, ":")
	id, err := uuid.Parse(rest)
	switch {
	case kind == "s" && err == nil:
		s.cache.evictSession(id)
	case kind == "u" && err == nil:
		s.cache.evictUser(id)
	default:
		s.cache.flush()
	}
}
