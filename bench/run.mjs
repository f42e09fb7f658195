#!/usr/bin/env node
// `npm run bench`: size, client overhead, streaming, mock throughput, mock
// in-process, history and the proxy, each against a baseline measured in this same run.
// Prints every figure, a table of targets (pass/miss) and why each miss missed, and writes bench/RESULTS.md
// (the table and one line of method per suite; refused, and written under bench/.tmp, when over its size limit).
//
//   node bench/run.mjs [--quick] [--only=1,4] [--no-build] [--strict]
//
// --quick   fewer rounds and shorter loads (a smoke run, not for RESULTS.md)
// --only    run only these suites (writes bench/.tmp/RESULTS.partial.md)
// --no-build  use the packages' dist/ as they are
// --strict  exit 1 when a target is missed or could not run
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sizeProblems } from '../scripts/release/check-links.mjs';
import { consoleTable, machine, markdown, missNotes, target } from './lib/report.mjs';
import { NotReady, buildPackages, ensureTmp, gitCommit, root } from './lib/project.mjs';
import { nowMs } from './lib/stats.mjs';
import * as size from './suites/size.mjs';
import * as overhead from './suites/overhead.mjs';
import * as streaming from './suites/streaming.mjs';
import * as http from './suites/http.mjs';
import * as inprocess from './suites/inprocess.mjs';
import * as history from './suites/history.mjs';
import * as requestLogSoak from './suites/request-log-soak.mjs';
import * as proxy from './suites/proxy.mjs';
import * as historyLoad from './suites/history-load.mjs';
import * as wholeProcess from './suites/whole-process.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const quick = flag('quick');
const ctx = { quick, build: !flag('no-build') };

const all = [size, overhead, streaming, http, inprocess, history, proxy, requestLogSoak, historyLoad, wholeProcess];
const selected = only ? all.filter((s) => only.includes(s.id)) : all;

const started = nowMs();
const m = machine();
const notes = [];
console.log(`bench: ${m.cores} cores, ${m.cpu}, Node ${m.node}${quick ? ' (quick)' : ''}`);

if (!flag('no-build')) {
  process.stdout.write('building @flight-search/sdk and @flight-search/mock-server... ');
  const b = buildPackages();
  console.log(b.ok ? 'ok' : 'FAILED (measuring whatever dist/ holds)');
  if (!b.ok) console.log(b.log);
  if (!b.ok) notes.push('`npm run build` failed for the packages, so the existing dist/ was measured.');
} else {
  notes.push("Run with --no-build: the packages' dist/ was measured as it was.");
}
if (quick) notes.push('Quick run (--quick): fewer rounds and shorter loads; figures are indicative only.');

const results = [];
for (const suite of selected) {
  const t0 = nowMs();
  console.log(`\n[${suite.id}] ${suite.title}`);
  let out = { figures: [], notes: [], measured: {} };
  let failure;
  try {
    out = await suite.run(ctx);
  } catch (error) {
    failure = error instanceof NotReady ? error.message : `the suite failed: ${error?.stack ?? error}`;
    console.log(
      `  ${error instanceof NotReady ? 'not run' : 'FAILED'}: ${failure.split('\n').slice(0, 6).join('\n  ')}`,
    );
  }
  if (out.method) console.log(`  method: ${out.method}`);
  for (const f of out.figures) console.log(`  ${f.label}: ${f.value}`);
  for (const n of out.notes ?? []) console.log(`  - ${n}`);
  const targets = suite.plan.map((p) =>
    target({
      ...p,
      ...(failure ? { reason: failure.split('\n')[0] } : {}),
      ...(out.measured[p.id] ?? (failure ? {} : { reason: 'the suite produced no figure for it' })),
    }),
  );
  results.push({
    id: suite.id,
    title: suite.title,
    method: out.method,
    figures: out.figures,
    notes: out.notes ?? [],
    targets,
    error: failure && !failure.startsWith('the suite failed') ? undefined : failure?.split('\n')[0],
  });
  console.log(`  (${((nowMs() - t0) / 1000).toFixed(1)} s)`);
}

const durationS = (nowMs() - started) / 1000;
console.log(`\n${consoleTable(results)}\n`);
const misses = missNotes(results);
if (misses) console.log(`${misses}\n`);
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;
const text = `${markdown({ machine: m, command, commit: gitCommit(), durationS, suites: results, notes })}\n`;
const tooBig = sizeProblems('bench/RESULTS.md', text);
const file =
  only || quick || tooBig.length
    ? join(ensureTmp(), tooBig.length ? 'RESULTS.too-big.md' : 'RESULTS.partial.md')
    : join(root, 'bench', 'RESULTS.md');
writeFileSync(file, text);
if (tooBig.length)
  console.log(`not written to bench/RESULTS.md: ${tooBig.join('; ')} (shorten the suites' labels or method)`);
const counts = {};
for (const { status } of results.flatMap((r) => r.targets)) counts[status] = (counts[status] ?? 0) + 1;
console.log(
  `targets: ${counts.pass ?? 0} pass, ${counts.miss ?? 0} miss, ${counts['n/a'] ?? 0} not run; ${durationS.toFixed(0)} s; written to ${file.replace(`${root}`, '')}`,
);
process.exit(tooBig.length || (flag('strict') && (counts.miss || counts['n/a'])) ? 1 : 0);
