// Package smtpmail sends the product's transactional e-mail through an SMTP
// server with wneessen/go-mail: STARTTLS or implicit TLS, authentication,
// timeouts and well-formed MIME messages.
package smtpmail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Timeout bounds one delivery: connecting, greeting, TLS, authentication
// and the message itself.
const Timeout = 30 * time.Second

// Mailer sends plain-text e-mails from one sender.
type Mailer struct {
	from string
	// domain is the sender's domain, the right-hand side of Message-IDs
	// (a pod's host name means nothing outside the cluster).
	domain string
	opts   []gomail.Option
	host   string
}

// New reads the server from rawURL and the sender from from.
//
//   - smtp://user:password@host:587 upgrades with STARTTLS, and requires it
//     when credentials are given (a password never crosses the network in
//     clear); without credentials STARTTLS is used when offered.
//   - smtps://user:password@host:465 speaks TLS from the first byte.
//
// The port defaults to 587 (smtp) or 465 (smtps). The credentials are
// offered with the best mechanism the server announces.
func New(rawURL, from string) (*Mailer, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, errors.New("SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465")
	}
	addr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("SMTP_FROM is not an e-mail address: %w", err)
	}
	m := &Mailer{from: addr.String(), domain: addr.Address[strings.LastIndexByte(addr.Address, '@')+1:], host: u.Hostname()}
	port := 587
	if u.Scheme == "smtps" {
		port = 465
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil || port < 1 || port > 65535 {
			return nil, fmt.Errorf("SMTP_URL has an invalid port %q", p)
		}
	}
	m.opts = []gomail.Option{gomail.WithPort(port), gomail.WithTimeout(Timeout),
		gomail.WithTLSConfig(&tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12})}
	switch {
	case u.Scheme == "smtps":
		m.opts = append(m.opts, gomail.WithSSL())
	case u.User != nil:
		m.opts = append(m.opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	default:
		m.opts = append(m.opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if u.User != nil {
		pw, _ := u.User.Password()
		m.opts = append(m.opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pw))
	}
	// Fail at start-up on options go-mail refuses, not at the first e-mail.
	if _, err := gomail.NewClient(m.host, m.opts...); err != nil {
		return nil, fmt.Errorf("SMTP_URL: %w", err)
	}
	return m, nil
}

// Send delivers one plain-text message to one recipient within Timeout (or
// ctx, if it ends first). Header values are encoded by go-mail; an address
// that does not parse is refused before anything is sent.
func (m *Mailer) Send(ctx context.Context, to, subject, body string) error {
	msg := gomail.NewMsg()
	if err := msg.From(m.from); err != nil {
		return err
	}
	if err := msg.To(to); err != nil {
		return fmt.Errorf("recipient: %w", err)
	}
	msg.Subject(subject)
	msg.SetDate()
	msg.SetMessageIDWithValue(rand.Text() + "@" + m.domain)
	msg.SetBodyString(gomail.TypeTextPlain, body)
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	// go-mail bounds each exchange with the server by its own timeout, not
	// by the context: give it what is left of ctx.
	deadline, _ := ctx.Deadline()
	c, err := gomail.NewClient(m.host, append(m.opts, gomail.WithTimeout(max(time.Until(deadline), time.Millisecond)))...)
	if err != nil {
		return err
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp %s: %w", m.host, err)
	}
	return nil
}
