// Reference data directories for the boundary tests: the staged one as an older directory would
// have it (without boundaries/gku-2019, so the import falls back to the 2010 TopoJSON), built from
// symbolic links to the staged files in a temporary folder (nothing is copied).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A directory like `dir` without boundaries/gku-2019; call `remove` when done. */
export function withoutGku2019(dir: string): { dir: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-ref-2010-'));
  for (const entry of readdirSync(dir)) {
    if (entry === 'boundaries') continue;
    symlinkSync(path.resolve(dir, entry), path.join(root, entry));
  }
  mkdirSync(path.join(root, 'boundaries'));
  for (const entry of readdirSync(path.join(dir, 'boundaries'))) {
    if (entry === 'gku-2019') continue;
    symlinkSync(path.resolve(dir, 'boundaries', entry), path.join(root, 'boundaries', entry));
  }
  return { dir: root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
