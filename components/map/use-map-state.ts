'use client';
// The map's state and the address bar: parsed from the URL once, written back with replaceState on
// every change (moving the map must not flood the history), read again when a person edits the
// address or goes back (lib/map/url-state.ts holds the format).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { paramDefaults } from '@/lib/map/params';
import { SLOVAKIA_VIEW, parseMapState, roundView, serializeMapState, type MapDefaults, type MapState } from '@/lib/map/url-state';
import type { MapDataset, MapView } from '@/lib/map/types';

/** The page's defaults: what the URL leaves out. */
export function useMapDefaults(
  datasets: MapDataset[],
  defaultDatasets: string[] | undefined,
  defaultParams: Record<string, Record<string, string>> | undefined,
  defaultView: MapView | undefined,
): MapDefaults {
  return useMemo(() => {
    const params: Record<string, Record<string, string>> = {};
    for (const d of datasets) params[d.key] = { ...paramDefaults(d.params), ...(defaultParams?.[d.key] ?? {}) };
    return { datasets: defaultDatasets ?? [], params, view: defaultView ?? SLOVAKIA_VIEW };
  }, [datasets, defaultDatasets, defaultParams, defaultView]);
}

export function useMapState(defaults: MapDefaults) {
  const [state, setState] = useState<MapState>(() => parseMapState(window.location.search, window.location.hash, defaults));
  // A new value moves the map (history navigation); the canvas otherwise keeps its own view.
  const [jump, setJump] = useState<{ view: MapView; seq: number } | null>(null);

  // State -> URL.
  useEffect(() => {
    const { search, hash } = serializeMapState(state, defaults);
    const next = `${window.location.pathname}${search}${hash}`;
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', next);
    }
  }, [state, defaults]);

  // URL -> state when a person edits the address or goes back.
  useEffect(() => {
    const onNav = () => {
      const s = parseMapState(window.location.search, window.location.hash, defaults);
      setState(s);
      setJump((j) => ({ view: s.view, seq: (j?.seq ?? 0) + 1 }));
    };
    window.addEventListener('popstate', onNav);
    window.addEventListener('hashchange', onNav);
    return () => {
      window.removeEventListener('popstate', onNav);
      window.removeEventListener('hashchange', onNav);
    };
  }, [defaults]);

  /** The view the map rests at, rounded as the link writes it (an unchanged link keeps the state). */
  const setView = useCallback((view: MapView) => {
    setState((s) => {
      const r = roundView(view);
      const o = roundView(s.view);
      return r.zoom === o.zoom && r.lat === o.lat && r.lon === o.lon ? s : { ...s, view: r };
    });
  }, []);

  return { state, setState, jump, setView };
}
