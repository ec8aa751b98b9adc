package operator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/paryatan/paryatan/internal/supplier/connector"
)

// Prober calls a supplier's Authenticate with the connector's credentials,
// the call the API makes first: a supplier that signs us in is reachable.
type Prober struct {
	// Client makes the calls; its Timeout, if any, bounds each probe.
	Client *http.Client
}

// authAnswer is the part of Authenticate's answer a probe reads.
type authAnswer struct {
	Status  int    `json:"Status"`
	TokenID string `json:"TokenId"`
	Error   struct {
		ErrorMessage string `json:"ErrorMessage"`
	} `json:"Error"`
}

// Authenticate signs in at conn's auth endpoint and returns how long the
// call took. An error says why the supplier is not reachable: the network,
// an HTTP status, or the supplier refusing the credentials.
func (p Prober) Authenticate(ctx context.Context, conn connector.Connector, creds connector.Credentials) (time.Duration, error) {
	body, err := json.Marshal(map[string]string{
		"ClientId": creds.ClientID, "UserName": creds.UserName, "Password": creds.Password, "EndUserIp": endUserIP(conn),
	})
	if err != nil {
		return 0, err
	}
	url := strings.TrimRight(conn.Endpoints.Auth, "/") + "/Authenticate"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	client := p.Client
	if client == nil {
		client = http.DefaultClient
	}
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return time.Since(start), err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	took := time.Since(start)
	if err != nil {
		return took, err
	}
	if res.StatusCode != http.StatusOK {
		return took, fmt.Errorf("Authenticate answered HTTP %d", res.StatusCode)
	}
	var ans authAnswer
	if err := json.Unmarshal(raw, &ans); err != nil {
		return took, fmt.Errorf("Authenticate answer is not JSON: %w", err)
	}
	if ans.Status != 1 || ans.TokenID == "" {
		msg := ans.Error.ErrorMessage
		if msg == "" {
			msg = fmt.Sprintf("status %d", ans.Status)
		}
		return took, fmt.Errorf("the supplier refused the credentials: %s", msg)
	}
	return took, nil
}

func endUserIP(conn connector.Connector) string {
	if conn.EndUserIP == "" {
		return "127.0.0.1"
	}
	return conn.EndUserIP
}
