// Shared frame of the documentation pages: the site's header and footer, and a row of links to
// every document, so each document is one keyboard step from every other.
import type { ReactNode } from 'react';
import Link from 'next/link';
import { DOCS } from '@/lib/docs/documents';
import styles from './docs.module.css';

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <nav aria-label="Dokumenty" className={styles.docsNav}>
        <Link href="/dokumentacia">Prehľad</Link>
        {DOCS.map((d) => (
          <Link key={d.slug} href={`/dokumentacia/${d.slug}`} data-testid={`docs-nav-${d.slug}`}>
            {d.title}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
