import { runCompare } from './compare.js';

// `tsx src/main.ts [options]`; see --help.
process.exitCode = await runCompare(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
