package visasim_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/visasim"
)

const (
	promptText = "Please open Visa from Paryatan to sign in."
	failedText = "This sign-in link has expired or was already used. Go back to Paryatan and open Visa again."
)

func TestConsumeSignsInAndReturns(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	b := e.browser()

	a := b.consume(ticketAsha, "/go-for-visa?country=ae")
	if a.status != http.StatusSeeOther || a.header.Get("Location") != "/go-for-visa?country=ae" {
		t.Fatalf("consume: %d to %q, want 303 to the return path", a.status, a.header.Get("Location"))
	}
	c := sessionCookie(a)
	if c == nil || c.Value == "" || !c.HttpOnly || c.Path != "/" || c.SameSite != http.SameSiteLaxMode || c.Secure || c.Partitioned {
		t.Fatalf("session cookie over http: %+v", c)
	}
	if got := e.paryatan.redeemed(); len(got) != 1 || got[0] != ticketAsha {
		t.Fatalf("redeemed %q, want the ticket once", got)
	}

	page := b.get("/go-for-visa?country=ae")
	if page.status != http.StatusOK || !strings.Contains(page.body, "<h1>Paryatan Visa</h1>") ||
		!strings.Contains(page.body, "Welcome, Asha Rao") || !strings.Contains(page.body, "asha@example.in") {
		t.Fatalf("visa page after sign-in: %d\n%s", page.status, page.body)
	}
	checkPage(t, page.body)
	if !strings.Contains(page.body, `aria-current="true">United Arab Emirates`) {
		t.Errorf("the chosen country is not marked:\n%s", page.body)
	}
	// Any other path is the partner's site too.
	if page := b.get("/visas/thailand"); !strings.Contains(page.body, "Welcome, Asha Rao") {
		t.Errorf("another page does not know the session:\n%s", page.body)
	}
	if !strings.Contains(e.logs.String(), "signed in") {
		t.Errorf("no sign-in logged:\n%s", e.logs)
	}
}

