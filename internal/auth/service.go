package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/useragent"
	"github.com/paryatan/paryatan/internal/validate"
)

// Config holds the account and session settings.
type Config struct {
	// IdleTTL ends a session that has not been used for this long.
	IdleTTL time.Duration
	// AbsoluteTTL ends every session this long after sign-in, used or not.
	AbsoluteTTL time.Duration
	// TouchEvery limits how often a session's last-seen time is written.
	TouchEvery time.Duration
	// PublicURL is the site's external origin: links in e-mails, the
	// sign-in provider's redirect, and Secure/__Host- cookies when https.
	// Required.
	PublicURL string
	// Limits guard sign-in and registration.
	Limits Limits
	// HashMemory is the memory budget of password hashing: how many
	// Argon2id computations (19 MiB each) may run at once.
	HashMemory int64
	// HashWait is how long a request may wait for room in that budget
	// before it is refused with 503.
	HashWait time.Duration
	// CacheTTL is how long a resolved session may be answered from memory
	// at most (docs/sessions.md). Revocations and user changes reach every
	// replica's cache at once through the database's notifications
	// (Service.Listen); the TTL only bounds what a change made behind the
	// triggers' back could leave stale. 0 turns the cache off.
	CacheTTL time.Duration
	// CacheSize bounds how many sessions the cache holds; beyond it older
	// entries make room. 0 turns the cache off.
	CacheSize int
}

// DefaultConfig returns the production settings.
func DefaultConfig() Config {
	return Config{
		IdleTTL:     30 * 24 * time.Hour,
		AbsoluteTTL: 90 * 24 * time.Hour,
		TouchEvery:  time.Minute,
		Limits:      DefaultLimits(),
		HashMemory:  DefaultHashMemory,
		HashWait:    2 * time.Second,
		CacheTTL:    10 * time.Second,
		CacheSize:   10000,
	}
}

// Service implements accounts and sessions on PostgreSQL.
type Service struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	cfg       Config
	log       *slog.Logger
	mail      Mail
	providers map[string]*Provider
	now       func() time.Time
	hashSlots chan struct{}
	// cache holds resolved sessions while Listen vouches for it.
	cache *principalCache
}

// Mail is how the service writes e-mail.
type Mail struct {
	// Queue is the outbox, written in the transaction of what a message
	// announces.
	Queue *outbox.Queue
	// Templates render the messages, with links to the site (PUBLIC_URL).
	Templates *mailtmpl.Renderer
}

// NewService returns the auth service. Its e-mails are rendered and
// written to the outbox in the transaction of what they announce.
// providers may be empty: sign-in with a provider then answers that it is
// unavailable.
func NewService(pool *pgxpool.Pool, cfg Config, mail Mail, providers map[string]*Provider, log *slog.Logger) *Service {
	if cfg.HashMemory <= 0 {
		cfg.HashMemory = DefaultHashMemory
	}
	return &Service{pool: pool, q: queries.New(store.Reads{Pool: pool}), cfg: cfg, log: log, mail: mail, providers: providers,
		now: time.Now, hashSlots: newHashSlots(cfg.HashMemory), cache: newPrincipalCache(cfg.CacheTTL, cfg.CacheSize)}
}

// secure reports whether the site is https.
func (s *Service) secure() bool { return strings.HasPrefix(s.cfg.PublicURL, "https://") }

// Failures with a meaning for the caller.
var (
	ErrEmailTaken         = apierr.Conflict("email_taken", "An account with this e-mail already exists. Please sign in instead.")
	ErrBadCredentials     = apierr.New(http.StatusUnauthorized, "bad_credentials", "Incorrect e-mail or password.")
	ErrWrongPassword      = apierr.BadRequest("wrong_password", "Your current password is not correct.")
	ErrNoPassword         = apierr.BadRequest("no_password", "This account signs in with Google and has no password to change.")
	ErrNotFound           = apierr.NotFound("Not found.")
	ErrCurrentSession     = apierr.BadRequest("current_session", "This is the device you are using. Use Logout to sign out here.")
	ErrAlreadyVerified    = apierr.Conflict("already_verified", "Your e-mail address is already verified.")
	ErrVerificationFailed = apierr.BadRequest("verification_failed", "This verification link is invalid or has expired.")
	// ErrTooMany answers 429; the handler adds Retry-After.
	ErrTooMany = apierr.TooMany("Too many attempts. Please wait a few minutes and try again.")
)

// Registration is what the sign-up form sends.
type Registration struct {
	FullName    string
	Email       string
	Password    string
	Phone       string
	AccountType string
}

// normaliseEmail trims and checks an e-mail address (validate.Email).
func normaliseEmail(s string) (string, error) {
	s, msg := validate.Email(s)
	if msg != "" {
		return "", apierr.Invalid("email", msg)
	}
	return s, nil
}

func checkPassword(field, p string) error {
	if msg := validate.Password(p); msg != "" {
		return apierr.Invalid(field, msg)
	}
	return nil
}

