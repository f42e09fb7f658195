#!/usr/bin/env node
// `npm test`: every vitest project; the output ends with the runner's summary line.
// The browser tests need Chromium: it is found or installed first (scripts/lib/browser.mjs),
// and when neither works the run stops with one line saying what to install, never a silent skip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './lib/browser.mjs';

const args = process.argv.slice(2);

/** The `--project` names given (`--project web` or `--project=web`); empty means every project. */
function projects(argv) {
  const names = [];
  argv.forEach((arg, i) => {
    if (arg === '--project') names.push(argv[i + 1]);
    else if (arg.startsWith('--project=')) names.push(arg.slice('--project='.length));
  });
  return names;
}

const selected = projects(args);
const env = { ...process.env };
if (selected.length === 0 || selected.includes('web') || selected.includes('next')) {
  try {
    env.CHROMIUM_PATH = ensureChromium({ env });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'vitest-'));
const report = join(dir, 'report.json');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
  {
    stdio: 'inherit',
    env,
  },
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
