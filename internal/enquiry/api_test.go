package enquiry_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/apitest"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/platform/smtpmail/smtptest"
)

type created struct {
	OK      bool
	Enquiry struct {
		Reference, Kind, Team, Topic, Summary string
	}
}

var refRe = regexp.MustCompile(`^PY-[A-HJ-NP-Z2-9]{6}$`)

func signedIn(t *testing.T, env *apitest.Env, email, name string) *apitest.Client {
	t.Helper()
	c := env.NewClient(t)
	if res := c.Do("POST", "/api/auth/register", map[string]string{"fullName": name, "email": email, "password": "password1"}); res.StatusCode != http.StatusCreated {
		t.Fatalf("register = %d %s", res.StatusCode, res.Body)
	}
	return c
}

// A visitor's MICE proposal is stored under a reference and, in the same
// transaction, queued for the MICE team (replies going to the visitor) and
// acknowledged to the visitor with the reference and what they asked.
func TestProposalReachesTheTeam(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	res := c.Do("POST", "/api/v1/enquiries", map[string]any{
		"kind": "proposal", "name": " आरव शर्मा ", "company": "Acme Pharma", "email": "aarav@acme.example.in", "phone": "+91 98100 01234",
		"eventType": "conferences", "groupSize": "120", "dates": "March 2027", "destination": "Goa", "notes": "Two days.\nAn offsite.",
	})
	var got created
	res.JSON(t, &got)
	if res.StatusCode != http.StatusCreated || !got.OK || !refRe.MatchString(got.Enquiry.Reference) || got.Enquiry.Team != "mice" ||
		got.Enquiry.Summary != "Conferences for Acme Pharma" {
		t.Fatalf("create = %d %s", res.StatusCode, res.Body)
	}
	ref := got.Enquiry.Reference
	var team, ack []apitest.Mail
	for _, m := range env.Mail.All() {
		switch m.Kind {
		case outbox.KindEnquiryReceived:
			team = append(team, m)
		case outbox.KindEnquiryAcknowledgement:
			ack = append(ack, m)
		}
	}
	if len(team) != 1 || len(ack) != 1 {
		t.Fatalf("%d team copies, %d acknowledgements", len(team), len(ack))
	}
	if team[0].To != "mice@paryatan.example" || team[0].Subject != ref+": MICE proposal request from आरव शर्मा" ||
		!strings.Contains(team[0].Body, "Event type: Conferences") || !strings.Contains(team[0].Body, "Notes: Two days.\nAn offsite.") {
		t.Fatalf("team copy to %s %q:\n%s", team[0].To, team[0].Subject, team[0].Body)
	}
	var replyTo string
	if err := env.DB.QueryRow(context.Background(), `SELECT reply_to FROM outbox_messages WHERE kind = $1`, outbox.KindEnquiryReceived).Scan(&replyTo); err != nil || replyTo != "aarav@acme.example.in" {
		t.Fatalf("team copy's reply-to %q %v", replyTo, err)
	}
	if ack[0].To != "aarav@acme.example.in" || ack[0].Subject != "We have your MICE proposal request ("+ref+")" ||
		!strings.Contains(ack[0].Body, "Hello आरव,") || !strings.Contains(ack[0].Body, "Mon–Sat 9:00 AM–8:00 PM IST") || !strings.Contains(ack[0].HTML, "Acme Pharma") {
		t.Fatalf("acknowledgement to %s %q:\n%s", ack[0].To, ack[0].Subject, ack[0].Body)
	}
	var n int
	if err := env.DB.QueryRow(context.Background(), `SELECT count(*) FROM enquiries WHERE reference = $1 AND user_id IS NULL AND details->>'groupSize' = '120'`, ref).Scan(&n); err != nil || n != 1 {
		t.Fatalf("stored: %d %v", n, err)
	}
}

// Each kind's rules, with the spec's words where it has them; nothing is
// stored or mailed for a refused enquiry.
func TestEnquiryRules(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	anon := env.NewClient(t)
	for _, tc := range []struct {
		name   string
		body   map[string]any
		status int
		field  string
		msg    string
	}{
		{"unknown kind", map[string]any{"kind": "complaint", "name": "A", "email": "a@b.in"}, 400, "kind", "kind must be proposal, concierge or contact."},
		{"concierge without name", map[string]any{"kind": "concierge", "email": "a@b.in"}, 400, "name", "Please add your name so we can respond."},
		{"concierge bad e-mail", map[string]any{"kind": "concierge", "name": "Asha", "email": "asha"}, 400, "email", "Please enter a valid e-mail address."},
		{"proposal without company", map[string]any{"kind": "proposal", "name": "Asha", "email": "a@b.in", "phone": "9810001234"}, 400, "company", "Please enter your company."},
		{"proposal without phone", map[string]any{"kind": "proposal", "name": "Asha", "email": "a@b.in", "company": "Acme"}, 400, "phone", "Please enter a phone number."},
		{"unknown style", map[string]any{"kind": "concierge", "name": "Asha", "email": "a@b.in", "styles": []string{"party"}}, 400, "styles", ""},
		{"contact needs sign-in", map[string]any{"kind": "contact", "name": "Asha", "email": "a@b.in", "message": "Hi"}, 401, "", "Please sign in to send a message."},
	} {
		res := anon.Do("POST", "/api/v1/enquiries", tc.body)
		var e struct{ Field, Message string }
		res.JSON(t, &e)
		if res.StatusCode != tc.status || e.Field != tc.field || (tc.msg != "" && e.Message != tc.msg) {
			t.Errorf("%s: %d %s", tc.name, res.StatusCode, res.Body)
		}
	}
	var n int
	_ = env.DB.QueryRow(context.Background(), `SELECT (SELECT count(*) FROM enquiries) + (SELECT count(*) FROM outbox_messages)`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d rows written for refused enquiries", n)
	}
}

