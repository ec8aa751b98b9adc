package auth

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/store/queries"
)

const verificationTTL = 24 * time.Hour

// StartEmailVerification e-mails the user a single-use link that verifies
// their current address. baseURL is the site's external URL.
func (s *Service) StartEmailVerification(ctx context.Context, p *Principal, baseURL string) error {
	if p.User.EmailVerifiedAt != nil {
		return ErrAlreadyVerified
	}
	if _, err := s.allow(ctx, limitCheck{"verify:user:" + p.User.ID.String(), s.cfg.Limits.VerifyPerUser}); err != nil {
		return err
	}
	token, hash := newToken()
	err := s.q.EmailVerificationCreate(ctx, queries.EmailVerificationCreateParams{
		TokenHash: hash, UserID: p.User.ID, Email: p.User.Email, ExpiresAt: s.now().Add(verificationTTL),
	})
	if err != nil {
		return err
	}
	link := baseURL + "/api/auth/email/verify?token=" + token
	body := "Hello " + firstName(p.User) + ",\n\nPlease confirm your e-mail address for Paryatan by opening this link within 24 hours:\n\n" +
		link + "\n\nIf you did not ask for this, you can ignore this e-mail.\n\nTeam Paryatan\n"
	return s.mailer.Send(ctx, p.User.Email, "Verify your e-mail address", body)
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
	return err
}

// firstName is how the product greets a user: the first word of the full
// name, else the e-mail's part before the @.
func firstName(u queries.User) string {
	for i, r := range u.FullName {
		if r == ' ' || r == '\t' {
			if i > 0 {
				return u.FullName[:i]
			}
		}
	}
	if u.FullName != "" {
		return u.FullName
	}
	for i := range u.Email {
		if u.Email[i] == '@' {
			return u.Email[:i]
		}
	}
	return u.Email
}
