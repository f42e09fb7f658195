import { jsonAnswer, sendable, type JsonAnswer } from './json.js';
import { openApiDocument } from './openapi-file.js';
import type { ServedMock } from './types.js';
import type { StubState } from '../types.js';
import type { ChunkedBody } from '../answer-types.js';
import { isPlainObject } from '@flight-search/contract';
import { errorEnvelope, validationFailed } from '../errors/envelopes.js';
import { nextTurn } from '../history/query.js';
import { checkRequestFilter } from '../recording/filter.js';
import { redactPath } from '../recording/redaction.js';
import { joinField, MockSettingError, settingIssuesOf } from '../settings.js';

/** The prefix of the control API; nothing under it reaches the service's routes. */
export const CONTROL_PREFIX = '/__mock';

/** A change the control API answers with 204 once it is applied. */
const done = (change: () => void): JsonAnswer => {
  change();
  return noContent();
};

/**
 * The control API (`--control`): the mock's control functions over HTTP, each route calling the mock's own function,
 * so a setting is refused as in JavaScript (a 422 naming `body.`, `path.` or `query.` fields). Keys are only shown masked.
 * Its contract is `control-api.yaml` (`GET /__mock/openapi.yaml`); `GET /__mock` lists the routes.
 */
export async function controlAnswer(
  mock: ServedMock,
  method: string,
  path: string,
  body: Buffer | undefined,
  search = '',
  lifecycle: ControlLifecycle = { shutdown: () => undefined },
): Promise<ControlAnswer> {
  const route = path.slice(CONTROL_PREFIX.length);
  const verb = method === 'HEAD' ? 'GET' : method;
  const [, collection, name, part, partName, ...rest] = route.split('/');
  if (rest.length > 0 || (name === '' && collection !== undefined)) return notFound(method, path);
  // `/keys/{key}/faults/search`: a route of one key's own state.
  if (part !== undefined && (collection !== 'keys' || part === '' || partName === '')) return notFound(method, path);
  const literal =
    part === undefined &&
    name !== undefined &&
    controlRoutes(mock, undefined, body, search, lifecycle)[`${verb} /${collection}/${name}`];
  const named = name === undefined || literal ? undefined : decode(name);
  const routes =
    part === undefined
      ? controlRoutes(mock, named, body, search, lifecycle)
      : keyRoutes(mock, { key: named! }, partName && decode(partName), body, search);
  const here = literal
    ? `/${collection}/${name}`
    : part === undefined
      ? `/${collection ?? ''}`
      : `/${part}${partName === undefined ? '' : `/${PARAMETERS[part] ?? ''}`}`;
  const allowed = Object.keys(routes)
    .filter((candidate) => candidate.endsWith(` ${here}`))
    .map((candidate) => candidate.split(' ')[0]!);
  const run = routes[`${verb} ${here}`];
  if (run === undefined) {
    if (allowed.length === 0) return notFound(method, path);
    if (allowed.includes('GET')) allowed.push('HEAD');
    return sendable(
      errorEnvelope(
        405,
        'METHOD_NOT_ALLOWED',
        `Use ${allowed.join(' or ')} on this control route.`,
        {},
        { allow: allowed.join(', ') },
      ),
    );
  }
  try {
    return await run();
  } catch (error) {
    if (error instanceof Unsupported)
      return sendable(errorEnvelope(501, 'NOT_IMPLEMENTED', 'The mock served here has no such control function.'));
    const issues = settingIssuesOf(error);
    if (issues === undefined) throw error;
    if ((error as { status?: unknown }).status === 409) {
      const names = issues.map((issue) => issue.field).join(', ');
      const message = `PATCH /__mock/config cannot change ${names} without a fresh state; PUT /__mock/config changes them and resets the mock (D58).`;
      const errors = issues.map((issue) => ({ ...issue, field: joinField('body', issue.field) }));
      return sendable(errorEnvelope(409, 'RESET_NEEDED', message, { details: { errors } }));
    }
    const prefix = (error as { prefix?: unknown }).prefix;
    const at =
      prefix === 'program' || prefix === 'key' || prefix === 'route'
        ? `path.${prefix}`
        : prefix === 'filter'
          ? 'query'
          : 'body';
    return sendable(validationFailed(issues.map((issue) => ({ ...issue, field: joinField(at, issue.field) }))));
  }
}

class Unsupported extends Error {}

/** What the control API may ask of the server around the mock. */
export interface ControlLifecycle {
  /** Called by `POST /__mock/shutdown`; the server runs it once that answer is written. */
  shutdown(): void;
  /** `POST /__mock/recordings/start|stop`: the server's recording of an upstream. */
  recordings?: { start(body: Record<string, unknown>): Promise<JsonAnswer>; stop(): JsonAnswer };
}

