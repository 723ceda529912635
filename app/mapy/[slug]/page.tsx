// `/mapy/{slug}`: a composed map from content/mapy/{slug}.json. `?d=` holds only the difference
// from the map's own selection (no `d` = the map's datasets; `?d=` alone = nothing enabled).
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import MapAppLazy from '@/components/map/map-app-lazy';
import { Breadcrumbs } from '@/components/site/chrome';
import { SourceState } from '@/components/site/source-state';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { env } from '@/lib/env';
import { datasetHealth, healthSummary } from '@/lib/health';
import { PAGE_SUMMARY_MAX_AGE_MS } from '@/lib/health/summary';
import { composedDefaults, findComposedMap } from '@/lib/map/composed';
import { mapCatalog } from '@/lib/pages/site-data';

export const dynamic = 'force-dynamic';

type Params = { slug: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const map = findComposedMap((await params).slug);
  if (!map) return { title: 'Mapa sa nenašla', robots: { index: false } };
  return {
    title: `${map.title} – tematická mapa`,
    description: map.description.slice(0, 300),
    keywords: map.keywords,
    alternates: { canonical: `/mapy/${map.slug}` },
  };
}

export default async function ComposedMapPage({ params }: { params: Promise<Params> }) {
  const map = findComposedMap((await params).slug);
  if (!map) notFound();
  const [catalog, health] = await Promise.all([mapCatalog(), healthSummary({ maxAgeMs: PAGE_SUMMARY_MAX_AGE_MS })]);
  const defaults = composedDefaults(map, catalog);
  const byKey = new Map(catalog.map((d) => [d.key, d]));
  return (
    <>
      <main className="page" data-testid="composed-page">
        <Breadcrumbs items={[{ href: '/mapy', label: 'Tematické mapy' }, { label: map.title }]} />
        <h1>{map.title}</h1>
        <p className="lead">{map.description}</p>
        <MapAppLazy
          datasets={catalog}
          defaultDatasets={defaults.datasets}
          defaultParams={defaults.params}
          defaultView={defaults.view}
          basemapStyleUrl={env().basemapStyleUrl}
          basemapAttribution={basemapAttribution()}
          embedded
          panelOpen
        />
        <h2>Datasety na mape</h2>
        <ul>
          {defaults.datasets.map((k) => {
            const d = byKey.get(k)!;
            return (
              <li key={k} data-testid={`composed-dataset-${k}`}>
                <Link href={d.links.map}>{d.title}</Link> <span className="muted">– {d.providerName}</span>
                <SourceState health={datasetHealth(health, k)} source={d.providerName} />
              </li>
            );
          })}
        </ul>
        {defaults.missing.length > 0 && (
          <p className="muted">Niektoré datasety tejto mapy teraz nie sú v katalógu: {defaults.missing.join(', ')}.</p>
        )}
      </main>
    </>
  );
}