// A signed-in traveller's contact message takes the account's name and
// e-mail, goes to the team its topic names, and is listed under the
// account; another traveller's list does not show it.
func TestContactMessageAndMyEnquiries(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	asha := signedIn(t, env, "asha@example.in", "Asha Rao")
	bob := signedIn(t, env, "bob@example.in", "Bob")
	res := asha.Do("POST", "/api/v1/enquiries", map[string]any{"kind": "contact", "topic": "cruises", "message": "  Is there a Singapore sailing in May?  "})
	var got created
	res.JSON(t, &got)
	if res.StatusCode != 201 || got.Enquiry.Team != "holidays" || got.Enquiry.Topic != "Cruises" {
		t.Fatalf("contact = %d %s", res.StatusCode, res.Body)
	}
	res = asha.Do("POST", "/api/v1/enquiries", map[string]any{"kind": "concierge", "name": "Asha Rao", "source": "cruises",
		"cruise": map[string]string{"destination": "Southeast Asia", "port": "Singapore", "duration": "5–7 nights"}, "styles": []string{"luxury", "luxury", "beach"}})
	if res.StatusCode != 201 {
		t.Fatalf("concierge = %d %s", res.StatusCode, res.Body)
	}
	var list struct {
		Items []struct{ Reference, Kind, Summary string }
	}
	asha.Do("GET", "/api/v1/me/enquiries", nil).JSON(t, &list)
	if len(list.Items) != 2 || list.Items[0].Summary != "Cruise: Southeast Asia" || list.Items[1].Summary != "Cruises: Is there a Singapore sailing in May?" {
		t.Fatalf("asha's enquiries %+v", list.Items)
	}
	bob.Do("GET", "/api/v1/me/enquiries", nil).JSON(t, &list)
	if len(list.Items) != 0 {
		t.Fatalf("bob sees %+v", list.Items)
	}
	if res := env.NewClient(t).Do("GET", "/api/v1/me/enquiries", nil); res.StatusCode != 401 {
		t.Fatalf("anonymous list = %d", res.StatusCode)
	}
}

// One client address may send only so many enquiries an hour; the next is
// refused with Retry-After and nothing stored.
func TestEnquiriesAreRateLimited(t *testing.T) {
	t.Parallel()
	env := apitest.New(t, apitest.Options{})
	c := env.NewClient(t)
	var last *apitest.Response
	for i := range 6 {
		last = c.Do("POST", "/api/v1/enquiries", map[string]any{"kind": "concierge", "name": "Asha", "email": "same@example.in", "notes": strings.Repeat("x", i)})
	}
	if last.StatusCode != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" {
		t.Fatalf("sixth from one e-mail = %d %s", last.StatusCode, last.Body)
	}
	var n int
	_ = env.DB.QueryRow(context.Background(), `SELECT count(*) FROM enquiries`).Scan(&n)
	if n != 5 {
		t.Fatalf("%d stored", n)
	}
}

// An enquiry sent while the mail relay is down is stored and answered with
// its reference at once; when the relay is back, the team's copy and the
// acknowledgement arrive, once each.
func TestEnquiryStoredBeforeMailedAndRetried(t *testing.T) {
	t.Parallel()
	relay := smtptest.NewStopped(t)
	env := apitest.New(t, apitest.Options{SMTPURL: relay.URL(), Background: true, Outbox: func(c *outbox.Config) {
		c.RetryFirst = 200 * time.Millisecond
	}})
	res := env.NewClient(t).Do("POST", "/api/v1/enquiries", map[string]any{"kind": "concierge", "name": "Meera Iyer", "email": "meera@example.in",
		"destinations": "Bali", "source": "monsoon-in-kerala"})
	var got created
	res.JSON(t, &got)
	if res.StatusCode != http.StatusCreated || !refRe.MatchString(got.Enquiry.Reference) {
		t.Fatalf("with the relay down = %d %s", res.StatusCode, res.Body)
	}
	var n int
	if err := env.DB.QueryRow(context.Background(), `SELECT count(*) FROM enquiries WHERE reference = $1 AND details->>'source' = 'monsoon-in-kerala'`,
		got.Enquiry.Reference).Scan(&n); err != nil || n != 1 {
		t.Fatalf("stored: %d %v", n, err)
	}
	time.Sleep(300 * time.Millisecond) // at least one attempt against the closed port
	if r := relay.Received(); len(r) != 0 {
		t.Fatalf("relay down, yet %d messages", len(r))
	}
	relay.Start()
	deadline := time.Now().Add(10 * time.Second)
	for len(relay.Received()) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("after the relay came back: %d of 2 messages", len(relay.Received()))
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // room for a duplicate to show
	to := map[string]int{}
	for _, m := range relay.Received() {
		to[strings.Join(m.To, ",")]++
		if !strings.Contains(string(m.Data), got.Enquiry.Reference) {
			t.Errorf("a message to %v lacks the reference", m.To)
		}
	}
	if len(to) != 2 || to["holidays@paryatan.example"] != 1 || to["meera@example.in"] != 1 {
		t.Fatalf("delivered to %v", to)
	}
}
