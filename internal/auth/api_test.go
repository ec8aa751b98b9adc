package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/auth"
)

type userResp struct {
	User struct {
		ID            string  `json:"_id"`
		FullName      string  `json:"fullName"`
		Email         string  `json:"email"`
		Phone         *string `json:"phone"`
		AccountType   string  `json:"accountType"`
		EmailVerified bool    `json:"emailVerified"`
	} `json:"user"`
}

func register(t *testing.T, c *apitest.Client, name, email, password string) userResp {
	t.Helper()
	res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": name, "email": email, "password": password})
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("register %s = %d %s", email, res.StatusCode, res.Body)
	}
	var u userResp
	res.JSON(t, &u)
	return u
}

func wantError(t *testing.T, res *apitest.Response, status int, code, msgPart string) {
	t.Helper()
	if res.StatusCode != status {
		t.Fatalf("status %d (%s), want %d", res.StatusCode, res.Body, status)
	}
	gotCode, msg := res.Error(t)
	if (code != "" && gotCode != code) || !strings.Contains(msg, msgPart) {
		t.Fatalf("error %q %q, want %q containing %q", gotCode, msg, code, msgPart)
	}
}

func TestRegisterLoginMeLogout(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)

	res := c.Do("POST", "/api/auth/register", map[string]string{
		"fullName": "  Asha Rao  ", "email": "  Asha.Rao@Example.IN ", "password": "s3cret-pass", "phone": "  ", "accountType": "biz",
	})
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	var u userResp
	res.JSON(t, &u)
	if u.User.FullName != "Asha Rao" || u.User.Email != "Asha.Rao@Example.IN" || u.User.Phone != nil || u.User.AccountType != "biz" || u.User.EmailVerified {
		t.Fatalf("registered user %+v", u.User)
	}
	var cookie *http.Cookie
	for _, ck := range res.Cookies() {
		if ck.Name == auth.CookieName {
			cookie = ck
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/" || len(cookie.Value) < 43 {
		t.Fatalf("session cookie %+v", cookie)
	}
	if strings.Contains(string(res.Body), "password") {
		t.Fatal("response mentions the password")
	}

	res = c.Do("GET", "/api/auth/me", nil)
	var me userResp
	res.JSON(t, &me)
	if res.StatusCode != 200 || me.User.ID != u.User.ID {
		t.Fatalf("me = %d %s", res.StatusCode, res.Body)
	}

	// The token is stored only as a hash.
	var n int
	if err := env.DB.QueryRow(context.Background(), "SELECT count(*) FROM sessions WHERE token_hash = convert_to($1, 'UTF8')", cookie.Value).Scan(&n); err != nil || n != 0 {
		t.Fatalf("raw token found in the database (%d, %v)", n, err)
	}

	if res := c.Do("POST", "/api/auth/logout", nil); res.StatusCode != http.StatusNoContent {
		t.Fatalf("logout = %d", res.StatusCode)
	}
	if res := c.Do("GET", "/api/auth/me", nil); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("me after logout = %d", res.StatusCode)
	}
	// Replaying the old cookie does not work either.
	replay := env.NewClient(t)
	replay.Header.Set("Cookie", auth.CookieName+"="+cookie.Value)
	if res := replay.Do("GET", "/api/auth/me", nil); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("replayed cookie after logout = %d", res.StatusCode)
	}

	// Login with the e-mail in another case and the phone-less account.
	res = c.Do("POST", "/api/auth/login", map[string]string{"email": "asha.rao@example.in ", "password": "s3cret-pass"})
	if res.StatusCode != 200 {
		t.Fatalf("login = %d %s", res.StatusCode, res.Body)
	}
	if res := c.Do("GET", "/api/auth/me", nil); res.StatusCode != 200 {
		t.Fatalf("me after login = %d", res.StatusCode)
	}
}

