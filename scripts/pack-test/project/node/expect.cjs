// Shared assertions of the Node checks: node/*.mjs load the packages with
// `import`, node/*.cjs with `require`, and both hand what they got to these.
'use strict';
const assert = require('node:assert/strict');
const { readFileSync } = require('node:fs');

const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A ONE_WAY MILES search the service accepts. */
const validRequest = () => ({
  airlineLoyalty: ['PROGRAM_1'],
  tripType: 'ONE_WAY',
  cabinType: 'ECONOMY',
  origin: 'GRU',
  destination: 'JFK',
  departureDate: inDays(60),
  passengers: { adults: 1 },
});

/** `file` must be the package's build for this module system, e.g. dist/index.cjs for require. */
function expectResolved(specifier, file, suffix) {
  assert.ok(
    file.replace(/\\/g, '/').endsWith(suffix),
    `${specifier} resolved to ${file}, expected the file ending in ${suffix} (check the package's "exports" conditions)`,
  );
}

function expectSdk({ createFlightSearchClient, validateSearchRequest, QuotaExceededError }) {
  assert.equal(typeof createFlightSearchClient, 'function', 'createFlightSearchClient is not a function export');
  const client = createFlightSearchClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:4010' });
  for (const method of ['searchFlights', 'getPriceHistory', 'getQuota']) {
    assert.equal(typeof client[method], 'function', `createFlightSearchClient(...).${method} is not a function`);
  }
  assert.throws(
    () => createFlightSearchClient({ apiKey: 'test-key', baseUrl: 'not a url' }),
    TypeError,
    'a bad baseUrl should throw a TypeError',
  );

  assert.deepEqual(validateSearchRequest(validRequest()), [], 'validateSearchRequest(valid request) should return []');
  const issues = validateSearchRequest({
    ...validRequest(),
    airlineLoyalty: ['PROGRAM_8'],
    destination: 'GRU',
    departureDate: '2026-02-30',
  });
  assert.deepEqual(
    issues.map((issue) => issue.field).sort(),
    ['body.airlineLoyalty', 'body.departureDate', 'body.destination'],
    `validateSearchRequest(invalid request) returned ${JSON.stringify(issues)}`,
  );
  assert.equal(typeof QuotaExceededError, 'function', 'QuotaExceededError is not exported');
}

function expectMock({ createFlightSearchMock, DEFAULT_KEYS }) {
  const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com', seed: 1 });
  assert.ok(Array.isArray(mock.handlers), 'createFlightSearchMock().handlers is not an array');
  assert.ok(mock.handlers.length > 0, 'createFlightSearchMock().handlers is empty');
  for (const method of ['handle', 'setProgramBehavior', 'setKey', 'requests', 'reset']) {
    assert.equal(typeof mock[method], 'function', `createFlightSearchMock().${method} is not a function`);
  }
  assert.ok(
    DEFAULT_KEYS.some((key) => key.key === 'test-key'),
    'DEFAULT_KEYS has no test-key',
  );
}

async function expectServer({ startMockServer, createFlightSearchMock }, openApiFile) {
  const text = readFileSync(openApiFile, 'utf8');
  assert.match(text, /^openapi: 3\.1/m, `${openApiFile} (the ./openapi.yaml export) is not the OpenAPI document`);

  const server = await startMockServer({ port: 0, log: false });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/, `startMockServer() gave url ${server.url}`);
    const response = await fetch(`${server.url}/quota`, { headers: { 'x-api-key': 'test-key' } });
    assert.equal(response.status, 200, `GET /quota with test-key answered ${response.status}`);
    const quota = await response.json();
    assert.deepEqual(
      quota,
      { limit: 1000, consumed: 0, remaining: 1000, usageByCompany: [] },
      `GET /quota answered ${JSON.stringify(quota)}`,
    );
    const contract = await fetch(`${server.url}/openapi.yaml`);
    assert.equal(
      contract.status,
      200,
      `GET /openapi.yaml answered ${contract.status} (is openapi.yaml in the package?)`,
    );
    assert.equal(await contract.text(), text, 'GET /openapi.yaml is not the packaged openapi.yaml');
  } finally {
    await server.close();
  }

  // A mock made with the main entry, served by ./node (two separate builds of the package).
  const mock = createFlightSearchMock({ seed: 1 });
  mock.setKey('test-key', { limit: 7 });
  const served = await startMockServer({ port: 0, log: false, mock });
  try {
    const response = await fetch(`${served.url}/quota`, { headers: { 'x-api-key': 'test-key' } });
    const quota = await response.json();
    assert.equal(
      quota.limit,
      7,
      `startMockServer({ mock }) with a main-entry mock answered ${response.status} ${JSON.stringify(quota)}`,
    );
  } finally {
    await served.close();
  }
}

/** The proxy answers a path outside the service's three with its own 404, and the Node adapter is a listener. */
async function expectProxy({ createFlightSearchProxy, PROXY_ERROR_CODES, toNodeHandler }) {
  assert.equal(typeof createFlightSearchProxy, 'function', 'createFlightSearchProxy is a function');
  const proxy = createFlightSearchProxy({ apiKey: 'server-key', baseUrl: 'http://127.0.0.1:9' });
  const response = await proxy(new Request('http://app.test/api/flight-search/admin'));
  assert.equal(response.status, 404, 'a path outside the three operations is a 404');
  assert.equal((await response.json()).error.code, PROXY_ERROR_CODES.NOT_FOUND, "with the proxy's own code");
  assert.equal(typeof toNodeHandler(proxy), 'function', 'toNodeHandler gives a node:http listener');
  assert.throws(
    () => createFlightSearchProxy({ apiKey: 'server-key', baseUrl: '/relative' }),
    TypeError,
    'a relative baseUrl is a TypeError',
  );
}

/** `createRawClient` (`@flight-search/sdk/raw`) is openapi-fetch's client with the SDK's headers: `{ data, error }` results. */
async function expectRaw({ createRawClient }) {
  assert.equal(typeof createRawClient, 'function', 'createRawClient is a function');
  const sent = [];
  const fetch = async (request) => {
    sent.push(request);
    return Response.json({ limit: 7, consumed: 0, remaining: 7, usageByCompany: [] });
  };
  const { data, error } = await createRawClient({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9', fetch }).GET(
    '/quota',
  );
  assert.equal(error, undefined, 'no error on a 200');
  assert.equal(data.remaining, 7, 'data is the parsed answer');
  assert.equal(sent[0].url, 'http://127.0.0.1:9/quota', 'sent to baseUrl');
  assert.equal(sent[0].headers.get('x-api-key'), 'test-key', 'with the key');
  assert.throws(
    () => createRawClient({ apiKey: 'test-key', baseUrl: '/relative' }),
    TypeError,
    'a relative baseUrl is a TypeError',
  );
}

module.exports = { expectResolved, expectSdk, expectMock, expectServer, expectProxy, expectRaw };
