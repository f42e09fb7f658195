// The code blocks of a README that `npm run check:readme` type-checks (and runs, when marked `run`).

/** The ```ts blocks of a Markdown text, with the line each starts on and whether it is marked to run. */
export function snippets(markdown) {
  const found = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(?:ts|typescript)(?=\s|$)(.*)$/.exec(lines[i]);
    if (!open) continue;
    // A misspelt word would leave the block neither checked nor run: refuse it.
    const words = open[1].trim().split(/\s+/).filter(Boolean);
    const unknown = words.filter((word) => word !== 'continued' && word !== 'run');
    if (unknown.length > 0) throw new Error(`line ${i + 1}: a ts block takes the words continued and run, not ${unknown.join(' ')}`);
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1] !== '```') i++;
    const own = { line: start, code: lines.slice(start, i + 1).join('\n') };
    // `parts`: where each piece of the checked code stands in the README, to name a failing line by it.
    const before = words.includes('continued') && found.length ? found.at(-1).parts : [];
    const parts = [...before, own];
    found.push({ line: start, parts, code: parts.map((part) => part.code).join('\n'), run: words.includes('run') });
    i++;
  }
  return found;
}