type Routes = Record<string, (() => ControlAnswer | Promise<ControlAnswer>) | undefined>;

/** The path parameter of each collection, as control-api.yaml names it. */
const PARAMETERS: Record<string, string> = {
  programs: '{program}',
  keys: '{key}',
  faults: '{route}',
  stubs: '{id}',
  scenarios: '{name}',
  requests: '{id}',
};

const noSuchStub = (): JsonAnswer => sendable(errorEnvelope(404, 'HTTP_ERROR', 'The mock has no such stub.'));

const controlDocument = openApiDocument('control-api.yaml');

/** The control routes, `'METHOD /collection'` to what they run: the unnamed ones, or those of one `named` thing. */
function controlRoutes(
  mock: ServedMock,
  named: string | undefined,
  body: Buffer | undefined,
  search: string,
  lifecycle: ControlLifecycle,
): Routes {
  if (named === undefined) {
    return {
      'GET /': () => jsonAnswer(200, routeIndex(mock)),
      'GET /openapi.yaml': async () => ({
        status: 200,
        headers: { 'content-type': 'application/yaml; charset=utf-8' },
        body: (await controlDocument()).toString('utf8'),
      }),
      'POST /shutdown': () => {
        lifecycle.shutdown();
        return jsonAnswer(202, { shuttingDown: true }, { connection: 'close' });
      },
      'POST /reset': () => done(() => mock.reset()),
      'GET /state': () => jsonAnswer(200, need(mock.state)()),
      'GET /config': () => jsonAnswer(200, need(mock.state)().options),
      'PUT /config': () => withBody(body, (value) => done(() => need(mock.configure)(value as never))),
      'PATCH /config': () =>
        withBody(body, (value) => done(() => need(mock.configure)(value as never, { reset: false }))),
      'GET /faults': () => jsonAnswer(200, { faults: need(mock.faults)() }),
      'DELETE /faults': () => done(() => need(mock.clearFaults)()),
      ...stubRoutes(mock, undefined, body, search),
      'GET /requests': () => requestsPage(mock, search),
      'DELETE /requests': () => done(() => need(mock.clearRequests)()),
      'POST /requests/count': () =>
        withBody(body, (value) => jsonAnswer(200, { count: need(mock.countRequests)(value) })),
      'POST /requests/find': () =>
        withBody(body, (value) => jsonAnswer(200, { requests: need(mock.findRequests)(value) })),
      'POST /recordings/start': () => withBody(body, (value) => need(lifecycle.recordings).start(value)),
      'POST /recordings/stop': () => need(lifecycle.recordings).stop(),
      'GET /settled': async () => {
        await need(mock.settled)();
        return noContent();
      },
    };
  }
  return {
    'GET /programs': () => jsonAnswer(200, { program: named, behavior: need(mock.getProgramBehavior)(named as never) }),
    'PUT /programs': () =>
      withBody(body, (value) => done(() => mock.setProgramBehavior(named as never, value as never))),
    'DELETE /programs': () => done(() => mock.setProgramBehavior(named as never, null)),
    'GET /keys': () => {
      const key = need(mock.getKey)(named);
      return key === undefined
        ? sendable(errorEnvelope(404, 'HTTP_ERROR', 'The mock has no such key.'))
        : jsonAnswer(200, key);
    },
    'PUT /keys': () => withBody(body, (value) => done(() => mock.setKey(named, value as never))),
    'PUT /faults': () => withBody(body, (value) => done(() => need(mock.setFault)(named as never, value as never))),
    'DELETE /faults': () => done(() => need(mock.clearFaults)(named as never)),
    'GET /stubs': () => {
      const stub = need(mock.getStub)(named);
      return stub === undefined ? noSuchStub() : jsonAnswer(200, stub);
    },
    'PUT /stubs': () =>
      withBody(body, (value) => {
        const stub = need(mock.replaceStub)(named, value as never);
        return stub === undefined ? noSuchStub() : jsonAnswer(200, stub);
      }),
    'DELETE /stubs': () => (need(mock.deleteStub)(named) ? noContent() : noSuchStub()),
    ...scenarioRoutes(mock, undefined, named, body, ''),
    'GET /requests': () => {
      const id = /^\d{1,15}$/.test(named) ? Number(named) : 0;
      const entry = need(mock.requests)({ after: id - 1, limit: 1 })[0];
      return entry?.id === id
        ? jsonAnswer(200, entry)
        : sendable(errorEnvelope(404, 'HTTP_ERROR', 'The request log has no such entry.'));
    },
  };
}

