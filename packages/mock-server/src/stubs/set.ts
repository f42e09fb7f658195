import { utf8Length } from '../answer-types.js';
import { mulberry32 } from '../data/random/index.js';
import { maskKey } from '../recording/mask.js';
import type { SettingIssue } from '../settings.js';
import type { ScenarioState, StubDefinition, StubState } from '../types.js';
import { differences } from './matchers.js';

/** WireMock's default priority and first scenario state. */
const DEFAULT_PRIORITY = 5;
const STARTED = 'Started';

/** What the stubs may hold (bytes of their JSON): rows of the option table. */
export interface StubLimits {
  stubsCap: number;
  stubBytes: number;
  stubsBytes: number;
  keyStateBytes: number;
}

/** The request a stub is matched against. */
export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  headers: Pick<Headers, 'get'>;
  text: string;
  /** The body as JSON (its text when it is none), parsed once. */
  json(): unknown;
}

/** The stubs used in order (those that pass the request on, then the one that answers), or the nearest miss. */
export interface StubMatch {
  used: Stub[];
  nearMiss?: { stub: string; differs: string[] };
}

/** The scope of a definition: the literal key its request names, or `undefined` (global). */
const scopeOf = (definition: StubDefinition): string | undefined =>
  typeof definition.request.key === 'string' ? definition.request.key : undefined;
/** A stub that only delays or trickles, and passes the request on. */
const passesOn = ({ fault }: StubDefinition) =>
  fault !== undefined && fault.status === undefined && fault.drop === undefined;
/** `setFault`'s and `setProgramBehavior`'s stubs: their misses are no news to a test. */
const shortcut = (definition: StubDefinition) => /^(fault|program):/.test(definition.name ?? '');
const isFault = (definition: StubDefinition) => definition.name?.startsWith('fault:') === true;

export class Stub {
  hits = 0;
  remaining: number | undefined;
  readonly scope: string | undefined;
  #random: (() => number) | undefined;
  constructor(
    readonly id: string,
    readonly order: number,
    readonly definition: StubDefinition,
    readonly bytes: number,
    seed: number,
  ) {
    this.remaining = definition.times;
    this.scope = scopeOf(definition);
    if (definition.fraction !== undefined) this.#random = mulberry32(seed ^ Math.imul(order, 0x9e3779b1));
  }

  /** Whether this request is one of its `fraction`. */
  take(): boolean {
    return this.#random === undefined || this.#random() < this.definition.fraction!;
  }

  get priority(): number {
    return this.definition.priority ?? DEFAULT_PRIORITY;
  }

  /** Read back, the key masked (D59). */
  snapshot(): StubState {
    const { request, ...rest } = structuredClone(this.definition);
    const headers = Object.entries(request.headers ?? {}).map(([name, value]) => [
      name,
      name.toLowerCase() === 'x-api-key' ? masked(value) : value,
    ]);
    return {
      id: this.id,
      ...rest,
      request: {
        ...request,
        ...(request.key !== undefined && { key: masked(request.key) }),
        ...(request.headers && { headers: Object.fromEntries(headers) }),
      },
      priority: this.priority,
      scope: this.scope === undefined ? 'global' : 'key',
      ...(this.remaining !== undefined && { remaining: this.remaining }),
      hits: this.hits,
    };
  }
}

/**
 * A mock's stubs (every override of its answers), tried lowest `priority` first, then in the order added.
 * A stub whose `request.key` is a literal key matches only that key's requests; its scenarios are the key's.
 */
export class StubSet {
  #stubs: Stub[] = [];
  #next = 1;
  #bytes = 0;
  /** Scenario states by `key\0name` (the key empty for the global scope). */
  #scenarios = new Map<string, string>();

  constructor(
    readonly limits: StubLimits,
    readonly seed: number,
  ) {}

  get size(): number {
    return this.#stubs.length;
  }

