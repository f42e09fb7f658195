// The SDK's request-type test (packages/sdk/test/request-types.typecheck.ts) read for the compiler's
// messages (issue 42 item 4): its `@ts-expect-error` directives taken out, each misuse must be an error
// on the line below its comment and no other line an error; a misuse whose comment names a field
// ("childs is a typo of children", "foo is no field of a search") must be reported with that name,
// `{ 'unknown field': "childs" }`, in the message. scripts/test-runtimes.mjs runs it under each TypeScript.

/** The file with each `// @ts-expect-error WHY` turned into `// expected: WHY`, and the errors expected: { line, why, field }. */
export function withoutDirectives(source) {
  const expected = [];
  const lines = source.split('\n').map((text, index) => {
    const directive = /^(\s*)\/\/ @ts-expect-error (.*)$/.exec(text);
    if (!directive) return text;
    const [, indent, why] = directive;
    expected.push({ line: index + 2, why, field: /^(\w+) is (?:a typo of|no field of)/.exec(why)?.[1] });
    return `${indent}// expected: ${why}`;
  });
  return { source: lines.join('\n'), expected };
}

/** What differs from the expected errors in tsc's output (`--pretty false`) for `file`; empty when nothing does. */
export function messageProblems(output, file, expected) {
  const errors = new Map();
  let line;
  for (const text of output.split('\n')) {
    const error = /^(.*)\((\d+),\d+\): error (.*)$/.exec(text);
    if (error && !error[1].endsWith(file)) return [`an error in ${error[1]}, not in the test: ${error[3]}`];
    if (error) line = Number(error[2]);
    if (error || /^\s/.test(text)) errors.set(line, `${errors.get(line) ?? ''}${(error?.[3] ?? text).trim()}\n`);
  }
  const problems = [];
  for (const { line, why, field } of expected) {
    const message = errors.get(line);
    if (message === undefined) problems.push(`line ${line} (${why}) compiles`);
    else if (field && !new RegExp(`['"]unknown field['"]: ["']${field}["']`).test(message))
      problems.push(`line ${line} (${why}): the message does not name ${field}: ${message}`);
  }
  const lines = new Set(expected.map((e) => e.line));
  for (const [at, message] of errors) if (!lines.has(at)) problems.push(`line ${at} is an error: ${message}`);
  if (!expected.some((e) => e.field)) problems.push('no misuse names a field ("childs is a typo of children")');
  return problems;
}
