// Package sso signs signed-in travellers in to partner sites (the visa
// partner) without a second password (docs/sso.md). The browser asks for a
// ticket: a compact JWS, valid for a minute, naming the user and the
// partner. The partner's page receives it in a URL, and the partner's
// server redeems it here, with its own credential, for who the user is. A
// ticket is redeemed once: the redemption is a row in PostgreSQL keyed by
// the ticket's id, so a second redemption, on any replica, is refused.
//
// The signing keys are a JSON Web Key Set (SSO_SIGNING_KEYS_FILE); the
// first key signs and every key verifies, which is how keys are rotated.
// Their public halves are published at /.well-known/jwks.json.
package sso

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/returnpath"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// AudienceVisa names the visa partner: the aud of its tickets and the user
// name its server redeems them with.
const AudienceVisa = "visa"

// DefaultReturn is where the partner lands a user whose return path was
// missing or not a safe relative path.
const DefaultReturn = "/go-for-visa"

// maxReturn bounds a return path.
const maxReturn = 512

// Defaults of Config.
const (
	DefaultTicketTTL        = 60 * time.Second
	DefaultLeeway           = 5 * time.Second
	DefaultPerUserPerMinute = 30
	// keepRedeemed is how long a redemption is kept after its ticket
	// expired: long after any clock could still take the ticket for valid.
	keepRedeemed = 24 * time.Hour
)

// Partner is a site users are signed in to.
type Partner struct {
	// Audience names the partner in tickets (aud) and is the user name its
	// server redeems them with (HTTP Basic auth).
	Audience string
	// Secret is the password its server redeems tickets with. A partner
	// without one can have tickets issued but never redeem them.
	Secret string
}

