// Renders a documentation markdown text as React on the server (next-mdx-remote/rsc). The texts are
// compiled as plain CommonMark + GFM (format 'md'), not MDX: they are also served verbatim as .md to
// language models, so `{z}/{x}/{y}` and `<provider>` must stay text, never JSX or expressions.
import type { ComponentPropsWithoutRef } from 'react';
import { compileMDX } from 'next-mdx-remote/rsc';
import remarkGfm from 'remark-gfm';
import { rehypeHeadingIds, type TocEntry } from '@/lib/docs/headings';
import { localDocHref } from '@/lib/docs/links';
import styles from '../docs.module.css';

function makeComponents(base: string) {
  return {
    a: ({ href, ...rest }: ComponentPropsWithoutRef<'a'>) => {
      const local = href ? localDocHref(href, base) : href;
      const external = local !== undefined && /^https?:\/\//.test(local);
      return <a href={local} {...rest} {...(external ? { rel: 'noopener' } : {})} />;
    },
    table: (props: ComponentPropsWithoutRef<'table'>) => (
      <div className={styles.tableWrap} tabIndex={0}>
        <table {...props} />
      </div>
    ),
  };
}

type Rendered = { content: React.ReactElement; toc: TocEntry[] };

// Compiling a document takes a second or two of CPU; its text changes only with a deploy or the
// configuration, so each compiled result is kept (keyed by the text itself; six documents).
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
  const { content } = await compileMDX({
    source: markdown,
    components: makeComponents(base),
    options: {
      mdxOptions: {
        format: 'md',
        remarkPlugins: [remarkGfm],
        rehypePlugins: [rehypeHeadingIds({ toc }) as never],
      },
    },
  });
  return { content, toc };
}