func TestRegisterValidation(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	for _, tc := range []struct {
		name   string
		body   any
		status int
		code   string
		msg    string
	}{
		{"no name", map[string]any{"fullName": "  ", "email": "a@b.in", "password": "12345678"}, 400, "invalid_field", "full name"},
		{"bad e-mail", map[string]any{"fullName": "A", "email": "not-an-email", "password": "12345678"}, 400, "invalid_field", "valid e-mail"},
		{"e-mail with display name", map[string]any{"fullName": "A", "email": "Eve <eve@b.in>", "password": "12345678"}, 400, "invalid_field", "valid e-mail"},
		{"short password", map[string]any{"fullName": "A", "email": "a@b.in", "password": "1234567"}, 400, "invalid_field", "at least 8"},
		{"bad phone", map[string]any{"fullName": "A", "email": "a@b.in", "password": "12345678", "phone": "call me"}, 400, "invalid_field", "phone"},
		{"bad account type", map[string]any{"fullName": "A", "email": "a@b.in", "password": "12345678", "accountType": "admin"}, 400, "invalid_field", "personal or biz"},
		{"wrong type", map[string]any{"fullName": 42, "email": "a@b.in", "password": "12345678"}, 400, "invalid_field", "fullName must be a string"},
		{"malformed JSON", `{"fullName": "A", "email":`, 400, "invalid_json", "not valid JSON"},
		{"oversize body", `{"fullName": "` + strings.Repeat("A", 70<<10) + `"}`, 413, "body_too_large", "larger than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantError(t, c.Do("POST", "/api/auth/register", tc.body), tc.status, tc.code, tc.msg)
		})
	}
	var users int
	if err := env.DB.QueryRow(context.Background(), "SELECT count(*) FROM users").Scan(&users); err != nil || users != 0 {
		t.Fatalf("%d users written by invalid requests", users)
	}
}

func TestSQLLookingInputIsJustText(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	name := "Robert'); DROP TABLE users;--"
	u := register(t, c, name, "bobby@tables.in", "' OR '1'='1")
	if u.User.FullName != name {
		t.Fatalf("name stored as %q", u.User.FullName)
	}
	res := env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": "' OR 1=1 --", "password": "' OR '1'='1"})
	wantError(t, res, 401, "bad_credentials", "Incorrect e-mail or password.")
	if res := env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": "bobby@tables.in", "password": "' OR '1'='1"}); res.StatusCode != 200 {
		t.Fatalf("login with the SQL-looking password = %d", res.StatusCode)
	}
}

func TestDuplicateRegistration(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	register(t, env.NewClient(t), "First", "dup@example.in", "password1")
	res := env.NewClient(t).Do("POST", "/api/auth/register", map[string]string{"fullName": "Second", "email": "DUP@example.in", "password": "password2"})
	wantError(t, res, http.StatusConflict, "email_taken", "already exists")
	for _, ck := range res.Cookies() {
		if ck.Name == auth.CookieName && ck.Value != "" {
			t.Fatal("a failed registration set a session cookie")
		}
	}
}

// A wrong password and an unknown e-mail answer the same thing.
func TestLoginDoesNotRevealAccounts(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	register(t, env.NewClient(t), "Known", "known@example.in", "password1")
	wrongPw := env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": "known@example.in", "password": "password2"})
	unknown := env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": "nobody@example.in", "password": "password2"})
	if wrongPw.StatusCode != 401 || unknown.StatusCode != 401 || string(wrongPw.Body) != string(unknown.Body) {
		t.Fatalf("wrong password: %d %s; unknown e-mail: %d %s", wrongPw.StatusCode, wrongPw.Body, unknown.StatusCode, unknown.Body)
	}
}

