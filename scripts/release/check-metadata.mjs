#!/usr/bin/env node
// Part of `npm run release:check`: what each published package says about itself.
// - LICENSE: the root one is MIT, and each package holds the same file (npm packs a package's own
//   LICENSE, not the repository's);
// - package.json: `license` MIT (the mock: "MIT AND CC-BY-4.0", its airport data's licence, D93), a
//   `description`, `keywords`, `engines.node`, `files` that ship README.md, CHANGELOG.md and LICENSE
//   (and the mock's NOTICE, which must credit each data source and licence), and `repository` (the root's
//   URL, with the package's `directory`), `homepage` and `bugs`, so the npm page's links lead somewhere;
// - a dependency on another published workspace package accepts that package's current version
//   (`changeset version` keeps them in step; a hand edit could leave one behind);
// - CHANGELOG.md: starts with `# <name>` and has a `## <version>` entry, with text, for the
//   version in package.json, as the newest entry (what `changeset version` writes).
// Prints one line per package; exits 1 listing every problem.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedPackages, readJson, root } from './packages.mjs';

/** A package whose `license` is more than MIT: its SPDX expression and what its NOTICE must name (D93). */
const DATA_LICENSED = {
  '@flight-search/mock-server': {
    license: 'MIT AND CC-BY-4.0',
    notice: [
      'OurAirports',
      'airport-data-js',
      'CC BY 4.0',
      'https://creativecommons.org/licenses/by/4.0/',
      'Changes made',
    ],
  },
};

const problems = [];
const rootRepository = readJson(join(root, 'package.json')).repository?.url;
if (typeof rootRepository !== 'string')
  problems.push('package.json: the root has no "repository.url" for the packages to name.');
const rootLicense = readFileSync(join(root, 'LICENSE'), 'utf8');
if (!/^MIT License\b/.test(rootLicense)) problems.push('LICENSE: the root LICENSE is not the MIT License text.');

const packages = publishedPackages();
if (packages.length === 0) problems.push('no published package found in the workspaces');
const versions = new Map(packages.map(({ pkg }) => [pkg.name, pkg.version]));

for (const { dir, path, pkg } of packages) {
  const say = (text) => problems.push(`${dir}: ${text}`);
  const licenseFile = join(path, 'LICENSE');
  if (!existsSync(licenseFile)) say('LICENSE is missing (copy the root LICENSE).');
  else if (readFileSync(licenseFile, 'utf8') !== rootLicense) say('LICENSE differs from the root LICENSE.');

  const data = DATA_LICENSED[pkg.name];
  const license = data?.license ?? 'MIT';
  if (pkg.license !== license)
    say(`package.json "license" is ${JSON.stringify(pkg.license)}, not ${JSON.stringify(license)}.`);
  if (data) {
    const notice = join(path, 'NOTICE');
    if (!pkg.files?.includes('NOTICE')) say('package.json "files" does not list NOTICE (the data attribution).');
    if (!existsSync(notice)) say('NOTICE (the data attribution) is missing.');
    else
      for (const text of data.notice)
        if (!readFileSync(notice, 'utf8').includes(text)) say(`NOTICE does not say "${text}".`);
  }
  if (pkg.repository?.url !== rootRepository || pkg.repository?.directory !== dir)
    say(
      `package.json "repository" is not { url: ${JSON.stringify(rootRepository)}, directory: ${JSON.stringify(dir)} }.`,
    );
  if (typeof pkg.homepage !== 'string' || !pkg.homepage.startsWith('https://'))
    say('package.json has no https "homepage".');
  if (typeof pkg.bugs?.url !== 'string' || !pkg.bugs.url.startsWith('https://'))
    say('package.json has no https "bugs.url".');
  if (typeof pkg.description !== 'string' || pkg.description.trim() === '') say('package.json has no "description".');
  if (!Array.isArray(pkg.keywords) || pkg.keywords.length === 0) say('package.json has no "keywords".');
  if (typeof pkg.engines?.node !== 'string') say('package.json has no "engines.node".');
  for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) {
    if (!pkg.files?.includes(file)) say(`package.json "files" does not list ${file}.`);
  }

  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      const version = versions.get(name);
      if (version !== undefined && ![version, `^${version}`, `~${version}`].includes(range)) {
        say(`${field} "${name}": "${range}" does not name the workspace's version ${version}.`);
      }
    }
  }

  const changelogFile = join(path, 'CHANGELOG.md');
  if (!existsSync(changelogFile)) {
    say('CHANGELOG.md is missing.');
  } else {
    const changelog = readFileSync(changelogFile, 'utf8');
    if (!changelog.startsWith(`# ${pkg.name}\n`)) say(`CHANGELOG.md does not start with "# ${pkg.name}".`);
    // Each entry: a "## x.y.z" heading and everything up to the next one.
    const entries = [...changelog.matchAll(/^## (\S+)[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/gm)].map(
      ([, version, text]) => ({ version, text }),
    );
    const current = entries.find((entry) => entry.version === pkg.version);
    if (!current) say(`CHANGELOG.md has no "## ${pkg.version}" entry for the version in package.json.`);
    else if (current.text.trim() === '') say(`CHANGELOG.md's "## ${pkg.version}" entry is empty.`);
    else if (entries[0] !== current)
      say(`CHANGELOG.md's newest entry is ${entries[0].version}, not the package's version ${pkg.version}.`);
  }
  if (!problems.some((problem) => problem.startsWith(`${dir}:`))) {
    console.log(
      `ok ${pkg.name}@${pkg.version}: LICENSE${data ? ', NOTICE' : ''}, license ${license}, metadata, repository, CHANGELOG entry`,
    );
  }
}

if (problems.length > 0) {
  console.error(problems.map((problem) => `FAIL ${problem}`).join('\n'));
  process.exit(1);
}
