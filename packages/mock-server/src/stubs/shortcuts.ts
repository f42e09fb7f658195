import { PATHS, type ProgramCode } from '@flight-search/contract';
import type { FaultRoute, FaultState, ProgramBehavior, ServiceFault, StubDefinition } from '../types.js';
import { forcedAnswer } from './answers.js';
import { Stub } from './set.js';

/**
 * The shorter ways to make a stub: `setFault`, `setProgramBehavior` and a request's own scenario header.
 * After a test's stubs (5) come the header (50), faults (100 to 103: the key's, then a route's first), programs (200, 201).
 */
const HEADER_PRIORITY = 50;
const FAULT_PRIORITY = 100;
const PROGRAM_PRIORITY = 200;

export const FAULT_ROUTES: readonly FaultRoute[] = ['search', 'history', 'quota', 'all'];
const ROUTE_REQUEST: Record<FaultRoute, Pick<StubDefinition['request'], 'method' | 'path'>> = {
  search: { method: 'POST', path: PATHS.search },
  history: { method: 'GET', path: PATHS.history },
  quota: { method: 'GET', path: PATHS.quota },
  all: { method: { matches: '^(GET|POST)$' }, path: { matches: `^(${Object.values(PATHS).join('|')})$` } },
};

/** `setFault(route, fault, { key })`: a stub named `fault:{route}` in the key's scope or the global one. */
export function faultStub(
  route: FaultRoute,
  { times, fraction, ...fault }: ServiceFault,
  key?: string,
): StubDefinition {
  return {
    name: `fault:${route}`,
    request: { ...ROUTE_REQUEST[route], ...(key !== undefined && { key }) },
    fault,
    priority: FAULT_PRIORITY + (key === undefined ? 2 : 0) + (route === 'all' ? 1 : 0),
    ...(times !== undefined && { times }),
    ...(fraction !== undefined && { fraction }),
  };
}

/** A fault's stub as `faults()` lists it, or `undefined`. */
export function faultState(stub: Stub): FaultState | undefined {
  const { name, fault, times, fraction } = stub.definition;
  const route = name?.startsWith('fault:') ? (name.slice(6) as FaultRoute) : undefined;
  if (route === undefined || !FAULT_ROUTES.includes(route) || fault === undefined) return undefined;
  const set = { ...fault, ...(times !== undefined && { times }), ...(fraction !== undefined && { fraction }) };
  return { route, fault: set, ...(stub.remaining !== undefined && { remaining: stub.remaining }), hits: stub.hits };
}

/** `setProgramBehavior(program, behavior, { key })`: a stub named `program:{program}`. */
export function programStub(program: ProgramCode, behavior: ProgramBehavior, key?: string): StubDefinition {
  return {
    name: `program:${program}`,
    request: {
      method: 'POST',
      path: PATHS.search,
      body: { airlineLoyalty: [program] },
      ...(key !== undefined && { key }),
    },
    provider: behavior,
    priority: PROGRAM_PRIORITY + (key === undefined ? 1 : 0),
  };
}

/** The request header of a one-request scenario (D128). */
const SCENARIO_HEADER = 'x-mock-scenario';
/** The longest scenario header read; a longer one is refused whole. */
const MAX_SCENARIO_LENGTH = 200;

/** The error statuses each operation declares, which `status=` and `Prefer: code=` may force. */
const DECLARED: Record<Exclude<FaultRoute, 'all'>, readonly number[]> = {
  search: [401, 402, 404, 406, 413, 415, 422, 429, 500, 502, 503, 504],
  history: [401, 403, 404, 406, 422, 429, 500, 502, 503, 504],
  quota: [401, 404, 406, 429, 500, 502, 503, 504],
};

/** The stubs a request's own headers make, with what the log records; or the problem of a 400. */
export type HeaderStubs = { stubs: Stub[]; text: string } | { problem: string; text: string } | undefined;

