import { checkAnswer, isPlainObject } from '@flight-search/contract';
import type { Answer } from './answer-types.js';
import { faultAnswer, faultIssues } from './faults.js';
import { maskKey } from './recording/mask.js';
import { keyNameIssue, unknownFields, type SettingIssue } from './settings.js';
import type { ScenarioState, ServiceFault, StubDefinition, StubState } from './types.js';

/**
 * The most stubs a mock holds, and the most bytes one stub's JSON may take (its answer's body mostly):
 * a playback file or a loop of `POST /__mock/stubs` cannot fill the memory (issue 30).
 */
export const MAX_STUBS = 1_000;
export const MAX_STUB_BYTES = 4 * 1024 * 1024;
/** A stub's priority when none is given: WireMock's default. Lower numbers are tried first. */
const DEFAULT_PRIORITY = 5;
/** The state every scenario starts in, WireMock's name for it. */
export const STARTED = 'Started';

const STUB_FIELDS = ['request', 'response', 'fault', 'priority', 'times', 'scenario', 'contract'];
const REQUEST_FIELDS = ['method', 'path', 'query', 'headers', 'body', 'key'];
const RESPONSE_FIELDS = ['status', 'headers', 'body'];
const SCENARIO_FIELDS = ['name', 'state', 'next'];
const STUB_FAULT_FIELDS = ['status', 'retryAfterSeconds', 'drop', 'delayMs'];

/**
 * Every problem of a stub (`mock.stub`, `POST /__mock/stubs`, the `stubs` option), fields relative to it.
 * Unless it says `contract: false`, its answer must be one openapi.yaml allows for its operation: a status
 * the operation declares, a body its schema accepts (the contract package's own checker, D94's route A).
 */
export function stubIssues(stub: unknown): SettingIssue[] {
  if (!isPlainObject(stub))
    return [{ field: '', type: 'invalid_type', message: 'must be an object { request, response | fault, priority?, times?, scenario?, contract? }.' }];
  const issues = unknownFields(stub, STUB_FIELDS);
  const { request, response, fault, priority, times, scenario, contract } = stub;
  if (!isPlainObject(request))
    issues.push({
      field: 'request',
      type: request === undefined ? 'missing' : 'invalid_type',
      message: 'must be an object { method, path, query?, headers?, body?, key? }.',
    });
  else {
    issues.push(...unknownFields(request, REQUEST_FIELDS, 'request'));
    if (typeof request.method !== 'string' || !/^[A-Za-z]+$/.test(request.method))
      issues.push({ field: 'request.method', type: 'invalid_format', message: 'must be an HTTP method such as POST.' });
    if (typeof request.path !== 'string' || !request.path.startsWith('/'))
      issues.push({ field: 'request.path', type: 'invalid_format', message: 'must be a path starting with /, such as /flights/search.' });
    if (
      request.query !== undefined &&
      !isRecordOf(request.query, (value) => typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')))
    )
      issues.push({ field: 'request.query', type: 'invalid_type', message: 'must be an object of strings or arrays of strings.' });
    if (request.headers !== undefined && !isRecordOf(request.headers, (value) => typeof value === 'string'))
      issues.push({ field: 'request.headers', type: 'invalid_type', message: 'must be an object of strings.' });
    if (request.key !== undefined) {
      const problem = keyNameIssue(request.key);
      if (problem) issues.push({ ...problem, field: 'request.key' });
    }
  }
  if ((response === undefined) === (fault === undefined))
    issues.push({ field: 'response', type: 'cross_field', message: 'give exactly one of `response` and `fault`.' });
  if (response !== undefined) {
    if (!isPlainObject(response)) issues.push({ field: 'response', type: 'invalid_type', message: 'must be an object { status, headers?, body? }.' });
    else {
      issues.push(...unknownFields(response, RESPONSE_FIELDS, 'response'));
      if (!Number.isInteger(response.status) || (response.status as number) < 200 || (response.status as number) > 599)
        issues.push({ field: 'response.status', type: 'out_of_range', message: 'must be an integer from 200 to 599.' });
      if (response.headers !== undefined && !isRecordOf(response.headers, (value) => typeof value === 'string'))
        issues.push({ field: 'response.headers', type: 'invalid_type', message: 'must be an object of strings.' });
    }
  }
  if (fault !== undefined) {
    const extra = isPlainObject(fault) ? unknownFields(fault, STUB_FAULT_FIELDS, 'fault') : [];
    issues.push(...extra, ...faultIssues(fault).map((issue) => ({ ...issue, field: issue.field === '' ? 'fault' : `fault.${issue.field}` })));
  }
  if (priority !== undefined && (!Number.isSafeInteger(priority) || (priority as number) < 1))
    issues.push({ field: 'priority', type: 'out_of_range', message: 'must be an integer >= 1 (1 is tried first).' });
  if (times !== undefined && (!Number.isSafeInteger(times) || (times as number) < 1))
    issues.push({ field: 'times', type: 'out_of_range', message: 'must be an integer >= 1.' });
  if (scenario !== undefined) {
    if (!isPlainObject(scenario) || typeof scenario.name !== 'string' || scenario.name === '')
      issues.push({ field: 'scenario', type: 'invalid_type', message: 'must be an object { name, state?, next? } with a non-empty name.' });
    else {
      issues.push(...unknownFields(scenario, SCENARIO_FIELDS, 'scenario'));
      for (const name of ['state', 'next'] as const)
        if (scenario[name] !== undefined && (typeof scenario[name] !== 'string' || scenario[name] === ''))
          issues.push({ field: `scenario.${name}`, type: 'invalid_type', message: 'must be a non-empty string.' });
    }
  }
  if (contract !== undefined && typeof contract !== 'boolean') issues.push({ field: 'contract', type: 'invalid_type', message: 'must be true or false.' });
  if (issues.length === 0 && contract !== false) issues.push(...contractIssues(stub as unknown as StubDefinition));
  if (issues.length === 0 && JSON.stringify(stub).length > MAX_STUB_BYTES)
    issues.push({ field: '', type: 'out_of_range', message: `must be at most ${MAX_STUB_BYTES} bytes of JSON.` });
  return issues;
}

/** What openapi.yaml says against a stub's answer; each issue says how to stub it anyway. */
function contractIssues(stub: StubDefinition): SettingIssue[] {
  const anyway = 'Give "contract": false to stub it anyway.';
  const status = stub.response?.status ?? stub.fault?.status;
  // A dropped connection or a bare delay has no status of its own to check.
  if (status === undefined) return [];
  const method = stub.request.method.toUpperCase() === 'HEAD' ? 'GET' : stub.request.method;
  const problem = checkAnswer(method, stub.request.path, status, stub.fault ? (faultAnswer(stub.fault).body as unknown) : stub.response!.body);
  if (problem === undefined) return [];
  if ('operation' in problem)
    return [{ field: 'request.path', type: 'invalid_enum', message: `is no operation of openapi.yaml with method ${stub.request.method}. ${anyway}` }];
  if ('status' in problem)
    return [
      {
        field: stub.fault ? 'fault.status' : 'response.status',
        type: 'invalid_enum',
        message: `is not a status this operation declares (${problem.declared.join(', ')}). ${anyway}`,
      },
    ];
  // A calendar date is a format, in the settings' vocabulary.
  const type = (found: string): SettingIssue['type'] =>
    found === 'invalid_date' ? 'invalid_format' : found === 'invalid_json' ? 'invalid_type' : (found as SettingIssue['type']);
  return problem.issues.map((issue) => ({ field: `response.${issue.field}`, type: type(issue.type), message: `${issue.message} ${anyway}` }));
}

function isRecordOf(value: unknown, item: (value: unknown) => boolean): boolean {
  return isPlainObject(value) && Object.values(value).every(item);
}

/** The request a stub is matched against: what the pipeline already has, the body's text read once. */
export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  headers: Pick<Headers, 'get'>;
  text: string;
}

