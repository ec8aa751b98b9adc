package auth_test

import (
	"mime"
	"net/http"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/apitest"
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
		c.Poll, c.RetryFirst = 50*time.Millisecond, 200*time.Millisecond
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
