import { checkAnswer, isPlainObject, MEDIA_TYPES } from '@flight-search/contract';
import { behaviorIssues, joinField, keyNameIssue, unknownFields, type SettingIssue } from '../settings.js';
import type { StubDefinition } from '../types.js';
import { isMatcher, matcherIssues } from './matchers.js';
import { faultAnswer } from './answers.js';

const STUB_FIELDS = [
  'name',
  'request',
  'response',
  'fault',
  'provider',
  'priority',
  'times',
  'fraction',
  'scenario',
  'contract',
];
const REQUEST_FIELDS = ['method', 'path', 'query', 'headers', 'body', 'key'];
const RESPONSE_FIELDS = ['status', 'headers', 'body'];
const SCENARIO_FIELDS = ['name', 'state', 'next'];
/** A fault's own fields (`setFault` adds `times` and `fraction`). */
export const FAULT_FIELDS = ['status', 'retryAfterSeconds', 'drop', 'delayMs', 'trickleMs'];
const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
const DROPS = ['before-headers', 'after-headers'] as const;
/** RFC 9110 `token` (a header name) and `field-value` (no CR, LF, NUL or other control but HTAB). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Framing and hop-by-hop headers: the server's to send, never a stub's (RFC 9110 7.6.1, 8.6, 6.1). */
export const SERVER_HEADERS = [
  'connection',
  'content-length',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
const anyway = 'Give "contract": false to stub it anyway.';
const NOT_TOKEN = 'is no HTTP header name (RFC 9110 token).';

const issue = (field: string, type: SettingIssue['type'], message: string): SettingIssue => ({ field, type, message });
const isText = (value: unknown) => typeof value === 'string' || isMatcher(value);
const badName = (value: unknown) =>
  value !== undefined && (typeof value !== 'string' || value === '' || value.length > 200);
const NAME = 'must be a string of 1 to 200 characters.';

/** The `times` and `fraction` a stub and `setFault` share. */
function shareIssues({ times, fraction }: Record<string, unknown>): SettingIssue[] {
  const issues: SettingIssue[] = [];
  if (times !== undefined && (!Number.isSafeInteger(times) || (times as number) < 1))
    issues.push(issue('times', 'out_of_range', 'must be an integer >= 1.'));
  if (fraction !== undefined && (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1)))
    issues.push(issue('fraction', 'out_of_range', 'must be a number from 0 to 1.'));
  return issues;
}

/**
 * Every problem of a stub, fields relative to it: its shape and matchers, HTTP (header names and values,
 * no framing headers, no body with 204 or 304) and, unless `contract: false`, openapi.yaml.
 */
export function stubIssues(stub: unknown): SettingIssue[] {
  if (!isPlainObject(stub))
    return [
      issue(
        '',
        'invalid_type',
        'must be an object { request, response | fault | provider, priority?, times?, scenario? }.',
      ),
    ];
  const issues = unknownFields(stub, STUB_FIELDS);
  const { name, request, response, fault, provider, priority, scenario, contract } = stub;
  if (badName(name)) issues.push(issue('name', 'invalid_type', NAME));
  issues.push(...requestIssues(request));
  if ([response, fault, provider].filter((answer) => answer !== undefined).length !== 1)
    issues.push(issue('response', 'cross_field', 'give exactly one of `response`, `fault` and `provider`.'));
  if (response !== undefined) issues.push(...responseIssues(response));
  if (fault !== undefined) issues.push(...under('fault', faultIssues(fault, FAULT_FIELDS)));
  if (provider !== undefined) {
    issues.push(...under('provider', behaviorIssues(provider)));
    if (isPlainObject(request) && (request.method !== 'POST' || request.path !== '/flights/search'))
      issues.push(
        issue('provider', 'cross_field', 'is for searches: request.method POST and request.path /flights/search.'),
      );
  }
  if (priority !== undefined && (!Number.isSafeInteger(priority) || (priority as number) < 1))
    issues.push(issue('priority', 'out_of_range', 'must be an integer >= 1 (1 is tried first).'));
  issues.push(...shareIssues(stub));
  if (scenario !== undefined) {
    if (!isPlainObject(scenario) || typeof scenario.name !== 'string' || scenario.name === '')
      issues.push(
        issue('scenario', 'invalid_type', 'must be an object { name, state?, next? } with a non-empty name.'),
      );
    else {
      issues.push(...unknownFields(scenario, SCENARIO_FIELDS, 'scenario'));
      for (const field of SCENARIO_FIELDS)
        if (badName(scenario[field])) issues.push(issue(`scenario.${field}`, 'invalid_type', NAME));
    }
  }
  if (contract !== undefined && typeof contract !== 'boolean')
    issues.push(issue('contract', 'invalid_type', 'must be true or false.'));
  if (issues.length === 0 && contract !== false) issues.push(...contractIssues(stub as unknown as StubDefinition));
  return issues;
}

