'use client';
// The MapLibre shell: draws the basemap style and the layers it is handed, reports view changes
// and clicked objects. It holds no portal logic; layers come from lib/map/layers.ts.
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Map, { Layer, NavigationControl, ScaleControl, Source, type MapRef } from 'react-map-gl/maplibre';
import type { LayerProps, MapLayerMouseEvent, SourceProps, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import type { StyleSpecification } from 'maplibre-gl';
import { LAZY_BASEMAP_SOURCES } from '@/lib/basemap/style';
import { datasetKeyOfLayer, drawsFromTiles, interactiveLayerIds, layersForDataset, sourceForDataset, sourceId } from '@/lib/map/layers';
import type { Bbox } from '@/lib/map/data-request';
import type { MapDataset, MapView } from '@/lib/map/types';

export interface CanvasLayer {
  dataset: MapDataset;
  data?: GeoJSON.FeatureCollection;
  /** The /api/data request behind `data` (large datasets are drawn from tiles with its parameters). */
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
  focus?: GeoJSON.Feature | GeoJSON.FeatureCollection | null;
  onViewChange: (view: MapView, bbox: Bbox) => void;
  onFeatureClick: (feature: ClickedFeature | null) => void;
  selected?: { key: string; id?: string | number } | null;
}

declare global {
  interface Window {
    /** The MapLibre map, for the e2e suite and for people debugging in the console. */
    __geoportalMap?: unknown;
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

/** MapLibre's worker, served by the portal (app/api/basemap/maplibre-gl-worker.mjs). */
export const WORKER_URL = '/api/basemap/maplibre-gl-worker.mjs';

export default function MapCanvas(props: CanvasProps) {
  const { mapStyle, layers, initialView, jumpTo, fitBounds, focus, onViewChange, onFeatureClick } = props;
  const mapRef = useRef<MapRef>(null);
  const [cursor, setCursor] = useState<string>('grab');
  const interactive = useMemo(() => layers.flatMap((l) => interactiveLayerIds(l.dataset)), [layers]);

  const lazyLoaded = useRef(new Set<string>());
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

  useEffect(() => {
    if (jumpTo && mapRef.current) {
      mapRef.current.jumpTo({ center: [jumpTo.view.lon, jumpTo.view.lat], zoom: jumpTo.view.zoom });
    }
  }, [jumpTo]);

  useEffect(() => {
    if (fitBounds && mapRef.current) {
      mapRef.current.fitBounds([[fitBounds[0], fitBounds[1]], [fitBounds[2], fitBounds[3]]], { padding: 40, duration: 0 });
    }
  }, [fitBounds]);

  const onClick = useCallback(
    (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      const key = f ? datasetKeyOfLayer(f.layer.id) : null;
      if (!f || !key) {
        onFeatureClick(null);
        return;
      }
      onFeatureClick({ key, id: f.id, properties: (f.properties ?? {}) as Record<string, unknown>, geometryType: f.geometry.type });
    },
    [onFeatureClick],
  );

  return (
    <Map
      ref={mapRef}
      workerUrl={typeof window === 'undefined' ? WORKER_URL : new URL(WORKER_URL, window.location.origin).href}
      mapStyle={mapStyle}
      locale={LOCALE}
      initialViewState={{ longitude: initialView.lon, latitude: initialView.lat, zoom: initialView.zoom }}
      style={{ position: 'absolute', inset: 0 }}
      attributionControl={false}
      interactiveLayerIds={interactive}
      cursor={cursor}
      onMouseEnter={() => setCursor('pointer')}
      onMouseLeave={() => setCursor('grab')}
      onClick={onClick}
      onLoad={(e) => {
        window.__geoportalMap = e.target;
        if (mapRef.current) report(mapRef.current);
      }}
      onMoveEnd={(e: ViewStateChangeEvent) => {
        if (mapRef.current) report(mapRef.current);
        void e;
      }}
      maxZoom={20}
      dragRotate={false}
      touchPitch={false}
    >
      <NavigationControl position="top-right" showCompass={false} />
      <ScaleControl position="bottom-right" unit="metric" />
      {focus && (
        <Source id="focus" type="geojson" data={focus}>
          <Layer id="focus-fill" type="fill" paint={{ 'fill-color': '#0b5cad', 'fill-opacity': 0.08 }} />
          <Layer id="focus-line" type="line" paint={{ 'line-color': '#0b5cad', 'line-width': 2.5 }} />
        </Source>
      )}
      {layers.map(({ dataset, data, dataUrl }) => (
        <Source key={`${dataset.key}:${drawsFromTiles(dataset, data) ? 'tiles' : 'geojson'}`} id={sourceId(dataset.key)} {...(sourceForDataset(dataset, data, dataUrl) as SourceProps)}>
          {layersForDataset(dataset, data).map((l) => (
            <Layer key={l.id} {...(l as LayerProps)} />
          ))}
        </Source>
      ))}
    </Map>
  );
}