func TestRateLimits(t *testing.T) {
	t.Parallel()
	cfg := auth.DefaultConfig()
	cfg.Limits.LoginPerEmailClient = auth.Limit{Max: 3, Window: time.Hour}
	cfg.Limits.LoginPerEmail = auth.Limit{Max: 5, Window: time.Hour}
	cfg.Limits.LoginPerIP = auth.Limit{Max: 6, Window: time.Hour}
	cfg.Limits.RegisterPerIP = auth.Limit{Max: 2, Window: time.Hour}
	cfg.Limits.PasswordChangePerUser = auth.Limit{Max: 2, Window: time.Hour}
	env := apitest.New(t, apitest.Options{Auth: &cfg, TrustedProxies: "127.0.0.1/32"})
	client := func(ip string) *apitest.Client {
		c := env.NewClient(t)
		c.Header.Set("X-Forwarded-For", ip)
		return c
	}
	owner := client("198.51.100.9")
	register(t, owner, "Victim", "victim@example.in", "the-right-one")

	c := client("198.51.100.1")
	for i := range 3 {
		if res := c.Do("POST", "/api/auth/login", map[string]string{"email": "victim@example.in", "password": "guess-0" + string(rune('0'+i))}); res.StatusCode != 401 {
			t.Fatalf("attempt %d = %d", i+1, res.StatusCode)
		}
	}
	res := c.Do("POST", "/api/auth/login", map[string]string{"email": "VICTIM@example.in", "password": "guess-04"})
	wantError(t, res, http.StatusTooManyRequests, "rate_limited", "Too many attempts")
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	// The attacker has not locked the owner out.
	if res := owner.Do("POST", "/api/auth/login", map[string]string{"email": "victim@example.in", "password": "the-right-one"}); res.StatusCode != 200 {
		t.Fatalf("the owner is locked out by someone else's guesses: %d", res.StatusCode)
	}
	// Past the per-account ceiling (5), guesses from everywhere are slowed
	// down, never refused: the owner still gets in.
	for i := range 2 {
		client("203.0.113."+string(rune('1'+i))).Do("POST", "/api/auth/login", map[string]string{"email": "victim@example.in", "password": "spread"})
	}
	start := time.Now()
	res = client("203.0.113.7").Do("POST", "/api/auth/login", map[string]string{"email": "victim@example.in", "password": "spread"})
	if res.StatusCode != 401 || time.Since(start) < 100*time.Millisecond {
		t.Fatalf("a guess past the account's ceiling = %d after %s, want a slowed 401", res.StatusCode, time.Since(start))
	}
	if res := owner.Do("POST", "/api/auth/login", map[string]string{"email": "victim@example.in", "password": "the-right-one"}); res.StatusCode != 200 {
		t.Fatalf("the owner cannot sign in past the ceiling: %d", res.StatusCode)
	}
	// The per-address limit holds across e-mails.
	for i := range 2 {
		c.Do("POST", "/api/auth/login", map[string]string{"email": "other" + string(rune('a'+i)) + "@example.in", "password": "password"})
	}
	if res := c.Do("POST", "/api/auth/login", map[string]string{"email": "fresh@example.in", "password": "password"}); res.StatusCode != 429 {
		t.Fatalf("7th attempt from one address = %d", res.StatusCode)
	}
	// A password change checks the old password: limited per account.
	for range 2 {
		if res := owner.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "wrong-guess", "newPassword": "new-password-1"}); res.StatusCode != 400 {
			t.Fatalf("wrong old password = %d %s", res.StatusCode, res.Body)
		}
	}
	wantError(t, owner.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "the-right-one", "newPassword": "new-password-1"}),
		429, "rate_limited", "Too many attempts")
	// Registration has its own limit per address.
	r := client("198.51.100.3")
	register(t, r, "One", "one@example.in", "password1")
	register(t, r, "Two", "two@example.in", "password1")
	wantError(t, r.Do("POST", "/api/auth/register", map[string]string{"fullName": "Three", "email": "three@example.in", "password": "password1"}),
		429, "rate_limited", "Too many attempts")
}

// Password hashing runs within a memory budget: with room for one Argon2id
// at a time and a short wait, a burst of sign-ins gets some 503s with
// Retry-After instead of growing the process without bound, and the rest
// are answered as usual.
func TestPasswordHashingBudget(t *testing.T) {
	t.Parallel()
	cfg := auth.DefaultConfig()
	cfg.HashMemory, cfg.HashWait = 19<<20, time.Millisecond
	env := apitest.New(t, apitest.Options{Auth: &cfg})
	var wg sync.WaitGroup
	codes := make([]int, 16)
	retry := make([]string, 16)
	for i := range codes {
		wg.Go(func() {
			res := env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": fmt.Sprintf("nobody%d@example.in", i), "password": "password1"})
			codes[i], retry[i] = res.StatusCode, res.Header.Get("Retry-After")
		})
	}
	wg.Wait()
	busy, refused := 0, 0
	for i, c := range codes {
		switch c {
		case http.StatusServiceUnavailable:
			busy++
			if retry[i] == "" {
				t.Fatal("503 without Retry-After")
			}
		case http.StatusUnauthorized:
			refused++
		default:
			t.Fatalf("login = %d", c)
		}
	}
	if busy == 0 || refused == 0 {
		t.Fatalf("%d busy, %d answered: want both", busy, refused)
	}
}

