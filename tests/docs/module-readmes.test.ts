// Module READMEs stay present and current: every lib/ module with over 500 lines of .ts/.tsx has a
// README.md, and every file a lib/*/README.md names in backticks exists. A file token is a
// backticked path ending in .ts, .tsx, .md, .json or .sql; one with a slash is resolved against the
// repository root, the README's module, lib/ or the module's components/<module>; a bare file name must be a file of the repository
// (the module's own first). URL paths (`/schema/0.1/data.json`), globs and placeholders
// (`<id>.json`, `{slug}.md`, `*.ts`) are not files and are not checked. Backticked code names in
// camelCase (`answerNearby`, `checkNearbyInput(input)`) must occur in the portal's source, so a
// README cannot keep describing a function that is gone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIB = path.join(ROOT, 'lib');
const README_REQUIRED_OVER = 500;
const SKIP_DIRS = new Set(['node_modules', 'test-results', 'playwright-report']);
/** Top-level folders of generated or local files (the embedded database, build output). */
const SKIP_TOP = new Set(['data']);

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !(dir === ROOT && SKIP_TOP.has(entry.name))) out.push(...walk(full));
    } else out.push(full);
  }
  return out;
}

/** Lines as `wc -l` counts them (newline characters). */
function lineCount(file: string): number {
  return (readFileSync(file, 'utf8').match(/\n/g) ?? []).length;
}

const modules = readdirSync(LIB, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function moduleLines(name: string): number {
  return walk(path.join(LIB, name))
    .filter((f) => /\.tsx?$/.test(f))
    .reduce((sum, f) => sum + lineCount(f), 0);
}

/** Backticked spans outside fenced code blocks. */
function backtickedTokens(markdown: string): string[] {
  const tokens: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    for (const m of line.matchAll(/`([^`\n]+)`/g)) tokens.push(m[1].trim());
  }
  return tokens;
}

const FILE_TOKEN = /^[\w@.\-[\]/]+\.(ts|tsx|md|json|sql)$/;

/** Whether a backticked token names a file of the repository (rather than a URL, glob or placeholder). */
function isFileToken(token: string): boolean {
  return FILE_TOKEN.test(token) && !token.startsWith('/') && !token.includes('//') && !token.startsWith('.');
}

// Bare file names of the repository (tracked sources, docs, migrations), for tokens without a slash.
const repoFileNames = new Set(walk(ROOT).map((f) => path.basename(f)));

function resolves(token: string, moduleDir: string): boolean {
  if (token.includes('/')) {
    // A module's UI lives in components/<module> (lib/map names `tools/measure.tsx`).
    const ui = path.join(ROOT, 'components', path.basename(moduleDir));
    return [ROOT, moduleDir, LIB, ui].some((base) => {
      const p = path.join(base, token);
      return existsSync(p) && statSync(p).isFile();
    });
  }
  return existsSync(path.join(moduleDir, token)) || repoFileNames.has(token);
}

const SOURCE_DIRS = ['lib', 'app', 'components', 'scripts', 'tests', 'e2e'];
const sourceText = [
  ...SOURCE_DIRS.filter((d) => existsSync(path.join(ROOT, d))).flatMap((d) => walk(path.join(ROOT, d))),
  ...readdirSync(ROOT).map((f) => path.join(ROOT, f)).filter((f) => statSync(f).isFile()),
]
  .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && f !== import.meta.filename)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/** A backticked code name: an identifier with an inner capital (camelCase, PascalCase with two humps), optionally called. */
const CODE_NAME = /^([A-Za-z_$][\w$]*)(\([^()]*\))?$/;
function codeName(token: string): string | null {
  const m = CODE_NAME.exec(token);
  if (!m || !/[a-z][A-Z]/.test(m[1])) return null;
  return m[1];
}

describe('lib/ module READMEs', () => {
  test('every lib/ module over 500 lines of .ts/.tsx has a README.md', () => {
    const sizes = modules.map((m) => ({ module: m, lines: moduleLines(m) }));
    expect(sizes.length).toBeGreaterThan(10);
    const missing = sizes.filter((s) => s.lines > README_REQUIRED_OVER && !existsSync(path.join(LIB, s.module, 'README.md')));
    expect(missing).toEqual([]);
  });

  test('every file a module README names in backticks exists', () => {
    const readmes = modules.map((m) => path.join(LIB, m, 'README.md')).filter((f) => existsSync(f));
    expect(readmes.length).toBeGreaterThan(10);
    let checked = 0;
    const broken: string[] = [];
    for (const readme of readmes) {
      const moduleDir = path.dirname(readme);
      for (const token of backtickedTokens(readFileSync(readme, 'utf8')).filter(isFileToken)) {
        checked++;
        if (!resolves(token, moduleDir)) broken.push(`${path.relative(ROOT, readme)}: \`${token}\``);
      }
    }
    expect(broken).toEqual([]);
    // The READMEs name many files; a check that finds none would be checking nothing.
    expect(checked).toBeGreaterThan(50);
  });

  test('every camelCase code name a module README names in backticks occurs in the source', () => {
    const readmes = modules.map((m) => path.join(LIB, m, 'README.md')).filter((f) => existsSync(f));
    let checked = 0;
    const gone: string[] = [];
    for (const readme of readmes) {
      for (const name of backtickedTokens(readFileSync(readme, 'utf8')).map(codeName)) {
        if (name === null) continue;
        checked++;
        if (!new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(sourceText)) gone.push(`${path.relative(ROOT, readme)}: \`${name}\``);
      }
    }
    expect(gone).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  test('the file-token rule tells files from URLs, globs and placeholders', () => {
    expect(backtickedTokens('a `query.ts` b\n```\n`inside.ts`\n```\n`lib/db/lease.ts`')).toEqual(['query.ts', 'lib/db/lease.ts']);
    expect(['query.ts', 'lib/db/lease.ts', 'app/api/data/[provider]/[dataset]/route.ts', '0001_schema.sql'].every(isFileToken)).toBe(true);
    expect(['answerNearby', 'checkNearbyInput(input)', 'McpServer'].map(codeName)).toEqual(['answerNearby', 'checkNearbyInput', 'McpServer']);
    expect(['bbox', 'ST_Covers', 'dm.total', 'maxFeatures=5', 'GET /api/nearby'].map(codeName)).toEqual([null, null, null, null, null]);
    expect(['/schema/0.1/data.json', '<id>.json', '{slug}.md', '*.ts', 'https://x.sk/a.json', 'getDb()', 'sk-uzemie/%'].some(isFileToken)).toBe(false);
  });
});
