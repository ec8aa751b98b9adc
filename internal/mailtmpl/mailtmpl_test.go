package mailtmpl_test

import (
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
)

func renderer(t *testing.T) *mailtmpl.Renderer {
	t.Helper()
	r, err := mailtmpl.New("https://paryatan.example")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The verification link starts at the site's origin and carries the token
// escaped for a query; both parts greet the user and carry the link.
func TestEmailVerification(t *testing.T) {
	t.Parallel()
	to := mail.Address{Name: "Aarav Sharma", Address: "aarav@example.in"}
	m, err := renderer(t).EmailVerification(to, "Aarav", "a+b/c")
	if err != nil {
		t.Fatal(err)
	}
	link := "https://paryatan.example/api/auth/email/verify?token=a%2Bb%2Fc"
	if m.Kind != outbox.KindEmailVerification || m.To != to || m.Subject != "Verify your e-mail address" {
		t.Errorf("message %q to %v: %q", m.Kind, m.To, m.Subject)
	}
	for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
		if !strings.Contains(body, "Hello Aarav,") || !strings.Contains(body, link) {
			t.Errorf("%s part lacks the greeting or the link %s:\n%s", part, link, body)
		}
	}
	for _, want := range []string{"max-width:600px", "#14284b", "#a94d2f", `name="viewport"`} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("html part lacks %q", want)
		}
	}
}

// The security notices say when (India's time), from which device and
// address, and where to reset the password; whatever the browser sent is
// text in the HTML part, never markup.
func TestSecurityNotices(t *testing.T) {
	t.Parallel()
	r := renderer(t)
	to := mail.Address{Name: "Aarav", Address: "aarav@example.in"}
	at := time.Date(2026, 11, 23, 13, 11, 0, 0, time.UTC)
	chrome := mailtmpl.Activity{At: at, IP: "203.0.113.9",
		UserAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"}
	hostile := mailtmpl.Activity{At: at, IP: "203.0.113.9", UserAgent: `<script>alert("x")</script>`}
	for _, c := range []struct {
		name    string
		render  func(mail.Address, string, mailtmpl.Activity) (outbox.Message, error)
		kind    string
		subject string
	}{
		{"password changed", r.PasswordChanged, outbox.KindPasswordChanged, "Your Paryatan password was changed"},
		{"new sign-in", r.NewSignIn, outbox.KindNewSignIn, "New sign-in to your Paryatan account"},
	} {
		m, err := c.render(to, "Aarav", chrome)
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind != c.kind || m.Subject != c.subject || m.To != to {
			t.Errorf("%s: %q %q to %v", c.name, m.Kind, m.Subject, m.To)
		}
		for _, want := range []string{"23 Nov 2026, 6:41 pm IST", "Chrome on Windows", "203.0.113.9",
			"https://paryatan.example/account/reset-password"} {
			if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
				t.Errorf("%s: %q missing from a part:\n%s", c.name, want, m.Text)
			}
		}
		m, err = c.render(to, "<b>Aarav</b>", hostile)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<b>Aarav") ||
			!strings.Contains(m.HTML, "&lt;script&gt;") || !strings.Contains(m.HTML, "&lt;b&gt;Aarav") {
			t.Errorf("%s: user-controlled text not escaped in the HTML part:\n%s", c.name, m.HTML)
		}
		if !strings.Contains(m.Text, `<script>alert("x")</script>`) {
			t.Errorf("%s: the text part should show the agent as sent:\n%s", c.name, m.Text)
		}
	}
}

// A site without an http(s) origin cannot build links.
func TestNewNeedsAnOrigin(t *testing.T) {
	t.Parallel()
	if _, err := mailtmpl.New("paryatan.example"); err == nil {
		t.Fatal("New accepted an origin without a scheme")
	}
}

func TestGreeting(t *testing.T) {
	t.Parallel()
	for _, c := range [][3]string{
		{"Aarav Sharma", "a@example.in", "Aarav"},
		{"  आरव  शर्मा ", "a@example.in", "आरव"},
		{"Kavya", "k@example.in", "Kavya"},
		{"", "new.person@example.in", "new.person"},
	} {
		if got := mailtmpl.Greeting(c[0], c[1]); got != c[2] {
			t.Errorf("Greeting(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
