// Header, footer and breadcrumbs of the site. The root layout renders the header and the footer on
// every page; the full-screen map and the embedded map hide them (data-chrome, site.css).
import Link from 'next/link';
import { env } from '@/lib/env';
import { ReportProblem } from './report-problem';
import './site.css';

// The header's links are not prefetched: on every page they would cost a phone four page payloads
// and their scripts during its first seconds, for a click that may never come.
export function SiteHeader() {
  return (
    <header className="site-header">
      <Link href="/" prefetch={false} className="brand">
        Geodáta Slovenska
      </Link>
      <nav aria-label="Hlavná navigácia">
        <ul>
          <li>
            <Link href="/" prefetch={false}>Mapa</Link>
          </li>
          <li>
            <Link href="/mapy" prefetch={false}>Tematické mapy</Link>
          </li>
          <li>
            <Link href="/poskytovatelia" prefetch={false}>Pre poskytovateľov</Link>
          </li>
          <li>
            <Link href="/dokumentacia" prefetch={false}>Dokumentácia</Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}

/**
 * The operator's name and contact from the settings (OPERATOR_NAME, CONTACT_EMAIL, CONTACT_PHONE), read
 * when a page is requested: the root layout is rendered per request (app/layout.tsx), so one build
 * serves several instances with their own operators and a changed setting shows after a restart.
 */
export function OperatorContact() {
  const { operatorName, contactEmail, contactPhone } = env();
  return (
    <span data-testid="operator-contact">
      Prevádzkovateľ: {operatorName ?? 'neuvedený'}
      {contactEmail && (
        <>
          {' '}
          · <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </>
      )}
      {contactPhone && (
        <>
          {' '}
          · <a href={`tel:${contactPhone.replace(/[^+0-9]/g, '')}`}>{contactPhone}</a>
        </>
      )}
      {!contactEmail && !contactPhone && ' · kontakt zatiaľ neuvedený'}
    </span>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer" data-testid="site-footer">
      <p>
        Verejný portál geografických dát Slovenska. Dáta patria ich poskytovateľom; podmienky použitia uvádza každý
        dataset.
      </p>
      <p>
        <OperatorContact />
      </p>
      <ul className="footer-links">
        <li>
          <Link href="/vyhlasenie-o-pristupnosti">Vyhlásenie o prístupnosti</Link>
        </li>
        <li>
          <Link href="/dokumentacia/o-projekte">O projekte</Link>
        </li>
        <li>
          <Link href="/stav-zdrojov">Stav zdrojov</Link>
        </li>
        <li>
          <Link href="/neschvalene-data">Neschválené dáta</Link>
        </li>
        <li>
          <a href="/llms.txt">llms.txt</a>
        </li>
        <li>
          <a href="/openapi.json">OpenAPI</a>
        </li>
        <li>
          <ReportProblem testId="footer-report" />
        </li>
      </ul>
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
