#!/usr/bin/env bash
# Prints the linker flags Kubernetes' own release build stamps its binaries
# with, for the version hack/envtest/go.mod pins, so /version (which Helm and
# kubectl read) and the node's kubelet version say v1.34.x rather than v0.0.0.
# Used by hack/envtest-bins.sh and hack/node-bins.sh.
set -euo pipefail
version=$(cd "$(dirname "$0")/envtest" && go list -m -f '{{.Version}}' k8s.io/kubernetes)
minor=${version#v1.}
minor=${minor%%.*}
flags="-s -w"
for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
	flags+=" -X $p.gitVersion=$version -X $p.gitMajor=1 -X $p.gitMinor=$minor -X $p.gitTreeState=clean"
done
echo "$flags"
