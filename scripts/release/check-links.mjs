#!/usr/bin/env node
// Part of `npm run release:check` (D105): every link in each published package's README works
// where users read it, on npm and in the repository, and every link in the repository's own docs
// works in the repository.
//
// - Each package is packed (`npm pack` into a temporary directory) and its README is read from
//   inside the tarball, so what is checked is what npm shows.
// - A relative link must name a file of the tarball AND a file of the repository at HEAD (the
//   README sits at packages/<name>/README.md there); a `#anchor` must be a heading of the target.
// - A link to this repository (REPOSITORY below, `/blob/<ref>/path`, `/tree/<ref>/path` or the
//   bare URL for the root README) is checked against the tree and headings at HEAD, whatever the
//   ref: there is no network here, and HEAD is what the next release publishes from.
// - Any other absolute URL (mswjs.io, semver.org) is counted, not checked.
// The repository's own docs (the root README, docs/*.md, the bench's and examples' READMEs) get the same check
// against HEAD, and the docs a newcomer reads whole keep their size (DOC_LIMITS). Exit 1 with one line per problem.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publishedPackages, root } from './packages.mjs';

/** The repository's URL, as package.json `repository` gives it (D105). */
export const REPOSITORY = 'https://github.com/flight-search/flight-search-toolkit';
const REPOSITORY_DOCS = [
  'README.md',
  'docs/decisions.md',
  'docs/versioning.md',
  'bench/README.md',
  'examples/consumer-tests/README.md',
  'examples/web/README.md',
];

/**
 * Size limits of docs read whole (issue 38): docs/decisions.md at most 60 000 bytes, each entry's body (the lines under
 * its `### Dnn.` heading, up to the next heading) at most 600 characters; bench/RESULTS.md at most 12 000 bytes
 * (`npm run bench` refuses to write it larger).
 */
export const DOC_LIMITS = {
  'docs/decisions.md': { bytes: 60_000, entryChars: 600 },
  'bench/RESULTS.md': { bytes: 12_000 },
};

