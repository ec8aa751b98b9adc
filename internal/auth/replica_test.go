package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/auth"
)

// Each replica answers the session check from memory; a change made on
// another replica must still hold on it within a second.
const propagation = time.Second

// eventually polls cond until it holds, failing the test after within.
func eventually(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %s: %s", within, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// replicas starts two servers on one database and waits until both
// listeners vouch for their caches.
func replicas(t *testing.T) (a, b *apitest.Env) {
	t.Helper()
	a = apitest.New(t, apitest.Options{})
	b = a.Replica(t)
	for _, env := range []*apitest.Env{a, b} {
		eventually(t, 10*time.Second, "the session cache listens", func() bool { return env.Auth.CacheStats().Listening })
	}
	return a, b
}

// sessionToken is the session cookie c holds for env.
func sessionToken(t *testing.T, env *apitest.Env, c *apitest.Client) string {
	t.Helper()
	u, _ := url.Parse(env.URL)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == auth.CookieName {
			return ck.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}

// device is a client of env sending this session token.
func device(t *testing.T, env *apitest.Env, token string) *apitest.Client {
	c := env.NewClient(t)
	c.Header.Set("Cookie", auth.CookieName+"="+token)
	return c
}

// me answers GET /api/auth/me: the status and, signed in, the user.
func me(t *testing.T, c *apitest.Client) (int, userResp) {
	t.Helper()
	res := c.Do("GET", "/api/auth/me", nil)
	var u userResp
	if res.StatusCode == http.StatusOK {
		res.JSON(t, &u)
	}
	return res.StatusCode, u
}

// cachedOn asserts that env answers c's session from its cache.
func cachedOn(t *testing.T, env *apitest.Env, c *apitest.Client) {
	t.Helper()
	eventually(t, 5*time.Second, "the session is answered from the cache", func() bool {
		before := env.Auth.CacheStats().Hits
		status, _ := me(t, c)
		if status != http.StatusOK {
			t.Fatalf("me = %d", status)
		}
		return env.Auth.CacheStats().Hits > before
	})
}

func refusedWithin(t *testing.T, c *apitest.Client, what string) {
	t.Helper()
	eventually(t, propagation, what, func() bool {
		status, _ := me(t, c)
		return status == http.StatusUnauthorized
	})
}

// twoDevices registers a user on replica a from a laptop and signs in from a
// phone too; it returns the laptop's client on a and both devices' sessions
// sent to replica b, each already answered from b's cache.
func twoDevices(t *testing.T, a, b *apitest.Env, name, email string) (laptop, laptopOnB, phoneOnB *apitest.Client) {
	t.Helper()
	laptop = a.NewClient(t)
	register(t, laptop, name, email, "password1")
	phone := a.NewClient(t)
	phone.Header.Set("User-Agent", "Phone Browser")
	login(t, phone, email, "password1")
	phoneOnB = device(t, b, sessionToken(t, a, phone))
	laptopOnB = device(t, b, sessionToken(t, a, laptop))
	cachedOn(t, b, phoneOnB)
	cachedOn(t, b, laptopOnB)
	return laptop, laptopOnB, phoneOnB
}

func TestRevocationReachesOtherReplicas(t *testing.T) {
	t.Parallel()
	a, b := replicas(t)

	t.Run("logout", func(t *testing.T) {
		laptop := a.NewClient(t)
		register(t, laptop, "Asha Rao", "asha@example.in", "password1")
		onB := device(t, b, sessionToken(t, a, laptop))
		cachedOn(t, b, onB)
		if res := laptop.Do("POST", "/api/auth/logout", nil); res.StatusCode != http.StatusNoContent {
			t.Fatalf("logout = %d", res.StatusCode)
		}
		refusedWithin(t, onB, "a session logged out on one replica is refused by the other")
	})

	t.Run("revoke another device", func(t *testing.T) {
		laptop, laptopOnB, phoneOnB := twoDevices(t, a, b, "Meera", "meera@example.in")

		var list sessionsResp
		laptop.Do("GET", "/api/v1/me/sessions", nil).JSON(t, &list)
		var other string
		for _, s := range list.Items {
			if !s.Current {
				other = s.ID
			}
		}
		if res := laptop.Do("POST", "/api/v1/me/sessions/"+other+"/revoke", nil); res.StatusCode != http.StatusNoContent {
			t.Fatalf("revoke = %d %s", res.StatusCode, res.Body)
		}
		refusedWithin(t, phoneOnB, "a device revoked on one replica is refused by the other")
		if status, _ := me(t, laptopOnB); status != http.StatusOK {
			t.Fatalf("the device that revoked the other was signed out on the other replica: %d", status)
		}
	})

	t.Run("change password", func(t *testing.T) {
		first, firstOnB, secondOnB := twoDevices(t, a, b, "Ravi", "ravi@example.in")

		if res := first.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "password1", "newPassword": "password2"}); res.StatusCode != 200 {
			t.Fatalf("change = %d %s", res.StatusCode, res.Body)
		}
		refusedWithin(t, secondOnB, "the other sessions of a password changed on one replica are refused by the other")
		if status, _ := me(t, firstOnB); status != http.StatusOK {
			t.Fatalf("the device that changed the password was signed out on the other replica: %d", status)
		}
	})

	t.Run("account deleted", func(t *testing.T) {
		c := a.NewClient(t)
		u := register(t, c, "Gone", "gone@example.in", "password1")
		onB := device(t, b, sessionToken(t, a, c))
		cachedOn(t, b, onB)
		if _, err := a.DB.Exec(context.Background(), "DELETE FROM users WHERE id = $1", u.User.ID); err != nil {
			t.Fatal(err)
		}
		refusedWithin(t, onB, "a deleted account's session is refused")
	})
}

func TestUserChangesReachOtherReplicas(t *testing.T) {
	t.Parallel()
	a, b := replicas(t)
	c := a.NewClient(t)
	u := register(t, c, "Neel Shah", "neel@example.in", "password1")
	onB := device(t, b, sessionToken(t, a, c))
	cachedOn(t, b, onB)

	// E-mail verification, through the link, on the first replica.
	if res := c.Do("POST", "/api/v1/auth/email/verify/start", nil); res.StatusCode != http.StatusAccepted {
		t.Fatalf("start = %d %s", res.StatusCode, res.Body)
	}
	m, _ := a.Mail.Last()
	link, _ := url.Parse(regexp.MustCompile(`http://\S+/api/auth/email/verify\?token=\S+`).FindString(m.Body))
	if res := a.NewClient(t).Do("GET", link.RequestURI(), nil); res.Header.Get("Location") != "/account/profile?emailVerified=1" {
		t.Fatalf("follow link = %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	eventually(t, propagation, "the other replica shows the e-mail verified", func() bool {
		_, got := me(t, onB)
		return got.User.EmailVerified
	})

	// A change to the account's row, whichever code makes it.
	cachedOn(t, b, onB)
	if _, err := a.DB.Exec(context.Background(), "UPDATE users SET full_name = 'Neel R. Shah', account_type = 'biz' WHERE id = $1", u.User.ID); err != nil {
		t.Fatal(err)
	}
	eventually(t, propagation, "the other replica shows the new name", func() bool {
		_, got := me(t, onB)
		return got.User.FullName == "Neel R. Shah" && got.User.AccountType == "biz"
	})
	// …and what depends on it follows: company details are for MyBiz.
	if res := onB.Do("GET", "/api/v1/me/company", nil); res.StatusCode != http.StatusOK {
		t.Fatalf("company on the other replica after the switch to MyBiz = %d %s", res.StatusCode, res.Body)
	}
}
