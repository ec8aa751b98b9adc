#!/usr/bin/env bash
# The end-to-end suite on a local cluster (test/e2e): starts one with
# hack/cluster/cluster.sh when none is up (and brings it down afterwards,
# whatever the outcome), loads the images make images built, and runs the
# suite against it. A cluster that was already up is left up.
#
#   HELM=… hack/test-cluster.sh [go test flags]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cluster="$root/hack/cluster/cluster.sh"
images=("$root"/bin/images/{paryatan-api,paryatan-operator,tbo-sim,razorpay-sim,visa-sim}.tar)

started=""
if "$cluster" status 2>/dev/null; then
	echo "test-cluster: using the cluster that is up" >&2
	"$cluster" load "${images[@]}"
else
	started=1
	trap '"$cluster" down' EXIT
	"$cluster" up "${images[@]}" >/dev/null
fi
bins=$("$root/hack/node-bins.sh")

cd "$root"
KUBECONFIG=${CLUSTER_DATA:-/var/lib/${CLUSTER_NAME:-paryatan}-cluster}/kubeconfig \
	KUBECTL="$bins/kubectl" E2E_CLUSTER="$cluster" E2E_IMAGES="$root/bin/images/index.json" \
	go test -count=1 -timeout 45m -v "$@" ./test/e2e/