  /** The limit `definition` breaks (in place of stub `id`, when given). */
  limitIssues(definition: StubDefinition, id?: string): SettingIssue[] {
    const bytes = utf8Length(JSON.stringify(definition));
    const old = id === undefined ? undefined : this.#stubs.find((stub) => stub.id === id);
    const scope = scopeOf(definition);
    const inScope = this.#stubs.reduce(
      (sum, stub) => sum + (stub !== old && stub.scope === scope && scope !== undefined ? stub.bytes : 0),
      0,
    );
    const over = (limit: keyof StubLimits, what: string) => ({
      field: '',
      type: 'out_of_range' as const,
      message: `${what} (the ${limit} limit).`,
    });
    if (old === undefined && this.#stubs.length >= this.limits.stubsCap)
      return [
        over(
          'stubsCap',
          `is one too many: the mock holds at most ${this.limits.stubsCap} stubs; delete some, or reset`,
        ),
      ];
    if (bytes > this.limits.stubBytes)
      return [over('stubBytes', `must be at most ${this.limits.stubBytes} bytes of JSON (it has ${bytes})`)];
    if (this.#bytes - (old?.bytes ?? 0) + bytes > this.limits.stubsBytes)
      return [
        over('stubsBytes', `would take the stubs past ${this.limits.stubsBytes} bytes in all; delete some, or reset`),
      ];
    if (scope !== undefined && inScope + bytes > this.limits.keyStateBytes)
      return [over('keyStateBytes', `would take this key's stubs past ${this.limits.keyStateBytes} bytes`)];
    return [];
  }

  /** Stores a checked stub; with `id`, in place of that stub (its hits and scenario start again). */
  put(definition: StubDefinition, id?: string): Stub {
    const old = id === undefined ? undefined : this.#stubs.find((stub) => stub.id === id);
    const order = old?.order ?? this.#next++;
    const stub = new Stub(
      old?.id ?? `stub-${order}`,
      order,
      structuredClone(definition),
      utf8Length(JSON.stringify(definition)),
      this.seed,
    );
    if (old) this.#remove([old]);
    const at = this.#stubs.findIndex(
      (other) => other.priority > stub.priority || (other.priority === stub.priority && other.order > stub.order),
    );
    this.#stubs.splice(at === -1 ? this.#stubs.length : at, 0, stub);
    this.#bytes += stub.bytes;
    return stub;
  }

  /** The stubs in the order tried: every scope's, or one's (a key, or `null` for the global one). */
  list(scope?: string | null): Stub[] {
    return scope === undefined ? [...this.#stubs] : this.#stubs.filter((stub) => stub.scope === (scope ?? undefined));
  }

  get = (id: string): Stub | undefined => this.#stubs.find((stub) => stub.id === id);
  named = (name: string, scope: string | undefined): Stub | undefined =>
    this.#stubs.find((stub) => stub.definition.name === name && stub.scope === scope);

  /** Removes the stubs `which` selects (all without it); how many went. */
  delete(which: (stub: Stub) => boolean = () => true): number {
    const gone = this.#stubs.filter(which);
    this.#remove(gone);
    return gone.length;
  }

  #remove(gone: Stub[]): void {
    if (gone.length === 0) return;
    this.#stubs = this.#stubs.filter((stub) => !gone.includes(stub));
    for (const stub of gone) this.#bytes -= stub.bytes;
    const named = new Set(
      this.#stubs.flatMap((stub) =>
        stub.definition.scenario ? [scenarioKey(stub.scope, stub.definition.scenario.name)] : [],
      ),
    );
    for (const key of this.#scenarios.keys()) if (!named.has(key)) this.#scenarios.delete(key);
  }

