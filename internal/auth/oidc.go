package auth

import (
	"context"
	"errors"
	"fmt"
	"github.com/paryatan/paryatan/internal/apierr"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/jackc/pgx/v5"
	"golang.org/x/oauth2"

	"github.com/paryatan/paryatan/internal/store/queries"
)

// Provider is an OpenID Connect sign-in provider (Google by default). Its
// discovery document is fetched on first use and retried after a failure, so
// a provider outage never stops the server from starting.
type Provider struct {
	Name         string
	Issuer       string
	ClientID     string
	ClientSecret string

	mu       sync.Mutex
	oidc     *oidc.Provider
	verifier *oidc.IDTokenVerifier
}

func (p *Provider) discover(ctx context.Context) (*oidc.Provider, *oidc.IDTokenVerifier, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.oidc != nil {
		return p.oidc, p.verifier, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	op, err := oidc.NewProvider(oidc.ClientContext(context.WithoutCancel(ctx), nil), p.Issuer)
	if err != nil {
		return nil, nil, fmt.Errorf("discover %s: %w", p.Issuer, err)
	}
	p.oidc = op
	p.verifier = op.Verifier(&oidc.Config{ClientID: p.ClientID})
	return p.oidc, p.verifier, nil
}

func (p *Provider) oauth2Config(op *oidc.Provider, redirectURL string) *oauth2.Config {
	return &oauth2.Config{
		ClientID: p.ClientID, ClientSecret: p.ClientSecret, Endpoint: op.Endpoint(),
		RedirectURL: redirectURL, Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}
}

// OAuth failures shown on the sign-in page.
var (
	ErrProviderUnavailable = apierr.Unavailable("provider_unavailable", "Google sign-in is not available right now. Please sign in with your e-mail.")
	ErrOAuthFailed         = apierr.BadRequest("oauth_failed", "Google sign-in did not complete. Please try again.")
	ErrOAuthEmail          = apierr.BadRequest("oauth_email_unverified", "Your Google account's e-mail is not verified, so we cannot sign you in with it.")
)

// OAuthStateTTL is how long a sign-in started with a provider may take.
const OAuthStateTTL = 10 * time.Minute

// StartOAuth records a single-use state bound to the browser starting the
// sign-in and returns the provider's sign-in URL and the browser's binding
// token (for a short-lived cookie: FinishOAuth accepts the state only with
// it). returnTo must already be a checked same-site path.
func (s *Service) StartOAuth(ctx context.Context, provider, returnTo, accountType, redirectURL string) (dest, binding string, err error) {
	p := s.providers[provider]
	if p == nil {
		return "", "", ErrProviderUnavailable
	}
	op, _, err := p.discover(ctx)
	if err != nil {
		s.log.WarnContext(ctx, "sign-in provider unreachable", "provider", provider, "err", err)
		return "", "", ErrProviderUnavailable
	}
	kind, err := normaliseAccountType(accountType)
	if err != nil {
		kind = "personal"
	}
	state, stateHash := newToken()
	binding, bindingHash := newToken()
	nonce, _ := newToken()
	verifier := oauth2.GenerateVerifier()
	err = s.q.OAuthStateCreate(ctx, queries.OAuthStateCreateParams{
		StateHash: stateHash, Provider: provider, Nonce: nonce, CodeVerifier: verifier,
		ReturnTo: returnTo, AccountType: kind, ExpiresAt: s.now().Add(OAuthStateTTL), BrowserHash: bindingHash,
	})
	if err != nil {
		return "", "", err
	}
	return p.oauth2Config(op, redirectURL).AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), binding, nil
}

