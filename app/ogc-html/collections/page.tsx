// /ogc/collections as HTML: every collection with its licence and attribution.
import type { Metadata } from 'next';
import { OgcFrame, QgisHowTo } from '@/components/ogc/ogc-html';
import { env } from '@/lib/env';
import { ogcRoot } from '@/lib/ogc';
import { collectionsDocument } from '@/lib/ogc/collections';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'OGC API – kolekcie' };

export default async function OgcCollectionsPage() {
  const base = env().publicBaseUrl;
  const doc = await collectionsDocument(base, 'html');
  return (
    <OgcFrame crumbs={[{ href: `${ogcRoot(base)}?f=html`, label: 'OGC API' }, { label: 'Kolekcie' }]} testId="ogc-collections">
      <h1>Kolekcie</h1>
      <p className="lead">
        {doc.collections.length} kolekcií – schválené datasety GeoJSON. Pri každej je licencia a atribúcia, ktorú treba uviesť pri použití dát.
      </p>
      <table className="data" data-testid="ogc-collections-table">
        <thead>
          <tr>
            <th>Kolekcia</th>
            <th>Id</th>
            <th>Licencia a atribúcia</th>
          </tr>
        </thead>
        <tbody>
          {doc.collections.map((c) => {
            const license = c.links.find((l) => l.rel === 'license');
            return (
              <tr key={c.id}>
                <td>
                  <a href={`${ogcRoot(base)}/collections/${c.id}?f=html`}>{c.title}</a>
                  {c.description ? <div className="muted small">{c.description.slice(0, 200)}</div> : null}
                </td>
                <td>
                  <code>{c.id}</code>
                </td>
                <td>
                  {license ? <a href={license.href}>{c.license?.name ?? 'Licencia'}</a> : null}
                  <div className="muted small">{c.attribution}</div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <QgisHowTo ogcUrl={ogcRoot(base)} />
    </OgcFrame>
  );
}
