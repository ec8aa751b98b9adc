// Package enquiry takes the enquiries travellers send from the site — a
// MICE proposal request, a concierge request (also the cruise search's
// hand-off), a contact message — and makes sure a person gets them: each is
// stored with a short reference (PY-7K3Q9D) and, in the same transaction,
// the team's copy (Reply-To the traveller) and the traveller's
// acknowledgement are written to the outbox, which delivers them with
// retries. Nothing is lost when the mail relay is down.
package enquiry

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/paryatan/paryatan/internal/apierr"
	"github.com/paryatan/paryatan/internal/auth"
	"github.com/paryatan/paryatan/internal/clientip"
	"github.com/paryatan/paryatan/internal/httpjson"
	"github.com/paryatan/paryatan/internal/mailtmpl"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/store"
	"github.com/paryatan/paryatan/internal/store/queries"
	"github.com/paryatan/paryatan/internal/validate"
)

// Kinds of enquiry.
const (
	KindProposal  = "proposal"
	KindConcierge = "concierge"
	KindContact   = "contact"
)

// Teams whose mailboxes enquiries go to.
const (
	TeamHolidays = "holidays"
	TeamMICE     = "mice"
	TeamSupport  = "support"
)

// Teams lists them, in the order ENQUIRY_MAILBOXES names them.
var Teams = []string{TeamHolidays, TeamMICE, TeamSupport}

// Choices of the forms (spec 3 and 9).
var (
	EventTypes    = []string{"Meetings", "Incentives", "Conferences", "Exhibitions"}
	TravelStyles  = []string{"luxury", "beach", "wellness", "culture", "adventure", "budget"}
	ContactTopics = []string{"General", "Holidays", "MICE", "Flights", "Hotels", "Cruises", "Visa"}
)

// BusinessHours are the teams' hours (spec 9).
const BusinessHours = "Mon–Sat 9:00 AM–8:00 PM IST"

// Input is an enquiry as the site's forms send it: the fields common to
// every kind, then each kind's own.
type Input struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone,omitempty"`
	// A MICE proposal request (spec 2.6).
	Company     string `json:"company,omitempty"`
	EventType   string `json:"eventType,omitempty"`
	GroupSize   string `json:"groupSize,omitempty"`
	Dates       string `json:"dates,omitempty"`
	Destination string `json:"destination,omitempty"`
	Budget      string `json:"budget,omitempty"`
	Notes       string `json:"notes,omitempty"`
	// A concierge request (spec 2.11); Dates, Budget and Notes as above.
	Destinations string       `json:"destinations,omitempty"`
	Flexible     bool         `json:"flexible,omitempty"`
	Travellers   string       `json:"travellers,omitempty"`
	Styles       []string     `json:"styles,omitempty"`
	Source       string       `json:"source,omitempty"`
	Cruise       *CruiseInput `json:"cruise,omitempty"`
	// A contact message (spec 2.12).
	Topic   string `json:"topic,omitempty"`
	Message string `json:"message,omitempty"`
}

// CruiseInput is what the cruise search handed to the concierge form.
type CruiseInput struct {
	Destination string `json:"destination,omitempty"`
	Port        string `json:"port,omitempty"`
	Dates       string `json:"dates,omitempty"`
	Duration    string `json:"duration,omitempty"`
	Travellers  string `json:"travellers,omitempty"`
}

// Enquiry is a stored enquiry as the API shows it to its sender.
type Enquiry struct {
	Reference string `json:"reference"`
	Kind      string `json:"kind"`
	Team      string `json:"team"`
	Topic     string `json:"topic,omitempty"`
	// Summary is one line saying what it was about.
	Summary   string    `json:"summary"`
	CreatedAt time.Time `json:"createdAt"`
}

// Config sets where enquiries go and how often a client may send them.
type Config struct {
	// Mailboxes are the teams' addresses (ENQUIRY_MAILBOXES).
	Mailboxes map[string]mail.Address
	// PerClient and PerEmail bound enquiries per client address and per
	// sender's e-mail in one hour.
	PerClient, PerEmail int32
}

// DefaultMailboxes are the teams' addresses at domain.
func DefaultMailboxes(domain string) map[string]mail.Address {
	return map[string]mail.Address{
		TeamHolidays: {Name: "Paryatan Holidays", Address: "holidays@" + domain},
		TeamMICE:     {Name: "Paryatan MICE", Address: "mice@" + domain},
		TeamSupport:  {Name: "Paryatan Support", Address: "support@" + domain},
	}
}

// Handler serves the enquiry routes.
type Handler struct {
	pool      *pgxpool.Pool
	q         *queries.Queries
	queue     *outbox.Queue
	templates *mailtmpl.Renderer
	cfg       Config
	log       *slog.Logger
	now       func() time.Time
}

