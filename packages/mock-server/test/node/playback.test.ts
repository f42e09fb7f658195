import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startContractProxy } from '../../src/contract-proxy/server.js';
import { runCli, startCli, tempDir, tempFile } from './cli-process.js';
import { KEY, postSearch, searchBody, startTestServer } from './helpers.js';

type Envelope = { error: { code: string; message: string } };

/** Records quota, a search, quota again through the contract proxy in front of a real mock: the record file. */
async function recordExchanges(): Promise<{ file: string; search: unknown }> {
  const mock = await startTestServer();
  const file = join(tempDir(), 'exchanges.jsonl');
  const proxy = await startContractProxy({ target: mock.url, port: 0, record: file });
  try {
    const headers = { 'x-api-key': KEY };
    expect((await (await fetch(`${proxy.url}/quota`, { headers })).json()) as object).toMatchObject({ consumed: 0 });
    const search = await (await postSearch(proxy.url, searchBody())).json();
    expect((await (await fetch(`${proxy.url}/quota`, { headers })).json()) as object).toMatchObject({ consumed: 1 });
    return { file, search };
  } finally {
    await proxy.close();
  }
}

describe('flight-search-mock --playback: a proxy record answered again, built on stubs (issue 30 item 5)', {
  timeout: 60_000,
}, () => {
  it('answers each recorded request with its recorded answer, repeated ones in order; with --unmatched not-found the rest is a 404', async () => {
    const { file, search } = await recordExchanges();
    const { url } = await startCli(['--playback', file, '--unmatched', 'not-found', '--quiet', '--control']);
    // Another key than the recorded one (which the record redacts): the key is not compared.
    const headers = { 'x-api-key': 'search-only-key' };
    const consumed = async () => {
      const answer = await fetch(`${url}/quota`, { headers });
      return answer.status === 200 ? ((await answer.json()) as { consumed: number }).consumed : answer.status;
    };
    expect([await consumed(), await consumed(), await consumed()]).toEqual([0, 1, 404]);
    expect(await (await postSearch(url, searchBody(), { key: 'search-only-key' })).json()).toEqual(search);
    const other = await postSearch(url, searchBody('PROGRAM_2'));
    expect(other.status).toBe(404);
    expect(((await other.json()) as Envelope).error.message).toBe(
      'No stub matches POST /flights/search: the nearest, stub-2, differs in body.airlineLoyalty, times.',
    );
    const stubs = (await (await fetch(`${url}/__mock/stubs`)).json()) as {
      stubs: { hits: number; remaining: number }[];
    };
    expect(stubs.stubs.map((stub) => [stub.hits, stub.remaining])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
  });

  it("hands what matches nothing to the mock's own rules by default", async () => {
    const { file } = await recordExchanges();
    const { url } = await startCli(['--playback', file, '--quiet']);
    expect((await postSearch(url, searchBody('PROGRAM_2'))).status).toBe(200);
  });

  it('refuses a file that is not a record with exit 2, naming the line', async () => {
    const file = tempFile(
      'bad.jsonl',
      `${JSON.stringify({ request: { method: 'GET', path: '/quota' }, response: { status: 200 } })}\n{"request":\n`,
    );
    const cli = runCli(['--playback', file]);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toContain(`--playback ${file}: line 2 is not JSON`);
    const missing = runCli(['--playback', join(tempDir(), 'none.jsonl')]);
    expect(await missing.exit).toBe(2);
    expect(missing.stderr()).toMatch(/--playback .*none\.jsonl: file not found\./);
    expect(readFileSync(file, 'utf8')).toContain('/quota');
  });
});