/** A scope's stubs and scenarios (every scope's when `scope` is undefined). */
function stubRoutes(
  mock: ServedMock,
  scope: { key: string } | undefined,
  body: Buffer | undefined,
  search: string,
): Routes {
  const withKey = (value: Record<string, unknown>) =>
    scope === undefined || !isPlainObject(value.request)
      ? value
      : { ...value, request: { ...value.request, key: scope.key } };
  return {
    'GET /stubs': () => stubsPage(mock, search, scope),
    'POST /stubs': () => withBody(body, (value) => jsonAnswer(201, need(mock.stub)(withKey(value) as never))),
    'DELETE /stubs': () => done(() => need(mock.clearStubs)(scope)),
    'GET /scenarios': () => jsonAnswer(200, { scenarios: need(mock.scenarios)(scope) }),
    'DELETE /scenarios': () => done(() => need(mock.resetScenarios)(scope)),
  };
}

/** One scenario of a scope, by name: read, set (`PUT { state }`), or back to `Started`. */
function scenarioRoutes(
  mock: ServedMock,
  scope: { key: string } | undefined,
  name: string,
  body: Buffer | undefined,
  at: string,
): Routes {
  const missing = () => sendable(errorEnvelope(404, 'HTTP_ERROR', 'No stub of this scope names that scenario.'));
  const set = (state: unknown) => (need(mock.setScenario)(name, state as never, scope) ? noContent() : missing());
  return {
    [`GET /scenarios${at}`]: () => {
      const found = need(mock.scenarios)(scope).find((scenario) => scenario.name === name);
      return found === undefined ? missing() : jsonAnswer(200, found);
    },
    [`PUT /scenarios${at}`]: () => withBody(body, (value) => set(value.state === undefined ? null : value.state)),
    [`DELETE /scenarios${at}`]: () => set(null),
  };
}

/** The routes of one key's own state under `/keys/{key}`. */
function keyRoutes(
  mock: ServedMock,
  scope: { key: string },
  named: string | undefined,
  body: Buffer | undefined,
  search = '',
): Routes {
  return {
    ...stubRoutes(mock, scope, body, search),
    ...scenarioRoutes(mock, scope, named ?? '', body, '/{name}'),
    'GET /requests': () => requestsPage(mock, search, scope.key),
    'GET /faults': () => jsonAnswer(200, { faults: need(mock.faults)(scope) }),
    'DELETE /faults': () => done(() => need(mock.clearFaults)(undefined, scope)),
    'PUT /faults/{route}': () =>
      withBody(body, (value) => done(() => need(mock.setFault)(named as never, value as never, scope))),
    'DELETE /faults/{route}': () => done(() => need(mock.clearFaults)(named as never, scope)),
    'GET /programs/{program}': () =>
      jsonAnswer(200, { program: named, behavior: need(mock.getProgramBehavior)(named as never, scope) }),
    'PUT /programs/{program}': () =>
      withBody(body, (value) => done(() => mock.setProgramBehavior(named as never, value as never, scope))),
    'DELETE /programs/{program}': () => done(() => mock.setProgramBehavior(named as never, null, scope)),
    'PUT /rate-limit': () => withBody(body, (value) => done(() => need(mock.setRateLimit)(value as never, scope))),
    'DELETE /rate-limit': () => done(() => need(mock.setRateLimit)(null, scope)),
    'POST /reset': () => done(() => need(mock.resetKey)(scope.key)),
  };
}

/** `GET /__mock`: every control route and where their document is. */
function routeIndex(mock: ServedMock): { routes: { method: string; path: string }[]; openapi: string } {
  const idle: ControlLifecycle = { shutdown: () => undefined };
  const entries = [
    ...Object.keys(controlRoutes(mock, undefined, undefined, '', idle)),
    ...Object.keys(controlRoutes(mock, '', undefined, '', idle)).map(
      (key) => `${key}/${PARAMETERS[key.split('/')[1]!]}`,
    ),
    ...Object.keys(keyRoutes(mock, { key: '' }, undefined, undefined)).map((key) => key.replace(' /', ' /keys/{key}/')),
  ].map((key) => {
    const [method, route] = key.split(' ') as [string, string];
    return { method, path: route === '/' ? CONTROL_PREFIX : `${CONTROL_PREFIX}${route}` };
  });
  entries.splice(1, 0, { method: 'GET', path: HEALTH_PATH });
  return { routes: entries, openapi: `${CONTROL_PREFIX}/openapi.yaml` };
}

/** `GET /__mock/health`: open without `--control` (it reveals nothing else). */
export const HEALTH_PATH = `${CONTROL_PREFIX}/health`;

/** A control answer: JSON, or a page of recorded requests as the pieces it was written in. */
export type ControlAnswer = JsonAnswer | { status: number; headers: Record<string, string>; body: ChunkedBody };

