package outbox_test

import (
	"context"
	"net/http"
	"net/mail"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/outbox"
)

// In local mode a developer reads the queued verification e-mail at
// /dev/mail and finds its link on the message's page.
func TestDevMailboxListsQueuedMessages(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	if res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": "Isha", "email": "isha@example.in", "password": "password1"}); res.StatusCode != http.StatusCreated {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	if res := c.Do("POST", "/api/v1/auth/email/verify/start", nil); res.StatusCode != http.StatusAccepted {
		t.Fatalf("verify/start = %d %s", res.StatusCode, res.Body)
	}
	res := c.Do("GET", "/dev/mail", nil)
	body := string(res.Body)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(body, "isha@example.in") || !strings.Contains(body, "Verify your e-mail address") ||
		!strings.Contains(body, "queued") {
		t.Fatalf("/dev/mail = %d %s", res.StatusCode, body)
	}
	page := regexp.MustCompile(`href="(/dev/mail/[0-9a-f-]{36})"`).FindStringSubmatch(body)
	if page == nil {
		t.Fatalf("no link to the message in %s", body)
	}
	res = c.Do("GET", page[1], nil)
	link := regexp.MustCompile(`href="(` + regexp.QuoteMeta(env.URL) + `/api/auth/email/verify\?token=[^"]+)"`).FindStringSubmatch(string(res.Body))
	if res.StatusCode != http.StatusOK || link == nil || !strings.Contains(string(res.Body), `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"`) {
		t.Fatalf("%s = %d %s", page[1], res.StatusCode, res.Body)
	}
	// The link works.
	if res := c.Do("GET", strings.TrimPrefix(link[1], env.URL), nil); res.StatusCode != http.StatusSeeOther ||
		res.Header.Get("Location") != "/account/profile?emailVerified=1" {
		t.Fatalf("the link = %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	if res := c.Do("GET", "/dev/mail/00000000-0000-0000-0000-000000000000", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown message = %d, want 404", res.StatusCode)
	}
}

// A message's page shows what it holds as text: markup in a subject, an
// address or the text part is escaped, and the HTML part is only the
// sandboxed frame's document, never this page's.
func TestDevMailboxEscapes(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	id := queueIn(t, env, outbox.Message{Kind: "test",
		To: mail.Address{Address: "x@example.in"}, Subject: `<script>alert("subject")</script>`,
		Text: `<script>alert("text")</script>`, HTML: `<p onclick="x">Hi</p><script>alert("html")</script>`})
	c := env.NewClient(t)
	for _, path := range []string{"/dev/mail", "/dev/mail/" + id.String()} {
		res := c.Do("GET", path, nil)
		body := string(res.Body)
		if res.StatusCode != http.StatusOK || strings.Contains(body, "<script>") || strings.Contains(body, "<p onclick") ||
			!strings.Contains(body, "&lt;script&gt;alert(&#34;subject&#34;)&lt;/script&gt;") {
			t.Errorf("%s = %d, content not escaped:\n%s", path, res.StatusCode, body)
		}
	}
	res := c.Do("GET", "/dev/mail/"+id.String(), nil)
	if !strings.Contains(string(res.Body), `srcdoc="&lt;base target=&#34;_blank&#34;&gt;&lt;p onclick=&#34;x&#34;&gt;Hi`) {
		t.Errorf("the HTML part is not the frame's document:\n%s", res.Body)
	}
}

// Outside local mode, and on any https site, there is no /dev/mail: the
// paths answer 404, not the outbox and not the web app.
func TestDevMailboxOnlyInLocalMode(t *testing.T) {
	t.Parallel()
	cfg := auth.DefaultConfig()
	cfg.PublicURL = "https://paryatan.example"
	env := apitest.New(t, apitest.Options{Auth: &cfg})
	queueIn(t, env, outbox.Message{Kind: "test", To: mail.Address{Address: "x@example.in"}, Subject: "Secret link", Text: "t"})
	c := env.NewClient(t)
	c.Header.Set("Accept", "text/html")
	for _, path := range []string{"/dev/mail", "/dev/mail/00000000-0000-0000-0000-000000000000"} {
		if res := c.Do("GET", path, nil); res.StatusCode != http.StatusNotFound || strings.Contains(string(res.Body), "Secret link") {
			t.Errorf("%s on an https site = %d %s", path, res.StatusCode, res.Body)
		}
	}
}

// queueIn writes m to env's outbox as a request does: with its send job,
// in one transaction.
func queueIn(t *testing.T, env *apitest.Env, m outbox.Message) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	err := pgx.BeginFunc(context.Background(), env.DB, func(tx pgx.Tx) (err error) {
		id, err = outbox.NewQueue(env.Jobs, nil).Enqueue(context.Background(), tx, m)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A message's files are named on its page, with their type and size, and
// counted in the list, so a developer sees the e-ticket went with it.
func TestDevMailboxListsAttachments(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	id := queueIn(t, env, outbox.Message{Kind: outbox.KindTicketIssued, To: mail.Address{Address: "x@example.in"},
		Subject: "Ticket issued", Text: "t", Attachments: []outbox.Attachment{
			{Name: "e-ticket-K7Q2MZ.pdf", Data: []byte("%PDF-1.7 ticket")},
			{Name: "Tom & Jerry's invoice.pdf", ContentType: "application/pdf", Data: []byte("%PDF")}}})
	c := env.NewClient(t)
	if res := c.Do("GET", "/dev/mail", nil); !strings.Contains(string(res.Body), "Ticket issued</a> (2 attached)") {
		t.Errorf("/dev/mail does not count the files:\n%s", res.Body)
	}
	res := c.Do("GET", "/dev/mail/"+id.String(), nil)
	for _, want := range []string{"e-ticket-K7Q2MZ.pdf (application/pdf, 15 bytes)", "Tom &amp; Jerry&#39;s invoice.pdf (application/pdf, 4 bytes)"} {
		if !strings.Contains(string(res.Body), want) {
			t.Errorf("the message's page lacks %q:\n%s", want, res.Body)
		}
	}
}
