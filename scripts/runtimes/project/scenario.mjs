// The one SDK scenario every runtime row runs (issue 19, part 1): quota, a
// PARSED search, a comparison of three programs streamed with the slow one
// cancelled, a history query and one typed 402 error. Web APIs only (fetch,
// AbortController, Date): it runs unchanged in Node, Bun, Deno, workerd, the
// Edge runtime, a page and a Web Worker. The SDK module is passed in, so a
// CommonJS entry hands over what `require('@flight-search/sdk')` gave it.
//
// The mock must make SLOW_PROGRAM slow first (setProgramBehavior, or
// PUT /__mock/programs/PROGRAM_3 over HTTP): breaking out of the comparison
// then has something in flight to cancel.

/** Made slow so that it is the one cancelled: far slower than the scenario's own time-out. */
export const SLOW_PROGRAM = 'PROGRAM_3';
export const SLOW_BEHAVIOR = { latencyMs: 20_000 };
export const PROGRAMS = ['PROGRAM_1', 'PROGRAM_2', SLOW_PROGRAM];

const fail = (message) => {
  throw new Error(`scenario: ${message}`);
};
const check = (condition, message) => {
  if (!condition) fail(message);
};

/**
 * Runs the scenario against `baseUrl`; resolves to a one-line summary, rejects
 * with an Error naming the first step that went wrong.
 */
export async function runScenario(sdk, { baseUrl }) {
  const client = sdk.createFlightSearchClient({ baseUrl, apiKey: 'test-key', timeoutMs: 15_000 });
  const departureDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const route = {
    tripType: 'ONE_WAY',
    cabinType: 'ECONOMY',
    origin: 'GRU',
    destination: 'JFK',
    departureDate,
    passengers: { adults: 1 },
  };

  // 1. Quota (QUOTA-1): a fresh mock's test-key.
  const quota = await client.getQuota();
  check(
    quota.limit === 1000 && quota.consumed === 0 && quota.remaining === 1000,
    `GET /quota answered ${JSON.stringify(quota)}`,
  );

  // 2. A PARSED search: typed flights with fares.
  const search = await client.searchFlights({ ...route, airlineLoyalty: ['PROGRAM_1'], responseFormat: 'PARSED' });
  const item = search.results[0];
  check(
    item?.success === true && item.flights.length > 0,
    `the PARSED search answered ${JSON.stringify(search).slice(0, 300)}`,
  );
  const fare = item.flights[0].fares[0];
  check(
    typeof fare?.miles === 'number' && typeof fare.totalMoney === 'number',
    `a PARSED fare is ${JSON.stringify(fare)}`,
  );

  // 3. Three programs streamed; breaking out after the two fast ones cancels the slow one.
  const started = Date.now();
  const outcomes = [];
  for await (const outcome of sdk.compareProgramsStreaming(client, {
    ...route,
    responseFormat: 'PARSED',
    programs: PROGRAMS,
  })) {
    outcomes.push(outcome);
    if (outcomes.length === 2) break;
  }
  const compareMs = Date.now() - started;
  const fast = outcomes.map((o) => `${o.program}:${o.kind}:${o.kind === 'result' && o.item.success}`).sort();
  check(
    fast.join() === 'PROGRAM_1:result:true,PROGRAM_2:result:true',
    `the comparison's first two outcomes were ${fast.join()}`,
  );
  check(
    outcomes.every((o) => o.total === 3),
    'an outcome did not count 3 programs',
  );
  // The slow program answers after 20 s: ending well before means its search was aborted, not awaited.
  check(
    compareMs < SLOW_BEHAVIOR.latencyMs / 2,
    `breaking out of the comparison took ${compareMs} ms: ${SLOW_PROGRAM} was awaited, not cancelled`,
  );

  // 4. History (HISTORY-1): the searches above stored records of the route.
  const history = await client.getPriceHistory({
    origin: 'GRU',
    destination: 'JFK',
    cabinType: 'ECONOMY',
    airlineLoyalty: ['PROGRAM_1', 'PROGRAM_2'],
    lookbackDays: 30,
  });
  check(
    Array.isArray(history.flights) && history.flights.length > 0,
    `the history query answered ${JSON.stringify(history).slice(0, 300)}`,
  );

  // 5. A typed error: empty-key has no quota left (QUOTA-2: 402).
  const broke = sdk.createFlightSearchClient({ baseUrl, apiKey: 'empty-key' });
  const error = await broke.searchFlights({ ...route, airlineLoyalty: ['PROGRAM_1'] }).then(
    () => fail('a search with empty-key succeeded'),
    (caught) => caught,
  );
  check(
    error instanceof sdk.QuotaExceededError && error instanceof sdk.FlightSearchError,
    `empty-key's search rejected with ${error?.name}: ${error?.message}`,
  );
  check(
    error.status === 402 && error.remainingUnits === 0,
    `the QuotaExceededError has status ${error.status}, remainingUnits ${error.remainingUnits}`,
  );

  return `quota ${quota.remaining}, ${item.flights.length} flights, compare ended in ${compareMs} ms with ${SLOW_PROGRAM} cancelled, ${history.flights.length} history records, 402 ${error.name}`;
}

/**
 * The mock's record of the slow program's search must say it was aborted:
 * the SDK really cancelled it, on the wire, not only stopped listening.
 * `requests` is what `mock.requests()` or GET /__mock/requests lists.
 */
export function checkCancelled(requests) {
  const slow = requests.filter(
    (r) => r.method === 'POST' && Array.isArray(r.body?.airlineLoyalty) && r.body.airlineLoyalty.includes(SLOW_PROGRAM),
  );
  check(slow.length === 1, `the mock recorded ${slow.length} searches of ${SLOW_PROGRAM}, expected 1`);
  check(
    slow[0].aborted === true && slow[0].status === undefined,
    `the mock's record of the ${SLOW_PROGRAM} search is ${JSON.stringify({ aborted: slow[0].aborted, status: slow[0].status })}, expected aborted without an answer`,
  );
  return 'cancelled search recorded as aborted';
}
