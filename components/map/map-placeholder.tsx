'use client';
// The map's box before its JavaScript has arrived, rendered on the server: the same box as the map
// app (map.css: full screen, or a fixed height on a page, so nothing moves when the map arrives), the
// server's picture of the view (map-facade.tsx), the first screen's name, sentence and hint on the
// home page, and the search box's place.
import { guessedFacades } from '@/lib/map/facade';
import type { MapView } from '@/lib/map/types';
import { FirstScreen } from './first-screen';
import { MapFacade } from './map-facade';

interface MapPlaceholderProps {
  intro?: boolean;
  embedded?: boolean;
  bare?: boolean;
  search?: boolean;
  panelOpen?: boolean;
  /** The view the page starts with and its datasets: the server's picture of it (map-facade.tsx). */
  view: MapView;
  datasets: string[];
}

export function MapPlaceholder({ intro = false, embedded = false, bare = false, search = false, panelOpen, view, datasets }: MapPlaceholderProps) {
  // The map app opens the catalog on a wide screen unless embedded or told otherwise (map-app.tsx).
  const withPanel = panelOpen ?? (!embedded && !bare);
  // `map-app-waiting`: on a wide screen the search sits where it will sit beside the open catalog (map.css).
  const cls = `map-app map-app-waiting${embedded ? ' map-app-embedded' : ''}${bare ? ' map-app-bare' : ''}${withPanel ? ' map-app-with-panel' : ''}`;
  return (
    <div className={cls} data-testid="map-placeholder">
      <div className="map-canvas">
        <MapFacade sources={guessedFacades({ view, intro, embedded, panelOpen: withPanel, datasets })} />
      </div>
      {(!bare || search) && (
        <div className="map-top">
          {intro && <FirstScreen used={false} />}
          <div className="place-search">
            <div className="place-search-box">
              <input type="text" disabled aria-label="Hľadať miesto (načítava sa)" placeholder="Hľadať miesto (obec, ulica, adresa, súradnice)…" />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
