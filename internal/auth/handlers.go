package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/returnpath"
	"github.com/paryatan/paryatan/internal/store/queries"
)

// CookieName is the session cookie. Over https (PUBLIC_URL) it is Secure
// and carries the __Host- prefix, so no subdomain and no plain-http page can
// set or overwrite it.
const CookieName = "paryatan_session"

// OAuthCookieName binds a sign-in started with a provider to the browser
// that started it, for the state's ten minutes (prefixed like CookieName).
const OAuthCookieName = "paryatan_oauth"

// cookieName is base with the __Host- prefix when the site is https.
func (h *Handler) cookieName(base string) string {
	if h.svc.secure() {
		return "__Host-" + base
	}
	return base
}

// setCookie writes one of our cookies: HttpOnly, SameSite=Lax, path /,
// Secure exactly when the site is https (from PUBLIC_URL, never from the
// request). maxAge < 0 deletes it; 0 with expires keeps it until then.
func (h *Handler) setCookie(w http.ResponseWriter, base, value string, maxAge int, expires time.Time) {
	http.SetCookie(w, &http.Cookie{ //nolint:gosec // Secure follows PUBLIC_URL: a local http site cannot set Secure cookies
		Name: h.cookieName(base), Value: value, Path: "/", MaxAge: maxAge, Expires: expires,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.svc.secure(),
	})
}

// Handler serves the auth and session routes.
type Handler struct {
	svc *Service
	log *slog.Logger
}

// NewHandler returns the HTTP side of svc.
func NewHandler(svc *Service, log *slog.Logger) *Handler { return &Handler{svc: svc, log: log} }

type ctxKey struct{}

// FromContext returns the signed-in principal of the request, or nil.
func FromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(ctxKey{}).(*Principal)
	return p
}

// Sessions loads the signed-in user, when the request carries a live
// session cookie, for FromContext and RequireUser.
func (h *Handler) Sessions(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(h.cookieName(CookieName))
		if err != nil || c.Value == "" {
			next.ServeHTTP(w, r)
			return
		}
		p, err := h.svc.Resolve(r.Context(), c.Value)
		if err != nil {
			if !errors.Is(err, ErrNotFound) {
				httpjson.Fail(w, r, apierr.Unavailable("unavailable", "We could not check your session. Please try again.").WithCause(err))
				return
			}
			// A dead cookie is dropped so the browser stops sending it.
			h.clearCookie(w, r)
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, p)))
	})
}

