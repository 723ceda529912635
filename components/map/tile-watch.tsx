'use client';
// The tiles of the layers drawn from tiles (raster datasets, large datasets from the portal's vector
// tiles), watched on the map itself: MapLibre's `error` events carry the failing tile's source id,
// its `sourcedata` events each loaded tile, and `isSourceLoaded` says whether every tile in view has
// come. Per layer (lib/map/layer-state.ts): failed tiles fail the layer, tiles missing for 20 s are a
// time-out, a failed layer asks for its tiles again by itself with the data layers' back-off (and on
// "Skúsiť znova"), and a round without a failure shows it again. A tile the map cancelled (it left
// the view) is never a failure. Only a changed state reaches React (a tile is no render).
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { ErrorEvent as MapErrorEvent, MapSourceDataEvent } from 'maplibre-gl';
import { sourceId } from '@/lib/map/layers';
import { freshTiles, retriedTiles, sameTileView, tileFailed, tileFailure, tileLoaded, tilesPolled, tileView, type TileHealth, type TileView, type TileErrorLike } from '@/lib/map/layer-state';

/** How often the sources are asked whether their tiles have come (and retries are due). */
const POLL_MS = 1_000;

/** A layer drawn from tiles: its dataset key and what its tiles are (a new signature starts afresh). */
export interface TiledLayer {
  key: string;
  signature: string;
}

export function TileWatch({
  layers,
  onChange,
  retry,
}: {
  layers: TiledLayer[];
  onChange: (views: Record<string, TileView>) => void;
  /** "Skúsiť znova" of a layer (a new `seq` each time). */
  retry: { key: string; seq: number } | null;
}) {
  const { current: ref } = useMap();
  const health = useRef(new Map<string, { signature: string; h: TileHealth }>());
  const shown = useRef<Record<string, TileView>>({});
  const bySource = useRef(new Map<string, string>());
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  /** Hands the views to React when one of them changed. */
  const publish = useRef(() => {
    const next: Record<string, TileView> = {};
    let changed = Object.keys(shown.current).length !== health.current.size;
    for (const [key, { h }] of health.current) {
      const v = tileView(h);
      next[key] = sameTileView(shown.current[key], v) ? shown.current[key] : v;
      if (next[key] !== shown.current[key]) changed = true;
    }
    if (!changed) return;
    shown.current = next;
    report.current(next);
  });

  // The layers followed: a new one (or one whose tiles changed) starts a fresh round.
  useEffect(() => {
    const keep = new Set<string>();
    bySource.current.clear();
    for (const l of layers) {
      keep.add(l.key);
      bySource.current.set(sourceId(l.key), l.key);
      const known = health.current.get(l.key);
      if (!known || known.signature !== l.signature) health.current.set(l.key, { signature: l.signature, h: freshTiles() });
    }
    for (const key of [...health.current.keys()]) if (!keep.has(key)) health.current.delete(key);
    publish.current();
  }, [layers]);

  useEffect(() => {
    const map = ref?.getMap();
    if (!map) return;
    const update = (id: string | undefined, fn: (h: TileHealth) => TileHealth) => {
      const key = id ? bySource.current.get(id) : undefined;
      const entry = key ? health.current.get(key) : undefined;
      if (!entry) return;
      entry.h = fn(entry.h);
      publish.current();
    };
    const onError = (e: MapErrorEvent & { sourceId?: string; tile?: { aborted?: boolean } }) => {
      if (!e.tile || e.tile.aborted) return;
      const failure = tileFailure(e.error as TileErrorLike);
      if (failure) update(e.sourceId, (h) => tileFailed(h, failure, Date.now()));
    };
    const onData = (e: MapSourceDataEvent & { tile?: { aborted?: boolean } }) => {
      if (e.tile && !e.tile.aborted) update(e.sourceId, tileLoaded);
    };
    const poll = () => {
      const now = Date.now();
      for (const [key, entry] of health.current) {
        const id = sourceId(key);
        if (!map.getSource(id)) continue;
        entry.h = tilesPolled(entry.h, map.isSourceLoaded(id), now);
        if (entry.h.retryAt !== undefined && now >= entry.h.retryAt) {
          entry.h = retriedTiles(entry.h);
          map.refreshTiles(id);
        }
      }
      publish.current();
    };
    map.on('error', onError);
    map.on('sourcedata', onData);
    const timer = setInterval(poll, POLL_MS);
    return () => {
      map.off('error', onError);
      map.off('sourcedata', onData);
      clearInterval(timer);
    };
  }, [ref]);

  // "Skúsiť znova": the layer's tiles asked again at once.
  useEffect(() => {
    const map = ref?.getMap();
    const entry = retry ? health.current.get(retry.key) : undefined;
    if (!map || !retry || !entry || !map.getSource(sourceId(retry.key))) return;
    entry.h = retriedTiles(entry.h);
    map.refreshTiles(sourceId(retry.key));
    publish.current();
  }, [retry, ref]);

  return null;
}
