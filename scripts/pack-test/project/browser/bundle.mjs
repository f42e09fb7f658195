// node browser/bundle.mjs <entry> <package dir that must be bundled>
// Bundles the entry with esbuild for the browser. Node built-ins are marked
// external so the build finishes and the metafile names every one that is
// imported: any such import fails the check.
import { build } from 'esbuild';
import { builtinModules } from 'node:module';

const [entry, mustInclude] = process.argv.slice(2);
const builtins = new Set(builtinModules);
const isBuiltin = (path) => path.startsWith('node:') || builtins.has(path) || builtins.has(path.split('/')[0]);

const result = await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  write: false,
  metafile: true,
  logLevel: 'error',
  external: ['node:*', ...builtinModules],
});

const offenders = [];
for (const [file, input] of Object.entries(result.metafile.inputs)) {
  for (const imported of input.imports)
    if (isBuiltin(imported.path)) offenders.push(`${file} imports ${imported.path}`);
}
if (offenders.length > 0) {
  console.error(`the browser bundle of ${entry} imports Node built-ins:\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
const inputs = Object.keys(result.metafile.inputs);
if (!inputs.some((file) => file.startsWith(mustInclude))) {
  console.error(`the browser bundle of ${entry} has no file under ${mustInclude}; inputs: ${inputs.join(', ')}`);
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`${inputs.length} inputs, ${bytes} bytes, no Node built-ins`);
