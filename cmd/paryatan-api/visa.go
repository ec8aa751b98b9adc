package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/visasim"
)

// setupVisaPartner returns the visa partner's origin and the secret its
// server redeems sign-on tickets with: those configured; or, in local mode
// when VISA_PARTNER_ORIGIN is unset, those of the built-in visa partner
// simulator, started here on a loopback port with a secret made now. It
// redeems tickets at this server's port (apiPort) over loopback, since
// PUBLIC_URL may name a proxy the process cannot reach. stop ends what was
// started.
func setupVisaPartner(ctx context.Context, cfg config.Config, apiPort int, log *slog.Logger) (origin, secret string, stop func(context.Context) error, err error) {
	noop := func(context.Context) error { return nil }
	if cfg.VisaPartnerOrigin != "" || cfg.Mode != config.ModeLocal {
		return cfg.VisaPartnerOrigin, cfg.VisaPartnerSecret, noop, nil
	}
	site, err := url.Parse(cfg.PublicURL)
	if err != nil || site.Hostname() == "" {
		return "", "", noop, fmt.Errorf("visa partner simulator: PUBLIC_URL %q has no host name", cfg.PublicURL)
	}
	// The simulator's origin has the site's host name, so that inside the
	// site's frame its SameSite=Lax session cookie is same-site and sent.
	// A site named by an IP address is served on that address.
	host, listenHost := site.Hostname(), "127.0.0.1"
	if net.ParseIP(host) != nil {
		listenHost = host
	}
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", net.JoinHostPort(listenHost, "0"))
	if err != nil {
		return "", "", noop, fmt.Errorf("visa partner simulator: %w", err)
	}
	secret = cfg.VisaPartnerSecret
	if secret == "" {
		var b [32]byte
		_, _ = rand.Read(b[:]) // never fails on supported platforms
		secret = base64.RawURLEncoding.EncodeToString(b[:])
	}
	sim := visasim.New(visasim.Options{
		APIURL:         "http://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(apiPort)),
		Secret:         secret,
		FrameAncestors: site.Scheme + "://" + site.Host,
		Logger:         log.With("component", "visa-sim"),
	})
	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("visa partner simulator stopped", "err", err)
		}
	}()
	stop = func(ctx context.Context) error {
		defer sim.Close()
		return srv.Shutdown(ctx)
	}
	origin = "http://" + net.JoinHostPort(host, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
	if site.Scheme == "https" {
		// An http frame in an https page is blocked as mixed content.
		log.Warn("the built-in visa partner simulator serves http only and cannot be framed by an https site; set VISA_PARTNER_ORIGIN to a partner served over https",
			"public_url", cfg.PublicURL)
	}
	log.Info("no VISA_PARTNER_ORIGIN: using the built-in visa partner simulator", "url", origin)
	return origin, secret, stop, nil
}
