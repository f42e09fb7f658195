// WireMock, the usual stub server, installed for the bench only (never by the
// root `npm ci`): its npm package ships the standalone jar, installed into
// bench/.tmp/wiremock on first use and run with the machine's `java`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBenchPackage, root } from './project.mjs';
import { freePort, requestOnce, spawnServer } from './servers.mjs';

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
  const stub = async (mappings) => {
    const body = JSON.stringify({
      mappings,
      importOptions: { duplicatePolicy: 'OVERWRITE', deleteAllNotInImport: true },
    });
    const res = await requestOnce(`${url}/__admin/mappings/import`, 'POST', body, {
      'content-type': 'application/json',
    });
    if (res.status >= 300) throw new Error(`WireMock refused the stubs: ${res.status} ${res.text.slice(0, 200)}`);
  };
  return { ...s, url, stub };
}
