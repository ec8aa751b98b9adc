package auth

import (
	"context"
	"github.com/paryatan/paryatan/internal/apierr"
	"time"
)

// Each Argon2id hash or check holds defaultArgon.memoryKiB (19 MiB) for
// about 25 ms. hashSlots bounds how many run at once so that a burst of
// sign-ins cannot exhaust the process's memory: 64 at once would want 1.2
// GiB. Beyond the budget a request waits up to Config.HashWait for a slot,
// then gets ErrBusy (503 with Retry-After).

// DefaultHashMemory is the memory budget for password hashing.
const DefaultHashMemory = 256 << 20

// ErrBusy is a password check that found no room within the memory budget;
// the handler adds Retry-After.
var ErrBusy = apierr.Unavailable("busy", "We are handling a great many sign-ins right now. Please try again in a moment.")

func newHashSlots(budget int64) chan struct{} {
	n := budget / (int64(defaultArgon.memoryKiB) << 10)
	return make(chan struct{}, max(n, 1))
}

// withHashSlot runs fn while holding one slot of the hashing budget.
func (s *Service) withHashSlot(ctx context.Context, fn func()) error {
	t := time.NewTimer(s.cfg.HashWait)
	defer t.Stop()
	select {
	case s.hashSlots <- struct{}{}:
	case <-t.C:
		s.log.WarnContext(ctx, "password hashing at its memory budget: request refused", "slots", cap(s.hashSlots))
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-s.hashSlots }()
	fn()
	return nil
}

func (s *Service) hashPassword(ctx context.Context, password string) (hash string, err error) {
	if werr := s.withHashSlot(ctx, func() { hash, err = HashPassword(password) }); werr != nil {
		return "", werr
	}
	return hash, err
}

func (s *Service) verifyPassword(ctx context.Context, hash, password string) (ok bool, err error) {
	if werr := s.withHashSlot(ctx, func() { ok, err = VerifyPassword(hash, password) }); werr != nil {
		return false, werr
	}
	return ok, err
}