func TestCrossOriginStateChangesRefused(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	register(t, c, "Victim", "victim@example.in", "password1")

	evil := env.NewClient(t)
	evil.HTTP.Jar = c.HTTP.Jar // the browser sends the victim's cookie
	evil.Header.Set("Origin", "https://evil.example")
	evil.Header.Set("Sec-Fetch-Site", "cross-site")
	wantError(t, evil.Do("POST", "/api/auth/logout", nil), http.StatusForbidden, "cross_origin", "Cross-origin")
	wantError(t, evil.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "password1", "newPassword": "hijacked1"}),
		http.StatusForbidden, "cross_origin", "")
	if res := c.Do("GET", "/api/auth/me", nil); res.StatusCode != 200 {
		t.Fatal("the cross-site logout took effect")
	}
	// The same request from the site itself goes through.
	same := env.NewClient(t)
	same.HTTP.Jar = c.HTTP.Jar
	same.Header.Set("Sec-Fetch-Site", "same-origin")
	if res := same.Do("POST", "/api/auth/logout", nil); res.StatusCode != http.StatusNoContent {
		t.Fatalf("same-origin logout = %d", res.StatusCode)
	}
}

type sessionsResp struct {
	Items []struct {
		ID         string    `json:"_id"`
		Current    bool      `json:"current"`
		UserAgent  string    `json:"userAgent"`
		IP         string    `json:"ip"`
		CreatedAt  time.Time `json:"createdAt"`
		LastSeenAt time.Time `json:"lastSeenAt"`
	} `json:"items"`
}

func login(t *testing.T, c *apitest.Client, email, password string) {
	t.Helper()
	if res := c.Do("POST", "/api/auth/login", map[string]string{"email": email, "password": password}); res.StatusCode != 200 {
		t.Fatalf("login %s = %d %s", email, res.StatusCode, res.Body)
	}
}

func TestDevicesAndRevocation(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	laptop := env.NewClient(t)
	laptop.Header.Set("User-Agent", "Laptop Browser")
	register(t, laptop, "Meera", "meera@example.in", "password1")
	phone := env.NewClient(t)
	phone.Header.Set("User-Agent", "Phone Browser")
	login(t, phone, "meera@example.in", "password1")

	var list sessionsResp
	res := laptop.Do("GET", "/api/v1/me/sessions", nil)
	res.JSON(t, &list)
	if res.StatusCode != 200 || len(list.Items) != 2 {
		t.Fatalf("sessions = %d %s", res.StatusCode, res.Body)
	}
	var current, other string
	for _, s := range list.Items {
		if s.Current {
			current = s.ID
			if s.UserAgent != "Laptop Browser" || s.IP != "127.0.0.1" || s.CreatedAt.IsZero() || s.LastSeenAt.IsZero() {
				t.Fatalf("current session %+v", s)
			}
		} else {
			other = s.ID
		}
	}
	if current == "" || other == "" {
		t.Fatalf("sessions %+v: want one current, one other", list.Items)
	}

	wantError(t, laptop.Do("POST", "/api/v1/me/sessions/"+current+"/revoke", nil), 400, "current_session", "Logout")

	// Another user can neither see nor revoke Meera's sessions.
	stranger := env.NewClient(t)
	register(t, stranger, "Stranger", "stranger@example.in", "password1")
	wantError(t, stranger.Do("POST", "/api/v1/me/sessions/"+other+"/revoke", nil), 404, "not_found", "")
	var theirs sessionsResp
	stranger.Do("GET", "/api/v1/me/sessions", nil).JSON(t, &theirs)
	if len(theirs.Items) != 1 {
		t.Fatalf("stranger sees %d sessions", len(theirs.Items))
	}
	wantError(t, laptop.Do("POST", "/api/v1/me/sessions/not-a-uuid/revoke", nil), 404, "not_found", "")

	if res := laptop.Do("POST", "/api/v1/me/sessions/"+other+"/revoke", nil); res.StatusCode != http.StatusNoContent {
		t.Fatalf("revoke = %d %s", res.StatusCode, res.Body)
	}
	if res := phone.Do("GET", "/api/auth/me", nil); res.StatusCode != 401 {
		t.Fatalf("revoked device still signed in: %d", res.StatusCode)
	}
	if res := laptop.Do("GET", "/api/auth/me", nil); res.StatusCode != 200 {
		t.Fatalf("revoking the other device signed this one out: %d", res.StatusCode)
	}
	wantError(t, laptop.Do("POST", "/api/v1/me/sessions/"+other+"/revoke", nil), 404, "not_found", "")

	for _, path := range []string{"/api/v1/me/sessions"} {
		wantError(t, env.NewClient(t).Do("GET", path, nil), 401, "unauthenticated", "sign in")
	}
}

