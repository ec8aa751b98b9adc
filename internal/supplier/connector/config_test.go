package connector

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const valid = `
generation: 7
connectors:
  - name: tbo
    endpoints:
      auth: http://127.0.0.1:9000/SharedServices/SharedData.svc/rest/
      air: http://127.0.0.1:9000/BookingEngineService_Air/AirService.svc/rest
    credentials:
      env: {clientId: TBO_CLIENT_ID, userName: TBO_USERNAME, password: TBO_PASSWORD}
    timeouts:
      search: 30s
      book: 150s
    sources: [gds]
`

func TestParseFillsDefaults(t *testing.T) {
	t.Parallel()
	doc, err := Parse([]byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := doc.Find("tbo")
	if !ok || doc.Generation != 7 || !c.IsEnabled() || c.Type != "tbo" {
		t.Fatalf("parsed %+v", doc)
	}
	if c.Endpoints.Booking != c.Endpoints.Air || strings.HasSuffix(c.Endpoints.Auth, "/") {
		t.Fatalf("endpoints %+v", c.Endpoints)
	}
	for op, want := range map[Operation]time.Duration{
		OpSearch: 30 * time.Second, OpBook: 150 * time.Second, OpFareQuote: 90 * time.Second,
		OpFareRule: 120 * time.Second, OpSSR: 60 * time.Second, OpTicket: 120 * time.Second, OpAuthenticate: 90 * time.Second,
		OpBookingDetails: 90 * time.Second, OpRelease: 90 * time.Second,
		OpCancellationCharges: 90 * time.Second, OpChangeRequest: 120 * time.Second, OpChangeRequestStatus: 90 * time.Second,
	} {
		if got := c.Timeout(op); got != want {
			t.Errorf("timeout %s = %s, want %s", op, got, want)
		}
	}
	if c.CabinCodes["economy"] != 2 || c.CabinCodes["premium"] != 3 || c.CabinCodes["business"] != 4 || c.CabinCodes["first"] != 6 {
		t.Errorf("cabin codes %v", c.CabinCodes)
	}
	if strings.Join(c.Sources, ",") != "GDS" {
		t.Errorf("sources %v", c.Sources)
	}
}

func TestParseReportsEveryProblem(t *testing.T) {
	t.Parallel()
	_, err := Parse([]byte(`
connectors:
  - name: TBO!
    type: amadeus
    endpoints: {auth: "ftp://x", air: ""}
    credentials: {}
    timeouts: {book: 10s, teleport: 5s, search: 10m}
    cabinCodes: {economy: 9, lounge: 2}
    sources: [GDS, NDC]
  - name: dup
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
  - name: dup
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x, env: {clientId: a, userName: b, password: c}}
`))
	if err == nil {
		t.Fatal("want errors")
	}
	for _, want := range []string{
		"name must be lower-case", `type "amadeus" is not a supplier protocol this version knows (known: tbo)`, "endpoints.auth", "endpoints.air", "set file or env",
		"timeouts.book: 10s is below the 2m0s minimum", "timeouts.teleport: unknown operation", "timeouts.search: 10m0s must be between",
		"cabinCodes.economy: 9", "cabinCodes.lounge: unknown cabin", `"NDC" is not GDS or LCC`, `connector "dup": defined twice`, "not both",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	// No connector at all (the last SupplierConnector deleted): every
	// supplier is off, and the flights routes answer that it is unknown.
	if doc, err := Parse([]byte("generation: 7\nconnectors: []")); err != nil || len(doc.Connectors) != 0 || doc.Generation != 7 {
		t.Fatalf("an empty list: %v", err)
	}
	if _, err := Parse([]byte("connectors:\n  - name: tbo\n    password: inline\n")); err == nil || !strings.Contains(err.Error(), "password") {
		t.Errorf("an unknown (inline secret) field was accepted: %v", err)
	}
}

// A release has no floor: it is safe to send again, so a short deadline
// costs nothing but a retry.
func TestReleaseTimeoutHasNoFloor(t *testing.T) {
	t.Parallel()
	doc, err := Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    timeouts: {release: 20s}
`))
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := doc.Find("tbo"); c.Timeout(OpRelease) != 20*time.Second {
		t.Fatalf("release %s, want 20s", c.Timeout(OpRelease))
	}
	_, err = Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    timeouts: {release: 3m}
`))
	if err == nil || !strings.Contains(err.Error(), "timeouts.release: 3m0s must be between 1s and 2m50s") {
		t.Fatalf("a release deadline above the maximum: %v", err)
	}
}

// Asking for a result's seats, meals and baggage changes nothing: its
// deadline defaults to 60s, has no floor, and keeps the general range.
func TestSSRTimeout(t *testing.T) {
	t.Parallel()
	doc, err := Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    timeouts: {ssr: 15s}
`))
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := doc.Find("tbo"); c.Timeout(OpSSR) != 15*time.Second {
		t.Fatalf("ssr %s, want 15s", c.Timeout(OpSSR))
	}
	_, err = Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    timeouts: {ssr: 200s}
`))
	if err == nil || !strings.Contains(err.Error(), "timeouts.ssr: 3m20s must be between 1s and 2m50s") {
		t.Fatalf("an ssr deadline above the maximum: %v", err)
	}
}

