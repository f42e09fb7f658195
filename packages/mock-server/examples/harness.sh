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
#   6. declare an answer of the test's own (a stub) and a sequence (a scenario: 200, then 429, then 200)
#   7. a fault for one key only (parallel workers, each with its own key): that key's GET /quota
#      answers 503, another key's same request 200
#   8. play the proxy's record back with a second mock (--playback), then stop it over HTTP
#   9. stop the mock with POST /__mock/shutdown (it exits 0 and removes the ready file)
#
# FLIGHT_SEARCH_MOCK is the command that runs the CLI (default: npx flight-search-mock);
# FLIGHT_SEARCH_MOCK_START_SECONDS how long each start may take (default 20; more under an emulator).
# Exit status 0 when the scenario passed, 1 with a message when a check failed.
set -euo pipefail

MOCK=${FLIGHT_SEARCH_MOCK:-npx flight-search-mock}
START_SECONDS=${FLIGHT_SEARCH_MOCK_START_SECONDS:-20}
KEY=test-key
work=$(mktemp -d)
ready="$work/ready.json"
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. Start on a free port; the ready file appears (atomically) once it listens.
# shellcheck disable=SC2086 # MOCK is a command line, split on purpose.
$MOCK --port 0 --control --quiet --ready-file "$ready" &
launcher=$!
trap 'kill -TERM "$launcher" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 $((START_SECONDS * 20))); do
  [ -s "$ready" ] && break
  kill -0 "$launcher" 2>/dev/null || fail "the mock exited before it was ready"
  sleep 0.05
done
[ -s "$ready" ] || fail "no ready file after $START_SECONDS s"
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
for _ in $(seq 1 $((START_SECONDS * 20))); do
  [ -s "$work/proxy.json" ] && break
  kill -0 "$proxy" 2>/dev/null || fail "the proxy exited before it was ready: $(cat "$work/proxy.out")"
  sleep 0.05
done
[ -s "$work/proxy.json" ] || fail "the proxy wrote no ready file in $START_SECONDS s"
proxy_url=$(sed -E 's/.*"url":"([^"]+)".*/\1/' "$work/proxy.json")
curl -fsS "$proxy_url/quota" -H "x-api-key: $KEY" >/dev/null || fail "GET /quota through the proxy failed"
# SIGINT (Ctrl+C), which a Windows console program also gets (SIGTERM would end flight-search-mock-win-x64.exe unsummarised).
kill -INT "$proxy"
wait "$proxy" || fail "the proxy exited with $?"
grep -q '1 exchanges, 0 violations' "$work/proxy.out" || fail "the proxy's summary: $(cat "$work/proxy.out")"
[ "$(grep -c '' "$work/exchanges.jsonl")" = 1 ] || fail "the proxy recorded: $(cat "$work/exchanges.jsonl")"
echo "the proxy checked and recorded 1 exchange"

# 6. A stub: an answer of the test's own for GET /quota with one key, checked against openapi.yaml when it is
#    declared; then a scenario, declared once: the next searches answer 200, then 429, then 200 again.
stub=$(curl -fsS -X POST "$url/__mock/stubs" -H 'content-type: application/json' \
  -d '{"request":{"method":"GET","path":"/quota","key":"stub-secret-key"},"response":{"status":200,"body":{"limit":5,"consumed":5,"remaining":0,"usageByCompany":[]}}}')
id=$(grep -o '"id":"stub-[0-9]*"' <<<"$stub" | cut -d'"' -f4)
[ -n "$id" ] || fail "POST /__mock/stubs: $stub"
grep -q 'stub-secret-key' <<<"$stub" && fail "the stub's read-back shows its key"
curl -fsS "$url/quota" -H 'x-api-key: stub-secret-key' | grep -q '"remaining":0' || fail "the stub did not answer"
curl -fsS "$url/quota" -H "x-api-key: $KEY" | grep -q '"remaining":1000' || fail "another key got the stub's answer"
refused=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$url/__mock/stubs" -H 'content-type: application/json' \
  -d '{"request":{"method":"GET","path":"/quota"},"response":{"status":418}}')
[ "$refused" = 422 ] || fail "a stub with a status openapi.yaml does not declare got $refused, expected 422"
curl -fsS -X DELETE "$url/__mock/stubs/$id"
search='{"airlineLoyalty":["PROGRAM_1"],"tripType":"ONE_WAY","cabinType":"ECONOMY","origin":"GRU","destination":"JFK","departureDate":"2026-12-15","passengers":{"adults":1}}'
curl -fsS -X POST "$url/__mock/stubs" -H 'content-type: application/json' \
  -d '{"request":{"method":"POST","path":"/flights/search"},"fault":{"delayMs":0},"scenario":{"name":"busy","next":"limited"}}' >/dev/null
