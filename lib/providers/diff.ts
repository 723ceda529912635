// What changed in a manifest against the approved one (provider page, `operator diff`, the "changed"
// e-mail). Datasets are compared by id, not by position, so a reordered or inserted dataset reads as
// what it is; paths name them: `datasets/<id>/title`.
import diff from 'microdiff';
import type { Manifest } from '@/lib/protocol/types';
import type { ManifestChange } from './schema';

/** The manifest with `datasets` as an object keyed by dataset id (ids are unique in a valid manifest). */
function keyed(m: Manifest): Record<string, unknown> {
  const datasets: Record<string, unknown> = {};
  for (const d of m.datasets ?? []) datasets[d.id] = d;
  return { ...m, datasets };
}

function pathOf(parts: Array<string | number>): string {
  return parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Every change from `approved` to `current`, in document order. */
export function manifestDiff(approved: Manifest, current: Manifest): ManifestChange[] {
  return diff(keyed(approved), keyed(current)).map((d) => {
    const path = pathOf(d.path);
    if (d.type === 'CREATE') return { path, kind: 'added' as const, after: d.value };
    if (d.type === 'REMOVE') return { path, kind: 'removed' as const, before: d.oldValue };
    return { path, kind: 'changed' as const, before: d.oldValue, after: d.value };
  });
}

function short(v: unknown): string {
  const text = JSON.stringify(v) ?? 'null';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** One change as a line for people (e-mail, CLI): `datasets/lampy/title: "A" → "B"`. */
export function describeChange(c: ManifestChange): string {
  if (c.kind === 'added') return `+ ${c.path}: ${short(c.after)}`;
  if (c.kind === 'removed') return `− ${c.path} (bolo ${short(c.before)})`;
  return `~ ${c.path}: ${short(c.before)} → ${short(c.after)}`;
}