// A change request commits at the supplier like a ticket: its deadline has
// the same floor; following it or pricing it has none.
func TestChangeRequestTimeoutFloor(t *testing.T) {
	t.Parallel()
	_, err := Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    timeouts: {changeRequest: 60s, changeRequestStatus: 20s, cancellationCharges: 20s}
`))
	if err == nil || !strings.Contains(err.Error(), "timeouts.changeRequest: 1m0s is below the 2m0s minimum") ||
		strings.Contains(err.Error(), "changeRequestStatus") || strings.Contains(err.Error(), "cancellationCharges") {
		t.Fatalf("a 60s change request deadline: %v", err)
	}
	doc, err := Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    faultDrill: true
    timeouts: {changeRequest: 5s}
`))
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := doc.Find("tbo"); c.Timeout(OpChangeRequest) != 5*time.Second {
		t.Fatalf("a fault drill's change request deadline %s, want 5s", c.Timeout(OpChangeRequest))
	}
}

// A fault drill may shorten book and ticket below the floor, not beyond the
// general range.
func TestFaultDrillLiftsTheTimeoutFloor(t *testing.T) {
	t.Parallel()
	doc, err := Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    faultDrill: true
    timeouts: {book: 6s, ticket: 6s}
`))
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := doc.Find("tbo"); c.Timeout(OpBook) != 6*time.Second || c.Timeout(OpTicket) != 6*time.Second {
		t.Fatalf("book %s, ticket %s; want 6s", c.Timeout(OpBook), c.Timeout(OpTicket))
	}
	_, err = Parse([]byte(`
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
    faultDrill: true
    timeouts: {book: 500ms}
`))
	if err == nil || !strings.Contains(err.Error(), "must be between 1s") {
		t.Fatalf("a 500ms book timeout: %v", err)
	}
}

// The search cache window defaults to 5 minutes, 0 turns reuse off, and
// nothing above 5 minutes (or below 0) is accepted: a reused TraceId must
// keep 10 of its 15 minutes.
func TestSearchCacheWindow(t *testing.T) {
	t.Parallel()
	doc := func(window string) string {
		d := `
connectors:
  - name: tbo
    endpoints: {auth: "http://a", air: "http://b"}
    credentials: {file: /x}
`
		if window != "" {
			d += "    searchCacheWindow: " + window + "\n"
		}
		return d
	}
	for _, tc := range []struct {
		window string
		want   time.Duration
	}{
		{"", 5 * time.Minute},
		{"0s", 0},
		{"0", 0},
		{"90s", 90 * time.Second},
		{"5m", 5 * time.Minute},
	} {
		d, err := Parse([]byte(doc(tc.window)))
		if err != nil {
			t.Fatalf("window %q: %v", tc.window, err)
		}
		if c, _ := d.Find("tbo"); c.CacheWindow() != tc.want {
			t.Errorf("window %q = %s, want %s", tc.window, c.CacheWindow(), tc.want)
		}
	}
	for _, bad := range []string{"5m1s", "15m", "-1s"} {
		_, err := Parse([]byte(doc(bad)))
		if err == nil || !strings.Contains(err.Error(), "searchCacheWindow") || !strings.Contains(err.Error(), "keeps at least 10m0s of its 15m0s") {
			t.Errorf("window %q: %v", bad, err)
		}
	}
	// A connector made in code, not parsed, has the default too.
	if w := (&Connector{}).CacheWindow(); w != DefaultSearchCacheWindow {
		t.Errorf("unparsed connector's window = %s", w)
	}
}

func TestReloadKeepsOldSettingsOnBadFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "connectors.yaml")
	if err := os.WriteFile(path, []byte(valid), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	inFlight := s.Current() // a call that started before the change
	if changed, err := s.Reload(); changed || err != nil {
		t.Fatalf("unchanged file: changed=%v err=%v", changed, err)
	}

	if err := os.WriteFile(path, []byte(strings.Replace(valid, "search: 30s", "search: 5s", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if changed, err := s.Reload(); !changed || err != nil {
		t.Fatalf("changed file: changed=%v err=%v", changed, err)
	}
	c, _ := s.Current().Find("tbo")
	if c.Timeout(OpSearch) != 5*time.Second {
		t.Fatalf("new search timeout %s", c.Timeout(OpSearch))
	}
	old, _ := inFlight.Find("tbo")
	if old.Timeout(OpSearch) != 30*time.Second {
		t.Fatal("a snapshot taken before the reload changed")
	}

	if err := os.WriteFile(path, []byte("connectors: [{name: tbo}]"), 0o600); err != nil {
		t.Fatal(err)
	}
	if changed, err := s.Reload(); changed || err == nil {
		t.Fatalf("bad file: changed=%v err=%v", changed, err)
	}
	if c, _ := s.Current().Find("tbo"); c.Timeout(OpSearch) != 5*time.Second {
		t.Fatal("a refused file replaced the settings")
	}
}

func TestResolveCredentials(t *testing.T) {
	t.Parallel()
	env := map[string]string{"A": "id", "B": "user", "C": "pw"}
	c, err := ResolveCredentials(CredentialsRef{Env: &EnvVars{ClientID: "A", UserName: "B", Password: "C"}}, func(k string) string { return env[k] })
	if err != nil || c.Password != "pw" {
		t.Fatalf("%+v %v", c, err)
	}
	path := filepath.Join(t.TempDir(), "cred.json")
	_ = os.WriteFile(path, []byte(`{"clientId":"x","userName":"y"}`), 0o600)
	if _, err := ResolveCredentials(CredentialsRef{File: path}, nil); err == nil {
		t.Fatal("incomplete credentials accepted")
	}
}
