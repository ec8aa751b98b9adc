// Package smtpmail sends the product's transactional e-mail through an SMTP
// server with wneessen/go-mail: STARTTLS or implicit TLS, authentication,
// timeouts and well-formed MIME messages.
package smtpmail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Timeout bounds one delivery: connecting, greeting, TLS, authentication
// and the message itself.
const Timeout = 30 * time.Second

// Mailer sends e-mails from one sender.
type Mailer struct {
	from mail.Address
	// domain is the sender's domain, the right-hand side of Message-IDs
	// (a pod's host name means nothing outside the cluster).
	domain string
	opts   []gomail.Option
	host   string
}

// Message is one e-mail to one recipient: a plain-text body and, when HTML
// is set, an HTML alternative of it, followed by any attachments.
type Message struct {
	// To is the recipient; its name, when set, is shown in the To header.
	To mail.Address
	// ReplyTo, when set, is where replies go instead of the sender.
	ReplyTo *mail.Address
	Subject string
	Text    string
	HTML    string
	// Attachments are files sent with the message, in order.
	Attachments []Attachment
}

// Attachment is one file of a message.
type Attachment struct {
	// Name is the file name the recipient sees.
	Name string
	// ContentType is the file's media type ("application/pdf"); empty, it
	// is read from Name's extension, else application/octet-stream.
	ContentType string
	// Data is the file's content.
	Data []byte
}

// ErrRejected marks a delivery the server refused for good (a 5xx reply,
// or an address that cannot be sent to): trying again cannot succeed.
// Every other error from Send may pass (the server down, slow, or a 4xx
// reply).
var ErrRejected = errors.New("refused by the mail server")

// ParseFrom reads a sender as SMTP_FROM gives it, either a bare address or
// the display-name form "Paryatan <no-reply@paryatan.example>".
func ParseFrom(from string) (mail.Address, error) {
	addr, err := mail.ParseAddress(from)
	if err != nil {
		return mail.Address{}, fmt.Errorf("not an e-mail address, like Paryatan <no-reply@paryatan.example>: %w", err)
	}
	return *addr, nil
}

// New reads the server from rawURL; from is the sender, its address the
// envelope's (MAIL FROM) and its name shown in the From header.
//
//   - smtp://user:password@host:587 upgrades with STARTTLS and requires it:
//     a server that does not offer it gets no message. Only
//     ?starttls=off, written on purpose for a relay on loopback or a
//     private link, sends in clear, and never with credentials (a password
//     never crosses the network in clear).
//   - smtps://user:password@host:465 speaks TLS from the first byte.
//
// The port defaults to 587 (smtp) or 465 (smtps). The credentials are
// offered with the best mechanism the server announces.
func New(rawURL string, from mail.Address) (*Mailer, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, errors.New("SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465")
	}
	at := strings.LastIndexByte(from.Address, '@')
	if at < 1 || at == len(from.Address)-1 {
		return nil, fmt.Errorf("SMTP_FROM %q is not an e-mail address", from.Address)
	}
	m := &Mailer{from: from, domain: from.Address[at+1:], host: u.Hostname()}
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
	q := u.Query()
	plain := strings.EqualFold(q.Get("starttls"), "off")
	if q.Has("starttls") && !plain {
		return nil, fmt.Errorf("SMTP_URL: starttls=%q: the only setting is starttls=off (STARTTLS is required otherwise)", q.Get("starttls"))
	}
	if q.Del("starttls"); len(q) > 0 {
		return nil, fmt.Errorf("SMTP_URL: unknown setting %q: the only one is starttls=off", u.RawQuery)
	}
	switch {
	case u.Scheme == "smtps":
		if plain {
			return nil, errors.New("SMTP_URL: starttls=off is for smtp://; smtps:// is TLS from the start")
		}
		m.opts = append(m.opts, gomail.WithSSL())
	case plain && u.User != nil:
		return nil, errors.New("SMTP_URL: starttls=off with credentials would send the password in clear")
	case plain:
		m.opts = append(m.opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		m.opts = append(m.opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
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

// Send delivers msg within Timeout (or ctx, if it ends first). Header
// values are encoded by go-mail (RFC 2047 where they are not ASCII), the
// bodies are quoted-printable UTF-8 and attachments base64; an address that does not parse is
// refused before anything is sent. Errors wrapping ErrRejected are final.
func (m *Mailer) Send(ctx context.Context, msg Message) error {
	gm, err := m.compose(msg)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrRejected, err)
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	deadline, _ := ctx.Deadline()
	c, err := gomail.NewClient(m.host, m.clientOptions(deadline)...)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", m.host, err)
	}
	if err := c.DialAndSendWithContext(ctx, gm); err != nil {
		if permanent(err) {
			return fmt.Errorf("smtp %s: %w: %w", m.host, ErrRejected, err)
		}
		return fmt.Errorf("smtp %s: %w", m.host, err)
	}
	return nil
}

// Check connects to the server, negotiates TLS and signs in as Send would,
// then hangs up: the relay can take mail. It sends nothing.
func (m *Mailer) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	deadline, _ := ctx.Deadline()
	c, err := gomail.NewClient(m.host, m.clientOptions(deadline)...)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", m.host, err)
	}
	if err := c.DialWithContext(ctx); err != nil {
		return fmt.Errorf("smtp %s: %w", m.host, err)
	}
	if err := c.Close(); err != nil {
		return fmt.Errorf("smtp %s: %w", m.host, err)
	}
	return nil
}

