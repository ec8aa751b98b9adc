package visasim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/returnpath"
)

// maxReturnPath bounds ret, as Paryatan bounds the return path it issues.
const maxReturnPath = 512

// maxTicket bounds the ticket sent on: a signed ticket is well under 2 KiB.
const maxTicket = 8 << 10

// maxAnswer bounds the redeem answer read.
const maxAnswer = 64 << 10

// Redemption is the redeem endpoint's answer to a valid ticket.
type Redemption struct {
	User      User      `json:"user"`
	TicketID  string    `json:"ticketId"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// redeemError is a ticket that did not sign anyone in: the status of the
// page the user sees (401 for a ticket refused, 502 for a Paryatan that
// could not confirm it) and the reason, for the log.
type redeemError struct {
	status int
	reason string
	err    error
}

func (e *redeemError) Error() string {
	if e.err != nil {
		return e.reason + ": " + e.err.Error()
	}
	return e.reason
}

func (e *redeemError) Unwrap() error { return e.err }

// consume redeems the ticket in the query and, when Paryatan accepts it,
// starts a session and sends the browser on to ret.
func (s *Sim) consume(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	ticket := q.Get("ticket")
	ret := safeReturn(q.Get("ret"))
	red, err := s.redeem(r.Context(), ticket)
	if err != nil {
		var re *redeemError
		if !errors.As(err, &re) {
			re = &redeemError{status: http.StatusBadGateway, reason: "redeem failed", err: err}
		}
		// A refused ticket is the user's to retry; anything else is the
		// operator's to fix.
		level := slog.LevelWarn
		if re.status != http.StatusUnauthorized {
			level = slog.LevelError
		}
		attrs := []slog.Attr{slog.String("reason", re.reason), slog.Int("status", re.status)}
		if re.err != nil {
			attrs = append(attrs, slog.Any("err", re.err))
		}
		s.log.LogAttrs(r.Context(), level, "sign-in refused", attrs...)
		s.failure(w, re.status)
		return
	}

	if c, err := r.Cookie(CookieName); err == nil {
		s.sessions.end(c.Value)
	}
	id := s.sessions.start(red.User, s.now())
	c := &http.Cookie{Name: CookieName, Value: id, Path: "/", HttpOnly: true,
		MaxAge: int(s.opts.SessionLifetime / time.Second), SameSite: http.SameSiteLaxMode}
	if secure(r) {
		// Inside Paryatan's frame the simulator is a third party on
		// another site: only a SameSite=None cookie reaches it there, and
		// browsers keep it apart per top-level site (CHIPS).
		c.SameSite, c.Secure, c.Partitioned = http.SameSiteNoneMode, true, true
	}
	http.SetCookie(w, c)
	s.log.Info("signed in", "user", red.User.ID, "account_type", red.User.AccountType, "ticket_id", red.TicketID)
	w.Header().Set("Location", ret)
	w.WriteHeader(http.StatusSeeOther)
}

// redeem asks Paryatan to redeem ticket, with the simulator's credentials.
// Errors are *redeemError. Neither the ticket nor the secret is in them.
func (s *Sim) redeem(ctx context.Context, ticket string) (*Redemption, error) {
	if ticket == "" {
		return nil, &redeemError{status: http.StatusUnauthorized, reason: "no ticket"}
	}
	if len(ticket) > maxTicket {
		return nil, &redeemError{status: http.StatusUnauthorized, reason: "ticket too long"}
	}
	body, err := json.Marshal(map[string]string{"ticket": ticket})
	if err != nil {
		return nil, &redeemError{status: http.StatusBadGateway, reason: "redeem request", err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, RedeemTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.redeemURL, bytes.NewReader(body))
	if err != nil {
		return nil, &redeemError{status: http.StatusBadGateway, reason: "redeem request", err: err}
	}
	req.SetBasicAuth(Audience, s.opts.Secret)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, &redeemError{status: http.StatusBadGateway, reason: "paryatan unreachable", err: err}
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return nil, &redeemError{status: http.StatusBadGateway, reason: "paryatan unreachable", err: err}
	}

	code := errorCode(answer)
	switch {
	case resp.StatusCode == http.StatusOK:
		var red Redemption
		if err := json.Unmarshal(answer, &red); err != nil || red.User.ID == "" {
			return nil, &redeemError{status: http.StatusBadGateway, reason: "unreadable redeem answer",
				err: fmt.Errorf("HTTP 200 without a user: %w", err)}
		}
		return &red, nil
	case resp.StatusCode == http.StatusUnauthorized && code == "unauthorized":
		// The simulator's own credentials, not the ticket: nothing the user
		// can do about it.
		return nil, &redeemError{status: http.StatusBadGateway,
			reason: "paryatan refused the partner credentials (check VISA_PARTNER_SECRET)"}
	case resp.StatusCode == http.StatusUnauthorized:
		return nil, &redeemError{status: http.StatusUnauthorized, reason: orDefault(code, "invalid_ticket")}
	case resp.StatusCode == http.StatusConflict:
		return nil, &redeemError{status: http.StatusUnauthorized, reason: orDefault(code, "ticket_used")}
	default:
		return nil, &redeemError{status: http.StatusBadGateway, reason: "unexpected redeem answer",
			err: fmt.Errorf("HTTP %d %s", resp.StatusCode, orDefault(code, "without an error code"))}
	}
}

// errorCode reads the code of Paryatan's error envelope, written either
// {"error": "code"} or {"error": {"code": "code"}}; "" when there is none.
func errorCode(body []byte) string {
	var env struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &env) != nil || len(env.Error) == 0 {
		return ""
	}
	var code string
	if json.Unmarshal(env.Error, &code) == nil {
		return code
	}
	var obj struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(env.Error, &obj)
	return obj.Code
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// safeReturn returns ret when it is a relative path on the simulator —
// one leading slash, no "//" or backslash anywhere, at most 512 bytes —
// and DefaultReturnPath otherwise.
func safeReturn(ret string) string {
	if len(ret) > maxReturnPath || strings.Contains(ret, "//") {
		return DefaultReturnPath
	}
	return returnpath.Sanitize(ret, DefaultReturnPath)
}

// secure reports whether the browser reached the simulator over https:
// directly, or through a proxy in front that says so.
func secure(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}