/** Every problem of a journal query: a stub's request, every field optional, its key literal (the journal keeps none). */
export function patternIssues(pattern: unknown): SettingIssue[] {
  if (!isPlainObject(pattern))
    return [issue('', 'invalid_type', 'must be an object { method?, path?, query?, headers?, body?, key? }.')];
  const issues = requestIssues({ method: 'GET', path: '/', ...pattern }).map((found) => ({
    ...found,
    field: found.field.replace(/^request\.?/, ''),
  }));
  if (isMatcher(pattern.key))
    issues.push(
      issue(
        'key',
        'invalid_type',
        'must be the key itself: the journal keeps only its masked form, which a matcher cannot read.',
      ),
    );
  return issues;
}

function requestIssues(request: unknown): SettingIssue[] {
  if (!isPlainObject(request))
    return [
      issue(
        'request',
        request === undefined ? 'missing' : 'invalid_type',
        'must be an object { method, path, query?, headers?, body?, key? }.',
      ),
    ];
  const issues = unknownFields(request, REQUEST_FIELDS, 'request');
  const { method, path, query, headers, key } = request;
  if (!isMatcher(method) && (typeof method !== 'string' || !TOKEN.test(method)))
    issues.push(issue('request.method', 'invalid_format', 'must be an HTTP method such as POST, or a matcher.'));
  if (!isMatcher(path) && (typeof path !== 'string' || !path.startsWith('/')))
    issues.push(
      issue('request.path', 'invalid_format', 'must be a path starting with /, such as /flights/search, or a matcher.'),
    );
  const values = (what: unknown, field: string, ok: (value: unknown) => boolean, expected: string) => {
    if (what === undefined) return;
    if (!isPlainObject(what) || isMatcher(what))
      issues.push(issue(field, 'invalid_type', `must be an object of ${expected}.`));
    else
      for (const [name, value] of Object.entries(what)) {
        if (!ok(value)) issues.push(issue(`${field}.${name}`, 'invalid_type', `must be ${expected}.`));
        if (field === 'request.headers' && !TOKEN.test(name))
          issues.push(issue(`${field}.${name}`, 'invalid_format', NOT_TOKEN));
      }
  };
  values(
    query,
    'request.query',
    (value) => isText(value) || (Array.isArray(value) && value.every((item) => typeof item === 'string')),
    'strings, arrays of strings or matchers',
  );
  values(headers, 'request.headers', isText, 'strings or matchers');
  if (key !== undefined && !isMatcher(key)) {
    const problem = keyNameIssue(key);
    if (problem) issues.push({ ...problem, field: 'request.key' });
  }
  // A pattern's hits would tell, a guess at a time, which keys were sent (D59).
  const keyed = [
    ['request.key', key],
    ...Object.entries(isPlainObject(headers) ? headers : {})
      .filter(([name]) => name.toLowerCase() === 'x-api-key')
      .map(([name, value]) => [`request.headers.${name}`, value]),
  ];
  for (const [field, value] of keyed)
    if (isMatcher(value) && !('equalTo' in value))
      issues.push(
        issue(
          field as string,
          'invalid_type',
          'must be the key itself or { equalTo }: a key is never matched by a pattern.',
        ),
      );
  return [...issues, ...matcherIssues(request, 'request')];
}

function responseIssues(response: unknown): SettingIssue[] {
  if (!isPlainObject(response))
    return [issue('response', 'invalid_type', 'must be an object { status, headers?, body? }.')];
  const issues = unknownFields(response, RESPONSE_FIELDS, 'response');
  const { status, headers, body } = response;
  if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599)
    issues.push(issue('response.status', 'out_of_range', 'must be an integer from 200 to 599.'));
  if ((status === 204 || status === 304) && body !== undefined)
    issues.push(issue('response.body', 'cross_field', `must be absent: a ${status} has no body.`));
  if (headers !== undefined && (!isPlainObject(headers) || isMatcher(headers)))
    issues.push(issue('response.headers', 'invalid_type', 'must be an object of strings.'));
  else
    for (const [name, value] of Object.entries(headers ?? {})) {
      const field = `response.headers.${name}`;
      if (!TOKEN.test(name)) issues.push(issue(field, 'invalid_format', NOT_TOKEN));
      else if (SERVER_HEADERS.includes(name.toLowerCase()))
        issues.push(
          issue(field, 'invalid_enum', 'is a framing or hop-by-hop header: the server sends it, never a stub.'),
        );
      if (typeof value !== 'string') issues.push(issue(field, 'invalid_type', 'must be a string.'));
      else if (!FIELD_VALUE.test(value))
        issues.push(issue(field, 'invalid_format', 'must not hold CR, LF, NUL or another control character.'));
    }
  return issues;
}

