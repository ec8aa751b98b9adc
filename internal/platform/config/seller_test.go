package config

import (
	"strings"
	"testing"
)

// The seller of tax invoices: a demonstration registration in local mode,
// none in production until SELLER_GSTIN names one, and a GSTIN of the wrong
// shape or state refused. The cancellation fee is rupees, to the paisa.
func TestSellerAndCancellationFee(t *testing.T) {
	local, err := Load(env(nil))
	if err != nil || !local.Seller.Issues() || local.Seller.StateCode != "06" || !local.CancellationFee.IsZero() {
		t.Fatalf("local: %+v fee %s, %v", local.Seller, local.CancellationFee, err)
	}
	prod := map[string]string{"DATABASE_URL": "postgres://db/p", "PUBLIC_URL": "https://paryatan.example", "SMTP_URL": "smtp://mail.example:587",
		"SMTP_FROM": "Paryatan <hello@paryatan.example>", "PAYMENTS_FILE": "/etc/p.yaml"}
	c, err := Load(env(prod))
	if err != nil || c.Seller.Issues() {
		t.Fatalf("production without SELLER_GSTIN issues invoices: %+v, %v", c.Seller, err)
	}
	prod["SELLER_GSTIN"], prod["SELLER_LEGAL_NAME"], prod["CANCELLATION_FEE"] = "29aabcp1234a1z5", "Paryatan Travel Pvt Ltd", "299.50"
	if c, err = Load(env(prod)); err != nil || c.Seller.GSTIN != "29AABCP1234A1Z5" || c.Seller.StateCode != "29" ||
		c.Seller.LegalName != "Paryatan Travel Pvt Ltd" || c.CancellationFee.String() != "299.5" {
		t.Fatalf("production seller %+v fee %s, %v", c.Seller, c.CancellationFee, err)
	}
	for name, v := range map[string]string{"SELLER_GSTIN": "29AABCP1234", "SELLER_STATE_CODE": "27", "CANCELLATION_FEE": "-1", "CANCELLATION_FEE ": "1.005"} {
		bad := map[string]string{"SELLER_GSTIN": "29AABCP1234A1Z5"}
		bad[strings.TrimSpace(name)] = v
		if _, err := Load(env(bad)); err == nil || !strings.Contains(err.Error(), strings.TrimSpace(name)) {
			t.Errorf("%s=%q accepted: %v", name, v, err)
		}
	}
}
