#!/usr/bin/env node
// `npm test`: every vitest project, then one closing line in the plain
// "N passed, N failed" form that any CI reads, whatever vitest prints above it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'vitest-'));
const report = join(dir, 'report.json');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
let summary = 'tests: 0 passed, 1 failed (vitest wrote no report)';
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : '');
} catch {}
rmSync(dir, { recursive: true, force: true });
console.log(summary);
process.exit(run.status ?? 1);
