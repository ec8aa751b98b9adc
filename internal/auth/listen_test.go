package auth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/store/storetest"
)

// cacheBundle is a service on a fresh database, with a clock the test
// moves.
type cacheBundle struct {
	svc  *Service
	pool *pgxpool.Pool
	now  atomic.Pointer[time.Time]
}

func setupCache(t *testing.T, edit func(*Config)) *cacheBundle {
	t.Helper()
	pool := storetest.NewPool(t)
	cfg := DefaultConfig()
	if edit != nil {
		edit(&cfg)
	}
	b := &cacheBundle{pool: pool, svc: NewService(pool, cfg, Mail{}, nil, slog.New(slog.DiscardHandler))}
	start := time.Now()
	b.now.Store(&start)
	b.svc.now = func() time.Time { return *b.now.Load() }
	return b
}

func (b *cacheBundle) advance(d time.Duration) {
	next := b.now.Load().Add(d)
	b.now.Store(&next)
}

// listen runs the service's listener with cfg (the pool's settings when
// nil) until the test ends, and waits until it vouches for the cache.
func (b *cacheBundle) listen(t *testing.T, cfg *pgconn.Config) {
	t.Helper()
	if cfg == nil {
		cfg = b.pool.Config().ConnConfig.Config.Copy()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); b.svc.listen(ctx, cfg) }()
	t.Cleanup(func() { cancel(); <-done })
	b.waitListening(t, 5*time.Second)
}

func (b *cacheBundle) waitListening(t *testing.T, within time.Duration) {
	t.Helper()
	eventually(t, within, "the listener vouches for the cache", func() bool { return b.svc.CacheStats().Listening })
}

// session signs a new user in and returns the cookie token.
func (b *cacheBundle) session(t *testing.T, email string) (string, queries.Session) {
	t.Helper()
	ctx := context.Background()
	u, err := b.svc.q.UserCreate(ctx, queries.UserCreateParams{Email: email, FullName: "Asha Rao", AccountType: "personal"})
	if err != nil {
		t.Fatal(err)
	}
	token, hash := newToken()
	now := time.Now()
	s, err := b.svc.q.SessionCreate(ctx, queries.SessionCreateParams{UserID: u.ID, TokenHash: hash,
		ExpiresAt: now.Add(b.svc.cfg.IdleTTL), AbsoluteExpiresAt: now.Add(b.svc.cfg.AbsoluteTTL)})
	if err != nil {
		t.Fatal(err)
	}
	return token, s
}

// silently runs sql with the triggers off, as no code path of the API
// does: the change reaches no cache, which shows whether one answered.
func (b *cacheBundle) silently(t *testing.T, sql string, args ...any) {
	t.Helper()
	ctx := context.Background()
	tx, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, "SET LOCAL session_replication_role = replica"); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, sql, args...); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

func (b *cacheBundle) resolves(t *testing.T, token string) bool {
	t.Helper()
	_, err := b.svc.Resolve(context.Background(), token)
	if err != nil && !errors.Is(err, ErrNotFound) {
		t.Fatal(err)
	}
	return err == nil
}

// eventually polls cond until it holds, failing the test after within.
func eventually(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %s: %s", within, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestServiceWithoutListenerReadsEverySession(t *testing.T) {
	t.Parallel()
	b := setupCache(t, nil)
	token, _ := b.session(t, "asha@example.in")
	for range 3 {
		if !b.resolves(t, token) {
			t.Fatal("live session refused")
		}
	}
	if st := b.svc.CacheStats(); st.Listening || st.Entries != 0 || st.Stored != 0 || st.Hits != 0 {
		t.Fatalf("cache used without a listener: %+v", st)
	}
}

func TestUnknownTokensAreNotCached(t *testing.T) {
	t.Parallel()
	b := setupCache(t, nil)
	b.listen(t, nil)
	for i := range 50 {
		if b.resolves(t, fmt.Sprintf("no-such-token-%d", i)) {
			t.Fatal("unknown token resolved")
		}
	}
	if st := b.svc.CacheStats(); st.Entries != 0 || st.Stored != 0 {
		t.Fatalf("unknown tokens were cached: %+v", st)
	}
}

