// `npm run docs:api`: the API reference in docs/api/ (Markdown), from the JSDoc of every public
// export of both packages. Any warning fails the build: an export without a description, a broken
// {@link}, a function without an @example, a type that a public export uses but that is not
// itself exported (see scripts/typedoc/plugin.mjs for the checks TypeDoc has no option for).
import { OptionDefaults } from 'typedoc';
import { ENTRY_POINTS } from './scripts/typedoc/entry-points.mjs';

/** @type {Partial<import('typedoc').TypeDocOptions & import('typedoc-plugin-markdown').PluginOptions>} */
export default {
  entryPoints: ENTRY_POINTS.map((entry) => entry.source),
  entryPointStrategy: 'resolve',
  tsconfig: 'tsconfig.typedoc.json',
  plugin: ['typedoc-plugin-markdown', './scripts/typedoc/plugin.mjs'],
  out: 'docs/api',
  name: 'Flight Search toolkit API reference',
  readme: 'none',
  // No "Defined in src/x.ts:12" lines: they would change with every edit of the sources.
  disableSources: true,
  excludePrivate: true,
  excludeInternal: true,
  // openapi-typescript writes the contract's descriptions as @description and marks `const` schemas
  // @constant (generated files are never hand-edited); the plugin turns @description into the summary.
  blockTags: [...OptionDefaults.blockTags, '@description'],
  modifierTags: [...OptionDefaults.modifierTags, '@constant'],
  treatWarningsAsErrors: true,
  // notDocumented is the plugin's check (it exempts members of the generated contract types).
  validation: {
    notExported: true,
    invalidLink: true,
    invalidPath: true,
    rewrittenLink: true,
    notDocumented: false,
    unusedMergeModuleWith: true,
  },
  // Markdown output
  hidePageHeader: true,
  hideBreadcrumbs: false,
  useCodeBlocks: true,
  parametersFormat: 'table',
  interfacePropertiesFormat: 'table',
  typeDeclarationFormat: 'table',
  indexFormat: 'table',
  classPropertiesFormat: 'table',
};