/** Every problem of a fault answer, fields relative to it; `fields` are those it may have. */
export function faultIssues(fault: unknown, fields: readonly string[]): SettingIssue[] {
  if (!isPlainObject(fault))
    return [issue('', 'invalid_type', `must be an object { ${fields.map((field) => `${field}?`).join(', ')} }.`)];
  const issues = unknownFields(fault, fields);
  const { status, retryAfterSeconds, drop, delayMs, trickleMs } = fault;
  if (status !== undefined && !FAULT_STATUSES.includes(status as never))
    issues.push(issue('status', 'invalid_enum', `must be one of ${FAULT_STATUSES.join(', ')}.`));
  if (drop !== undefined && !DROPS.includes(drop as never))
    issues.push(issue('drop', 'invalid_enum', `must be one of ${DROPS.join(', ')}.`));
  if (drop !== undefined && (status !== undefined || trickleMs !== undefined))
    issues.push(
      issue(
        'drop',
        'cross_field',
        'must not be given with `status` or `trickleMs`: a dropped connection has no answer.',
      ),
    );
  if (status === undefined && drop === undefined && delayMs === undefined && trickleMs === undefined)
    issues.push(issue('status', 'missing', 'is required unless `drop`, `delayMs` or `trickleMs` is given.'));
  if (retryAfterSeconds !== undefined) {
    if (!Number.isSafeInteger(retryAfterSeconds) || (retryAfterSeconds as number) < 0)
      issues.push(issue('retryAfterSeconds', 'out_of_range', 'must be an integer >= 0 (seconds).'));
    else if (status !== 429) issues.push(issue('retryAfterSeconds', 'cross_field', 'is only for `status: 429`.'));
  }
  for (const [field, value] of [
    ['delayMs', delayMs],
    ['trickleMs', trickleMs],
  ] as const)
    if (value !== undefined && (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 86_400_000))
      issues.push(issue(field, 'out_of_range', 'must be an integer from 0 to 86400000 (ms).'));
  return [...issues, ...shareIssues(fault)];
}

/** What openapi.yaml says against a stub's answer; each issue says how to stub it anyway. */
function contractIssues(stub: StubDefinition): SettingIssue[] {
  const { method, path } = stub.request;
  const status = stub.response?.status ?? stub.fault?.status;
  // A drop, a bare delay or the rules have no status to check; a path matcher no one operation.
  if (status === undefined || typeof method !== 'string' || typeof path !== 'string') return [];
  const headers = Object.fromEntries(
    Object.entries(stub.response?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const issues: SettingIssue[] = [];
  if (stub.response && status === 429 && !/^\d+$/.test(headers['retry-after'] ?? ''))
    issues.push(
      issue('response.headers.Retry-After', 'missing', `is required on a 429 (RATE-1): whole seconds. ${anyway}`),
    );
  const type = headers['content-type'];
  if (type !== undefined && !MEDIA_TYPES.some((media) => type.split(';')[0]!.trim().toLowerCase() === media))
    issues.push(
      issue(
        'response.headers.content-type',
        'invalid_enum',
        `must be one of ${MEDIA_TYPES.join(', ')}, or left out (the negotiated type). ${anyway}`,
      ),
    );
  const problem = checkAnswer(
    method.toUpperCase() === 'HEAD' ? 'GET' : method,
    path,
    status,
    stub.fault ? faultAnswer(stub.fault).body : stub.response!.body,
  );
  if (problem === undefined) return issues;
  if ('operation' in problem)
    return [issue('request.path', 'invalid_enum', `is no operation of openapi.yaml with method ${method}. ${anyway}`)];
  if ('status' in problem)
    return [
      issue(
        stub.fault ? 'fault.status' : 'response.status',
        'invalid_enum',
        `is not a status this operation declares (${problem.declared.join(', ')}). ${anyway}`,
      ),
    ];
  const kind = (found: string): SettingIssue['type'] =>
    found === 'invalid_date'
      ? 'invalid_format'
      : found === 'invalid_json'
        ? 'invalid_type'
        : (found as SettingIssue['type']);
  return [
    ...issues,
    ...problem.issues.map((found) => issue(`response.${found.field}`, kind(found.type), `${found.message} ${anyway}`)),
  ];
}

const under = (prefix: string, issues: SettingIssue[]) =>
  issues.map((found) => ({ ...found, field: joinField(prefix, found.field) }));
