// Package visasim simulates the partner visa site that Paryatan hands
// signed-in users to by single sign-on, closely enough that the sign-on can
// be run end to end: on a developer's machine (started in-process by
// cmd/paryatan-api in local mode), standalone (cmd/visa-sim) and in tests
// (from httptest.Server).
//
// # What it serves
//
//	GET /sso/consume?ticket=…&ret=…   redeem a ticket and sign the user in
//	GET /healthz                      200 ok
//	GET /anything-else                the visa page (default /go-for-visa)
//
// /sso/consume is the page Paryatan's web app frames. The simulator posts
// the ticket from its server to Paryatan's POST /api/v1/sso/redeem with
// HTTP Basic authentication (user "visa", password Options.Secret), as a
// real partner must: a ticket is never trusted from the browser alone. On
// success it starts its own session (cookie visasim_session) and
// redirects with 303 to ret, a path on the simulator; ret that is not a
// safe relative path becomes /go-for-visa. A ticket Paryatan refuses as
// invalid, expired or already used gives a 401 page asking the user to
// open Visa from Paryatan again; a Paryatan that cannot be reached, or
// that refuses the simulator's own credentials, gives a 502 page.
//
// Every other GET path shows the visa page: with a session, a welcome by
// name, the e-mail address and a short list of visa countries; without
// one, a prompt to open Visa from Paryatan.
//
// # Framing and cookies
//
// Every answer carries a Content-Security-Policy whose frame-ancestors is
// Options.FrameAncestors (Paryatan's origin), and no X-Frame-Options, so
// Paryatan can frame it. Over http the session cookie is SameSite=Lax,
// which a browser sends inside a frame only when the framing page is the
// same site (the same scheme and host name; the port does not count): so
// in local runs the simulator's origin uses PUBLIC_URL's host name. Over
// https (a TLS connection, or X-Forwarded-Proto: https from a proxy in
// front) it is SameSite=None; Secure; Partitioned, which browsers send in
// a cross-site frame, kept apart per top-level site.
//
// # Simplified
//
//   - Sessions are in memory: they last Options.SessionLifetime from sign-in
//     (default 30 minutes), and beyond the newest Options.MaxSessions
//     (default 10 000) the oldest are forgotten. There is no sign-out.
//   - The visa countries are a fixed list; nothing can be applied for.
//   - The ticket is never logged, nor sent anywhere but to the redeem call.
package visasim
