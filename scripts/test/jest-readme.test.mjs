// Issue 29 item 6: the mock's README shows the whole Jest set-up the runtime matrix's Jest rows run
// (scripts/runtimes/project/jest.config.cjs and babel.config.cjs), and stays in step with them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
/** The ```js blocks of a Markdown text. */
const jsBlocks = (markdown) => [...markdown.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((match) => match[1]);

describe("the mock README's Jest set-up is the one the Jest rows of npm run test:runtimes use", () => {
  const blocks = jsBlocks(read('packages/mock-server/README.md'));

  for (const file of ['jest.config.cjs', 'babel.config.cjs']) {
    it(`shows scripts/runtimes/project/${file} written out, as one block headed by its file name`, () => {
      expect(blocks).toContain(`// ${file}\n${read(`scripts/runtimes/project/${file}`)}`);
    });
  }

  it('names every package the set-up loads in its install command, at the majors the rows pin', () => {
    const install = /^npm install -D (.*jest.*)$/m.exec(read('packages/mock-server/README.md'))?.[1].split(' ') ?? [];
    const { consumer } = JSON.parse(read('scripts/runtimes/versions.json'));
    const major = (name) => `${name}@${consumer[name].split('.')[0]}`;
    expect(install).toEqual(
      expect.arrayContaining([
        major('jest'),
        `babel-jest@${consumer.jest.split('.')[0]}`,
        major('jest-environment-jsdom'),
        'jest-fixed-jsdom',
        major('@babel/plugin-transform-modules-commonjs'),
        'msw',
      ]),
    );
  });
});
