// /ogc/collections/{collectionId}/items as HTML: one page of features as a table, with the same
// paging links as the GeoJSON (the same service call).
import type { Metadata } from 'next';
import { attempt, OgcError, OgcFrame, queryOf, valueText } from '@/components/ogc/ogc-html';
import { env } from '@/lib/env';
import { formatCount, formatNumber } from '@/lib/map/format';
import { ogc, ogcRoot } from '@/lib/ogc';
import { findOgcDataset } from '@/lib/ogc/collections';
import { itemsLinks } from '@/lib/ogc/documents';

export const dynamic = 'force-dynamic';

type Params = { collectionId: string };
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { collectionId } = await params;
  return { title: `OGC API – objekty ${collectionId}`, robots: { index: false } };
}

/** Columns: the dataset's described fields first, then other properties of the page, portal extras last. */
function columnsOf(fields: Array<{ key: string; label: string }>, rows: Array<Record<string, unknown> | null>): Array<{ key: string; label: string }> {
  const seen = new Set(fields.map((f) => f.key));
  const extra: string[] = [];
  for (const r of rows) {
    for (const k of Object.keys(r ?? {})) {
      if (seen.has(k)) continue;
      seen.add(k);
      extra.push(k);
    }
  }
  extra.sort((a, b) => Number(a.startsWith('__dm_')) - Number(b.startsWith('__dm_')));
  return [...fields, ...extra.map((k) => ({ key: k, label: k }))].slice(0, 12);
}

export default async function OgcItemsPage({ params, searchParams }: { params: Promise<Params>; searchParams: Search }) {
  const { collectionId } = await params;
  const base = env().publicBaseUrl;
  const served = await attempt(() => findOgcDataset(collectionId));
  if (!served.ok) return null;
  const d = served.value.dataset;
  const raw = await queryOf(searchParams);
  const result = await attempt(async () => ogc.itemsResult(collectionId, raw));
  const selection = ogc.selectionOf(raw);
  // The filter box: the same page with the request's other selection members and the typed filter.
  const filterForm = (
    <form method="get" action={`${ogcRoot(base)}/collections/${collectionId}/items`} className="inline-list" data-testid="ogc-filter-form">
      <input type="hidden" name="f" value="html" />
      {Object.entries(selection)
        .filter(([k]) => k !== 'filter' && k !== 'filter-lang')
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <label htmlFor="ogc-filter">Filter (CQL2)</label>
      <input id="ogc-filter" name="filter" type="text" size={50} style={{ maxWidth: '100%' }} defaultValue={selection.filter ?? ''} placeholder="napr. nazov LIKE 'Nov%'" />
      <button type="submit">Filtrovať</button>
    </form>
  );
  const crumbs = [
    { href: `${ogcRoot(base)}?f=html`, label: 'OGC API' },
    { href: `${ogcRoot(base)}/collections?f=html`, label: 'Kolekcie' },
    { href: `${ogcRoot(base)}/collections/${collectionId}?f=html`, label: d.title },
    { label: 'Objekty' },
  ];
  if (!result.ok) {
    return (
      <OgcFrame crumbs={crumbs} testId="ogc-items">
        <h1>{d.title}: objekty</h1>
        {filterForm}
        <OgcError error={result.error} />
      </OgcFrame>
    );
  }
  const { query, page } = result.value;
  const links = itemsLinks(base, served.value.key, selection, query.limit, { offset: query.offset, cursor: query.cursor }, page, 'html');
  const next = links.find((l) => l.rel === 'next');
  const prev = links.find((l) => l.rel === 'prev');
  const json = links.find((l) => l.type === 'application/geo+json' && (l.rel === 'alternate' || l.rel === 'self'));
  const columns = columnsOf(d.fields ?? [], page.features.map((f) => f.properties));
  return (
    <OgcFrame crumbs={crumbs} testId="ogc-items">
      <h1>{d.title}: objekty</h1>
      <p className="lead" data-testid="ogc-items-count">
        {formatCount(page.features.length, 'objekt', 'objekty', 'objektov')} na tejto stránke
        {page.numberMatched !== undefined ? ` z ${formatNumber(page.numberMatched)}` : ''}
        {query.offset ? `, od ${query.offset + 1}. v poradí` : ''}. Atribúcia: {served.value.attribution}
      </p>
      {filterForm}
      {page.cache === 'stale' && page.notice && <div className="warning">{page.notice}</div>}
      {page.truncated && <div className="warning">Zdroj poslal len časť objektov (dosiahol svoj limit); niektoré objekty môžu chýbať.</div>}
      <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Objekty">
      <table className="data" data-testid="ogc-items-table">
        <thead>
          <tr>
            <th>Id</th>
            <th>Geometria</th>
            {columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.features.map((f) => (
            <tr key={String(f.id)}>
              <td>
                <a href={`${ogcRoot(base)}/collections/${collectionId}/items/${encodeURIComponent(String(f.id))}?f=html`}>{String(f.id)}</a>
              </td>
              <td>{f.geometry?.type ?? '–'}</td>
              {columns.map((c) => (
                <td key={c.key}>{valueText(f.properties?.[c.key]).slice(0, 120)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <nav aria-label="Stránkovanie" className="inline-list" data-testid="ogc-paging">
        {prev && (
          <a href={prev.href} rel="prev">
            ← Predchádzajúca stránka
          </a>
        )}
        {next && (
          <a href={next.href} rel="next" data-testid="ogc-next">
            Ďalšia stránka →
          </a>
        )}
        {json && <a href={json.href}>Táto stránka ako GeoJSON</a>}
      </nav>
    </OgcFrame>
  );
}
