// Targets, the console table and bench/RESULTS.md.
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import { fmt } from './stats.mjs';

/**
 * A target: `measured op limit`. A miss carries why and what would reach it.
 * `measured` NaN (or a `reason`) makes it n/a: not run, never a pass.
 */
export function target({ id, label, load, measured, op, limit, unit = 'x', reason, why, fix, owner }) {
  // Every row states the load its figure is taken under (issue 40): a plan row without one is the bench's bug.
  if (!load) throw new Error(`bench target ${id} states no load shape`);
  let status;
  if (reason || measured === undefined || Number.isNaN(measured)) status = 'n/a';
  else status = { '<=': measured <= limit, '<': measured < limit, '>=': measured >= limit }[op] ? 'pass' : 'miss';
  return { id, label, load, measured, op, limit, unit, status, reason, why, fix, owner };
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
  return [
    t.id,
    t.label,
    t.load,
    t.status === 'n/a' && Number.isNaN(t.measured ?? Number.NaN) ? 'not run' : show(t, t.measured),
    `${t.op} ${show(t, t.limit)}`,
    result,
  ];
}

function textTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ')).join('\n');
}

/** The console table of every target. */
export function consoleTable(suites) {
  const rows = [['#', 'target', 'load', 'measured', 'limit', 'result']];
  for (const s of suites) for (const t of s.targets) rows.push(row(t));
  return textTable(rows);
}

const md = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;

/** A suite's method in one line: its first sentence or clause (up to a `.` or `;` outside brackets), at most 200 characters. */
export function oneLine(text = '') {
  const flat = text.replace(/\s+/g, ' ').trim();
  let depth = 0;
  let end = flat.length;
  for (let i = 0; i < flat.length; i++) {
    if ('([{'.includes(flat[i])) depth += 1;
    else if (')]}'.includes(flat[i])) depth -= 1;
    else if (depth === 0 && '.;'.includes(flat[i]) && (flat[i + 1] === ' ' || i + 1 === flat.length)) {
      end = i;
      break;
    }
  }
  const first = `${flat.slice(0, end)}.`;
  return first.length <= 200 ? first : `${flat.slice(0, 199).replace(/\s+\S*$/, '')}…`;
}

/** Why each target that did not pass missed or did not run, and what would reach it: for the console. */
export function missNotes(suites) {
  const lines = [];
  for (const t of suites.flatMap((s) => s.targets.filter((t) => t.status !== 'pass'))) {
    lines.push(`${t.id} ${t.status === 'miss' ? 'MISS' : 'not run'}: ${t.label}`);
    for (const [name, text] of [
      ['not run', t.reason],
      ['why', t.why],
      ['what would reach it', t.fix],
      ['owner', t.owner],
    ])
      if (text) lines.push(`  ${name}: ${text}`);
  }
  return lines.join('\n');
}

/**
 * bench/RESULTS.md: one note on the run (machine, load, commit, counts), the table of targets and one line of method per
 * suite; the figures, the suites' notes and why a target missed go to the console, and the runs before stay in git.
 */
export function markdown({ machine: m, command, commit, durationS, suites, notes }) {
  const targets = suites.flatMap((s) => s.targets);
  const count = (status) => targets.filter((t) => t.status === status).length;
  const out = ['# Benchmark results', ''];
  out.push(
    `Written by \`${command}\` (bench/run.mjs); each run replaces this file and git keeps the ones before. Figures are medians over rounds; every ratio is against a baseline measured in the same run.`,
    '',
  );
  const run = `${m.date} on ${commit}: ${m.cores} cores (${m.cpu}), Node ${m.node}, ${m.os}, load average ${m.load} at start, ${durationS.toFixed(0)} s; ${count('pass')} pass, ${count('miss')} miss, ${count('n/a')} not run.`;
  out.push(`**Last run:** ${[run, ...notes].join(' ')}`, '');
  out.push(
    md(['#', 'target', 'load', 'measured', 'limit', 'result']),
    md(['---', '---', '---', '---:', '---:', '---']),
  );
  for (const t of targets) out.push(md(row(t)));
  out.push('', '## Method', '');
  for (const s of suites) {
    const line = s.error ? `suite error \`${s.error}\`` : oneLine(s.method);
    out.push(`- **${s.id}. ${s.title}**${line ? `: ${line}` : ''}`);
  }
  return out.join('\n');
}
