// `/vlozena-mapa`: the chrome-less map a municipality puts on its own site in an <iframe> (the share
// tool's embed code): the same state as the map link (`?d=…#zoom/lat/lon`), no catalog and no tools,
// legend, attribution and "Čo je tu?" kept; `hladanie=1` adds the place search. Frameable anywhere.
import type { Metadata } from 'next';
import MapAppLazy from '@/components/map/map-app-lazy';
import '@/components/site/site.css';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { env } from '@/lib/env';
import { mapCatalog } from '@/lib/pages/site-data';
import { EMBED_SEARCH_PARAM } from '@/lib/map/share';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { absolute: 'Mapa – Geodáta Slovenska' },
  description: 'Mapa portálu Geodáta Slovenska vložená na inej stránke.',
  robots: { index: false, follow: true },
};

export default async function EmbeddedMapPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [datasets, query] = await Promise.all([mapCatalog(), searchParams]);
  return (
    // data-chrome="none": the root layout's header and footer stay hidden here (site.css).
    <main data-chrome="none">
      <h1 className="visually-hidden">Mapa – Geodáta Slovenska</h1>
      <MapAppLazy datasets={datasets} basemapStyleUrl={env().basemapStyleUrl} basemapAttribution={basemapAttribution()} bare search={query[EMBED_SEARCH_PARAM] === '1'} />
    </main>
  );
}
