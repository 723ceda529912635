// Pieces of the HTML pages of the OGC API (/ogc?f=html and below): the site's chrome, the QGIS
// how-to, links, feature values and error boxes. Server components only.
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/site/chrome';
import { isApiError } from '@/lib/errors';
import type { OgcLink } from '@/lib/ogc/links';

export function OgcFrame({ crumbs, testId, children }: { crumbs: Array<{ href?: string; label: string }>; testId: string; children: ReactNode }) {
  return (
    <>
      <main className="page" data-testid={testId}>
        <Breadcrumbs items={[{ href: '/', label: 'Mapa' }, ...crumbs]} />
        {children}
      </main>
    </>
  );
}

/** How to add the portal (or one collection) in QGIS. */
export function QgisHowTo({ ogcUrl, collectionId }: { ogcUrl: string; collectionId?: string }) {
  return (
    <section aria-labelledby="qgis-title" data-testid="qgis-howto">
      <h2 id="qgis-title">Pridanie do QGIS</h2>
      <ol>
        <li>
          V QGIS zvoľte <strong>Vrstva → Pridať vrstvu → Pridať vrstvu WFS / OGC API – Features</strong> (Layer → Add Layer → Add WFS / OGC API – Features Layer).
        </li>
        <li>
          Kliknite na <strong>Nové</strong>, zadajte názov (napr. Geodáta Slovenska) a adresu <code data-testid="qgis-url">{ogcUrl}</code>; verzia <em>OGC API – Features</em>.
        </li>
        <li>
          <strong>Pripojiť</strong>, vyberte {collectionId ? <>kolekciu <code>{collectionId}</code></> : 'kolekciu'} a <strong>Pridať</strong>.
        </li>
        <li>
          Projekt v S-JTSK (EPSG:5514): vo <strong>Vlastnostiach projektu → Transformácie</strong> zvoľte „S-JTSK to WGS 84 (4)“ (EPSG:4836, presnosť asi 1 m) —
          predvolená transformácia býva o niekoľko metrov inde. Súradnice priamo v S-JTSK dá parameter{' '}
          <code>crs=http://www.opengis.net/def/crs/EPSG/0/5514</code>.
        </li>
      </ol>
      <p>
        Filter vrstvy (napr. <code>&quot;kraj&quot; = &apos;Nitriansky&apos;</code>) QGIS od verzie 3.32 pošle portálu, ktorý ho vyhodnotí sám (CQL2);
        zoznam vlastností na filtrovanie je v <code>/queryables</code> kolekcie.
      </p>
      <p className="muted">
        GDAL: <code>ogrinfo OAPIF:{ogcUrl}</code>
        {collectionId ? (
          <>
            {' '}
            · <code>ogr2ogr -f GPKG {collectionId}.gpkg OAPIF:{ogcUrl} {collectionId}</code>
          </>
        ) : null}
      </p>
    </section>
  );
}

export function LinkList({ links, testId }: { links: OgcLink[]; testId?: string }) {
  return (
    <ul data-testid={testId}>
      {links.map((l) => (
        <li key={`${l.rel} ${l.href} ${l.type ?? ''}`}>
          <a href={l.href} rel={l.rel.startsWith('http') ? undefined : l.rel} type={l.type}>
            {l.title ?? l.href}
          </a>{' '}
          <span className="muted small">
            ({l.rel}
            {l.type ? `, ${l.type}` : ''})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A property value as text: nested objects as JSON, nothing as a dash. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'number') return v.toLocaleString('sk-SK', { maximumFractionDigits: 6 });
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A failed request as a page section (the same message and code as the JSON error). */
export function OgcError({ error }: { error: unknown }) {
  const e = isApiError(error) ? error : null;
  return (
    <div className="warning" role="alert" data-testid="ogc-error">
      <strong>{e && e.status >= 500 ? 'Zdroj dát neodpovedal.' : 'Požiadavku nemožno vybaviť.'}</strong> {e ? e.message : 'Vnútorná chyba portálu.'}{' '}
      {e ? <code>{e.code}</code> : null}
    </div>
  );
}

/** Runs a service call for a page: the result, or the error to show (a missing collection is a 404 page). */
export async function attempt<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    if (isApiError(error) && (error.code === 'unknown_dataset' || error.code === 'not_found')) notFound();
    if (!isApiError(error)) console.error('OGC page: unexpected error', error);
    return { ok: false, error };
  }
}

/** The query of a page as the services take it. */
export async function queryOf(searchParams: Promise<Record<string, string | string[] | undefined>>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(await searchParams)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && v.length) out[k] = v[v.length - 1];
  }
  return out;
}