func TestPasswordChangeEndsOtherSessions(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	a := env.NewClient(t)
	register(t, a, "Ravi", "ravi@example.in", "password1")
	b := env.NewClient(t)
	login(t, b, "ravi@example.in", "password1")

	wantError(t, a.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "wrong-one", "newPassword": "password2"}),
		400, "wrong_password", "current password")
	wantError(t, a.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "password1", "newPassword": "short"}),
		400, "invalid_field", "at least 8")
	if res := b.Do("GET", "/api/auth/me", nil); res.StatusCode != 200 {
		t.Fatal("a failed change ended the other session")
	}

	if res := a.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "password1", "newPassword": "password2"}); res.StatusCode != 200 {
		t.Fatalf("change = %d %s", res.StatusCode, res.Body)
	}
	if res := a.Do("GET", "/api/auth/me", nil); res.StatusCode != 200 {
		t.Fatal("the device that changed the password was signed out")
	}
	if res := b.Do("GET", "/api/auth/me", nil); res.StatusCode != 401 {
		t.Fatal("the other device is still signed in")
	}
	wantError(t, env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": "ravi@example.in", "password": "password1"}), 401, "", "")
	login(t, env.NewClient(t), "ravi@example.in", "password2")
}

func TestSessionExpiryAndLastSeen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	u := register(t, c, "Tara", "tara@example.in", "password1")

	var seen1, seen2 time.Time
	q := "SELECT last_seen_at FROM sessions WHERE user_id = $1"
	if err := env.DB.QueryRow(ctx, q, u.User.ID).Scan(&seen1); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		c.Do("GET", "/api/auth/me", nil)
	}
	if err := env.DB.QueryRow(ctx, q, u.User.ID).Scan(&seen2); err != nil {
		t.Fatal(err)
	}
	if !seen2.Equal(seen1) {
		t.Fatal("last_seen_at written on every request")
	}
	// Last used over a minute ago: a request records it and slides expiry
	// (within a second: the session may be answered from memory until the
	// change is announced).
	if _, err := env.DB.Exec(ctx, "UPDATE sessions SET last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 hour' WHERE user_id = $1", u.User.ID); err != nil {
		t.Fatal(err)
	}
	var expires time.Time
	eventually(t, time.Second, "a request after a minute records the use", func() bool {
		c.Do("GET", "/api/auth/me", nil)
		if err := env.DB.QueryRow(ctx, "SELECT last_seen_at, expires_at FROM sessions WHERE user_id = $1", u.User.ID).Scan(&seen2, &expires); err != nil {
			t.Fatal(err)
		}
		return time.Since(seen2) < 10*time.Second && time.Until(expires) > 24*time.Hour
	})
	// Idle past the sliding expiry: signed out.
	if _, err := env.DB.Exec(ctx, "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", u.User.ID); err != nil {
		t.Fatal(err)
	}
	refusedWithin(t, c, "an expired session is refused")
	// The sliding expiry never passes the absolute one.
	c2 := env.NewClient(t)
	login(t, c2, "tara@example.in", "password1")
	if _, err := env.DB.Exec(ctx, `UPDATE sessions SET last_seen_at = now() - interval '2 minutes',
		absolute_expires_at = now() + interval '5 minutes', expires_at = now() + interval '1 minute'
		WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`, u.User.ID); err != nil {
		t.Fatal(err)
	}
	eventually(t, time.Second, "a request after a minute slides the expiry", func() bool {
		c2.Do("GET", "/api/auth/me", nil)
		if err := env.DB.QueryRow(ctx, `SELECT last_seen_at, expires_at FROM sessions
			WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC LIMIT 1`, u.User.ID).Scan(&seen2, &expires); err != nil {
			t.Fatal(err)
		}
		return time.Since(seen2) < 10*time.Second
	})
	if time.Until(expires) > 6*time.Minute || time.Until(expires) < 4*time.Minute {
		t.Fatalf("sliding expiry %v: want the absolute limit, 5 minutes on", expires)
	}
}

