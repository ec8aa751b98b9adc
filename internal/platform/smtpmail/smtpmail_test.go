package smtpmail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http/httptest"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	gomail "github.com/wneessen/go-mail"
)

// server is an SMTP server on loopback (emersion/go-smtp) that keeps what
// it receives.
type server struct {
	addr string
	// certs trust the server's certificate, when it offers STARTTLS.
	certs *x509.CertPool

	mu       sync.Mutex
	auths    []string // "user:password" per AUTH PLAIN
	messages []received
	// refuse, when set, is the reply to every RCPT TO.
	refuse *smtp.SMTPError
}

type received struct {
	from string
	to   []string
	data []byte
	tls  bool
}

func startServer(t *testing.T, starttls bool) *server {
	t.Helper()
	s := &server{}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{s: s, conn: c}, nil
	}))
	srv.Domain = "mail.test"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	if starttls {
		// httptest's certificate is valid for 127.0.0.1 and example.com.
		ts := httptest.NewUnstartedServer(nil)
		ts.StartTLS()
		srv.TLSConfig = ts.TLS
		s.certs = x509.NewCertPool()
		s.certs.AddCert(ts.Certificate())
		ts.Close()
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	s.addr = ln.Addr().String()
	return s
}

type session struct {
	s    *server
	conn *smtp.Conn
	msg  received
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }
func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		x.s.mu.Lock()
		defer x.s.mu.Unlock()
		x.s.auths = append(x.s.auths, user+":"+pass)
		if pass != "s3cret" {
			return errors.New("bad credentials")
		}
		return nil
	}), nil
}
func (x *session) Mail(from string, _ *smtp.MailOptions) error { x.msg.from = from; return nil }
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	refuse := x.s.refuse
	x.s.mu.Unlock()
	if refuse != nil {
		return refuse
	}
	x.msg.to = append(x.msg.to, to)
	return nil
}
func (x *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	_, x.msg.tls = x.conn.TLSConnectionState()
	x.msg.data = b
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	x.s.messages = append(x.s.messages, x.msg)
	return nil
}
func (x *session) Reset()        { x.msg = received{} }
func (x *session) Logout() error { return nil }

func (s *server) received() ([]received, []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.messages...), append([]string(nil), s.auths...)
}

// mailer returns New(rawURL) trusting the test server's certificate.
func (s *server) mailer(t *testing.T, rawURL string) *Mailer {
	t.Helper()
	m, err := New(strings.ReplaceAll(rawURL, "ADDR", s.addr), mail.Address{Name: "Paryatan", Address: "no-reply@paryatan.example"})
	if err != nil {
		t.Fatal(err)
	}
	if s.certs != nil {
		m.opts = append(m.opts, gomail.WithTLSConfig(&tls.Config{RootCAs: s.certs, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}))
	}
	return m
}

func TestSendsWellFormedMessage(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://ADDR?starttls=off")
	body := "Namaste Asha,\n\nConfirm your e-mail: https://paryatan.example/verify?t=abc\n"
	if err := m.Send(context.Background(), Message{To: mail.Address{Address: "asha@example.in"}, Subject: "Confirm your e-mail — Paryatan", Text: body}); err != nil {
		t.Fatal(err)
	}
	msgs, _ := s.received()
	if len(msgs) != 1 || msgs[0].from != "no-reply@paryatan.example" || len(msgs[0].to) != 1 || msgs[0].to[0] != "asha@example.in" {
		t.Fatalf("envelope: %+v", msgs)
	}
	parsed, err := mail.ReadMessage(strings.NewReader(string(msgs[0].data)))
	if err != nil {
		t.Fatalf("not a valid message: %v\n%s", err, msgs[0].data)
	}
	h := parsed.Header
	subject, err := new(mime.WordDecoder).DecodeHeader(h.Get("Subject"))
	if err != nil || subject != "Confirm your e-mail — Paryatan" {
		t.Errorf("Subject %q (%v), raw %q", subject, err, h.Get("Subject"))
	}
	if _, err := h.Date(); err != nil {
		t.Errorf("Date: %v", err)
	}
	if id := h.Get("Message-Id"); !strings.HasSuffix(id, "@paryatan.example>") || len(id) < 20 {
		t.Errorf("Message-ID %q: want <random@sender's domain>", id)
	}
	if ct := h.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") || !strings.Contains(ct, "UTF-8") && !strings.Contains(ct, "utf-8") {
		t.Errorf("Content-Type %q", ct)
	}
	if h.Get("Mime-Version") != "1.0" {
		t.Errorf("headers: %v", h)
	}
	// The envelope has the bare address, the header the display name.
	if from, err := (&mail.AddressParser{WordDecoder: new(mime.WordDecoder)}).Parse(h.Get("From")); err != nil || from.Name != "Paryatan" || from.Address != "no-reply@paryatan.example" {
		t.Errorf("From %q: %+v, %v", h.Get("From"), from, err)
	}
	if cte := h.Get("Content-Transfer-Encoding"); cte != "quoted-printable" {
		t.Errorf("Content-Transfer-Encoding %q", cte)
	}
	if !strings.Contains(string(msgs[0].data), "\r\n") {
		t.Error("lines are not CRLF-terminated")
	}
	got, _ := io.ReadAll(parsed.Body)
	if !strings.Contains(decodeBody(t, h.Get("Content-Transfer-Encoding"), got), "https://paryatan.example/verify?t=abc") {
		t.Errorf("body: %s", got)
	}
}

