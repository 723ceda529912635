'use client';
// Every enabled layer's one state (lib/map/layer-state.ts) for the catalog's "Na mape" entries and the
// legend: its data load (use-dataset-loads.ts) and, for layers drawn from tiles, their tiles
// (tile-watch.tsx reports them). "Skúsiť znova" asks again for whatever failed: data, tiles or both.
import { useMemo, useState } from 'react';
import { layerFailure, layerState, staleText, type LayerFailure, type LayerState, type TileView } from '@/lib/map/layer-state';
import { sourceForDataset } from '@/lib/map/layers';
import { loadedData, type LoadState } from '@/lib/map/loads';
import type { MapDataset } from '@/lib/map/types';
import type { TiledLayer } from './tile-watch';

/** A layer as the panel and the legend show it. */
export interface LayerView {
  state: LayerState;
  /** Why it failed (data or tiles), the attempt and when the map asks again by itself. */
  failure: (LayerFailure & { attempt: number; retryAt?: number }) | null;
  /** A stale layer: that the source does not answer and the age of the portal's copy. */
  stale?: string;
}

export function useLayerStates(enabled: MapDataset[], loads: Record<string, LoadState>, zoom: number, retryData: (key: string) => void) {
  const [tiles, setTiles] = useState<Record<string, TileView>>({});
  const [tileRetry, setTileRetry] = useState<{ key: string; seq: number } | null>(null);

  // The layers drawn from tiles and what their tiles are (a raster's template, the portal's vector
  // tiles with the data request's parameters).
  const tiled: TiledLayer[] = useMemo(
    () =>
      enabled.flatMap((d) => {
        const { data, url } = loadedData(loads[d.key]);
        const spec = sourceForDataset(d, data, url);
        return 'tiles' in spec && spec.tiles ? [{ key: d.key, signature: spec.tiles.join(' ') }] : [];
      }),
    [enabled, loads],
  );
  // The same list while its content is the same: a changed load of a GeoJSON layer is no new tile layer.
  const tiledKey = tiled.map((t) => `${t.key}=${t.signature}`).join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableTiled = useMemo(() => tiled, [tiledKey]);

  const layers = useMemo(() => {
    const out: Record<string, LayerView> = {};
    for (const d of enabled) {
      // Drawn from tiles: loading until the map has reported its tiles (never "shown" before them).
      const t = stableTiled.some((x) => x.key === d.key) ? (tiles[d.key] ?? { status: 'loading' as const, attempt: 0 }) : undefined;
      const load = loads[d.key];
      const state = layerState(d, load, t, zoom);
      out[d.key] = { state, failure: layerFailure(load, t) };
      if (state === 'stale' && load?.status === 'ok') out[d.key].stale = staleText(load.dm.generated, load.receivedAt ?? Number.NaN);
    }
    return out;
  }, [enabled, loads, tiles, stableTiled, zoom]);

  const retry = (key: string) => {
    if (loads[key]?.status === 'error') retryData(key);
    if (tiles[key]?.status === 'failed') setTileRetry((r) => ({ key, seq: (r?.seq ?? 0) + 1 }));
  };

  return { layers, tiled: stableTiled, onTiles: setTiles, tileRetry, retry };
}
