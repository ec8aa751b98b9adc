#!/usr/bin/env bash
# Runs the browser journeys (web/e2e, Playwright in Debian's Chromium) against
# the real server: bin/paryatan-api on a free port, on its embedded defaults
# (a private PostgreSQL in a temporary DATA_DIR), stopped afterwards. The
# supplier is bin/tbo-sim in its own process, so that a journey can script it
# through its control paths (E2E_SIM_URL/_sim/faults: a failed search, a fare
# that rises) and count what it really booked (E2E_SIM_URL/_sim/bookings).
# Arguments go to Playwright (a spec file, -g pattern). The run fails when
# any journey fails or is skipped, or when none runs.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH=$(hack/ensure-chromium.sh)
export CHROMIUM_PATH

data=$(mktemp -d /tmp/paryatan-e2e.XXXXXX)
chmod 755 "$data" # the embedded PostgreSQL runs unprivileged when we are root
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null \
    || node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
port=$(free_port)
sim_port=$(free_port)
log="$data/server.log"

# The supplier simulator, answering within a quarter of a second: fast enough
# for a journey, slow enough that every loading state is really shown.
bin/tbo-sim -addr "127.0.0.1:$sim_port" -latency uniform:50ms-250ms -log-level warn >"$data/sim.log" 2>&1 &
sim_pid=$!
printf '{"clientId":"ApiIntegrationNew","userName":"paryatan","password":"paryatan@123"}' >"$data/sim-credentials.json"
chmod 600 "$data/sim-credentials.json"
cat >"$data/connectors.yaml" <<YAML
connectors:
  - name: tbo
    endpoints:
      auth: http://127.0.0.1:$sim_port/SharedServices/SharedData.svc/rest
      air: http://127.0.0.1:$sim_port/BookingEngineService_Air/AirService.svc/rest
    credentials:
      file: $data/sim-credentials.json
    compression: false
    searchCacheWindow: 0s  # every journey's search reaches the simulator it scripts
YAML
export E2E_SIM_URL="http://127.0.0.1:$sim_port"

# Loopback is trusted as a proxy so each browser test can present its own
# client address (X-Forwarded-For) and stay clear of the per-address limits.
# PUBLIC_URL is the address the browser uses, so that the payment
# gateway's checkout returns the traveller to the site their session is on.
PUBLIC_URL="http://127.0.0.1:$port" CONNECTORS_FILE="$data/connectors.yaml" PORT=$port METRICS_ADDR=127.0.0.1:0 DATA_DIR="$data" LOG_LEVEL=warn TRUSTED_PROXIES=127.0.0.1/32,::1/128 bin/paryatan-api >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM "$pid" "$sim_pid" 2>/dev/null || true
  wait "$pid" "$sim_pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "server exited:" >&2; cat "$log" >&2; exit 1; fi
  if ! kill -0 "$sim_pid" 2>/dev/null; then echo "supplier simulator exited:" >&2; cat "$data/sim.log" >&2; exit 1; fi
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "server not ready:" >&2; cat "$log" >&2; exit 1; }

# A journey never passes by being skipped: the JSON report must count none
# skipped, and at least one run.
report="$data/report.json"
status=0
E2E_JSON_REPORT="$report" E2E_BASE_URL="http://127.0.0.1:$port" npm run e2e -w web -- "$@" || status=$?
if [[ ! -s "$report" ]]; then
  echo "e2e: Playwright wrote no report ($report)" >&2
  exit 1
fi
node - "$report" <<'JS' || status=1
const report = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'))
const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {}
const skippedTitles = []
const walk = (suite, path) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'skipped') skippedTitles.push([...path, spec.title].join(' › '))
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...path, child.title])
}
for (const suite of report.suites ?? []) walk(suite, [suite.title])
console.log(`e2e: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`)
if (flaky > 0) console.log(`e2e: ${flaky} of them passed only on a retry`)
if (skipped > 0) {
  console.error(`e2e: ${skipped} skipped; every journey must run, these did not:`)
  for (const title of skippedTitles) console.error(`  - ${title}`)
  process.exit(1)
}
if (expected + unexpected + flaky === 0) {
  console.error('e2e: no journey ran')
  process.exit(1)
}
JS
exit "$status"
