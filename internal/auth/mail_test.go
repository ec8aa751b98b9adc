package auth_test

import (
	"mime"
	"net/http"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/oauth2-proxy/mockoidc"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/smtpmail/smtptest"
)

// Asking for a verification e-mail succeeds while the mail server is down;
// the e-mail arrives, once, when it is back, addressed from the configured
// display-name sender to the user by name.
func TestVerificationMailSurvivesRelayOutage(t *testing.T) {
	t.Parallel()
	relay := smtptest.NewStopped(t)
	env := apitest.New(t, apitest.Options{SMTPURL: relay.URL(), Background: true, Outbox: func(c *outbox.Config) {
		c.RetryFirst = 200 * time.Millisecond
	}})
	c := env.NewClient(t)
	register(t, c, "आरव शर्मा", "aarav@example.in", "password1")
	if res := c.Do("POST", "/api/v1/auth/email/verify/start", nil); res.StatusCode != http.StatusAccepted {
		t.Fatalf("start with the relay down = %d %s", res.StatusCode, res.Body)
	}
	time.Sleep(300 * time.Millisecond) // at least one attempt against the closed port
	if got := relay.Received(); len(got) != 0 {
		t.Fatalf("relay down, yet %d messages", len(got))
	}
	relay.Start()
	deadline := time.Now().Add(10 * time.Second)
	for len(relay.Received()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("e-mail not delivered after the relay came back")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // room for a duplicate to show
	got := relay.Received()
	if len(got) != 1 || got[0].From != "no-reply@paryatan.example" || len(got[0].To) != 1 || got[0].To[0] != "aarav@example.in" {
		t.Fatalf("received %+v", got)
	}
	msg, err := mail.ReadMessage(strings.NewReader(string(got[0].Data)))
	if err != nil {
		t.Fatal(err)
	}
	ap := mail.AddressParser{WordDecoder: new(mime.WordDecoder)}
	if to, err := ap.Parse(msg.Header.Get("To")); err != nil || to.Name != "आरव शर्मा" {
		t.Errorf("To %q: %+v %v", msg.Header.Get("To"), to, err)
	}
	if from, err := ap.Parse(msg.Header.Get("From")); err != nil || from.Name != "Paryatan" {
		t.Errorf("From %q: %+v %v", msg.Header.Get("From"), from, err)
	}
	if ct := msg.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") {
		t.Errorf("Content-Type %q", ct)
	}
	// The link in the e-mail is the one the outbox holds.
	if m, ok := env.Mail.Last(); !ok || !strings.Contains(m.Body, "/api/auth/email/verify?token=") {
		t.Fatalf("outbox: %+v", m)
	}
}

// Changing the password e-mails a notice in the same transaction: when
// (India's time), from which device and address, and where to reset the
// password if it was not the user. The browser's header is text in the
// HTML part, never markup.
func TestPasswordChangeNotice(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	register(t, c, "Meera Iyer", "meera@example.in", "password1")
	c.Header.Set("User-Agent", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36 <script>alert(1)</script>")
	before := time.Now()
	if res := c.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "password1", "newPassword": "password2"}); res.StatusCode != http.StatusOK {
		t.Fatalf("change password = %d %s", res.StatusCode, res.Body)
	}
	m, ok := env.Mail.Last()
	if !ok || m.Kind != outbox.KindPasswordChanged || m.To != "meera@example.in" || m.Subject != "Your Paryatan password was changed" {
		t.Fatalf("outbox: %+v", m)
	}
	when := []string{before.In(indiatime.Zone).Format(mailtmpl.TimeLayout), time.Now().In(indiatime.Zone).Format(mailtmpl.TimeLayout)}
	if !strings.Contains(m.Body, when[0]) && !strings.Contains(m.Body, when[1]) {
		t.Errorf("text part lacks the time %q:\n%s", when, m.Body)
	}
	for _, want := range []string{"Hello Meera,", "Device: Chrome on Windows", "IP address: 127.0.0.1", env.URL + "/account/reset-password"} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("text part lacks %q:\n%s", want, m.Body)
		}
	}
	// A wrong old password changes nothing and mails nothing.
	if res := c.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "wrong-one", "newPassword": "password3"}); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("change with a wrong password = %d", res.StatusCode)
	}
	if n := len(env.Mail.All()); n != 1 {
		t.Errorf("%d e-mails after a refused change, want 1", n)
	}
	// An agent the summary does not recognise is shown as sent: escaped.
	c.Header.Set("User-Agent", `<script>alert("x")</script>`)
	if res := c.Do("PUT", "/api/v1/me/password", map[string]string{"oldPassword": "password2", "newPassword": "password3"}); res.StatusCode != http.StatusOK {
		t.Fatalf("change password = %d %s", res.StatusCode, res.Body)
	}
	m, _ = env.Mail.Last()
	if !strings.Contains(m.Body, `Device: <script>alert("x")</script>`) || strings.Contains(m.HTML, "<script>") ||
		!strings.Contains(m.HTML, "&lt;script&gt;") {
		t.Errorf("the agent in the parts:\n%s\n%s", m.Body, m.HTML)
	}
}