// FinishOAuth completes a provider sign-in: it takes the state (once, and
// only with the binding of the browser that started it), exchanges the code
// with PKCE, verifies the ID token and its nonce, and finds the user by
// linked identity, else by e-mail (linking it), else creates one. An
// account whose e-mail was never verified is taken over only after its
// password is removed and its sessions revoked: whoever registered it
// without proving the address keeps no way in. It returns the user and
// the path to return to.
func (s *Service) FinishOAuth(ctx context.Context, provider, state, binding, code, redirectURL string) (queries.User, string, error) {
	p := s.providers[provider]
	if p == nil {
		return queries.User{}, "/", ErrProviderUnavailable
	}
	st, err := s.q.OAuthStateTake(ctx, queries.OAuthStateTakeParams{StateHash: hashToken(state), Provider: provider, BrowserHash: hashToken(binding)})
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && st.ExpiresAt.Before(s.now())) {
		return queries.User{}, "/", ErrOAuthFailed
	}
	if err != nil {
		return queries.User{}, "/", err
	}
	fail := func(reason string, err error) (queries.User, string, error) {
		s.log.WarnContext(ctx, "provider sign-in failed", "provider", provider, "reason", reason, "err", err)
		return queries.User{}, st.ReturnTo, ErrOAuthFailed
	}
	op, verifier, err := p.discover(ctx)
	if err != nil {
		return fail("discovery", err)
	}
	xctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	tok, err := p.oauth2Config(op, redirectURL).Exchange(xctx, code, oauth2.VerifierOption(st.CodeVerifier))
	if err != nil {
		return fail("code exchange", err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok {
		return fail("no id_token", nil)
	}
	idt, err := verifier.Verify(xctx, raw)
	if err != nil {
		return fail("id token", err)
	}
	if idt.Nonce != st.Nonce {
		return fail("nonce mismatch", nil)
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified any    `json:"email_verified"`
		Name          string `json:"name"`
	}
	if err := idt.Claims(&claims); err != nil {
		return fail("claims", err)
	}
	email, err := normaliseEmail(claims.Email)
	if err != nil || !truthy(claims.EmailVerified) {
		return queries.User{}, st.ReturnTo, ErrOAuthEmail
	}

	var user queries.User
	takenOver := false
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		id, err := q.OAuthIdentityGet(ctx, queries.OAuthIdentityGetParams{Provider: provider, Subject: idt.Subject})
		if err == nil {
			user, err = q.UserGet(ctx, id.UserID)
			return err
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		user, err = q.UserGetByEmail(ctx, email)
		if err == nil && user.EmailVerifiedAt == nil {
			// Pre-hijacking: someone may have registered this address
			// without owning it, waiting for its owner to sign in.
			if user, err = q.UserTakeOverUnverified(ctx, user.ID); err != nil {
				return err
			}
			revoked, err := q.SessionRevokeAll(ctx, user.ID)
			if err != nil {
				return err
			}
			takenOver = true
			s.log.WarnContext(ctx, "unverified account taken over by its e-mail's owner: password removed, sessions revoked",
				"provider", provider, "user", user.ID, "sessions_revoked", revoked)
		}
		if errors.Is(err, pgx.ErrNoRows) {
			name := strings.TrimSpace(claims.Name)
			if name == "" {
				name = email[:strings.IndexByte(email, '@')]
			}
			now := s.now()
			user, err = q.UserCreate(ctx, queries.UserCreateParams{
				Email: email, FullName: name, AccountType: st.AccountType, EmailVerifiedAt: &now,
			})
		}
		if err != nil {
			return err
		}
		return q.OAuthIdentityCreate(ctx, queries.OAuthIdentityCreateParams{
			Provider: provider, Subject: idt.Subject, UserID: user.ID, Email: email,
		})
	})
	if takenOver {
		s.cache.evictUser(user.ID)
	}
	if err != nil {
		return queries.User{}, st.ReturnTo, err
	}
	if user.EmailVerifiedAt == nil && strings.EqualFold(user.Email, email) {
		// A linked identity whose account changed its e-mail to the one the
		// provider vouches for: the address is verified now.
		if _, err := s.q.UserMarkEmailVerified(ctx, queries.UserMarkEmailVerifiedParams{ID: user.ID, Email: email}); err == nil {
			now := s.now()
			user.EmailVerifiedAt = &now
			s.cache.evictUser(user.ID)
		}
	}
	return user, st.ReturnTo, nil
}

// truthy accepts the boolean and the string form some providers send.
func truthy(v any) bool {
	switch b := v.(type) {
	case bool:
		return b
	case string:
		return strings.EqualFold(b, "true")
	}
	return false
}
