'use client';
// The map's one data-loading hook: every enabled dataset's GET /api/data answer, following the load
// table of lib/map/loads.ts. Viewport (`bbox`) datasets reload only after the map rests; a changed
// or dropped request is aborted; the previous data stays drawn until the new arrives.
import { useEffect, useMemo, useRef, useState } from 'react';
import { effectiveParams, type MapDefaults, type MapState } from '@/lib/map/url-state';
import { failedLoad, reconcileLoads, retriedLoad, wantedLoads, type LoadState, type RestingViewport } from '@/lib/map/loads';
import type { MapDataset } from '@/lib/map/types';
import { api } from '../api-client';

/** Pause after the map stops moving before bbox datasets are reloaded. */
const BBOX_DEBOUNCE_MS = 350;

export function useDatasetLoads(enabled: MapDataset[], state: MapState, defaults: MapDefaults) {
  const [viewport, setViewport] = useState<RestingViewport | null>(null);
  const [loads, setLoads] = useState<Record<string, LoadState>>({});
  const controllers = useRef(new Map<string, { ctrl: AbortController; url: string }>());
  /** "Skúsiť znova" (and the back-off): a failed layer loads again, its data kept meanwhile. */
  const retry = (key: string) => setLoads((prev) => (prev[key]?.status === 'error' ? { ...prev, [key]: retriedLoad(prev[key]) } : prev));

  // Debounced viewport for bbox datasets: they reload only after the map rests.
  const [restingViewport, setRestingViewport] = useState<RestingViewport | null>(null);
  useEffect(() => {
    if (!viewport) return;
    const t = setTimeout(() => setRestingViewport(viewport), restingViewport ? BBOX_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
    // The first viewport applies at once, later ones after the pause: only a new viewport restarts it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewport]);

  const wanted = useMemo(
    () => wantedLoads(enabled, restingViewport, (key) => ({ params: effectiveParams(state, defaults, key), defaults: defaults.params[key] ?? {} })),
    // The parameters are all that is read of the state: moving the map does not recompute it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [enabled, state.params, defaults, restingViewport],
  );

  // The load table follows `wanted` as it changes: adjusted while rendering (react.dev, "Adjusting some
  // state when a prop changes") because a new entry keeps the data of the one it replaces, so the
  // previous data stays drawn until the new arrives; an effect would render the stale table first.
  const [loadsFor, setLoadsFor] = useState<typeof wanted | null>(null);
  if (loadsFor !== wanted) {
    setLoadsFor(wanted);
    setLoads(reconcileLoads(loads, wanted));
  }

  // Requests follow the load table: a changed or dropped URL aborts the request in flight, and every
  // entry waiting for its data gets one.
  useEffect(() => {
    for (const [key, c] of controllers.current) {
      const l = loads[key];
      if (!l || l.status !== 'loading' || l.url !== c.url) {
        c.ctrl.abort();
        controllers.current.delete(key);
      }
    }
    for (const [key, l] of Object.entries(loads)) {
      if (l.status !== 'loading' || controllers.current.has(key)) continue;
      const ctrl = new AbortController();
      const url = l.url;
      controllers.current.set(key, { ctrl, url });
      void (async () => {
        let outcome: { ok: LoadState } | { code: string; message: string };
        try {
          const r = await api.data(url, ctrl.signal);
          if (r.ok && 'features' in r.data) outcome = { ok: { status: 'ok', url, data: r.data, dm: r.data.dm ?? {}, cache: r.headers.get('x-dm-cache'), receivedAt: Date.now() } };
          else if (r.ok) outcome = { code: 'empty_answer', message: `HTTP ${r.status}: not a FeatureCollection` };
          else outcome = { code: r.code ?? (r.status >= 500 ? 'internal_error' : 'empty_answer'), message: `HTTP ${r.status}${r.error ? `: ${r.error}` : ''}` };
        } catch (e) {
          // A request the map cancelled itself (a new viewport, a changed parameter) is no failure.
          if ((e as Error).name === 'AbortError' || ctrl.signal.aborted) return;
          outcome = { code: 'network', message: (e as Error).message };
        } finally {
          if (controllers.current.get(key)?.ctrl === ctrl) controllers.current.delete(key);
        }
        setLoads((prev) => {
          const p = prev[key];
          if (!p || !('url' in p) || p.url !== url) return prev;
          return { ...prev, [key]: 'ok' in outcome ? outcome.ok : failedLoad(p, url, outcome.code, outcome.message) };
        });
      })();
    }
  }, [loads]);

  // A failed layer asks again by itself after its back-off (lib/map/loads.ts retryDelayMs).
  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const [key, l] of Object.entries(loads)) {
      if (l.status !== 'error' || l.retryAt === undefined) continue;
      timers.push(setTimeout(() => retry(key), Math.max(0, l.retryAt - Date.now())));
    }
    return () => timers.forEach(clearTimeout);
  }, [loads]);

  useEffect(() => {
    const ctrls = controllers.current;
    return () => {
      for (const c of ctrls.values()) c.ctrl.abort();
      // Forgotten too, so that a remount (React's development double run) starts them again.
      ctrls.clear();
    };
  }, []);

  return { loads, viewport, setViewport, retry };
}
