#!/usr/bin/env bash
# A test harness for the flight-search mock in plain shell (bash + curl, no
# JavaScript): how a team writing its client in any language drives a scenario.
#
#   1. start the mock with --ready-file and wait for the file: { url, port, pid },
#      then ask GET /__mock/health
#   2. set a service fault through the control API (the next 2 GET /quota: 503)
#   3. run the client under test (here a curl loop that retries on 5xx, as a
#      client should; put your own client's command there)
#   4. check what the mock received through GET /__mock/requests
#   5. put the contract-checking proxy in front of it (`proxy --target`), send a
#      request through it and check it recorded the exchange with no violation
#   6. stop the mock with POST /__mock/shutdown (it exits 0 and removes the ready file)
#
# FLIGHT_SEARCH_MOCK is the command that runs the CLI (default: npx flight-search-mock).
# Exit status 0 when the scenario passed, 1 with a message when a check failed.
set -euo pipefail

MOCK=${FLIGHT_SEARCH_MOCK:-npx flight-search-mock}
KEY=test-key
work=$(mktemp -d)
ready="$work/ready.json"
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. Start on a free port; the ready file appears (atomically) once it listens.
# shellcheck disable=SC2086 # MOCK is a command line, split on purpose.
$MOCK --port 0 --control --quiet --ready-file "$ready" &
launcher=$!
trap 'kill -TERM "$launcher" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 400); do
  [ -s "$ready" ] && break
  kill -0 "$launcher" 2>/dev/null || fail "the mock exited before it was ready"
  sleep 0.05
done
[ -s "$ready" ] || fail "no ready file after 20 s"
url=$(sed -E 's/.*"url":"([^"]+)".*/\1/' "$ready")
pid=$(sed -E 's/.*"pid":([0-9]+).*/\1/' "$ready")
echo "mock ready at $url (pid $pid)"
health=$(curl -fsS "$url/__mock/health")
grep -q '"ready":true' <<<"$health" || fail "GET /__mock/health: $health"

# 2. A fault: the next two GET /quota answer 503 in the service's error envelope.
curl -fsS -X PUT "$url/__mock/faults/quota" -H 'content-type: application/json' -d '{"status":503,"times":2}'

# 3. The client under test: up to 3 attempts, retrying on 5xx.
status=0
for attempt in 1 2 3; do
  status=$(curl -s -o "$work/quota.json" -w '%{http_code}' "$url/quota" -H "x-api-key: $KEY")
  echo "attempt $attempt: $status"
  case $status in 5??) continue ;; *) break ;; esac
done
[ "$status" = 200 ] || fail "the client ended with $status, expected 200 after retrying"
grep -q '"remaining":1000' "$work/quota.json" || fail "the quota answer was $(cat "$work/quota.json")"

# 4. What the mock saw: two 503 (the fault, which charged nothing), then one 200.
log=$(curl -fsS "$url/__mock/requests?path=/quota")
statuses=$(grep -oE '"status":[0-9]+' <<<"$log" | cut -d: -f2 | tr '\n' ' ')
[ "$statuses" = "503 503 200 " ] || fail "GET /__mock/requests?path=/quota shows statuses: $statuses"
grep -q "$KEY" <<<"$log" && fail "the request log shows the API key"
faults=$(curl -fsS "$url/__mock/faults")
grep -q '"remaining":0' <<<"$faults" || fail "the fault was not used up: $faults"

# 5. The contract-checking proxy in front of the mock: one GET /quota through it, recorded, no violation.
# shellcheck disable=SC2086
$MOCK proxy --target "$url" --port 0 --ready-file "$work/proxy.json" --record "$work/exchanges.jsonl" >"$work/proxy.out" 2>&1 &
proxy=$!
trap 'kill -TERM "$proxy" "$launcher" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 400); do
  [ -s "$work/proxy.json" ] && break
  kill -0 "$proxy" 2>/dev/null || fail "the proxy exited before it was ready: $(cat "$work/proxy.out")"
  sleep 0.05
done
proxy_url=$(sed -E 's/.*"url":"([^"]+)".*/\1/' "$work/proxy.json")
curl -fsS "$proxy_url/quota" -H "x-api-key: $KEY" >/dev/null || fail "GET /quota through the proxy failed"
kill -TERM "$proxy"
wait "$proxy" || fail "the proxy exited with $?"
grep -q '1 exchanges, 0 violations' "$work/proxy.out" || fail "the proxy's summary: $(cat "$work/proxy.out")"
[ "$(grep -c '' "$work/exchanges.jsonl")" = 1 ] || fail "the proxy recorded: $(cat "$work/exchanges.jsonl")"
echo "the proxy checked and recorded 1 exchange"

# 6. Stop over HTTP (as SIGTERM to $pid would): it answers, finishes requests in flight, exits 0 and removes the ready file.
curl -fsS -X POST "$url/__mock/shutdown" >/dev/null
wait "$launcher" || fail "the mock exited with $?"
trap 'rm -rf "$work"' EXIT
[ ! -e "$ready" ] || fail "the ready file was left behind"
echo "PASS: the client retried through two 503s and got its quota"
