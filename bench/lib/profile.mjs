// CPU profiles, so a miss's "why" names where the time went instead of a guess.
import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const frameName = (f) =>
  `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}` : ''}`.trim();

/**
 * Self and inclusive time per function of a V8 CPU profile, as shares of the
 * profiled time. `owned(url)` picks the frames reported inclusively (our code).
 */
export function summarizeProfile(profile, { owned = () => true, top = 8 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  for (const [i, s] of profile.samples.entries()) dt.set(s, (dt.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const self = new Map();
  const incl = new Map();
  let total = 0;
  let idle = 0;
  for (const n of profile.nodes) {
    const t = dt.get(n.id) ?? 0;
    // The inspector's own native dispatch (Profiler.stop serializing the profile) is not the code measured.
    if (!t || (n.callFrame.functionName === 'dispatch' && !n.callFrame.url)) continue;
    total += t;
    if (n.callFrame.functionName === '(idle)') idle += t;
    const k = frameName(n.callFrame);
    self.set(k, (self.get(k) ?? 0) + t);
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id).callFrame;
      if (!f.url || !owned(f.url)) continue;
      const key = frameName(f);
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + t);
    }
  }
  const busy = total - idle || 1;
  const list = (m) =>
    [...m.entries()]
      .filter(([k]) => !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, pct: (100 * t) / busy }));
  return { self: list(self), inclusive: list(incl), idlePct: (100 * idle) / (total || 1) };
}

export const formatTop = (list) => list.map((e) => `${e.name} ${e.pct.toFixed(1)}%`).join('; ');

/** Profiles `fn` in this process with the inspector. */
export async function profileInProcess(fn, intervalUs = 200) {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    await fn();
    const { profile } = await session.post('Profiler.stop');
    return profile;
  } finally {
    session.disconnect();
  }
}

/** The profile a `node --cpu-prof --cpu-prof-dir=dir` process wrote on exit. */
export function readProfileFrom(dir) {
  const f = readdirSync(dir).find((n) => n.endsWith('.cpuprofile'));
  return f ? JSON.parse(readFileSync(join(dir, f), 'utf8')) : undefined;
}
