package auth

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/mail"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/outbox"
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
	link := baseURL + "/api/auth/email/verify?token=" + token
	name := firstName(p.User)
	msg := outbox.Message{Kind: outbox.KindEmailVerification, To: mail.Address{Name: p.User.FullName, Address: p.User.Email},
		Subject: "Verify your e-mail address",
		Text: "Hello " + name + ",\n\nPlease confirm your e-mail address for Paryatan by opening this link within 24 hours:\n\n" +
			link + "\n\nIf you did not ask for this, you can ignore this e-mail.\n\nTeam Paryatan\n",
		HTML: "<p>Hello " + html.EscapeString(name) + ",</p>\n<p>Please confirm your e-mail address for Paryatan by opening this link within 24 hours:</p>\n" +
			`<p><a href="` + html.EscapeString(link) + `">Verify my e-mail address</a></p>` + "\n" +
			"<p>If you did not ask for this, you can ignore this e-mail.</p>\n<p>Team Paryatan</p>\n"}
	// The token and its e-mail commit together: no link is mailed for a
	// token that was never stored, and no token waits for a lost e-mail.
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		err := s.q.WithTx(tx).EmailVerificationCreate(ctx, queries.EmailVerificationCreateParams{
			TokenHash: hash, UserID: p.User.ID, Email: p.User.Email, ExpiresAt: s.now().Add(verificationTTL),
		})
		if err != nil {
			return fmt.Errorf("store verification token: %w", err)
		}
		_, err = s.outbox.Enqueue(ctx, tx, msg)
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
