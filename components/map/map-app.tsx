'use client';
// The map website's client part, composed of rooms: the place search, the basemap switcher, the
// MapLibre canvas, the catalog panel, "Čo je tu?", the object detail, the time dock, the legend and
// the attribution. Each room is its own file with its own hook; the whole state lives in the URL
// (use-map-state.ts), data come from GET /api/data through one hook (use-dataset-loads.ts) and one
// fetch helper (components/api-client.ts). Nothing is invented here. Its styles (map.css) come with
// the page through map-app-lazy.tsx, so the server-rendered placeholder has the same box.
import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { MapProvider } from 'react-map-gl/maplibre';
import { BASEMAP_ATTRIBUTION } from '@/lib/basemap/style';
import { facadeImage, guessedFacades, homeFitPadding, homeFitView, type FacadeBox } from '@/lib/map/facade';
import { loadedData } from '@/lib/map/loads';
import { paramDefaults } from '@/lib/map/params';
import { absoluteMapLink } from '@/lib/map/share';
import { effectiveParams, formatPointParam, serializeMapState, withDataset, withParam } from '@/lib/map/url-state';
import type { Bbox } from '@/lib/map/data-request';
import { SLOVAKIA_BBOX } from '@/lib/protocol/shared/geo';
import type { MapDataset, MapView } from '@/lib/map/types';
import { BasemapNote, BasemapSwitcher } from './basemap-switcher';
import { CatalogPanel } from './catalog-panel';
import { ObjectDetail } from './detail';
import { FirstScreen } from './first-screen';
import { Attribution, Legend, attributionText } from './legend';
import type { CanvasLayer, ClickedFeature } from './map-canvas';
import { MapFacade, type FacadeSource } from './map-facade';
import { PlaceSearch } from './place-search';
import { TimeDock } from './time-dock';
import { KeyboardQuery } from './tools/keyboard-query';
import type { OwnHit } from './tools/own-files';
import { ToolBar } from './tools/tool-bar';
import { ToolLayers, ToolPanels } from './tools/tool-rooms';
import { useMapTools } from './tools/use-map-tools';
import { useBasemap } from './use-basemap';
import { useChosenPlace } from './use-chosen-place';
import { TileWatch } from './tile-watch';
import { useDatasetLoads } from './use-dataset-loads';
import { useLayerStates } from './use-layer-states';
import { useMapDefaults, useMapState } from './use-map-state';
import { useWhatHere } from './use-what-here';
import { WhatHere } from './what-here';

// The live map (MapLibre's React shell and its stylesheet) is asked for only when the facade gives
// way to it: a page that is only looked at never parses them.
const MapCanvas = lazy(() => import('./map-canvas'));

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
  /** The chrome-less embedded map (/vlozena-mapa): no catalog, no tools but "Moja poloha", a link to the portal. */
  bare?: boolean;
  /** In the bare map: show the place search. */
  search?: boolean;
  /** The home page: the first screen's name, sentence and hint above the search; on a wide screen all of Slovakia beside the catalog. */
  intro?: boolean;
}

