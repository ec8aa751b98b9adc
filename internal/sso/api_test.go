package sso_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/sso"
)

const (
	// publicURL is the site's origin, the same on every replica (each test
	// server listens elsewhere).
	publicURL     = "http://paryatan.localhost:8080"
	partnerOrigin = "http://visa.localhost:8090"
	partnerSecret = "visa-partner-secret-0123456789"
)

// clock is the server's sign-on clock, which tests move.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// bundle is a server with the visa partner configured, its key file and
// its clock.
type bundle struct {
	env      *apitest.Env
	clock    *clock
	start    time.Time
	keysPath string
	keys     []jose.JSONWebKey
}

// setup starts a server whose key file holds keys (the first signs), the
// visa partner configured with partnerSecret, and the clock stopped at the
// start of a minute (so the ticket limit's window does not turn mid-test).
// Its replicas share all three, and the database.
func setup(t *testing.T, keys ...jose.JSONWebKey) *bundle {
	t.Helper()
	start := time.Now().Truncate(time.Minute).Add(time.Minute)
	b := &bundle{clock: &clock{now: start}, start: start, keysPath: filepath.Join(t.TempDir(), "sso-keys.json"), keys: keys}
	b.writeKeys(t, keys...)
	b.env = apitest.New(t, apitest.Options{
		Vars: map[string]string{"PUBLIC_URL": publicURL, "VISA_PARTNER_ORIGIN": partnerOrigin, "VISA_PARTNER_SECRET": partnerSecret, "SSO_SIGNING_KEYS_FILE": b.keysPath},
		SSO:  func(c *sso.Config) { c.Now = b.clock.Now },
	})
	return b
}

func (b *bundle) writeKeys(t *testing.T, keys ...jose.JSONWebKey) {
	t.Helper()
	raw, err := json.Marshal(jose.JSONWebKeySet{Keys: keys})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b.keysPath, raw, 0o600); err != nil {
		t.Fatal(err)
	}
}

func newKey(t *testing.T, alg jose.SignatureAlgorithm, kid string) jose.JSONWebKey {
	t.Helper()
	k, err := sso.GenerateKey(alg)
	if err != nil {
		t.Fatal(err)
	}
	k.KeyID = kid
	return k
}

// signUp registers a traveller and returns their signed-in client and id.
func signUp(t *testing.T, env *apitest.Env, email, name, accountType string) (*apitest.Client, string) {
	t.Helper()
	c := env.NewClient(t)
	res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": name, "email": email, "password": "password1", "accountType": accountType})
	var body struct {
		User struct {
			ID string `json:"_id"`
		}
	}
	res.JSON(t, &body)
	if res.StatusCode != http.StatusCreated || body.User.ID == "" {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	return c, body.User.ID
}

type ticketAnswer struct {
	RedirectURL string `json:"redirectUrl"`
}

// issue asks for a visa ticket and returns it and the redirect URL.
func issue(t *testing.T, c *apitest.Client, ret string) (string, *url.URL) {
	t.Helper()
	res := c.Do("POST", "/api/v1/sso/ticket", map[string]string{"aud": "visa", "return": ret})
	var a ticketAnswer
	res.JSON(t, &a)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("ticket = %d %s", res.StatusCode, res.Body)
	}
	u, err := url.Parse(a.RedirectURL)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("ticket"), u
}

// partner is the visa partner's server: HTTP Basic auth, no cookies.
func partner(t *testing.T, env *apitest.Env, user, secret string) *apitest.Client {
	t.Helper()
	c := env.NewClient(t)
	c.HTTP.Jar = nil
	if user != "" {
		c.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(user+":"+secret)))
	}
	return c
}

type redemption struct {
	User struct {
		ID, Email, Name, AccountType string
		EmailVerified                bool
	}
	TicketID  string
	ExpiresAt time.Time
}

// ticketClaims is what a ticket says, as a partner reads it.
type ticketClaims struct {
	jwt.Claims
	Email       string `json:"email"`
	Name        string `json:"name"`
	AccountType string `json:"account_type"`
}

