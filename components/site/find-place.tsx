'use client';
// The map's place search on the site's own pages (the not-found and error pages): a picked place
// opens the map centred on it with its marker (`/?miesto=lon,lat,name`, as the map's own links).
import '@/components/map/map.css';
import { PlaceSearch } from '@/components/map/place-search';
import type { Place } from '@/lib/places/schema';
import { formatPlace } from '@/lib/map/url-state';

/** `/?miesto=…` for a picked place: the map opens centred on it (the spec's `?d=`/`#` unchanged). */
export function placeMapHref(p: Pick<Place, 'name' | 'point'>): string {
  const value = formatPlace({ lon: p.point[0], lat: p.point[1], name: p.name });
  return `/?miesto=${encodeURIComponent(value).replace(/%2C/gi, ',')}`;
}

export function FindPlace() {
  return (
    <div className="find-place">
      <PlaceSearch
        onPick={(p) => window.location.assign(placeMapHref(p))}
        chosen={null}
        onWhatHere={() => undefined}
        onClear={() => undefined}
      />
    </div>
  );
}
