package rzpsim

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	port "github.com/paryatan/paryatan/internal/payment"
)

// LocalSettings returns the product's payment settings for a simulator at
// baseURL with the default keys, which it writes to a private file in dir:
// keys travel by reference, even the simulator's.
func LocalSettings(dir, baseURL string) (*port.Settings, error) {
	keyFile, err := filepath.Abs(filepath.Join(dir, "payment-sim-keys.json"))
	if err != nil {
		return nil, err
	}
	keys, err := json.Marshal(port.Credentials{KeyID: DefaultKeyID, KeySecret: DefaultKeySecret, WebhookSecret: DefaultWebhookSecret})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(keyFile, keys, 0o600); err != nil {
		return nil, fmt.Errorf("payment simulator keys: %w", err)
	}
	return port.Parse(fmt.Appendf(nil, `name: razorpay
endpoints: {api: %[1]s, checkout: %[1]s/v1/checkout/embedded}
credentials: {file: %[2]s}
`, baseURL, keyFile))
}
