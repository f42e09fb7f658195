import type { Answer } from '../answer.js';
import { PATHS } from '../generated/contract.js';
import type { Product } from '../types.js';
import type { RouteContext } from './context.js';
import { historyRoute } from './history.js';
import { quotaRoute } from './quota.js';
import { searchRoute } from './search.js';

export interface Route {
  method: string;
  path: string;
  /** The product the key needs (`AUTH-3`). */
  product: Product;
  run(context: RouteContext): Answer | Promise<Answer>;
}

/** The service's three operations (paths from openapi.yaml). */
export const ROUTES: readonly Route[] = [
  { method: 'POST', path: PATHS.search, product: 'search', run: searchRoute },
  { method: 'GET', path: PATHS.history, product: 'history', run: historyRoute },
  { method: 'GET', path: PATHS.quota, product: 'search', run: quotaRoute },
];

export type RouteMatch = { route: Route; path: string } | { route: undefined; path: string };

/**
 * The route of a request: `null` when it is not the service's (another origin,
 * or, with any origin, a path or method the service does not have), so msw
 * passes it on; `{ route: undefined }` for an unknown path under `baseUrl` (404 envelope, D11).
 */
export function matchRoute(url: URL, method: string, baseUrl: string | undefined): RouteMatch | null {
  let path = url.pathname;
  if (baseUrl !== undefined) {
    const here = url.origin + url.pathname;
    if (here !== baseUrl && !here.startsWith(`${baseUrl}/`)) return null;
    path = here.slice(baseUrl.length) || '/';
  }
  // HEAD is answered as GET (the adapters send no body with it).
  const wanted = method === 'HEAD' ? 'GET' : method;
  const route = ROUTES.find((candidate) => candidate.path === path && candidate.method === wanted);
  if (route) return { route, path };
  return baseUrl === undefined ? null : { route: undefined, path };
}
