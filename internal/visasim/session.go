package visasim

import (
	"crypto/rand"
	"encoding/base64"
	"sync"
	"time"
)

// User is the signed-in user, as the redeem endpoint describes them.
type User struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	Name        string `json:"name"`
	AccountType string `json:"accountType"`
}

// session is one sign-in to the simulator.
type session struct {
	id      string
	user    User
	started time.Time
}

// sessionStore holds the sessions in memory, bounded in age and number.
type sessionStore struct {
	lifetime time.Duration
	max      int

	mu    sync.Mutex
	byID  map[string]*session
	byAge []*session // oldest first; may hold sessions already removed from byID
}

func newSessionStore(lifetime time.Duration, maxSessions int) *sessionStore {
	return &sessionStore{lifetime: lifetime, max: maxSessions, byID: map[string]*session{}}
}

// start begins a session for u at now and returns its id, forgetting the
// sessions that have expired and the oldest beyond the cap.
func (st *sessionStore) start(u User, now time.Time) string {
	sess := &session{id: randomID(), user: u, started: now}
	st.mu.Lock()
	defer st.mu.Unlock()
	n := 0
	for n < len(st.byAge) && (st.expired(st.byAge[n], now) || len(st.byAge)-n >= st.max) {
		if cur, ok := st.byID[st.byAge[n].id]; ok && cur == st.byAge[n] {
			delete(st.byID, cur.id)
		}
		st.byAge[n] = nil
		n++
	}
	st.byAge = append(st.byAge[n:], sess)
	st.byID[sess.id] = sess
	return sess.id
}

// get returns the user of the session id, if it exists and has not expired
// at now.
func (st *sessionStore) get(id string, now time.Time) (User, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	sess, ok := st.byID[id]
	if !ok {
		return User{}, false
	}
	if st.expired(sess, now) {
		delete(st.byID, id)
		return User{}, false
	}
	return sess.user, true
}

// end forgets the session id (a new sign-in in the same browser replaces
// it).
func (st *sessionStore) end(id string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	delete(st.byID, id)
}

func (st *sessionStore) expired(sess *session, now time.Time) bool {
	return !now.Before(sess.started.Add(st.lifetime))
}

// randomID returns 256 random bits, base64url: a session id nobody can
// guess.
func randomID() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // never fails on supported platforms
	return base64.RawURLEncoding.EncodeToString(b[:])
}
