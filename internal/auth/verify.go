package auth

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/store/queries"
)

const verificationTTL = 24 * time.Hour

// StartEmailVerification e-mails the user a single-use link that verifies
// their current address.
func (s *Service) StartEmailVerification(ctx context.Context, p *Principal) error {
	if p.User.EmailVerifiedAt != nil {
		return ErrAlreadyVerified
	}
	if _, err := s.allow(ctx, limitCheck{"verify:user:" + p.User.ID.String(), s.cfg.Limits.VerifyPerUser}); err != nil {
		return err
	}
	token, hash := newToken()
	msg, err := s.mail.Templates.EmailVerification(recipient(p.User), mailtmpl.Greeting(p.User.FullName, p.User.Email), token)
	if err != nil {
		return err
	}
	// The token and its e-mail commit together: no link is mailed for a
	// token that was never stored, and no token waits for a lost e-mail.
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		err := s.q.WithTx(tx).EmailVerificationCreate(ctx, queries.EmailVerificationCreateParams{
			TokenHash: hash, UserID: p.User.ID, Email: p.User.Email, ExpiresAt: s.now().Add(verificationTTL),
		})
		if err != nil {
			return fmt.Errorf("store verification token: %w", err)
		}
		_, err = s.mail.Queue.Enqueue(ctx, tx, msg)
		return err
	})
}

// ConfirmEmail uses a verification token. The link only verifies the address
// it was sent to, and only once.
func (s *Service) ConfirmEmail(ctx context.Context, token string) error {
	if token == "" || len(token) > 100 {
		return ErrVerificationFailed
	}
	row, err := s.q.EmailVerificationUse(ctx, hashToken(token))
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrVerificationFailed
	}
	if err != nil {
		return err
	}
	_, err = s.q.UserMarkEmailVerified(ctx, queries.UserMarkEmailVerifiedParams{ID: row.UserID, Email: row.Email})
	// The user's devices on this replica say so at once; the other
	// replicas when the database tells them.
	s.cache.evictUser(row.UserID)
	return err
}

// recipient is the user as an e-mail's To.
func recipient(u queries.User) mail.Address { return mail.Address{Name: u.FullName, Address: u.Email} }
