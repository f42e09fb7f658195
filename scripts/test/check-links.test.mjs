import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  check,
  DOC_LIMITS,
  headingAnchors,
  linkTargets,
  placeOf,
  REPOSITORY,
  sizeProblems,
} from '../release/check-links.mjs';

const README = [
  '# @flight-search/sdk',
  '## API',
  '### `createFlightSearchClient(options): FlightSearchClient`',
  '## FAQ',
  '## FAQ',
].join('\n');
// The same README as npm and the repository hold it: the tarball has dist/ and no examples/, the repository the reverse.
const tarball = placeOf({
  name: 'sdk',
  place: 'the tarball',
  dir: '',
  markdown: README,
  files: ['README.md', 'CHANGELOG.md', 'dist/index.js'],
  read: () => undefined,
});
const files = {
  'README.md': '# Flight Search toolkit\n## Supported runtimes\n',
  'docs/versioning.md': '# Versioning\n',
  'packages/sdk/CHANGELOG.md': '',
  'packages/sdk/examples/a.sh': '',
};
const repository = placeOf({
  name: 'packages/sdk/README.md',
  place: 'the repository',
  dir: 'packages/sdk',
  markdown: README,
  files: Object.keys(files),
  read: (path) => files[path],
});
const root = placeOf({
  name: 'README.md',
  place: 'the repository',
  dir: '',
  markdown: files['README.md'],
  files: Object.keys(files),
  read: (path) => files[path],
});

describe('check-links (D105): a README link must work in the tarball and in the repository', () => {
  it('makes the anchors GitHub makes: code marks and punctuation dropped, spaces to hyphens, repeats numbered', () => {
    expect([...headingAnchors(README)]).toEqual([
      'flight-searchsdk',
      'api',
      'createflightsearchclientoptions-flightsearchclient',
      'faq',
      'faq-1',
    ]);
  });

  it('finds inline links and definitions, and no link inside code', () => {
    const markdown = [
      '[a](CHANGELOG.md) and `[b](inline.md)`',
      '```md',
      '[c](fenced.md)',
      '```',
      '[d]: https://semver.org',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual(['CHANGELOG.md', 'https://semver.org']);
  });

  it('passes a file both places have, and an anchor that is a heading', () => {
    expect(check('CHANGELOG.md', [tarball, repository], root)).toBeUndefined();
    expect(check('#faq-1', [tarball, repository], root)).toBeUndefined();
  });

  it('fails a link out of the package, which npm does not have, and one the tarball lacks', () => {
    expect(check('../../docs/versioning.md', [tarball, repository], root)).toBe(
      '../../docs/versioning.md leaves the tarball',
    );
    expect(check('examples/a.sh', [tarball, repository], root)).toBe('examples/a.sh is not in the tarball');
    expect(check('dist/index.js', [tarball, repository], root)).toBe(
      'packages/sdk/dist/index.js is not in the repository',
    );
    expect(check('#no-such-heading', [tarball, repository], root)).toBe('no heading #no-such-heading in sdk');
  });

  it('checks links to the repository against its files and headings, and leaves other URLs alone', () => {
    expect(check(`${REPOSITORY}#supported-runtimes`, [tarball], root)).toBeUndefined();
    expect(check(`${REPOSITORY}/blob/main/docs/versioning.md`, [tarball], root)).toBeUndefined();
    expect(check(`${REPOSITORY}/blob/main/packages/sdk/examples/a.sh`, [tarball], root)).toBeUndefined();
    expect(check(`${REPOSITORY}#api-reference`, [tarball], root)).toMatch(/no heading #api-reference in README.md/);
    expect(check(`${REPOSITORY}/blob/main/docs/api/README.md`, [tarball], root)).toMatch(
      /docs\/api\/README.md is not in the repository/,
    );
    expect(check('https://semver.org', [tarball], root)).toBe('external');
  });
});

describe('docs read whole keep their size (issue 38)', () => {
  const entry = (id, chars) => `### ${id}. Title\n- **Decision:** ${'x'.repeat(chars - 16)}\n`;
  it('names an entry whose body is over 600 characters, and the file over 60 000 bytes', () => {
    const fits = `# Decisions\n\n## Topic\n\n${entry('D1', 600)}\n${entry('D2', 20)}`;
    expect(sizeProblems('docs/decisions.md', fits)).toEqual([]);
    expect(sizeProblems('docs/decisions.md', `${fits}\n## Next\n\n${entry('D3', 601)}`)).toEqual([
      "docs/decisions.md: D3's body is 601 characters, over 600",
    ]);
    const big = `# Decisions\n${entry('D1', 500).repeat(150)}`;
    expect(sizeProblems('docs/decisions.md', big)).toEqual([
      `docs/decisions.md is ${Buffer.byteLength(big)} bytes, over its 60000`,
    ]);
  });
  it('names bench/RESULTS.md over 12 000 bytes', () => {
    expect(sizeProblems('bench/RESULTS.md', 'x'.repeat(12_000))).toEqual([]);
    expect(sizeProblems('bench/RESULTS.md', 'x'.repeat(12_001))).toEqual([
      'bench/RESULTS.md is 12001 bytes, over its 12000',
    ]);
  });
  it.each(Object.keys(DOC_LIMITS))('%s as it stands fits', (file) => {
    expect(sizeProblems(file, readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'))).toEqual([]);
  });
});