  /** Every scenario the stubs of `scope` name, and its state. */
  scenarios(scope: string | undefined): ScenarioState[] {
    const names = new Set(this.list(scope ?? null).flatMap((stub) => stub.definition.scenario?.name ?? []));
    return [...names].map((name) => ({ name, state: this.#scenarios.get(scenarioKey(scope, name)) ?? STARTED }));
  }

  /** Sets a scenario of `scope` (`undefined`: back to `Started`); `false` when no stub of the scope names it. */
  setScenario(scope: string | undefined, name: string, state: string | undefined): boolean {
    if (!this.scenarios(scope).some((scenario) => scenario.name === name)) return false;
    if (state === undefined || state === STARTED) this.#scenarios.delete(scenarioKey(scope, name));
    else this.#scenarios.set(scenarioKey(scope, name), state);
    return true;
  }

  resetScenarios(scope: string | undefined): void {
    const prefix = scenarioKey(scope, '');
    for (const key of this.#scenarios.keys()) if (key.startsWith(prefix)) this.#scenarios.delete(key);
  }

  /** Whether a stub's path is `path`: the request is then the mock's, whatever the path (D161). */
  names(path: string): boolean {
    return this.#stubs.some((stub) => differences(stub.definition.request.path, path, 'path').length === 0);
  }

  /**
   * The stubs `request` uses (each counted, its scenario moved), `transient` ones (the request's headers)
   * tried among them; when none matched, the nearest of the test's own stubs and what differed.
   */
  match(request: StubRequest, transient: readonly Stub[] = []): StubMatch {
    const key = request.headers.get('x-api-key');
    const candidates =
      transient.length === 0
        ? this.#stubs
        : [...this.#stubs, ...transient].sort((a, b) => a.priority - b.priority || a.order - b.order);
    const used: Stub[] = [];
    // Scenarios move once the stubs are chosen: one that passes the request on does not open the next one's state.
    const moves: [string, string][] = [];
    let nearest: { stub: Stub; differs: string[]; weight: number } | undefined;
    // The request's header, or a fault, takes the place of every fault after it (D128, D183).
    let faulted = false;
    for (const stub of candidates) {
      if ((stub.scope !== undefined && stub.scope !== key) || (faulted && isFault(stub.definition))) continue;
      const differs = this.#differences(stub, request);
      if (differs.length === 0) {
        if (stub.remaining === 0 || !stub.take()) continue;
        if (stub.remaining !== undefined) stub.remaining--;
        stub.hits++;
        const scenario = stub.definition.scenario;
        if (scenario?.next !== undefined) moves.push([scenarioKey(stub.scope, scenario.name), scenario.next]);
        used.push(stub);
        faulted ||= stub.order < 0 || isFault(stub.definition);
        if (!passesOn(stub.definition)) break;
        continue;
      }
      if (shortcut(stub.definition) || used.length > 0) continue;
      const weight = differs.length + (differs.includes('path') ? 100 : 0) + (differs.includes('method') ? 10 : 0);
      if (nearest === undefined || weight < nearest.weight) nearest = { stub, differs, weight };
    }
    for (const [name, state] of moves) this.#scenarios.set(name, state);
    if (used.length > 0 || nearest === undefined) return { used };
    return { used, nearMiss: { stub: nearest.stub.id, differs: nearest.differs.slice(0, 10) } };
  }

  #differences(stub: Stub, request: StubRequest): string[] {
    const differs = requestDifferences(stub.definition.request, request);
    const scenario = stub.definition.scenario;
    if (
      scenario !== undefined &&
      (this.#scenarios.get(scenarioKey(stub.scope, scenario.name)) ?? STARTED) !== (scenario.state ?? STARTED)
    )
      differs.push(`scenario.${scenario.name}`);
    if (stub.remaining === 0) differs.push('times');
    return differs;
  }
}

/** Where `request` differs from a stub's `request` or a journal query's. */
export function requestDifferences(wanted: Partial<StubDefinition['request']>, request: StubRequest): string[] {
  const method = typeof wanted.method === 'string' ? wanted.method.toUpperCase() : wanted.method;
  const differs = [
    ...(method === undefined ? [] : differences(method, request.method, 'method')),
    ...(wanted.path === undefined ? [] : differences(wanted.path, request.path, 'path')),
  ];
  for (const [name, value] of Object.entries(wanted.query ?? {}))
    differs.push(
      ...differences(Array.isArray(value) ? value : [value], request.url.searchParams.getAll(name), `query.${name}`),
    );
  for (const [name, value] of Object.entries(wanted.headers ?? {}))
    differs.push(
      ...differences(value, request.headers.get(name.toLowerCase()) ?? undefined, `header.${name.toLowerCase()}`),
    );
  if (
    wanted.key !== undefined &&
    differences(wanted.key, request.headers.get('x-api-key') ?? undefined, 'key').length > 0
  )
    differs.push('key');
  if (wanted.body !== undefined) differs.push(...differences(wanted.body, request.json(), 'body'));
  return differs;
}

/** A key or its matcher as read back: masked (D59), a pattern or part of a key never shown. */
function masked(value: StubDefinition['request']['key']): StubDefinition['request']['key'] {
  if (typeof value === 'string') return maskKey(value);
  if (value !== undefined && 'equalTo' in value) return { equalTo: maskKey(String(value.equalTo)) };
  return value !== undefined && 'contains' in value ? { contains: '[redacted]' } : { matches: '[redacted]' };
}

const scenarioKey = (scope: string | undefined, name: string) => `${scope ?? ''}\0${name}`;