/** Entries a page of `GET /__mock/requests` lists without `limit`. */
export const REQUESTS_PAGE_DEFAULT = 1_000;
/** A page also ends after the entry that takes its JSON past this many bytes. */
export const REQUESTS_PAGE_BYTES = 4 * 1024 * 1024;
/** Entries listed and serialized in one turn of the event loop. */
const ENTRIES_PER_TURN = 16;

/**
 * One page of `GET /__mock/requests`: `{ requests, next }` (`null` when none is left), listed a few entries per turn
 * so other requests are answered meanwhile; the cursor (ids only grow) keeps it exact while the log changes.
 */
async function requestsPage(mock: ServedMock, search: string, key?: string): Promise<ControlAnswer> {
  const query: Record<string, string | number> = queryOf(search) ?? {};
  if (key !== undefined) query.key = key;
  const checked = checkRequestFilter(query);
  if (checked.issues.length > 0) throw new MockSettingError('requests', 'filter', checked.issues);
  const limit = checked.filter.limit ?? REQUESTS_PAGE_DEFAULT;
  const chunks: string[] = ['{"requests":['];
  let length = chunks[0]!.length;
  let listed = 0;
  let next: number | null = null;
  for (;;) {
    const wanted = Math.min(ENTRIES_PER_TURN, limit - listed);
    const slice = mock.requests({ ...query, limit: wanted } as never);
    for (const entry of slice) {
      const piece = `${listed === 0 ? '' : ','}${JSON.stringify(entry)}`;
      chunks.push(piece);
      length += Buffer.byteLength(piece);
      listed++;
      query.after = entry.id;
    }
    if (slice.length < wanted) break;
    if (listed >= limit || length >= REQUESTS_PAGE_BYTES) {
      if (mock.requests({ ...query, limit: 1 } as never).length > 0) next = query.after as number;
      break;
    }
    await nextTurn();
  }
  const tail = `],"next":${JSON.stringify(next)}}`;
  chunks.push(tail);
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: { chunks, length: length + tail.length },
  };
}

/** Stubs a page of `GET /__mock/stubs` lists when no `limit` is given, and the most it lists. */
const STUBS_PAGE = 100;

/** One page of `GET /__mock/stubs` or `GET /__mock/keys/{key}/stubs`: `{ stubs, next }`, `null` on the last page. */
function stubsPage(mock: ServedMock, search: string, scope: { key: string } | undefined): JsonAnswer {
  const params = new URLSearchParams(search);
  const limit = params.has('limit') ? Number(params.get('limit')) : STUBS_PAGE;
  if (!Number.isInteger(limit) || limit < 1 || limit > STUBS_PAGE)
    return sendable(
      validationFailed([
        { field: 'query.limit', type: 'out_of_range', message: `must be an integer from 1 to ${STUBS_PAGE}.` },
      ]),
    );
  // One stub read back at a time: a page holds no more than its bytes and one stub.
  const next = (after: string | undefined) => need(mock.stubs)({ ...scope, after, limit: 1 })[0];
  const stubs: StubState[] = [];
  let bytes = 0;
  for (let stub = next(params.get('after') ?? undefined); stub !== undefined; stub = next(stub.id)) {
    stubs.push(stub);
    bytes += JSON.stringify(stub).length;
    if (stubs.length >= limit || bytes >= REQUESTS_PAGE_BYTES) break;
  }
  const last = stubs.at(-1)?.id;
  return jsonAnswer(200, { stubs, next: last !== undefined && next(last) !== undefined ? last : null });
}

function need<T>(fn: T | undefined): T {
  if (fn === undefined) throw new Unsupported();
  return fn;
}

/** Runs `apply` on the JSON body (empty: `{}`), or answers the 422 of a body that is not a JSON object. */
function withBody<T extends JsonAnswer | Promise<JsonAnswer>>(
  body: Buffer | undefined,
  apply: (value: Record<string, unknown>) => T,
): T | JsonAnswer {
  if (body === undefined || body.length === 0) return apply({});
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return sendable(validationFailed([{ field: 'body', type: 'invalid_json', message: 'must be JSON.' }]));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return sendable(validationFailed([{ field: 'body', type: 'invalid_type', message: 'must be a JSON object.' }]));
  return apply(parsed as Record<string, unknown>);
}

/** The query as a filter object (the last value wins), unknown ones left for the checker. */
function queryOf(search: string): Record<string, string> | undefined {
  const params = new URLSearchParams(search);
  if ([...params.keys()].length === 0) return undefined;
  return Object.fromEntries(params);
}

function notFound(method: string, path: string): JsonAnswer {
  return sendable(errorEnvelope(404, 'HTTP_ERROR', `No control route ${method} ${redactPath(path)}.`));
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function noContent(): JsonAnswer {
  return { status: 204, headers: {}, body: '' };
}
