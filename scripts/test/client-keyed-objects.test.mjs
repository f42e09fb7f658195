import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 39 item 1: an object keyed by text a client chooses (a query or header name) is made with the
// contract's `dictionary()` (no prototype) or is a Map, never `{}` typed as a Record: on `{}`, a query
// `?constructor=1` reads Object's constructor back.
const root = fileURLToPath(new URL('../..', import.meta.url));
// A line that says `// own keys: ...` names keys of the code's own (a schema's), which it states beside them.
const OWN_KEYS = /\/\/ own keys: /;
const EMPTY_RECORD = /:\s*Record<string,[^=;]*>\s*=\s*\{\s*\}\s*;|=\s*\{\s*\}\s*as\s*Record<string/;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('objects keyed by a client’s text have no prototype (issue 39 item 1)', () => {
  it('no package source makes an empty Record from {}', () => {
    const found = ['contract', 'sdk', 'mock-server'].flatMap((name) =>
      sources(join(root, 'packages', name, 'src')).flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            EMPTY_RECORD.test(line) && !OWN_KEYS.test(line)
              ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      ),
    );
    expect(found).toEqual([]);
  });

  it('the scan finds the pattern it looks for', () => {
    expect(EMPTY_RECORD.test('  const query: Record<string, string[]> = {};')).toBe(true);
    expect(EMPTY_RECORD.test('  const query = dictionary<string[]>();')).toBe(false);
    expect(
      OWN_KEYS.test("  const query: Record<string, unknown> = {}; // own keys: the schema's parameter names"),
    ).toBe(true);
  });
});
