#!/usr/bin/env node
// `npm run test:pack`: the two packages as a new user gets them. Builds them,
// packs them with `npm pack`, installs the tarballs into a fresh project under
// the OS temp directory (outside this repository, so nothing resolves to the
// workspace), with what a consumer installs next to them, then checks that
// project one thing at a time. Prints each check; stops with exit code 1 at
// the first failure, naming it and showing what the failing command printed.
//
//   node scripts/pack-test.mjs [--no-build] [--keep]
//     --no-build  pack the dist/ already built (CI builds in the step before)
//     --keep      keep the temp project (it is kept anyway when a check fails)
//     --only=TEXT run only the checks whose name contains TEXT (still packs and installs)
//
// The consumer project's files are in scripts/pack-test/project/.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackages, packPackages, printed, root, run, tail } from './lib/pack.mjs';

const fixture = join(root, 'scripts', 'pack-test', 'project');
const args = new Set(process.argv.slice(2));
const only = process.argv
  .slice(2)
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length);
const started = performance.now();

// What a consumer installs next to the packages, at the versions this repository tests with
// (so `--prefer-offline` finds them in the npm cache).
const CONSUMER_TOOLS = ['msw', 'typescript', 'esbuild', 'vitest', '@types/node'];

class CheckError extends Error {}

/** A command that must exit 0; throws a CheckError with its output otherwise. */
async function mustPass(what, command, commandArgs, options) {
  const result = await run(command, commandArgs, options);
  if (result.code !== 0) throw new CheckError(`${what} exited ${result.code}\n${printed(result)}`);
  return result;
}

function expectOutput(result, pattern, what) {
  const text = `${result.stdout}\n${result.stderr}`;
  if (!pattern.test(text)) throw new CheckError(`${what}: expected output matching ${pattern}\n${printed(result)}`);
}

let project;
let count = 0;
async function check(name, body) {
  if (only !== undefined && !name.includes(only)) return;
  count += 1;
  const t0 = performance.now();
  try {
    const note = await body();
    console.log(
      `ok   ${String(count).padStart(2)} ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)${note ? `: ${note}` : ''}`,
    );
  } catch (error) {
    console.log(`FAIL ${String(count).padStart(2)} ${name}`);
    console.log(error instanceof CheckError ? error.message : (error?.stack ?? String(error)));
    if (project) console.log(`\nThe consumer project is kept at ${project} to investigate.`);
    process.exit(1);
  }
}

function step(text) {
  console.log(`pack-test: ${text}`);
}

// 1. Build and pack.
if (!args.has('--no-build')) {
  step('building the SDK and the mock server');
  const failed = await buildPackages();
  if (failed) {
    console.log(`FAIL ${failed}`);
    process.exit(1);
  }
}

const work = mkdtempSync(join(tmpdir(), 'flight-search-pack-test-'));
project = join(work, 'project');
step(`packing into ${work}`);
const PACKAGES = await packPackages(work).catch((error) => {
  console.log(`FAIL ${error.message}`);
  process.exit(1);
});

// 2. The tarballs themselves.
for (const pkg of PACKAGES) {
  await check(`publint reports no problems for the ${pkg.name} tarball`, async () => {
    const result = await mustPass('publint', 'npx', ['--no', '--', 'publint', 'run', pkg.tarball, '--strict'], {
      cwd: root,
    });
    expectOutput(result, /All good!/, 'publint printed suggestions or problems');
  });
  await check(`attw (are the types wrong) reports no problems for the ${pkg.name} tarball`, async () => {
    const result = await mustPass(
      'attw',
      'npx',
      ['--no', '--', 'attw', pkg.tarball, '--format', 'ascii', ...pkg.attw],
      { cwd: root },
    );
    expectOutput(result, /No problems found/, 'attw');
  });
}

