// One worker of test/node/parallel-workers.test.ts (issue 29, D154): a test process of its own with its own
// API key, on the one server all 8 workers share. It sets its own fault, program behaviour and rate limit,
// sends a scenario and exhausts its quota, and checks that it sees its own effects and requests only.
// Plain JavaScript so it starts in a bare `node`; every failed check exits 1 with the reason.
// Its third argument, `global`, sets the same state through the global routes instead, which all workers share:
// the same checks then fail, the proof that they test the scoping (the suite's second test).
import { deepStrictEqual, ok, strictEqual } from 'node:assert/strict';

const [url, indexText, mode = 'scoped'] = process.argv.slice(2);
const index = Number(indexText);
const key = `worker-${index}-key-${process.pid}`;
const FAULT_STATUSES = [500, 502, 503, 504, 429];
const faultStatus = FAULT_STATUSES[index % FAULT_STATUSES.length];
const faultTimes = 1 + (index % 3);
const providerStatus = 420 + index;
const limit = 3 + index;
const rateLimit = 2 + (index % 3);

// What this worker sent to the service, in order, as the request log should list it.
const sent = [];

async function service(method, path, { body, headers = {} } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body && { 'content-type': 'application/json' }), ...headers },
    ...(body && { body: JSON.stringify(body) }),
  });
  sent.push(`${method} ${path} ${response.status}`);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

async function control(method, route, body) {
  const response = await fetch(`${url}/__mock${route}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

const search = (program, headers) =>
  service('POST', '/flights/search', {
    headers,
    body: {
      airlineLoyalty: [program],
      tripType: 'ONE_WAY',
      cabinType: 'ECONOMY',
      origin: 'GRU',
      destination: 'JFK',
      departureDate: '2026-12-15',
      passengers: { adults: 1 },
    },
  });

// The parent lets every worker pass a barrier once all 8 reached it, so the phases interleave on the server.
const released = new Set();
const waiting = new Map();
process.on('message', (name) => {
  released.add(name);
  waiting.get(name)?.();
});
function barrier(name) {
  process.send(name);
  return released.has(name) ? Promise.resolve() : new Promise((resolve) => waiting.set(name, resolve));
}

const path = `/keys/${encodeURIComponent(key)}`;
// Where it sets its state and reads its requests: its key's own routes (D154), or in `global` mode the global
// ones. A global rate limit is only the `rateLimit` option, which PUT /config changes by resetting every worker's state.
const routes =
  mode === 'global'
    ? {
        fault: '/faults/quota',
        program: '/programs/PROGRAM_1',
        rateLimit: (setting) => ['/config', { rateLimit: setting }],
        requests: '/requests',
        reset: '/reset',
      }
    : {
        fault: `${path}/faults/quota`,
        program: `${path}/programs/PROGRAM_1`,
        rateLimit: (setting) => [`${path}/rate-limit`, setting],
        requests: `/requests?key=${encodeURIComponent(key)}`,
        reset: `${path}/reset`,
      };

// A setting the mock must take: a refusal is a broken worker, not another worker's effect (the parent tells them apart).
async function set(method, route, body) {
  const { status } = await control(method, route, body);
  if (status !== 204) throw new Error(`refused: ${method} /__mock${route} answered ${status}`);
}

async function main() {
  // Its own key, fault, behaviour: set while the 7 others set theirs.
  await set('PUT', path, { limit, products: ['search', 'history'] });
  const fault = {
    status: faultStatus,
    times: faultTimes,
    ...(faultStatus === 429 && { retryAfterSeconds: index + 1 }),
  };
  await set('PUT', routes.fault, fault);
  await set('PUT', routes.program, { fail: { status: providerStatus, message: `worker ${index}` } });
  await barrier('set');

  // Its fault, exactly `times` requests, then its own quota.
  for (let i = 0; i < faultTimes; i++) {
    const faulted = await service('GET', '/quota');
    strictEqual(faulted.status, faultStatus, `fault ${i + 1} of ${faultTimes}`);
    if (faultStatus === 429) strictEqual(faulted.headers.get('retry-after'), String(index + 1));
  }
  deepStrictEqual((await service('GET', '/quota')).body, { limit, consumed: 0, remaining: limit, usageByCompany: [] });

  // A one-request scenario (x-mock-scenario, D128): forced, and it consumes nothing.
  strictEqual((await search('PROGRAM_2', { 'x-mock-scenario': 'status=402' })).status, 402);

  // Its program behaviour: PROGRAM_1 fails with its own status for it only.
  const failed = await search('PROGRAM_1');
  strictEqual(failed.status, 200);
  deepStrictEqual(failed.body.results[0].error, { message: `worker ${index}`, providerStatusCode: providerStatus });

  // Its quota, exhausted: the other workers' searches never count against it.
  for (let i = 1; i < limit; i++) strictEqual((await search('PROGRAM_2')).body.results[0].success, true);
  strictEqual((await search('PROGRAM_2')).status, 402);
  const quota = (await service('GET', '/quota')).body;
  deepStrictEqual([quota.consumed, quota.remaining], [limit, 0]);
  deepStrictEqual(Object.fromEntries(quota.usageByCompany.map((use) => [use.airlineLoyalty, use.consumed])), {
    PROGRAM_1: 1,
    PROGRAM_2: limit - 1,
  });

  // Its rate limit: `rateLimit` requests in the window, then a 429.
  await set('PUT', ...routes.rateLimit({ requests: rateLimit, windowMs: 600_000 }));
  for (let i = 0; i < rateLimit; i++)
    strictEqual((await service('GET', '/quota')).status, 200, `request ${i + 1} of ${rateLimit} in the window`);
  const limited = await service('GET', '/quota');
  strictEqual(limited.status, 429);
  strictEqual(limited.headers.get('retry-after'), '600');
  await barrier('exercised');

  // Its requests, and only its: the same as it sent, in order, its key masked, never in clear.
  const mine = await control('GET', routes.requests);
  strictEqual(mine.status, 200);
  deepStrictEqual(
    mine.body.requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`),
    sent,
  );
  strictEqual(new Set(mine.body.requests.map((entry) => entry.key)).size, 1);
  ok(!JSON.stringify(mine.body).includes(key), 'the key in clear in the request log');
  const state = (await control('GET', path)).body;
  deepStrictEqual(state.scoped, {
    faults: [{ route: 'quota', fault, remaining: 0, hits: faultTimes }],
    programs: { PROGRAM_1: { fail: { status: providerStatus, message: `worker ${index}` } } },
    rateLimit: { requests: rateLimit, windowMs: 600_000 },
  });
  await barrier('read');

  // The odd workers reset their key while the even ones look: a key's reset touches that key only.
  if (index % 2 === 1) {
    await set('POST', routes.reset);
    deepStrictEqual((await control('GET', routes.requests)).body.requests, []);
    strictEqual((await control('GET', path)).status, 404);
  }
  await barrier('reset');
  if (index % 2 === 0) {
    strictEqual((await control('GET', routes.requests)).body.requests.length, sent.length);
    const after = (await control('GET', path)).body;
    deepStrictEqual([after.consumed, after.scoped.rateLimit], [limit, { requests: rateLimit, windowMs: 600_000 }]);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`worker ${index}: ${error.stack ?? error}`);
    process.exit(1);
  },
);
