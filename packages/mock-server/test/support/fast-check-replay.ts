// Setup file: replays a property failure. fast-check prints `{ seed, path }` when a property
// fails; `FC_SEED=<seed> FC_PATH=<path> npx vitest run <file>` runs every property of that run
// with that seed (and straight to that counterexample with the path) instead of a random one.
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== undefined && seed !== '') {
  if (!/^-?\d+$/.test(seed))
    throw new Error(`FC_SEED must be the integer seed fast-check printed, not ${JSON.stringify(seed)}`);
  const path = process.env.FC_PATH;
  fc.configureGlobal({ seed: Number(seed), ...(path ? { path } : {}) });
}
