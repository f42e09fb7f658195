import type { IncomingMessage } from 'node:http';
import { sendable, type JsonAnswer } from './json.js';
import { errorEnvelope } from '../errors/envelopes.js';

/** The names a control request may be addressed to besides the `host` option and `allowedHosts` (each with the server's port). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const CONTROL_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/** Who may use the control API (D28): requests addressed to the server's own names, from a browser only `origins`. */
export interface ControlAccess {
  /** Exact origins (`http://localhost:5173`) whose pages may call the control API. */
  origins: readonly string[];
  /** `name:port` pairs (lower case) a control request's Host may name. */
  hosts: ReadonlySet<string>;
}

/** The control access of a server on `port`: the loopback names, `host` and `allowedHosts` with it (or their own port). */
export function controlAccess(
  host: string,
  port: number,
  allowedHosts: readonly string[],
  origins: readonly string[],
): ControlAccess {
  const hosts = new Set<string>();
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  for (const name of [...LOOPBACK_NAMES, bracketed, ...allowedHosts]) {
    const given = splitHost(name.toLowerCase());
    hosts.add(`${given.name}:${given.port ?? port}`);
  }
  return { origins, hosts };
}

/** Why a control request is refused (a 403), or `undefined`; checked before the body is read. */
export function controlRefusal(req: IncomingMessage, access: ControlAccess): JsonAnswer | undefined {
  const wrongHost = hostRefusal(requestHost(req), access, 'The control API');
  if (wrongHost !== undefined) return wrongHost;
  const origin = req.headers.origin;
  if (origin !== undefined && !access.origins.includes(origin)) {
    return sendable(
      errorEnvelope(
        403,
        'FORBIDDEN',
        `The control API does not answer pages of other origins; ${JSON.stringify(origin.slice(0, 200))} is not allowed. Allow it with --control-origin (controlOrigins).`,
      ),
    );
  }
  return undefined;
}

/** The 403 for a request addressed to `host` not in `access.hosts` (DNS rebinding), or `undefined`; the proxy runs it too (D85). */
export function hostRefusal(
  host: string | undefined,
  access: Pick<ControlAccess, 'hosts'>,
  who: string,
): JsonAnswer | undefined {
  if (host !== undefined && access.hosts.has(normalizedHost(host))) return undefined;
  const named = host === undefined ? 'no Host' : `Host ${JSON.stringify(host.slice(0, 100))}`;
  return sendable(
    errorEnvelope(
      403,
      'FORBIDDEN',
      `${who} answers only requests addressed to this server (localhost, 127.0.0.1, [::1] or its --host, with its port); this one has ${named}. Add the name with --allowed-host (allowedHosts).`,
    ),
  );
}

/** The CORS headers of an allowed control request: its own origin echoed (never `*`), or none without an Origin. */
export function controlCorsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin === undefined ? {} : { 'access-control-allow-origin': origin, vary: 'Origin' };
}

/** The extra headers of an allowed control preflight. */
export function controlPreflightHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  return {
    'access-control-allow-methods': CONTROL_METHODS,
    ...(requested ? { 'access-control-allow-headers': requested } : {}),
    'access-control-max-age': '600',
  };
}

/** Why `origin` cannot be a control origin, or `undefined`: it must be an exact `scheme://host[:port]`. */
export function originProblem(origin: unknown): string | undefined {
  if (typeof origin !== 'string') return 'must be a string';
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `must be an origin such as http://localhost:5173, got ${JSON.stringify(origin)}`;
  }
  if (url.origin !== origin)
    return `must be an origin such as http://localhost:5173 (scheme, host and port only, no trailing slash), got ${JSON.stringify(origin)}`;
  return undefined;
}

const HOST_NAME =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/i;

/** Why `host` cannot be an allowed host, or `undefined`: a host name or address, optionally with `:port`. */
export function allowedHostProblem(host: unknown): string | undefined {
  if (typeof host !== 'string') return 'must be a string';
  const match = HOST_NAME.exec(host);
  const port = match?.[3];
  if (match === null || (port !== undefined && Number(port) > 65_535)) {
    return `must be a host name such as mock or mock:4010 (no scheme, no path), got ${JSON.stringify(host)}`;
  }
  return undefined;
}

/** The host a request is addressed to: an absolute-form target's authority wins over the Host header (RFC 9112, 3.2.2). */
function requestHost(req: IncomingMessage): string | undefined {
  const target = req.url ?? '/';
  if (!target.startsWith('/')) {
    try {
      const host = new URL(target).host;
      if (host !== '') return host;
    } catch {
      // Not a URL: the Host header says where it was sent.
    }
  }
  return req.headers.host;
}

/** `name:port` in lower case, port 80 when the Host names none. */
function normalizedHost(host: string): string {
  const { name, port } = splitHost(host.toLowerCase());
  return `${name}:${port ?? 80}`;
}

function splitHost(host: string): { name: string; port: number | undefined } {
  const colon = host.lastIndexOf(':');
  // A bare IPv6 address in brackets has colons inside the brackets only.
  if (colon === -1 || colon < host.lastIndexOf(']')) return { name: host, port: undefined };
  const port = host.slice(colon + 1);
  return { name: host.slice(0, colon), port: /^\d+$/.test(port) ? Number(port) : Number.NaN };
}
