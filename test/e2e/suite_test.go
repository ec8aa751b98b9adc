// Package e2e installs the Helm chart on a real Kubernetes cluster (make
// cluster: a kubelet, containerd and kube-proxy on this machine) with the
// images make images builds, and runs the product on it as its three kinds of
// users would: travellers through the API's Service, SREs with helm and
// kubectl, ops through SupplierConnector resources.
//
// make test-cluster runs it (and starts a cluster when none is up). It needs
// KUBECONFIG, HELM and KUBECTL, the image index bin/images/index.json
// (E2E_IMAGES), and the cluster script (E2E_CLUSTER, to give a loaded image a
// new tag for the upgrade). The chart goes into E2E_NAMESPACE (paryatan-e2e)
// as E2E_RELEASE (paryatan); the namespace is deleted when the suite ends,
// fails or is interrupted (E2E_KEEP=1 keeps it after a failure, to look
// at).
package e2e

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// TestCluster runs the suite's steps in order: each builds on the install,
// and a failed install stops the rest.
func TestCluster(t *testing.T) {
	w := setUp(t)
	if !t.Run("install", w.testInstall) {
		t.FailNow()
	}
	steps := []struct {
		name string
		run  func(*testing.T)
	}{
		{"journey", w.testJourney},
		{"connector-timeout", w.testConnectorTimeout},
		{"operator-failover", w.testOperatorFailover},
		{"memory-limit", w.testMemoryLimit},
		{"forced-delete-during-book", w.testForcedDelete},
		{"rolling-upgrade", w.testRollingUpgrade},
		{"database-pod-deleted", w.testDatabasePodDeleted},
		{"reinstall", w.testReinstall},
	}
	for _, s := range steps {
		t.Run(s.name, s.run)
	}
}

// interrupted tears the namespace down when the suite is stopped by a
// signal, which skips the test's own clean-ups.
func interrupted(cleanup func(context.Context)) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			cleanup(ctx)
			cancel()
			os.Exit(1)
		case <-done:
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}
