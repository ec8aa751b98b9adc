// Package mailtmpl renders the product's e-mails from embedded templates:
// for each kind of message a plain-text part (text/template) and an HTML
// part (html/template, which escapes every value) inside one layout with
// Paryatan's colours, readable on a phone. It is the one way messages are
// written; links in them are built from the site's origin (PUBLIC_URL)
// only, never from a request.
package mailtmpl

import (
	"embed"
	"fmt"
	htmltemplate "html/template"
	"net/mail"
	"net/url"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/outbox"
	"github.com/paryatan/paryatan/internal/useragent"
)

//go:embed templates
var files embed.FS

// product is the name the messages sign with.
const product = "Paryatan"

// TimeLayout is how a message dates what it reports, in India's time:
// "23 Nov 2026, 6:41 pm IST".
const TimeLayout = "2 Jan 2006, 3:04 pm MST"

// kinds are the messages there are templates for.
var kinds = []string{outbox.KindEmailVerification, outbox.KindPasswordChanged, outbox.KindNewSignIn}

// Renderer writes messages whose links point at one site.
type Renderer struct {
	publicURL string
	text      map[string]*texttemplate.Template
	html      map[string]*htmltemplate.Template
}

// button is a call to action in the HTML layout.
type button struct{ URL, Label string }

// New parses the templates of every kind; publicURL is the site's origin
// (PUBLIC_URL), which every link starts with.
func New(publicURL string) (*Renderer, error) {
	if !strings.HasPrefix(publicURL, "http://") && !strings.HasPrefix(publicURL, "https://") {
		return nil, fmt.Errorf("mailtmpl: the site's origin %q is not an http(s) URL", publicURL)
	}
	r := &Renderer{publicURL: strings.TrimRight(publicURL, "/"), text: map[string]*texttemplate.Template{},
		html: map[string]*htmltemplate.Template{}}
	funcs := map[string]any{"button": func(u, label string) button { return button{u, label} }}
	for _, k := range kinds {
		t, err := texttemplate.New(k).Option("missingkey=error").ParseFS(files, "templates/layout.txt", "templates/"+k+".txt")
		if err != nil {
			return nil, fmt.Errorf("mailtmpl: parse %s text: %w", k, err)
		}
		h, err := htmltemplate.New(k).Funcs(funcs).Option("missingkey=error").ParseFS(files, "templates/layout.html", "templates/"+k+".html")
		if err != nil {
			return nil, fmt.Errorf("mailtmpl: parse %s html: %w", k, err)
		}
		r.text[k], r.html[k] = t, h
	}
	return r, nil
}

// Activity is what a security notice reports: when, from which device and
// address something happened to the account.
type Activity struct {
	At time.Time
	// UserAgent is the header as the browser sent it; the message names
	// the browser and system it describes.
	UserAgent string
	IP        string
}

// data is what every template may use.
type data struct {
	Product, PublicURL, Subject, Name string
	// Link is the message's own link (the verification link).
	Link string
	// ResetURL and DevicesURL are where a user whose account is misused
	// acts.
	ResetURL, DevicesURL string
	// Time, Device and IP describe the activity of a notice.
	Time, Device, IP string
}

// EmailVerification is the message with the link that verifies to's
// address; token is the verification token the link carries.
func (r *Renderer) EmailVerification(to mail.Address, name, token string) (outbox.Message, error) {
	d := r.base(name)
	d.Link = r.publicURL + "/api/auth/email/verify?token=" + url.QueryEscape(token)
	return r.render(outbox.KindEmailVerification, to, d)
}

// PasswordChanged tells the user their password was changed, and what to
// do if they did not change it.
func (r *Renderer) PasswordChanged(to mail.Address, name string, a Activity) (outbox.Message, error) {
	return r.render(outbox.KindPasswordChanged, to, r.activity(name, a))
}

// NewSignIn tells the user their account was signed in to from a device
// it had not been used on.
func (r *Renderer) NewSignIn(to mail.Address, name string, a Activity) (outbox.Message, error) {
	return r.render(outbox.KindNewSignIn, to, r.activity(name, a))
}

func (r *Renderer) base(name string) data {
	return data{Product: product, PublicURL: r.publicURL, Name: name,
		ResetURL: r.publicURL + "/account/reset-password", DevicesURL: r.publicURL + "/account/devices"}
}

func (r *Renderer) activity(name string, a Activity) data {
	d := r.base(name)
	d.Time = a.At.In(indiatime.Zone).Format(TimeLayout)
	d.Device = useragent.Summary(a.UserAgent)
	d.IP = a.IP
	if d.IP == "" {
		d.IP = "unknown"
	}
	return d
}

// render writes the subject and both parts of one message.
func (r *Renderer) render(kind string, to mail.Address, d data) (outbox.Message, error) {
	var subject, text, html strings.Builder
	if err := r.text[kind].ExecuteTemplate(&subject, "subject", d); err != nil {
		return outbox.Message{}, fmt.Errorf("mailtmpl: %s subject: %w", kind, err)
	}
	d.Subject = subject.String()
	if err := r.text[kind].ExecuteTemplate(&text, "layout", d); err != nil {
		return outbox.Message{}, fmt.Errorf("mailtmpl: %s text: %w", kind, err)
	}
	if err := r.html[kind].ExecuteTemplate(&html, "layout", d); err != nil {
		return outbox.Message{}, fmt.Errorf("mailtmpl: %s html: %w", kind, err)
	}
	return outbox.Message{Kind: kind, To: to, Subject: d.Subject, Text: text.String(), HTML: html.String()}, nil
}