func TestCacheBoundHolds(t *testing.T) {
	t.Parallel()
	b := setupCache(t, func(c *Config) { c.CacheSize = 5 })
	b.listen(t, nil)
	var tokens []string
	for i := range 20 {
		token, _ := b.session(t, fmt.Sprintf("user%d@example.in", i))
		tokens = append(tokens, token)
		if !b.resolves(t, token) {
			t.Fatal("live session refused")
		}
		if n := b.svc.CacheStats().Entries; n > 5 {
			t.Fatalf("%d entries, bound 5", n)
		}
	}
	st := b.svc.CacheStats()
	if st.Entries != 5 || st.Stored != 20 || st.Pushed != 15 {
		t.Fatalf("after 20 sessions: %+v", st)
	}
	// A session pushed out is read again and is still signed in.
	for _, token := range tokens {
		if !b.resolves(t, token) {
			t.Fatal("a session pushed out of the cache was refused")
		}
	}
}

// The sliding-expiry touch goes on with cache hits: once per TouchEvery, by
// one request, and the cached copy follows it.
func TestTouchWithCacheHits(t *testing.T) {
	t.Parallel()
	b := setupCache(t, func(c *Config) { c.CacheTTL = time.Hour })
	ctx := context.Background()
	// The test's own record of every write of last_seen_at.
	if _, err := b.pool.Exec(ctx, `CREATE TABLE touch_log (session_id uuid NOT NULL);
		CREATE FUNCTION log_touch() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN INSERT INTO touch_log VALUES (NEW.id); RETURN NULL; END $$;
		CREATE TRIGGER sessions_log_touch AFTER UPDATE ON sessions FOR EACH ROW
			WHEN (NEW.last_seen_at IS DISTINCT FROM OLD.last_seen_at) EXECUTE FUNCTION log_touch();`); err != nil {
		t.Fatal(err)
	}
	touches := func() int {
		var n int
		if err := b.pool.QueryRow(ctx, "SELECT count(*) FROM touch_log").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	b.listen(t, nil)
	token, sess := b.session(t, "asha@example.in")
	for range 3 {
		b.resolves(t, token)
	}
	if n := touches(); n != 0 {
		t.Fatalf("%d touches of a session just opened", n)
	}
	if st := b.svc.CacheStats(); st.Hits != 2 || st.Stored != 1 {
		t.Fatalf("not answered from the cache: %+v", st)
	}

	b.advance(2 * time.Minute)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if _, err := b.svc.Resolve(ctx, token); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := touches(); n != 1 {
		t.Fatalf("%d touches by 20 requests once one was due, want 1", n)
	}
	p, err := b.svc.Resolve(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	if want := *b.now.Load(); !p.Session.LastSeenAt.Equal(want) || !p.Session.ExpiresAt.Equal(want.Add(b.svc.cfg.IdleTTL)) {
		t.Fatalf("cached session after the touch: last seen %v, expires %v; want %v and 30 days on", p.Session.LastSeenAt, p.Session.ExpiresAt, want)
	}
	var expires time.Time
	if err := b.pool.QueryRow(ctx, "SELECT expires_at FROM sessions WHERE id = $1", sess.ID).Scan(&expires); err != nil {
		t.Fatal(err)
	}
	if d := expires.Sub(p.Session.ExpiresAt); d < -time.Millisecond || d > time.Millisecond {
		t.Fatalf("stored expiry %v, cached %v", expires, p.Session.ExpiresAt)
	}

	b.advance(30 * time.Second)
	b.resolves(t, token)
	if n := touches(); n != 1 {
		t.Fatalf("%d touches within TouchEvery of the last", n)
	}
	b.advance(31 * time.Second)
	b.resolves(t, token)
	if n := touches(); n != 2 {
		t.Fatalf("%d touches a minute after the last, want 2", n)
	}
	// A touch announces nothing: the entry stayed and answered throughout.
	if st := b.svc.CacheStats(); st.Stored != 1 || st.Evicted != 0 {
		t.Fatalf("the touches evicted the entry: %+v", st)
	}
}

// A cached session is not answered past its own expiry, whatever the TTL.
func TestCachedSessionExpiryHonoured(t *testing.T) {
	t.Parallel()
	b := setupCache(t, func(c *Config) { c.CacheTTL = time.Hour; c.TouchEvery = 24 * time.Hour })
	b.listen(t, nil)
	ctx := context.Background()
	token, sess := b.session(t, "asha@example.in")
	if _, err := b.pool.Exec(ctx, "UPDATE sessions SET expires_at = now() + interval '5 minutes' WHERE id = $1", sess.ID); err != nil {
		t.Fatal(err)
	}
	eventually(t, time.Second, "the shortened session is cached", func() bool {
		hits := b.svc.CacheStats().Hits
		p, err := b.svc.Resolve(ctx, token)
		return err == nil && p.Session.ExpiresAt.Before(time.Now().Add(6*time.Minute)) && b.svc.CacheStats().Hits > hits
	})
	b.silently(t, "UPDATE sessions SET revoked_at = now() WHERE id = $1", sess.ID)
	if !b.resolves(t, token) {
		t.Fatal("not answered from the cache")
	}
	b.advance(6 * time.Minute)
	if b.resolves(t, token) {
		t.Fatal("a cached session was answered past its expiry")
	}
}

// While the listener is not connected, or its connection stops answering,
// the cache is not used: what it could have missed is read from the
// database.
func TestListenerLossBypassesCache(t *testing.T) {
	t.Parallel()
	b := setupCache(t, nil)
	proxy := startProxy(t, b.pool)
	cfg := b.pool.Config().ConnConfig.Config.Copy()
	cfg.Host, cfg.Port, cfg.Fallbacks = "127.0.0.1", proxy.port(), nil
	b.listen(t, cfg)

	token, sess := b.session(t, "asha@example.in")
	first, second := b.resolves(t, token), b.resolves(t, token) // the first fills the cache, the second hits it
	if !first || !second || b.svc.CacheStats().Hits != 1 {
		t.Fatalf("not cached: %+v", b.svc.CacheStats())
	}
	b.silently(t, "UPDATE sessions SET revoked_at = now() WHERE id = $1", sess.ID)
	if !b.resolves(t, token) {
		t.Fatal("not answered from the cache")
	}

	// The connection is cut and cannot be made again.
	proxy.set(proxyRefuse)
	eventually(t, time.Second, "a session revoked unannounced is refused once the listener's connection is cut", func() bool {
		return !b.resolves(t, token)
	})
	other, _ := b.session(t, "ravi@example.in")
	before := b.svc.CacheStats()
	for range 3 {
		if !b.resolves(t, other) {
			t.Fatal("live session refused")
		}
	}
	if st := b.svc.CacheStats(); st.Listening || st.Entries != 0 || st.Stored != before.Stored || st.Hits != before.Hits {
		t.Fatalf("cache used while the listener is down: %+v", st)
	}

	// Back: the cache starts empty and is used again.
	proxy.set(proxyOpen)
	b.waitListening(t, 10*time.Second)
	first, second = b.resolves(t, other), b.resolves(t, other)
	if !first || !second || b.svc.CacheStats().Hits != before.Hits+1 {
		t.Fatalf("cache not used after the listener came back: %+v", b.svc.CacheStats())
	}

	// The connection goes silent (a partition): nothing is refused, nothing
	// answers. The cache stops answering within the heartbeat's window.
	b.silently(t, "UPDATE sessions SET revoked_at = now() WHERE token_hash = $1", hashToken(other))
	if !b.resolves(t, other) {
		t.Fatal("not answered from the cache")
	}
	proxy.set(proxyBlackhole)
	eventually(t, time.Second, "a session revoked unannounced is refused once the listener's connection goes silent", func() bool {
		return !b.resolves(t, other)
	})
	proxy.set(proxyOpen)
	b.waitListening(t, 15*time.Second)
}

type proxyMode int32

const (
	proxyOpen      proxyMode = iota
	proxyRefuse              // connections are closed and refused
	proxyBlackhole           // connections stay open and carry nothing
)

// pgProxy stands between the listener and PostgreSQL on loopback, to cut
// or silence the listener's connection alone.
type pgProxy struct {
	ln     net.Listener
	target string
	mode   atomic.Int32
	mu     sync.Mutex
	conns  []net.Conn
}

func startProxy(t *testing.T, pool *pgxpool.Pool) *pgProxy {
	t.Helper()
	cc := pool.Config().ConnConfig
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &pgProxy{ln: ln, target: net.JoinHostPort(cc.Host, strconv.Itoa(int(cc.Port)))}
	t.Cleanup(func() { _ = ln.Close(); p.closeAll() })
	go p.serve()
	return p
}

func (p *pgProxy) port() uint16 { return uint16(p.ln.Addr().(*net.TCPAddr).Port) }

func (p *pgProxy) set(m proxyMode) {
	p.mode.Store(int32(m))
	if m != proxyBlackhole {
		p.closeAll()
	}
}

func (p *pgProxy) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		_ = c.Close()
	}
	p.conns = nil
}

func (p *pgProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if proxyMode(p.mode.Load()) == proxyRefuse {
			_ = c.Close()
			continue
		}
		d, err := net.Dial("tcp", p.target)
		if err != nil {
			_ = c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, d)
		p.mu.Unlock()
		go p.pipe(c, d)
		go p.pipe(d, c)
	}
}

// pipe copies from src to dst, dropping what passes while silenced.
func (p *pgProxy) pipe(dst io.Writer, src io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 && proxyMode(p.mode.Load()) != proxyBlackhole {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}