// A signed-in traveller's ticket is a JWS signed with the first key (its
// kid in the header, verifiable with the published keys) naming them for
// the visa partner for 60 seconds, in the URL the browser goes to; the
// return path reaches the partner only when it is a relative path there.
func TestTicket(t *testing.T) {
	t.Parallel()
	b := setup(t, newKey(t, jose.EdDSA, "2026-05"), newKey(t, jose.ES256, "2026-01"))
	c, id := signUp(t, b.env, "asha@example.in", "Asha Rao", "personal")

	token, u := issue(t, c, "/go-for-visa?country=ae")
	if u.Scheme+"://"+u.Host != publicURL || u.Path != "/sso/consume" || !strings.HasPrefix(u.RawQuery, "ticket=") ||
		u.Query().Get("ret") != "/go-for-visa?country=ae" || len(u.Query()) != 2 {
		t.Fatalf("redirect URL %s", u)
	}
	var jwks jose.JSONWebKeySet
	b.env.NewClient(t).Do("GET", "/.well-known/jwks.json", nil).JSON(t, &jwks)
	tok, err := jwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.EdDSA, jose.ES256})
	if err != nil {
		t.Fatal(err)
	}
	h := tok.Headers[0]
	if h.KeyID != "2026-05" || h.Algorithm != "EdDSA" || h.ExtraHeaders["typ"] != "JWT" {
		t.Fatalf("header %+v", h)
	}
	keys := jwks.Key(h.KeyID)
	if len(keys) != 1 {
		t.Fatalf("kid %q is not published: %+v", h.KeyID, jwks)
	}
	var cl ticketClaims
	if err := tok.Claims(keys[0], &cl); err != nil {
		t.Fatalf("the published key does not verify the ticket: %v", err)
	}
	now := b.clock.Now()
	if cl.Issuer != publicURL || len(cl.Audience) != 1 || cl.Audience[0] != "visa" || cl.Subject != id ||
		cl.Email != "asha@example.in" || cl.Name != "Asha Rao" || cl.AccountType != "personal" ||
		!cl.IssuedAt.Time().Equal(now) || !cl.NotBefore.Time().Equal(now) || !cl.Expiry.Time().Equal(now.Add(60*time.Second)) {
		t.Fatalf("claims %+v", cl)
	}
	if jti, err := base64.RawURLEncoding.DecodeString(cl.ID); err != nil || len(jti) < 16 {
		t.Fatalf("jti %q: want at least 128 random bits, base64url", cl.ID)
	}
	if _, again := issue(t, c, "/go-for-visa"); again.Query().Get("ticket") == token {
		t.Fatal("two tickets are the same")
	}

	for _, ret := range []string{"//evil.com", "https://evil.com", "/\\evil", "javascript:alert(document.cookie)", "", "/" + strings.Repeat("x", 600)} {
		if _, u := issue(t, c, ret); u.Query().Get("ret") != "/go-for-visa" {
			t.Errorf("return %q became %q", ret, u.Query().Get("ret"))
		}
	}

	// A MyBiz account is a business account to the partner.
	biz, _ := signUp(t, b.env, "ravi@acme.example.in", "Ravi Iyer", "biz")
	token, _ = issue(t, biz, "/go-for-visa")
	tok, _ = jwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.EdDSA})
	if err := tok.Claims(keys[0], &cl); err != nil || cl.AccountType != "business" {
		t.Fatalf("business claims %+v %v", cl, err)
	}
}

// Tickets are for signed-in travellers, for a configured partner, from the
// site's own pages, and at most 30 a minute each.
func TestTicketRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t, newKey(t, jose.EdDSA, "k1"))
	c, _ := signUp(t, b.env, "asha@example.in", "Asha Rao", "personal")

	res := b.env.NewClient(t).Do("POST", "/api/v1/sso/ticket", map[string]string{"aud": "visa"})
	if code, _ := res.Error(t); res.StatusCode != http.StatusUnauthorized || code != "unauthenticated" {
		t.Errorf("visitor = %d %s", res.StatusCode, res.Body)
	}
	res = c.Do("POST", "/api/v1/sso/ticket", map[string]string{"aud": "concierge"})
	if code, _ := res.Error(t); res.StatusCode != http.StatusBadRequest || code != "unknown_audience" {
		t.Errorf("unknown audience = %d %s", res.StatusCode, res.Body)
	}
	cross := b.env.NewClient(t)
	cross.HTTP.Jar = c.HTTP.Jar
	cross.Header.Set("Sec-Fetch-Site", "cross-site")
	cross.Header.Set("Origin", "https://evil.example")
	res = cross.Do("POST", "/api/v1/sso/ticket", map[string]string{"aud": "visa"})
	if code, _ := res.Error(t); res.StatusCode != http.StatusForbidden || code != "cross_origin" {
		t.Errorf("cross-origin = %d %s", res.StatusCode, res.Body)
	}

	// The refused audience counted; the cross-origin request never reached
	// the handler. 29 more make 30, the limit.
	for i := 0; i < 29; i++ {
		issue(t, c, "/go-for-visa")
	}
	res = c.Do("POST", "/api/v1/sso/ticket", map[string]string{"aud": "visa"})
	if code, _ := res.Error(t); res.StatusCode != http.StatusTooManyRequests || code != "rate_limited" || res.Header.Get("Retry-After") == "" {
		t.Fatalf("31st ticket in a minute = %d %s (Retry-After %q)", res.StatusCode, res.Body, res.Header.Get("Retry-After"))
	}
	other, _ := signUp(t, b.env, "bob@example.in", "Bob", "personal")
	issue(t, other, "/go-for-visa")
	b.clock.Set(b.start.Add(time.Minute))
	issue(t, c, "/go-for-visa")
}