// NewHandler returns the enquiry routes' handler.
func NewHandler(pool *pgxpool.Pool, queue *outbox.Queue, templates *mailtmpl.Renderer, cfg Config, log *slog.Logger) *Handler {
	if cfg.PerClient <= 0 {
		cfg.PerClient = 20
	}
	if cfg.PerEmail <= 0 {
		cfg.PerEmail = 5
	}
	return &Handler{pool: pool, q: queries.New(store.Reads{Pool: pool}), queue: queue, templates: templates, cfg: cfg, log: log, now: time.Now}
}

type createdBody struct {
	OK      bool    `json:"ok"`
	Enquiry Enquiry `json:"enquiry"`
}

// Create handles POST /api/v1/enquiries: the enquiry is checked, stored,
// and its two e-mails queued, all in one transaction.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) {
	var in Input
	if err := httpjson.Decode(w, r, &in); err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	var userID *uuid.UUID
	if p := auth.FromContext(r.Context()); p != nil {
		id := p.User.ID
		userID = &id
		if strings.TrimSpace(in.Email) == "" {
			in.Email = p.User.Email
		}
		if strings.TrimSpace(in.Name) == "" && in.Kind != KindConcierge {
			in.Name = p.User.FullName
		}
	}
	if in.Kind == KindContact && userID == nil {
		// Spec 6: sending the contact form needs a signed-in user.
		httpjson.Fail(w, r, apierr.Unauthenticated("Please sign in to send a message."))
		return
	}
	e, bad := check(in)
	if bad != nil {
		httpjson.Fail(w, r, bad)
		return
	}
	if wait, err := h.allow(r.Context(), clientip.Addr(r.Context()), e.email); err != nil {
		if wait > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		}
		httpjson.Fail(w, r, err)
		return
	}
	row, err := h.store(r.Context(), userID, e)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	httpjson.Write(w, r, http.StatusCreated, createdBody{OK: true, Enquiry: view(row)})
}

// Mine handles GET /api/v1/me/enquiries: the signed-in traveller's own
// enquiries, newest first.
func (h *Handler) Mine(w http.ResponseWriter, r *http.Request) {
	rows, err := h.q.EnquiryListByUser(r.Context(), &auth.FromContext(r.Context()).User.ID)
	if err != nil {
		httpjson.Fail(w, r, err)
		return
	}
	items := make([]Enquiry, 0, len(rows))
	for _, row := range rows {
		items = append(items, view(row))
	}
	httpjson.Write(w, r, http.StatusOK, struct {
		Items []Enquiry `json:"items"`
	}{items})
}

// allow counts the enquiry against the client's and the sender's hourly
// limits.
func (h *Handler) allow(ctx context.Context, ip, email string) (time.Duration, error) {
	now := h.now()
	start := now.Truncate(time.Hour)
	var wait time.Duration
	for _, c := range []struct {
		key string
		max int32
	}{{"enquiry:ip:" + ip, h.cfg.PerClient}, {"enquiry:email:" + strings.ToLower(email), h.cfg.PerEmail}} {
		hits, err := h.q.RateLimitHit(ctx, queries.RateLimitHitParams{Key: c.key, WindowStart: start})
		if err != nil {
			return 0, err
		}
		if hits > c.max {
			wait = start.Add(time.Hour).Sub(now)
		}
	}
	if wait > 0 {
		return wait, apierr.TooMany("Too many enquiries from here in the last hour. Please try again later, or call us.")
	}
	return 0, nil
}

// store writes the enquiry and queues its two e-mails in one transaction,
// under a fresh reference.
func (h *Handler) store(ctx context.Context, userID *uuid.UUID, e checked) (queries.Enquiry, error) {
	details, err := json.Marshal(e.details)
	if err != nil {
		return queries.Enquiry{}, err
	}
	for attempt := 0; ; attempt++ {
		ref := newReference()
		var row queries.Enquiry
		err := pgx.BeginFunc(ctx, h.pool, func(tx pgx.Tx) error {
			var err error
			row, err = h.q.WithTx(tx).EnquiryCreate(ctx, queries.EnquiryCreateParams{Reference: ref, Kind: e.kind, UserID: userID,
				Name: e.name, Email: e.email, Phone: e.phone, Team: e.team, Topic: e.topic, Details: details})
			if err != nil {
				return err
			}
			return h.mail(ctx, tx, row, e)
		})
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" && attempt < 3 {
			continue // the reference was taken: draw another
		}
		return row, err
	}
}

