// /dokumentacia/{slug}: one document rendered from the same markdown served at /dokumentacia/{slug}.md.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { docBySlug } from '@/lib/docs/documents';
import { getDocumentMarkdown } from '@/lib/docs/load';
import { env } from '@/lib/env';
import { renderMarkdown } from '../_components/markdown';
import styles from '../docs.module.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const info = docBySlug((await params).slug);
  if (!info) return {};
  return {
    title: info.title,
    description: info.summary,
    alternates: { types: { 'text/markdown': `/dokumentacia/${info.slug}.md` } },
  };
}

export default async function DocPage({ params }: Props) {
  const info = docBySlug((await params).slug);
  if (!info) notFound();
  const { content, toc } = await renderMarkdown(await getDocumentMarkdown(info.slug), env().publicBaseUrl);
  return (
    <main className={styles.main} id="obsah">
      {toc.length > 2 && (
        <nav aria-label="Obsah dokumentu" className={styles.toc}>
          <p className={styles.tocTitle}>Obsah</p>
          <ol>
            {toc.map((t) => (
              <li key={t.id} className={t.depth === 3 ? styles.tocSub : undefined}>
                <a href={`#${t.id}`}>{t.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <article className={styles.prose} data-testid="doc-content">
        {content}
        <p className={styles.mdLink}>
          <a href={`/dokumentacia/${info.slug}.md`}>Tento dokument vo formáte Markdown</a>
        </p>
      </article>
    </main>
  );
}