curl -fsS -X POST "$url/__mock/stubs" -H 'content-type: application/json' \
  -d '{"request":{"method":"POST","path":"/flights/search"},"fault":{"status":429,"retryAfterSeconds":1},"scenario":{"name":"busy","state":"limited","next":"recovered"}}' >/dev/null
sequence=""
for _ in 1 2 3; do
  sequence+=$(curl -s -o /dev/null -w '%{http_code} ' -X POST "$url/flights/search" -H "x-api-key: $KEY" -H 'content-type: application/json' -d "$search")
done
[ "$sequence" = "200 429 200 " ] || fail "the scenario answered $sequence"
curl -fsS "$url/__mock/scenarios" | grep -q '"state":"recovered"' || fail "GET /__mock/scenarios: $(curl -s "$url/__mock/scenarios")"
echo "a stub answered, and a scenario answered 200, 429, 200"

# 7. A fault scoped to one key (D154): search-only-key's GET /quota answers 503 while test-key's same request is
#    answered as before; the key's own faults list it, the global ones (step 2's, used up) do not; cleared, the key is answered again.
scoped_key=search-only-key
curl -fsS -X PUT "$url/__mock/keys/$scoped_key/faults/quota" -H 'content-type: application/json' -d '{"status":503}'
scoped=$(curl -s -o "$work/scoped.json" -w '%{http_code}' "$url/quota" -H "x-api-key: $scoped_key")
[ "$scoped" = 503 ] || fail "GET /quota with the faulted key got $scoped, expected 503"
grep -q '"code":"SERVICE_UNAVAILABLE"' "$work/scoped.json" || fail "the key's fault answered $(cat "$work/scoped.json")"
other=$(curl -s -o "$work/other.json" -w '%{http_code}' "$url/quota" -H "x-api-key: $KEY")
[ "$other" = 200 ] || fail "GET /quota with another key got $other, expected 200 (the fault is the other key's)"
curl -fsS "$url/__mock/keys/$scoped_key/faults" | grep -q '"route":"quota"' || fail "GET /__mock/keys/$scoped_key/faults does not list the fault"
global=$(curl -fsS "$url/__mock/faults")
[ "$(grep -o '"route":' <<<"$global" | grep -c '')" = 1 ] || fail "the global faults are not step 2's alone: $global"
curl -fsS -X DELETE "$url/__mock/keys/$scoped_key/faults/quota"
cleared=$(curl -s -o /dev/null -w '%{http_code}' "$url/quota" -H "x-api-key: $scoped_key")
[ "$cleared" = 200 ] || fail "GET /quota with the key after its fault was cleared got $cleared, expected 200"
echo "a fault for one key answered 503 to that key only"

# 8. Play back what the proxy recorded: a second mock answers the recorded GET /quota once, then (--unmatched
#    not-found) a 404 naming the nearest stub; the key is not compared (the record redacts it).
# shellcheck disable=SC2086
$MOCK --port 0 --control --quiet --playback "$work/exchanges.jsonl" --unmatched not-found --ready-file "$work/play.json" &
player=$!
trap 'kill -TERM "$player" "$launcher" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 $((START_SECONDS * 20))); do
  [ -s "$work/play.json" ] && break
  kill -0 "$player" 2>/dev/null || fail "the playback mock exited before it was ready"
  sleep 0.05
done
[ -s "$work/play.json" ] || fail "the playback mock wrote no ready file in $START_SECONDS s"
play_url=$(sed -E 's/.*"url":"([^"]+)".*/\1/' "$work/play.json")
curl -fsS "$play_url/quota" -H 'x-api-key: any-key' | grep -q '"remaining":1000' || fail "playback did not answer the recorded quota"
again=$(curl -s -o /dev/null -w '%{http_code}' "$play_url/quota" -H 'x-api-key: any-key')
[ "$again" = 404 ] || fail "a second GET /quota got $again, expected 404 (the record held one)"
curl -fsS -X POST "$play_url/__mock/shutdown" >/dev/null
wait "$player" || fail "the playback mock exited with $?"
[ ! -e "$work/play.json" ] || fail "the playback mock left its ready file behind"
trap 'kill -TERM "$launcher" 2>/dev/null || true; rm -rf "$work"' EXIT
echo "the recorded exchange played back once"

# 9. Stop over HTTP (as SIGTERM to $pid would): it answers, finishes requests in flight, exits 0 and removes the ready file.
curl -fsS -X POST "$url/__mock/shutdown" >/dev/null
wait "$launcher" || fail "the mock exited with $?"
trap 'rm -rf "$work"' EXIT
[ ! -e "$ready" ] || fail "the ready file was left behind"
echo "PASS: the client retried through two 503s and got its quota; stubs, a scenario, a key's own fault and playback answered"
