// `/mapa/{provider}/{dataset}/{town}`: a nationwide GeoJSON dataset in one town over 10,000
// inhabitants: the map on the town, its summary for the town (same function as the API).
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import MapAppLazy from '@/components/map/map-app-lazy';
import { ApiUsage } from '@/components/site/api-usage';
import { Breadcrumbs } from '@/components/site/chrome';
import { DatasetSummaryView } from '@/components/site/dataset-summary';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { env } from '@/lib/env';
import { isNationwide } from '@/lib/map/catalog';
import { BOUNDARY_UNAVAILABLE_TEXT, datasetForPage, mapCatalog, municipalityFacts, pageSummary, townBySlug, withPageDataset } from '@/lib/pages/site-data';
import { viewForBbox } from '@/lib/map/view';

export const dynamic = 'force-dynamic';

type Params = { provider: string; dataset: string; municipality: string };

async function load(p: Params) {
  const page = await datasetForPage(p.provider, p.dataset);
  if (!page || page.pending || !isNationwide(page.dataset)) return null;
  const town = await townBySlug(p.municipality);
  if (!town) return null;
  return { page, town };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const found = await load(await params);
  if (!found) return { title: 'Stránka sa nenašla', robots: { index: false } };
  const { page, town } = found;
  return {
    title: `${page.dataset.title} – ${town.name}`,
    description: `${page.dataset.title} v meste ${town.name} (${town.region}): mapa a súhrnné čísla.`,
    alternates: { canonical: `${page.dataset.links.map}/${town.slug}` },
  };
}

export default async function DatasetTownPage({ params }: { params: Promise<Params> }) {
  const found = await load(await params);
  if (!found) notFound();
  const { page, town } = found;
  const d = page.dataset;
  const [catalog, summary, pageFacts] = await Promise.all([
    mapCatalog(),
    pageSummary(page, `${town.regionSlug}/${town.slug}`),
    municipalityFacts(town.code),
  ]);
  const { facts, unavailable } = pageFacts;
  const focus = facts?.boundary ? ({ type: 'Feature', properties: { name: town.name }, geometry: facts.boundary } as GeoJSON.Feature) : null;
  return (
    <>
      <main className="page" data-testid="dataset-town-page">
        <Breadcrumbs
          items={[{ href: '/', label: 'Mapa' }, { href: d.links.map, label: d.title }, { label: town.name }]}
        />
        <h1>
          {d.title}: {town.name}
        </h1>
        <p className="lead">
          {town.district ? `okres ${town.district}, ` : ''}
          {town.region} · <Link href={`/${town.regionSlug}/${town.slug}`}>prehľad obce</Link>
        </p>
        {unavailable && (
          <div className="warning" role="note" data-testid="facts-unavailable">
            {BOUNDARY_UNAVAILABLE_TEXT}
          </div>
        )}
        <MapAppLazy
          datasets={withPageDataset(catalog, d)}
          defaultDatasets={[d.key]}
          defaultView={facts?.bbox ? viewForBbox(facts.bbox) : undefined}
          basemapStyleUrl={env().basemapStyleUrl}
          basemapAttribution={basemapAttribution()}
          focus={focus}
          embedded
        />
        <DatasetSummaryView summary={summary.summary} fallback={{ count: null, note: summary.note, failed: summary.failed }} scope={`v meste ${town.name}`} />
        <ApiUsage dataset={d} baseUrl={env().publicBaseUrl} municipality={`${town.regionSlug}/${town.slug}`} />
      </main>
    </>
  );
}
