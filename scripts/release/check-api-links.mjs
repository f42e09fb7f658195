#!/usr/bin/env node
// Part of `npm run release:check`, after `npm run docs:api`: the root README and each published
// package's README link to the API reference, and every link into docs/api/ reaches a page.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { publishedPackages, root } from './packages.mjs';

const problems = [];
const readmes = [join(root, 'README.md'), ...publishedPackages().map(({ path }) => join(path, 'README.md'))];
for (const readme of readmes) {
  const name = relative(root, readme);
  const links = [...readFileSync(readme, 'utf8').matchAll(/\]\(([^)\s]*docs\/api\/[^)\s]*)\)/g)].map((match) => match[1]);
  if (links.length === 0) problems.push(`${name} has no link to the API reference (docs/api/).`);
  for (const link of links) {
    const target = resolve(dirname(readme), decodeURI(link.split('#')[0]));
    if (!existsSync(target)) problems.push(`${name} links to ${link}, which does not exist (${relative(root, target)}).`);
  }
  if (links.length > 0 && !problems.some((problem) => problem.startsWith(name))) console.log(`ok ${name}: ${links.length} link(s) into docs/api/ resolve`);
}
if (problems.length > 0) {
  console.error(problems.map((problem) => `FAIL ${problem}`).join('\n'));
  process.exit(1);
}
