import { describe, expect, it } from 'vitest';
import { createFlightSearchMock } from '../../src/index.js';
import { control, runCli, startCli, tempFile } from './cli-process.js';
import { KEY } from './helpers.js';

type Issues = { error: { code: string; details: { errors: { field: string; type: string; message: string }[] } } };

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

const quota = (url: string, key = KEY) => fetch(`${url}/quota`, { headers: { 'x-api-key': key } });

describe('one option checker for the JavaScript API, the control API, the CLI and --config (issue 17 item 1)', {
  timeout: 60_000,
}, () => {
  it('refuses an unknown behaviour field and a provider status outside 400-599 with the same message from setProgramBehavior and PUT /__mock/programs', async () => {
    const mock = createFlightSearchMock();
    const typo = thrown(() => mock.setProgramBehavior('PROGRAM_1', { latncyMs: 5 } as never));
    expect(typo).toBeInstanceOf(TypeError);
    expect(typo.message).toBe(
      'setProgramBehavior: `behavior.latncyMs` is not a known field; expected latencyMs, fail, hang.',
    );
    const redirect = thrown(() => mock.setProgramBehavior('PROGRAM_1', { fail: { status: 302 } }));
    expect(redirect.message).toBe(
      'setProgramBehavior: `behavior.fail.status` must be an HTTP error status from 400 to 599.',
    );
    expect(mock.getProgramBehavior('PROGRAM_1')).toBeNull();

    const { url } = await startCli(['--control', '--quiet']);
    const refusedTypo = await control(url, 'PUT', '/programs/PROGRAM_1', { latncyMs: 5 });
    expect(refusedTypo.status).toBe(422);
    expect(((await refusedTypo.json()) as Issues).error.details.errors).toEqual([
      {
        field: 'body.latncyMs',
        type: 'invalid_enum',
        message: 'is not a known field; expected latencyMs, fail, hang.',
      },
    ]);
    const refusedStatus = await control(url, 'PUT', '/programs/PROGRAM_1', { fail: { status: 302 } });
    expect(((await refusedStatus.json()) as Issues).error.details.errors).toEqual([
      { field: 'body.fail.status', type: 'out_of_range', message: 'must be an HTTP error status from 400 to 599.' },
    ]);
    // Nothing was half-applied.
    expect(await (await control(url, 'GET', '/programs/PROGRAM_1')).json()).toEqual({
      program: 'PROGRAM_1',
      behavior: null,
    });
  });

  it('RATE-1: configure() and PUT /__mock/config set a rate limit and a fixed clock, read back by state(), with the same refusals', async () => {
    const mock = createFlightSearchMock();
    mock.configure({ rateLimit: { requests: 1, windowMs: 60_000 }, clock: { at: '2026-11-01T00:00:00Z' } });
    const ask = () => mock.handle(new Request('https://api.example.com/quota', { headers: { 'x-api-key': KEY } }));
    expect((await ask())!.status).toBe(200);
    const limited = (await ask())!;
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(mock.requests()[0]!.receivedAt).toBe(Date.parse('2026-11-01T00:00:00Z'));
    expect(mock.state().options).toMatchObject({
      rateLimit: { requests: 1, windowMs: 60_000 },
      clock: { at: '2026-11-01T00:00:00Z' },
    });
    const jsRefusal = thrown(() => mock.configure({ rateLimit: { requests: 0, windowMs: 1000 }, seeed: 2 } as never));
    expect(jsRefusal.message).toBe(
      'configure: option `seeed` is not a known field; expected keys, seed, providerTimeoutMs, latency, clock, historyCap, requestLogCap, requestLogMaxBytes, rateLimit, unknownFields, stubs, stubsCap, stubBytes, stubsBytes, keyStateBytes, unmatched, now. option `rateLimit.requests` must be an integer >= 1.',
    );
    // Refused as a whole: the rate limit set before is still in force.
    expect(mock.state().options.rateLimit).toEqual({ requests: 1, windowMs: 60_000 });

    const { url } = await startCli(['--control', '--quiet']);
    expect(
      (
        await control(url, 'PUT', '/config', {
          rateLimit: { requests: 1, windowMs: 60_000 },
          clock: { at: '2026-11-01T00:00:00Z' },
        })
      ).status,
    ).toBe(204);
    expect((await quota(url)).status).toBe(200);
    const overHttp = await quota(url);
    expect(overHttp.status).toBe(429);
    expect(overHttp.headers.get('retry-after')).toBe('60');
    const state = (await (await control(url, 'GET', '/state')).json()) as { options: unknown; now: number };
    expect(state.options).toMatchObject({
      rateLimit: { requests: 1, windowMs: 60_000 },
      clock: { at: '2026-11-01T00:00:00Z' },
    });
    expect(state.now).toBe(Date.parse('2026-11-01T00:00:00Z'));
    const refused = await control(url, 'PUT', '/config', { rateLimit: { requests: 0, windowMs: 1000 }, seeed: 2 });
    expect(refused.status).toBe(422);
    const issues = ((await refused.json()) as Issues).error.details.errors;
    expect(issues.map((issue) => `option \`${issue.field.replace(/^body\./, '')}\` ${issue.message}`).join(' ')).toBe(
      jsRefusal.message.replace(/^configure: /, ''),
    );
    // rateLimit: null turns it off (and, as every configure, starts from a fresh state: D58).
    expect((await control(url, 'PUT', '/config', { rateLimit: null })).status).toBe(204);
    expect((await quota(url)).status).toBe(200);
    expect((await quota(url)).status).toBe(200);
    // The request log's caps too: one request kept, in JavaScript and over HTTP.
    expect((await control(url, 'PUT', '/config', { requestLogCap: 1, requestLogMaxBytes: 100_000 })).status).toBe(204);
    await quota(url);
    await quota(url);
    const kept = ((await (await control(url, 'GET', '/requests')).json()) as { requests: { id: number }[] }).requests;
    expect(kept.map((entry) => entry.id)).toEqual([2]);
    mock.configure({ requestLogCap: 1 });
    await ask();
    await ask();
    expect(mock.requests().map((entry) => entry.id)).toEqual([2]);
    expect(thrown(() => mock.configure('everything' as never)).message).toBe(
      'configure: option `options` must be an object.',
    );
  });

  it('--config FILE is checked like the options, with the JavaScript message; flags win over it', async () => {
    const jsMessage = thrown(() => createFlightSearchMock({ rateLimit: { requests: 0, windowMs: 1000 } })).message;
    expect(jsMessage).toBe('createFlightSearchMock: option `rateLimit.requests` must be an integer >= 1.');
    const bad = tempFile('mock.json', JSON.stringify({ rateLimit: { requests: 0, windowMs: 1000 } }));
    const refused = runCli(['--config', bad]);
    expect(await refused.exit).toBe(2);
    expect(refused.stderr()).toContain(`--config ${bad}: ${jsMessage.replace(/^createFlightSearchMock: /, '')}`);

    const unknown = tempFile(
      'mock.json',
      JSON.stringify({ latncy: 'none', keys: [{ key: 'sk-live-config-secret', limit: 5, products: ['lunch'] }] }),
    );
    const refusedUnknown = runCli(['--config', unknown]);
    expect(await refusedUnknown.exit).toBe(2);
    expect(refusedUnknown.stderr()).toContain('option `latncy` is not a known field');
    expect(refusedUnknown.stderr()).toContain("option `keys[0].products` must be an array of 'search' and 'history'.");
    expect(refusedUnknown.stderr()).not.toContain('sk-live-config-secret');

    const good = tempFile(
      'mock.json',
      JSON.stringify({
        keys: [{ key: 'sk-live-config-secret', limit: 5, products: ['search'] }],
        seed: 7,
        rateLimit: { requests: 50, windowMs: 1000 },
        clock: { offsetMs: -86_400_000 },
        requestLogCap: 3,
        historyCap: 10,
        providerTimeoutMs: 5000,
        latency: 'none',
      }),
    );
    const { url } = await startCli([
      '--config',
      good,
      '--control',
      '--quiet',
      '--rate-limit',
      '2',
      '--rate-limit-window-ms',
      '30000',
    ]);
    const state = (await (await control(url, 'GET', '/state')).json()) as {
      options: Record<string, unknown>;
      keys: { key: string; limit: number }[];
      now: number;
    };
    expect(state.options).toMatchObject({
      seed: 7,
      rateLimit: { requests: 2, windowMs: 30_000 },
      clock: { offsetMs: -86_400_000 },
      requestLogCap: 3,
      historyCap: 10,
      providerTimeoutMs: 5000,
    });
    expect(Math.abs(state.now - (Date.now() - 86_400_000))).toBeLessThan(60_000);
    expect(state.keys).toHaveLength(1);
    expect(state.keys[0]!.limit).toBe(5);
    expect(JSON.stringify(state)).not.toContain('sk-live-config-secret');
    expect((await quota(url, 'sk-live-config-secret')).status).toBe(200);
    expect((await quota(url, 'sk-live-config-secret')).status).toBe(200);
    expect((await quota(url, 'sk-live-config-secret')).status).toBe(429);
  });

  it('--now fixes the clock, --clock-offset-ms shifts it, and a --now that is no date is refused with the checker message', async () => {
    const { url } = await startCli(['--control', '--quiet', '--now', '2026-10-01T12:00:00Z']);
    await quota(url);
    const [entry] = ((await (await control(url, 'GET', '/requests')).json()) as { requests: { receivedAt: number }[] })
      .requests;
    expect(entry!.receivedAt).toBe(Date.parse('2026-10-01T12:00:00Z'));
    const refused = runCli(['--now', 'yesterday']);
    expect(await refused.exit).toBe(2);
    expect(refused.stderr()).toContain(
      'option `clock.at` must be an ISO 8601 date-time (2026-11-01T00:00:00Z) or epoch milliseconds.',
    );
    const both = runCli(['--now', '2026-10-01T12:00:00Z', '--clock-offset-ms', '5']);
    expect(await both.exit).toBe(2);
  });

  it('--help lists every option the Node API has', async () => {
    const cli = runCli(['--help']);
    expect(await cli.exit).toBe(0);
    for (const flag of [
      '--config',
      '--keys',
      '--seed',
      '--latency',
      '--provider-timeout-ms',
      '--rate-limit',
      '--rate-limit-window-ms',
      '--now',
      '--clock-offset-ms',
      '--history-cap',
      '--request-log-cap',
      '--request-log-max-bytes',
      '--ready-file',
      '--log-format',
      'proxy',
      '--target',
      '--record',
      '--fail-on-violation',
      '--upstream-timeout-ms',
      '--forward-control',
    ]) {
      expect(cli.stdout()).toContain(flag);
    }
  });

  it('a --config file (and the JavaScript API) may leave out rateLimit.windowMs: it takes the flag default, 1000 ms (issue 30 item 7)', async () => {
    expect(createFlightSearchMock({ rateLimit: { requests: 5 } }).state().options.rateLimit).toEqual({
      requests: 5,
      windowMs: 1000,
    });
    const file = tempFile('mock.json', JSON.stringify({ rateLimit: { requests: 1 } }));
    const { url } = await startCli(['--config', file, '--control', '--quiet']);
    const state = (await (await control(url, 'GET', '/state')).json()) as { options: { rateLimit: unknown } };
    expect(state.options.rateLimit).toEqual({ requests: 1, windowMs: 1000 });
    expect((await quota(url)).status).toBe(200);
    const limited = await quota(url);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('a new option is one row of the table: unknownFields is checked, defaulted, configured, flagged and read back everywhere (issue 26 item 1)', async () => {
    const mock = createFlightSearchMock();
    expect(mock.state().options.unknownFields).toBe('warn');
    expect(thrown(() => createFlightSearchMock({ unknownFields: 'loud' as never })).message).toBe(
      "createFlightSearchMock: option `unknownFields` must be 'warn' or 'refuse'.",
    );
    // Its row says a change needs no reset: the request log is kept.
    await mock.handle(new Request('https://api.example.com/quota', { headers: { 'x-api-key': KEY } }));
    mock.configure({ unknownFields: 'refuse' });
    expect(mock.state().options.unknownFields).toBe('refuse');
    expect(mock.requests()).toHaveLength(1);

    const file = tempFile('mock.json', JSON.stringify({ unknownFields: 'refuse' }));
    const fromFile = await startCli(['--config', file, '--control', '--quiet']);
    expect(
      ((await (await control(fromFile.url, 'GET', '/state')).json()) as { options: { unknownFields: string } }).options
        .unknownFields,
    ).toBe('refuse');
    const { url } = await startCli(['--unknown-fields', 'refuse', '--control', '--quiet']);
    expect(
      ((await (await control(url, 'GET', '/state')).json()) as { options: { unknownFields: string } }).options
        .unknownFields,
    ).toBe('refuse');
    expect((await control(url, 'PUT', '/config', { unknownFields: 'warn' })).status).toBe(204);
    expect(
      ((await (await control(url, 'GET', '/state')).json()) as { options: { unknownFields: string } }).options
        .unknownFields,
    ).toBe('warn');
    const refused = runCli(['--unknown-fields', 'loud']);
    expect(await refused.exit).toBe(2);
    expect(refused.stderr()).toContain('--unknown-fields must be "warn" or "refuse", got "loud".');
    const help = runCli(['--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdout()).toContain('--unknown-fields warn|refuse');
  });
});
