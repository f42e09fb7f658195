import type { Answer } from '../answer-types.js';
import { PATHS } from '@flight-search/contract';
import type { FaultRoute, Product } from '../types.js';
import type { RouteContext } from './context.js';
import { historyRoute } from './history.js';
import { quotaRoute } from './quota.js';
import { searchRoute } from './search.js';

export interface Route {
  /** The route's name for faults. */
  name: Exclude<FaultRoute, 'all'>;
  method: string;
  path: string;
  /** The product the key needs (`AUTH-3`). */
  product: Product;
  run(context: RouteContext): Answer | Promise<Answer>;
}

/** The service's three operations (paths from openapi.yaml). */
const ROUTES: readonly Route[] = [
  { name: 'search', method: 'POST', path: PATHS.search, product: 'search', run: searchRoute },
  { name: 'history', method: 'GET', path: PATHS.history, product: 'history', run: historyRoute },
  { name: 'quota', method: 'GET', path: PATHS.quota, product: 'search', run: quotaRoute },
];

export type RouteMatch = { route: Route; path: string } | { route: undefined; path: string; allow?: string };

/** The `Allow` header of a service path (405, D60; GET allows HEAD), or `undefined` for another path. */
export function allowedMethods(path: string): string | undefined {
  const methods = ROUTES.filter((route) => route.path === path).flatMap((route) =>
    route.method === 'GET' ? ['GET', 'HEAD'] : [route.method],
  );
  return methods.length === 0 ? undefined : methods.join(', ');
}

/**
 * The route of a request: `null` when it is not the service's, so msw passes it on;
 * `{ route: undefined }` for an unknown path under `baseUrl` (404 envelope, D11).
 */
export function matchRoute(url: URL, method: string, baseUrls: readonly string[] | undefined): RouteMatch | null {
  let path = url.pathname;
  if (baseUrls !== undefined) {
    const here = url.origin + url.pathname;
    const baseUrl = baseUrls.find((base) => here === base || here.startsWith(`${base}/`));
    if (baseUrl === undefined) return null;
    path = here.slice(baseUrl.length) || '/';
  }
  const wanted = method === 'HEAD' ? 'GET' : method;
  const route = ROUTES.find((candidate) => candidate.path === path && candidate.method === wanted);
  if (route) return { route, path };
  if (baseUrls === undefined) return null;
  const allow = allowedMethods(path);
  return allow === undefined ? { route: undefined, path } : { route: undefined, path, allow };
}
