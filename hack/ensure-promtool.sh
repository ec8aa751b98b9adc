#!/usr/bin/env bash
# Makes sure a promtool for the chart's alert checks (hack/charttest) is
# installed and prints its path. Uses PROMTOOL when set; otherwise promtool on
# PATH; otherwise installs Debian's prometheus package, which carries it (its
# recommends — the node exporter and the rest — are not wanted for a check).
set -euo pipefail

if [[ -n "${PROMTOOL:-}" ]]; then
  [[ -x "$PROMTOOL" ]] || { echo "PROMTOOL=$PROMTOOL is not executable" >&2; exit 1; }
  echo "$PROMTOOL"; exit 0
fi
if p=$(command -v promtool); then
  echo "$p"; exit 0
fi

echo "Installing promtool (Debian's prometheus package) for the chart's alert checks…" >&2
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends prometheus >&2
# Where systemd runs, the package also starts a Prometheus server on :9090, the
# port the API serves its metrics on locally: a check tool must not leave one.
if command -v systemctl >/dev/null && systemctl is-active --quiet prometheus 2>/dev/null; then
  $sudo systemctl disable --now prometheus >&2 || true
fi
command -v promtool || { echo "the prometheus package installed no promtool on PATH" >&2; exit 1; }
