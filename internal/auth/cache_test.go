package auth

import (
	"crypto/sha256"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/paryatan/paryatan/internal/store/queries"
)

func testKey(i int) [sha256.Size]byte { return sha256.Sum256(fmt.Appendf(nil, "token-%d", i)) }

func testPrincipal(user uuid.UUID, now time.Time) *Principal {
	return &Principal{
		User: queries.User{ID: user, FullName: "Asha Rao"},
		Session: queries.Session{ID: uuid.New(), UserID: user, LastSeenAt: now,
			ExpiresAt: now.Add(time.Hour), AbsoluteExpiresAt: now.Add(2 * time.Hour)},
	}
}

// trustedCache is a cache whose listener vouches for it for the test's
// duration.
func trustedCache(ttl time.Duration, size int) *principalCache {
	c := newPrincipalCache(ttl, size)
	c.trustUntil(time.Now().Add(time.Hour))
	return c
}

func TestCacheHoldsAtMostItsBound(t *testing.T) {
	t.Parallel()
	now := time.Now()
	c := trustedCache(time.Minute, 3)
	for i := range 100 {
		c.put(testKey(i), testPrincipal(uuid.New(), now), c.begin(), now)
		if n := len(c.entries); n > 3 || len(c.bySession) != n {
			t.Fatalf("after %d puts: %d entries, %d indexed, want at most 3 and equal", i+1, n, len(c.bySession))
		}
	}
	if p, _ := c.get(testKey(99), now, time.Minute); p == nil {
		t.Fatal("the newest entry was pushed out")
	}
	if st := c.stats; st.Stored != 100 || st.Pushed != 97 {
		t.Fatalf("stored %d, pushed %d; want 100 and 97", st.Stored, st.Pushed)
	}
}

func TestCacheEntryEnds(t *testing.T) {
	t.Parallel()
	now := time.Now()
	for _, tc := range []struct {
		name  string
		edit  func(*Principal)
		after time.Duration
	}{
		{"its TTL", func(*Principal) {}, 10 * time.Second},
		{"its session's sliding expiry", func(p *Principal) { p.Session.ExpiresAt = now.Add(time.Second) }, time.Second},
		{"its session's absolute expiry", func(p *Principal) { p.Session.AbsoluteExpiresAt = now.Add(time.Second) }, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := trustedCache(10*time.Second, 10)
			p := testPrincipal(uuid.New(), now)
			tc.edit(p)
			c.put(testKey(1), p, c.begin(), now)
			if got, _ := c.get(testKey(1), now.Add(tc.after-time.Millisecond), time.Hour); got == nil {
				t.Fatal("entry gone before its end")
			}
			if got, _ := c.get(testKey(1), now.Add(tc.after), time.Hour); got != nil {
				t.Fatal("entry served at its end")
			}
			if len(c.entries) != 0 || len(c.bySession) != 0 {
				t.Fatal("an ended entry is still held")
			}
		})
	}
}

// A read that began before an eviction may have seen the row the eviction
// was about: it is not stored.
func TestCacheDropsReadsOverlappingAnEviction(t *testing.T) {
	t.Parallel()
	now := time.Now()
	for name, evict := range map[string]func(c *principalCache, p *Principal){
		"session": func(c *principalCache, p *Principal) { c.evictSession(p.Session.ID) },
		"user":    func(c *principalCache, p *Principal) { c.evictUser(p.User.ID) },
		"flush":   func(c *principalCache, _ *Principal) { c.flush() },
		"other":   func(c *principalCache, _ *Principal) { c.evictSession(uuid.New()) },
	} {
		t.Run(name, func(t *testing.T) {
			c := trustedCache(time.Minute, 10)
			p := testPrincipal(uuid.New(), now)
			seq := c.begin()
			evict(c, p)
			c.put(testKey(1), p, seq, now)
			if got, _ := c.get(testKey(1), now, time.Hour); got != nil {
				t.Fatal("a read overlapping an eviction was stored")
			}
			c.put(testKey(1), p, c.begin(), now)
			if got, _ := c.get(testKey(1), now, time.Hour); got == nil {
				t.Fatal("a read after the eviction was not stored")
			}
		})
	}
}

