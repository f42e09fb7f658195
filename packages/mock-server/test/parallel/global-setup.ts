import type { TestProject } from 'vitest/node';
import { startMockServer } from '../../src/node/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

/** One standalone mock for every file of the suite, as a team's CI runs one (issue 37). */
export default async function setup(project: TestProject) {
  const server = await startMockServer({ port: 0, control: true, log: false });
  project.provide('mockUrl', server.url);
  return () => server.close();
}
