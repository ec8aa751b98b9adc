package auth

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Mailer sends one plain-text e-mail.
type Mailer interface {
	Send(ctx context.Context, to, subject, body string) error
}

// LogMailer writes e-mails to the log instead of sending them: the local
// default, so a developer can follow a verification link from the console.
type LogMailer struct{ Log *slog.Logger }

// Send logs the message.
func (m LogMailer) Send(ctx context.Context, to, subject, body string) error {
	m.Log.InfoContext(ctx, "e-mail not sent (no SMTP_URL configured)", "to", to, "subject", subject, "body", body)
	return nil
}

// SMTPMailer sends through an SMTP server with STARTTLS when offered.
type SMTPMailer struct {
	addr string
	auth smtp.Auth
	from string
}

// NewSMTPMailer reads smtp://user:password@host:port; from is the sender.
func NewSMTPMailer(rawURL, from string) (*SMTPMailer, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP_URL must look like smtp://user:password@host:587")
	}
	if from == "" {
		return nil, fmt.Errorf("SMTP_FROM is required with SMTP_URL")
	}
	port := u.Port()
	if port == "" {
		port = "587"
	}
	m := &SMTPMailer{addr: net.JoinHostPort(u.Hostname(), port), from: from}
	if u.User != nil {
		pw, _ := u.User.Password()
		m.auth = smtp.PlainAuth("", u.User.Username(), pw, u.Hostname())
	}
	return m, nil
}

// Send delivers the message; it gives up after 30 seconds.
func (m *SMTPMailer) Send(ctx context.Context, to, subject, body string) error {
	if strings.ContainsAny(to+subject, "\r\n") {
		return fmt.Errorf("header injection refused")
	}
	msg := "From: " + m.from + "\r\nTo: " + to + "\r\nSubject: " + subject +
		"\r\nDate: " + time.Now().UTC().Format(time.RFC1123Z) +
		"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		strings.ReplaceAll(body, "\n", "\r\n")
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(m.addr, m.auth, m.from, []string{to}, []byte(msg)) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(30 * time.Second):
		return fmt.Errorf("smtp: timed out")
	}
}