// One mailer sends several messages at once (the outbox's mail queue works
// a few jobs in parallel): each arrives, and no send shares another's
// state.
func TestConcurrentSends(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://ADDR?starttls=off")
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			errs[i] = m.Send(context.Background(), Message{To: mail.Address{Address: fmt.Sprintf("u%d@example.in", i)}, Subject: "Hello", Text: "Hello"})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	msgs, _ := s.received()
	seen := map[string]bool{}
	for _, msg := range msgs {
		seen[strings.Join(msg.to, ",")] = true
	}
	if len(msgs) != n || len(seen) != n {
		t.Fatalf("%d messages to %d recipients, want %d each", len(msgs), len(seen), n)
	}
}

// Credentials never cross the network in clear: with a password, a server
// that does not offer STARTTLS gets no message and no AUTH.
func TestPasswordRequiresTLS(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://paryatan:s3cret@ADDR")
	if err := m.Send(context.Background(), msg("asha@example.in", "Hi")); err == nil {
		t.Fatal("sent with a password over a connection without TLS")
	}
	if msgs, auths := s.received(); len(msgs) != 0 || len(auths) != 0 {
		t.Fatalf("server got %d messages and auths %v", len(msgs), auths)
	}
}

func TestStartTLSAndAuth(t *testing.T) {
	s := startServer(t, true)
	if err := s.mailer(t, "smtp://paryatan:s3cret@ADDR").Send(context.Background(), msg("asha@example.in", "Hi")); err != nil {
		t.Fatal(err)
	}
	msgs, auths := s.received()
	if len(msgs) != 1 || !msgs[0].tls || len(auths) != 1 || auths[0] != "paryatan:s3cret" {
		t.Fatalf("messages %+v, auths %v: want one message over TLS after AUTH", msgs, auths)
	}
	// A wrong password is an error, not a silent drop.
	if err := s.mailer(t, "smtp://paryatan:wrong@ADDR").Send(context.Background(), msg("asha@example.in", "Hi")); err == nil {
		t.Fatal("wrong password: no error")
	}
}

// A recipient or subject carrying a line break cannot add headers.
func TestNoHeaderInjection(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://ADDR?starttls=off")
	if err := m.Send(context.Background(), msg("asha@example.in\r\nBcc: eve@example.com", "Hi")); err == nil {
		t.Error("recipient with a line break accepted")
	}
	if err := m.Send(context.Background(), msg("asha@example.in", "Hi\r\nBcc: eve@example.com")); err != nil {
		t.Fatal(err)
	}
	msgs, _ := s.received()
	for _, msg := range msgs {
		if len(msg.to) != 1 || strings.Contains(string(msg.data), "\r\nBcc:") {
			t.Fatalf("injected: to %v\n%s", msg.to, msg.data)
		}
	}
}

