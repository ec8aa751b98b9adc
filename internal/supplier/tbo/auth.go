package tbo

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/paryatan/paryatan/internal/indiatime"
	"github.com/paryatan/paryatan/internal/supplier/connector"
)

type headersKey struct{}

// WithHeaders returns a context whose supplier calls carry extra HTTP
// headers (the simulator's per-call fault and latency controls).
func WithHeaders(ctx context.Context, h http.Header) context.Context {
	return context.WithValue(ctx, headersKey{}, h)
}

func supplierHeaders(ctx context.Context) http.Header {
	h, _ := ctx.Value(headersKey{}).(http.Header)
	return h
}

// token returns the connector's shared token, authenticating when needed.
func (c *Client) token(ctx context.Context, conn *connector.Connector) (string, error) {
	return c.tokens.Token(ctx, conn.Name, func(ctx context.Context) (string, time.Time, error) {
		tok, err := c.authenticate(ctx, conn)
		// Supplier tokens are valid for the calendar day in India.
		return tok, indiatime.EndOfDay(c.now()), err
	})
}

// authenticate gets a new token (one per day is the supplier's rule).
func (c *Client) authenticate(ctx context.Context, conn *connector.Connector) (string, error) {
	op := connector.OpAuthenticate
	timeout := conn.Timeout(op)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	creds, err := connector.ResolveCredentials(conn.Credentials, c.getenv)
	if err != nil {
		return "", &Error{Op: op, Kind: KindProtocol, Message: "Supplier credentials are not configured.", Err: err}
	}
	body := map[string]string{
		"ClientId": creds.ClientID, "UserName": creds.UserName, "Password": creds.Password, "EndUserIp": conn.EndUserIP,
	}
	reply, _, err := c.post(ctx, conn, op, conn.Endpoints.Auth+"/Authenticate", timeout, body)
	if err != nil {
		return "", err
	}
	var ar authResponse
	if err := decode(reply.Raw, &ar); err != nil {
		return "", &Error{Op: op, Kind: KindProtocol, Message: "Unreadable Authenticate answer.", Err: err}
	}
	if ar.Status != StatusSuccessful || ar.TokenId == "" {
		msg := string(ar.Error.ErrorMessage)
		if msg == "" {
			msg = fmt.Sprintf("authentication failed (status %d)", ar.Status)
		}
		return "", &Error{Op: op, Kind: KindSupplier, Code: int(ar.Error.ErrorCode), Message: "The flight supplier refused our credentials: " + msg}
	}
	return string(ar.TokenId), nil
}
