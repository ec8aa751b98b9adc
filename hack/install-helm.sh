#!/usr/bin/env bash
# Installs the pinned Helm release into bin/helm-<version> (built from source with
# `go install`, so the Go toolchain and module cache are all it needs) and links
# bin/helm to it. Does nothing when that version is already there.
#
#   hack/install-helm.sh [version]     (default: HELM_VERSION or v3.19.2)
set -euo pipefail

version=${1:-${HELM_VERSION:-v3.19.2}}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/bin"
target="$bin/helm-$version"

if [[ -x "$target" ]]; then
	ln -sfn "helm-$version" "$bin/helm"
	exit 0
fi

mkdir -p "$bin"
tmp=$(mktemp -d "$bin/tmp-helm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

echo "installing helm $version into $target"
GOBIN="$tmp" go install "helm.sh/helm/v3/cmd/helm@$version"
mv "$tmp/helm" "$target"
ln -sfn "helm-$version" "$bin/helm"
"$target" version --short
