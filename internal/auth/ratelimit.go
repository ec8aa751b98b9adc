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
	LoginPerIP       Limit
	LoginPerEmail    Limit
	RegisterPerIP    Limit
	RegisterPerEmail Limit
	VerifyPerUser    Limit
}

// DefaultLimits are tight per account and looser per address, because a
// whole office (MyBiz customers) may share one address.
func DefaultLimits() Limits {
	return Limits{
		LoginPerIP:       Limit{Max: 100, Window: 15 * time.Minute},
		LoginPerEmail:    Limit{Max: 10, Window: 15 * time.Minute},
		RegisterPerIP:    Limit{Max: 50, Window: time.Hour},
		RegisterPerEmail: Limit{Max: 10, Window: time.Hour},
		VerifyPerUser:    Limit{Max: 5, Window: time.Hour},
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
