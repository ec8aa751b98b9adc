package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/paryatan/paryatan/internal/payment/rzpsim"
)

func TestRunServesUntilCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	env := map[string]string{"RAZORPAY_SIM_KEY_SECRET": "envSecretEnvSecret000000"}
	go func() {
		done <- run(ctx, []string{"razorpay-sim", "-addr", "127.0.0.1:0", "-key-id", "rzp_test_FlagKeyFlagKey1", "-log-json"},
			func(k string) string { return env[k] }, outW, io.Discard)
		outW.Close()
	}()

	lines := bufio.NewScanner(outR)
	if !lines.Scan() {
		t.Fatalf("no output: %v", <-done)
	}
	base, ok := strings.CutPrefix(lines.Text(), "razorpay-sim listening on ")
	if !ok {
		t.Fatalf("first line %q", lines.Text())
	}
	go func() {
		for lines.Scan() {
		}
	}()

	// The flag sets the key id, the environment the secret.
	req, _ := http.NewRequest(http.MethodPost, base+"/v1/orders",
		strings.NewReader(`{"amount": 150000, "currency": "INR", "receipt": "PT-MAIN-1"}`))
	req.SetBasicAuth("rzp_test_FlagKeyFlagKey1", "envSecretEnvSecret000000")
	req.Header.Set("Content-Type", "application/json")
	var order rzpsim.Order
	call(t, req, &order)
	if order.Status != "created" || order.Amount != 150000 {
		t.Fatalf("order %+v", order)
	}

	req, _ = http.NewRequest(http.MethodPost, base+rzpsim.AdminPrefix+"orders/"+order.ID+"/pay",
		bytes.NewReader([]byte(`{"method": "upi", "outcome": "success"}`)))
	var paid rzpsim.PayResult
	call(t, req, &paid)
	if paid.Status != "captured" || paid.Fields["razorpay_order_id"] != order.ID ||
		paid.Fields["razorpay_signature"] != rzpsim.Sign("envSecretEnvSecret000000", order.ID, paid.PaymentID) {
		t.Fatalf("pay %+v", paid)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after cancellation")
	}
}

func call(t *testing.T, req *http.Request, out any) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: HTTP %d %s", req.Method, req.URL.Path, resp.StatusCode, b)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s in %s", err, b)
	}
}

func TestRunRejectsBadSettings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"-pending-delay", "soon"}, nil, "-pending-delay"},
		{[]string{"-refund-delay", "0s"}, nil, "-refund-delay"},
		{nil, map[string]string{"RAZORPAY_SIM_WEBHOOK_RETRIES": "1s,never"}, "-webhook-retries"},
		{[]string{"-webhook-url", "/hooks"}, nil, "-webhook-url"},
		{[]string{"-webhook-url", "http://127.0.0.1:1/hooks", "-webhook-secret", ""}, nil, "secret"},
		{[]string{"-key-secret", " "}, nil, "-key-secret"},
		{[]string{"-log-level", "loud"}, nil, "-log-level"},
		{[]string{"extra"}, nil, "unexpected"},
	} {
		err := run(context.Background(), append([]string{"razorpay-sim"}, tc.args...), func(k string) string { return tc.env[k] }, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: %v, want an error about %s", tc.args, tc.env, err, tc.want)
		}
	}
}