func TestEmailVerification(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	register(t, c, "Neel Shah", "neel@example.in", "password1")

	wantError(t, env.NewClient(t).Do("POST", "/api/v1/auth/email/verify/start", nil), 401, "unauthenticated", "")
	if res := c.Do("POST", "/api/v1/auth/email/verify/start", nil); res.StatusCode != http.StatusAccepted {
		t.Fatalf("start = %d %s", res.StatusCode, res.Body)
	}
	m, ok := env.Mail.Last()
	if !ok || m.To != "neel@example.in" || !strings.Contains(m.Body, "Hello Neel,") {
		t.Fatalf("mail %+v", m)
	}
	link := regexp.MustCompile(`http://\S+/api/auth/email/verify\?token=\S+`).FindString(m.Body)
	if link == "" {
		t.Fatalf("no link in %q", m.Body)
	}
	u, _ := url.Parse(link)
	res := env.NewClient(t).Do("GET", u.RequestURI(), nil)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/account/profile?emailVerified=1" {
		t.Fatalf("follow link = %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	var me userResp
	c.Do("GET", "/api/auth/me", nil).JSON(t, &me)
	if !me.User.EmailVerified {
		t.Fatal("e-mail not verified after following the link")
	}
	res = env.NewClient(t).Do("GET", u.RequestURI(), nil)
	if res.Header.Get("Location") != "/account/profile?emailVerified=0" {
		t.Fatalf("reused link = %s", res.Header.Get("Location"))
	}
	wantError(t, c.Do("POST", "/api/auth/email/verify/start", nil), 409, "already_verified", "already verified")
}

func TestOAuthNotConfigured(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	for from, ret := range map[string]string{"/contact": "/contact", "//evil.example": "/", "https://evil.example/x": "/"} {
		res := env.NewClient(t).Do("GET", "/api/oauth/google/start?from="+url.QueryEscape(from), nil)
		loc, _ := url.Parse(res.Header.Get("Location"))
		if res.StatusCode != http.StatusFound || loc == nil || loc.Path != "/auth/login" || loc.Query().Get("ret") != ret ||
			!strings.Contains(loc.Query().Get("oauthError"), "not available") {
			t.Fatalf("from %s: %d → %s", from, res.StatusCode, res.Header.Get("Location"))
		}
	}
}

func startOIDC(t *testing.T) (*mockoidc.MockOIDC, map[string]*auth.Provider) {
	t.Helper()
	m, err := mockoidc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })
	cfg := m.Config()
	return m, map[string]*auth.Provider{"google": {Name: "google", Issuer: m.Issuer(), ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret}}
}

// oauthSignIn walks the browser through the provider: our start → the
// provider's authorize endpoint → our callback. It returns the final
// redirect of the callback.
func oauthSignIn(t *testing.T, c *apitest.Client, from string) string {
	t.Helper()
	res := c.Do("GET", "/api/oauth/google/start?from="+url.QueryEscape(from), nil)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("start = %d %s", res.StatusCode, res.Body)
	}
	authorize := res.Header.Get("Location")
	au, _ := url.Parse(authorize)
	if au.Query().Get("code_challenge") == "" || au.Query().Get("nonce") == "" || au.Query().Get("state") == "" {
		t.Fatalf("authorize URL lacks PKCE, nonce or state: %s", authorize)
	}
	pres, err := c.HTTP.Get(authorize)
	if err != nil {
		t.Fatal(err)
	}
	pres.Body.Close()
	cb, _ := url.Parse(pres.Header.Get("Location"))
	if cb == nil || cb.Path != "/api/oauth/google/callback" {
		t.Fatalf("provider redirected to %q", pres.Header.Get("Location"))
	}
	res = c.Do("GET", cb.RequestURI(), nil)
	if res.StatusCode != http.StatusFound {
		t.Fatalf("callback = %d %s", res.StatusCode, res.Body)
	}
	return res.Header.Get("Location")
}

// verifyEmail follows the verification link mailed to the client's account.
func verifyEmail(t *testing.T, env *apitest.Env, c *apitest.Client) {
	t.Helper()
	if res := c.Do("POST", "/api/v1/auth/email/verify/start", nil); res.StatusCode != http.StatusAccepted {
		t.Fatalf("start verification = %d %s", res.StatusCode, res.Body)
	}
	m, _ := env.Mail.Last()
	u, err := url.Parse(regexp.MustCompile(`http://\S+/api/auth/email/verify\?token=\S+`).FindString(m.Body))
	if err != nil || u.RawQuery == "" {
		t.Fatalf("no link in %q", m.Body)
	}
	if res := env.NewClient(t).Do("GET", u.RequestURI(), nil); res.Header.Get("Location") != "/account/profile?emailVerified=1" {
		t.Fatalf("verify = %s", res.Header.Get("Location"))
	}
}

