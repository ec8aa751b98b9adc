package rzpsim

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Credentials and secrets the simulator uses when Options leave them empty.
// They are shaped like Razorpay's test-mode values (a key id is rzp_test_
// and 14 characters, a secret 24) and are public: never real.
//
//nolint:gosec // published test values, not credentials
const (
	DefaultKeyID         = "rzp_test_ParyatanSim001"
	DefaultKeySecret     = "paryatanSimTestSecret000"
	DefaultWebhookSecret = "paryatan-sim-webhook-secret"
)

// Sign is the signature the checkout posts to the merchant's callback as
// razorpay_signature: hex HMAC-SHA256 of order_id + "|" + payment_id keyed
// with the key secret. A merchant verifies a payment by computing it again.
func Sign(keySecret, orderID, paymentID string) string {
	return hmacHex(keySecret, []byte(orderID+"|"+paymentID))
}

// SignWebhook is the X-Razorpay-Signature of a webhook: hex HMAC-SHA256 of
// the raw request body keyed with the webhook secret.
func SignWebhook(secret string, body []byte) string {
	return hmacHex(secret, body)
}

func hmacHex(key string, msg []byte) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write(msg)
	return hex.EncodeToString(m.Sum(nil))
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// idLength is the length of every Razorpay id after its prefix.
const idLength = 14

// randomString returns n characters drawn uniformly from alphabet (at most
// 256 characters long).
func randomString(alphabet string, n int) string {
	// Bytes at or above limit would favour the first characters.
	limit := 256 - 256%len(alphabet)
	out := make([]byte, 0, n)
	var buf [32]byte
	for len(out) < n {
		_, _ = rand.Read(buf[:]) // never fails (crypto/rand aborts the process instead)
		for _, b := range buf {
			if int(b) >= limit {
				continue
			}
			out = append(out, alphabet[int(b)%len(alphabet)])
			if len(out) == n {
				break
			}
		}
	}
	return string(out)
}

// newID returns prefix followed by 14 random base62 characters, as
// order_IluGWxBm9U8zJ8.
func newID(prefix string) string { return prefix + randomString(base62, idLength) }

// validID reports whether id has Razorpay's shape for prefix.
func validID(prefix, id string) bool {
	rest, ok := strings.CutPrefix(id, prefix)
	if !ok || len(rest) != idLength {
		return false
	}
	for i := range len(rest) {
		if !strings.ContainsRune(base62, rune(rest[i])) {
			return false
		}
	}
	return true
}

// digits returns n random decimal digits (reference numbers of banks).
func digits(n int) string { return randomString("0123456789", n) }

// accountID is the stable account id of the merchant a key pair belongs to.
func accountID(keyID string) string {
	sum := sha256.Sum256([]byte(keyID))
	out := make([]byte, idLength)
	for i := range out {
		out[i] = base62[int(sum[i])%len(base62)]
	}
	return "acc_" + string(out)
}