// A server that does not answer is given up on; the caller's context ends
// the wait sooner.
func TestGivesUpOnSilentServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // accept, then say nothing
		}
	}()
	m, err := New("smtp://"+ln.Addr().String(), mail.Address{Address: "no-reply@paryatan.example"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := m.Send(ctx, msg("asha@example.in", "Hi")); err == nil {
		t.Fatal("no error from a silent server")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("waited %v", d)
	}
}

func TestNewRefusesBadSettings(t *testing.T) {
	for _, tc := range []struct{ url, from string }{
		{"http://mail.example:25", "a@paryatan.example"},
		{"smtp://", "a@paryatan.example"},
		{"smtp://mail.example:99999", "a@paryatan.example"},
		{"smtp://mail.example", "no-domain@"},
		{"smtp://u:p@mail.example?starttls=off", "a@paryatan.example"},
		{"smtps://mail.example?starttls=off", "a@paryatan.example"},
		{"smtp://mail.example?starttls=on", "a@paryatan.example"},
		{"smtp://mail.example?tls=none", "a@paryatan.example"},
	} {
		if _, err := New(tc.url, mail.Address{Address: tc.from}); err == nil {
			t.Errorf("New(%q, %q) accepted", tc.url, tc.from)
		}
	}
	for _, from := range []string{"not an address", "Paryatan no-reply@paryatan.example", ""} {
		if _, err := ParseFrom(from); err == nil {
			t.Errorf("ParseFrom(%q) accepted", from)
		}
	}
	from, err := ParseFrom("Paryatan <a@paryatan.example>")
	if err != nil || from.Name != "Paryatan" || from.Address != "a@paryatan.example" {
		t.Fatalf("ParseFrom: %+v, %v", from, err)
	}
	for _, u := range []string{"smtp://mail.example", "smtps://u:p@mail.example", "smtp://u:p@mail.example:2525", "smtp://relay.local:25?starttls=off"} {
		if _, err := New(u, from); err != nil {
			t.Errorf("New(%q): %v", u, err)
		}
	}
}

func msg(to, subject string) Message {
	return Message{To: mail.Address{Address: to}, Subject: subject, Text: "x"}
}

// Names outside ASCII, the sender's and the recipient's, reach the reader
// as written (RFC 2047 encoded words), and the HTML body travels next to
// the text one as multipart/alternative, both quoted-printable.
func TestNonASCIINamesAndHTML(t *testing.T) {
	s := startServer(t, false)
	m, err := New("smtp://"+s.addr+"?starttls=off", mail.Address{Name: "पर्यटन यात्रा", Address: "no-reply@paryatan.example"})
	if err != nil {
		t.Fatal(err)
	}
	text := "नमस्ते आरव,\nConfirm: https://paryatan.example/verify?t=abc\n"
	html := `<p>नमस्ते आरव,</p><p><a href="https://paryatan.example/verify?t=abc">Confirm</a></p>`
	if err := m.Send(context.Background(), Message{To: mail.Address{Name: "आरव शर्मा", Address: "aarav@example.in"},
		Subject: "अपना ई-मेल पता पुष्टि करें", Text: text, HTML: html}); err != nil {
		t.Fatal(err)
	}
	msgs, _ := s.received()
	if len(msgs) != 1 || msgs[0].from != "no-reply@paryatan.example" || len(msgs[0].to) != 1 || msgs[0].to[0] != "aarav@example.in" {
		t.Fatalf("envelope: %+v", msgs)
	}
	parsed, err := mail.ReadMessage(strings.NewReader(string(msgs[0].data)))
	if err != nil {
		t.Fatal(err)
	}
	h := parsed.Header
	for _, name := range []string{"From", "To", "Subject"} {
		for _, r := range h.Get(name) {
			if r > 127 {
				t.Fatalf("%s header is not ASCII: %q", name, h.Get(name))
			}
		}
	}
	ap := mail.AddressParser{WordDecoder: new(mime.WordDecoder)}
	if from, err := ap.Parse(h.Get("From")); err != nil || from.Name != "पर्यटन यात्रा" || from.Address != "no-reply@paryatan.example" {
		t.Errorf("From %q: %+v, %v", h.Get("From"), from, err)
	}
	if to, err := ap.Parse(h.Get("To")); err != nil || to.Name != "आरव शर्मा" || to.Address != "aarav@example.in" {
		t.Errorf("To %q: %+v, %v", h.Get("To"), to, err)
	}
	if subject, err := new(mime.WordDecoder).DecodeHeader(h.Get("Subject")); err != nil || subject != "अपना ई-मेल पता पुष्टि करें" {
		t.Errorf("Subject %q (%v)", subject, err)
	}
	if _, err := h.Date(); err != nil || !strings.HasSuffix(h.Get("Message-Id"), "@paryatan.example>") {
		t.Errorf("Date %q, Message-ID %q", h.Get("Date"), h.Get("Message-Id"))
	}
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type %q", h.Get("Content-Type"))
	}
	parts := multipart.NewReader(parsed.Body, params["boundary"])
	want := []struct{ ct, body string }{{"text/plain", text}, {"text/html", html}}
	for i := 0; ; i++ {
		p, err := parts.NextRawPart()
		if errors.Is(err, io.EOF) {
			if i != len(want) {
				t.Fatalf("%d parts, want %d", i, len(want))
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if i >= len(want) {
			t.Fatalf("unexpected part %v", p.Header)
		}
		ct, cp, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if ct != want[i].ct || !strings.EqualFold(cp["charset"], "utf-8") || p.Header.Get("Content-Transfer-Encoding") != "quoted-printable" {
			t.Errorf("part %d: %v", i, p.Header)
		}
		raw, _ := io.ReadAll(p)
		if got := decodeBody(t, "quoted-printable", raw); strings.ReplaceAll(got, "\r\n", "\n") != want[i].body {
			t.Errorf("part %d body %q, want %q", i, got, want[i].body)
		}
	}
}

// A 5xx reply is final (ErrRejected, the reply kept in the error); a 4xx
// reply and a server that is not there are worth another try.
func TestRefusalsPermanentOrTemporary(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://ADDR?starttls=off")
	s.mu.Lock()
	s.refuse = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such mailbox here"}
	s.mu.Unlock()
	err := m.Send(context.Background(), msg("nobody@example.in", "Hi"))
	if !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "No such mailbox here") {
		t.Errorf("5xx: %v", err)
	}
	s.mu.Lock()
	s.refuse = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	s.mu.Unlock()
	if err := m.Send(context.Background(), msg("asha@example.in", "Hi")); err == nil || errors.Is(err, ErrRejected) {
		t.Errorf("4xx: %v", err)
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	_ = ln.Close()
	down, err := New("smtp://"+addr, mail.Address{Address: "no-reply@paryatan.example"})
	if err != nil {
		t.Fatal(err)
	}
	if err := down.Send(context.Background(), msg("asha@example.in", "Hi")); err == nil || errors.Is(err, ErrRejected) {
		t.Errorf("server down: %v", err)
	}
}

func decodeBody(t *testing.T, cte string, b []byte) string {
	t.Helper()
	switch strings.ToLower(cte) {
	case "quoted-printable":
		out, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(string(b))))
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	case "base64":
		out, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(string(b), "\r\n", ""))
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	return string(b)
}

