'use client';
// The MapLibre shell: draws the basemap style and the layers it is handed, reports view changes
// and clicked objects. It holds no portal logic; layers come from lib/map/layers.ts.
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Map, { Layer, Marker, NavigationControl, ScaleControl, Source, type MapRef } from 'react-map-gl/maplibre';
import type { LayerProps, MapLayerMouseEvent, MapLayerTouchEvent, SourceProps, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { LAZY_BASEMAP_SOURCES } from '@/lib/basemap/style';
import { datasetKeyOfLayer, drawsFromTiles, interactiveLayerIds, layersForDataset, sourceForDataset, sourceId } from '@/lib/map/layers';
import { PHONE_LAYOUT_QUERY, revealAboveSheet } from '@/lib/map/citizen';
import type { Bbox } from '@/lib/map/data-request';
import type { MapDataset, MapView } from '@/lib/map/types';

export interface CanvasLayer {
  dataset: MapDataset;
  data?: GeoJSON.FeatureCollection;
  /** The /api/data request behind `data`; a dataset drawn from tiles repeats its parameters without making it. */
  dataUrl?: string;
}

export interface ClickedFeature {
  key: string;
  id?: string | number;
  properties: Record<string, unknown>;
  geometryType: string;
}

export interface CanvasProps {
  mapStyle: string | StyleSpecification;
  layers: CanvasLayer[];
  initialView: MapView;
  /** A new value moves the map (history navigation, "zoom to"). */
  jumpTo?: { view: MapView; seq: number } | null;
  fitBounds?: Bbox | null;
  /** Once the map has loaded: fit this box with this padding (px), e.g. Slovakia beside the open catalog. */
  initialFit?: { bbox: Bbox; padding: { top: number; right: number; bottom: number; left: number } } | null;
  focus?: GeoJSON.Feature | GeoJSON.FeatureCollection | null;
  onViewChange: (view: MapView, bbox: Bbox) => void;
  onFeatureClick: (feature: ClickedFeature | null) => void;
  selected?: { key: string; id?: string | number } | null;
  /** A click anywhere on the map, or a long press on a touch screen ("Čo je tu?"). */
  onPointQuery?: (point: { lon: number; lat: number }) => void;
  /** A new value flies the map to a place (the place search). */
  flyTo?: { lon: number; lat: number; zoom: number; seq: number } | null;
  /** The searched place's marker. */
  placeMarker?: { lon: number; lat: number; name: string } | null;
  /** A tile of a source failed to load (the basemap switcher falls back on `basemap-raster` errors). */
  onSourceError?: (sourceId: string) => void;
  /** The point the "Čo je tu?" panel answers for. */
  queryMarker?: { lon: number; lat: number } | null;
  /** False while a tool takes the map's clicks (measuring): no "Čo je tu?" and no object detail. */
  querying?: boolean;
  /** The map is shown: it rested with all loaded, or waited long enough (the facade may go). */
  onReady?: () => void;
  /** Rooms drawn on the map itself (the tools' layers and markers), inside react-map-gl's map context (useMap). */
  children?: React.ReactNode;
}

/** How long a finger must rest on the map to ask "Čo je tu?". */
const LONG_PRESS_MS = 500;

declare global {
  interface Window {
    /** The MapLibre map, for the e2e suite and for people debugging in the console. */
    __geoportalMap?: MapLibreMap;
  }
}

function boundsOf(map: MapRef): Bbox {
  const b = map.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
}

/** MapLibre's own labels in Slovak. */
const LOCALE = {
  'Map.Title': 'Mapa',
  'NavigationControl.ZoomIn': 'Priblížiť',
  'NavigationControl.ZoomOut': 'Oddialiť',
  'NavigationControl.ResetBearing': 'Otočiť mapu na sever',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'FullscreenControl.Enter': 'Na celú obrazovku',
  'FullscreenControl.Exit': 'Zrušiť celú obrazovku',
};

/**
 * The map stays transparent (taking clicks) until it first rests with all loaded (`idle`), at the latest
 * after this long: while loading it draws a frame per arriving tile, and where graphics run in software
 * a visible WebGL frame costs the browser several times its drawing (README "Performance").
 */
const REVEAL_AFTER_MS = 8000;

/** MapLibre's worker, served by the portal (app/api/basemap/maplibre-gl-worker.mjs). */
const WORKER_URL = '/api/basemap/maplibre-gl-worker.mjs';

/**
 * Applies each camera request (a new object) once, after MapLibre's load: a request made before it (a
 * place chosen in the search while the map was still the facade's picture) waits for it instead of
 * being lost to the load's own first view.
 */
function useCameraMove<T extends object>(request: T | null | undefined, loaded: boolean, mapRef: RefObject<MapRef | null>, move: (map: MapRef, request: T) => void) {
  const moveRef = useRef(move);
  useEffect(() => {
    moveRef.current = move;
  });
  const done = useRef<T | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    if (!request || !loaded || !map || done.current === request) return;
    done.current = request;
    moveRef.current(map, request);
  }, [request, loaded, mapRef]);
}

