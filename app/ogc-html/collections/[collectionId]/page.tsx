// /ogc/collections/{collectionId} as HTML: description, extent, licence and attribution, the items,
// the vector tiles and how to add the collection in QGIS.
import type { Metadata } from 'next';
import { attempt, LinkList, OgcFrame, QgisHowTo } from '@/components/ogc/ogc-html';
import { env } from '@/lib/env';
import { ogc, ogcRoot } from '@/lib/ogc';
import { CRS_DEFS } from '@/lib/protocol/shared/crs';

const SJTSK_URI = CRS_DEFS.find((c) => c.code === 'EPSG:5514')!.uri;

export const dynamic = 'force-dynamic';

type Params = { collectionId: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { collectionId } = await params;
  return { title: `OGC API – ${collectionId}` };
}

export default async function OgcCollectionPage({ params }: { params: Promise<Params> }) {
  const { collectionId } = await params;
  const base = env().publicBaseUrl;
  const found = await attempt(() => ogc.collectionResult(base, collectionId, 'html'));
  if (!found.ok) return null;
  const c = found.value.document;
  const license = c.links.find((l) => l.rel === 'license');
  const spatial = c.extent?.spatial?.bbox[0];
  const temporal = c.extent?.temporal?.interval[0];
  return (
    <OgcFrame
      crumbs={[{ href: `${ogcRoot(base)}?f=html`, label: 'OGC API' }, { href: `${ogcRoot(base)}/collections?f=html`, label: 'Kolekcie' }, { label: c.title }]}
      testId="ogc-collection"
    >
      <h1>{c.title}</h1>
      <p className="lead">
        Kolekcia <code>{c.id}</code> · {found.value.served.provider.name}
      </p>
      {c.description && <p>{c.description}</p>}
      <dl className="stats">
        <div>
          <dt>Licencia</dt>
          <dd style={{ fontSize: 16 }} data-testid="ogc-license">
            {license ? <a href={license.href}>{c.license?.name ?? 'podmienky použitia'}</a> : '–'}
          </dd>
        </div>
        <div>
          <dt>Atribúcia</dt>
          <dd style={{ fontSize: 16 }} data-testid="ogc-attribution">
            {c.attribution}
          </dd>
        </div>
        {spatial && (
          <div>
            <dt>Priestorový rozsah (WGS84)</dt>
            <dd style={{ fontSize: 14 }}>{spatial.join(', ')}</dd>
          </div>
        )}
        {temporal && (
          <div>
            <dt>Časový rozsah</dt>
            <dd style={{ fontSize: 14 }}>
              {temporal[0] ?? '…'} – {temporal[1] ?? '…'}
            </dd>
          </div>
        )}
      </dl>
      {c.keywords.length > 0 && <p className="muted">Kľúčové slová: {c.keywords.join(', ')}</p>}
      <p>
        <a href={`${ogcRoot(base)}/collections/${c.id}/items?f=html`} data-testid="ogc-items-link">
          Objekty kolekcie
        </a>{' '}
        · <a href={`${ogcRoot(base)}/collections/${c.id}/items?f=json`}>GeoJSON</a> ·{' '}
        <a href={`${ogcRoot(base)}/collections/${c.id}/items?f=fgb&limit=5000&crs=${encodeURIComponent(SJTSK_URI)}`} data-testid="ogc-fgb-sjtsk">
          FlatGeobuf v S-JTSK
        </a>{' '}
        · <a href={`${ogcRoot(base)}/collections/${c.id}/items?f=csv&limit=5000`}>CSV</a> ·{' '}
        <a href={`${ogcRoot(base)}/collections/${c.id}/queryables`}>vlastnosti na filtrovanie</a> ·{' '}
        <a href={`${ogcRoot(base)}/collections/${c.id}/tiles/WebMercatorQuad`}>vektorové dlaždice</a> ·{' '}
        <a href={`${ogcRoot(base)}/collections/${c.id}/styles/default?f=mapbox`}>štýl dlaždíc (MapLibre)</a>
      </p>
      <QgisHowTo ogcUrl={ogcRoot(base)} collectionId={c.id} />
      <h2>Odkazy</h2>
      <LinkList links={c.links} testId="ogc-collection-links" />
    </OgcFrame>
  );
}