// clientOptions are the mailer's options for one client. go-mail bounds
// each exchange with the server by its own timeout, not by the context, so
// it gets what is left before deadline. The options are a new slice each
// time: sends run at once (the outbox works several jobs), and an append to
// m.opts could write into the array they share.
func (m *Mailer) clientOptions(deadline time.Time) []gomail.Option {
	return append(slices.Clip(m.opts), gomail.WithTimeout(max(time.Until(deadline), time.Millisecond)))
}

// compose builds the MIME message: multipart/alternative when there is an
// HTML body, so every client shows one of the two; with attachments, that
// body (alternative or text alone) is the first part of a multipart/mixed
// message and each file a part after it, base64 in lines of 76 characters,
// with Content-Disposition: attachment and its file name. A message
// without attachments is written exactly as before there were any.
func (m *Mailer) compose(msg Message) (*gomail.Msg, error) {
	gm := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP))
	from := m.from
	gm.FromMailAddress(&from)
	// The recipient goes through the same parser as a typed address, so a
	// line break or a second address cannot ride along.
	to, err := mail.ParseAddress((&mail.Address{Name: msg.To.Name, Address: msg.To.Address}).String())
	if err != nil || to.Address != msg.To.Address {
		return nil, fmt.Errorf("recipient %q is not an e-mail address", msg.To.Address)
	}
	gm.ToMailAddress(to)
	if msg.ReplyTo != nil {
		rt, err := mail.ParseAddress((&mail.Address{Name: msg.ReplyTo.Name, Address: msg.ReplyTo.Address}).String())
		if err != nil || rt.Address != msg.ReplyTo.Address {
			return nil, fmt.Errorf("reply-to %q is not an e-mail address", msg.ReplyTo.Address)
		}
		if err := gm.ReplyTo(rt.String()); err != nil {
			return nil, fmt.Errorf("reply-to %q: %w", msg.ReplyTo.Address, err)
		}
	}
	gm.Subject(msg.Subject)
	gm.SetDate()
	gm.SetMessageIDWithValue(rand.Text() + "@" + m.domain)
	gm.SetBodyString(gomail.TypeTextPlain, msg.Text)
	if msg.HTML != "" {
		gm.AddAlternativeString(gomail.TypeTextHTML, msg.HTML)
	}
	for _, a := range msg.Attachments {
		name := fileName(a.Name)
		disp := disposition(name)
		opts := []gomail.FileOption{gomail.WithFileEncoding(gomail.EncodingB64),
			func(f *gomail.File) { f.Header.Set("Content-Disposition", disp) }}
		if a.ContentType != "" {
			// Written again by the parser's rules, so a value cannot carry
			// a line break or a header of its own.
			mt, params, err := mime.ParseMediaType(a.ContentType)
			if err != nil {
				return nil, fmt.Errorf("attachment %q: content type %q: %w", a.Name, a.ContentType, err)
			}
			opts = append(opts, gomail.WithFileContentType(gomail.ContentType(mime.FormatMediaType(mt, params))))
		}
		gm.AttachReadSeeker(name, bytes.NewReader(a.Data), opts...)
	}
	return gm, nil
}

// fileName is name with what has no place in a file name (control
// characters and "/:<>?\|) replaced by "_", as go-mail writes the name in
// the part's Content-Type; both headers then name the same file.
func fileName(name string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`"/:<>?\|`, r) {
			return '_'
		}
		return r
	}, name)
}

// disposition is a file's Content-Disposition: attachment, with the name
// quoted when it is ASCII, and when it is not written per RFC 2231 (a
// filename* parameter, UTF-8 and percent-encoded), which current clients
// and Go's mime package read.
func disposition(name string) string {
	for i := range len(name) {
		if name[i] >= 0x80 {
			return mime.FormatMediaType("attachment", map[string]string{"filename": name})
		}
	}
	return `attachment; filename="` + name + `"`
}

// permanent reports whether the server refused the message with a 5xx
// reply to the envelope or the data. A refused sign-in (a wrong password)
// stays temporary: the operator fixes the setting and the queue drains.
func permanent(err error) bool {
	var se *gomail.SendError
	if !errors.As(err, &se) {
		return false
	}
	switch se.Reason {
	case gomail.ErrGetSender, gomail.ErrGetRcpts:
		return true
	}
	return se.ErrorCode() >= 500 && se.ErrorCode() < 600
}
