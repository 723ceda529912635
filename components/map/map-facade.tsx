'use client';
// The map's facade: the server's picture of the view the page starts with (GET /api/map-image,
// lib/map/facade.ts), in the map's own box, until the person first uses the map. Starting MapLibre
// costs a phone seconds of its main thread (README "Performance"), so it starts on the first touch,
// click, wheel, key or focus on the map, on a mouse over it, or when the app needs the live map; a
// click asks "Čo je tu?" for the point under it. A picture that does not load starts the map at once.
import { facadePoint, type FacadeImage } from '@/lib/map/facade';

export interface FacadeSource {
  image: FacadeImage;
  /** The media query a `<picture>` source answers (the phone's picture); none: the default. */
  media?: string;
}

interface MapFacadeProps {
  sources: FacadeSource[];
  /** Starts the live map (the facade stays, taking clicks, until the map is ready). */
  onStart?: () => void;
  /** A click on the picture: the point under it ("Čo je tu?"). */
  onPoint?: (point: { lon: number; lat: number }) => void;
  /** The live map is starting: says so. */
  starting?: boolean;
}

/** The picture itself: centred in the box at its own pixel size, so the view's centre is the box's. */
function FacadePicture({ sources, onError }: { sources: FacadeSource[]; onError?: () => void }) {
  const fallback = sources[sources.length - 1].image;
  return (
    <picture>
      {sources.slice(0, -1).map((s) => (
        <source key={s.image.url} media={s.media} srcSet={s.image.url} width={s.image.width} height={s.image.height} />
      ))}
      <img
        className="map-facade-image"
        src={fallback.url}
        width={fallback.width}
        height={fallback.height}
        alt=""
        fetchPriority="high"
        decoding="async"
        draggable={false}
        onError={onError}
        data-testid="map-facade-image"
      />
    </picture>
  );
}

export function MapFacade({ sources, onStart, onPoint, starting = false }: MapFacadeProps) {
  if (!onStart) {
    // The server's placeholder: seen before the map app has arrived.
    return (
      <div className="map-facade" data-testid="map-facade">
        <FacadePicture sources={sources} />
      </div>
    );
  }
  return (
    <div
      className="map-facade"
      role="button"
      tabIndex={0}
      aria-label="Mapa (náhľad). Klávesom Enter spustíte interaktívnu mapu; kliknutie do mapy ukáže, čo je na mieste."
      data-testid="map-facade"
      onPointerEnter={(e) => e.pointerType === 'mouse' && onStart()}
      onPointerDown={onStart}
      onTouchStart={onStart}
      onWheel={onStart}
      onKeyDown={onStart}
      onFocus={onStart}
      onClick={(e) => {
        // A keyboard's "click" (Enter) has no point: it only starts the map.
        if (e.detail === 0 || !onPoint) return;
        const box = e.currentTarget.getBoundingClientRect();
        const img = e.currentTarget.querySelector('img');
        // The picture the browser chose (a `<picture>` source or the image's own).
        const chosen = sources.find((s) => img?.currentSrc.endsWith(s.image.url)) ?? sources[sources.length - 1];
        onPoint(facadePoint(chosen.image.view, box, e.clientX - box.left, e.clientY - box.top));
      }}
    >
      <FacadePicture sources={sources} onError={onStart} />
      {starting && (
        <div className="map-loading map-loading-over" role="status">
          Načítavam mapu…
        </div>
      )}
    </div>
  );
}