await check('the tarballs ship their builds and the contract, and no sources or tests', () => {
  const expected = {
    '@flight-search/sdk': [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/index.cjs',
      'dist/index.d.ts',
      'dist/index.d.cts',
      'dist/server.js',
      'dist/server.cjs',
      'dist/server.d.ts',
      'dist/server.d.cts',
      'dist/raw.js',
      'dist/raw.cjs',
      'dist/raw.d.ts',
      'dist/raw.d.cts',
      'dist/proxy.js',
      'dist/proxy.cjs',
      'dist/proxy.d.ts',
      'dist/proxy.d.cts',
      'dist/proxy-node.js',
      'dist/proxy-node.cjs',
      'dist/proxy-node.d.ts',
      'dist/proxy-node.d.cts',
    ],
    '@flight-search/mock-server': [
      'package.json',
      'README.md',
      'openapi.yaml',
      'dist/cli.js',
      'dist/index.js',
      'dist/index.cjs',
      'dist/index.d.ts',
      'dist/index.d.cts',
      'dist/node.js',
      'dist/node.cjs',
      'dist/node.d.ts',
      'dist/node.d.cts',
    ],
  };
  const problems = [];
  for (const pkg of PACKAGES) {
    for (const file of expected[pkg.name])
      if (!pkg.files.includes(file)) problems.push(`${pkg.name} is missing ${file}`);
    for (const file of pkg.files)
      if (/^(src|test|bench)\/|tsconfig|vitest\.config|tsup\.config/.test(file))
        problems.push(`${pkg.name} ships ${file}`);
  }
  if (problems.length > 0) throw new CheckError(problems.join('\n'));
  return PACKAGES.map((p) => `${p.files.length} files in ${p.name}`).join(', ');
});

