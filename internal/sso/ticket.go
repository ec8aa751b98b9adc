package sso

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4/jwt"
)

// Claims are a ticket's claims: the registered ones (iss, aud, sub, jti,
// iat, nbf, exp) and who the user is.
type Claims struct {
	jwt.Claims
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	Name          string `json:"name"`
	// AccountType is "personal" or "business" (a MyBiz account).
	AccountType string `json:"account_type"`
}

// maxTicket bounds a ticket's length before it is parsed: a real one is
// well under 1 KiB.
const maxTicket = 4096

// Reasons a ticket is refused, for the log; partners get invalid_ticket
// for each.
var (
	errMalformed    = errors.New("malformed ticket")
	errUnknownKey   = errors.New("ticket signed with an unknown key")
	errBadSignature = errors.New("ticket signature does not verify")
	errClaims       = errors.New("ticket claims missing")
)

// newTicketID is a random jti: 144 bits, base64url.
func newTicketID() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// sign returns the compact JWS of c, signed with the set's first key (its
// kid in the header, typ JWT).
func sign(keys *KeySet, c Claims) (string, error) {
	signer, err := keys.signer()
	if err != nil {
		return "", err
	}
	token, err := jwt.Signed(signer).Claims(c).Serialize()
	if err != nil {
		return "", fmt.Errorf("sso: sign ticket: %w", err)
	}
	return token, nil
}

// expected is what a redeemed ticket must say: who issued it, the partner
// redeeming it, and the time against which exp and nbf are checked.
type expected struct {
	issuer, audience string
	now              time.Time
	leeway           time.Duration
}

// verify checks a ticket's signature against the key its kid names and its
// claims against e, and returns the claims.
func verify(keys *KeySet, token string, e expected) (Claims, error) {
	var c Claims
	if token == "" || len(token) > maxTicket || strings.Count(token, ".") != 2 {
		return c, errMalformed
	}
	tok, err := jwt.ParseSigned(token, algorithms)
	if err != nil {
		return c, fmt.Errorf("%w: %w", errMalformed, err)
	}
	if len(tok.Headers) != 1 {
		return c, errMalformed
	}
	h := tok.Headers[0]
	key, ok := keys.verifier(h.KeyID)
	if !ok {
		return c, fmt.Errorf("%w: kid %q", errUnknownKey, h.KeyID)
	}
	if h.Algorithm != key.Algorithm {
		return c, fmt.Errorf("%w: alg %q for a %s key", errBadSignature, h.Algorithm, key.Algorithm)
	}
	if err := tok.Claims(key, &c); err != nil {
		return c, fmt.Errorf("%w: %w", errBadSignature, err)
	}
	if c.Subject == "" || c.ID == "" || c.Expiry == nil || c.NotBefore == nil || c.IssuedAt == nil {
		return c, errClaims
	}
	err = c.ValidateWithLeeway(jwt.Expected{Issuer: e.issuer, AnyAudience: jwt.Audience{e.audience}, Time: e.now}, e.leeway)
	if err != nil {
		return c, err
	}
	return c, nil
}