// Config sets who issues tickets, to whom, and for how long.
type Config struct {
	// PublicURL is the site's origin (PUBLIC_URL): the tickets' issuer, and
	// where the browser goes with a ticket (/sso/consume, which hands it to
	// the partner).
	PublicURL string
	// Partners are the sites tickets may be issued for.
	Partners []Partner
	// TicketTTL is how long a ticket may be redeemed (60 s).
	TicketTTL time.Duration
	// Leeway is the clock skew allowed between the replica that issued a
	// ticket and the one redeeming it (5 s).
	Leeway time.Duration
	// PerUserPerMinute bounds the tickets one user may ask for (30).
	PerUserPerMinute int32
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Handler serves the sign-on routes: tickets for the browser, their
// redemption for partners' servers, and the public keys.
type Handler struct {
	q    *queries.Queries
	keys *KeyStore
	cfg  Config
	log  *slog.Logger
	// secrets are the partners' secrets by audience, hashed so that
	// comparing them takes the same time whatever their lengths.
	secrets map[string][32]byte
}

// NewHandler returns the sign-on routes' handler.
func NewHandler(pool *pgxpool.Pool, keys *KeyStore, cfg Config, log *slog.Logger) *Handler {
	if cfg.TicketTTL <= 0 {
		cfg.TicketTTL = DefaultTicketTTL
	}
	if cfg.Leeway <= 0 {
		cfg.Leeway = DefaultLeeway
	}
	if cfg.PerUserPerMinute <= 0 {
		cfg.PerUserPerMinute = DefaultPerUserPerMinute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	h := &Handler{q: queries.New(store.Reads{Pool: pool}), keys: keys, cfg: cfg, log: log.With("component", "sso"),
		secrets: map[string][32]byte{}}
	for _, p := range cfg.Partners {
		if p.Secret != "" {
			h.secrets[p.Audience] = sha256.Sum256([]byte(p.Secret))
		}
	}
	return h
}

// Errors of the sign-on routes (docs/api-errors.md).
var (
	errUnknownAudience = apierr.BadRequest("unknown_audience", "No partner site by that name is configured.")
	errUnauthorized    = apierr.New(http.StatusUnauthorized, "unauthorized", "Present the partner's credentials (HTTP Basic auth).")
	errInvalidTicket   = apierr.New(http.StatusUnauthorized, "invalid_ticket", "The sign-in ticket is not valid, or has expired.")
	errTicketUsed      = apierr.Conflict("ticket_used", "The sign-in ticket has already been used.")
)

type ticketRequest struct {
	Aud    string `json:"aud"`
	Return string `json:"return"`
}

type ticketResponse struct {
	RedirectURL string `json:"redirectUrl"`
}

// Ticket handles POST /api/v1/sso/ticket (signed in): a ticket for the
// partner aud, in the URL the browser goes to with it.
func (h *Handler) Ticket(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	user := auth.FromContext(ctx).User
	if wait, err := h.allow(ctx, user.ID); err != nil {
		if wait > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		}
		httpjson.Fail(w, r, err)
		return
	}
	var in ticketRequest
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if !h.isPartner(in.Aud) {
		httpjson.Fail(w, r, errUnknownAudience)
		return
	}
	now := h.cfg.Now()
	c := Claims{
		Claims: jwt.Claims{
			Issuer:    h.cfg.PublicURL,
			Audience:  jwt.Audience{in.Aud},
			Subject:   user.ID.String(),
			ID:        newTicketID(),
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			Expiry:    jwt.NewNumericDate(now.Add(h.cfg.TicketTTL)),
		},
		Email:         user.Email,
		EmailVerified: user.EmailVerifiedAt != nil,
		Name:          user.FullName,
		AccountType:   accountType(user.AccountType),
	}
	keys := h.keys.Current()
	token, err := sign(keys, c)
	if err != nil {
		httpjson.Fail(w, r, apierr.Internal(err))
		return
	}
	h.log.InfoContext(ctx, "sso ticket issued", "aud", in.Aud, "user_id", user.ID, "jti", c.ID, "kid", keys.KeyIDs()[0])
	redirect := h.cfg.PublicURL + "/sso/consume?ticket=" + url.QueryEscape(token) + "&ret=" + url.QueryEscape(SafeReturn(in.Return))
	httpjson.Write(w, r, http.StatusOK, ticketResponse{RedirectURL: redirect})
}

// allow counts the request against the user's tickets this minute; the
// counters are in PostgreSQL, so the limit holds across replicas.
func (h *Handler) allow(ctx context.Context, userID uuid.UUID) (time.Duration, error) {
	now := h.cfg.Now()
	start := now.Truncate(time.Minute)
	hits, err := h.q.RateLimitHit(ctx, queries.RateLimitHitParams{Key: "sso-ticket:user:" + userID.String(), WindowStart: start})
	if err != nil {
		return 0, err
	}
	if hits > h.cfg.PerUserPerMinute {
		return start.Add(time.Minute).Sub(now), apierr.TooMany("Too many sign-ins to partner sites in the last minute. Please wait a moment.")
	}
	return 0, nil
}

func (h *Handler) isPartner(aud string) bool {
	for _, p := range h.cfg.Partners {
		if p.Audience == aud && aud != "" {
			return true
		}
	}
	return false
}

// SafeReturn is raw when it is a same-site relative path on the partner of
// at most 512 characters (a single leading slash, no "//" or backslash, no
// scheme), else DefaultReturn. The partner checks it again.
func SafeReturn(raw string) string {
	if len(raw) > maxReturn || strings.Contains(raw, "//") {
		return DefaultReturn
	}
	return returnpath.Sanitize(raw, DefaultReturn)
}

// accountType is how partners are told the kind of account: MyBiz
// accounts (biz here) are "business".
func accountType(t string) string {
	if t == "biz" {
		return "business"
	}
	return "personal"
}

type redeemRequest struct {
	Ticket string `json:"ticket"`
}

// RedeemedUser is who a redeemed ticket names, as they are now.
type RedeemedUser struct {
	ID            string `json:"id"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	Name          string `json:"name"`
	AccountType   string `json:"accountType"`
}

// Redemption is the answer to a partner's redemption.
type Redemption struct {
	User      RedeemedUser `json:"user"`
	TicketID  string       `json:"ticketId"`
	ExpiresAt time.Time    `json:"expiresAt"`
}

// Redeem handles POST /api/v1/sso/redeem, called by a partner's server
// (HTTP Basic auth with its audience and secret, never a session): the
// ticket is checked and recorded as used in one statement, and its user
// returned.
func (h *Handler) Redeem(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	partner, ok := h.partner(r)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Basic realm="paryatan-sso", charset="UTF-8"`)
		httpjson.Fail(w, r, errUnauthorized)
		return
	}
	var in redeemRequest
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	now := h.cfg.Now()
	c, err := verify(h.keys.Current(), in.Ticket, expected{issuer: h.cfg.PublicURL, audience: partner, now: now, leeway: h.cfg.Leeway})
	if err != nil {
		h.refuse(w, r, partner, c.ID, err)
		return
	}
	userID, err := uuid.Parse(c.Subject)
	if err != nil {
		h.refuse(w, r, partner, c.ID, errClaims)
		return
	}
	user, err := h.q.UserGet(ctx, userID)
	if errors.Is(err, pgx.ErrNoRows) {
		h.refuse(w, r, partner, c.ID, errors.New("the ticket's user no longer exists"))
		return
	}
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	expires := c.Expiry.Time()
	n, err := h.q.SsoRedemptionCreate(ctx, queries.SsoRedemptionCreateParams{Jti: c.ID, Audience: partner, UserID: userID,
		RedeemedAt: now, ExpiresAt: expires})
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if n == 0 {
		h.log.WarnContext(ctx, "sso ticket redeemed again: refused", "aud", partner, "jti", c.ID, "user_id", userID)
		httpjson.Fail(w, r, errTicketUsed)
		return
	}
	h.log.InfoContext(ctx, "sso ticket redeemed", "aud", partner, "jti", c.ID, "user_id", userID)
	httpjson.Write(w, r, http.StatusOK, Redemption{
		User: RedeemedUser{ID: user.ID.String(), Email: user.Email, EmailVerified: user.EmailVerifiedAt != nil,
			Name: user.FullName, AccountType: accountType(user.AccountType)},
		TicketID: c.ID, ExpiresAt: expires.UTC(),
	})
}

