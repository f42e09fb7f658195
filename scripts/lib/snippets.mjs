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
    if (unknown.length > 0)
      throw new Error(`line ${i + 1}: a ts block takes the words continued and run, not ${unknown.join(' ')}`);
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

/** The marks a ```sh or ```json block may carry, each followed by its reason where it says why the block is not run. */
const MARKS = { sh: ['server', 'errors:', 'no-run:'], json: ['stub', 'output:', 'no-run:'] };

/**
 * The ```sh (```bash) and ```json blocks of a Markdown text: `{ line, lang, code, mark, reason }`. A sh block
 * is run unless marked `no-run: <reason>` (`errors: <reason>`: run, its curl answers may be errors; `server`:
 * it starts the CLI itself); a json block must be marked: `stub` (posted to a mock, which must take it),
 * `output: <reason>` (parsed only) or `no-run: <reason>`. A mark needing a reason without one is an error.
 */
export function shellBlocks(markdown) {
  const found = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(sh|bash|json)(?=\s|$)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const lang = open[1] === 'json' ? 'json' : 'sh';
    const [word = '', ...rest] = open[2].trim().split(/\s+/).filter(Boolean);
    const reason = rest.join(' ');
    if (word !== '' && !MARKS[lang].includes(word))
      throw new Error(`line ${i + 1}: a ${lang} block takes ${MARKS[lang].join(', ')}, not ${word}`);
    if (word.endsWith(':') && reason === '') throw new Error(`line ${i + 1}: ${word} needs a reason beside it`);
    if (lang === 'json' && word === '')
      throw new Error(`line ${i + 1}: a json block is marked stub, output: <reason> or no-run: <reason>`);
    const start = i + 1;
    while (i + 1 < lines.length && lines[i + 1] !== '```') i++;
    found.push({ line: start, lang, code: lines.slice(start, i + 1).join('\n'), mark: word.replace(/:$/, ''), reason });
    i++;
  }
  return found;
}
