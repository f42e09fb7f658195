export const HELP = `Usage: flight-search-mock [options]

Serves the Flight Search, Price History and Quota mock over HTTP.

Options:
  --port N                 TCP port; 0 picks a free one (default 4010)
  --host H                 interface to listen on (default 127.0.0.1)
  --keys FILE              API keys, JSON: {"keys":[{"key":"...","limit":100,"products":["search","history"]}]}
                           (optional "consumed" per key). Default keys: test-key, search-only-key,
                           low-quota-key, empty-key (see the package README)
  --seed N                 seed of the generated data (same seed, same flights)
  --provider-timeout-ms N  time a program may take before a 504 provider failure (default 29000)
  --latency none|realistic provider latencies: none (default) or realistic (0.2 to 4 s per program)
  --control                serve the control API under /__mock (reset, programs, keys, requests);
                           without it no request is recorded, since nothing could read the record
  --control-origin ORIGIN  a page origin allowed to call the control API, such as http://localhost:5173
                           (repeatable); by default a control request carrying any Origin is refused (403)
  --allowed-host NAME      a Host name the control API answers besides localhost, 127.0.0.1, [::1] and
                           --host, such as a container name (repeatable; NAME:PORT for a port mapping)
  --request-log-max-bytes N  bytes the record of received requests may hold (default 16777216);
                           a body keeps its first 4 KiB, the oldest requests are dropped first
  --quiet                  no request log (by default one line per request on stderr)
  --help                   show this help

Once listening it prints a line with its URL (http://HOST:PORT).
The contract is served at /openapi.yaml. SIGTERM or SIGINT finishes requests in flight, then exits 0.
`;