// refuse answers invalid_ticket; the reason is logged for whoever looks
// into a partner's complaint, never sent.
func (h *Handler) refuse(w http.ResponseWriter, r *http.Request, partner, jti string, reason error) {
	h.log.InfoContext(r.Context(), "sso ticket refused", "aud", partner, "jti", jti, "reason", reason.Error())
	httpjson.Fail(w, r, errInvalidTicket)
}

// partner is the audience whose credentials the request carries. Every
// configured partner's secret is compared, in constant time, whatever the
// user name.
func (h *Handler) partner(r *http.Request) (string, bool) {
	user, pass, ok := r.BasicAuth()
	if !ok {
		return "", false
	}
	got := sha256.Sum256([]byte(pass))
	found := ""
	for aud, want := range h.secrets {
		if subtle.ConstantTimeCompare(got[:], want[:])&subtle.ConstantTimeCompare([]byte(user), []byte(aud)) == 1 {
			found = aud
		}
	}
	return found, found != ""
}

// JWKS handles GET /.well-known/jwks.json: the public keys tickets are
// signed with. Partners may cache it for five minutes.
func (h *Handler) JWKS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "public, max-age=300")
	httpjson.Write(w, r, http.StatusOK, h.keys.Current().Public())
}

// Cleanup deletes redemptions of tickets that expired more than a day ago,
// a bounded batch at a time. Any replica may run it.
func (h *Handler) Cleanup(ctx context.Context) error {
	before := h.cfg.Now().Add(-keepRedeemed)
	for range 100 {
		n, err := h.q.SsoRedemptionDeleteExpired(ctx, before)
		if err != nil || n < 1000 {
			return err
		}
	}
	return nil
}

// Keys is the key store in force (for reloading it).
func (h *Handler) Keys() *KeyStore { return h.keys }
