// Package smtptest runs a real SMTP server (emersion/go-smtp) on loopback
// for tests: it keeps what it receives, can refuse recipients, and can be
// stopped and started again on the same address, as a relay that goes down
// and comes back.
package smtptest

import (
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Received is one message as the server got it.
type Received struct {
	// From is the envelope sender (MAIL FROM), To the envelope recipients.
	From string
	To   []string
	// Data is the message, headers and body, as sent.
	Data []byte
}

// Server is an SMTP server without TLS or authentication.
type Server struct {
	// Addr is host:port, the same across Stop and Start.
	Addr string

	t      testing.TB
	mu     sync.Mutex
	srv    *smtp.Server
	got    []Received
	refuse *smtp.SMTPError
}

// New starts a server on loopback; it stops when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	return NewAt(t, "127.0.0.1:0")
}

// NewAt starts a server on addr (host:port, port 0 for any), for relays that
// must be reached from elsewhere than loopback, such as a cluster's pods.
func NewAt(t testing.TB, addr string) *Server {
	t.Helper()
	ln, err := listen(addr)
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: ln.Addr().String(), t: t}
	s.serve(ln)
	t.Cleanup(s.Stop)
	return s
}

// NewStopped reserves an address for a server that is not running yet: a
// relay that is down until Start.
func NewStopped(t testing.TB) *Server {
	t.Helper()
	ln, err := listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: ln.Addr().String(), t: t}
	_ = ln.Close()
	t.Cleanup(s.Stop)
	return s
}

// URL is the server as SMTP_URL names it.
func (s *Server) URL() string { return "smtp://" + s.Addr + "?starttls=off" }

// Start runs the server again on its address.
func (s *Server) Start() {
	s.t.Helper()
	ln, err := listen(s.Addr)
	if err != nil {
		s.t.Fatal(err)
	}
	s.serve(ln)
}

// Stop closes the listener and every connection: the relay is down.
func (s *Server) Stop() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		_ = srv.Close()
	}
}

// Refuse makes every following RCPT TO answer err; nil accepts again.
func (s *Server) Refuse(err *smtp.SMTPError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = err
}

// Received returns the messages accepted so far.
func (s *Server) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.got...)
}

func (s *Server) serve(ln net.Listener) {
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{s: s}, nil
	}))
	srv.Domain = "mail.test"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.mu.Lock()
	s.srv = srv
	s.mu.Unlock()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, smtp.ErrServerClosed) {
			s.t.Logf("smtp server: %v", err)
		}
	}()
}

func listen(addr string) (net.Listener, error) {
	return (&net.ListenConfig{}).Listen(context.Background(), "tcp", addr)
}

type session struct {
	s   *Server
	msg Received
}

func (x *session) AuthMechanisms() []string { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.msg.From = from
	return nil
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	refuse := x.s.refuse
	x.s.mu.Unlock()
	if refuse != nil {
		return refuse
	}
	x.msg.To = append(x.msg.To, to)
	return nil
}
func (x *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.msg.Data = b
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	x.s.got = append(x.s.got, x.msg)
	return nil
}
func (x *session) Reset()        { x.msg = Received{} }
func (x *session) Logout() error { return nil }
