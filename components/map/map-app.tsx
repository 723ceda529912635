'use client';
// The map website's client part: catalog panel, layers, legend, attribution, object detail, time
// filter and parameter controls, with the whole state in the URL (lib/map/url-state.ts). Data is
// read from GET /api/data like any other client; nothing is invented here.
import './map.css';
import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { BASEMAP_ATTRIBUTION, basemapStyle } from '@/lib/basemap/style';
import { BASEMAP_LABELS, BASEMAP_PROBE_TIMEOUT_MS, rasterBasemapStyle, rasterBasemaps, tileOf, tileUrl, type BasemapId } from '@/lib/map/basemaps';
import { isMunicipality, zoomForPlace } from '@/lib/map/citizen';
import type { Place } from '@/lib/places/schema';
import { catalogGroups, isSample } from '@/lib/map/catalog';
import { swatchColor } from '@/lib/map/colors';
import { belowMinZoom, dataRequestUrl, hasDataEndpoint, isBboxMode, type Bbox } from '@/lib/map/data-request';
import { formatCount, formatNumber } from '@/lib/map/format';
import { paramDefaults, paramSpecs } from '@/lib/map/params';
import { foldDiacritics } from '@/lib/protocol/shared/text';
import {
  SLOVAKIA_VIEW,
  effectiveParams,
  formatPointParam,
  parseMapState,
  roundView,
  serializeMapState,
  withDataset,
  withParam,
  type MapDefaults,
  type MapState,
} from '@/lib/map/url-state';
import type { CollectionDmView, MapDataset, MapView } from '@/lib/map/types';
import { ParamControl, TimeFilter } from './controls';
import { ObjectDetail } from './detail';
import { Attribution, Legend } from './legend';
import MapCanvas, { type CanvasLayer, type ClickedFeature } from './map-canvas';
import { PlaceSearch } from './place-search';
import { WhatHere } from './what-here';

/** Pause after the map stops moving before bbox datasets are reloaded. */
const BBOX_DEBOUNCE_MS = 350;
/** Objects listed for keyboard access per dataset. */
const MAX_LISTED = 200;

export interface MapAppProps {
  /** Every dataset the panel offers (the catalog, plus the page's own dataset when it is pending). */
  datasets: MapDataset[];
  /** The page's default selection: nothing on the home page. */
  defaultDatasets?: string[];
  /** Parameter values a composed map sets instead of the datasets' own defaults. */
  defaultParams?: Record<string, Record<string, string>>;
  defaultView?: MapView;
  /** BASEMAP_STYLE_URL: an online style; otherwise the offline basemap served by the portal. */
  basemapStyleUrl?: string;
  /** The offline basemap's attribution for the boundaries in use (lib/basemap/attribution.ts). */
  basemapAttribution?: string;
  /** A boundary to outline (municipality pages). */
  focus?: GeoJSON.Feature | null;
  /** Embedded in a page (dataset, municipality, composed map) rather than full screen. */
  embedded?: boolean;
  /** Start with the catalog panel open. */
  panelOpen?: boolean;
}

type LoadState =
  | { status: 'loading'; url: string; data?: GeoJSON.FeatureCollection; dm?: CollectionDmView }
  | { status: 'ok'; url: string; data: GeoJSON.FeatureCollection; dm: CollectionDmView; cache: string | null }
  | { status: 'error'; url: string; message: string; code: string }
  | { status: 'zoom'; minZoom: number }
  | { status: 'none' };

function searchText(d: MapDataset): string {
  return foldDiacritics([d.title, d.description, d.providerName, d.categoryLabel, ...(d.keywords ?? []), ...(d.useCases ?? [])].filter(Boolean).join(' '));
}

function featureTitle(f: GeoJSON.Feature, d: MapDataset, i: number): string {
  const p = f.properties ?? {};
  if (typeof p.__dm_title === 'string' && p.__dm_title) return p.__dm_title;
  for (const k of ['name', 'nazov', 'názov', 'title']) if (typeof p[k] === 'string') return p[k] as string;
  return `${d.title} ${i + 1}`;
}

