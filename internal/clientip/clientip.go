// Package clientip finds the address of the client behind a request, trusting
// X-Forwarded-For only from configured proxies (the ingress), so a client
// cannot pick the address its rate limits are counted against.
package clientip

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Resolver knows which peers are trusted proxies.
type Resolver struct {
	trusted []netip.Prefix
}

// ParsePrefixes reads a comma-separated list of CIDRs or addresses
// (the TRUSTED_PROXIES variable).
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if !strings.Contains(s, "/") {
			a, err := netip.ParseAddr(s)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: %w", s, err)
			}
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: %w", s, err)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// New returns a Resolver trusting the given proxy ranges.
func New(trusted []netip.Prefix) *Resolver { return &Resolver{trusted: trusted} }

func (res *Resolver) isTrusted(a netip.Addr) bool {
	for _, p := range res.trusted {
		if p.Contains(a.Unmap()) {
			return true
		}
	}
	return false
}

// Resolve returns the client address: the peer itself, or, when the peer is
// a trusted proxy, the right-most address in X-Forwarded-For that is not a
// trusted proxy. It also tells whether the original request used HTTPS.
func (res *Resolver) Resolve(r *http.Request) (addr string, https bool) {
	https = r.TLS != nil
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return host, https
	}
	peer = peer.Unmap()
	if !res.isTrusted(peer) {
		return peer.String(), https
	}
	if proto := r.Header.Get("X-Forwarded-Proto"); proto != "" {
		https = strings.EqualFold(strings.TrimSpace(strings.Split(proto, ",")[0]), "https")
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		if !res.isTrusted(a) {
			return a.Unmap().String(), https
		}
	}
	return peer.String(), https
}

type ctxKey struct{}

type info struct {
	addr  string
	https bool
}

// Middleware stores the resolved client address for Addr and HTTPS.
func (res *Resolver) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr, https := res.Resolve(r)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, info{addr, https})))
	})
}

// Addr returns the client address stored by Middleware ("" without it).
func Addr(ctx context.Context) string {
	i, _ := ctx.Value(ctxKey{}).(info)
	return i.addr
}

// HTTPS reports whether the client reached us over HTTPS, directly or
// through a trusted proxy.
func HTTPS(ctx context.Context) bool {
	i, _ := ctx.Value(ctxKey{}).(info)
	return i.https
}
