import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { expect } from 'vitest';
import type { CoreResult, MockRequest, PlainAnswer } from '../../src/answer-types.js';
import { contractViolations, controlContractViolations } from './contract.js';

/**
 * The one check every answer of the mock goes through in the test suites:
 * each answer is queued here with the request that caused it, validated
 * against openapi.yaml (operation, status, media type, schema), and
 * `expectContractKept()` (an `afterEach` of the setup file) fails the test
 * whose requests got an answer outside the contract. Control API answers
 * (`/__mock...`) are checked the same way against control-api.yaml.
 *
 * Two places feed it: the mock's one entry, `answerRequest()` (wrapped by the
 * setup file, so the answers of the msw handlers, of `mock.handle` and of the
 * standalone server are all seen), and every answer a node:http server of this
 * process writes (the standalone server's own 404, 413 and 500 envelopes, and
 * what it made of the mock's answers).
 */
const pending: Promise<string[]>[] = [];

let checkedByCaller = false;

/**
 * Runs `run` while its caller checks every answer itself (the property tests
 * call `contractViolations` on each generated case, so a failure shrinks to
 * one case): the hook does not check those answers a second time.
 */
export async function checkedByTheCaller<T>(run: () => Promise<T>): Promise<T> {
  checkedByCaller = true;
  try {
    return await run();
  } finally {
    checkedByCaller = false;
  }
}

/**
 * Queues the check of one answer; `text` is its body, `null` when it never arrived whole (nothing to check).
 * A control answer (`/__mock...`) is checked against control-api.yaml.
 */
export function checkAnswer(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  text: Promise<string | null> | string,
): void {
  if (checkedByCaller) return;
  const check = isControlPath(path) ? controlContractViolations : contractViolations;
  pending.push(Promise.resolve(text).then((body) => (body === null ? [] : check(method, path, status, headers, body))));
}

const isControlPath = (path: string) => path === '/__mock' || path.startsWith('/__mock/');

/** Waits for every queued check and fails when one answer broke openapi.yaml; the queue is emptied. */
export async function expectContractKept(): Promise<void> {
  // An answer written just before the test ended reports 'finish' on the next turn of the loop.
  await new Promise((resolve) => setImmediate(resolve));
  const violations = (await Promise.all(pending.splice(0))).flat();
  expect(
    violations,
    'every answer of the mock validates against openapi.yaml (control answers: control-api.yaml)',
  ).toEqual([]);
}

/** The path of the operation under the mock's `baseUrl` (the whole path with any origin). */
function operationPath(url: string, baseUrls: readonly string[] | undefined): string {
  const parsed = new URL(url);
  const here = parsed.origin + parsed.pathname;
  const baseUrl = baseUrls?.find((base) => here === base || here.startsWith(`${base}/`));
  if (baseUrl === undefined) return parsed.pathname;
  return here.slice(baseUrl.length) || '/';
}

type Answer<State> = (state: State, request: MockRequest) => Promise<CoreResult>;

/** `answerRequest` of src/answer.ts (the mock's one entry), with each answer queued for the contract check. */
export function validatingAnswer<State extends { options: { baseUrls: readonly string[] | undefined } }>(
  answer: Answer<State>,
): Answer<State> {
  return async (state, request) => {
    const result = await answer(state, request);
    // `null` is not the service's request; an abandoned request or a dropped connection is no answer.
    if (result !== null && typeof result === 'object') {
      checkAnswer(
        request.method,
        operationPath(request.url, state.options.baseUrls),
        result.status,
        new Headers(result.headers),
        bodyText(result.body),
      );
    }
    return result;
  };
}

/** An answer's body as text (a HEAD answer too carries GET's body here: the adapters leave it out). */
function bodyText(body: PlainAnswer['body']): string {
  if (typeof body === 'string') return body;
  const decoder = new TextDecoder();
  if (body instanceof Uint8Array) return decoder.decode(body);
  return body.chunks.join('');
}

/** Answers of a node:http server in no contract: CORS preflights and the contract file (control answers are checked against control-api.yaml). */
const outsideContract = (method: string, path: string, status: number) =>
  (method === 'OPTIONS' && status === 204) || path === '/openapi.yaml';

let watchingFetch = false;

/**
 * Checks every control answer (`/__mock...`) the tests receive through `fetch`, so the answers of a
 * mock CLI in a child process (which no hook of this process sees) are held to control-api.yaml too.
 * An in-process server's answer is then checked twice, by the same rule.
 */
export function watchFetchedControlAnswers(): void {
  if (watchingFetch) return;
  watchingFetch = true;
  const fetchAnswer = globalThis.fetch;
  // A body cut off (the test aborted it, the CLI was killed) was no answer the test saw: it is not checked.
  globalThis.fetch = async (input, init) => {
    const response = await fetchAnswer(input, init);
    const path = response.url ? new URL(response.url).pathname : '';
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (isControlPath(path) && !outsideContract(method, path, response.status))
      checkAnswer(
        method,
        path,
        response.status,
        response.headers,
        response
          .clone()
          .text()
          .catch(() => null),
      );
    return response;
  };
}

let watchingHttp = false;

const NOT_THE_SERVICE = Symbol.for('@flight-search/contract-hook.not-the-service');

/**
 * Marks a node:http server of a test as not the service (the SDK's proxy in front of the mock,
 * which answers under its own prefix): its answers are not checked against openapi.yaml. The
 * mock's answers behind it still are.
 */
export function notTheService<T extends object>(server: T): T {
  Object.defineProperty(server, NOT_THE_SERVICE, { value: true });
  return server;
}

/**
 * Watches every answer a node:http server of this process writes to its end
 * (Node's `http.server.request.start` diagnostics channel), so the standalone
 * server's own envelopes are checked too. An answer cut off by a disconnect
 * never finishes and is not checked: no client saw it.
 */
export function watchHttpServers(): void {
  if (watchingHttp) return;
  watchingHttp = true;
  subscribe('http.server.request.start', (message) => {
    const { request, response, server } = message as {
      request: IncomingMessage;
      response: ServerResponse;
      server?: object;
    };
    if (server !== undefined && NOT_THE_SERVICE in server) return;
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    let written: OutgoingHttpHeaders = {};
    const { writeHead, write, end } = response;
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const headers = args.find((arg) => typeof arg === 'object' && arg !== null);
      if (headers && !Array.isArray(headers)) written = { ...written, ...(headers as OutgoingHttpHeaders) };
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    response.once('finish', () => {
      const method = request.method ?? 'GET';
      const target = request.url ?? '/';
      const path = new URL(target, 'http://server.test').pathname;
      if (outsideContract(method, path, response.statusCode)) return;
      const headers = new Headers();
      for (const [name, value] of Object.entries({ ...response.getHeaders(), ...written })) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      checkAnswer(method, path, response.statusCode, headers, Buffer.concat(chunks).toString('utf8'));
    });
  });
}