// Without a key file local mode signs with a key made at start; without a
// partner no ticket is issued and nothing more may be framed.
func TestNoPartner(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{Vars: map[string]string{"VISA_PARTNER_ORIGIN": partnerOrigin}})
	var jwks jose.JSONWebKeySet
	env.NewClient(t).Do("GET", "/.well-known/jwks.json", nil).JSON(t, &jwks)
	if len(jwks.Keys) != 1 || jwks.Keys[0].Algorithm != "EdDSA" || !jwks.Keys[0].IsPublic() {
		t.Fatalf("local mode's key %+v", jwks.Keys)
	}
	c, _ := signUp(t, env, "asha@example.in", "Asha Rao", "personal")
	issue(t, c, "/go-for-visa")
	if csp := c.Do("GET", "/visa", nil).Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-src 'self' https://www.openstreetmap.org "+partnerOrigin+";") {
		t.Errorf("CSP with a partner: %s", csp)
	}

	none := apitest.New(t, apitest.Options{})
	c, _ = signUp(t, none, "asha@example.in", "Asha Rao", "personal")
	res := c.Do("POST", "/api/v1/sso/ticket", map[string]string{"aud": "visa"})
	if code, _ := res.Error(t); res.StatusCode != http.StatusBadRequest || code != "unknown_audience" {
		t.Errorf("no partner = %d %s", res.StatusCode, res.Body)
	}
	if csp := c.Do("GET", "/visa", nil).Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-src 'self' https://www.openstreetmap.org;") {
		t.Errorf("CSP without a partner: %s", csp)
	}
}

// The published keys are the public halves of every configured key, the
// signing key first, cacheable for five minutes, with no private part.
func TestJWKS(t *testing.T) {
	t.Parallel()
	b := setup(t, newKey(t, jose.EdDSA, "new"), newKey(t, jose.ES256, "old"))
	res := b.env.NewClient(t).Do("GET", "/.well-known/jwks.json", nil)
	if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "public, max-age=300" {
		t.Fatalf("jwks = %d %s (Cache-Control %q)", res.StatusCode, res.Body, res.Header.Get("Cache-Control"))
	}
	var raw struct{ Keys []map[string]any }
	res.JSON(t, &raw)
	if len(raw.Keys) != 2 {
		t.Fatalf("jwks %s", res.Body)
	}
	for i, want := range []map[string]any{{"kid": "new", "kty": "OKP", "crv": "Ed25519", "alg": "EdDSA", "use": "sig"},
		{"kid": "old", "kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig"}} {
		for k, v := range want {
			if raw.Keys[i][k] != v {
				t.Errorf("key %d: %s = %v, want %v", i, k, raw.Keys[i][k], v)
			}
		}
		for _, private := range []string{"d", "p", "q", "dp", "dq", "qi", "k"} {
			if _, ok := raw.Keys[i][private]; ok {
				t.Errorf("key %d publishes its private part %q", i, private)
			}
		}
	}
	var set jose.JSONWebKeySet
	res.JSON(t, &set)
	for _, k := range set.Keys {
		if !k.IsPublic() || !k.Valid() {
			t.Errorf("key %s is not a valid public key", k.KeyID)
		}
	}
}