// 3. A fresh consumer project.
cpSync(fixture, project, { recursive: true });
const version = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
writeFileSync(
  join(project, 'package.json'),
  `${JSON.stringify({ name: 'flight-search-consumer', version: '1.0.0', private: true }, null, 2)}\n`,
);
const installing = [...PACKAGES.map((p) => p.tarball), ...CONSUMER_TOOLS.map((name) => `${name}@${version(name)}`)];
step(`installing into ${project}: the two tarballs, ${CONSUMER_TOOLS.map((n) => `${n}@${version(n)}`).join(', ')}`);
const t0 = performance.now();
const installed = await run(
  'npm',
  ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...installing],
  {
    cwd: project,
    timeoutMs: 180_000,
  },
);
if (installed.code !== 0) {
  console.log(`FAIL npm install in the consumer project exited ${installed.code}\n${printed(installed)}`);
  process.exit(1);
}
step(`installed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

await check('the mock server depends on no package of ours, nor on openapi-fetch or p-limit (issue 14)', () => {
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
  const mock = lock.packages['node_modules/@flight-search/mock-server'];
  const named = Object.keys({ ...mock?.dependencies, ...mock?.peerDependencies }).filter((name) =>
    /^@flight-search\/|^openapi-fetch$|^p-limit$/.test(name),
  );
  if (!mock || named.length > 0)
    throw new CheckError(`the installed mock server names ${named.join(', ') || '(not installed)'}`);
  return `its dependencies: ${Object.keys(mock.dependencies ?? {}).join(', ')}`;
});

await check(
  'the mock installs no schema or YAML library: ajv, ajv-formats and yaml are optional peers only the contract proxy loads (D94)',
  () => {
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8'));
    const installed = ['ajv', 'ajv-formats', 'yaml'].filter((name) => lock.packages[`node_modules/${name}`]);
    if (installed.length > 0) throw new CheckError(`the consumer install holds ${installed.join(', ')}`);
  },
);

await check('npx flight-search-mock proxy without ajv exits 1 naming the optional peers to install', async () => {
  const result = await run('npx', ['--no', '--', 'flight-search-mock', 'proxy', '--target', 'http://127.0.0.1:9'], {
    cwd: project,
    timeoutMs: 10_000,
  });
  if (result.code !== 1) throw new CheckError(`it exited ${result.code}\n${printed(result)}`);
  expectOutput(
    result,
    /npm install --save-dev ajv@\^8\.20\.0 ajv-formats@\^3\.0\.1 yaml@\^2\.9\.1/,
    'the message names what to install',
  );
});

await check('no installed file names the private @flight-search/contract package (it is bundled)', () => {
  const problems = [];
  for (const name of ['@flight-search/sdk', '@flight-search/mock-server']) {
    const dist = join(project, 'node_modules', name, 'dist');
    for (const file of readdirSync(dist).filter((f) => !f.endsWith('.map'))) {
      if (readFileSync(join(dist, file), 'utf8').includes('@flight-search/contract'))
        problems.push(`${name}/dist/${file}`);
    }
  }
  if (problems.length > 0)
    throw new CheckError(
      `these files import @flight-search/contract, which is never published: ${problems.join(', ')}`,
    );
});

// 4. Node: import and require, calling something real.
const node = async (file) =>
  void (await mustPass(`node ${file}`, process.execPath, [file], { cwd: project, timeoutMs: 30_000 }));
await check(
  'ESM: import @flight-search/sdk gets dist/server.js (the node condition, which reads the environment: D151); createFlightSearchClient and validateSearchRequest work',
  () => node('node/sdk.mjs'),
);
await check(
  'CJS: require @flight-search/sdk gets dist/server.cjs (the node condition, which reads the environment: D151); createFlightSearchClient and validateSearchRequest work',
  () => node('node/sdk.cjs'),
);
await check(
  'ESM: import @flight-search/sdk/raw gets dist/raw.js; createRawClient gives { data, error } with the key sent',
  () => node('node/raw.mjs'),
);
await check(
  'CJS: require @flight-search/sdk/raw gets dist/raw.cjs; createRawClient gives { data, error } with the key sent',
  () => node('node/raw.cjs'),
);
await check(
  'ESM: import @flight-search/sdk/proxy and /proxy/node get dist/proxy.js and dist/proxy-node.js; the proxy answers its own 404',
  () => node('node/proxy.mjs'),
);
await check(
  'CJS: require @flight-search/sdk/proxy and /proxy/node get dist/proxy.cjs and dist/proxy-node.cjs; the proxy answers its own 404',
  () => node('node/proxy.cjs'),
);
await check(
  'ESM: import @flight-search/mock-server gets dist/index.js; createFlightSearchMock().handlers is a non-empty array',
  () => node('node/mock.mjs'),
);
await check(
  'CJS: require @flight-search/mock-server gets dist/index.cjs; createFlightSearchMock().handlers is a non-empty array',
  () => node('node/mock.cjs'),
);
await check(
  'ESM: @flight-search/mock-server/node startMockServer answers GET /quota and /openapi.yaml, serves a main-entry mock, then closes',
  () => node('node/server.mjs'),
);
await check(
  'CJS: @flight-search/mock-server/node startMockServer answers GET /quota and /openapi.yaml, serves a main-entry mock, then closes',
  () => node('node/server.cjs'),
);

// 5. TypeScript consumers. Each file has @ts-expect-error lines that only hold when the real types are loaded.
async function tsc(config) {
  const result = await run('npx', ['--no', '--', 'tsc', '-p', config, '--listFiles'], {
    cwd: project,
    timeoutMs: 60_000,
  });
  // --listFiles prints absolute paths; what is left are the diagnostics.
  const errors = result.stdout
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith(project))
    .join('\n');
  if (result.code !== 0)
    throw new CheckError(
      `tsc -p ${config} exited ${result.code}\n${errors}${result.stderr.trim() ? `\n${tail(result.stderr)}` : ''}`,
    );
  return result;
}
function expectDeclarations(result, files) {
  const listed = result.stdout.replace(/\\/g, '/');
  const missing = files.filter((file) => !listed.includes(`/node_modules/${file}`));
  if (missing.length > 0) throw new CheckError(`tsc did not load ${missing.join(', ')}\n${printed(result)}`);
}
await check(
  'TypeScript, moduleResolution node16: an .mts and a .cts consumer type-check against the import and require types',
  async () => {
    const result = await tsc('types/tsconfig.node16.json');
    expectDeclarations(result, [
      '@flight-search/sdk/dist/index.d.ts',
      '@flight-search/sdk/dist/index.d.cts',
      '@flight-search/mock-server/dist/index.d.ts',
      '@flight-search/mock-server/dist/index.d.cts',
      '@flight-search/mock-server/dist/node.d.ts',
      '@flight-search/mock-server/dist/node.d.cts',
    ]);
  },
);
await check("TypeScript, moduleResolution bundler: a consumer type-checks against the packages' types", async () => {
  const result = await tsc('types/tsconfig.bundler.json');
  expectDeclarations(result, [
    '@flight-search/sdk/dist/index.d.ts',
    '@flight-search/sdk/dist/raw.d.ts',
    '@flight-search/mock-server/dist/index.d.ts',
    '@flight-search/mock-server/dist/node.d.ts',
  ]);
});

// 6. Browsers.
const bundle = async (entry, mustInclude) =>
  (
    await mustPass(`node browser/bundle.mjs ${entry}`, process.execPath, ['browser/bundle.mjs', entry, mustInclude], {
      cwd: project,
      timeoutMs: 60_000,
    })
  ).stdout.trim();
await check('esbuild bundles the SDK for the browser (platform: browser) with no Node built-ins', () =>
  bundle('browser/sdk-entry.js', 'node_modules/@flight-search/sdk/'),
);
await check(
  'esbuild bundles @flight-search/sdk/proxy for a Fetch-standard runtime (platform: browser) with no Node built-ins',
  () => bundle('browser/proxy-entry.js', 'node_modules/@flight-search/sdk/'),
);
await check(
  "esbuild bundles the mock server's main entry with setupWorker for the browser with no Node built-ins",
  () => bundle('browser/mock-entry.js', 'node_modules/@flight-search/mock-server/'),
);

// 7. The consumer's own test suite.
await check(
  "the project's own vitest suite runs the mock's handlers under setupServer with the SDK calling through them",
  async () => {
    const report = join(work, 'vitest.json');
    const result = await run(
      'npx',
      ['--no', '--', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      {
        cwd: project,
        timeoutMs: 90_000,
      },
    );
    if (result.code !== 0) throw new CheckError(`vitest exited ${result.code}\n${printed(result)}`);
    const { numPassedTests, numTotalTests } = JSON.parse(readFileSync(report, 'utf8'));
    if (numTotalTests !== 3 || numPassedTests !== 3)
      throw new CheckError(`expected 3 tests passed, got ${numPassedTests} of ${numTotalTests}\n${printed(result)}`);
    return `${numPassedTests} tests passed`;
  },
);

// 8. The bin.
await check('npx flight-search-mock --help exits 0 and prints the usage', async () => {
  const result = await mustPass(
    'npx flight-search-mock --help',
    'npx',
    ['--no', '--', 'flight-search-mock', '--help'],
    { cwd: project, timeoutMs: 30_000 },
  );
  expectOutput(result, /Usage: flight-search-mock/, 'npx flight-search-mock --help');
});
await check('npx flight-search-mock --no-such-option exits non-zero with a message naming the option', async () => {
  const result = await run('npx', ['--no', '--', 'flight-search-mock', '--no-such-option'], {
    cwd: project,
    timeoutMs: 10_000,
  });
  if (result.code === 0) throw new CheckError(`it exited 0\n${printed(result)}`);
  if (!result.stderr.includes('--no-such-option'))
    throw new CheckError(`exit ${result.code}, but stderr does not name --no-such-option\n${printed(result)}`);
  return `exit ${result.code}: ${result.stderr.split('\n').find((line) => line.includes('--no-such-option'))}`;
});

if (count === 0) {
  console.log(`FAIL no check's name contains ${JSON.stringify(only)}`);
  process.exit(1);
}
if (!args.has('--keep')) rmSync(work, { recursive: true, force: true });
else console.log(`pack-test: kept ${work}`);
console.log(`pack-test: ${count} checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
