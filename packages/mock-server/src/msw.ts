import { http, type HttpHandler, type HttpResponseResolver, type RequestHandler } from 'msw';
import { PATHS, type paths } from '@flight-search/contract';
import type { AnswerEntry } from './answer-types.js';
import { answerFetch } from './fetch.js';
import type { MockStateSnapshot } from './core.js';

/**
 * msw handlers over `answer`, through the Fetch adapter of `mock.handle`: under each base URL a handler per
 * operation and a catch-all (404 envelope, D11); with `'*'` the operations' paths on any origin only.
 */
export function createHandlers(answer: AnswerEntry, baseUrls: readonly string[] | undefined): RequestHandler[] {
  const resolver: HttpResponseResolver = async ({ request }) => (await answerFetch(answer, request)) ?? undefined;
  const operations = (prefix: string) => OPERATIONS.map(([method, path]) => http[method](`${prefix}${path}`, resolver));
  if (baseUrls === undefined) return operations('*');
  const named = new Set(OPERATIONS.map(([method, path]) => `${method.toUpperCase()} ${path}`));
  return baseUrls.flatMap((base) => {
    // The rest under the base; what an operation's handler passed on was already answered `null`.
    const rest = http.all(`${base}/*`, (info) =>
      named.has(
        `${info.request.method} ${new URL(info.request.url).pathname.slice(new URL(base).pathname.replace(/\/$/, '').length)}`,
      )
        ? undefined
        : resolver(info),
    );
    rest.info.header = `all ${base}/*`;
    return [...operations(base), rest];
  });
}

const OPERATIONS = [
  ['post', PATHS.search],
  ['get', PATHS.history],
  ['get', PATHS.quota],
] as const;

/** The error of a mock made without `baseUrl` whose msw handlers are asked for (D127). */
export function missingBaseUrl(where: string): TypeError {
  return new TypeError(
    `${where}: option "baseUrl" is needed for msw handlers: the URL your client calls ('https://api.example.com', or a list of them), or '*' to answer the three paths on any origin.`,
  );
}

type HttpMethodName = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** A path of the contract (openapi.yaml). */
export type ServicePath = keyof paths;
/** A method `path` has in the contract, lower-case as openapi-typescript writes it. */
export type ServiceMethod<P extends ServicePath> = {
  [M in HttpMethodName]: [NonNullable<paths[P][M]>] extends [never] ? never : M;
}[HttpMethodName];
type Operation<P extends ServicePath, M extends ServiceMethod<P>> = NonNullable<paths[P][M]>;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON request body of an operation, `undefined` for one that has none. */
export type ServiceRequestBody<P extends ServicePath, M extends ServiceMethod<P>> =
  Operation<P, M> extends { requestBody: infer Body } ? JsonOf<Body> : undefined;
/** An answer the contract allows for the operation: one of its declared statuses with that status's JSON body. */
export type ServiceAnswer<P extends ServicePath, M extends ServiceMethod<P>> = {
  [S in keyof Operation<P, M>['responses']]: {
    /** A status the operation declares. */
    status: S;
    /** The JSON body openapi.yaml gives that status. */
    body: JsonOf<Operation<P, M>['responses'][S]>;
    /** Headers to add to the answer, such as `Retry-After`. */
    headers?: Record<string, string>;
  };
}[keyof Operation<P, M>['responses']];

/** What an {@link override} resolver returns: a contract answer, any `Response` (untyped), or `undefined` to leave the request to the mock. */
export type OverrideResult<P extends ServicePath, M extends ServiceMethod<P>> =
  | ServiceAnswer<P, M>
  | Response
  | undefined;

/**
 * A handler for `server.use` answering one operation under the mock's base URL(s), typed from openapi.yaml:
 * `path`, `method`, the `body` read and the answer returned must be the contract's. A body that is not JSON goes to the mock.
 *
 * @example
 * const mock = createFlightSearchMock({ baseUrl: 'https://api.example.com' });
 * const server = setupServer(...mock.handlers);
 * server.use(
 *   override(mock, 'post', '/flights/search', ({ body }) =>
 *     body.origin === 'GRU'
 *       ? { status: 402, body: { error: { code: 'HTTP_ERROR', message: 'No quota.', correlationId: 'c-1', details: { requiredUnits: 1, remainingUnits: 0 } } } }
 *       : undefined, // every other search: the mock answers
 *   ),
 * );
 */
export function override<P extends ServicePath, M extends ServiceMethod<P>>(
  mock: { state(): Pick<MockStateSnapshot, 'options'> },
  method: M,
  path: P,
  // NoInfer: the answer is checked against the operation, not read into it.
  resolver: NoInfer<
    (info: { request: Request; body: ServiceRequestBody<P, M> }) => OverrideResult<P, M> | Promise<OverrideResult<P, M>>
  >,
): HttpHandler {
  const baseUrl = mock.state().options.baseUrl;
  if (baseUrl === null) throw missingBaseUrl('override');
  const bases = typeof baseUrl === 'string' ? [baseUrl] : baseUrl;
  const handle: HttpResponseResolver = async ({ request }) => {
    let body: unknown;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      try {
        body = await request.clone().json();
      } catch {
        return undefined;
      }
    }
    const result = await resolver({ request, body: body as ServiceRequestBody<P, M> });
    if (result === undefined || result instanceof Response) return result;
    return Response.json(result.body, { status: Number(result.status), headers: result.headers });
  };
  const at = bases.map((base) => `${base}${path}`);
  const handler = http[method as 'get'](
    at.length === 1 ? at[0]! : new RegExp(`^(?:${at.map(escapeRegExp).join('|')})$`),
    handle,
  );
  handler.info.header = `${method.toUpperCase()} ${at.join(', ')} (override)`;
  return handler;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