// Twenty redemptions of one ticket at once, on two replicas sharing the
// database: exactly one gets the user, every other is told it was used.
func TestRedeemOnceAcrossReplicas(t *testing.T) {
	t.Parallel()
	b := setup(t, newKey(t, jose.EdDSA, "k1"))
	replica := b.env.Replica(t)
	c, id := signUp(t, b.env, "asha@example.in", "Asha Rao", "personal")
	token, _ := issue(t, c, "/go-for-visa")

	const n = 20
	clients := make([]*apitest.Client, n)
	for i := range clients {
		env := b.env
		if i%2 == 1 {
			env = replica
		}
		clients[i] = partner(t, env, "visa", partnerSecret)
	}
	answers := make([]*apitest.Response, n)
	var wg sync.WaitGroup
	ready := make(chan struct{})
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-ready
			res, err := clients[i].DoContext(context.Background(), "POST", "/api/v1/sso/redeem", map[string]string{"ticket": token})
			if err != nil {
				t.Error(err)
				return
			}
			answers[i] = res
		}()
	}
	close(ready)
	wg.Wait()
	var won []redemption
	used := 0
	for _, res := range answers {
		if res == nil {
			t.FailNow()
		}
		switch res.StatusCode {
		case http.StatusOK:
			var r redemption
			res.JSON(t, &r)
			won = append(won, r)
		case http.StatusConflict:
			if code, _ := res.Error(t); code == "ticket_used" {
				used++
			}
		default:
			t.Errorf("redeem = %d %s", res.StatusCode, res.Body)
		}
	}
	if len(won) != 1 || used != n-1 {
		t.Fatalf("%d redemptions succeeded and %d were told the ticket was used, want 1 and %d", len(won), used, n-1)
	}
	r := won[0]
	if r.User.ID != id || r.User.Email != "asha@example.in" || r.User.Name != "Asha Rao" || r.User.AccountType != "personal" ||
		r.User.EmailVerified || r.TicketID == "" || !r.ExpiresAt.Equal(b.start.Add(60*time.Second)) {
		t.Fatalf("redemption %+v", r)
	}
	var rows int
	if err := b.env.DB.QueryRow(context.Background(), `SELECT count(*) FROM sso_redemptions WHERE jti = $1 AND audience = 'visa' AND user_id = $2`,
		r.TicketID, id).Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("redemption rows %d %v", rows, err)
	}
	// Later, on either replica, it is still used.
	for _, env := range []*apitest.Env{b.env, replica} {
		res := partner(t, env, "visa", partnerSecret).Do("POST", "/api/v1/sso/redeem", map[string]string{"ticket": token})
		if code, _ := res.Error(t); res.StatusCode != http.StatusConflict || code != "ticket_used" {
			t.Errorf("redeem again = %d %s", res.StatusCode, res.Body)
		}
	}
}

