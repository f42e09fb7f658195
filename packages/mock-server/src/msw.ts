import { http, type HttpResponseResolver, type RequestHandler } from 'msw';
import { PATHS } from '@flight-search/contract';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * msw handlers over `handle` (the one entry of the rules). With any origin they
 * match only the service's three paths, so a consumer's other requests still
 * reach msw's `onUnhandledRequest` (D11); with a `baseUrl` one catch-all
 * handler covers everything under it (unknown paths get a 404 envelope).
 */
export function createHandlers(
  handle: (request: Request) => Promise<Response | null>,
  baseUrl: string | undefined,
): RequestHandler[] {
  const resolver: HttpResponseResolver = async ({ request }) => (await handle(request)) ?? undefined;
  if (baseUrl !== undefined) {
    return [http.all(new RegExp(`^${escape(baseUrl)}(?:/.*)?$`), resolver)];
  }
  // msw matches a RegExp against the URL without query or fragment.
  const anyOrigin = (path: string) => new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+${escape(path)}$`, 'i');
  return [
    http.post(anyOrigin(PATHS.search), resolver),
    http.get(anyOrigin(PATHS.history), resolver),
    http.get(anyOrigin(PATHS.quota), resolver),
  ];
}