export default function MapCanvas(props: CanvasProps) {
  const { mapStyle, layers, initialView, jumpTo, fitBounds, focus, onViewChange, onFeatureClick, flyTo, placeMarker, queryMarker, querying = true } = props;
  const onPointQuery = querying ? props.onPointQuery : undefined;
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const mapRef = useRef<MapRef>(null);
  const [cursor, setCursor] = useState<string>('grab');
  // MapLibre is created asynchronously: effects that move the map wait for its load event.
  const [loaded, setLoaded] = useState(false);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRevealed(true), REVEAL_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const { onReady } = props;
  useEffect(() => {
    if (revealed) onReady?.();
  }, [revealed, onReady]);
  const interactive = useMemo(() => layers.flatMap((l) => interactiveLayerIds(l.dataset)), [layers]);

  const lazyLoaded = useRef(new Set<string>());
  // A new basemap style starts with empty lazy sources again.
  useEffect(() => {
    lazyLoaded.current.clear();
  }, [mapStyle]);
  const report = useCallback(
    (map: MapRef) => {
      // Basemap sources that wait for a closer zoom (see LAZY_BASEMAP_SOURCES).
      for (const [id, lazy] of Object.entries(LAZY_BASEMAP_SOURCES)) {
        if (lazyLoaded.current.has(id) || map.getZoom() < lazy.minZoom) continue;
        const source = map.getSource(id) as { setData?: (d: string) => void } | undefined;
        if (source?.setData) {
          source.setData(new URL(lazy.path, window.location.origin).href);
          lazyLoaded.current.add(id);
        }
      }
      const c = map.getCenter();
      onViewChange({ zoom: map.getZoom(), lat: c.lat, lon: c.lng }, boundsOf(map));
    },
    [onViewChange],
  );

  // On a phone the "Čo je tu?" panel is a bottom sheet: a queried point it would cover (a tap low on
  // the map, a shared `?bod=` link centred on the point) is panned into the map above it.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!loaded || !map || !queryMarker || !window.matchMedia?.(PHONE_LAYOUT_QUERY).matches) return;
    const dy = revealAboveSheet(map.project([queryMarker.lon, queryMarker.lat]).y, map.getContainer().clientHeight);
    if (dy) map.panBy([0, dy], { duration: 300 });
  }, [queryMarker, loaded]);

  const cancelPress = useCallback(() => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  }, []);
  const onTouchStart = useCallback(
    (e: MapLayerTouchEvent) => {
      cancelPress();
      if (!onPointQuery || e.points.length !== 1) return;
      const { lng, lat } = e.lngLat;
      press.current = {
        x: e.point.x,
        y: e.point.y,
        timer: setTimeout(() => {
          press.current = null;
          onPointQuery({ lon: lng, lat });
        }, LONG_PRESS_MS),
      };
    },
    [onPointQuery, cancelPress],
  );
  const onTouchMove = useCallback(
    (e: MapLayerTouchEvent) => {
      const p = press.current;
      if (p && (e.points.length !== 1 || Math.hypot(e.point.x - p.x, e.point.y - p.y) > 10)) cancelPress();
    },
    [cancelPress],
  );

  // The first fit comes before the camera moves: a fit with duration 0 stops a flight under way, so a
  // place chosen before the map loaded (on the facade) would otherwise be left at the home view.
  const fitted = useRef(false);
  useEffect(() => {
    const fit = props.initialFit;
    if (!loaded || !fit || fitted.current || !mapRef.current) return;
    fitted.current = true;
    const b = fit.bbox;
    mapRef.current.fitBounds([[b[0], b[1]], [b[2], b[3]]], { padding: fit.padding, duration: 0 });
  }, [loaded, props.initialFit]);

  useCameraMove(jumpTo, loaded, mapRef, (map, j) => map.jumpTo({ center: [j.view.lon, j.view.lat], zoom: j.view.zoom }));
  useCameraMove(flyTo, loaded, mapRef, (map, f) => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const options = { center: [f.lon, f.lat] as [number, number], zoom: f.zoom };
    if (reduce) map.jumpTo(options);
    else map.flyTo({ ...options, duration: 900, essential: true });
  });
  useCameraMove(fitBounds, loaded, mapRef, (map, b) => map.fitBounds([[b[0], b[1]], [b[2], b[3]]], { padding: 40, duration: 0 }));

  const onClick = useCallback(
    (e: MapLayerMouseEvent) => {
      if (!querying) return;
      onPointQuery?.({ lon: e.lngLat.lng, lat: e.lngLat.lat });
      const f = e.features?.[0];
      const key = f ? datasetKeyOfLayer(f.layer.id) : null;
      if (!f || !key) {
        onFeatureClick(null);
        return;
      }
      onFeatureClick({ key, id: f.id, properties: (f.properties ?? {}) as Record<string, unknown>, geometryType: f.geometry.type });
    },
    [onFeatureClick, onPointQuery, querying],
  );

  return (
    <>
    {!revealed && <div className="map-loading map-loading-over" role="status">Načítavam mapu…</div>}
    <Map
      id="main"
      ref={mapRef}
      workerUrl={typeof window === 'undefined' ? WORKER_URL : new URL(WORKER_URL, window.location.origin).href}
      mapStyle={mapStyle}
      locale={LOCALE}
      initialViewState={{ longitude: initialView.lon, latitude: initialView.lat, zoom: initialView.zoom }}
      style={{ position: 'absolute', inset: 0, opacity: revealed ? 1 : 0 }}
      onIdle={() => setRevealed(true)}
      attributionControl={false}
      interactiveLayerIds={interactive}
      cursor={cursor}
      onMouseEnter={() => setCursor('pointer')}
      onMouseLeave={() => setCursor('grab')}
      onClick={onClick}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={cancelPress}
      onTouchCancel={cancelPress}
      onError={(e) => {
        const id = (e as unknown as { sourceId?: string }).sourceId;
        if (id) props.onSourceError?.(id);
      }}
      onStyleData={() => {
        const map = mapRef.current;
        if (map && lazyLoaded.current.size === 0 && Object.keys(LAZY_BASEMAP_SOURCES).some((id) => map.getSource(id)) && map.getZoom() >= Math.min(...Object.values(LAZY_BASEMAP_SOURCES).map((l) => l.minZoom))) {
          setTimeout(() => mapRef.current && report(mapRef.current), 0);
        }
      }}
      onLoad={(e) => {
        window.__geoportalMap = e.target;
        setLoaded(true);
        if (mapRef.current) report(mapRef.current);
      }}
      onMoveEnd={(e: ViewStateChangeEvent) => {
        if (mapRef.current) report(mapRef.current);
        void e;
      }}
      maxZoom={20}
      // Labels appear at once instead of fading in: a fade redraws the whole map for every frame of it,
      // and each such frame is a long task on a slow phone (README "Performance").
      fadeDuration={0}
      dragRotate={false}
      touchPitch={false}
    >
      <NavigationControl position="top-right" showCompass={false} />
      <ScaleControl position="bottom-right" unit="metric" />
      {placeMarker && (
        <Marker longitude={placeMarker.lon} latitude={placeMarker.lat} anchor="bottom">
          <div className="place-marker" data-testid="place-marker" title={placeMarker.name} aria-hidden="true">
            <svg width="28" height="38" viewBox="0 0 28 38">
              <path d="M14 1C7 1 1.5 6.4 1.5 13.3 1.5 22.5 14 37 14 37s12.5-14.5 12.5-23.7C26.5 6.4 21 1 14 1z" fill="#c2185b" stroke="#fff" strokeWidth="2" />
              <circle cx="14" cy="13.5" r="4.6" fill="#fff" />
            </svg>
          </div>
        </Marker>
      )}
      {queryMarker && (
        <Marker longitude={queryMarker.lon} latitude={queryMarker.lat} anchor="center">
          <div className="query-marker" data-testid="query-marker" aria-hidden="true" />
        </Marker>
      )}
      {focus && (
        <Source id="focus" type="geojson" data={focus}>
          <Layer id="focus-fill" type="fill" paint={{ 'fill-color': '#0b5cad', 'fill-opacity': 0.08 }} />
          <Layer id="focus-line" type="line" paint={{ 'line-color': '#0b5cad', 'line-width': 2.5 }} />
        </Source>
      )}
      {layers.map(({ dataset, data, dataUrl }) => (
        <Source key={`${dataset.key}:${drawsFromTiles(dataset) ? 'tiles' : 'geojson'}`} id={sourceId(dataset.key)} {...(sourceForDataset(dataset, data, dataUrl) as SourceProps)}>
          {layersForDataset(dataset).map((l) => (
            <Layer key={l.id} {...(l as LayerProps)} />
          ))}
        </Source>
      ))}
      {props.children}
    </Map>
    </>
  );
}
