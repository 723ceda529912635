// Heading anchors for the HTML documentation: stable ids from the Slovak heading text (diacritics
// folded, so /dokumentacia/api#get-apinearby style links survive copy and paste) and the table of
// contents collected while the markdown is compiled, so the ids in the TOC and in the page are one.
import { slugify } from '@/lib/protocol/shared/text';

export interface TocEntry {
  depth: number;
  id: string;
  text: string;
}

/** `Čo je na mieste?` -> `co-je-na-mieste` (the protocol module's slug). */
export { slugify as slugifyHeading };

// Minimal hast shapes: only what the walk below touches.
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * A rehype plugin giving h2-h4 unique ids and pushing them into `toc` (h2 and h3 only).
 * Pass a fresh array per compilation.
 */
export function rehypeHeadingIds(options: { toc: TocEntry[] }) {
  return () => (tree: HastNode) => {
    const seen = new Map<string, number>();
    const walk = (node: HastNode) => {
      const m = node.type === 'element' ? /^h([2-4])$/.exec(node.tagName ?? '') : null;
      if (m) {
        const text = textOf(node).trim();
        const base = slugify(text) || 'sekcia';
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        const id = n === 0 ? base : `${base}-${n}`;
        node.properties = { ...(node.properties ?? {}), id };
        const depth = Number(m[1]);
        if (depth <= 3) options.toc.push({ depth, id, text });
        return;
      }
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}