// forge signs claims with key, as someone holding it (or pretending to)
// would.
func forge(t *testing.T, key jose.JSONWebKey, claims any) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(key.Algorithm), Key: key}, (&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := jwt.Signed(signer).Claims(claims).Serialize()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Only the partner's server redeems, with its credentials; a ticket that is
// malformed, altered, signed by an unknown key, for another partner or
// issuer, expired or not yet valid (beyond 5 s of clock skew), or whose
// user is gone is refused, and a refusal does not use the ticket up.
func TestRedeemRefusals(t *testing.T) {
	t.Parallel()
	key := newKey(t, jose.EdDSA, "k1")
	b := setup(t, key)
	c, id := signUp(t, b.env, "asha@example.in", "Asha Rao", "personal")
	_, otherID := signUp(t, b.env, "bob@example.in", "Bob", "personal")
	visa := partner(t, b.env, "visa", partnerSecret)
	redeem := func(p *apitest.Client, token string) (int, string, *apitest.Response) {
		t.Helper()
		res := p.Do("POST", "/api/v1/sso/redeem", map[string]string{"ticket": token})
		if res.StatusCode == http.StatusOK {
			return res.StatusCode, "", res
		}
		code, _ := res.Error(t)
		return res.StatusCode, code, res
	}

	token, _ := issue(t, c, "/go-for-visa")
	for _, tc := range []struct {
		name   string
		client *apitest.Client
	}{
		{"no credentials", partner(t, b.env, "", "")},
		{"wrong secret", partner(t, b.env, "visa", partnerSecret+"x")},
		{"another partner's name", partner(t, b.env, "concierge", partnerSecret)},
		{"empty secret", partner(t, b.env, "visa", "")},
	} {
		status, code, res := redeem(tc.client, token)
		if status != http.StatusUnauthorized || code != "unauthorized" || !strings.HasPrefix(res.Header.Get("WWW-Authenticate"), "Basic ") {
			t.Errorf("%s = %d %s (WWW-Authenticate %q)", tc.name, status, code, res.Header.Get("WWW-Authenticate"))
		}
	}

	now := b.clock.Now()
	claims := func(edit func(*ticketClaims)) ticketClaims {
		c := ticketClaims{Claims: jwt.Claims{Issuer: publicURL, Audience: jwt.Audience{"visa"}, Subject: id, ID: "forged-ticket-id-0001",
			IssuedAt: jwt.NewNumericDate(now), NotBefore: jwt.NewNumericDate(now), Expiry: jwt.NewNumericDate(now.Add(time.Minute))},
			Email: "asha@example.in", Name: "Asha Rao", AccountType: "personal"}
		if edit != nil {
			edit(&c)
		}
		return c
	}
	parts := strings.Split(token, ".")
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	altered := strings.Replace(string(payload), id, otherID, 1)
	sig := []byte(parts[2])
	sig[10] ^= 1
	for _, tc := range []struct{ name, token string }{
		{"empty", ""},
		{"not a JWS", "not-a-ticket"},
		{"unsigned", base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","kid":"k1"}`)) + "." + parts[1] + "."},
		{"payload altered", parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(altered)) + "." + parts[2]},
		{"signature altered", parts[0] + "." + parts[1] + "." + string(sig)},
		{"unknown kid", forge(t, newKey(t, jose.EdDSA, "stranger"), claims(nil))},
		{"another key under the kid", forge(t, newKey(t, jose.EdDSA, "k1"), claims(nil))},
		{"another audience", forge(t, key, claims(func(c *ticketClaims) { c.Audience = jwt.Audience{"concierge"} }))},
		{"another issuer", forge(t, key, claims(func(c *ticketClaims) { c.Issuer = "https://evil.example" }))},
		{"no expiry", forge(t, key, claims(func(c *ticketClaims) { c.Expiry = nil }))},
		{"not a user id", forge(t, key, claims(func(c *ticketClaims) { c.Subject = "asha" }))},
	} {
		if status, code, res := redeem(visa, tc.token); status != http.StatusUnauthorized || code != "invalid_ticket" {
			t.Errorf("%s = %d %s", tc.name, status, res.Body)
		}
	}
	// None of that used the real ticket up.
	if status, _, res := redeem(visa, token); status != http.StatusOK {
		t.Fatalf("the ticket after refusals = %d %s", status, res.Body)
	}

	// Times, with 5 s of skew between replicas' clocks.
	early, _ := issue(t, c, "/go-for-visa")
	late, _ := issue(t, c, "/go-for-visa")
	b.clock.Set(b.start.Add(66 * time.Second))
	if status, code, _ := redeem(visa, early); status != http.StatusUnauthorized || code != "invalid_ticket" {
		t.Errorf("a ticket 6 s past its expiry = %d %s", status, code)
	}
	b.clock.Set(b.start.Add(64 * time.Second))
	if status, _, res := redeem(visa, late); status != http.StatusOK {
		t.Errorf("a ticket 4 s past its expiry = %d %s", status, res.Body)
	}
	b.clock.Set(b.start.Add(30 * time.Second))
	future, _ := issue(t, c, "/go-for-visa")
	b.clock.Set(b.start.Add(24 * time.Second))
	if status, code, _ := redeem(visa, future); status != http.StatusUnauthorized || code != "invalid_ticket" {
		t.Errorf("a ticket valid 6 s from now = %d %s", status, code)
	}
	b.clock.Set(b.start.Add(26 * time.Second))
	if status, _, res := redeem(visa, future); status != http.StatusOK {
		t.Errorf("a ticket valid 4 s from now = %d %s", status, res.Body)
	}

	// A user deleted since.
	gone, goneID := signUp(t, b.env, "gone@example.in", "Gone", "personal")
	goneTicket, _ := issue(t, gone, "/go-for-visa")
	if _, err := b.env.DB.Exec(context.Background(), `DELETE FROM users WHERE id = $1`, goneID); err != nil {
		t.Fatal(err)
	}
	if status, code, _ := redeem(visa, goneTicket); status != http.StatusUnauthorized || code != "invalid_ticket" {
		t.Errorf("a deleted user's ticket = %d %s", status, code)
	}
}

// Rotation: a new key put first signs from then on, and a ticket the old
// key signed still redeems while the old key is listed; once it is removed
// such a ticket is refused. The file is reloaded, not the process; a file
// that does not parse leaves the keys in force.
func TestKeyRotation(t *testing.T) {
	t.Parallel()
	oldKey, newKey := newKey(t, jose.EdDSA, "2026-01"), newKey(t, jose.ES256, "2026-05")
	b := setup(t, oldKey)
	c, _ := signUp(t, b.env, "asha@example.in", "Asha Rao", "personal")
	visa := partner(t, b.env, "visa", partnerSecret)
	kid := func(token string) string {
		tok, err := jwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.EdDSA, jose.ES256})
		if err != nil {
			t.Fatal(err)
		}
		return tok.Headers[0].KeyID
	}
	reload := func(keys ...jose.JSONWebKey) {
		t.Helper()
		b.writeKeys(t, keys...)
		if changed, err := b.env.SSO.Keys().Reload(); !changed || err != nil {
			t.Fatalf("reload: %v %v", changed, err)
		}
	}
	redeem := func(token string) *apitest.Response {
		return visa.Do("POST", "/api/v1/sso/redeem", map[string]string{"ticket": token})
	}
	first, _ := issue(t, c, "/go-for-visa")
	second, _ := issue(t, c, "/go-for-visa")
	if kid(first) != "2026-01" {
		t.Fatalf("signed by %q", kid(first))
	}

	reload(newKey, oldKey)
	rotated, _ := issue(t, c, "/go-for-visa")
	if kid(rotated) != "2026-05" {
		t.Fatalf("after rotation signed by %q", kid(rotated))
	}
	if res := redeem(first); res.StatusCode != http.StatusOK {
		t.Fatalf("the old key's ticket during rotation = %d %s", res.StatusCode, res.Body)
	}
	if res := redeem(rotated); res.StatusCode != http.StatusOK {
		t.Fatalf("the new key's ticket = %d %s", res.StatusCode, res.Body)
	}

	reload(newKey)
	if res := redeem(second); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the old key's ticket after it was removed = %d %s", res.StatusCode, res.Body)
	} else if code, _ := res.Error(t); code != "invalid_ticket" {
		t.Fatalf("code %s", code)
	}
	var jwks jose.JSONWebKeySet
	b.env.NewClient(t).Do("GET", "/.well-known/jwks.json", nil).JSON(t, &jwks)
	if len(jwks.Keys) != 1 || jwks.Keys[0].KeyID != "2026-05" {
		t.Fatalf("published after rotation: %+v", jwks.Keys)
	}

	if err := os.WriteFile(b.keysPath, []byte(`{"keys": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := b.env.SSO.Keys().Reload(); err == nil {
		t.Fatal("a broken key file was accepted")
	}
	if token, _ := issue(t, c, "/go-for-visa"); kid(token) != "2026-05" {
		t.Fatalf("after a broken file signed by %q", kid(token))
	}
}

// Redemptions are kept a day past their ticket's expiry, then swept.
func TestCleanup(t *testing.T) {
	t.Parallel()
	b := setup(t, newKey(t, jose.EdDSA, "k1"))
	c, _ := signUp(t, b.env, "asha@example.in", "Asha Rao", "personal")
	visa := partner(t, b.env, "visa", partnerSecret)
	old, _ := issue(t, c, "/go-for-visa")
	visa.Do("POST", "/api/v1/sso/redeem", map[string]string{"ticket": old})
	b.clock.Set(b.start.Add(24*time.Hour + 30*time.Second))
	recent, _ := issue(t, c, "/go-for-visa")
	visa.Do("POST", "/api/v1/sso/redeem", map[string]string{"ticket": recent})

	b.clock.Set(b.start.Add(24*time.Hour + 61*time.Second))
	if err := b.env.SSO.Cleanup(context.Background()); err != nil {
		t.Fatal(err)
	}
	var left []time.Time
	rows, err := b.env.DB.Query(context.Background(), `SELECT expires_at FROM sso_redemptions`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var e time.Time
		if err := rows.Scan(&e); err != nil {
			t.Fatal(err)
		}
		left = append(left, e)
	}
	if rows.Err() != nil || len(left) != 1 || !left[0].Equal(b.start.Add(24*time.Hour+90*time.Second)) {
		t.Fatalf("left after the sweep: %v %v", left, rows.Err())
	}
}