// Check signs in as Send would and sends nothing: a wrong password or a
// relay that is down is an error at start-up, not at the first e-mail.
func TestCheckReachesTheRelay(t *testing.T) {
	s := startServer(t, true)
	if err := s.mailer(t, "smtp://paryatan:s3cret@ADDR").Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	if msgs, auths := s.received(); len(msgs) != 0 || len(auths) != 1 {
		t.Fatalf("check sent %d messages, %d sign-ins", len(msgs), len(auths))
	}
	if err := s.mailer(t, "smtp://paryatan:wrong@ADDR").Check(context.Background()); err == nil {
		t.Fatal("wrong password: no error")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	m, err := New("smtp://"+addr, mail.Address{Address: "no-reply@paryatan.example"})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Check(context.Background()); err == nil {
		t.Fatal("a relay that is down: no error")
	}
}

// A Reply-To sends replies to someone other than the sender (a team's copy
// of an enquiry answers the traveller), with a non-ASCII name encoded; one
// that is not an address is refused for good.
func TestReplyTo(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://ADDR?starttls=off")
	rt := &mail.Address{Name: "आरव शर्मा", Address: "aarav@example.in"}
	if err := m.Send(context.Background(), Message{To: mail.Address{Address: "mice@paryatan.example"}, ReplyTo: rt, Subject: "Enquiry", Text: "Hi"}); err != nil {
		t.Fatal(err)
	}
	msgs, _ := s.received()
	parsed, err := mail.ReadMessage(strings.NewReader(string(msgs[0].data)))
	if err != nil {
		t.Fatal(err)
	}
	got, err := (&mail.AddressParser{WordDecoder: new(mime.WordDecoder)}).Parse(parsed.Header.Get("Reply-To"))
	if err != nil || got.Address != rt.Address || got.Name != rt.Name {
		t.Fatalf("Reply-To %q: %+v %v", parsed.Header.Get("Reply-To"), got, err)
	}
	err = m.Send(context.Background(), Message{To: mail.Address{Address: "mice@paryatan.example"},
		ReplyTo: &mail.Address{Address: "a@b.in\r\nBcc: x@y.in"}, Subject: "Enquiry", Text: "Hi"})
	if !errors.Is(err, ErrRejected) {
		t.Fatalf("a reply-to with a line break: %v", err)
	}
}

// Without STARTTLS on offer nothing is sent, credentials or not, unless
// SMTP_URL says starttls=off on purpose.
func TestStartTLSRequiredUnlessTurnedOff(t *testing.T) {
	s := startServer(t, false)
	if err := s.mailer(t, "smtp://ADDR").Send(context.Background(), msg("asha@example.in", "Hi")); err == nil {
		t.Fatal("sent in clear to a server without STARTTLS")
	}
	if msgs, _ := s.received(); len(msgs) != 0 {
		t.Fatalf("%d messages sent in clear", len(msgs))
	}
	if err := s.mailer(t, "smtp://ADDR?starttls=off").Send(context.Background(), msg("asha@example.in", "Hi")); err != nil {
		t.Fatal(err)
	}
}

// pdf is a small PDF-like file whose bytes cover every value, so that any
// damage on the way (a text encoding, a lost CR) shows.
func pdf(seed byte, n int) []byte {
	b := append([]byte("%PDF-1.7\r\n"), make([]byte, n)...)
	for i := 10; i < len(b); i++ {
		b[i] = byte(i*7) + seed
	}
	return b
}

// With attachments the message is multipart/mixed: the text and HTML
// alternative first, as without, then each file as a base64 part in lines
// of at most 76 characters, named in Content-Disposition, arriving with its
// exact bytes (a name outside ASCII as RFC 2231 writes it). A text-only
// message with a file has the text part first.
func TestAttachments(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://ADDR?starttls=off")
	ticket, invoice := pdf(1, 3000), pdf(2, 70000)
	text, html := "Your tickets are issued.\n", "<p>Your tickets are issued.</p>"
	files := []Attachment{{Name: "e-ticket-K7Q2MZ.pdf", ContentType: "application/pdf", Data: ticket},
		{Name: "चालान PY-2026-0001.pdf", ContentType: "application/pdf", Data: invoice}}
	if err := m.Send(context.Background(), Message{To: mail.Address{Address: "asha@example.in"}, Subject: "Ticket issued",
		Text: text, HTML: html, Attachments: files}); err != nil {
		t.Fatal(err)
	}
	if err := m.Send(context.Background(), Message{To: mail.Address{Address: "asha@example.in"}, Subject: "Invoice",
		Text: text, Attachments: files[1:]}); err != nil {
		t.Fatal(err)
	}
	msgs, _ := s.received()
	if len(msgs) != 2 {
		t.Fatalf("%d messages", len(msgs))
	}
	for i, want := range []struct {
		body  []struct{ ct, body string }
		files []Attachment
	}{
		{[]struct{ ct, body string }{{"text/plain", text}, {"text/html", html}}, files},
		{[]struct{ ct, body string }{{"text/plain", text}}, files[1:]},
	} {
		for n, line := range strings.Split(string(msgs[i].data), "\r\n") {
			if len(line) > 998 {
				t.Errorf("message %d line %d is %d characters long", i, n, len(line))
			}
		}
		parsed, err := mail.ReadMessage(strings.NewReader(string(msgs[i].data)))
		if err != nil {
			t.Fatal(err)
		}
		mt, params, err := mime.ParseMediaType(parsed.Header.Get("Content-Type"))
		if err != nil || mt != "multipart/mixed" || parsed.Header.Get("Mime-Version") != "1.0" {
			t.Fatalf("message %d: Content-Type %q, headers %v", i, parsed.Header.Get("Content-Type"), parsed.Header)
		}
		mixed := multipart.NewReader(parsed.Body, params["boundary"])
		first, err := mixed.NextRawPart()
		if err != nil {
			t.Fatal(err)
		}
		if len(want.body) == 2 {
			amt, aparams, err := mime.ParseMediaType(first.Header.Get("Content-Type"))
			if err != nil || amt != "multipart/alternative" || aparams["boundary"] == params["boundary"] {
				t.Fatalf("message %d: first part %v", i, first.Header)
			}
			alt := multipart.NewReader(first, aparams["boundary"])
			for j, w := range want.body {
				p, err := alt.NextRawPart()
				if err != nil {
					t.Fatalf("message %d alternative %d: %v", i, j, err)
				}
				checkTextPart(t, p, w.ct, w.body)
			}
			if _, err := alt.NextRawPart(); !errors.Is(err, io.EOF) {
				t.Errorf("message %d: the alternative has more than 2 parts (%v)", i, err)
			}
		} else {
			checkTextPart(t, first, want.body[0].ct, want.body[0].body)
		}
		for j, f := range want.files {
			p, err := mixed.NextRawPart()
			if err != nil {
				t.Fatalf("message %d file %d: %v", i, j, err)
			}
			ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
			disp, dparams, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
			if ct != "application/pdf" || err != nil || disp != "attachment" || dparams["filename"] != f.Name || p.FileName() != f.Name ||
				p.Header.Get("Content-Transfer-Encoding") != "base64" {
				t.Errorf("message %d file %d: %v", i, j, p.Header)
			}
			raw, err := io.ReadAll(p)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimRight(string(raw), "\r\n"), "\r\n")
			for n, line := range lines {
				if len(line) > 76 || (n < len(lines)-1 && len(line) != 76) {
					t.Fatalf("message %d file %d: line %d is %d characters long", i, j, n, len(line))
				}
			}
			if got := decodeBody(t, "base64", raw); got != string(f.Data) {
				t.Errorf("message %d file %d: %d bytes arrived, not the %d sent", i, j, len(got), len(f.Data))
			}
		}
		if _, err := mixed.NextRawPart(); !errors.Is(err, io.EOF) {
			t.Errorf("message %d: parts after the files (%v)", i, err)
		}
	}
}