func TestOAuthEndToEnd(t *testing.T) {
	t.Parallel()
	oidc, providers := startOIDC(t)
	env := apitest.New(t, apitest.Options{Providers: providers})

	// A password account that verified its e-mail: the identity links to
	// it, and the password still works.
	owner := env.NewClient(t)
	register(t, owner, "Kavya Iyer", "kavya@example.in", "password1")
	verifyEmail(t, env, owner)

	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-123", Email: "kavya@example.in", EmailVerified: true})
	c := env.NewClient(t)
	if dest := oauthSignIn(t, c, "/flights?from=BOM"); dest != "/flights?from=BOM" {
		t.Fatalf("returned to %q", dest)
	}
	var me userResp
	res := c.Do("GET", "/api/auth/me", nil)
	res.JSON(t, &me)
	if res.StatusCode != 200 || me.User.FullName != "Kavya Iyer" || !me.User.EmailVerified {
		t.Fatalf("me after provider sign-in = %d %s", res.StatusCode, res.Body)
	}
	if res := owner.Do("GET", "/api/auth/me", nil); res.StatusCode != 200 {
		t.Fatal("linking a verified account ended its owner's session")
	}
	if res := env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": "kavya@example.in", "password": "password1"}); res.StatusCode != 200 {
		t.Fatalf("the verified owner's password stopped working: %d", res.StatusCode)
	}

	// A new person: an account is created, verified, with the chosen return path.
	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-456", Email: "new.person@example.in", EmailVerified: true})
	c2 := env.NewClient(t)
	if dest := oauthSignIn(t, c2, "//evil.example"); dest != "/" {
		t.Fatalf("open redirect through from: %q", dest)
	}
	c2.Do("GET", "/api/auth/me", nil).JSON(t, &me)
	if me.User.Email != "new.person@example.in" || me.User.FullName != "new.person" || !me.User.EmailVerified {
		t.Fatalf("created user %+v", me.User)
	}

	// The same identity again, even after an e-mail change at the provider,
	// finds the same account.
	firstID := me.User.ID
	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-456", Email: "renamed@example.in", EmailVerified: true})
	c3 := env.NewClient(t)
	oauthSignIn(t, c3, "/")
	c3.Do("GET", "/api/auth/me", nil).JSON(t, &me)
	if me.User.ID != firstID {
		t.Fatal("the same provider identity got a second account")
	}

	// An unverified provider e-mail is refused.
	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-789", Email: "kavya@example.in", EmailVerified: false})
	c4 := env.NewClient(t)
	dest := oauthSignIn(t, c4, "/contact")
	if !strings.HasPrefix(dest, "/auth/login?") || !strings.Contains(dest, "not+verified") {
		t.Fatalf("unverified e-mail: %q", dest)
	}
	if res := c4.Do("GET", "/api/auth/me", nil); res.StatusCode != 401 {
		t.Fatal("signed in with an unverified provider e-mail")
	}
}

// Pre-hijacking: someone registers an address they do not own and waits.
// When the address's owner signs in with Google, the account is theirs
// alone: the squatter's password no longer works and their session ends.
func TestOAuthTakesOverUnverifiedAccount(t *testing.T) {
	t.Parallel()
	oidc, providers := startOIDC(t)
	env := apitest.New(t, apitest.Options{Providers: providers})
	squatter := env.NewClient(t)
	register(t, squatter, "Not Meera", "meera@example.in", "squatter1")

	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-meera", Email: "meera@example.in", EmailVerified: true})
	meera := env.NewClient(t)
	if dest := oauthSignIn(t, meera, "/"); dest != "/" {
		t.Fatalf("sign-in returned to %q", dest)
	}
	var me userResp
	meera.Do("GET", "/api/auth/me", nil).JSON(t, &me)
	if me.User.Email != "meera@example.in" || !me.User.EmailVerified {
		t.Fatalf("the owner got %+v", me.User)
	}
	if res := squatter.Do("GET", "/api/auth/me", nil); res.StatusCode != 401 {
		t.Fatalf("the squatter's session survived: %d", res.StatusCode)
	}
	if res := env.NewClient(t).Do("POST", "/api/auth/login", map[string]string{"email": "meera@example.in", "password": "squatter1"}); res.StatusCode == 200 {
		t.Fatal("the squatter's password still signs in")
	}
}

