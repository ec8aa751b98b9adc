package payment

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	good := `name: razorpay
endpoints:
  api: https://api.razorpay.com
  checkout: https://api.razorpay.com/v1/checkout/embedded
credentials:
  env: {keyId: K, keySecret: S, webhookSecret: W}
timeouts: {order: 20s}
payWithin: 20m
`
	g, err := Parse([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if g.Type != "razorpay" || g.MerchantName != "Paryatan" || g.Timeout(OpOrder) != 20*time.Second ||
		g.Timeout(OpRefund) != 60*time.Second || g.Window() != 20*time.Minute {
		t.Fatalf("%+v", g)
	}
	for name, tc := range map[string]struct{ doc, want string }{
		"inline secret": {strings.Replace(good, "env: {keyId: K, keySecret: S, webhookSecret: W}", "keySecret: S", 1), "unknown field"},
		"both refs":     {strings.Replace(good, "credentials:\n", "credentials:\n  file: /x\n", 1), "exactly one of file or env"},
		"bad name":      {strings.Replace(good, "name: razorpay", "name: Razor Pay", 1), "name"},
		"bad type":      {good + "type: stripe\n", "type"},
		"bad url":       {strings.Replace(good, "api: https://api.razorpay.com", "api: api.razorpay.com", 1), "endpoints.api"},
		"bad timeout":   {strings.Replace(good, "order: 20s", "order: 500ms", 1), "timeouts.order"},
		"unknown op":    {strings.Replace(good, "order: 20s", "capture: 20s", 1), "unknown operation"},
		"short window":  {strings.Replace(good, "payWithin: 20m", "payWithin: 10s", 1), "payWithin"},
		"env missing":   {strings.Replace(good, ", webhookSecret: W", "", 1), "credentials.env"},
	} {
		if _, err := Parse([]byte(tc.doc)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

func TestKeysAreReadAtEachCall(t *testing.T) {
	file := filepath.Join(t.TempDir(), "credentials.json")
	g := &Settings{Credentials: CredentialsRef{File: file}}
	if _, err := g.Keys(os.Getenv); err == nil {
		t.Fatal("a missing file gave keys")
	}
	write := func(s string) {
		if err := os.WriteFile(file, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"keyId":"k1","keySecret":"s1","webhookSecret":"w1"}`)
	if k, err := g.Keys(os.Getenv); err != nil || k.KeySecret != "s1" {
		t.Fatalf("%+v %v", k, err)
	}
	write(`{"keyId":"k1","keySecret":"s2","webhookSecret":"w1"}`)
	if k, _ := g.Keys(os.Getenv); k.KeySecret != "s2" {
		t.Fatalf("a rotated secret is not read: %+v", k)
	}
	write(`{"keyId":"k1","keySecret":"s2"}`)
	if _, err := g.Keys(os.Getenv); err == nil || !strings.Contains(err.Error(), "incomplete") {
		t.Fatalf("incomplete keys: %v", err)
	}
}
