// `/mapa/{provider}/{dataset}`: the dataset's page, readable without JavaScript: map, description,
// summary numbers (the same function as GET /api/summary), fields, licence, API and MCP use.
// Datasets of providers awaiting approval are shown with a warning and kept out of search engines.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import MapAppLazy from '@/components/map/map-app-lazy';
import { QgisHowTo } from '@/components/ogc/ogc-html';
import { ApiUsage } from '@/components/site/api-usage';
import { Breadcrumbs } from '@/components/site/chrome';
import { ReportProblem } from '@/components/site/report-problem';
import { FieldsTable, LicenceFacts, ParamsTable } from '@/components/site/dataset-facts';
import { DatasetSummaryView } from '@/components/site/dataset-summary';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { env } from '@/lib/env';
import { collectionIdOf } from '@/lib/protocol/shared/collection-ids';
import { ogcRoot } from '@/lib/ogc/links';
import { isNationwide } from '@/lib/map/catalog';
import { coverageView } from '@/lib/map/view';
import { datasetForPage, listTowns, mapCatalog, pageSummary, withPageDataset } from '@/lib/pages/site-data';

export const dynamic = 'force-dynamic';

type Params = { provider: string; dataset: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { provider, dataset } = await params;
  const page = await datasetForPage(provider, dataset);
  if (!page) return { title: 'Dataset sa nenašiel', robots: { index: false } };
  const d = page.dataset;
  return {
    title: `${d.title} – mapa a dáta`,
    description: (d.description ?? `${d.title} od poskytovateľa ${d.providerName} na mape Slovenska.`).slice(0, 300),
    alternates: { canonical: d.links.map },
    robots: page.pending ? { index: false, follow: false } : undefined,
  };
}

export default async function DatasetPage({ params }: { params: Promise<Params> }) {
  const { provider, dataset } = await params;
  const page = await datasetForPage(provider, dataset);
  if (!page) notFound();
  const d = page.dataset;
  const [catalog, summary, towns] = await Promise.all([
    mapCatalog(),
    d.source.type === 'raster' ? Promise.resolve({ summary: null, note: undefined, failed: false }) : pageSummary(page),
    isNationwide(d) && !page.pending ? listTowns() : Promise.resolve([]),
  ]);
  return (
    <>
      <main className="page" data-testid="dataset-page">
        <Breadcrumbs items={[{ href: '/', label: 'Mapa' }, { label: d.providerName }, { label: d.title }]} />
        <h1>{d.title}</h1>
        <p className="lead">
          {d.providerName} · {d.categoryLabel ?? 'Ostatné'}
        </p>
        {page.pending && (
          <div className="warning" role="note" data-testid="pending-warning">
            <strong>Neschválené dáta.</strong> Poskytovateľ sa zaregistroval sám a operátor portálu jeho dáta ešte
            neschválil. Dataset nie je v katalógu ani vo vyhľadávaní; používajte ho s rozvahou.{' '}
            <Link href={`/neschvalene-data#${d.providerId}`}>Prehľad neschválených dát</Link>
          </div>
        )}
        <MapAppLazy
          datasets={withPageDataset(catalog, d)}
          defaultDatasets={[d.key]}
          defaultView={coverageView(d.coverage)}
          basemapStyleUrl={env().basemapStyleUrl}
          basemapAttribution={basemapAttribution()}
          embedded
        />
        <p className="report-line">
          Sú údaje nesprávne? <ReportProblem dataset={d.key} kind="data" testId="dataset-report" />
        </p>
        {d.description && <p>{d.description}</p>}
        {(d.keywords?.length ?? 0) > 0 && <p className="muted">Kľúčové slová: {d.keywords!.join(', ')}</p>}

        {d.source.type !== 'raster' && (
          <DatasetSummaryView summary={summary.summary} fallback={{ count: null, note: summary.note, failed: summary.failed }} scope="na celom území" />
        )}

        <h2>O datasete</h2>
        <LicenceFacts dataset={d} />

        <h2>Atribúty</h2>
        <FieldsTable dataset={d} />
        <ParamsTable dataset={d} />

        <ApiUsage dataset={d} baseUrl={env().publicBaseUrl} />
        {d.links.ogc && <QgisHowTo ogcUrl={ogcRoot(env().publicBaseUrl)} collectionId={collectionIdOf(d.key)} />}

        {towns.length > 0 && (
          <section aria-labelledby="towns-title">
            <h2 id="towns-title">Podľa miest</h2>
            <ul className="inline-list">
              {towns.map((t) => (
                <li key={t.code}>
                  <Link href={`${d.links.map}/${t.slug}`}>{t.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </>
  );
}