// mail queues the team's copy and the acknowledgement.
func (h *Handler) mail(ctx context.Context, tx pgx.Tx, row queries.Enquiry, e checked) error {
	traveller := mail.Address{Name: e.name, Address: e.email}
	m := mailtmpl.Enquiry{Reference: row.Reference, What: kindNames[e.kind], From: traveller, Fields: e.fields, Hours: BusinessHours}
	team, ok := h.cfg.Mailboxes[e.team]
	if !ok {
		return fmt.Errorf("enquiry: no mailbox for team %q", e.team)
	}
	copyMsg, err := h.templates.EnquiryReceived(team, m)
	if err != nil {
		return err
	}
	ack, err := h.templates.EnquiryAcknowledgement(traveller, mailtmpl.Greeting(e.name, e.email), m)
	if err != nil {
		return err
	}
	for _, msg := range []outbox.Message{copyMsg, ack} {
		if _, err := h.queue.Enqueue(ctx, tx, msg); err != nil {
			return err
		}
	}
	return nil
}

// kindNames name the kinds for people.
var kindNames = map[string]string{KindProposal: "MICE proposal request", KindConcierge: "concierge request", KindContact: "message"}

func view(r queries.Enquiry) Enquiry {
	var d map[string]any
	_ = json.Unmarshal(r.Details, &d)
	return Enquiry{Reference: r.Reference, Kind: r.Kind, Team: r.Team, Topic: r.Topic, Summary: summary(r.Kind, r.Topic, d), CreatedAt: r.CreatedAt}
}

// summary is one line about an enquiry, from what it asked.
func summary(kind, topic string, d map[string]any) string {
	str := func(k string) string { s, _ := d[k].(string); return s }
	switch kind {
	case KindProposal:
		return strings.TrimSpace(fmt.Sprintf("%s for %s", firstNonEmpty(str("eventType"), "Meetings"), firstNonEmpty(str("company"), "your company")))
	case KindConcierge:
		if c, ok := d["cruise"].(map[string]any); ok {
			if dest, _ := c["destination"].(string); dest != "" {
				return "Cruise: " + dest
			}
		}
		return "Trip: " + firstNonEmpty(str("destinations"), "ideas welcome")
	}
	return topic + ": " + clip(str("message"), 80)
}

// newReference is PY- and six characters without the ones people confuse
// (0/O, 1/I).
func newReference() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 6)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		b[i] = alphabet[n.Int64()]
	}
	return "PY-" + string(b)
}