func TestCacheEvictsBySessionAndUser(t *testing.T) {
	t.Parallel()
	now := time.Now()
	c := trustedCache(time.Minute, 10)
	asha, ravi := uuid.New(), uuid.New()
	a1, a2, r1 := testPrincipal(asha, now), testPrincipal(asha, now), testPrincipal(ravi, now)
	for i, p := range []*Principal{a1, a2, r1} {
		c.put(testKey(i), p, c.begin(), now)
	}
	c.evictSession(a1.Session.ID)
	if p, _ := c.get(testKey(0), now, time.Hour); p != nil {
		t.Fatal("evicted session still served")
	}
	if p, _ := c.get(testKey(1), now, time.Hour); p == nil {
		t.Fatal("another session of the user was evicted with it")
	}
	c.evictUser(asha)
	if p, _ := c.get(testKey(1), now, time.Hour); p != nil {
		t.Fatal("session of an evicted user still served")
	}
	if p, _ := c.get(testKey(2), now, time.Hour); p == nil || p.User.ID != ravi {
		t.Fatal("another user's session was evicted")
	}
}

func TestCacheAnswersOnlyWhileVouchedFor(t *testing.T) {
	t.Parallel()
	now := time.Now()
	c := newPrincipalCache(time.Minute, 10)
	c.put(testKey(1), testPrincipal(uuid.New(), now), c.begin(), now)
	if len(c.entries) != 0 {
		t.Fatal("stored before any listener vouched for the cache")
	}
	c.trustUntil(time.Now().Add(50 * time.Millisecond))
	c.put(testKey(1), testPrincipal(uuid.New(), now), c.begin(), now)
	if p, _ := c.get(testKey(1), now, time.Hour); p == nil {
		t.Fatal("not served while vouched for")
	}
	time.Sleep(60 * time.Millisecond)
	if p, _ := c.get(testKey(1), now, time.Hour); p != nil {
		t.Fatal("served after the listener's last word lapsed")
	}
	c.trustUntil(time.Now().Add(time.Hour))
	c.disconnected()
	if p, _ := c.get(testKey(1), now, time.Hour); p != nil || len(c.entries) != 0 {
		t.Fatal("entries outlived the listener's connection")
	}
}

func TestCacheTouchIsAskedOfOneCaller(t *testing.T) {
	t.Parallel()
	now := time.Now()
	c := trustedCache(time.Hour, 10)
	c.put(testKey(1), testPrincipal(uuid.New(), now), c.begin(), now)
	later := now.Add(2 * time.Minute)
	if _, touch := c.get(testKey(1), later, time.Minute); !touch {
		t.Fatal("a due touch was not asked for")
	}
	if _, touch := c.get(testKey(1), later, time.Minute); touch {
		t.Fatal("a touch in progress was asked of a second caller")
	}
	c.touched(testKey(1), false, time.Time{}, time.Time{})
	if _, touch := c.get(testKey(1), later, time.Minute); !touch {
		t.Fatal("a failed touch was not asked for again")
	}
	c.touched(testKey(1), true, later, later.Add(time.Hour))
	p, touch := c.get(testKey(1), later.Add(30*time.Second), time.Minute)
	if touch || !p.Session.LastSeenAt.Equal(later) || !p.Session.ExpiresAt.Equal(later.Add(time.Hour)) {
		t.Fatalf("after the touch: asked again %v, session %+v", touch, p.Session)
	}
}

func TestNotificationsEvictWhatTheyName(t *testing.T) {
	t.Parallel()
	now := time.Now()
	asha, ravi := uuid.New(), uuid.New()
	fill := func() (*Service, []*Principal) {
		s := &Service{cache: trustedCache(time.Minute, 10)}
		ps := []*Principal{testPrincipal(asha, now), testPrincipal(asha, now), testPrincipal(ravi, now)}
		for i, p := range ps {
			s.cache.put(testKey(i), p, s.cache.begin(), now)
		}
		return s, ps
	}
	kept := func(s *Service) (n int) {
		for i := range 3 {
			if p, _ := s.cache.get(testKey(i), now, time.Hour); p != nil {
				n++
			}
		}
		return n
	}
	s, ps := fill()
	s.notified("s:" + ps[0].Session.ID.String())
	if kept(s) != 2 {
		t.Fatal("a session's notification did not evict it alone")
	}
	s, _ = fill()
	s.notified("u:" + asha.String())
	if p, _ := s.cache.get(testKey(2), now, time.Hour); kept(s) != 1 || p == nil {
		t.Fatal("a user's notification did not evict their sessions alone")
	}
	for _, payload := range []string{"*", "s:not-a-uuid", "x:" + asha.String(), ""} {
		s, _ = fill()
		s.notified(payload)
		if kept(s) != 0 {
			t.Fatalf("notification %q left entries: anything unreadable must empty the cache", payload)
		}
	}
}