/** What breaks a doc's limits (DOC_LIMITS), one line each; empty when it fits or has none. */
export function sizeProblems(file, markdown) {
  const limits = DOC_LIMITS[file];
  if (!limits) return [];
  const problems = [];
  const bytes = Buffer.byteLength(markdown);
  if (bytes > limits.bytes) problems.push(`${file} is ${bytes} bytes, over its ${limits.bytes}`);
  if (limits.entryChars) {
    for (const [, id, body] of markdown.matchAll(/^### (D\d+)\.[^\n]*\n([\s\S]*?)(?=^#|(?![\s\S]))/gm)) {
      const chars = body.trim().length;
      if (chars > limits.entryChars)
        problems.push(`${file}: ${id}'s body is ${chars} characters, over ${limits.entryChars}`);
    }
  }
  return problems;
}

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Every directory of a list of file paths. */
const dirsOf = (files) =>
  new Set(
    [...files].flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );

/**
 * A place a README is read in: its name for messages, the README's directory there ('' for the
 * root), its files, and how to read one of them.
 * @param {{ name: string, place: string, dir: string, markdown: string, files: Iterable<string>, read: (path: string) => string | undefined }} where
 */
export function placeOf({ name, place, dir, markdown, files, read }) {
  const all = new Set(files);
  const dirs = dirsOf(all);
  return {
    name,
    place,
    dir,
    read,
    headings: headingAnchors(markdown),
    has: (path) => path === '' || all.has(path) || dirs.has(path),
  };
}

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const withoutFences = (markdown) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The text with fenced code blocks and inline code dropped, so a `[x](y)` inside code is no link. */
const withoutCode = (markdown) => withoutFences(markdown).replace(/`[^`\n]+`/g, '');

/** Every link target of a Markdown text: inline `[text](target)`, images, and `[label]: target` definitions. */
export function linkTargets(markdown) {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const defined = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]);
  return [...inline, ...defined];
}

/** Why a relative link (or `#anchor`) is dead in one place (see placeOf), or undefined when it works. */
function deadIn(target, where) {
  const [rawPath, anchor] = splitAnchor(target);
  if (rawPath === '')
    return anchor === undefined || where.headings.has(anchor) ? undefined : `no heading #${anchor} in ${where.name}`;
  const path = posix.normalize(posix.join(where.dir, decodeURI(rawPath))).replace(/\/$/, '');
  if (path.startsWith('..')) return `${rawPath} leaves ${where.place}`;
  if (!where.has(path)) return `${path} is not in ${where.place}`;
  if (anchor !== undefined && path.endsWith('.md')) {
    const headings = headingAnchors(where.read(path) ?? '');
    if (!headings.has(anchor)) return `no heading #${anchor} in ${path} (${where.place})`;
  }
  return undefined;
}

const splitAnchor = (target) => {
  const at = target.indexOf('#');
  return at < 0 ? [target, undefined] : [target.slice(0, at), decodeURIComponent(target.slice(at + 1))];
};

let repoFiles;
const atHead = (path) => {
  try {
    return git('show', `HEAD:${path}`);
  } catch {
    return undefined;
  }
};
const inRepository = (dir, name, markdown) => {
  repoFiles ??= git('ls-tree', '-r', '--name-only', 'HEAD').split('\n').filter(Boolean);
  return placeOf({ name, place: 'the repository at HEAD', dir, markdown, files: repoFiles, read: atHead });
};

/**
 * Checks one link in each place its README is read (see placeOf); returns why it is dead,
 * 'external' for a URL outside the repository, or undefined when it works.
 * @param {string} target the link as written
 * @param {ReturnType<typeof placeOf>[]} places
 * @param {ReturnType<typeof placeOf>} [repository] the repository's root README, for absolute links to the repository
 */
export function check(target, places, repository) {
  if (/^(mailto|tel):/i.test(target)) return 'external';
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (!target.startsWith(REPOSITORY)) return 'external';
    const rest = target.slice(REPOSITORY.length);
    const page = /^(?:\/(?:blob|tree)\/[^/#]+(\/[^#]*)?)?\/?(#.*)?$/.exec(rest);
    if (!page) return `${target} is not a file or directory URL of the repository`;
    const path = (page[1] ?? '').replace(/^\//, '') || (page[2] || rest === '' ? 'README.md' : '');
    const why = deadIn(
      `${path}${page[2] ?? ''}`,
      repository ?? inRepository('', 'README.md', atHead('README.md') ?? ''),
    );
    return why && `${target}: ${why}`;
  }
  for (const place of places) {
    const why = deadIn(target, place);
    if (why) return why;
  }
  return undefined;
}

// The child npm must not act as part of this workspace (`npm run` exports npm_package_*, npm_config_workspace...).
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^npm_(package_|lifecycle_|config_workspace|config_include_workspace_root)/i.test(key) && key !== 'INIT_CWD',
  ),
);

/** Packs a package and returns its tarball's file list and README text. */
function packed(path, temp) {
  const run = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', temp], {
    cwd: path,
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm pack in ${path} exited with ${run.status}\n${run.stderr}`);
  const [{ filename }] = JSON.parse(run.stdout);
  const tarball = join(temp, filename);
  const files = new Set(
    execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, '')),
  );
  const read = (file) =>
    files.has(file)
      ? execFileSync('tar', ['-xOzf', tarball, `package/${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      : undefined;
  return { files, read };
}

function main() {
  const problems = [];
  let checked = 0;
  let external = 0;
  const report = (name, markdown, places) => {
    for (const target of linkTargets(markdown)) {
      const why = check(target, places);
      if (why === 'external') external += 1;
      else checked += 1;
      if (why && why !== 'external') problems.push(`${name}: (${target}) ${why}`);
    }
  };

  const temp = mkdtempSync(join(tmpdir(), 'check-links-'));
  try {
    for (const { dir, path, pkg } of publishedPackages()) {
      const { files, read } = packed(path, temp);
      const readme = read('README.md');
      if (readme === undefined) {
        problems.push(`${pkg.name}: the tarball has no README.md`);
        continue;
      }
      const onNpm = placeOf({
        name: `${pkg.name}'s README`,
        place: `the ${pkg.name} tarball`,
        dir: '',
        markdown: readme,
        files,
        read,
      });
      report(`${pkg.name} README.md (as packed)`, readme, [onNpm, inRepository(dir, `${dir}/README.md`, readme)]);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  for (const file of REPOSITORY_DOCS) {
    const markdown = atHead(file);
    if (markdown === undefined) problems.push(`${file} is not in the repository at HEAD`);
    else report(file, markdown, [inRepository(posix.dirname(file) === '.' ? '' : posix.dirname(file), file, markdown)]);
  }
  for (const file of Object.keys(DOC_LIMITS)) problems.push(...sizeProblems(file, atHead(file) ?? ''));

  if (problems.length > 0) {
    console.error(problems.map((problem) => `FAIL ${problem}`).join('\n'));
    console.error(`${problems.length} problem(s); ${checked} link(s) checked`);
    process.exit(1);
  }
  console.log(
    `ok ${checked} link(s) work on npm and in the repository (${external} external URL(s) not checked: no network)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