/**
 * The request's own scenario, as stubs for it alone: `x-mock-scenario` (comma-separated `status=N`,
 * `provider-failure=N`, `drop`, `delay=MS`: a delay and at most one other), or Prism's `Prefer: code=N`.
 */
export function headerStubs(headers: Pick<Headers, 'get'>, route: Exclude<FaultRoute, 'all'>): HeaderStubs {
  const value = headers.get(SCENARIO_HEADER) ?? prefer(headers.get('prefer'));
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return value;
  const text = value.trim();
  const by = headers.get(SCENARIO_HEADER) === null ? 'prefer' : SCENARIO_HEADER;
  const bad = (why: string) => ({
    text: text.slice(0, MAX_SCENARIO_LENGTH),
    problem: `The ${by} header "${text.slice(0, MAX_SCENARIO_LENGTH)}" is not a scenario: ${why} Expected comma-separated status=N, provider-failure=N, drop, delay=MS.`,
  });
  if (text.length > MAX_SCENARIO_LENGTH)
    return bad(`it is ${text.length} characters long, the most is ${MAX_SCENARIO_LENGTH}.`);
  const stubs: StubDefinition[] = [];
  const request = { method: { matches: '' }, path: { matches: '' } };
  for (const part of text.split(',')) {
    const match = /^\s*([a-z-]+)(?:=(\d{1,9}))?\s*$/.exec(part);
    if (!match) return bad(`"${part.trim()}" is not name or name=digits.`);
    const [, name, digits] = match;
    const number = Number(digits);
    if (name === 'drop' && digits === undefined) stubs.push({ request, fault: { drop: 'before-headers' } });
    else if (name === 'drop') return bad('drop takes no value.');
    else if (digits === undefined) return bad(`${name} needs a value.`);
    else if (name === 'delay') {
      if (number > 60_000) return bad('delay is 0 to 60000 ms.');
      stubs.unshift({ request, fault: { delayMs: number } });
    } else if (name === 'status') {
      if (!DECLARED[route].includes(number))
        return bad(`status ${number} is not an error status this operation declares (${DECLARED[route].join(', ')}).`);
      const { status, headers: answerHeaders, body } = forcedAnswer(number, by);
      stubs.push({ request, response: { status, body, ...(answerHeaders && { headers: answerHeaders }) } });
    } else if (name === 'provider-failure') {
      if (route !== 'search') return bad('provider-failure is for searches only.');
      if (number < 400 || number > 599) return bad('provider-failure is an HTTP error status, 400 to 599.');
      stubs.push({ request, provider: { fail: { status: number } } });
    } else return bad(`"${name}" is not a scenario name.`);
  }
  if (stubs.filter((stub) => stub.fault?.delayMs === undefined).length > 1)
    return bad('give at most one of status, provider-failure and drop.');
  return {
    text,
    stubs: stubs.map(
      (definition, index) => new Stub(`header-${index + 1}`, -1, { ...definition, priority: HEADER_PRIORITY }, 0, 0),
    ),
  };
}

/** Prism's `Prefer` as a scenario: `code=N` is `status=N` (a 2xx the rules' answer); `example=`, `dynamic=` are refused. */
function prefer(value: string | null): string | { problem: string; text: string } | undefined {
  if (value === null) return undefined;
  const asked = value.split(/[,;]/).map((part) => part.trim().toLowerCase());
  const unsupported = asked.find((part) => /^(example|dynamic)=/.test(part));
  if (unsupported !== undefined)
    return {
      text: value.slice(0, MAX_SCENARIO_LENGTH),
      problem: `The Prefer header's "${unsupported.slice(0, 40)}" is not supported: this mock answers Prefer: code=N (a status the operation declares), or the ${SCENARIO_HEADER} header.`,
    };
  const code = asked.find((part) => part.startsWith('code='))?.slice(5);
  if (code === undefined || /^2\d\d$/.test(code)) return undefined;
  return `status=${code}`;
}