// A sign-in from a browser and system the user has not signed in from
// before e-mails a notice; registering (the first session), signing in
// again on a known device, or from a newer version of a known browser,
// does not.
func TestNewDeviceSignInNotice(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	laptop := env.NewClient(t)
	laptop.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0")
	register(t, laptop, "Kabir Rao", "kabir@example.in", "password1")
	login(t, laptop, "kabir@example.in", "password1")
	laptop.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")
	login(t, laptop, "kabir@example.in", "password1")
	if all := env.Mail.All(); len(all) != 0 {
		t.Fatalf("e-mails for known devices: %+v", all)
	}
	phone := env.NewClient(t)
	phone.Header.Set("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
	login(t, phone, "kabir@example.in", "password1")
	all := env.Mail.All()
	if len(all) != 1 {
		t.Fatalf("%d e-mails after a sign-in from a new device, want 1: %+v", len(all), all)
	}
	m := all[0]
	if m.Kind != outbox.KindNewSignIn || m.To != "kabir@example.in" || m.Subject != "New sign-in to your Paryatan account" {
		t.Fatalf("outbox: %+v", m)
	}
	for _, want := range []string{" IST", "Device: Safari on iPhone", "IP address: 127.0.0.1", env.URL + "/account/reset-password"} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("text part lacks %q:\n%s", want, m.Body)
		}
	}
	if !strings.Contains(m.HTML, "Safari on iPhone") || !strings.Contains(m.HTML, env.URL+"/account/reset-password") {
		t.Errorf("html part:\n%s", m.HTML)
	}
	// The phone is known now.
	login(t, phone, "kabir@example.in", "password1")
	if n := len(env.Mail.All()); n != 1 {
		t.Errorf("%d e-mails after signing in again on the phone, want 1", n)
	}
}

// A sign-in with Google from a device the account has not been used on
// sends the same notice as a password sign-in, naming that device; the
// next sign-in from it sends none.
func TestNewDeviceGoogleSignInNotice(t *testing.T) {
	t.Parallel()
	oidc, providers := startOIDC(t)
	env := apitest.New(t, apitest.Options{Providers: providers})
	laptop := env.NewClient(t)
	laptop.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0")
	register(t, laptop, "Kavya Iyer", "kavya@example.in", "password1")
	verifyEmail(t, env, laptop)
	before := len(env.Mail.All())

	phone := env.NewClient(t)
	phone.Header.Set("User-Agent", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")
	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-789", Email: "kavya@example.in", EmailVerified: true})
	oauthSignIn(t, phone, "/")
	all := env.Mail.All()
	if len(all) != before+1 || all[0].Kind != outbox.KindNewSignIn || all[0].To != "kavya@example.in" ||
		!strings.Contains(all[0].Body, "Device: Chrome on Android") {
		t.Fatalf("after a Google sign-in from a new phone: %+v", all[:len(all)-before])
	}
	oidc.QueueUser(&mockoidc.MockUser{Subject: "g-789", Email: "kavya@example.in", EmailVerified: true})
	oauthSignIn(t, phone, "/")
	if n := len(env.Mail.All()); n != before+1 {
		t.Fatalf("%d e-mails after signing in again on the phone, want %d", n, before+1)
	}
}
