#!/usr/bin/env bash
# Builds the rest of a Kubernetes node beside the envtest API server and etcd
# (hack/envtest-bins.sh), from the Go module proxy, into the same directory
# bin/envtest-<version>/: kube-controller-manager, kube-scheduler, kubelet,
# kube-proxy and kubectl at the same Kubernetes version (hack/envtest/go.mod),
# and CoreDNS (hack/coredns/go.mod). hack/cluster.sh runs them.
#
# Idempotent and built once per machine: a binary already in place is kept.
# The first build takes 20-30 minutes on two cores (the kubelet and the
# controller manager are most of it); it runs at low priority.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=$("$root/hack/envtest-bins.sh" "$@")
# Absolute: the builds below run from the modules' directories.
out=$(cd "$out" && pwd)
kube_ldflags=$("$root/hack/kube-ldflags.sh")

tmp=$(mktemp -d "$out/.build.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

build() { # build <module dir> <output name> <package> [ldflags]
	[[ -x "$out/$2" ]] && return 0
	echo "building $2" >&2
	(cd "$1" && nice -n 10 go build -trimpath -ldflags "${4:--s -w}" -o "$tmp/$2" "$3") >&2
	# Moved into place only when built, so an interrupted build is redone.
	mv "$tmp/$2" "$out/$2"
}

for c in kube-controller-manager kube-scheduler kubelet kube-proxy kubectl; do
	build "$root/hack/envtest" "$c" "k8s.io/kubernetes/cmd/$c" "$kube_ldflags"
done
# CoreDNS runs in a pod, from an image holding only its binary: static.
CGO_ENABLED=0 build "$root/hack/coredns" coredns github.com/coredns/coredns

echo "$out"