export default function MapApp(props: MapAppProps) {
  const { datasets, basemapStyleUrl, focus, embedded = false, bare = false } = props;
  const byKey = useMemo(() => new Map(datasets.map((d) => [d.key, d])), [datasets]);
  const defaults = useMapDefaults(datasets, props.defaultDatasets, props.defaultParams, props.defaultView);
  const { state, setState, jump, setView } = useMapState(defaults);
  const enabled = useMemo(() => state.datasets.map((k) => byKey.get(k)).filter((d): d is MapDataset => !!d), [state.datasets, byKey]);
  const { loads, viewport, setViewport, retry } = useDatasetLoads(enabled, state, defaults);
  const zoom = viewport?.zoom ?? state.view.zoom;
  const layerStates = useLayerStates(enabled, loads, zoom, retry);
  const basemap = useBasemap(datasets, basemapStyleUrl, props.basemapAttribution ?? BASEMAP_ATTRIBUTION, state.view);
  // Destructured: the hook hands out refs, which the render may pass on but never read.
  const { point, ask, close, purpose, setPurpose, buttonRef, canvasRef } = useWhatHere(state, setState);
  const place = useChosenPlace(state, setState, ask);
  const [selected, setSelected] = useState<{ key: string; properties: Record<string, unknown> } | null>(null);
  // On a phone the catalog starts closed so the map, the place search and the panel have the screen.
  const [panelOpen, setPanelOpen] = useState(props.panelOpen ?? (!embedded && !bare && window.innerWidth > 700));
  const tools = useMapTools();
  // The home page without a view in its link: all of Slovakia in the map beside the open panel.
  const [initialFit] = useState(() =>
    props.intro && !window.location.hash && window.innerWidth > 700
      ? { bbox: SLOVAKIA_BBOX, padding: homeFitPadding(panelOpen) }
      : null,
  );
  // The own features under the last click, for the "Čo je tu?" panel of that point.
  const [ownHits, setOwnHits] = useState<{ point: string; hits: OwnHit[] } | null>(null);
  const onOwnHits = useCallback((p: [number, number], hits: OwnHit[]) => setOwnHits({ point: formatPointParam({ lon: p[0], lat: p[1] }), hits }), []);

  // The facade (map-facade.tsx): the server's picture of the view until the live map is needed and ready.
  const [box, setBox] = useState<FacadeBox | null>(null);
  useLayoutEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const measure = () => setBox((b) => (b && b.width === el.clientWidth && b.height === el.clientHeight ? b : { width: el.clientWidth, height: el.clientHeight }));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [canvasRef]);
  const [live, setLive] = useState(false);
  const [ready, setReady] = useState(false);
  const startLive = useCallback(() => setLive(true), []);
  const onReady = useCallback(() => {
    // A keyboard user who started the map from the facade goes on in the map.
    const hadFocus = !!document.activeElement?.closest('[data-testid="map-facade"]');
    setReady(true);
    if (hadFocus) setTimeout(() => canvasRef.current?.querySelector<HTMLElement>('canvas')?.focus(), 0);
  }, [canvasRef]);

  const onViewChange = useCallback(
    (view: MapView, bbox: Bbox) => {
      setView(view);
      setViewport({ bbox, zoom: view.zoom });
    },
    [setView, setViewport],
  );
  const onFeatureClick = useCallback((f: ClickedFeature | null) => setSelected(f ? { key: f.key, properties: f.properties } : null), []);

  const paramsOf = (key: string) => effectiveParams(state, defaults, key);
  /** A dataset's non-default parameters as a nearby query (`<key>.<param>=<v>&…`). */
  const paramQuery = (key: string) => {
    const d = byKey.get(key);
    if (!d || !state.datasets.includes(key)) return '';
    const own = paramDefaults(d.params);
    return Object.entries(paramsOf(key))
      .filter(([p, v]) => own[p] !== v)
      .map(([p, v]) => `${encodeURIComponent(`${key}.${p}`)}=${encodeURIComponent(v)}`)
      .join('&');
  };
  const toggle = (key: string, on: boolean) => {
    setState((s) => withDataset(s, key, on));
    if (!on && selected?.key === key) setSelected(null);
  };
  const setParam = (key: string, param: string, value: string) => setState((s) => withParam(s, defaults, key, param, value));

  const canvasLayers: CanvasLayer[] = useMemo(
    () =>
      enabled.map((d) => {
        const { data, url } = loadedData(loads[d.key]);
        return { dataset: d, data, dataUrl: url };
      }),
    [enabled, loads],
  );
  const selectedDataset = selected ? byKey.get(selected.key) : undefined;
  const { search, hash } = serializeMapState(state, defaults);
  const link = `${window.location.origin}${window.location.pathname}${search}${hash}`;
  const ownParams = Object.fromEntries(datasets.map((d) => [d.key, paramDefaults(d.params)]));
  const attribution = attributionText(basemap.attribution, enabled);
  const focusMap = () => canvasRef.current?.querySelector<HTMLElement>('canvas')?.focus();

  // The picture shows the enabled datasets at their own default parameters only; anything else the
  // picture cannot show (a point asked, a place, a tool, own files, other parameters) needs the live map.
  const pictured = state.datasets.every((key) => {
    const d = byKey.get(key);
    const own = d ? paramDefaults(d.params) : {};
    return Object.entries(paramsOf(key)).every(([p, v]) => own[p] === v);
  });
  const needsLive = !pictured || point !== null || !!state.place || tools.active !== null || tools.location.status !== 'off' || tools.files.length > 0;
  if (needsLive && !live) setLive(true);
  const facadeDatasets = state.datasets.filter((k) => byKey.has(k));
  const facadeSources: FacadeSource[] = box
    ? [{ image: facadeImage(initialFit ? homeFitView(box, panelOpen) : state.view, box, facadeDatasets) }]
    : guessedFacades({ view: state.view, intro: !!props.intro, embedded, panelOpen, datasets: facadeDatasets });

  return (
    <MapProvider>
      <div
        className={`map-app${embedded ? ' map-app-embedded' : ''}${bare ? ' map-app-bare' : ''}${panelOpen ? ' catalog-open' : ''}${point ? ' point-open' : ''}`}
        data-testid="map-app"
        onDragOver={(e) => e.dataTransfer.types.includes('Files') && e.preventDefault()}
        onDrop={(e) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          void tools.openFiles([...e.dataTransfer.files]);
        }}
      >
        <nav className="skip-links" aria-label="Preskočiť">
          <a href="#hladat-miesto" className="skip-link">Preskočiť na hľadanie miesta</a>
          <a href="#mapa" className="skip-link" onClick={(e) => { e.preventDefault(); focusMap(); }}>Preskočiť na mapu</a>
        </nav>
        {/* First in the tab order: the place search. */}
        {(!bare || props.search) && (
        <div className="map-top">
          {props.intro && <FirstScreen used={point !== null} />}
          <PlaceSearch
            onPick={place.pick}
            chosen={place.chosen}
            onWhatHere={() => state.place && ask({ lon: state.place.lon, lat: state.place.lat })}
            onClear={place.clear}
            whatHereRef={buttonRef}
          />
          {basemap.switchable && <BasemapSwitcher choice={basemap.choice} active={basemap.active} options={basemap.options} onChoose={basemap.choose} />}
          {basemap.note && <BasemapNote note={basemap.note} onDismiss={basemap.dismissNote} />}
        </div>
        )}

        <div className="map-canvas" id="mapa" data-testid="map-canvas" ref={canvasRef}>
          {live && (
          <Suspense fallback={null}>
          <MapCanvas
            onReady={onReady}
            querying={!tools.measuring}
            onPointQuery={ask}
            flyTo={place.flyTo}
            placeMarker={state.place ?? null}
            queryMarker={point}
            onSourceError={basemap.onSourceError}
            mapStyle={basemap.mapStyle}
            layers={canvasLayers}
            initialView={state.view}
            initialFit={initialFit}
            jumpTo={jump}
            focus={focus}
            onViewChange={onViewChange}
            onFeatureClick={onFeatureClick}
          >
            <KeyboardQuery onQuery={ask} />
            <TileWatch layers={layerStates.tiled} onChange={layerStates.onTiles} retry={layerStates.tileRetry} />
            <ToolLayers tools={tools} onOwnHits={onOwnHits} />
          </MapCanvas>
          </Suspense>
          )}
          {!ready && <MapFacade sources={facadeSources} onStart={startLive} onPoint={ask} starting={live} />}
          <div className="map-crosshair" aria-hidden="true" />
        </div>

        <ToolBar active={tools.active} onTool={tools.toggle} location={tools.location} onLocate={tools.locate} only={bare ? ['locate'] : undefined} reportDataset={state.datasets.length === 1 ? state.datasets[0] : undefined} />
        {tools.location.status === 'error' && (
          <p className="tool-status error small" role="alert" data-testid="location-error">
            {tools.location.message}
            <button type="button" className="icon-button" aria-label="Skryť oznam o polohe" onClick={tools.clearLocation}>
              ×
            </button>
          </p>
        )}
        {tools.location.status === 'asking' && (
          <p className="tool-status small" role="status">
            Zisťujem polohu…
          </p>
        )}
        <ToolPanels tools={tools} datasets={enabled} attribution={attribution} link={link} absoluteLink={absoluteMapLink(window.location.origin, state, defaults, ownParams)} />

        {bare ? (
          <a className="bare-portal-link" href={absoluteMapLink(window.location.origin, state, defaults, ownParams)} target="_blank" rel="noopener" data-testid="bare-portal-link">
            Otvoriť na portáli Geodáta Slovenska
          </a>
        ) : (
        <CatalogPanel
          datasets={datasets}
          enabled={enabled}
          selected={state.datasets}
          loads={loads}
          layers={layerStates.layers}
          paramsOf={paramsOf}
          zoom={zoom}
          open={panelOpen}
          onOpen={setPanelOpen}
          onToggle={toggle}
          onRetry={layerStates.retry}
          onParam={setParam}
          onSelectObject={(key, properties) => setSelected({ key, properties })}
          embedded={embedded}
        />
        )}

        {point && (
          <WhatHere
            key={formatPointParam(point)}
            point={point}
            enabled={enabled}
            byKey={byKey}
            paramQuery={paramQuery}
            purpose={purpose}
            onPurpose={setPurpose}
            onShow={(key) => toggle(key, true)}
            onClose={close}
            ownHits={ownHits?.point === formatPointParam(point) ? ownHits.hits : []}
          />
        )}

        {selected && selectedDataset && <ObjectDetail dataset={selectedDataset} properties={selected.properties} onClose={() => setSelected(null)} />}

        <div className="map-bottom">
          <TimeDock enabled={enabled} loads={loads} paramsOf={paramsOf} onParam={setParam} />
          <div className="map-bottom-row">
            <Legend
              datasets={enabled}
              layers={layerStates.layers}
              onRetry={layerStates.retry}
              extra={tools.files.map((f) => ({ key: f.id, title: `Vlastný súbor: ${f.name}`, color: f.color, label: `${f.kind}, len vo vašom prehliadači` }))} />
            <Attribution basemap={basemap.attribution} datasets={enabled} />
          </div>
        </div>
      </div>
    </MapProvider>
  );
}
