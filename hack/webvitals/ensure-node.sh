#!/usr/bin/env bash
# Prints the path of a node that Lighthouse supports (the engines field of the
# installed lighthouse package, e.g. ">=22.19"). Uses LIGHTHOUSE_NODE when set;
# otherwise the node on PATH when it is new enough; otherwise installs the
# pinned Node.js build that the npm registry carries as node-<os>-<arch> (the
# package the `node` package installs; no install script of its own) into
# bin/node-<version>, once.
#
# The machines run Node 20, enough for everything else here. Lighthouse 13
# starts on it, but its trace insights call Node 22's iterator helpers and
# fail with errors in place of their findings.
set -euo pipefail
cd "$(dirname "$0")/../.."

NODE_VERSION=22.23.3 # what is installed when the node on PATH is too old

if [[ -n "${LIGHTHOUSE_NODE:-}" ]]; then
  [[ -x "$LIGHTHOUSE_NODE" ]] || { echo "LIGHTHOUSE_NODE=$LIGHTHOUSE_NODE is not executable" >&2; exit 1; }
  echo "$LIGHTHOUSE_NODE"; exit 0
fi

engines=$(node -p 'require("./node_modules/lighthouse/package.json").engines.node') ||
  { echo "lighthouse is not installed: run npm ci at the repository root" >&2; exit 1; }
need=${engines#>=}
if [[ ! $need =~ ^[0-9]+(\.[0-9]+){0,2}$ ]]; then
  echo "lighthouse's engines field \"$engines\" is not of the form >=X.Y.Z" >&2; exit 1
fi
# a ≥ b for dotted versions.
at_least() { [[ $(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1) == "$2" ]]; }

have=$(node -p 'process.versions.node')
if at_least "$have" "$need"; then
  command -v node; exit 0
fi
if ! at_least "$NODE_VERSION" "$need"; then
  echo "hack/webvitals/ensure-node.sh: NODE_VERSION $NODE_VERSION is older than lighthouse needs ($engines)" >&2; exit 1
fi

dir="bin/node-$NODE_VERSION"
case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "no Node.js build on the npm registry for $(uname -s)" >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node.js build on the npm registry for $(uname -m)" >&2; exit 1 ;;
esac
bin="$dir/node_modules/node-$os-$arch/bin/node"
if [[ ! -x "$bin" ]]; then
  echo "Installing Node.js $NODE_VERSION (node-$os-$arch from the npm registry) for Lighthouse, which needs $engines; this node is $have…" >&2
  mkdir -p bin
  tmp=$(mktemp -d "bin/.node-$NODE_VERSION.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  echo '{"private": true}' >"$tmp/package.json"
  npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund --ignore-scripts --loglevel=error \
    "node-$os-$arch@$NODE_VERSION" >&2
  rm -rf "$tmp/node_modules/node-$os-$arch/include" # C headers for addons: 65 MB of no use here
  chmod 755 "$tmp" # mktemp's 0700 would keep the node from other users
  rm -rf "$dir"
  mv "$tmp" "$dir"
  trap - EXIT
fi
got=$("$bin" -p 'process.versions.node')
[[ $got == "$NODE_VERSION" ]] || { echo "$bin is Node.js $got, not $NODE_VERSION" >&2; exit 1; }
echo "$PWD/$bin"
