#!/usr/bin/env bash
# Builds the Kubernetes API server and etcd that the operator's tests (envtest)
# run against, from the Go module proxy, into bin/envtest-<version>/. The
# versions are pinned by hack/envtest/go.mod (Kubernetes v1.34, the minor that
# client-go and controller-runtime in go.mod are built for). Idempotent: an
# existing pair is kept, so only the first run on a machine pays for the build
# (about five minutes on two cores). Prints the directory on success; tests
# find it through KUBEBUILDER_ASSETS or the operator's test helper.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
mod="$root/hack/envtest"
version=$(cd "$mod" && go list -m -f '{{.Version}}' k8s.io/kubernetes)
out="${1:-$root/bin/envtest-${version#v}}"

if [[ -x "$out/kube-apiserver" && -x "$out/etcd" ]]; then
	echo "$out"
	exit 0
fi

mkdir -p "$out"
# Absolute, because the build below runs from the module's directory.
out=$(cd "$out" && pwd)
tmp=$(mktemp -d "$out/.build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
ldflags=$("$root/hack/kube-ldflags.sh")
(
	cd "$mod"
	# -trimpath keeps the binaries independent of this checkout's path.
	go build -trimpath -ldflags "$ldflags" -o "$tmp/kube-apiserver" k8s.io/kubernetes/cmd/kube-apiserver
	go build -trimpath -o "$tmp/etcd" ./etcd
) >&2
# Moved into place only once both are built, so an interrupted build is redone.
mv "$tmp/etcd" "$out/etcd"
mv "$tmp/kube-apiserver" "$out/kube-apiserver"
echo "$out"
