// Command paryatan-operator runs the SupplierConnector controller (package
// operator): it renders the namespace's SupplierConnectors into the
// connector document the API pods hot-reload, probes each supplier, and
// reports on the resources' status which API pods applied the change. The
// probes and the reads of the API pods run beside the controller as
// runnables of the manager, all three on the elected leader only.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/paryatan/paryatan/api/v1alpha1"
	"github.com/paryatan/paryatan/operator"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// config is what the flags set.
type config struct {
	operator.Options
	MetricsAddr    string
	HealthAddr     string
	LeaderElection bool
	LeaseID        string
	Development    bool
}

// parseFlags reads the command line; the namespace defaults to
// POD_NAMESPACE, set by the Deployment from the downward API.
func parseFlags(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("paryatan-operator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.Namespace, "namespace", getenv("POD_NAMESPACE"), "namespace of the SupplierConnectors, the rendered ConfigMap and Secret, and the API Service (default $POD_NAMESPACE)")
	fs.StringVar(&c.ConfigMapName, "configmap", operator.DefaultConfigMapName, "ConfigMap the connector document is written to (key connectors.yaml); the credentials go to the Secret <configmap>-credentials")
	fs.StringVar(&c.CredentialsDir, "credentials-dir", operator.DefaultCredentialsDir, "where the API pods mount the credentials Secret")
	fs.StringVar(&c.APIService, "api-service", "", "the API's Service, whose ready pods are asked which document generation they use (empty: not tracked)")
	fs.IntVar(&c.APIMetricsPort, "api-metrics-port", operator.DefaultAPIMetricsPort, "the API pods' internal metrics port (their METRICS_ADDR)")
	fs.DurationVar(&c.ProbeTimeout, "probe-timeout", operator.DefaultProbeTimeout, "bound on each supplier probe and each read of an API pod's metrics")
	fs.DurationVar(&c.AppliedPoll, "applied-poll", operator.DefaultAppliedPoll, "how often the API pods are read while some have not loaded the current document")
	fs.DurationVar(&c.PodResync, "pods-resync", operator.DefaultPodResync, "how often the API pods are read once all have loaded it")
	fs.StringVar(&c.MetricsAddr, "metrics-bind-address", ":8080", "address of the operator's /metrics (0 to disable)")
	fs.StringVar(&c.HealthAddr, "health-probe-bind-address", ":8081", "address of /healthz and /readyz")
	fs.BoolVar(&c.LeaderElection, "leader-elect", false, "elect a leader (a Lease in the namespace) so that only one replica reconciles")
	fs.StringVar(&c.LeaseID, "leader-election-id", "paryatan-operator.paryatan.io", "name of the leader-election Lease")
	fs.BoolVar(&c.Development, "dev-log", false, "human-readable logs instead of JSON")
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if *showVersion {
		fmt.Fprintln(stderr, version)
		os.Exit(0)
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments: %v", fs.Args())
	}
	if c.Namespace == "" {
		return c, fmt.Errorf("-namespace is required (or POD_NAMESPACE)")
	}
	if c.APIMetricsPort < 1 || c.APIMetricsPort > 65535 {
		return c, fmt.Errorf("-api-metrics-port=%d: want a port number", c.APIMetricsPort)
	}
	if c.ProbeTimeout < time.Second {
		return c, fmt.Errorf("-probe-timeout=%s: want at least 1s", c.ProbeTimeout)
	}
	// Each read asks every ready API pod (up to a thousand).
	if c.AppliedPoll < time.Second {
		return c, fmt.Errorf("-applied-poll=%s: want at least 1s", c.AppliedPoll)
	}
	if c.PodResync < c.AppliedPoll {
		return c, fmt.Errorf("-pods-resync=%s: want at least -applied-poll (%s)", c.PodResync, c.AppliedPoll)
	}
	return c, nil
}

// Scheme holds the types the operator reads and writes.
func newScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		panic(err)
	}
	if err := v1alpha1.AddToScheme(s); err != nil {
		panic(err)
	}
	return s
}

func main() {
	c, err := parseFlags(os.Args[1:], os.Getenv, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "paryatan-operator:", err)
		os.Exit(2)
	}
	ctrl.SetLogger(zap.New(zap.UseDevMode(c.Development)))
	log := ctrl.Log.WithName("paryatan-operator")
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		Scheme:                  newScheme(),
		Cache:                   cache.Options{DefaultNamespaces: map[string]cache.Config{c.Namespace: {}}},
		Metrics:                 metricsserver.Options{BindAddress: c.MetricsAddr},
		HealthProbeBindAddress:  c.HealthAddr,
		LeaderElection:          c.LeaderElection,
		LeaderElectionID:        c.LeaseID,
		LeaderElectionNamespace: c.Namespace,
		// The new leader starts at once when the old one stops cleanly.
		LeaderElectionReleaseOnCancel: true,
	})
	if err != nil {
		log.Error(err, "creating the manager")
		os.Exit(1)
	}
	// The controller, its supplier prober and its API pods' observer.
	if err := operator.New(mgr, c.Options).SetupWithManager(mgr); err != nil {
		log.Error(err, "setting up the controller")
		os.Exit(1)
	}
	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		log.Error(err, "health check")
		os.Exit(1)
	}
	if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		log.Error(err, "readiness check")
		os.Exit(1)
	}
	log.Info("starting", "version", version, "namespace", c.Namespace, "configmap", c.ConfigMapName, "apiService", c.APIService)
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		log.Error(err, "manager stopped")
		os.Exit(1)
	}
}
