// /ogc/collections/{collectionId}/items/{featureId} as HTML: one feature's properties.
import type { Metadata } from 'next';
import { attempt, LinkList, OgcError, OgcFrame, queryOf, valueText } from '@/components/ogc/ogc-html';
import { env } from '@/lib/env';
import { ogc, ogcRoot } from '@/lib/ogc';
import { findOgcDataset } from '@/lib/ogc/collections';
import { featureLinks } from '@/lib/ogc/documents';

export const dynamic = 'force-dynamic';

type Params = { collectionId: string; featureId: string };
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { collectionId, featureId } = await params;
  return { title: `OGC API – ${collectionId} ${featureId}`, robots: { index: false } };
}

export default async function OgcFeaturePage({ params, searchParams }: { params: Promise<Params>; searchParams: Search }) {
  // Next hands the path segment over decoded.
  const { collectionId, featureId } = await params;
  const base = env().publicBaseUrl;
  const served = await attempt(() => findOgcDataset(collectionId));
  if (!served.ok) return null;
  const d = served.value.dataset;
  const crumbs = [
    { href: `${ogcRoot(base)}?f=html`, label: 'OGC API' },
    { href: `${ogcRoot(base)}/collections?f=html`, label: 'Kolekcie' },
    { href: `${ogcRoot(base)}/collections/${collectionId}?f=html`, label: d.title },
    { href: `${ogcRoot(base)}/collections/${collectionId}/items?f=html`, label: 'Objekty' },
    { label: featureId },
  ];
  const found = await attempt(async () => ogc.itemResult(collectionId, featureId, await queryOf(searchParams)));
  if (!found.ok) {
    return (
      <OgcFrame crumbs={crumbs} testId="ogc-feature">
        <h1>Objekt {featureId}</h1>
        <OgcError error={found.error} />
      </OgcFrame>
    );
  }
  const { feature, selection } = found.value;
  const labels = new Map((d.fields ?? []).map((f) => [f.key, f.label]));
  const props = Object.entries(feature.properties ?? {});
  const title = typeof feature.properties?.__dm_title === 'string' ? feature.properties.__dm_title : `Objekt ${featureId}`;
  return (
    <OgcFrame crumbs={crumbs} testId="ogc-feature">
      <h1>{title}</h1>
      <p className="lead">
        {d.title} · geometria {feature.geometry?.type ?? 'žiadna'} · atribúcia: {served.value.attribution}
      </p>
      <table className="data" data-testid="ogc-feature-table">
        <tbody>
          {props.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{labels.get(k) ?? k}</th>
              <td>{valueText(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Odkazy</h2>
      <LinkList links={featureLinks(base, served.value.key, feature, selection, 'html')} />
    </OgcFrame>
  );
}
