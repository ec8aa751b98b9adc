#!/usr/bin/env bash
# Runs the browser journeys (web/e2e, Playwright in Debian's Chromium) against
# the real server: bin/paryatan-api on a free port, on its embedded defaults
# (a private PostgreSQL in a temporary DATA_DIR), stopped afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH=$(hack/ensure-chromium.sh)
export CHROMIUM_PATH

data=$(mktemp -d /tmp/paryatan-e2e.XXXXXX)
chmod 755 "$data" # the embedded PostgreSQL runs unprivileged when we are root
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
  || node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
log="$data/server.log"

# Loopback is trusted as a proxy so each browser test can present its own
# client address (X-Forwarded-For) and stay clear of the per-address limits.
PORT=$port METRICS_ADDR=127.0.0.1:0 DATA_DIR="$data" LOG_LEVEL=warn TRUSTED_PROXIES=127.0.0.1/32,::1/128 bin/paryatan-api >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "server exited:" >&2; cat "$log" >&2; exit 1; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "server not ready:" >&2; cat "$log" >&2; exit 1; }

E2E_BASE_URL="http://127.0.0.1:$port" npm run e2e -w web
