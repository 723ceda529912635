// The body of the site's not-found and error pages: the site's header and footer, a Slovak
// message, the place search and the ways on (home, thematic maps, documentation).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { FindPlace } from './find-place';

export function ProblemPage({ title, children, actions, testId }: { title: string; children: ReactNode; actions?: ReactNode; testId: string }) {
  return (
    <>
      <main className="page problem-page" data-testid={testId}>
        <h1>{title}</h1>
        {children}
        {actions}
        <h2 id="problem-search">Hľadať miesto</h2>
        <p className="muted">Obec, ulica alebo adresa — otvorí sa na mape.</p>
        <FindPlace />
        <h2>Kam ďalej</h2>
        <ul className="problem-links">
          <li>
            <Link href="/">Úvodná stránka – mapa a katalóg datasetov</Link>
          </li>
          <li>
            <Link href="/mapy">Tematické mapy</Link>
          </li>
          <li>
            <Link href="/dokumentacia">Dokumentácia a API</Link>
          </li>
        </ul>
      </main>
    </>
  );
}