func firstNonEmpty(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// checked is an enquiry that passed its kind's rules: the columns, the
// kind's own fields (details) and the labelled fields of its e-mails.
type checked struct {
	kind, team, topic, name, email, phone string
	details                               map[string]any
	fields                                []mailtmpl.EnquiryField
}

// check applies the rules of the enquiry's kind (spec 5): a proposal needs
// a name, company, e-mail and phone; a concierge request a name and
// e-mail ("Please add your name so we can respond."); a contact message a
// name, e-mail and message. Every text is one bounded line but notes and
// messages, which may have several.
func check(in Input) (checked, *apierr.Error) {
	c := checker{}
	e := checked{kind: in.Kind, details: map[string]any{}}
	switch in.Kind {
	case KindProposal, KindConcierge, KindContact:
	default:
		return e, apierr.Invalid("kind", "kind must be proposal, concierge or contact.")
	}
	e.name = c.line("name", "Full name", in.Name, 200)
	if e.name == "" && c.err == nil {
		msg := "Please enter your full name."
		if in.Kind == KindConcierge {
			msg = "Please add your name so we can respond."
		}
		c.fail("name", msg)
	}
	e.email = c.rule("email", in.Email, validate.Email)
	if e.email == "" {
		c.fail("email", validate.EmailMessage)
	}
	if strings.TrimSpace(in.Phone) != "" {
		e.phone = c.rule("phone", in.Phone, validate.Phone)
	}
	e.fields = []mailtmpl.EnquiryField{{Label: "Name", Value: e.name}, {Label: "E-mail", Value: e.email}, {Label: "Phone", Value: e.phone}}
	add := func(key, label, value string) {
		if value != "" {
			e.details[key] = value
		}
		e.fields = append(e.fields, mailtmpl.EnquiryField{Label: label, Value: value})
	}
	switch in.Kind {
	case KindProposal:
		e.team = TeamMICE
		company := c.line("company", "Company", in.Company, 200)
		if company == "" {
			c.fail("company", "Please enter your company.")
		}
		if e.phone == "" {
			c.fail("phone", "Please enter a phone number.")
		}
		event := "Meetings"
		if strings.TrimSpace(in.EventType) != "" {
			event = c.rule("eventType", in.EventType, func(s string) (string, string) { return validate.OneOf("Event type", s, EventTypes...) })
		}
		add("company", "Company", company)
		add("eventType", "Event type", event)
		add("groupSize", "Group size", c.line("groupSize", "Group size", in.GroupSize, 40))
		add("dates", "Dates", c.line("dates", "Dates", in.Dates, 100))
		add("destination", "Destination", c.line("destination", "Destination", in.Destination, 200))
		add("budget", "Budget", c.line("budget", "Budget", in.Budget, 100))
		add("notes", "Notes", c.text("notes", "Notes", in.Notes, 2000))
	case KindConcierge:
		e.team = TeamHolidays
		add("destinations", "Destinations", c.line("destinations", "Destinations", in.Destinations, 200))
		add("dates", "Dates", c.line("dates", "Dates", in.Dates, 100))
		if in.Flexible {
			e.details["flexible"] = true
			e.fields = append(e.fields, mailtmpl.EnquiryField{Label: "Dates flexible", Value: "yes"})
		}
		add("budget", "Budget", c.line("budget", "Budget", in.Budget, 100))
		add("travellers", "Travellers", c.line("travellers", "Travellers", in.Travellers, 100))
		var styles []string
		for _, s := range in.Styles {
			v := c.rule("styles", s, func(s string) (string, string) { return validate.OneOf("Travel style", s, TravelStyles...) })
			if v != "" && !slices.Contains(styles, v) {
				styles = append(styles, v)
			}
		}
		if len(styles) > 0 {
			e.details["styles"] = styles
			e.fields = append(e.fields, mailtmpl.EnquiryField{Label: "Travel style", Value: strings.Join(styles, ", ")})
		}
		if in.Cruise != nil {
			cr := map[string]string{}
			for _, f := range []struct{ key, label, value string }{
				{"destination", "Cruise destination", in.Cruise.Destination}, {"port", "Departure port", in.Cruise.Port},
				{"dates", "Cruise dates", in.Cruise.Dates}, {"duration", "Cruise duration", in.Cruise.Duration},
				{"travellers", "Cruise travellers", in.Cruise.Travellers},
			} {
				if v := c.line("cruise."+f.key, f.label, f.value, 100); v != "" {
					cr[f.key] = v
					e.fields = append(e.fields, mailtmpl.EnquiryField{Label: f.label, Value: v})
				}
			}
			if len(cr) > 0 {
				e.details["cruise"] = cr
			}
		}
		add("notes", "Notes", c.text("notes", "Notes", in.Notes, 2000))
		add("source", "Found via", c.line("source", "Source", firstNonEmpty(strings.TrimSpace(in.Source), "Direct"), 120))
	case KindContact:
		topic := "General"
		if strings.TrimSpace(in.Topic) != "" {
			topic = c.rule("topic", in.Topic, func(s string) (string, string) { return validate.OneOf("Topic", s, ContactTopics...) })
		}
		e.topic = topic
		switch topic {
		case "Holidays", "Cruises":
			e.team = TeamHolidays
		case "MICE":
			e.team = TeamMICE
		default:
			e.team = TeamSupport
		}
		e.fields = append(e.fields, mailtmpl.EnquiryField{Label: "Topic", Value: topic})
		msg := c.text("message", "Message", in.Message, 4000)
		if msg == "" {
			c.fail("message", "Please write your message.")
		}
		add("message", "Message", msg)
	}
	// Empty answers stay out of the e-mails.
	e.fields = slices.DeleteFunc(e.fields, func(f mailtmpl.EnquiryField) bool { return f.Value == "" })
	return e, c.err
}

// checker keeps the first failure, naming the field.
type checker struct{ err *apierr.Error }

func (c *checker) fail(field, msg string) {
	if c.err == nil && msg != "" {
		c.err = apierr.Invalid(field, msg)
	}
}

func (c *checker) rule(field, s string, rule func(string) (string, string)) string {
	v, msg := rule(s)
	c.fail(field, msg)
	if msg != "" {
		return ""
	}
	return v
}

// line is one line of text of at most max characters (validate.Text).
func (c *checker) line(field, label, s string, max int) string {
	return c.rule(field, s, func(s string) (string, string) { return validate.Text(label, s, max) })
}

// text is free text over several lines: trimmed, at most max characters,
// no NUL.
func (c *checker) text(field, label, s string, max int) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	switch {
	case len([]rune(s)) > max:
		c.fail(field, fmt.Sprintf("%s must be at most %d characters.", label, max))
		return ""
	case strings.ContainsRune(s, 0):
		c.fail(field, label+" must be text.")
		return ""
	}
	return s
}
