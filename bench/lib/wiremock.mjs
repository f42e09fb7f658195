// WireMock, the usual stub server, installed for the bench only (never by the
// root `npm ci`): its npm package ships the standalone jar, installed into
// bench/.tmp/wiremock on first use and run with the machine's `java`.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { ensureBenchPackage, root } from './project.mjs';
import { freePort, spawnServer } from './servers.mjs';

/** Pinned so runs compare like with like (issue 32 measured 3.13). */
const WIREMOCK_VERSION = '3.13.2';
export const WIREMOCK_PACKAGE = `wiremock@${WIREMOCK_VERSION}`;
/** The jar's file name, as the package ships it. */
export const WIREMOCK_JAR = `wiremock-standalone-${WIREMOCK_VERSION}.jar`;
const prefix = join(root, 'bench', '.tmp', 'wiremock');
const jar = join(prefix, 'node_modules', 'wiremock', 'build', WIREMOCK_JAR);

/** `java -version`'s first line, or throws when there is no `java` to run. */
export function javaVersion() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0)
    throw new Error(
      `no java to run WireMock: ${r.error ? `java: ${r.error.code}` : `java -version exited ${r.status}`}`,
    );
  return (r.stderr || r.stdout).trim().split('\n')[0];
}

/** Returns WireMock's standalone jar, installing it when missing; throws when java is absent or npm fails. */
export function ensureWiremock() {
  javaVersion();
  return ensureBenchPackage('wiremock', WIREMOCK_PACKAGE, jar);
}

/** The arguments after `java`: no banner, no request journal (it would grow with every request), loopback only. */
export const wiremockArgs = (port) => [
  '-jar',
  jar,
  '--port',
  String(port),
  '--bind-address',
  '127.0.0.1',
  '--disable-banner',
  '--no-request-journal',
];

/** Starts WireMock with no stubs; `stub(mappings)` replaces its stubs with these. */
export async function startWiremock(logFile) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const s = await spawnServer('java', wiremockArgs(port), { readyUrl: `${url}/__admin/health`, logFile });
  // node:http without an agent, not fetch: fetch's pool may hold a socket to a server that had this port before (EPIPE).
  const stub = (mappings) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({
        mappings,
        importOptions: { duplicatePolicy: 'OVERWRITE', deleteAllNotInImport: true },
      });
      const req = request(`${url}/__admin/mappings/import`, { method: 'POST', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          res.statusCode < 300
            ? resolve()
            : reject(new Error(`WireMock refused the stubs: ${res.statusCode} ${text.slice(0, 200)}`)),
        );
      });
      req.on('error', reject).setHeader('content-type', 'application/json');
      req.end(body);
    });
  return { ...s, url, stub };
}
