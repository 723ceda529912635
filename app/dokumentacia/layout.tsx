// Shared frame of the documentation pages: a header with the way back to the map and the list of
// documents, so every document is one keyboard step from every other.
import type { ReactNode } from 'react';
import Link from 'next/link';
import { DOCS } from '@/lib/docs/documents';
import styles from './docs.module.css';

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href="/" className={styles.brand}>
          Geodáta Slovenska
        </Link>
        <nav aria-label="Dokumentácia" className={styles.nav}>
          <Link href="/dokumentacia">Dokumentácia</Link>
          {DOCS.map((d) => (
            <Link key={d.slug} href={`/dokumentacia/${d.slug}`} data-testid={`docs-nav-${d.slug}`}>
              {d.title}
            </Link>
          ))}
        </nav>
      </header>
      {children}
    </div>
  );
}
