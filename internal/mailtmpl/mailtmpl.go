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
	"slices"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/shopspring/decimal"

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

// kinds are the messages there are templates for; tripKinds also use the
// trip template (trip.txt, trip.html).
var (
	kinds     = []string{outbox.KindEmailVerification, outbox.KindPasswordChanged, outbox.KindNewSignIn}
	tripKinds = []string{outbox.KindBookingConfirmed, outbox.KindTicketIssued, outbox.KindBookingFailed, outbox.KindBookingPending,
		outbox.KindRefundDone}
	// cancelKinds use the trip template and the cancellation one
	// (cancellation.txt, cancellation.html).
	cancelKinds = []string{outbox.KindCancellationRequested, outbox.KindCancellationDone, outbox.KindCancellationRefused}
	// enquiryKinds also use the enquiry template (enquiry.txt, enquiry.html).
	enquiryKinds = []string{outbox.KindEnquiryReceived, outbox.KindEnquiryAcknowledgement}
)

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
	for _, k := range slices.Concat(kinds, tripKinds, cancelKinds, enquiryKinds) {
		txt, html := []string{"templates/layout.txt", "templates/" + k + ".txt"}, []string{"templates/layout.html", "templates/" + k + ".html"}
		switch {
		case slices.Contains(tripKinds, k):
			txt, html = append(txt, "templates/trip.txt"), append(html, "templates/trip.html")
		case slices.Contains(cancelKinds, k):
			txt = append(txt, "templates/trip.txt", "templates/cancellation.txt")
			html = append(html, "templates/trip.html", "templates/cancellation.html")
		case slices.Contains(enquiryKinds, k):
			txt, html = append(txt, "templates/enquiry.txt"), append(html, "templates/enquiry.html")
		}
		t, err := texttemplate.New(k).Option("missingkey=error").ParseFS(files, txt...)
		if err != nil {
			return nil, fmt.Errorf("mailtmpl: parse %s text: %w", k, err)
		}
		h, err := htmltemplate.New(k).Funcs(funcs).Option("missingkey=error").ParseFS(files, html...)
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
	// Trip is the booking a trip message is about; Reason why it failed.
	Trip   *Trip
	Reason string
	// Cancellation is what a cancellation message reports, Refund what a
	// refund message does.
	Cancellation *Cancellation
	Refund       *Refund
	// Enquiry is the enquiry an enquiry message is about.
	Enquiry *Enquiry
}

// Enquiry is a traveller's enquiry as the enquiry messages show it.
type Enquiry struct {
	// Reference is the code people quote (PY-7K3Q9D); What names the kind
	// for people ("MICE proposal request").
	Reference, What string
	// From is the traveller.
	From mail.Address
	// Fields are what they wrote, in the form's order; empty ones left out.
	Fields []EnquiryField
	// Hours are the team's business hours.
	Hours string
}

// EnquiryField is one labelled answer of an enquiry.
type EnquiryField struct{ Label, Value string }

// EnquiryReceived is the team's copy of an enquiry; Reply-To is the
// traveller, so answering it answers them.
func (r *Renderer) EnquiryReceived(team mail.Address, e Enquiry) (outbox.Message, error) {
	d := r.base("team")
	d.Enquiry = &e
	m, err := r.render(outbox.KindEnquiryReceived, team, d)
	if err == nil {
		from := e.From
		m.ReplyTo = &from
	}
	return m, err
}

// EnquiryAcknowledgement tells the traveller their enquiry reached the
// team, with its reference and what they wrote.
func (r *Renderer) EnquiryAcknowledgement(to mail.Address, name string, e Enquiry) (outbox.Message, error) {
	d := r.base(name)
	d.Enquiry = &e
	return r.render(outbox.KindEnquiryAcknowledgement, to, d)
}

// Trip is a booking as the trip messages show it.
type Trip struct {
	// ID is our booking's id: the My Trips link names it.
	ID string
	// Reference is the short form of ID people quote to support; PNR the
	// airline's record locator, once there is one.
	Reference, PNR string
	// Route is "BOM → DEL" (with the return's "BOM ⇄ DEL").
	Route string
	// Flights in order of travel.
	Flights []TripFlight
	// Passengers with their tickets, once issued.
	Passengers []TripPassenger
	// Total is the price, written for people (₹12,345.00).
	Total string
}

// TripFlight is one flight of a trip; Depart and Arrive are local times as
// people read them ("20 Dec 2026, 06:15").
type TripFlight struct {
	Airline, Number, From, To, Depart, Arrive string
}

// TripPassenger is a traveller of a trip: the name as ticketed, the type
// (adult, child, infant) and the ticket number once issued.
type TripPassenger struct {
	Name, Type, Ticket string
	// Extras are the seats, meals and baggage the traveller takes, one line
	// each: "Seat 12A (Window, exit row), BOM → DEL".
	Extras []string
}

// BookingConfirmed tells a traveller their seats are held under a PNR.
func (r *Renderer) BookingConfirmed(to mail.Address, name string, t Trip) (outbox.Message, error) {
	return r.render(outbox.KindBookingConfirmed, to, r.trip(name, t, ""))
}

// TicketIssued tells a traveller their tickets are issued.
func (r *Renderer) TicketIssued(to mail.Address, name string, t Trip) (outbox.Message, error) {
	return r.render(outbox.KindTicketIssued, to, r.trip(name, t, ""))
}

// BookingFailed tells a traveller a booking did not go through, and why.
func (r *Renderer) BookingFailed(to mail.Address, name string, t Trip, reason string) (outbox.Message, error) {
	return r.render(outbox.KindBookingFailed, to, r.trip(name, t, reason))
}

// BookingPending tells a traveller the airline is late to answer and the
// booking is being confirmed.
func (r *Renderer) BookingPending(to mail.Address, name string, t Trip) (outbox.Message, error) {
	return r.render(outbox.KindBookingPending, to, r.trip(name, t, ""))
}

func (r *Renderer) trip(name string, t Trip, reason string) data {
	d := r.base(name)
	d.Trip, d.Reason = &t, reason
	d.Link = r.publicURL + "/account/trips/" + url.PathEscape(t.ID)
	return d
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

// Money writes an amount for people: rupees with the ₹ sign and Indian digit
// grouping (₹1,23,456.50); another currency by its code (USD 1,234.50).
func Money(amount decimal.Decimal, currency string) string {
	s := amount.Abs().StringFixed(2)
	whole, frac, _ := strings.Cut(s, ".")
	indian := currency == "" || currency == "INR"
	var groups []string
	if indian && len(whole) > 3 {
		groups = append(groups, whole[len(whole)-3:])
		whole = whole[:len(whole)-3]
		for len(whole) > 2 {
			groups = append([]string{whole[len(whole)-2:]}, groups...)
			whole = whole[:len(whole)-2]
		}
	} else {
		for len(whole) > 3 {
			groups = append([]string{whole[len(whole)-3:]}, groups...)
			whole = whole[:len(whole)-3]
		}
	}
	if whole != "" {
		groups = append([]string{whole}, groups...)
	}
	out := strings.Join(groups, ",") + "." + frac
	if indian {
		out = "₹" + out
	} else {
		out = currency + " " + out
	}
	if amount.IsNegative() {
		out = "-" + out
	}
	return out
}

// Greeting is how a message greets someone: the first word of their full
// name, else their e-mail's part before the @.
func Greeting(fullName, email string) string {
	if f := strings.Fields(fullName); len(f) > 0 {
		return f[0]
	}
	local, _, _ := strings.Cut(email, "@")
	return local
}
