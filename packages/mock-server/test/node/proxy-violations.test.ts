import { describe, expect, it } from 'vitest';
import { startContractProxy } from '../../src/contract-proxy/server.js';
import { checkedByTheCaller } from '../support/contract-hook.js';
import { KEY, searchBody, startTestServer } from './helpers.js';

// Issue 39 item 2: a request with a hundred thousand violations. The proxy keeps the first ones and says
// how many more there were; its header is built once; without the header the exchange passes through (D62).
const many = () =>
  JSON.stringify({ ...searchBody(), airlineLoyalty: Array.from({ length: 150_000 }, (_, index) => index + 1_000_000) });

describe('the contract proxy under many violations (issue 39 item 2)', () => {
  for (const violationsHeader of [true, false])
    it(`${violationsHeader ? 'with' : 'without'} the violations header, a 1 MB request of 150 000 violations passes through to the mock's own answer`, async () => {
      const mock = await startTestServer({ bodyLimit: 2_000_000 });
      const seen: unknown[] = [];
      const proxy = await startContractProxy({
        target: mock.url,
        bodyLimit: 2_000_000,
        violationsHeader,
        onViolation: (violation) => seen.push(violation),
      });
      try {
        const body = many();
        expect(body.length).toBeGreaterThan(1_000_000);
        const answer = await checkedByTheCaller(() =>
          fetch(`${proxy.url}/flights/search`, {
            method: 'POST',
            headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
            body,
          }),
        );
        expect(answer.status).toBe(422);
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
        const header = answer.headers.get('x-contract-violations');
        if (violationsHeader) {
          const listed = JSON.parse(header!) as { expected: string }[];
          expect(listed.length).toBeGreaterThan(1);
          expect(header!.length).toBeLessThanOrEqual(8 * 1024);
        } else expect(header).toBeNull();
        expect(seen.length).toBeLessThanOrEqual(101);
        expect(JSON.stringify(seen.at(-1))).toMatch(/and \d+ more violations/);
      } finally {
        await proxy.close();
      }
    }, 60_000);
});
