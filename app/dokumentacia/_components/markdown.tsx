// Renders a documentation markdown text as React on the server (react-markdown: CommonMark + GFM,
// no MDX). The texts are also served verbatim as .md to language models, so `{z}/{x}/{y}` and
// `<provider>` must stay text, never JSX or expressions; raw HTML in them is not rendered.
import type { ComponentPropsWithoutRef } from 'react';
import { MarkdownAsync, type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { rehypeHeadingIds, type TocEntry } from '@/lib/docs/headings';
import { localDocHref } from '@/lib/docs/links';
import styles from '../docs.module.css';

function makeComponents(base: string): Components {
  return {
    // react-markdown passes the hast `node` too; it is not an HTML attribute.
    a: ({ href, node: _node, ...rest }: ComponentPropsWithoutRef<'a'> & ExtraProps) => {
      const local = href ? localDocHref(href, base) : href;
      const external = local !== undefined && /^https?:\/\//.test(local);
      return <a href={local} {...rest} {...(external ? { rel: 'noopener' } : {})} />;
    },
    table: ({ node: _node, ...props }: ComponentPropsWithoutRef<'table'> & ExtraProps) => (
      <div className={styles.tableWrap} tabIndex={0}>
        <table {...props} />
      </div>
    ),
  };
}

type Rendered = { content: React.ReactElement; toc: TocEntry[] };

// A document's text changes only with a deploy or the configuration, so each rendered result is
// kept (keyed by the text itself; six documents).
const compiled = new Map<string, Promise<Rendered>>();
const MAX_CACHED = 24;

export function renderMarkdown(markdown: string, base: string): Promise<Rendered> {
  const key = `${base}\n${markdown}`;
  let hit = compiled.get(key);
  if (!hit) {
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value!);
    hit = compile(markdown, base);
    hit.catch(() => compiled.delete(key));
    compiled.set(key, hit);
  }
  return hit;
}

async function compile(markdown: string, base: string): Promise<Rendered> {
  const toc: TocEntry[] = [];
  // MarkdownAsync runs the whole pipeline here (not when React renders the element), so the table
  // of contents is complete when this resolves.
  const content = await MarkdownAsync({
    children: markdown,
    components: makeComponents(base),
    remarkPlugins: [remarkGfm],
    rehypePlugins: [rehypeHeadingIds({ toc }) as never],
  });
  return { content, toc };
}
