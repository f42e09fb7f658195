// TypeDoc plugin for the API reference (typedoc.config.mjs). It adds the checks TypeDoc has no
// option for, and logs every problem as a warning, which `treatWarningsAsErrors` makes fatal:
// - every code entry of the packages' `exports` is documented, each module named by its import
//   specifier (`@flight-search/mock-server/node`), not by its source path;
// - every public export, and every member that our own sources declare (options, properties,
//   methods, error classes' members), has a description; members that come from the generated
//   contract types (src/generated/) carry openapi.yaml's descriptions where the contract gives one,
//   and are never hand-edited, so they are exempt (TypeDoc's `notDocumented` cannot exempt them);
// - every exported function has an `@example`;
// - it prints how many public exports the reference documents, per entry.
// It also makes the generated types readable: openapi-typescript's `@description` becomes the
// summary, and an alias written `Schemas['X']` (a private shorthand for the contract's schemas) is
// shown as the type it stands for.
import { readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Application, Comment, Converter, ReflectionKind } from 'typedoc';
import ts from 'typescript';
import { DATA_SUBPATHS, ENTRY_POINTS } from './entry-points.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const PACKAGES = ['@flight-search/sdk', '@flight-search/mock-server'];
const GENERATED = `${sep}src${sep}generated${sep}`;
const MUST_BE_DOCUMENTED =
  ReflectionKind.Class |
  ReflectionKind.Interface |
  ReflectionKind.TypeAlias |
  ReflectionKind.Function |
  ReflectionKind.Variable |
  ReflectionKind.Enum |
  ReflectionKind.EnumMember |
  ReflectionKind.Property |
  ReflectionKind.Method |
  ReflectionKind.Accessor;

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.on(Application.EVENT_BOOTSTRAP_END, () => checkEntriesCoverExports(app.logger));

  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (reflection.kindOf(ReflectionKind.TypeAlias) && isSchemaShorthand(context.getSymbolFromReflection(reflection))) {
      reflection.comment ??= new Comment();
      reflection.comment.modifierTags.add('@useDeclaredType');
    }
  });

  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    nameModules(context.project, app.logger);
    for (const reflection of Object.values(context.project.reflections)) descriptionToSummary(reflection.comment);
  });

  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    requireDescriptions(project, app.logger);
    requireExamples(project, app.logger);
    reportCount(project, app.logger);
  });
}

function checkEntriesCoverExports(logger) {
  for (const dir of new Set(ENTRY_POINTS.map((entry) => entry.dir))) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    for (const subpath of Object.keys(pkg.exports ?? {})) {
      if (DATA_SUBPATHS.includes(subpath)) continue;
      if (!ENTRY_POINTS.some((entry) => entry.dir === dir && entry.subpath === subpath)) {
        logger.warn(
          `${pkg.name} exports "${subpath}", which scripts/typedoc/entry-points.mjs does not document: add its source file there.`,
        );
      }
    }
  }
}

/** `type X = Schemas['X']`, where `Schemas` is not exported: TypeDoc would print just that text. */
function isSchemaShorthand(symbol) {
  const declaration = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
  return (
    declaration !== undefined &&
    ts.isIndexedAccessTypeNode(declaration.type) &&
    ts.isTypeReferenceNode(declaration.type.objectType) &&
    declaration.type.objectType.typeName.getText() === 'Schemas'
  );
}

function nameModules(project, logger) {
  const modules = project.children ?? [];
  for (const entry of ENTRY_POINTS) {
    const source = resolve(root, entry.source);
    const module = modules.find((child) => project.getSymbolIdFromReflection(child)?.fileName === source);
    if (module) module.name = entry.module;
    else logger.warn(`No module was made from ${entry.source} (${entry.module}).`);
  }
}

function descriptionToSummary(comment) {
  const tag = comment?.getTag('@description');
  if (!tag) return;
  comment.removeTags('@description');
  comment.summary =
    comment.summary.length === 0 ? tag.content : [...comment.summary, { kind: 'text', text: '\n\n' }, ...tag.content];
}

const described = (comment) => comment?.summary.some((part) => part.text.trim() !== '') ?? false;

/** A reflection is described by its own summary or, for something callable, by every signature's. */
function isDescribed(reflection) {
  if (described(reflection.comment)) return true;
  const signatures =
    reflection.signatures ??
    (reflection.type?.type === 'reflection' ? reflection.type.declaration.signatures : undefined) ??
    [];
  return signatures.length > 0 && signatures.every((signature) => described(signature.comment));
}

function insideParameter(reflection) {
  for (let at = reflection.parent; at; at = at.parent) if (at.kindOf(ReflectionKind.Parameter)) return true;
  return false;
}

/** The type literals of `extends` clauses in a conditional type: patterns that no value has. */
function patternLiterals(type, found = new Set(), inPattern = false) {
  if (!type || typeof type !== 'object') return found;
  if (type.type === 'reflection' && inPattern) found.add(type.declaration);
  if (type.type === 'conditional') {
    patternLiterals(type.checkType, found, inPattern);
    patternLiterals(type.extendsType, found, true);
    patternLiterals(type.trueType, found, inPattern);
    patternLiterals(type.falseType, found, inPattern);
    return found;
  }
  for (const key of ['types', 'elements', 'typeArguments'])
    for (const part of type[key] ?? []) patternLiterals(part, found, inPattern);
  for (const key of ['elementType', 'target', 'objectType', 'indexType']) patternLiterals(type[key], found, inPattern);
  return found;
}

function requireDescriptions(project, logger) {
  const patterns = new Set();
  for (const alias of project.getReflectionsByKind(ReflectionKind.TypeAlias)) patternLiterals(alias.type, patterns);
  for (const reflection of project.getReflectionsByKind(MUST_BE_DOCUMENTED)) {
    if (insideParameter(reflection) || patterns.has(reflection.parent) || isDescribed(reflection)) continue;
    const topLevel = reflection.parent?.kindOf(ReflectionKind.Module) ?? false;
    const symbol = project.getSymbolIdFromReflection(reflection);
    // A member that comes from a dependency (Error's `stack`) or from the generated contract types
    // is not ours to describe; an export always is, wherever it is declared.
    if (!topLevel && (!symbol || !PACKAGES.includes(symbol.packageName) || symbol.fileName.includes(GENERATED)))
      continue;
    const where = symbol ? ` (${symbol.packageName}/${symbol.packagePath})` : '';
    logger.warn(
      `${reflection.getFriendlyFullName()} (${ReflectionKind.singularString(reflection.kind)})${where} has no description.`,
    );
  }
}

function requireExamples(project, logger) {
  for (const fn of project.getReflectionsByKind(ReflectionKind.Function)) {
    const comments = [fn.comment, ...(fn.signatures ?? []).map((signature) => signature.comment)];
    if (!comments.some((comment) => comment?.getTag('@example')))
      logger.warn(`${fn.getFriendlyFullName()} (function) has no @example.`);
  }
}

/** The exports of each entry module, by kind: what `import { ... } from '<module>'` can name. */
function reportCount(project, logger) {
  let total = 0;
  const lines = [];
  for (const module of project.children ?? []) {
    const byKind = new Map();
    for (const child of module.children ?? []) {
      const kind = ReflectionKind.singularString(child.kind);
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    }
    const count = module.children?.length ?? 0;
    total += count;
    lines.push(`  ${module.name}: ${count} (${[...byKind].map(([kind, n]) => `${n} ${kind}`).join(', ')})`);
  }
  logger.info(`API reference: ${total} public exports documented\n${lines.join('\n')}`);
}
