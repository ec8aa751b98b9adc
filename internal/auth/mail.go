package auth

import (
	"context"
	"log/slog"
)

// Mailer sends one plain-text e-mail (internal/platform/smtpmail over SMTP).
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