// A state is single use and belongs to the browser that started the
// sign-in: the callback URL replayed from another browser (login CSRF)
// signs nobody in, the same browser's double submit signs in once, and a
// forged state is refused.
func TestOAuthStateIsSingleUse(t *testing.T) {
	t.Parallel()
	oidc, providers := startOIDC(t)
	env := apitest.New(t, apitest.Options{Providers: providers})
	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-1", Email: "one@example.in", EmailVerified: true})
	c := env.NewClient(t)
	res := c.Do("GET", "/api/oauth/google/start?from=/", nil)
	if ck := res.Header.Get("Set-Cookie"); !strings.Contains(ck, auth.OAuthCookieName+"=") || !strings.Contains(ck, "HttpOnly") ||
		!strings.Contains(ck, "SameSite=Lax") || !strings.Contains(ck, "Max-Age=600") {
		t.Fatalf("binding cookie = %q", ck)
	}
	pres, err := c.HTTP.Get(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	pres.Body.Close()
	cb, _ := url.Parse(pres.Header.Get("Location"))

	attacker := env.NewClient(t)
	if loc := attacker.Do("GET", cb.RequestURI(), nil).Header.Get("Location"); !strings.HasPrefix(loc, "/auth/login?") {
		t.Fatalf("callback from another browser → %q", loc)
	}
	if res := attacker.Do("GET", "/api/auth/me", nil); res.StatusCode != 401 {
		t.Fatal("another browser was signed in with someone else's callback")
	}

	var wg sync.WaitGroup
	results := make([]string, 2)
	for i := range results {
		wg.Go(func() {
			same := env.NewClient(t)
			same.HTTP.Jar = c.HTTP.Jar
			results[i] = same.Do("GET", cb.RequestURI(), nil).Header.Get("Location")
		})
	}
	wg.Wait()
	ok := 0
	for _, loc := range results {
		if loc == "/" {
			ok++
		}
	}
	if ok != 1 {
		t.Fatalf("one callback used twice by its own browser: %v", results)
	}
	forged := env.NewClient(t).Do("GET", "/api/oauth/google/callback?state=forged&code=x", nil)
	if loc := forged.Header.Get("Location"); !strings.HasPrefix(loc, "/auth/login?") {
		t.Fatalf("forged state → %q", loc)
	}
}

// Over https (PUBLIC_URL) the session cookie is Secure with the __Host-
// prefix, and links in e-mails use the configured origin whatever Host the
// request carried.
func TestCookiesAndLinksFromConfiguration(t *testing.T) {
	t.Parallel()
	cfg := auth.DefaultConfig()
	cfg.PublicURL = "https://paryatan.example"
	env := apitest.New(t, apitest.Options{Auth: &cfg})
	c := env.NewClient(t)
	c.Header.Set("X-Forwarded-Host", "evil.example")
	res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": "Asha Rao", "email": "asha@example.in", "password": "password1"})
	ck := res.Header.Get("Set-Cookie")
	if res.StatusCode != 201 || !strings.HasPrefix(ck, "__Host-"+auth.CookieName+"=") || !strings.Contains(ck, "Secure") ||
		!strings.Contains(ck, "Path=/") || strings.Contains(ck, "Domain=") {
		t.Fatalf("register = %d, cookie %q", res.StatusCode, ck)
	}
	// The test client speaks plain http, so it sends the cookie by hand.
	token := strings.TrimPrefix(strings.SplitN(ck, ";", 2)[0], "__Host-"+auth.CookieName+"=")
	req := env.NewClient(t)
	req.Header.Set("Cookie", "__Host-"+auth.CookieName+"="+token)
	req.Header.Set("Host", "evil.example")
	if res := req.Do("POST", "/api/v1/auth/email/verify/start", nil); res.StatusCode != http.StatusAccepted {
		t.Fatalf("verify start = %d %s", res.StatusCode, res.Body)
	}
	m, _ := env.Mail.Last()
	if !strings.Contains(m.Body, "https://paryatan.example/api/auth/email/verify?token=") || strings.Contains(m.Body, "evil.example") {
		t.Fatalf("link built from the request: %q", m.Body)
	}
}
