package auth

import (
	"context"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/store/queries"
)

// Limit allows Max attempts per Window for one key.
type Limit struct {
	Max    int32
	Window time.Duration
}

// Limits are the sign-in and registration guards. Counters live in
// PostgreSQL, so they hold across replicas.
type Limits struct {
	// LoginPerIP bounds sign-in attempts from one client address, whatever
	// the account.
	LoginPerIP Limit
	// LoginPerEmailClient bounds attempts at one account from one client
	// address: the strict limit on guessing a password.
	LoginPerEmailClient Limit
	// LoginPerEmail is a much higher ceiling on attempts at one account
	// from everywhere. Past it attempts are slowed down (an exponential
	// delay up to LoginBackoffMax), never refused: someone who knows an
	// e-mail address cannot lock its owner out.
	LoginPerEmail Limit
	// LoginBackoffMax caps that delay.
	LoginBackoffMax time.Duration
	// PasswordChangePerUser bounds password changes (each checks the old
	// password) per account.
	PasswordChangePerUser Limit
	RegisterPerIP         Limit
	RegisterPerEmail      Limit
	VerifyPerUser         Limit
}

// DefaultLimits are tight per account and client, and looser per address,
// because a whole office (MyBiz customers) may share one address.
func DefaultLimits() Limits {
	return Limits{
		LoginPerIP:            Limit{Max: 100, Window: 15 * time.Minute},
		LoginPerEmailClient:   Limit{Max: 10, Window: 15 * time.Minute},
		LoginPerEmail:         Limit{Max: 100, Window: 15 * time.Minute},
		LoginBackoffMax:       5 * time.Second,
		PasswordChangePerUser: Limit{Max: 10, Window: 15 * time.Minute},
		RegisterPerIP:         Limit{Max: 50, Window: time.Hour},
		RegisterPerEmail:      Limit{Max: 10, Window: time.Hour},
		VerifyPerUser:         Limit{Max: 5, Window: time.Hour},
	}
}

// allowLogin applies the sign-in limits: per client address and per
// (account, client) strictly; per account only as a growing delay.
func (s *Service) allowLogin(ctx context.Context, email, ip string) (time.Duration, error) {
	key := emailKey(email)
	if wait, err := s.allow(ctx,
		limitCheck{"login:ip:" + ip, s.cfg.Limits.LoginPerIP},
		limitCheck{"login:email-client:" + key + "|" + ip, s.cfg.Limits.LoginPerEmailClient},
	); err != nil {
		return wait, err
	}
	l := s.cfg.Limits.LoginPerEmail
	if l.Max <= 0 || l.Window <= 0 {
		return 0, nil
	}
	hits, err := s.q.RateLimitHit(ctx, queries.RateLimitHitParams{Key: "login:email:" + key, WindowStart: s.now().Truncate(l.Window)})
	if err != nil || hits <= l.Max {
		return 0, err
	}
	// 100 ms doubling every 10 attempts past the ceiling, up to the cap.
	delay := min(100*time.Millisecond<<min((hits-l.Max)/10, 10), s.cfg.Limits.LoginBackoffMax)
	s.log.WarnContext(ctx, "sign-in attempts at one account past its ceiling: slowing down", "delay", delay)
	select {
	case <-time.After(delay):
		return 0, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// allow counts one attempt against every (key, limit) pair and returns
// ErrTooMany with the longest wait when any is exhausted. Every pair is
// counted even when an earlier one is exhausted, so spreading attempts over
// keys does not help.
func (s *Service) allow(ctx context.Context, checks ...limitCheck) (retryAfter time.Duration, err error) {
	now := s.now()
	for _, c := range checks {
		if c.limit.Max <= 0 || c.limit.Window <= 0 {
			continue
		}
		start := now.Truncate(c.limit.Window)
		hits, err := s.q.RateLimitHit(ctx, queries.RateLimitHitParams{Key: c.key, WindowStart: start})
		if err != nil {
			return 0, err
		}
		if hits > c.limit.Max {
			if wait := start.Add(c.limit.Window).Sub(now); wait > retryAfter {
				retryAfter = wait
			}
		}
	}
	if retryAfter > 0 {
		return retryAfter, ErrTooMany
	}
	return 0, nil
}

type limitCheck struct {
	key   string
	limit Limit
}

func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
