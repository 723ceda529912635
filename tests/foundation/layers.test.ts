// The layer rule (.dependency-cruiser.mjs, README.md "Layers") and the browser rule
// (.dependency-cruiser-browser.mjs) are part of `npm run lint`, and a deliberate violation fails
// them: each rule set is run, as the lint runs it, on a small tree written for the purpose (a lower
// layer importing a higher one, two domains importing each other, a client component reaching the
// database), next to the same tree without the violation.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';

const run = promisify(execFile);
const ROOT = process.cwd();
const DEPCRUISE = path.join(ROOT, 'node_modules', '.bin', 'depcruise');
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A throwaway tree with `files` (path -> source) and a tsconfig like the portal's (`@/` = root). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] }, jsx: 'preserve', strict: true } }));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

/** Runs dependency-cruiser with one of the portal's rule files: the exit code and the report. */
async function cruise(dir: string, config: string, roots: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(DEPCRUISE, [...roots, '--config', path.join(ROOT, config), '--output-type', 'err'], { cwd: dir });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: `${err.stdout}${err.stderr}` };
  }
}

const base = {
  'lib/db/index.ts': "export const sql = 'db';\n",
  'lib/protocol/types.ts': 'export const PROTOCOL_VERSION = "0.1";\n',
  'lib/places/search.ts': "import { sql } from '@/lib/db/index';\nexport const search = () => sql;\n",
  'lib/nearby/service.ts': "import { search } from '@/lib/places/search';\nexport const nearby = () => search();\n",
  'lib/map/format.ts': 'export const formatNumber = (n: number) => String(n);\n',
  'components/map/panel.tsx': "'use client';\nimport { formatNumber } from '@/lib/map/format';\nexport const Panel = () => formatNumber(1);\n",
};

describe('the layer rule in npm run lint', () => {
  test('npm run lint runs both rule sets', () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.lint).toContain('npm run -s layers');
    expect(scripts.layers).toContain('--config .dependency-cruiser.mjs');
    expect(scripts.layers).toContain('--config .dependency-cruiser-browser.mjs');
    // No baseline of known violations: every violation fails the lint.
    expect(scripts.layers).not.toContain('--ignore-known');
  });

  test('a tree that keeps the layers passes', async () => {
    const dir = tree(base);
    expect(await cruise(dir, '.dependency-cruiser.mjs', ['lib', 'components'])).toMatchObject({ code: 0 });
    expect(await cruise(dir, '.dependency-cruiser-browser.mjs', ['components'])).toMatchObject({ code: 0 });
  });

  const violations: Array<{ name: string; files: Record<string, string>; config: string; rule: string }> = [
    {
      name: 'the protocol importing the database (a lower layer importing a higher one)',
      files: { 'lib/protocol/types.ts': "import { sql } from '@/lib/db/index';\nexport const PROTOCOL_VERSION = sql;\n" },
      config: '.dependency-cruiser.mjs',
      rule: 'layer-protocol',
    },
    {
      name: 'places importing nearby (two domain folders importing each other)',
      files: { 'lib/places/search.ts': "import { sql } from '@/lib/db/index';\nimport { nearby } from '@/lib/nearby/service';\nexport const search = () => sql + String(nearby);\n" },
      config: '.dependency-cruiser.mjs',
      rule: 'domain-order-places',
    },
    {
      name: 'a new lib/ folder outside every layer',
      files: { 'lib/gadgets/index.ts': "import { sql } from '@/lib/db/index';\nexport const gadget = sql;\n" },
      config: '.dependency-cruiser.mjs',
      rule: 'layer-unknown',
    },
    {
      name: 'a client component reaching the database through a pure-looking module',
      files: { 'lib/map/format.ts': "import { sql } from '@/lib/db/index';\nexport const formatNumber = (n: number) => `${sql}${n}`;\n" },
      config: '.dependency-cruiser-browser.mjs',
      rule: 'browser-server-only',
    },
  ];
  for (const v of violations) {
    test(`fails: ${v.name}`, async () => {
      const dir = tree({ ...base, ...v.files });
      const roots = v.config === '.dependency-cruiser.mjs' ? ['lib', 'components'] : ['components'];
      const r = await cruise(dir, v.config, roots);
      expect(r.code, r.out).not.toBe(0);
      expect(r.out).toContain(`error ${v.rule}`);
    });
  }

  test('an import type of a server module is fine in the browser', async () => {
    const dir = tree({
      ...base,
      'lib/places/schema.ts': "import { sql } from '@/lib/db/index';\nexport type Place = { name: string; db: typeof sql };\n",
      'components/map/panel.tsx': "'use client';\nimport type { Place } from '@/lib/places/schema';\nexport const Panel = (p: Place) => p.name;\n",
    });
    expect(await cruise(dir, '.dependency-cruiser-browser.mjs', ['components'])).toMatchObject({ code: 0 });
  });
});
