// /neschvalene-data: providers that registered themselves and await the operator's approval.
// Their data is already reachable (with a warning) but not in the catalog; this page lists them.
import type { Metadata } from 'next';
import Link from 'next/link';
import { formatCount, pluralForm } from '@/lib/map/format';
import { CATEGORY_LABELS } from '@/lib/providers/catalog';
import { listPendingProviders } from '@/lib/providers/pending';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Neschválené dáta',
  description: 'Poskytovatelia, ktorí sa zaregistrovali a čakajú na schválenie prevádzkovateľom portálu.',
  robots: { index: false, follow: false },
};

const dateFormat = new Intl.DateTimeFormat('sk-SK', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Bratislava' });

const STATUS_LABELS: Record<string, string> = {
  ok: 'v poriadku',
  invalid_manifest: 'posledné stiahnutie manifestu zlyhalo: neplatný manifest',
  id_mismatch: 'posledný stiahnutý manifest má iné ID poskytovateľa',
  source_unreachable: 'manifest sa naposledy nepodarilo stiahnuť',
};

const SOURCE_LABELS: Record<string, string> = { geojson: 'GeoJSON', raster: 'rastrové dlaždice' };

export default async function UnapprovedDataPage() {
  const providers = await listPendingProviders();
  return (
    <main className="page" style={{ maxWidth: 860 }}>
      <h1>Neschválené dáta</h1>
      <p
        role="note"
        style={{ background: 'var(--warn-bg)', border: '1px solid var(--warn-line)', padding: '0.75rem 1rem', borderRadius: 6 }}
      >
        Títo poskytovatelia sa do portálu zaregistrovali sami a ich dáta ešte neskontroloval prevádzkovateľ portálu.
        Dáta sú dostupné na odkazoch nižšie, ale nie sú v katalógu, vo vyhľadávaní ani na stránkach obcí. Obsah
        nezodpovedá portál, ale uvedený poskytovateľ.
      </p>
      {providers.length === 0 ? (
        <p data-testid="pending-empty">Momentálne nečaká na schválenie žiadny poskytovateľ.</p>
      ) : (
        <p data-testid="pending-count">
          Na schválenie {pluralForm(providers.length, 'čaká', 'čakajú', 'čaká')}{' '}
          {formatCount(providers.length, 'poskytovateľ', 'poskytovatelia', 'poskytovateľov')}.
        </p>
      )}
      {providers.map((p) => (
        <section
          key={p.id}
          id={p.id}
          data-testid="pending-provider"
          style={{ borderTop: '1px solid var(--line)', paddingTop: '1rem', marginTop: '1.5rem' }}
        >
          <h2 style={{ marginBottom: '0.25rem' }}>
            {p.name} <small style={{ color: 'var(--muted)', fontWeight: 'normal' }}>({p.id})</small>
          </h2>
          {p.description ? <p>{p.description}</p> : null}
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem', margin: '0.5rem 0' }}>
            <dt>Zaregistrovaný</dt>
            <dd style={{ margin: 0 }}>{dateFormat.format(p.registeredAt)}</dd>
            {p.manifestUrl ? (
              <>
                <dt>Manifest</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                  <a href={p.manifestUrl} rel="nofollow ugc noopener" target="_blank">
                    {p.manifestUrl}
                  </a>
                </dd>
              </>
            ) : null}
            {p.homepage ? (
              <>
                <dt>Web poskytovateľa</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                  <a href={p.homepage} rel="nofollow ugc noopener" target="_blank">
                    {p.homepage}
                  </a>
                </dd>
              </>
            ) : null}
            <dt>Odtlačok manifestu</dt>
            <dd style={{ margin: 0 }}>
              <code>{p.fingerprint.slice(0, 16)}</code>
            </dd>
            <dt>Stav</dt>
            <dd style={{ margin: 0 }}>{STATUS_LABELS[p.status] ?? p.status}</dd>
          </dl>
          {p.previouslyApproved ? (
            <p>
              Poskytovateľ zmenil už schválený manifest. Kým prevádzkovateľ zmenu neschváli, portál ďalej zobrazuje
              naposledy schválenú verziu; nižšie sú datasety z novej verzie.
            </p>
          ) : null}
          <h3>Datasety ({p.datasets.length})</h3>
          <ul>
            {p.datasets.map((d) => (
              <li key={d.id}>
                <Link href={d.link} prefetch={false}>
                  {d.title}
                </Link>{' '}
                <span style={{ color: 'var(--muted)' }}>
                  · {CATEGORY_LABELS[d.category as keyof typeof CATEGORY_LABELS] ?? d.category} ·{' '}
                  {SOURCE_LABELS[d.sourceType] ?? d.sourceType}
                </span>
                {d.description ? <div style={{ color: 'var(--muted)' }}>{d.description}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