// normalisePhone keeps an optional phone number (validate.Phone).
func normalisePhone(s string) (*string, error) {
	s, msg := validate.Phone(s)
	switch {
	case s == "":
		return nil, nil
	case msg != "":
		return nil, apierr.Invalid("phone", msg)
	}
	return &s, nil
}

// AccountType is the kind of an account: personal, or biz for MyBiz
// (company travel).
var accountTypes = []string{"personal", "biz"}

func normaliseAccountType(s string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	switch v {
	case "":
		v = "personal"
	case "mybiz", "business":
		v = "biz"
	}
	if !slices.Contains(accountTypes, v) {
		return "", apierr.Invalid("accountType", "Account type must be personal or biz.")
	}
	return v, nil
}

// Register creates an account with a password.
func (s *Service) Register(ctx context.Context, in Registration) (queries.User, error) {
	name, msg := validate.FullName(in.FullName)
	if msg != "" {
		return queries.User{}, apierr.Invalid("fullName", msg)
	}
	email, err := normaliseEmail(in.Email)
	if err != nil {
		return queries.User{}, err
	}
	if err := checkPassword("password", in.Password); err != nil {
		return queries.User{}, err
	}
	phone, err := normalisePhone(in.Phone)
	if err != nil {
		return queries.User{}, err
	}
	kind, err := normaliseAccountType(in.AccountType)
	if err != nil {
		return queries.User{}, err
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return queries.User{}, err
	}
	u, err := s.q.UserCreate(ctx, queries.UserCreateParams{
		Email: email, FullName: name, Phone: phone, AccountType: kind, PasswordHash: &hash,
	})
	if isUniqueViolation(err) {
		return queries.User{}, ErrEmailTaken
	}
	return u, err
}

// Authenticate checks an e-mail and password. Unknown e-mail and wrong
// password fail alike, in about the same time.
func (s *Service) Authenticate(ctx context.Context, email, password string) (queries.User, error) {
	email = strings.TrimSpace(email)
	if len(password) > validate.MaxPasswordBytes {
		return queries.User{}, ErrBadCredentials
	}
	u, err := s.q.UserGetByEmail(ctx, email)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && u.PasswordHash == nil) {
		if _, err := s.verifyPassword(ctx, dummyHash, password); err != nil {
			return queries.User{}, err
		}
		return queries.User{}, ErrBadCredentials
	}
	if err != nil {
		return queries.User{}, err
	}
	ok, err := s.verifyPassword(ctx, *u.PasswordHash, password)
	if errors.Is(err, ErrBusy) {
		return queries.User{}, err
	}
	if err != nil {
		return queries.User{}, fmt.Errorf("verify password of user %s: %w", u.ID, err)
	}
	if !ok {
		return queries.User{}, ErrBadCredentials
	}
	return u, nil
}

// Device describes where a session is opened from.
type Device struct {
	UserAgent string
	IP        string
}

// OpenSession starts a session for u and returns its cookie token. A
// sign-in from a device the user has not signed in from before (by its
// browser and system) e-mails them a notice, in the session's transaction;
// a user's first session (just registered) has no device to differ from.
func (s *Service) OpenSession(ctx context.Context, u queries.User, d Device) (string, queries.Session, error) {
	token, hash := newToken()
	now := s.now()
	ua := d.UserAgent
	if len(ua) > 512 {
		ua = ua[:512]
	}
	var sess queries.Session
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		seen, err := q.SessionUserAgentsByUser(ctx, u.ID)
		if err != nil {
			return fmt.Errorf("devices of user %s: %w", u.ID, err)
		}
		if len(seen) > 0 && !knownDevice(seen, ua) {
			msg, err := s.mail.Templates.NewSignIn(recipient(u), mailtmpl.Greeting(u.FullName, u.Email), mailtmpl.Activity{At: now, UserAgent: ua, IP: d.IP})
			if err != nil {
				return err
			}
			if _, err := s.mail.Queue.Enqueue(ctx, tx, msg); err != nil {
				return err
			}
		}
		sess, err = q.SessionCreate(ctx, queries.SessionCreateParams{
			UserID: u.ID, TokenHash: hash, UserAgent: ua, Ip: d.IP,
			ExpiresAt: now.Add(s.cfg.IdleTTL), AbsoluteExpiresAt: now.Add(s.cfg.AbsoluteTTL),
		})
		return err
	})
	return token, sess, err
}

// knownDevice reports whether ua names the same browser and system as one
// of seen: a browser update changes the header, not the device.
func knownDevice(seen []string, ua string) bool {
	want := useragent.Summary(ua)
	return slices.ContainsFunc(seen, func(s string) bool { return useragent.Summary(s) == want })
}

// Principal is the signed-in user behind a request and their session.
type Principal struct {
	User    queries.User
	Session queries.Session
}

