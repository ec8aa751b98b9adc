#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests is installed and prints its path.
# Uses CHROMIUM_PATH when set; otherwise installs Debian's chromium package.
# (Browser test tools must not download their own browser builds.)
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  [[ -x "$CHROMIUM_PATH" ]] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not executable" >&2; exit 1; }
  echo "$CHROMIUM_PATH"; exit 0
fi
for c in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [[ -x "$c" ]]; then echo "$c"; exit 0; fi
done

echo "Installing Chromium for the browser tests…" >&2
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq chromium >&2
echo /usr/bin/chromium
