#!/usr/bin/env node
// `npm test`: every vitest project; the output ends with the runner's summary line.
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
// The last line repeats vitest's own "Tests" summary (same words, same order),
// because the JSON reporter prints its file path after vitest's summary block.
let summary = 'Tests  1 failed (vitest wrote no report)';
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  const parts = [];
  if (r.numFailedTests) parts.push(`${r.numFailedTests} failed`);
  parts.push(`${r.numPassedTests} passed`);
  if (skipped) parts.push(`${skipped} skipped`);
  summary = `Tests  ${parts.join(' | ')} (${r.numTotalTests})`;
} catch {}
rmSync(dir, { recursive: true, force: true });
console.log(summary);
process.exit(run.status ?? 1);
