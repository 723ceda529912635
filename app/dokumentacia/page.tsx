// /dokumentacia: the documentation index for people, with the machine-readable resources next to it.
import type { Metadata } from 'next';
import Link from 'next/link';
import { DOCS } from '@/lib/docs/documents';
import { MACHINE_RESOURCES } from '@/lib/docs/resources';
import styles from './docs.module.css';

export const metadata: Metadata = {
  title: 'Dokumentácia',
  description: 'Dokumentácia portálu Geodáta Slovenska pre poskytovateľov dát, AI agentov, AI asistentov a vývojárov.',
  alternates: { types: { 'text/plain': '/llms.txt' } },
};

export default function DocsIndexPage() {
  return (
    <main className={styles.main} id="obsah">
      <article className={styles.prose}>
        <h1>Dokumentácia</h1>
        <p>
          Portál zhromažďuje geografické dáta nezávislých poskytovateľov a sprístupňuje ich na mape, cez API a MCP
          server pre AI asistentov. Každý dokument je aj vo formáte Markdown (pridajte <code>.md</code> k adrese).
        </p>
        <ul className={styles.cards} data-testid="docs-index">
          {DOCS.map((d) => (
            <li key={d.slug}>
              <Link href={`/dokumentacia/${d.slug}`}>{d.title}</Link>
              <p>{d.summary}</p>
              <a href={`/dokumentacia/${d.slug}.md`} className={styles.mdLink}>
                Markdown
              </a>
            </li>
          ))}
        </ul>
        <h2>Strojovo čitateľné zdroje</h2>
        <ul>
          {MACHINE_RESOURCES.map((r) => (
            <li key={r.path}>
              <a href={r.path}>
                <code>{r.path}</code>
              </a>{' '}
              — {r.label}
            </li>
          ))}
        </ul>
      </article>
    </main>
  );
}
