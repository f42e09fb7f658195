// The bytes a real search answer has, taken from the mock when it is there.
import { BENCH_KEY, benchKeySettings, exampleSearchAnswer, searchRequest } from './fixtures.mjs';
import { loadMock } from './project.mjs';

/**
 * The mock's own answer to the bench search (realistic size and shape), or the
 * contract's example when the mock cannot answer yet. Says which it used.
 */
export async function cannedSearchAnswer(request = searchRequest()) {
  try {
    const { createFlightSearchMock } = await loadMock();
    const mock = createFlightSearchMock({ keys: [benchKeySettings()], latency: 'none' });
    const res = await mock.handle(
      new Request('http://127.0.0.1/flights/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': BENCH_KEY },
        body: JSON.stringify(request),
      }),
    );
    if (res?.status === 200) {
      return {
        body: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('content-type'),
        source: "the mock's answer to the bench search",
      };
    }
  } catch {
    // fall through to the contract's example
  }
  return {
    body: exampleSearchAnswer(),
    contentType: 'application/vnd.service.v1+json',
    source: "the contract's RAW example (the mock could not answer)",
  };
}
