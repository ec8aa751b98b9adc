package clientip

import (
	"net/http/httptest"
	"testing"
)

func TestResolve(t *testing.T) {
	t.Parallel()
	trusted, err := ParsePrefixes("10.0.0.0/8, 192.168.1.7")
	if err != nil {
		t.Fatal(err)
	}
	res := New(trusted)
	for _, tc := range []struct {
		name, remote, xff, proto string
		want                     string
		https                    bool
	}{
		{"direct client, forged header ignored", "203.0.113.5:4000", "1.2.3.4", "https", "203.0.113.5", false},
		{"through the ingress", "10.1.2.3:4000", "198.51.100.7", "https", "198.51.100.7", true},
		{"client-supplied hops before the real one are ignored", "10.1.2.3:4000", "6.6.6.6, 198.51.100.7", "http", "198.51.100.7", false},
		{"chain of trusted proxies", "10.1.2.3:4000", "198.51.100.7, 192.168.1.7, 10.9.9.9", "", "198.51.100.7", false},
		{"trusted proxy without header", "10.1.2.3:4000", "", "", "10.1.2.3", false},
		{"ipv6 peer", "[2001:db8::1]:4000", "", "", "2001:db8::1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.remote
			if tc.xff != "" {
				r.Header.Set("X-Forwarded-For", tc.xff)
			}
			if tc.proto != "" {
				r.Header.Set("X-Forwarded-Proto", tc.proto)
			}
			got, https := res.Resolve(r)
			if got != tc.want || https != tc.https {
				t.Fatalf("got %s https=%v, want %s https=%v", got, https, tc.want, tc.https)
			}
		})
	}
	if _, err := ParsePrefixes("not-an-ip"); err == nil {
		t.Fatal("bad proxy accepted")
	}
}
