'use client';
// The place picked in the place search: its marker and name in the map's state (the link's
// `?miesto=`), its type and municipality page for the box under the search, and the flight to it.
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { isCoordinates, isMunicipality, zoomForPlace } from '@/lib/map/citizen';
import type { Place } from '@/lib/places/schema';
import type { MapState } from '@/lib/map/url-state';

export type FlyTo = { lon: number; lat: number; zoom: number; seq: number };

/** `ask` = the "Čo je tu?" question, which typed coordinates open at their point. */
export function useChosenPlace(state: MapState, setState: Dispatch<SetStateAction<MapState>>, ask: (p: { lon: number; lat: number }) => void) {
  const [flyTo, setFlyTo] = useState<FlyTo | null>(null);
  const [info, setInfo] = useState<{ type?: string; municipalityUrl?: string | null } | null>(null);

  const pick = useCallback(
    (p: Place) => {
      const [lon, lat] = p.point;
      setState((s) => ({ ...s, place: { lon, lat, name: p.name } }));
      setInfo({ type: p.type, municipalityUrl: isMunicipality(p) && p.municipality ? `/${p.municipality.slug}` : null });
      setFlyTo((f) => ({ lon, lat, zoom: zoomForPlace(p.type), seq: (f?.seq ?? 0) + 1 }));
      if (isCoordinates(p)) ask({ lon, lat });
    },
    [setState, ask],
  );
  const clear = useCallback(() => {
    setState((s) => ({ ...s, place: null }));
    setInfo(null);
  }, [setState]);

  const chosen = state.place ? { name: state.place.name || 'Vybrané miesto', ...(info ?? {}) } : null;
  return { chosen, pick, clear, flyTo };
}
