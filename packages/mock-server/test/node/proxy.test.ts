import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createFlightSearchClient } from '@flight-search/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startContractProxy } from '../../src/contract-proxy/server.js';
import { checkedByTheCaller, notTheService } from '../support/contract-hook.js';
import { runCli, startCli, tempDir, type Cli } from './cli-process.js';
import { KEY, searchBody, startTestServer } from './helpers.js';

const SECRET = 'sk-live-proxy-9a8b7c6d5e';
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function startProxy(target: string, extra: string[] = []): Promise<{ cli: Cli; url: string; record: string }> {
  const dir = tempDir();
  const ready = join(dir, 'ready.json');
  const record = join(dir, 'exchanges.jsonl');
  const cli = runCli(['proxy', '--target', target, '--port', '0', '--ready-file', ready, '--record', record, ...extra]);
  const deadline = Date.now() + 20_000;
  while (!existsSync(ready)) {
    if (cli.child.exitCode !== null) throw new Error(`the proxy exited with ${cli.child.exitCode}: ${cli.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ready file; stderr: ${cli.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { cli, url: (JSON.parse(readFileSync(ready, 'utf8')) as { url: string }).url, record };
}

/** A service that breaks openapi.yaml in several ways, one per request. */
async function wrongService(): Promise<string> {
  const server = notTheService(
    createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && path === '/quota' && req.headers['x-api-key'] === 'rate-limited') {
        // 429 without Retry-After.
        res
          .writeHead(429, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', correlationId: 'c' } }));
      } else if (req.method === 'GET' && path === '/quota') {
        // limit as a string, remaining and usageByCompany missing.
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ limit: '1000', consumed: 0 }));
      } else if (req.method === 'POST' && path === '/flights/search') {
        req.resume();
        // A status the contract does not declare.
        req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end('{}'));
      } else {
        // A media type the contract does not declare.
        res.writeHead(200, { 'content-type': 'text/plain' }).end('records');
      }
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const HISTORY = {
  origin: 'GRU',
  destination: 'JFK',
  cabinType: 'ECONOMY',
  airlineLoyalty: ['PROGRAM_1'],
  lookbackDays: 7,
} as const;

describe('flight-search-mock proxy checks the contract of a real service (issue 17 item 5)', {
  timeout: 60_000,
}, () => {
  it('reports no violation with the mock as the target, and records the exchanges with keys redacted', async () => {
    const mock = await startCli(['--control', '--quiet']);
    await fetch(`${mock.url}/__mock/keys/${SECRET}`, { method: 'PUT', body: '{"limit":10}' });
    const { cli, url, record } = await startProxy(mock.url, ['--fail-on-violation']);
    const sdk = createFlightSearchClient({ apiKey: SECRET, baseUrl: url });
    await expect(sdk.getQuota()).resolves.toMatchObject({ limit: 10 });
    await expect(sdk.searchFlights(searchBody('PROGRAM_1'))).resolves.toBeDefined();
    await expect(
      sdk.searchFlights(searchBody('PROGRAM_2', { tripType: 'ROUND_TRIP', returnDate: '2026-12-20' })),
    ).resolves.toBeDefined();
    await expect(sdk.getPriceHistory(HISTORY as never)).resolves.toBeDefined();
    // Error answers are in the contract too: an unknown key (AUTH-2) and a missing product (AUTH-3).
    expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': 'nobody-here' } })).status).toBe(404);
    expect(
      (
        await fetch(
          `${url}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1&lookbackDays=7`,
          {
            headers: { 'x-api-key': 'search-only-key' },
          },
        )
      ).status,
    ).toBe(403);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    process.stdout.write(`\n--- proxy report, the mock as target ---\n${cli.stdout()}${cli.stderr()}--- end ---\n`);
    expect(cli.stderr()).not.toContain('contract violation');
    expect(cli.stdout()).toContain('contract summary: 6 exchanges, 0 violations, 0 unanswered');
    const exchanges = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { request: { headers: Record<string, string> }; response: { status: number } },
      );
    expect(exchanges.map((exchange) => exchange.response.status)).toEqual([200, 200, 200, 200, 404, 403]);
    expect(exchanges[0]!.request.headers['x-api-key']).toBe('[redacted]');
    expect(readFileSync(record, 'utf8')).not.toContain(SECRET);
  });

  it('reports each violation of a wrong target as it happens, sums them up on exit, and exits 1 with --fail-on-violation', async () => {
    const target = await wrongService();
    const { cli, url } = await startProxy(target, ['--fail-on-violation']);
    const headers = { 'x-api-key': KEY };
    expect((await fetch(`${url}/quota`, { headers })).status).toBe(200);
    expect((await fetch(`${url}/quota`, { headers: { 'x-api-key': 'rate-limited' } })).status).toBe(429);
    expect(
      (
        await fetch(`${url}/flights/search`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ ...searchBody(), cabinType: 'LOUNGE' }),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await fetch(
          `${url}/intelligence/flights/history?origin=GRU&destination=JFK&cabinType=ECONOMY&airlineLoyalty=PROGRAM_1`,
          { headers },
        )
      ).status,
    ).toBe(200);
    expect((await fetch(`${url}/flights/unknown`)).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(1);
    process.stdout.write(`\n--- proxy report, a wrong target ---\n${cli.stdout()}${cli.stderr()}--- end ---\n`);
    const lines = cli
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('contract violation: '));
    const expected = [
      'getQuota (GET /quota) response $.limit: expected an integer',
      'getQuota (GET /quota) response $: expected property "remaining" (required)',
      'getQuota (GET /quota) response $: expected property "usageByCompany" (required)',
      'getQuota (GET /quota) response header.retry-after: expected present',
      'searchFlights (POST /flights/search) request $.cabinType: expected one of ECONOMY, BUSINESS',
      'searchFlights (POST /flights/search) response status: expected one of the declared statuses',
      'getPriceHistory (GET /intelligence/flights/history) request query.lookbackDays: expected present (required)',
      'getPriceHistory (GET /intelligence/flights/history) response header.content-type: expected one of application/vnd.service.v1+json, application/json, got "text/plain"',
    ];
    for (const line of expected)
      expect(
        lines.some((reported) => reported.includes(line)),
        line,
      ).toBe(true);
    expect(
      lines.some((reported) =>
        reported.startsWith(
          'contract violation: GET /flights/unknown request operation: expected one of the operations of openapi.yaml',
        ),
      ),
    ).toBe(true);
    expect(cli.stdout()).toMatch(/contract summary: 5 exchanges, \d+ violations, 0 unanswered/);
    const total = Number(/(\d+) violations/.exec(cli.stdout())![1]);
    expect(total).toBe(lines.length);
    expect(cli.stdout()).toContain('getQuota (GET /quota): ');
    expect(cli.stderr()).not.toContain(KEY);
  });

  it('answers 504 for a target that stalls and 502 for one whose answer is too large, counting both as unanswered', async () => {
    const hostile = notTheService(
      createServer((req, res) => {
        if (req.url === '/quota') return; // never answers
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ padding: 'x'.repeat(5000) }));
      }),
    );
    servers.push(hostile);
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    const proxy = await startContractProxy({ target, timeoutMs: 200, answerLimit: 1000 });
    try {
      // 502 and 504 are the proxy's own answers, outside openapi.yaml on purpose.
      const [stalled, large] = await checkedByTheCaller(async () => [
        await fetch(`${proxy.url}/quota`, { headers: { 'x-api-key': KEY } }),
        await fetch(`${proxy.url}/intelligence/flights/history?origin=GRU`, { headers: { 'x-api-key': KEY } }),
      ]);
      expect(stalled!.status).toBe(504);
      expect(await stalled!.json()).toMatchObject({
        error: { code: 'GATEWAY_TIMEOUT', message: 'The target did not answer within 200 ms.' },
      });
      expect(large!.status).toBe(502);
      expect(await large!.json()).toMatchObject({
        error: { code: 'BAD_GATEWAY', message: "The target's answer exceeds 1000 bytes." },
      });
      expect(proxy.summary()).toMatchObject({ exchanges: 2, unanswered: 2 });
    } finally {
      hostile.closeAllConnections();
      await proxy.close();
    }
  });
});

/** One request sent as given (its own `Host` too, which fetch does not let a caller set), read whole. */
function send(
  url: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A target that never answers: the proxy's time-out is what ends a request. */
async function stallingService(): Promise<string> {
  const server = notTheService(createServer(() => undefined));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

type Recorded = { request: { method: string; path: string; query: string }; violations: { operation: string }[] };
const recorded = (file: string): Recorded[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Recorded);

describe('the contract proxy behind the same doors as the server (issue 25)', { timeout: 60_000 }, () => {
  it('answers only requests addressed to one of its own names, as the control API does: a rebound Host gets 403 (D85)', async () => {
    const mock = await startTestServer({ control: true });
    const proxy = await startContractProxy({ target: mock.url, forwardControl: true });
    try {
      const { port } = new URL(proxy.url);
      await checkedByTheCaller(async () => {
        for (const path of ['/__mock/state', '/__mock/requests', '/quota']) {
          const refused = await send(proxy.url, path, { headers: { host: 'evil.example', 'x-api-key': KEY } });
          expect(refused.status, path).toBe(403);
          const { error } = JSON.parse(refused.text) as { error: { code: string; message: string } };
          expect(error.code).toBe('FORBIDDEN');
          expect(error.message).toContain('Host "evil.example"');
          expect(error.message).toContain('--allowed-host');
        }
        // The same name on another port is another site (the port is part of the check, as for the control API).
        expect(
          (await send(proxy.url, '/__mock/state', { headers: { host: `localhost:${Number(port) + 1}` } })).status,
        ).toBe(403);
      });
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
        expect((await send(proxy.url, '/quota', { headers: { host, 'x-api-key': KEY } })).status, host).toBe(200);
        expect((await send(proxy.url, '/__mock/state', { headers: { host } })).status, host).toBe(200);
      }
      // Origin is forwarded as sent: the mock's own --control-origin check still refuses another site's page.
      const page = await send(proxy.url, '/__mock/state', {
        headers: { host: `localhost:${port}`, origin: 'https://evil.example' },
      });
      expect(page.status).toBe(403);
      expect(page.text).toContain('https://evil.example');
      // Refused requests are not exchanges: nothing was forwarded or checked.
      expect(proxy.summary()).toMatchObject({ exchanges: 5, unanswered: 0 });
    } finally {
      await proxy.close();
    }
  });

  it("does not forward the mock's control routes (/__mock) unless forwardControl is set, whatever the path's spelling (D85)", async () => {
    const mock = await startTestServer({ control: true });
    const proxy = await startContractProxy({ target: mock.url });
    try {
      await checkedByTheCaller(async () => {
        for (const path of ['/__mock/state', '/__mock', '/quota/../__mock/state', '/quota/%2e%2e/__mock/state']) {
          const refused = await send(proxy.url, path);
          expect(refused.status, path).toBe(403);
          const { error } = JSON.parse(refused.text) as { error: { code: string; message: string } };
          expect(error).toMatchObject({ code: 'FORBIDDEN' });
          expect(error.message).toContain('--forward-control');
        }
        expect(
          (await send(proxy.url, '/__mock/keys/made-through-the-proxy', { method: 'PUT', body: '{"limit":5}' })).status,
        ).toBe(403);
      });
      // Not forwarded: the mock never saw the PUT.
      expect(mock.mock.getKey('made-through-the-proxy')).toBeUndefined();
      expect((await fetch(`${proxy.url}/quota`, { headers: { 'x-api-key': KEY } })).status).toBe(200);
      expect(proxy.summary()).toMatchObject({ exchanges: 1 });
    } finally {
      await proxy.close();
    }
  });

  it('with --allowed-host and --forward-control answers that name and forwards the control API; an invalid --allowed-host is exit 2 (D85)', async () => {
    const mock = await startTestServer({ control: true });
    const { cli, url } = await startProxy(mock.url, ['--allowed-host', 'proxy.test', '--forward-control']);
    const { port } = new URL(url);
    const state = await send(url, '/__mock/state', { headers: { host: `proxy.test:${port}` } });
    expect(state.status).toBe(200);
    expect(JSON.parse(state.text)).toHaveProperty('keys');
    expect((await send(url, '/__mock/state', { headers: { host: `evil.example:${port}` } })).status).toBe(403);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);

    const refused = runCli(['proxy', '--target', mock.url, '--port', '0', '--allowed-host', 'http://proxy.test']);
    expect(await refused.exit).toBe(2);
    expect(refused.stderr()).toMatch(/--allowed-host must be a host name .*"http:\/\/proxy\.test"/);
  });

  it('never writes a key: the violation line, the recorded operation, path and query are redacted by the one rule (redactPath, D86)', async () => {
    const mock = await startTestServer({ control: true });
    const record = join(tempDir(), 'exchanges.jsonl');
    const seen: { operation: string }[] = [];
    const proxy = await startContractProxy({
      target: mock.url,
      forwardControl: true,
      record,
      onViolation: (violation) => seen.push(violation),
    });
    try {
      expect((await fetch(`${proxy.url}/__mock/keys/${SECRET}`, { method: 'PUT', body: '{"limit":5}' })).status).toBe(
        204,
      );
      expect((await fetch(`${proxy.url}/__mock/requests?key=${SECRET}&method=GET`)).status).toBe(200);
      expect(
        (
          await fetch(`${proxy.url}/quota?api_key=${SECRET}`, {
            headers: { 'x-api-key': KEY, 'x-goog-api-key': SECRET },
          })
        ).status,
      ).toBe(200);
    } finally {
      await proxy.close();
    }
    expect(seen.map((violation) => violation.operation)).toEqual([
      'PUT /__mock/keys/[redacted]',
      'GET /__mock/requests',
    ]);
    const entries = recorded(record);
    expect(entries.map((entry) => [entry.request.path, entry.request.query])).toEqual([
      ['/__mock/keys/[redacted]', ''],
      ['/__mock/requests', '?key=[redacted]&method=GET'],
      ['/quota', '?api_key=[redacted]'],
    ]);
    expect(entries[0]!.violations.map((violation) => violation.operation)).toEqual(['PUT /__mock/keys/[redacted]']);
    expect(readFileSync(record, 'utf8')).not.toContain(SECRET);
    expect(readFileSync(record, 'utf8')).not.toContain(SECRET.slice(0, 12));
  });

  it('prints no key on stderr: a violation of PUT /__mock/keys/{key} names the path redacted, in text and in JSON', async () => {
    const mock = await startTestServer({ control: true });
    for (const format of ['text', 'json']) {
      const { cli, url } = await startProxy(mock.url, ['--forward-control', '--log-format', format]);
      expect((await fetch(`${url}/__mock/keys/${SECRET}`, { method: 'PUT', body: '{"limit":5}' })).status).toBe(204);
      cli.child.kill('SIGTERM');
      await cli.exit;
      expect(cli.stderr(), format).toContain('PUT /__mock/keys/[redacted]');
      expect(cli.stderr() + cli.stdout(), format).not.toContain(SECRET);
    }
  });

  it('forwards every Set-Cookie line of an answer as received, not only the last', async () => {
    const cookies = notTheService(
      createServer((_req, res) => {
        res.writeHead(200, [
          ['content-type', 'application/json'],
          ['set-cookie', 'a=1; Path=/'],
          ['set-cookie', 'b=2; Path=/; HttpOnly'],
          ['set-cookie', 'c=3'],
        ]);
        res.end('{}');
      }),
    );
    servers.push(cookies);
    await new Promise<void>((resolve) => cookies.listen(0, '127.0.0.1', resolve));
    const proxy = await startContractProxy({ target: `http://127.0.0.1:${(cookies.address() as AddressInfo).port}` });
    try {
      const answer = await checkedByTheCaller(() => send(proxy.url, '/quota', { headers: { 'x-api-key': KEY } }));
      expect(answer.status).toBe(200);
      expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly', 'c=3']);
      expect(answer.headers['content-type']).toBe('application/json');
    } finally {
      await proxy.close();
    }
  });

  it('served through the one node bridge: an absolute-form target naming another host is 403, an oversized body 413 with Connection: close, HEAD has no body', async () => {
    const mock = await startTestServer();
    const proxy = await startContractProxy({ target: mock.url, bodyLimit: 100 });
    try {
      const { port } = new URL(proxy.url);
      await checkedByTheCaller(async () => {
        // RFC 9112 3.2.2: the target's authority, not the Host header, says where it was sent (D85).
        const rebound = await send(proxy.url, `http://evil.example:${port}/quota`, {
          headers: { host: `localhost:${port}`, 'x-api-key': KEY },
        });
        expect(rebound.status).toBe(403);
        expect((JSON.parse(rebound.text) as { error: { message: string } }).error.message).toContain(
          'Host "evil.example:',
        );
        const tooLarge = await send(proxy.url, '/flights/search', {
          method: 'POST',
          headers: { 'x-api-key': KEY },
          body: 'x'.repeat(200),
        });
        expect(tooLarge.status).toBe(413);
        expect(tooLarge.headers.connection).toBe('close');
      });
      const head = await send(proxy.url, '/openapi.yaml', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(proxy.summary()).toMatchObject({ exchanges: 1, unanswered: 0 });
    } finally {
      await proxy.close();
    }
  });

  it('--upstream-timeout-ms sets how long the target may take (504 after it), and a value that is no time-out is exit 2', async () => {
    const target = await stallingService();
    const { cli, url } = await startProxy(target, ['--upstream-timeout-ms', '300']);
    const started = Date.now();
    const answer = await send(url, '/quota', { headers: { 'x-api-key': KEY } });
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.text)).toMatchObject({
      error: { code: 'GATEWAY_TIMEOUT', message: 'The target did not answer within 300 ms.' },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    const values = ['0', '1.5', 'soon', '-5', '2147483648'];
    const refused = values.map((value) => runCli(['proxy', '--target', target, `--upstream-timeout-ms=${value}`]));
    for (const [index, cli] of refused.entries()) {
      const value = values[index]!;
      expect(await cli.exit, value).toBe(2);
      expect(cli.stderr(), value).toContain(
        `--upstream-timeout-ms must be an integer from 1 to 2147483647, got ${JSON.stringify(value)}.`,
      );
    }
  });
});
