import { http, type HttpResponseResolver, type RequestHandler } from 'msw';
import { PATHS } from '@flight-search/contract';
import type { AnswerEntry } from './answer-types.js';
import { answerFetch } from './fetch.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * msw handlers over `answer` (the mock's one entry into its rules), through the
 * same Fetch adapter as `mock.handle`. With any origin they
 * match only the service's three paths, so a consumer's other requests still
 * reach msw's `onUnhandledRequest` (D11); with a `baseUrl` one catch-all
 * handler covers everything under it (unknown paths get a 404 envelope).
 */
export function createHandlers(answer: AnswerEntry, baseUrl: string | undefined): RequestHandler[] {
  const resolver: HttpResponseResolver = async ({ request }) => (await answerFetch(answer, request)) ?? undefined;
  if (baseUrl !== undefined) {
    return [http.all(new RegExp(`^${escapeRegExp(baseUrl)}(?:/.*)?$`), resolver)];
  }
  // msw matches a RegExp against the URL without query or fragment.
  const anyOrigin = (path: string) => new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+${escapeRegExp(path)}$`, 'i');
  return [http.post(anyOrigin(PATHS.search), resolver), http.get(anyOrigin(PATHS.history), resolver), http.get(anyOrigin(PATHS.quota), resolver)];
}