// Resolve finds the live session for a cookie token, sliding its expiry and
// recording its use at most once per TouchEvery. A session resolved lately
// is answered from memory while the listener vouches for the cache
// (Listen); its expiry is checked all the same.
func (s *Service) Resolve(ctx context.Context, token string) (*Principal, error) {
	if token == "" || len(token) > 100 {
		return nil, ErrNotFound
	}
	hash := sha256.Sum256([]byte(token))
	now := s.now()
	if p, touch := s.cache.get(hash, now, s.cfg.TouchEvery); p != nil {
		if touch {
			ok := s.touch(ctx, p, now)
			s.cache.touched(hash, ok, p.Session.LastSeenAt, p.Session.ExpiresAt)
		}
		return p, nil
	}
	seq := s.cache.begin()
	row, err := s.q.SessionGetByToken(ctx, hash[:])
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	p := &Principal{User: row.User, Session: row.Session}
	if now.Sub(p.Session.LastSeenAt) >= s.cfg.TouchEvery {
		s.touch(ctx, p, now)
	}
	s.cache.put(hash, p, seq, now)
	return p, nil
}

// touch records the use of p's session at now and slides its expiry,
// updating p; a failure is logged, and the next request tries again.
func (s *Service) touch(ctx context.Context, p *Principal, now time.Time) bool {
	next := now.Add(s.cfg.IdleTTL)
	if err := s.q.SessionTouch(ctx, queries.SessionTouchParams{ID: p.Session.ID, ExpiresAt: next}); err != nil {
		s.log.WarnContext(ctx, "session touch failed", "err", err)
		return false
	}
	p.Session.LastSeenAt = now
	p.Session.ExpiresAt = minTime(next, p.Session.AbsoluteExpiresAt)
	return true
}

// CloseSession ends the session with this token (logout).
func (s *Service) CloseSession(ctx context.Context, p *Principal) error {
	_, err := s.q.SessionRevoke(ctx, queries.SessionRevokeParams{ID: p.Session.ID, UserID: p.User.ID})
	// This replica forgets it now; the others when the database tells them.
	s.cache.evictSession(p.Session.ID)
	return err
}

// Sessions lists the user's live sessions, most recently used first.
func (s *Service) Sessions(ctx context.Context, userID uuid.UUID) ([]queries.Session, error) {
	return s.q.SessionListByUser(ctx, userID)
}

// RevokeSession ends one of the user's other sessions. Another user's session
// is reported as not found.
func (s *Service) RevokeSession(ctx context.Context, p *Principal, id uuid.UUID) error {
	if id == p.Session.ID {
		return ErrCurrentSession
	}
	n, err := s.q.SessionRevoke(ctx, queries.SessionRevokeParams{ID: id, UserID: p.User.ID})
	s.cache.evictSession(id)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// ChangePassword checks the old password, stores the new one, ends every
// other session of the user and e-mails them a notice from d, in one
// transaction.
func (s *Service) ChangePassword(ctx context.Context, p *Principal, d Device, oldPassword, newPassword string) error {
	if err := checkPassword("newPassword", newPassword); err != nil {
		return err
	}
	u, err := s.q.UserGet(ctx, p.User.ID)
	if err != nil {
		return err
	}
	if u.PasswordHash == nil {
		return ErrNoPassword
	}
	if len(oldPassword) > validate.MaxPasswordBytes {
		return ErrWrongPassword
	}
	ok, err := s.verifyPassword(ctx, *u.PasswordHash, oldPassword)
	if err != nil {
		return err
	}
	if !ok {
		return ErrWrongPassword
	}
	hash, err := s.hashPassword(ctx, newPassword)
	if err != nil {
		return err
	}
	msg, err := s.mail.Templates.PasswordChanged(recipient(u), mailtmpl.Greeting(u.FullName, u.Email), mailtmpl.Activity{At: s.now(), UserAgent: d.UserAgent, IP: d.IP})
	if err != nil {
		return err
	}
	// This replica forgets the user's sessions once the change is made; the
	// others when the database tells them.
	defer s.cache.evictUser(u.ID)
	// The notice commits with the change: no notice for a change that
	// rolled back, no change without its notice.
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		if err := q.UserSetPassword(ctx, queries.UserSetPasswordParams{ID: u.ID, PasswordHash: &hash}); err != nil {
			return err
		}
		if _, err := q.SessionRevokeOthers(ctx, queries.SessionRevokeOthersParams{UserID: u.ID, KeepID: p.Session.ID}); err != nil {
			return err
		}
		_, err := s.mail.Queue.Enqueue(ctx, tx, msg)
		return err
	})
}

// Cleanup deletes sessions, sign-in states and rate-limit windows that ended
// more than a day ago. Any replica may run it.
func (s *Service) Cleanup(ctx context.Context) error {
	before := s.now().Add(-24 * time.Hour)
	_, err1 := s.q.SessionDeleteExpired(ctx, before)
	_, err2 := s.q.OAuthStateDeleteExpired(ctx, s.now())
	_, err3 := s.q.RateLimitDeleteBefore(ctx, before)
	return errors.Join(err1, err2, err3)
}

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