type Wanted = Map<string, { status: 'fetch'; url: string } | { status: 'zoom'; minZoom: number }>;

/**
 * The load table for what the map now wants: an unchanged URL keeps its state, a new one starts
 * loading with the previous data (drawn until the new arrives), a zoom notice replaces the data.
 * Returns `prev` itself when nothing changed.
 */
function reconcileLoads(prev: Record<string, LoadState>, wanted: Wanted): Record<string, LoadState> {
  let changed = Object.keys(prev).length !== wanted.size;
  const next: Record<string, LoadState> = {};
  for (const [key, w] of wanted) {
    const p = prev[key];
    if (w.status === 'fetch') {
      if (p && 'url' in p && p.url === w.url) {
        next[key] = p;
      } else {
        changed = true;
        next[key] = {
          status: 'loading',
          url: w.url,
          data: p && 'data' in p ? p.data : undefined,
          dm: p && 'dm' in p ? p.dm : undefined,
        };
      }
    } else {
      if (!p || p.status !== 'zoom') changed = true;
      next[key] = w;
    }
  }
  return changed ? next : prev;
}

export default function MapApp(props: MapAppProps) {
  const { datasets, basemapStyleUrl, focus, embedded = false } = props;
  const basemapCredit = props.basemapAttribution ?? BASEMAP_ATTRIBUTION;
  const byKey = useMemo(() => new Map(datasets.map((d) => [d.key, d])), [datasets]);

  const defaults: MapDefaults = useMemo(() => {
    const params: Record<string, Record<string, string>> = {};
    for (const d of datasets) params[d.key] = { ...paramDefaults(d.params), ...(props.defaultParams?.[d.key] ?? {}) };
    return { datasets: props.defaultDatasets ?? [], params, view: props.defaultView ?? SLOVAKIA_VIEW };
  }, [datasets, props.defaultDatasets, props.defaultParams, props.defaultView]);

  const [state, setState] = useState<MapState>(() =>
    parseMapState(window.location.search, window.location.hash, defaults),
  );
  const [jump, setJump] = useState<{ view: MapView; seq: number } | null>(null);
  const [viewport, setViewport] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  const [loads, setLoads] = useState<Record<string, LoadState>>({});
  const [selected, setSelected] = useState<{ key: string; properties: Record<string, unknown> } | null>(null);
  // On a phone the catalog starts closed so the map, the place search and the panel have the screen.
  const [panelOpen, setPanelOpen] = useState(props.panelOpen ?? (!embedded && window.innerWidth > 700));
  const [query, setQuery] = useState('');
  const [timeKey, setTimeKey] = useState<string | null>(null);
  const controllers = useRef(new Map<string, { ctrl: AbortController; url: string }>());

  // Basemap: ZBGIS by default when its tiles load (checked with one tile under the map's centre),
  // the offline basemap otherwise; an online BASEMAP_STYLE_URL replaces the switcher.
  const rasters = useMemo(() => (basemapStyleUrl ? [] : rasterBasemaps(datasets)), [datasets, basemapStyleUrl]);
  const [basemapChoice, setBasemapChoice] = useState<BasemapId>(() => (rasters.some((r) => r.id === 'zbgis') ? 'zbgis' : 'offline'));
  const [basemapActive, setBasemapActive] = useState<BasemapId>('offline');
  const [basemapNote, setBasemapNote] = useState<string | null>(null);
  const rasterErrors = useRef(0);
  const chooseBasemap = (id: BasemapId) => {
    setBasemapChoice(id);
    // Offline needs no probe: it is there at once. A raster waits for its probe below.
    if (id === 'offline') {
      setBasemapActive('offline');
      setBasemapNote(null);
    }
  };
  // The probe: one tile of the chosen raster basemap under the map's centre, switching to it when
  // the tile loads and staying offline (with a note) when it fails or takes too long.
  useEffect(() => {
    const raster = rasters.find((r) => r.id === basemapChoice);
    if (!raster) return;
    let done = false;
    const img = new Image();
    const fail = () => {
      if (done) return;
      done = true;
      img.src = '';
      setBasemapActive('offline');
      setBasemapNote(`${BASEMAP_LABELS[basemapChoice]} sa nenačítala (služba ÚGKK SR je nedostupná); zobrazuje sa offline podkladová mapa.`);
    };
    const timer = setTimeout(fail, BASEMAP_PROBE_TIMEOUT_MS);
    img.onload = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      rasterErrors.current = 0;
      setBasemapActive(basemapChoice);
      setBasemapNote(null);
    };
    img.onerror = () => {
      clearTimeout(timer);
      fail();
    };
    const v = state.view;
    img.src = tileUrl(raster.tiles[0], tileOf(v.lon, v.lat, Math.max(raster.minZoom ?? 7, Math.min(raster.maxZoom ?? 18, Math.round(v.zoom)))));
    return () => {
      done = true;
      clearTimeout(timer);
    };
    // The probe runs when the choice changes, not on every move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [basemapChoice, rasters]);
  const onSourceError = useCallback(
    (sourceId: string) => {
      if (sourceId !== 'basemap-raster' || basemapActive === 'offline') return;
      // A few failing tiles happen; a run of them means the service went away.
      if (++rasterErrors.current >= 6) {
        setBasemapActive('offline');
        setBasemapNote(`${BASEMAP_LABELS[basemapActive]} prestala odpovedať; zobrazuje sa offline podkladová mapa.`);
      }
    },
    [basemapActive],
  );
  const activeRaster = rasters.find((r) => r.id === basemapActive);
  const mapStyle = useMemo<string | StyleSpecification>(
    () =>
      activeRaster
        ? rasterBasemapStyle(activeRaster, window.location.origin, basemapCredit)
        : basemapStyle(basemapStyleUrl, window.location.origin, basemapCredit),
    [activeRaster, basemapStyleUrl, basemapCredit],
  );

  // Place search and "Čo je tu?".
  const [flyTo, setFlyTo] = useState<{ lon: number; lat: number; zoom: number; seq: number } | null>(null);
  const [placeInfo, setPlaceInfo] = useState<{ type?: string; municipalityUrl?: string | null } | null>(null);
  // The open "Čo je tu?" point lives in the map's state, so the URL carries it (`?bod=`).
  const whatHere = state.point ?? null;
  const setWhatHere = useCallback((point: { lon: number; lat: number } | null) => setState((s) => ({ ...s, point })), []);
  const [purpose, setPurpose] = useState<string>(() => (state.datasets.length ? '' : 'construction'));
  const whatHereButton = useRef<HTMLButtonElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const onPick = useCallback((p: Place) => {
    const [lon, lat] = p.point;
    setState((s) => ({ ...s, place: { lon, lat, name: p.name } }));
    setPlaceInfo({ type: p.type, municipalityUrl: isMunicipality(p) && p.municipality ? `/${p.municipality.slug}` : null });
    setFlyTo((f) => ({ lon, lat, zoom: zoomForPlace(p.type), seq: (f?.seq ?? 0) + 1 }));
  }, []);
  const onPointQuery = useCallback((pt: { lon: number; lat: number }) => setWhatHere(pt), [setWhatHere]);
  const closeWhatHere = useCallback(() => {
    setWhatHere(null);
    // Focus goes back where the question came from: the button after a search, else the map.
    setTimeout(() => {
      if (whatHereButton.current) whatHereButton.current.focus();
      else canvasRef.current?.querySelector<HTMLElement>('canvas')?.focus();
    }, 0);
  }, [setWhatHere]);
  // Escape closes the panel from anywhere on the page while it is open.
  const whatHereOpen = whatHere !== null;
  useEffect(() => {
    if (!whatHereOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) closeWhatHere();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [whatHereOpen, closeWhatHere]);

  // State -> URL (replaceState: moving the map must not flood the history).
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

  const onViewChange = useCallback((view: MapView, bbox: Bbox) => {
    setState((s) => {
      const r = roundView(view);
      const o = roundView(s.view);
      return r.zoom === o.zoom && r.lat === o.lat && r.lon === o.lon ? s : { ...s, view: r };
    });
    setViewport({ bbox, zoom: view.zoom });
  }, []);

  // Debounced viewport for bbox datasets: they reload only after the map rests.
  const [restingViewport, setRestingViewport] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  useEffect(() => {
    if (!viewport) return;
    const t = setTimeout(() => setRestingViewport(viewport), restingViewport ? BBOX_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewport]);

  const enabled = useMemo(() => state.datasets.map((k) => byKey.get(k)).filter((d): d is MapDataset => !!d), [state.datasets, byKey]);

  // What each enabled dataset should show: a request URL, a zoom notice, or nothing to load.
  const wanted = useMemo(() => {
    const out: Wanted = new Map();
    for (const d of enabled) {
      if (!hasDataEndpoint(d)) continue;
      if (isBboxMode(d)) {
        if (!restingViewport) continue;
        if (belowMinZoom(d, restingViewport.zoom)) {
          out.set(d.key, { status: 'zoom', minZoom: d.coverage?.minZoom ?? 0 });
          continue;
        }
      }
      const url = dataRequestUrl(d, {
        params: effectiveParams(state, defaults, d.key),
        defaults: defaults.params[d.key] ?? {},
        bbox: restingViewport?.bbox,
        zoom: restingViewport?.zoom,
      });
      if (url) out.set(d.key, { status: 'fetch', url });
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, state.params, defaults, restingViewport]);

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
        let result: LoadState;
        try {
          const res = await fetch(url, { signal: ctrl.signal, headers: { Accept: 'application/geo+json, application/json' } });
          const body = (await res.json().catch(() => null)) as
            | (GeoJSON.FeatureCollection & { dm?: CollectionDmView })
            | { error?: string; code?: string }
            | null;
          if (!res.ok || !body || !('features' in body)) {
            const err = (body ?? {}) as { error?: string; code?: string };
            result = { status: 'error', url, message: err.error ?? `HTTP ${res.status}`, code: err.code ?? 'http_error' };
          } else {
            result = { status: 'ok', url, data: body, dm: body.dm ?? {}, cache: res.headers.get('x-dm-cache') };
          }
        } catch (e) {
          if ((e as Error).name === 'AbortError') return;
          result = { status: 'error', url, message: 'Dáta sa nepodarilo načítať.', code: 'source_unreachable' };
        } finally {
          if (controllers.current.get(key)?.ctrl === ctrl) controllers.current.delete(key);
        }
        setLoads((prev) => {
          const p = prev[key];
          if (!p || !('url' in p) || p.url !== url) return prev;
          return { ...prev, [key]: result };
        });
      })();
    }
  }, [loads]);

  useEffect(() => {
    const ctrls = controllers.current;
    return () => {
      for (const c of ctrls.values()) c.ctrl.abort();
      // Forgotten too, so that a remount (React's development double run) starts them again.
      ctrls.clear();
    };
  }, []);

  const canvasLayers: CanvasLayer[] = useMemo(
    () =>
      enabled.map((d) => {
        const l = loads[d.key];
        const data = l && 'data' in l ? l.data : undefined;
        return { dataset: d, data, dataUrl: l && 'url' in l ? l.url : undefined };
      }),
    [enabled, loads],
  );

  const onFeatureClick = useCallback((f: ClickedFeature | null) => {
    setSelected(f ? { key: f.key, properties: f.properties } : null);
  }, []);

  const paramQuery = useCallback(
    (key: string) => {
      const d = byKey.get(key);
      if (!d || !state.datasets.includes(key)) return '';
      const own = paramDefaults(d.params);
      const eff = effectiveParams(state, defaults, key);
      return Object.entries(eff)
        .filter(([p, v]) => own[p] !== v)
        .map(([p, v]) => `${encodeURIComponent(`${key}.${p}`)}=${encodeURIComponent(v)}`)
        .join('&');
    },
    [byKey, state, defaults],
  );

  const toggle = (key: string, on: boolean) => {
    setState((s) => withDataset(s, key, on));
    if (!on && selected?.key === key) setSelected(null);
  };
  const setParam = (key: string, param: string, value: string) => setState((s) => withParam(s, defaults, key, param, value));

  const filtered = useMemo(() => {
    const q = foldDiacritics(query).trim();
    const words = q.split(/\s+/).filter(Boolean);
    return datasets.filter((d) => words.every((w) => searchText(d).includes(w)));
  }, [datasets, query]);
  const groups = useMemo(() => catalogGroups(filtered, query.length > 0), [filtered, query]);

  const temporal = enabled.filter((d) => d.temporal?.param && paramSpecs(d.params).some((p) => p.key === d.temporal?.param));
  const timeDataset = temporal.find((d) => d.key === timeKey) ?? temporal[temporal.length - 1];
  const selectedDataset = selected ? byKey.get(selected.key) : undefined;

  return (
    <div className={`map-app${embedded ? ' map-app-embedded' : ''}${panelOpen ? ' catalog-open' : ''}`} data-testid="map-app">
      {/* First in the tab order: the place search. */}
      <div className="map-top">
        <PlaceSearch
          onPick={onPick}
          chosen={state.place ? { name: state.place.name || 'Vybrané miesto', ...(placeInfo ?? {}) } : null}
          onWhatHere={() => state.place && setWhatHere({ lon: state.place.lon, lat: state.place.lat })}
          onClear={() => {
            setState((s) => ({ ...s, place: null }));
            setPlaceInfo(null);
          }}
          whatHereRef={whatHereButton}
        />
        {rasters.length > 0 && (
          <BasemapSwitcher choice={basemapChoice} active={activeRaster?.id ?? 'offline'} options={['zbgis', 'ortofoto', 'offline'].filter((id) => id === 'offline' || rasters.some((r) => r.id === id)) as BasemapId[]} onChoose={chooseBasemap} />
        )}
        {basemapNote && (
          <p className="basemap-note small" role="status" data-testid="basemap-note">
            <span>{basemapNote}</span>
            <button type="button" className="icon-button" aria-label="Skryť oznam o podkladovej mape" onClick={() => setBasemapNote(null)}>
              ×
            </button>
          </p>
        )}
      </div>

      <div className="map-canvas" data-testid="map-canvas" role="region" aria-label="Mapa" ref={canvasRef}>
        <MapCanvas
          onPointQuery={onPointQuery}
          flyTo={flyTo}
          placeMarker={state.place ?? null}
          queryMarker={whatHere}
          onSourceError={onSourceError}
          mapStyle={mapStyle}
          layers={canvasLayers}
          initialView={state.view}
          jumpTo={jump}
          focus={focus}
          onViewChange={onViewChange}
          onFeatureClick={onFeatureClick}
        />
      </div>

      <aside className={panelOpen ? 'catalog-panel open' : 'catalog-panel'} data-testid="catalog-panel" aria-label="Katalóg datasetov">
        <button
          type="button"
          className="panel-toggle"
          aria-expanded={panelOpen}
          aria-controls="catalog-body"
          onClick={() => setPanelOpen((o) => !o)}
          data-testid="catalog-toggle"
        >
          {panelOpen ? '‹ Skryť katalóg' : '☰ Katalóg'}
        </button>
        <div id="catalog-body" className="catalog-body" hidden={!panelOpen}>
          <label htmlFor="catalog-search" className="visually-hidden">
            Hľadať dataset
          </label>
          <input
            id="catalog-search"
            type="search"
            placeholder="Hľadať dataset (napr. záplavy, obyvatelia)…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            data-testid="catalog-search"
          />

          {enabled.length > 0 && (
            <section className="enabled" aria-labelledby="enabled-title">
              <h2 id="enabled-title">Na mape</h2>
              {enabled.map((d) => (
                <EnabledDataset
                  key={d.key}
                  dataset={d}
                  load={loads[d.key]}
                  params={effectiveParams(state, defaults, d.key)}
                  zoom={viewport?.zoom ?? state.view.zoom}
                  onParam={(p, v) => setParam(d.key, p, v)}
                  onOff={() => toggle(d.key, false)}
                  onSelect={(properties) => setSelected({ key: d.key, properties })}
                />
              ))}
            </section>
          )}

          <nav aria-label="Kategórie datasetov" className="categories">
            {groups.length === 0 && <p className="muted">Nič sa nenašlo.</p>}
            {groups.map(({ label, sample, open, datasets: list }) => (
              <details key={label} open={open} data-testid={sample ? 'catalog-samples' : undefined}>
                <summary>
                  {label} <span className="muted">({list.length})</span>
                  {sample && <span className="muted small"> · ukážky protokolu, nie skutočné údaje</span>}
                </summary>
                <ul>
                  {list.map((d) => (
                    <li key={d.key}>
                      <label className="dataset-toggle">
                        <input
                          type="checkbox"
                          checked={state.datasets.includes(d.key)}
                          onChange={(e) => toggle(d.key, e.target.checked)}
                          data-testid={`dataset-toggle-${d.key}`}
                        />
                        <span className="swatch" style={{ background: d.source.type === 'raster' ? '#9aa3ad' : swatchColor(d.presentation?.color) }} aria-hidden="true" />
                        <span>
                          {d.title}
                          {isSample(d) && <span className="sample-badge">ukážka</span>}
                          <span className="muted small"> · {d.providerName}</span>
                        </span>
                      </label>
                      <a href={d.links.map} className="small" aria-label={`O datasete ${d.title}`}>
                        info
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </nav>
          {!embedded && (
            <footer className="catalog-footer small">
              <Link href="/mapy">Tematické mapy</Link> · <Link href="/poskytovatelia">Pre poskytovateľov</Link> ·{' '}
              <Link href="/dokumentacia">Dokumentácia</Link> · <Link href="/neschvalene-data">Neschválené dáta</Link>
            </footer>
          )}
        </div>
      </aside>

      {whatHere && (
        <WhatHere
          key={formatPointParam(whatHere)}
          point={whatHere}
          enabled={enabled}
          byKey={byKey}
          paramQuery={paramQuery}
          purpose={purpose}
          onPurpose={setPurpose}
          onShow={(key) => toggle(key, true)}
          onClose={closeWhatHere}
        />
      )}

      {selected && selectedDataset && (
        <ObjectDetail dataset={selectedDataset} properties={selected.properties} onClose={() => setSelected(null)} />
      )}

      <div className="map-bottom">
        {timeDataset && (() => {
          const spec = paramSpecs(timeDataset.params).find((p) => p.key === timeDataset.temporal?.param)!;
          const l = loads[timeDataset.key];
          const dm = l && 'dm' in l ? l.dm : undefined;
          return (
            <div className="time-filter-wrap">
              {temporal.length > 1 && (
                <label className="small">
                  Časový filter pre{' '}
                  <select value={timeDataset.key} onChange={(e) => setTimeKey(e.target.value)}>
                    {temporal.map((d) => (
                      <option key={d.key} value={d.key}>
                        {d.title}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <TimeFilter
                title={timeDataset.title}
                spec={spec}
                value={effectiveParams(state, defaults, timeDataset.key)[spec.key] ?? spec.default}
                onChange={(v) => setParam(timeDataset.key, spec.key, v)}
                timeline={dm?.timeline}
                chart={dm?.chart}
              />
            </div>
          );
        })()}
        <div className="map-bottom-row">
          <Legend datasets={enabled} />
          <Attribution
            basemap={basemapStyleUrl ? 'Podkladová mapa: online štýl' : activeRaster ? `Podkladová mapa: ${activeRaster.attribution}` : basemapCredit}
            datasets={enabled}
          />
        </div>
      </div>
    </div>
  );
}

function BasemapSwitcher({
  choice,
  active,
  options,
  onChoose,
}: {
  choice: BasemapId;
  active: BasemapId;
  options: BasemapId[];
  onChoose: (id: BasemapId) => void;
}) {
  return (
    <fieldset className="basemap-switcher" data-testid="basemap-switcher" data-active={active}>
      <legend className="visually-hidden">Podkladová mapa</legend>
      {options.map((id) => (
        <label key={id} className={id === choice ? 'chosen' : undefined}>
          <input type="radio" name="basemap" value={id} checked={id === choice} onChange={() => onChoose(id)} data-testid={`basemap-${id}`} />
          {id === 'zbgis' ? 'Mapa' : id === 'ortofoto' ? 'Ortofoto' : 'Offline'}
          <span className="visually-hidden"> – {BASEMAP_LABELS[id]}</span>
        </label>
      ))}
    </fieldset>
  );
}

function EnabledDataset({
  dataset: d,
  load,
  params,
  zoom,
  onParam,
  onOff,
  onSelect,
}: {
  dataset: MapDataset;
  load: LoadState | undefined;
  params: Record<string, string>;
  zoom: number;
  onParam: (param: string, value: string) => void;
  onOff: () => void;
  onSelect: (properties: Record<string, unknown>) => void;
}) {
  const specs = paramSpecs(d.params).filter((p) => p.key !== d.temporal?.param);
  const features = load && 'data' in load && load.data ? load.data.features : [];
  const dm = load && 'dm' in load ? load.dm : undefined;
  return (
    <div className="enabled-dataset" data-testid={`enabled-${d.key}`}>
      <div className="enabled-head">
        <strong>{d.title}</strong>
        <button type="button" className="icon-button" onClick={onOff} aria-label={`Skryť ${d.title}`}>
          ×
        </button>
      </div>
      {!hasDataEndpoint(d) && d.source.type === 'geojson' && (
        <p className="notice small">
          Dáta zobrazuje len portál; poskytuje ich{' '}
          {d.links.source ? <a href={d.links.source}>pôvodná služba</a> : 'pôvodná služba'}.
        </p>
      )}
      {load?.status === 'loading' && <p className="muted small" data-testid="dataset-loading">Načítavam…</p>}
      {load?.status === 'zoom' && (
        <p className="notice small" data-testid="dataset-zoom-notice">
          Priblížte mapu (od úrovne {load.minZoom}); teraz {formatNumber(zoom, 1)}.
        </p>
      )}
      {load?.status === 'error' && (
        <p className="error small" role="alert" data-testid="dataset-error">
          {load.message} ({load.code})
        </p>
      )}
      {dm?.notice && (
        <p className="notice small" data-testid="dataset-notice">
          {dm.notice}
        </p>
      )}
      {load?.status === 'ok' && !isBboxMode(d) && belowMinZoom(d, zoom) && (
        <p className="notice small" data-testid="dataset-zoom-notice">
          Objekty sa zobrazia od priblíženia {d.coverage?.minZoom}.
        </p>
      )}
      {load?.status === 'ok' && (
        <p className="muted small" data-testid="dataset-count">
          {formatCount(load.data.features.length, 'objekt', 'objekty', 'objektov')}
          {dm?.total !== undefined && dm.total > load.data.features.length ? ` z ${formatNumber(dm.total)}` : ''}
          {dm?.truncated ? ' (skrátené)' : ''}
        </p>
      )}
      {specs.map((p) => (
        <ParamControl
          key={p.key}
          spec={p}
          value={params[p.key] ?? p.default}
          onChange={(v) => onParam(p.key, v)}
          testId={`param-${d.key}-${p.key}`}
        />
      ))}
      {features.length > 0 && (
        <details className="feature-list">
          <summary>Zoznam objektov</summary>
          <ul>
            {features.slice(0, MAX_LISTED).map((f, i) => (
              <li key={String(f.id ?? i)}>
                <button type="button" className="link-button" onClick={() => onSelect((f.properties ?? {}) as Record<string, unknown>)}>
                  {featureTitle(f, d, i)}
                </button>
              </li>
            ))}
          </ul>
          {features.length > MAX_LISTED && <p className="muted small">a ďalších {formatNumber(features.length - MAX_LISTED)}</p>}
        </details>
      )}
      <a href={d.links.map} className="small">
        O datasete
      </a>
    </div>
  );
}
