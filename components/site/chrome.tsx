// Header, footer and breadcrumbs of the server-rendered pages.
import Link from 'next/link';
import { ReportProblem } from './report-problem';
import './site.css';

export function SiteHeader() {
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        Geodáta Slovenska
      </Link>
      <nav aria-label="Hlavná navigácia">
        <ul>
          <li>
            <Link href="/">Mapa</Link>
          </li>
          <li>
            <Link href="/mapy">Tematické mapy</Link>
          </li>
          <li>
            <Link href="/poskytovatelia">Pre poskytovateľov</Link>
          </li>
          <li>
            <Link href="/dokumentacia">Dokumentácia</Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      Verejný portál geografických dát Slovenska. Dáta patria ich poskytovateľom; podmienky použitia uvádza každý
      dataset. <Link href="/stav-zdrojov">Stav zdrojov</Link> · <Link href="/neschvalene-data">Neschválené dáta</Link> ·{' '}
      <a href="/llms.txt">llms.txt</a> · <a href="/openapi.json">OpenAPI</a> <ReportProblem testId="footer-report" />
    </footer>
  );
}

export function Breadcrumbs({ items }: { items: Array<{ href?: string; label: string }> }) {
  return (
    <nav className="breadcrumbs" aria-label="Omrvinková navigácia">
      <ol>
        {items.map((i, n) => (
          <li key={n}>{i.href ? <Link href={i.href}>{i.label}</Link> : <span aria-current="page">{i.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
