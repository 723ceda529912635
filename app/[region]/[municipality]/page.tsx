// `/<region-slug>/<municipality-slug>`: a municipality's overview: its boundary on the map, its
// numbers, and every approved dataset with data in it (the summary service counts its objects).
// Static first segments (/api, /mapa, /mapy, /dokumentacia, /poskytovatelia, /priklady, /schema,
// /neschvalene-data) are matched before this dynamic route; anything else unknown is a 404 here.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import MapAppLazy from '@/components/map/map-app-lazy';
import { Breadcrumbs } from '@/components/site/chrome';
import { MunicipalityDatasets } from '@/components/site/municipality-datasets';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { env } from '@/lib/env';
import { formatNumber } from '@/lib/map/format';
import { FACTS_UNAVAILABLE_TEXT, mapCatalog, municipalityBySlugs, municipalityDatasets, municipalityFacts } from '@/lib/pages/site-data';
import { viewForBbox } from '@/lib/map/view';

export const dynamic = 'force-dynamic';

type Params = { region: string; municipality: string };

const STATUS_LABEL: Record<string, string> = {
  municipality: 'obec',
  city: 'mesto',
  city_district: 'mestská časť',
  military_district: 'vojenský obvod',
  whole_city: 'mesto',
};

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { region, municipality } = await params;
  const m = await municipalityBySlugs(region, municipality);
  if (!m) return { title: 'Stránka sa nenašla', robots: { index: false } };
  const kind = STATUS_LABEL[m.status] ?? 'obec';
  return {
    title: `${m.name} – ${kind} na mape`,
    description: `${m.name} (${m.district ? `okres ${m.district}, ` : ''}${m.region}): ${m.population ? `${formatNumber(m.population)} obyvateľov, ` : ''}hranica na mape a dáta o obci.`,
    alternates: { canonical: `/${m.regionSlug}/${m.slug}` },
  };
}

export default async function MunicipalityPage({ params }: { params: Promise<Params> }) {
  const { region, municipality } = await params;
  const m = await municipalityBySlugs(region, municipality);
  if (!m) notFound();
  const { facts, unavailable } = await municipalityFacts(m.code);
  const [catalog, datasets] = await Promise.all([mapCatalog(), municipalityDatasets(m, facts?.bbox ?? null)]);
  const kind = STATUS_LABEL[m.status] ?? 'obec';
  const density = m.population && facts?.areaKm2 ? m.population / facts.areaKm2 : null;
  const focus = facts?.boundary ? ({ type: 'Feature', properties: { name: m.name }, geometry: facts.boundary } as GeoJSON.Feature) : null;
  return (
    <>
      <main className="page" data-testid="municipality-page">
        <Breadcrumbs items={[{ href: '/', label: 'Mapa' }, { label: m.region }, { label: m.name }]} />
        <h1>{m.name}</h1>
        <p className="lead">
          {kind}
          {m.district ? `, okres ${m.district}` : ''}, {m.region}
        </p>
        {unavailable && (
          <div className="warning" role="note" data-testid="facts-unavailable">
            {FACTS_UNAVAILABLE_TEXT}
          </div>
        )}
        <dl className="stats" data-testid="municipality-numbers">
          <div>
            <dt>Obyvatelia (SODB 2021)</dt>
            <dd data-testid="municipality-population">{formatNumber(m.population)}</dd>
          </div>
          <div>
            <dt>Rozloha</dt>
            <dd>{facts?.areaKm2 ? `${formatNumber(facts.areaKm2, 2)} km²` : '–'}</dd>
          </div>
          <div>
            <dt>Hustota</dt>
            <dd>{density ? `${formatNumber(density, 1)} ob./km²` : '–'}</dd>
          </div>
          {facts?.population0to14 != null && m.population ? (
            <div>
              <dt>Deti do 14 rokov</dt>
              <dd>{formatNumber((facts.population0to14 / m.population) * 100, 1)} %</dd>
            </div>
          ) : null}
          {facts?.population65plus != null && m.population ? (
            <div>
              <dt>Seniori nad 65 rokov</dt>
              <dd>{formatNumber((facts.population65plus / m.population) * 100, 1)} %</dd>
            </div>
          ) : null}
          <div>
            <dt>Okres</dt>
            <dd style={{ fontSize: 16 }}>{m.district ?? '–'}</dd>
          </div>
          <div>
            <dt>Kraj</dt>
            <dd style={{ fontSize: 16 }}>{m.region}</dd>
          </div>
          <div>
            <dt>PSČ</dt>
            <dd style={{ fontSize: 16 }} data-testid="municipality-postal-codes">
              {facts?.postalCodes.length ? facts.postalCodes.join(', ') : '–'}
            </dd>
          </div>
          <div>
            <dt>Kód obce</dt>
            <dd style={{ fontSize: 16 }}>{m.code}</dd>
          </div>
          {facts?.cadastralTerritories.length ? (
            <div>
              <dt>{facts.cadastralTerritories.length === 1 ? 'Katastrálne územie' : 'Katastrálne územia'}</dt>
              <dd style={{ fontSize: 16 }} data-testid="municipality-cadastral-territories">
                {facts.cadastralTerritories.map((k) => `${k.name} (${k.code})`).join(', ')}
              </dd>
            </div>
          ) : null}
        </dl>
        <MapAppLazy
          datasets={catalog}
          defaultDatasets={[]}
          defaultView={facts?.bbox ? viewForBbox(facts.bbox) : undefined}
          basemapStyleUrl={env().basemapStyleUrl}
          basemapAttribution={basemapAttribution()}
          focus={focus}
          embedded
        />
        <MunicipalityDatasets municipality={m} entries={datasets} />
        {facts && facts.neighbours.length > 0 && (
          <section aria-labelledby="neighbours-title">
            <h2 id="neighbours-title">Ďalšie obce okresu</h2>
            <ul className="inline-list">
              {facts.neighbours.map((n) => (
                <li key={`${n.regionSlug}/${n.slug}`}>
                  <Link href={`/${n.regionSlug}/${n.slug}`}>{n.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </>
  );
}