func TestConsumeCookieOverHTTPS(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	req, err := http.NewRequest(http.MethodGet, e.srv.URL+"/sso/consume?ticket="+ticketAsha, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Forwarded-Proto", "https")
	a := e.do(req)
	c := sessionCookie(a)
	if a.status != http.StatusSeeOther || c == nil || c.SameSite != http.SameSiteNoneMode || !c.Secure || !c.Partitioned || !c.HttpOnly {
		t.Fatalf("over https: %d, cookie %+v; want SameSite=None; Secure; Partitioned", a.status, c)
	}
}

func TestConsumeReturnPath(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	for ret, want := range map[string]string{
		"":                                  "/go-for-visa",
		"/go-for-visa?country=sg":           "/go-for-visa?country=sg",
		"/visas/thailand#fees":              "/visas/thailand#fees",
		"//evil.example/":                   "/go-for-visa",
		"/\\evil.example":                   "/go-for-visa",
		"/visas//evil":                      "/go-for-visa",
		"/visas\\evil":                      "/go-for-visa",
		"https://evil.example/":             "/go-for-visa",
		"javascript:alert(1)":               "/go-for-visa",
		"go-for-visa":                       "/go-for-visa",
		"/%2F%2Fevil.example":               "/go-for-visa",
		"/ok\r\nSet-Cookie: x=1":            "/go-for-visa",
		"/" + strings.Repeat("a", 511):      "/" + strings.Repeat("a", 511),
		"/" + strings.Repeat("a", 512):      "/go-for-visa",
		"/go-for-visa?next=https://x.test/": "/go-for-visa",
	} {
		a := e.browser().consume(ticketAsha, ret)
		if a.status != http.StatusSeeOther || a.header.Get("Location") != want {
			t.Errorf("ret %q: %d to %q, want 303 to %q", ret, a.status, a.header.Get("Location"), want)
		}
	}
}

func TestVisaPageEscapesTheName(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	b := e.browser()
	b.consume(ticketEscaped, "")
	page := b.get("/go-for-visa")
	if !strings.Contains(page.body, "Welcome, &lt;b&gt;Asha&lt;/b&gt;") || strings.Contains(page.body, "<b>Asha</b>") {
		t.Fatalf("the name is not shown as text:\n%s", page.body)
	}
}

func TestVisaPageWithoutSession(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	for _, cookie := range []string{"", "made-up-session-id"} {
		req, err := http.NewRequest(http.MethodGet, e.srv.URL+"/go-for-visa", nil)
		if err != nil {
			t.Fatal(err)
		}
		if cookie != "" {
			req.AddCookie(&http.Cookie{Name: visasim.CookieName, Value: cookie})
		}
		a := e.do(req)
		if a.status != http.StatusOK || !strings.Contains(a.body, promptText) || strings.Contains(a.body, "Welcome") {
			t.Errorf("cookie %q: %d\n%s", cookie, a.status, a.body)
		}
		checkPage(t, a.body)
	}
}

func TestConsumeRefusedTicket(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	for _, ticket := range []string{ticketInvalid, ticketUsed, ""} {
		b := e.browser()
		a := b.consume(ticket, "/go-for-visa")
		if a.status != http.StatusUnauthorized || !strings.Contains(a.body, failedText) || sessionCookie(a) != nil {
			t.Errorf("ticket %q: %d, cookie %v\n%s", ticket, a.status, sessionCookie(a), a.body)
		}
		checkPage(t, a.body)
		if page := b.get("/go-for-visa"); !strings.Contains(page.body, promptText) {
			t.Errorf("ticket %q signed the browser in:\n%s", ticket, page.body)
		}
	}
	logs := e.logs.String()
	for _, reason := range []string{"reason=invalid_ticket", "reason=ticket_used", `reason="no ticket"`} {
		if !strings.Contains(logs, reason) {
			t.Errorf("no %s logged:\n%s", reason, logs)
		}
	}
	if got := e.paryatan.redeemed(); len(got) != 2 {
		t.Errorf("redeemed %q: an empty ticket is not sent", got)
	}
}

func TestConsumeWhenParyatanCannotConfirm(t *testing.T) {
	t.Parallel()
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	for name, tc := range map[string]struct {
		opts   visasim.Options
		ticket string
		log    string
	}{
		"unreachable":       {visasim.Options{APIURL: down.URL}, ticketAsha, "paryatan unreachable"},
		"wrong secret":      {visasim.Options{Secret: "not-the-secret"}, ticketAsha, "VISA_PARTNER_SECRET"},
		"server error":      {visasim.Options{}, ticketBroken, "HTTP 500 internal"},
		"answer not a user": {visasim.Options{APIURL: notAUser(t)}, ticketAsha, "unreadable redeem answer"},
	} {
		e := setup(t, tc.opts)
		a := e.browser().consume(tc.ticket, "")
		if a.status != http.StatusBadGateway || sessionCookie(a) != nil || !strings.Contains(a.body, "could not be confirmed") {
			t.Errorf("%s: %d, cookie %v\n%s", name, a.status, sessionCookie(a), a.body)
		}
		checkPage(t, a.body)
		if logs := e.logs.String(); !strings.Contains(logs, "level=ERROR") || !strings.Contains(logs, tc.log) {
			t.Errorf("%s: logs lack %q:\n%s", name, tc.log, logs)
		}
	}
}

// notAUser is a Paryatan answering 200 without a user.
func notAUser(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html>sign in</html>"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestTicketNeverLogged(t *testing.T) {
	t.Parallel()
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	for _, opts := range []visasim.Options{{}, {APIURL: down.URL}, {Secret: "not-the-secret"}} {
		e := setup(t, opts)
		for _, ticket := range []string{ticketAsha, ticketInvalid, ticketUsed, ticketBroken} {
			e.browser().consume(ticket, "")
			if logs := e.logs.String(); strings.Contains(logs, ticket) || strings.Contains(logs, ".sig") {
				t.Fatalf("the ticket is in the log:\n%s", logs)
			}
		}
	}
}

func TestSessionExpires(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{SessionLifetime: 30 * time.Minute})
	b := e.browser()
	a := b.consume(ticketAsha, "")
	if c := sessionCookie(a); c == nil || c.MaxAge != 30*60 {
		t.Fatalf("cookie %+v, want Max-Age 1800", c)
	}
	e.clock.advance(30*time.Minute - time.Second)
	if page := b.get("/go-for-visa"); !strings.Contains(page.body, "Welcome, Asha Rao") {
		t.Fatalf("the session ended early:\n%s", page.body)
	}
	e.clock.advance(time.Second)
	if page := b.get("/go-for-visa"); !strings.Contains(page.body, promptText) {
		t.Fatalf("the session outlived its lifetime:\n%s", page.body)
	}
}

func TestSessionsAreBounded(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{MaxSessions: 2})
	first, second, third := e.browser(), e.browser(), e.browser()
	for _, b := range []*browser{first, second, third} {
		b.consume(ticketAsha, "")
		e.clock.advance(time.Second)
	}
	if page := first.get("/go-for-visa"); !strings.Contains(page.body, promptText) {
		t.Errorf("the oldest session beyond the cap was kept:\n%s", page.body)
	}
	for _, b := range []*browser{second, third} {
		if page := b.get("/go-for-visa"); !strings.Contains(page.body, "Welcome, Asha Rao") {
			t.Errorf("a newer session was forgotten:\n%s", page.body)
		}
	}
}

func TestSignInAgainReplacesTheSession(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	b := e.browser()
	old := sessionCookie(b.consume(ticketAsha, ""))
	renewed := sessionCookie(b.consume(ticketEscaped, ""))
	if old == nil || renewed == nil || old.Value == renewed.Value {
		t.Fatalf("cookies %v then %v: want a new session", old, renewed)
	}
	req, err := http.NewRequest(http.MethodGet, e.srv.URL+"/go-for-visa", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.AddCookie(&http.Cookie{Name: old.Name, Value: old.Value})
	if a := e.do(req); !strings.Contains(a.body, promptText) {
		t.Errorf("the replaced session still works:\n%s", a.body)
	}
}

func TestOnlyGET(t *testing.T) {
	t.Parallel()
	e := setup(t, visasim.Options{})
	resp, err := e.srv.Client().Post(e.srv.URL+"/sso/consume?ticket="+ticketAsha, "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || len(e.paryatan.redeemed()) != 0 {
		t.Fatalf("POST /sso/consume: %d, redeemed %q", resp.StatusCode, e.paryatan.redeemed())
	}
}
