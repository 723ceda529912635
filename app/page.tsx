// `/`: the full-screen map with the catalog panel. Everything it shows is read from the catalog
// and GET /api/data; the state lives in the URL (?d=...#zoom/lat/lon).
import type { Metadata } from 'next';
import MapAppLazy from '@/components/map/map-app-lazy';
import '@/components/site/site.css';
import { basemapAttribution } from '@/lib/basemap/attribution';
import { env } from '@/lib/env';
import { mapCatalog } from '@/lib/pages/site-data';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { absolute: 'Geodáta Slovenska – mapa' },
  description:
    'Mapa geografických dát Slovenska od verejných aj súkromných poskytovateľov: územie, príroda, riziká, doprava. Katalóg datasetov, časový filter, detail objektov.',
  alternates: { canonical: '/' },
};

export default async function HomePage() {
  const datasets = await mapCatalog();
  return (
    // data-chrome="map": the full-screen map; the root layout's header and footer stay hidden (site.css).
    // Its visible h1 is the first screen's (components/map/first-screen.tsx).
    <main data-chrome="map">
      <MapAppLazy intro datasets={datasets} basemapStyleUrl={env().basemapStyleUrl} basemapAttribution={basemapAttribution()} />
      <noscript>
        <div style={{ padding: 20 }}>
          <h1>Geodáta Slovenska – mapa</h1>
          <p>Mapa potrebuje JavaScript. Zoznam datasetov:</p>
          <ul>
            {datasets.map((d) => (
              <li key={d.key}>
                <a href={d.links.map}>{d.title}</a> ({d.providerName})
              </li>
            ))}
          </ul>
        </div>
      </noscript>
    </main>
  );
}