// checkTextPart asserts one body part's type, charset, encoding and text.
func checkTextPart(t *testing.T, p *multipart.Part, wantType, wantBody string) {
	t.Helper()
	ct, cp, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
	if ct != wantType || !strings.EqualFold(cp["charset"], "utf-8") || p.Header.Get("Content-Transfer-Encoding") != "quoted-printable" ||
		p.Header.Get("Content-Disposition") != "" {
		t.Errorf("%s part: %v", wantType, p.Header)
	}
	raw, _ := io.ReadAll(p)
	if got := decodeBody(t, "quoted-printable", raw); strings.ReplaceAll(got, "\r\n", "\n") != wantBody {
		t.Errorf("%s part %q, want %q", wantType, got, wantBody)
	}
}

// A file's media type is written by the MIME parser's rules: one that
// tries to add a header is refused for good, before anything is sent.
func TestAttachmentContentTypeCannotInject(t *testing.T) {
	s := startServer(t, false)
	m := s.mailer(t, "smtp://ADDR?starttls=off")
	err := m.Send(context.Background(), Message{To: mail.Address{Address: "asha@example.in"}, Subject: "x", Text: "x",
		Attachments: []Attachment{{Name: "a.pdf", ContentType: "application/pdf\r\nBcc: eve@example.com", Data: []byte("x")}}})
	if !errors.Is(err, ErrRejected) {
		t.Fatalf("a content type with a line break: %v", err)
	}
	if msgs, _ := s.received(); len(msgs) != 0 {
		t.Fatalf("%d messages sent", len(msgs))
	}
}
