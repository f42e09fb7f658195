import { fileURLToPath } from 'node:url';

// The repository's root: where npm's workspaces install Next and the SDK (one lockfile, one node_modules).
const root = fileURLToPath(new URL('../..', import.meta.url));

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root },
  outputFileTracingRoot: root,
};
