import { describe, expect, it } from 'vitest';
import { shellBlocks, snippets } from '../lib/snippets.mjs';

const markdown = [
  '# Title', // 0
  '```ts', // 1
  'const a = 1;', // 2
  '```', // 3
  '```sh', // 4
  'npm test', // 5
  '```', // 6
  '```ts continued', // 7
  'console.log(a);', // 8
  '```', // 9
  '```typescript', // 10
  'export const b = 2;', // 11
  '```', // 12
].join('\n');

describe('the README snippets npm run check:readme checks', () => {
  it('takes every ts block, and only those, with the line it starts on', () => {
    const found = snippets(markdown);
    expect(found.map((s) => [s.line, s.code])).toEqual([
      [2, 'const a = 1;'],
      [8, 'const a = 1;\nconsole.log(a);'],
      [11, 'export const b = 2;'],
    ]);
  });

  it('checks a continued block with the block before it, remembering where each piece stands', () => {
    expect(snippets(markdown)[1].parts).toEqual([
      { line: 2, code: 'const a = 1;' },
      { line: 8, code: 'console.log(a);' },
    ]);
  });

  it('marks a block to run as well as type-check by the word run, alone or after continued', () => {
    const marked = [
      '```ts run',
      'const c = 3;',
      '```',
      '```ts continued run',
      'console.log(c);',
      '```',
      '```ts',
      'const d = 4;',
      '```',
    ].join('\n');
    expect(snippets(marked).map((s) => [s.line, s.run])).toEqual([
      [1, true],
      [4, true],
      [7, false],
    ]);
    expect(snippets(marked)[1].code).toBe('const c = 3;\nconsole.log(c);');
  });

  it('refuses a word it does not know after ts, which would leave the block unchecked', () => {
    expect(() => snippets(['```ts rnu', 'const e = 5;', '```'].join('\n'))).toThrow(
      'line 1: a ts block takes the words continued and run, not rnu',
    );
    expect(snippets(['```ts run continued', 'const e = 5;', '```'].join('\n'))[0].run).toBe(true);
  });
});

describe('the sh and json blocks npm run check:readme runs against the built CLI', () => {
  it('takes sh, bash and json blocks with their mark and reason; a json block must be marked', () => {
    const text = [
      '```sh',
      'curl -s x',
      '```',
      '```bash no-run: installs',
      'npm i',
      '```',
      '```json stub',
      '{}',
      '```',
      '```json output: an answer',
      '{"a":1}',
      '```',
    ].join('\n');
    expect(shellBlocks(text).map(({ line, lang, mark, reason }) => [line, lang, mark, reason])).toEqual([
      [1, 'sh', '', ''],
      [4, 'sh', 'no-run', 'installs'],
      [7, 'json', 'stub', ''],
      [10, 'json', 'output', 'an answer'],
    ]);
  });

  it('refuses an unknown mark, a no-run without its reason and an unmarked json block, so no block is silently skipped', () => {
    expect(() => shellBlocks('```sh nrun\nx\n```')).toThrow(
      'line 1: a sh block takes server, errors:, no-run:, not nrun',
    );
    expect(() => shellBlocks('```sh no-run:\nx\n```')).toThrow('line 1: no-run: needs a reason beside it');
    expect(() => shellBlocks('```json\n{}\n```')).toThrow('line 1: a json block is marked stub');
  });
});