/** The stub that answered, or the nearest one and the parts of the request that differed from it (WireMock's near-miss). */
export type StubMatch = { stub: Stub } | { nearMiss: { stub: string; differs: string[] } } | undefined;

class Stub {
  hits = 0;
  remaining: number | undefined;
  constructor(
    readonly id: string,
    readonly order: number,
    readonly definition: StubDefinition,
  ) {
    this.remaining = definition.times;
  }

  get priority(): number {
    return this.definition.priority ?? DEFAULT_PRIORITY;
  }

  /** The answer it gives (a fault's envelope, or its own), without the drop or delay a fault may add. */
  answer(): Answer {
    const { response, fault } = this.definition;
    if (fault !== undefined) return faultAnswer(fault);
    const headers = Object.fromEntries(Object.entries(response!.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    return { status: response!.status, body: response!.body ?? null, headers, ...(response!.body === undefined && { json: '' }) };
  }

  /** Read back: the key never, only its masked form (D59). */
  snapshot(): StubState {
    const { request, ...rest } = structuredClone(this.definition);
    const shown = request.key === undefined ? request : { ...request, key: maskKey(request.key) };
    return {
      id: this.id,
      ...rest,
      request: shown,
      priority: this.priority,
      ...(this.remaining !== undefined && { remaining: this.remaining }),
      hits: this.hits,
    };
  }
}

/**
 * A mock's stubs (issue 30): answers declared by the test, tried before the mock's own rules and
 * faults, lowest `priority` first and, at equal priority, in the order they were added (a playback
 * file's exchanges answer in their order). Scenario states live here too: a stub may require one and move it.
 */
export class StubSet {
  #stubs: Stub[] = [];
  #next = 1;
  #scenarios = new Map<string, string>();

  constructor(initial: readonly StubDefinition[] = []) {
    for (const stub of initial) this.add(stub);
  }

  get size(): number {
    return this.#stubs.length;
  }

  /** Adds a stub already checked by {@link stubIssues}; `undefined` when the set is full. */
  add(definition: StubDefinition): StubState | undefined {
    if (this.#stubs.length >= MAX_STUBS) return undefined;
    const order = this.#next++;
    const stub = new Stub(`stub-${order}`, order, structuredClone(definition));
    const at = this.#stubs.findIndex((other) => other.priority > stub.priority);
    this.#stubs.splice(at === -1 ? this.#stubs.length : at, 0, stub);
    return stub.snapshot();
  }

  list = (): StubState[] => this.#stubs.map((stub) => stub.snapshot());
  get = (id: string): StubState | undefined => this.#stubs.find((stub) => stub.id === id)?.snapshot();

  delete(id: string): boolean {
    const before = this.#stubs.length;
    this.#stubs = this.#stubs.filter((stub) => stub.id !== id);
    return this.#stubs.length < before;
  }

  clear(): void {
    this.#stubs = [];
  }

  /** Every scenario a stub names, and the state it is in. */
  scenarios(): ScenarioState[] {
    const names = new Set([...this.#stubs.flatMap((stub) => stub.definition.scenario?.name ?? []), ...this.#scenarios.keys()]);
    return [...names].map((name) => ({ name, state: this.#scenarios.get(name) ?? STARTED }));
  }

  /** Every scenario back to `Started`. */
  resetScenarios(): void {
    this.#scenarios.clear();
  }

  /** Whether a stub names this path: the request is then the mock's, whatever the path (D161). */
  names(path: string): boolean {
    return this.#stubs.some((stub) => stub.definition.request.path === path);
  }

  /** The stub that answers `request` (counted, its scenario moved), or the nearest miss when none does. */
  match(request: StubRequest): StubMatch {
    let nearest: { stub: Stub; differs: string[]; weight: number } | undefined;
    for (const stub of this.#stubs) {
      const differs = this.#differences(stub, request);
      if (differs.length === 0) {
        if (stub.remaining !== undefined) stub.remaining--;
        stub.hits++;
        const scenario = stub.definition.scenario;
        if (scenario?.next !== undefined) this.#scenarios.set(scenario.name, scenario.next);
        return { stub };
      }
      // A stub of another path or method is a far miss: one that differs in a field of the body is nearer.
      const weight = differs.length + (differs.includes('path') ? 100 : 0) + (differs.includes('method') ? 10 : 0);
      if (nearest === undefined || weight < nearest.weight) nearest = { stub, differs, weight };
    }
    return nearest && { nearMiss: { stub: nearest.stub.id, differs: nearest.differs } };
  }

  #differences(stub: Stub, request: StubRequest): string[] {
    const wanted = stub.definition.request;
    const differs: string[] = [];
    if (wanted.method.toUpperCase() !== request.method) differs.push('method');
    if (wanted.path !== request.path) differs.push('path');
    for (const [name, value] of Object.entries(wanted.query ?? {})) {
      const given = request.url.searchParams.getAll(name);
      const expected = typeof value === 'string' ? [value] : value;
      if (given.length !== expected.length || given.some((item, index) => item !== expected[index])) differs.push(`query.${name}`);
    }
    for (const [name, value] of Object.entries(wanted.headers ?? {}))
      if (request.headers.get(name.toLowerCase()) !== value) differs.push(`header.${name.toLowerCase()}`);
    if (wanted.key !== undefined && request.headers.get('x-api-key') !== wanted.key) differs.push('key');
    if (wanted.body !== undefined) differs.push(...bodyDifferences(wanted.body, parse(request.text), 'body'));
    const scenario = stub.definition.scenario;
    if (scenario !== undefined && (this.#scenarios.get(scenario.name) ?? STARTED) !== (scenario.state ?? STARTED)) differs.push(`scenario.${scenario.name}`);
    if (stub.remaining === 0) differs.push('times');
    return differs;
  }
}

/** A body's text as JSON, or the text itself when it is none. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Where a request's body differs from a stub's: a partial match, as WireMock's `equalToJson` with extra
 * fields ignored. Every field the stub gives must be there and equal (objects compared field by field, so
 * a request may carry more), arrays and scalars whole.
 */
function bodyDifferences(wanted: unknown, given: unknown, field: string): string[] {
  if (isPlainObject(wanted)) {
    if (!isPlainObject(given)) return [field];
    return Object.entries(wanted).flatMap(([name, value]) => bodyDifferences(value, Object.hasOwn(given, name) ? given[name] : undefined, `${field}.${name}`));
  }
  return JSON.stringify(wanted) === JSON.stringify(given) ? [] : [field];
}

/** The stub's fault as the pipeline's fault flow reads it. */
export const stubFault = (stub: Stub): ServiceFault | undefined => stub.definition.fault;
export type { Stub };