// RequireUser answers 401 unless the request is signed in.
func RequireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if FromContext(r.Context()) == nil {
			httpjson.Fail(w, r, apierr.Unauthenticated("Please sign in to continue."))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// UserJSON is the account as the web app reads it.
type UserJSON struct {
	ID            string    `json:"_id"`
	FullName      string    `json:"fullName"`
	Email         string    `json:"email"`
	Phone         *string   `json:"phone,omitempty"`
	AccountType   string    `json:"accountType"`
	EmailVerified bool      `json:"emailVerified"`
	CreatedAt     time.Time `json:"createdAt"`
}

// NewUserJSON renders u.
func NewUserJSON(u queries.User) UserJSON {
	return UserJSON{
		ID: u.ID.String(), FullName: u.FullName, Email: u.Email, Phone: u.Phone,
		AccountType: u.AccountType, EmailVerified: u.EmailVerifiedAt != nil, CreatedAt: u.CreatedAt,
	}
}

// userBody is what login and registration answer.
type userBody struct {
	User UserJSON `json:"user"`
}

// registerBody is the registration form.
type registerBody struct {
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Password string `json:"password"`
	// Phone is optional; the web app leaves it out when empty.
	Phone       string `json:"phone,omitempty"`
	AccountType string `json:"accountType,omitempty"`
}

// Register handles POST /api/auth/register.
func (h *Handler) Register(w http.ResponseWriter, r *http.Request) {
	var in registerBody
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	ip := clientip.Addr(r.Context())
	if wait, err := h.svc.allow(r.Context(),
		limitCheck{"register:ip:" + ip, h.svc.cfg.Limits.RegisterPerIP},
		limitCheck{"register:email:" + emailKey(in.Email), h.svc.cfg.Limits.RegisterPerEmail},
	); err != nil {
		h.fail(w, r, err, wait)
		return
	}
	u, err := h.svc.Register(r.Context(), Registration(in))
	if err != nil {
		h.fail(w, r, err, 0)
		return
	}
	h.signIn(w, r, u, http.StatusCreated)
}

// Login handles POST /api/auth/login.
func (h *Handler) Login(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	if wait, err := h.svc.allowLogin(r.Context(), in.Email, clientip.Addr(r.Context())); err != nil {
		h.fail(w, r, err, wait)
		return
	}
	u, err := h.svc.Authenticate(r.Context(), in.Email, in.Password)
	if err != nil {
		h.fail(w, r, err, 0)
		return
	}
	h.signIn(w, r, u, http.StatusOK)
}

// signIn opens a session for u, sets the cookie and answers {user}.
func (h *Handler) signIn(w http.ResponseWriter, r *http.Request, u queries.User, status int) {
	if err := h.openSession(w, r, u); err != nil {
		h.fail(w, r, err, 0)
		return
	}
	httpjson.Write(w, r, status, userBody{NewUserJSON(u)})
}

func (h *Handler) openSession(w http.ResponseWriter, r *http.Request, u queries.User) error {
	token, sess, err := h.svc.OpenSession(r.Context(), u, device(r))
	if err != nil {
		return err
	}
	h.setCookie(w, CookieName, token, 0, sess.AbsoluteExpiresAt)
	return nil
}

// device is where r comes from.
func device(r *http.Request) Device {
	return Device{UserAgent: r.UserAgent(), IP: clientip.Addr(r.Context())}
}

func (h *Handler) clearCookie(w http.ResponseWriter, _ *http.Request) {
	h.setCookie(w, CookieName, "", -1, time.Time{})
}

// Me handles GET /api/auth/me.
func (h *Handler) Me(w http.ResponseWriter, r *http.Request) {
	p := FromContext(r.Context())
	if p == nil {
		httpjson.Fail(w, r, apierr.Unauthenticated("You are not signed in."))
		return
	}
	httpjson.Write(w, r, http.StatusOK, userBody{NewUserJSON(p.User)})
}

// Logout handles POST /api/auth/logout: it ends this device's session.
// Signed out already is fine too.
func (h *Handler) Logout(w http.ResponseWriter, r *http.Request) {
	if p := FromContext(r.Context()); p != nil {
		if err := h.svc.CloseSession(r.Context(), p); err != nil {
			h.fail(w, r, err, 0)
			return
		}
	}
	h.clearCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
}

// sessionJSON is a signed-in device (product spec 3, Session).
type sessionJSON struct {
	ID         string    `json:"_id"`
	Current    bool      `json:"current"`
	UserAgent  string    `json:"userAgent"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	IP         string    `json:"ip"`
}

// ListSessions handles GET /api/v1/me/sessions.
func (h *Handler) ListSessions(w http.ResponseWriter, r *http.Request) {
	p := FromContext(r.Context())
	rows, err := h.svc.Sessions(r.Context(), p.User.ID)
	if err != nil {
		h.fail(w, r, err, 0)
		return
	}
	items := make([]sessionJSON, 0, len(rows))
	for _, s := range rows {
		items = append(items, sessionJSON{
			ID: s.ID.String(), Current: s.ID == p.Session.ID, UserAgent: s.UserAgent,
			CreatedAt: s.CreatedAt, LastSeenAt: s.LastSeenAt, IP: s.Ip,
		})
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		Items []sessionJSON `json:"items"`
	}{items})
}

// RevokeSession handles POST /api/v1/me/sessions/{id}/revoke.
func (h *Handler) RevokeSession(w http.ResponseWriter, r *http.Request) {
	id, err := uuid.Parse(chi.URLParam(r, "id"))
	if err != nil {
		h.fail(w, r, ErrNotFound, 0)
		return
	}
	if err := h.svc.RevokeSession(r.Context(), FromContext(r.Context()), id); err != nil {
		h.fail(w, r, err, 0)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// changePasswordBody is the change-password form.
type changePasswordBody struct {
	OldPassword string `json:"oldPassword"`
	NewPassword string `json:"newPassword"`
}

// ChangePassword handles PUT /api/v1/me/password.
func (h *Handler) ChangePassword(w http.ResponseWriter, r *http.Request) {
	var in changePasswordBody
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	p := FromContext(r.Context())
	if wait, err := h.svc.allow(r.Context(),
		limitCheck{"password:ip:" + clientip.Addr(r.Context()), h.svc.cfg.Limits.LoginPerIP},
		limitCheck{"password:user:" + p.User.ID.String(), h.svc.cfg.Limits.PasswordChangePerUser},
	); err != nil {
		h.fail(w, r, err, wait)
		return
	}
	if err := h.svc.ChangePassword(r.Context(), p, device(r), in.OldPassword, in.NewPassword); err != nil {
		h.fail(w, r, err, 0)
		return
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		OK bool `json:"ok"`
	}{true})
}

// StartEmailVerification handles POST /api/v1/auth/email/verify/start and
// its fallback path.
func (h *Handler) StartEmailVerification(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.StartEmailVerification(r.Context(), FromContext(r.Context())); err != nil {
		h.fail(w, r, err, 0)
		return
	}
	httpjson.Write(w, r, http.StatusAccepted, struct {
		OK bool `json:"ok"`
	}{true})
}

// ConfirmEmail handles GET /api/auth/email/verify?token=…, the link in the
// e-mail, and lands on the profile page with the outcome.
func (h *Handler) ConfirmEmail(w http.ResponseWriter, r *http.Request) {
	err := h.svc.ConfirmEmail(r.Context(), r.URL.Query().Get("token"))
	switch {
	case err == nil:
		http.Redirect(w, r, "/account/profile?emailVerified=1", http.StatusSeeOther)
	case errors.Is(err, ErrVerificationFailed):
		http.Redirect(w, r, "/account/profile?emailVerified=0", http.StatusSeeOther)
	default:
		h.fail(w, r, err, 0)
	}
}

// OAuthStart handles GET /api/oauth/{provider}/start?from=…: it leaves for
// the provider, or, when that is impossible, returns to the sign-in page with
// a message.
func (h *Handler) OAuthStart(w http.ResponseWriter, r *http.Request) {
	provider := chi.URLParam(r, "provider")
	from := returnpath.Sanitize(r.URL.Query().Get("from"), "/")
	dest, binding, err := h.svc.StartOAuth(r.Context(), provider, from, r.URL.Query().Get("type"), h.callbackURL(r, provider))
	if err != nil {
		h.oauthFailed(w, r, from, err)
		return
	}
	// The provider sends the browser back with a top-level GET, which
	// carries a Lax cookie: only this browser can finish the sign-in.
	h.setCookie(w, OAuthCookieName, binding, int(OAuthStateTTL.Seconds()), time.Time{})
	http.Redirect(w, r, dest, http.StatusFound) //nolint:gosec // dest is the configured provider's authorisation URL
}

// OAuthCallback handles GET /api/oauth/{provider}/callback. It completes
// the sign-in only in the browser that started it (the binding cookie), so
// a callback URL passed to someone else signs nobody in.
func (h *Handler) OAuthCallback(w http.ResponseWriter, r *http.Request) {
	provider := chi.URLParam(r, "provider")
	q := r.URL.Query()
	binding := ""
	if c, err := r.Cookie(h.cookieName(OAuthCookieName)); err == nil {
		binding = c.Value
	}
	h.setCookie(w, OAuthCookieName, "", -1, time.Time{})
	if q.Get("error") != "" || q.Get("state") == "" || q.Get("code") == "" {
		// Cancelled at the provider, or a malformed call: use up the state
		// if there is one and go back to where the user started.
		_, back, _ := h.svc.FinishOAuth(r.Context(), provider, q.Get("state"), binding, "", "")
		h.oauthFailed(w, r, back, ErrOAuthFailed)
		return
	}
	u, back, err := h.svc.FinishOAuth(r.Context(), provider, q.Get("state"), binding, q.Get("code"), h.callbackURL(r, provider))
	if err != nil {
		h.oauthFailed(w, r, back, err)
		return
	}
	if err := h.openSession(w, r, u); err != nil {
		h.oauthFailed(w, r, back, err)
		return
	}
	http.Redirect(w, r, returnpath.Sanitize(back, "/"), http.StatusFound) //nolint:gosec // a same-site relative path (returnpath)
}

func (h *Handler) oauthFailed(w http.ResponseWriter, r *http.Request, back string, err error) {
	msg := ErrOAuthFailed.Message
	var e *apierr.Error
	if errors.As(err, &e) {
		msg = e.Message
	} else {
		h.log.ErrorContext(r.Context(), "provider sign-in failed", "err", err)
	}
	v := url.Values{"ret": {returnpath.Sanitize(back, "/")}, "oauthError": {msg}}
	http.Redirect(w, r, "/auth/login?"+v.Encode(), http.StatusFound)
}

// baseURL is the site's external origin, from configuration only: a Host
// or X-Forwarded-Host header never makes a link or a redirect.
func (h *Handler) baseURL(*http.Request) string { return h.svc.cfg.PublicURL }

func (h *Handler) callbackURL(r *http.Request, provider string) string {
	return h.baseURL(r) + "/api/oauth/" + url.PathEscape(provider) + "/callback"
}

// fail answers a service error (httpjson.Fail), adding Retry-After to
// refusals that say when to come back.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error, retryAfter time.Duration) {
	switch {
	case errors.Is(err, ErrTooMany):
		w.Header().Set("Retry-After", strconv.Itoa(max(int(retryAfter.Seconds()+0.999), 1)))
	case errors.Is(err, ErrBusy):
		w.Header().Set("Retry-After", "2")
	}
	httpjson.Fail(w, r, err)
}
