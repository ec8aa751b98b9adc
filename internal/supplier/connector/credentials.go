package connector

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// Credentials are what the supplier's Authenticate call needs.
type Credentials struct {
	ClientID string `json:"clientId"`
	UserName string `json:"userName"`
	Password string `json:"password"`
}

// ResolveCredentials reads the credentials ref points at, every call, so a
// rotated Secret is used without a restart.
func ResolveCredentials(ref CredentialsRef, getenv func(string) string) (Credentials, error) {
	var c Credentials
	switch {
	case ref.File != "":
		b, err := os.ReadFile(ref.File)
		if err != nil {
			return c, fmt.Errorf("credentials file: %w", err)
		}
		if err := json.Unmarshal(b, &c); err != nil {
			return c, fmt.Errorf("credentials file %s: not JSON {clientId, userName, password}", ref.File)
		}
	case ref.Env != nil:
		c = Credentials{ClientID: getenv(ref.Env.ClientID), UserName: getenv(ref.Env.UserName), Password: getenv(ref.Env.Password)}
	default:
		return c, errors.New("no credentials configured")
	}
	if c.ClientID == "" || c.UserName == "" || c.Password == "" {
		return c, errors.New("credentials incomplete: clientId, userName and password are all needed")
	}
	return c, nil
}
