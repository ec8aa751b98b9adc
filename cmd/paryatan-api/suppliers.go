package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/paryatan/paryatan/internal/platform/config"
	"github.com/paryatan/paryatan/internal/platform/telemetry"
	"github.com/paryatan/paryatan/internal/supplier/connector"
	"github.com/paryatan/paryatan/internal/supplier/sim"
)

// setupConnectors returns the connector configuration: the file named by
// CONNECTORS_FILE, which the app watches for changes; or, when none is
// named, a document pointing at the built-in supplier simulator, started
// here on a loopback port. stop ends what was started.
func setupConnectors(ctx context.Context, cfg config.Config, metrics *telemetry.Metrics, log *slog.Logger) (store *connector.Store, stop func(context.Context) error, err error) {
	noop := func(context.Context) error { return nil }
	report := func(doc *connector.Document, err error) {
		if err != nil {
			metrics.ConnectorReloadErrors.Inc()
			return
		}
		metrics.ConnectorGeneration.Set(float64(doc.Generation))
	}
	if cfg.ConnectorsFile != "" {
		store, err := connector.Open(cfg.ConnectorsFile, log.With("component", "connectors"))
		if err != nil {
			return nil, noop, err
		}
		store.OnApply(report)
		report(store.Current(), nil)
		log.Info("supplier connectors loaded", "file", cfg.ConnectorsFile, "generation", store.Current().Generation)
		return store, noop, nil
	}

	latency, err := sim.ParseLatency(cfg.SimLatency)
	if err != nil {
		return nil, noop, fmt.Errorf("SIM_LATENCY: %w", err)
	}
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, noop, fmt.Errorf("supplier simulator: %w", err)
	}
	srv := &http.Server{
		Handler: sim.New(sim.Options{Seed: 1, Latency: latency, Logger: log.With("component", "tbo-sim"),
			Cancellations: &localCancellations}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("supplier simulator stopped", "err", err)
		}
	}()
	stop = func(ctx context.Context) error { return srv.Shutdown(ctx) }

	// Credentials travel by reference, even for the simulator: a private
	// file under DATA_DIR.
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil { //nolint:gosec // the embedded PostgreSQL's user must enter it
		return nil, stop, err
	}
	credFile, err := filepath.Abs(filepath.Join(cfg.DataDir, "sim-credentials.json"))
	if err != nil {
		return nil, stop, err
	}
	c := sim.DefaultCredential
	creds, _ := json.Marshal(connector.Credentials{ //nolint:gosec // written to a 0600 file, the connector's credential reference
		ClientID: c.ClientID, UserName: c.UserName, Password: c.Password})
	if err := os.WriteFile(credFile, creds, 0o600); err != nil {
		return nil, stop, fmt.Errorf("supplier simulator credentials: %w", err)
	}
	base := "http://" + ln.Addr().String()
	doc, err := connector.Parse([]byte(fmt.Sprintf(`connectors:
  - name: tbo
    endpoints:
      auth: %s/SharedServices/SharedData.svc/rest
      air: %s/BookingEngineService_Air/AirService.svc/rest
    credentials:
      file: %s
    compression: false  # loopback: packing answers costs more than it saves
`, base, base, credFile)))
	if err != nil {
		return nil, stop, err
	}
	report(doc, nil)
	log.Info("no CONNECTORS_FILE: using the built-in supplier simulator", "url", base, "latency", cfg.SimLatency)
	return connector.NewStore(doc, "", log), stop, nil
}

// localCancellations are the built-in simulator's cancellation timings: an
// airline that acknowledges in 5 s and cancels in 20 s (real ones take hours
// to days), so that a cancellation tried on `make run` ends while the
// traveller watches the trip page.
var localCancellations = sim.Cancellations{AcknowledgeAfter: 5 * time.Second, CompleteAfter: 20 * time.Second,
	InstantLCC: sim.DefaultCancellations.InstantLCC}
