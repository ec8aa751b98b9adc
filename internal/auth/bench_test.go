package auth_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/auth"
)

// BenchmarkSessionCheck is GET /api/auth/me, the call every page makes, for
// a signed-in browser, through the whole application handler (middleware,
// session cache, answer) in process: what each request costs the API
// besides the network. hack/loadbench -runs me measures it over TCP.
func BenchmarkSessionCheck(b *testing.B) {
	env := apitest.New(b, apitest.Options{})
	c := env.NewClient(b)
	if res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": "Bench Reader", "email": "bench-me@example.in", "password": "password1"}); res.StatusCode != http.StatusCreated {
		b.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	u, _ := url.Parse(env.URL)
	var cookie string
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == auth.CookieName {
			cookie = ck.Name + "=" + ck.Value
		}
	}
	if cookie == "" {
		b.Fatal("no session cookie")
	}
	req := httptest.NewRequest(http.MethodGet, "/api/auth/me", nil)
	req.Header.Set("Cookie", cookie)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	req.RemoteAddr = "127.0.0.1:40000"
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			w := httptest.NewRecorder()
			env.Handler.ServeHTTP(w, req.Clone(req.Context()))
			if w.Code != http.StatusOK {
				b.Errorf("me = %d %s", w.Code, w.Body)
				return
			}
		}
	})
}
