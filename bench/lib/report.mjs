// Targets, the console table and bench/RESULTS.md.
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import { fmt } from './stats.mjs';

/**
 * A target: `measured op limit`. A miss carries why and what would reach it.
 * `measured` NaN (or a `reason`) makes it n/a: not run, never a pass.
 */
export function target({ id, label, measured, op, limit, unit = 'x', reason, why, fix, owner }) {
  let status;
  if (reason || measured === undefined || Number.isNaN(measured)) status = 'n/a';
  else status = { '<=': measured <= limit, '<': measured < limit, '>=': measured >= limit }[op] ? 'pass' : 'miss';
  return { id, label, measured, op, limit, unit, status, reason, why, fix, owner };
}

export function machine() {
  const c = cpus();
  return {
    cores: c.length,
    cpu: c[0]?.model ?? 'unknown',
    node: process.version,
    os: `${process.platform} ${release()}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB (free at start ${(freemem() / 2 ** 30).toFixed(1)} GiB)`,
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    date: new Date().toISOString(),
  };
}

const show = (t, v) => (t.unit === 'x' ? `${fmt(v, '', 2)}x` : fmt(v, t.unit));

function row(t) {
  const result = t.status === 'pass' ? 'PASS' : t.status === 'miss' ? 'MISS' : 'n/a';
  return [t.id, t.label, t.status === 'n/a' && Number.isNaN(t.measured ?? Number.NaN) ? 'not run' : show(t, t.measured), `${t.op} ${show(t, t.limit)}`, result];
}

function textTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ')).join('\n');
}

/** The console table of every target. */
export function consoleTable(suites) {
  const rows = [['#', 'target', 'measured', 'limit', 'result']];
  for (const s of suites) for (const t of s.targets) rows.push(row(t));
  return textTable(rows);
}

const md = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;

/** bench/RESULTS.md: the machine, every figure, every target and why a miss missed. */
export function markdown({ machine: m, command, commit, durationS, suites, notes }) {
  const out = [];
  out.push('# Benchmark results', '');
  out.push(
    `Written by \`${command}\` (bench/run.mjs); each run replaces this file. Figures are medians over rounds with the spread (min..max) beside them; every ratio is taken against a baseline measured in the same run, interleaved where the suite allows.`,
    '',
  );
  out.push('## Machine', '');
  out.push(md(['what', 'value']), md(['---', '---']));
  out.push(
    md(['date', m.date]),
    md(['cores', m.cores]),
    md(['CPU', m.cpu]),
    md(['Node', m.node]),
    md(['OS', m.os]),
    md(['memory', m.memory]),
    md(['load average at start', m.load]),
    md(['commit', commit]),
    md(['whole run', `${durationS.toFixed(0)} s`]),
  );
  out.push('');
  if (notes.length) out.push('## Notes on this run', '', ...notes.map((n) => `- ${n}`), '');
  out.push('## Targets', '');
  out.push(md(['#', 'target', 'measured', 'limit', 'result']), md(['---', '---', '---:', '---:', '---']));
  for (const s of suites) for (const t of s.targets) out.push(md(row(t)));
  out.push('');
  const misses = suites.flatMap((s) => s.targets.filter((t) => t.status !== 'pass'));
  if (misses.length) {
    out.push('## Misses and targets not run: why, and what would reach them', '');
    for (const t of misses) {
      out.push(`### ${t.id} ${t.label} (${t.status === 'miss' ? 'MISS' : 'not run'})`, '');
      if (t.reason) out.push(`- Not run: ${t.reason}`);
      if (t.why) out.push(`- Why: ${t.why}`);
      if (t.fix) out.push(`- What would reach it: ${t.fix}`);
      if (t.owner) out.push(`- Owner: ${t.owner}`);
      out.push('');
    }
  }
  out.push('## Figures', '');
  for (const s of suites) {
    out.push(`### ${s.id}. ${s.title}`, '');
    if (s.method) out.push(s.method, '');
    if (s.error) out.push(`Suite error: \`${s.error}\``, '');
    if (s.figures.length) {
      out.push(md(['figure', 'value']), md(['---', '---']));
      for (const f of s.figures) out.push(md([f.label, f.value]));
      out.push('');
    }
    for (const n of s.notes) out.push(`- ${n}`);
    if (s.notes.length) out.push('');
  }
  return out.join('\n');
}
