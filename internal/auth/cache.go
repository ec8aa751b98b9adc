package auth

import (
	"crypto/sha256"
	"sync"
	"time"

	"github.com/google/uuid"
)

// principalCache keeps the principals this replica resolved, by the hash of
// their cookie token, so that the check every page makes does not cost a
// query. It answers only while the database's change notifications are known
// to reach it (see listen.go): the listener evicts an entry when its session
// or user changes, and an entry also ends after its TTL, with its session's
// expiry, and when it is pushed out by newer ones beyond the bound.
//
// A principal read from the database is only stored if no eviction happened
// since the read began (seq): otherwise a read that saw a session just before
// its revocation committed could be stored after the revocation's
// notification was handled, and be served until its TTL.
type principalCache struct {
	ttl time.Duration
	max int

	mu        sync.Mutex
	entries   map[[sha256.Size]byte]*cacheEntry
	bySession map[uuid.UUID][sha256.Size]byte
	// seq counts evictions and flushes.
	seq uint64
	// trustedUntil is when the listener's last confirmation of its
	// connection stops vouching for the entries; the zero time while no
	// listener is connected.
	trustedUntil time.Time
	stats        cacheStats
}

type cacheEntry struct {
	p Principal
	// staleAt ends the entry whatever the notifications say.
	staleAt time.Time
	// touching is set while one request records the session's use, so that
	// the requests arriving meanwhile do not write it too.
	touching bool
}

// cacheStats are the cache's counters since it was made.
type cacheStats struct {
	Hits, Misses, Stored, Evicted, Pushed, Flushes uint64
}

func newPrincipalCache(ttl time.Duration, size int) *principalCache {
	return &principalCache{ttl: ttl, max: size,
		entries: map[[sha256.Size]byte]*cacheEntry{}, bySession: map[uuid.UUID][sha256.Size]byte{}}
}

// enabled reports whether the cache may hold anything at all.
func (c *principalCache) enabled() bool { return c != nil && c.ttl > 0 && c.max > 0 }

// trusted reports, with c.mu held, whether the entries may be used now.
func (c *principalCache) trusted() bool {
	return !c.trustedUntil.IsZero() && time.Now().Before(c.trustedUntil)
}

// begin returns the eviction count to hand to put after reading from the
// database.
func (c *principalCache) begin() uint64 {
	if !c.enabled() {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seq
}

// get returns a copy of the live principal stored for hash, if the cache
// may answer. touch is true when the session's use is due to be recorded
// and this caller is the one to record it (then it must call touched).
func (c *principalCache) get(hash [sha256.Size]byte, now time.Time, touchEvery time.Duration) (p *Principal, touch bool) {
	if !c.enabled() {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.trusted() {
		return nil, false
	}
	e := c.entries[hash]
	if e == nil {
		c.stats.Misses++
		return nil, false
	}
	if !now.Before(e.staleAt) || !now.Before(e.p.Session.ExpiresAt) || !now.Before(e.p.Session.AbsoluteExpiresAt) {
		c.remove(hash, e)
		c.stats.Misses++
		return nil, false
	}
	c.stats.Hits++
	cp := e.p
	if !e.touching && now.Sub(e.p.Session.LastSeenAt) >= touchEvery {
		e.touching = true
		touch = true
	}
	return &cp, touch
}

// touched ends a touch that get asked for; ok tells that the session's use
// was recorded at lastSeen, with its expiry moved to expires.
func (c *principalCache) touched(hash [sha256.Size]byte, ok bool, lastSeen, expires time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[hash]
	if e == nil {
		return
	}
	e.touching = false
	if ok {
		e.p.Session.LastSeenAt, e.p.Session.ExpiresAt = lastSeen, expires
	}
}

// put stores p, read from the database after begin returned seq, unless an
// eviction happened since or the listener does not vouch for the cache.
func (c *principalCache) put(hash [sha256.Size]byte, p *Principal, seq uint64, now time.Time) {
	if !c.enabled() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if seq != c.seq || !c.trusted() {
		return
	}
	if old := c.entries[hash]; old != nil {
		c.remove(hash, old)
	}
	for len(c.entries) >= c.max {
		// Full: push out an arbitrary entry (map order is random), at most
		// one a put, so a flood of sign-ins costs no sweep.
		for h, e := range c.entries {
			c.remove(h, e)
			c.stats.Pushed++
			break
		}
	}
	c.entries[hash] = &cacheEntry{p: *p, staleAt: now.Add(c.ttl)}
	c.bySession[p.Session.ID] = hash
	c.stats.Stored++
}

// remove deletes one entry, with c.mu held.
func (c *principalCache) remove(hash [sha256.Size]byte, e *cacheEntry) {
	delete(c.entries, hash)
	if c.bySession[e.p.Session.ID] == hash {
		delete(c.bySession, e.p.Session.ID)
	}
}

// evictSession forgets the session with this id.
func (c *principalCache) evictSession(id uuid.UUID) {
	if !c.enabled() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	if hash, ok := c.bySession[id]; ok {
		c.remove(hash, c.entries[hash])
		c.stats.Evicted++
	}
}

// evictUser forgets every session of the user with this id. Users change
// rarely; a scan of the bounded map is cheaper than keeping an index.
func (c *principalCache) evictUser(id uuid.UUID) {
	if !c.enabled() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	for hash, e := range c.entries {
		if e.p.User.ID == id {
			c.remove(hash, e)
			c.stats.Evicted++
		}
	}
}

// flush forgets everything.
func (c *principalCache) flush() {
	if !c.enabled() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushLocked()
}

func (c *principalCache) flushLocked() {
	c.seq++
	clear(c.entries)
	clear(c.bySession)
	c.stats.Flushes++
}

// trustUntil lets the entries be used until t: the listener has confirmed
// that its connection delivers every notification sent before it asked.
// Extending the trust keeps the entries; a listener that just connected
// flushes first (connected).
func (c *principalCache) trustUntil(t time.Time) {
	if !c.enabled() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.After(c.trustedUntil) {
		c.trustedUntil = t
	}
}

// connected starts a listener's watch: what was stored before it listened
// may have missed notifications, so everything goes.
func (c *principalCache) connected() {
	c.flush()
}

// disconnected ends the watch: nothing is served or stored until a listener
// connects again, and the entries go now rather than wait.
func (c *principalCache) disconnected() {
	if !c.enabled() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trustedUntil = time.Time{}
	c.flushLocked()
}

// CacheStats describe the session cache since the service started.
type CacheStats struct {
	// Listening tells whether the listener vouches for the cache at this
	// moment (Service.Listen); when it does not, every session is read from
	// the database.
	Listening bool
	// Entries is how many sessions are held now.
	Entries int
	// Hits and Misses count look-ups while the cache could answer.
	Hits, Misses uint64
	// Stored counts sessions put in; Evicted those dropped because the
	// database announced a change; Pushed those dropped to make room;
	// Flushes the times everything was dropped.
	Stored, Evicted, Pushed, Flushes uint64
}

// CacheStats returns the session cache's state and counters.
func (s *Service) CacheStats() CacheStats {
	c := s.cache
	if !c.enabled() {
		return CacheStats{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.stats
	return CacheStats{Listening: c.trusted(), Entries: len(c.entries), Hits: st.Hits, Misses: st.Misses,
		Stored: st.Stored, Evicted: st.Evicted, Pushed: st.Pushed, Flushes: st.Flushes}
}
