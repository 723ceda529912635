'use client';
// "Merať": distance (a polyline) and area (a polygon) on the ellipsoid, the figures on the map and
// in the panel; a click or a tap adds a corner. Loaded on demand (GeographicLib).
import { useEffect } from 'react';
import { Layer, Marker, Source, useMap } from 'react-map-gl/maplibre';
import { measurement, type LonLat, type MeasureMode } from '@/lib/map/measure';
import { ToolPanel } from './tool-panel';
import type { Measure } from './use-map-tools';

function measureGeoJson({ mode, points }: Measure): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = points.map((p) => ({ type: 'Feature', properties: { kind: 'corner' }, geometry: { type: 'Point', coordinates: p } }));
  if (mode === 'area' && points.length >= 3) {
    features.push({ type: 'Feature', properties: { kind: 'area' }, geometry: { type: 'Polygon', coordinates: [[...points, points[0]]] } });
  } else if (points.length >= 2) {
    features.push({ type: 'Feature', properties: { kind: 'line' }, geometry: { type: 'LineString', coordinates: points } });
  }
  return { type: 'FeatureCollection', features };
}

/** The measurement drawn on the map; while the tool is open a click adds a corner. */
export function MeasureLayer({ measure, onAdd }: { measure: Measure; onAdd: (p: LonLat) => void }) {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const onClick = (e: { lngLat: { lng: number; lat: number } }) => onAdd([e.lngLat.lng, e.lngLat.lat]);
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, onAdd]);
  const m = measurement(measure.mode, measure.points);
  const last = measure.points[measure.points.length - 1];
  return (
    <>
      <Source id="measure" type="geojson" data={measureGeoJson(measure)}>
        <Layer id="measure-fill" type="fill" filter={['==', ['get', 'kind'], 'area']} paint={{ 'fill-color': '#f0a500', 'fill-opacity': 0.2 }} />
        <Layer id="measure-line" type="line" filter={['!=', ['get', 'kind'], 'corner']} paint={{ 'line-color': '#7a4f00', 'line-width': 3, 'line-dasharray': [2, 1] }} />
        <Layer id="measure-corners" type="circle" filter={['==', ['get', 'kind'], 'corner']} paint={{ 'circle-radius': 5, 'circle-color': '#fff', 'circle-stroke-color': '#7a4f00', 'circle-stroke-width': 2 }} />
      </Source>
      {m.segments.map((s, i) => (
        <Marker key={i} longitude={s.at[0]} latitude={s.at[1]} anchor="bottom-left" offset={[6, -6]}>
          <span className="measure-label">{s.text}</span>
        </Marker>
      ))}
      {measure.mode === 'area' && last && measure.points.length >= 3 && (
        <Marker longitude={last[0]} latitude={last[1]} anchor="bottom-left" offset={[6, -6]}>
          <span className="measure-label">{m.total}</span>
        </Marker>
      )}
    </>
  );
}

export function MeasurePanel({ measure, onChange, onClose }: { measure: Measure; onChange: (m: Measure) => void; onClose: () => void }) {
  const m = measurement(measure.mode, measure.points);
  const setMode = (mode: MeasureMode) => onChange({ mode, points: measure.points });
  return (
    <ToolPanel title="Merať" onClose={onClose} testId="measure-panel">
      <fieldset className="tool-choice">
        <legend className="visually-hidden">Čo merať</legend>
        <label>
          <input type="radio" name="measure-mode" checked={measure.mode === 'line'} onChange={() => setMode('line')} /> Vzdialenosť
        </label>
        <label>
          <input type="radio" name="measure-mode" checked={measure.mode === 'area'} onChange={() => setMode('area')} /> Plocha
        </label>
      </fieldset>
      <p className="small muted">
        {measure.mode === 'line' ? 'Kliknite alebo ťuknite na mapu v bodoch trasy.' : 'Kliknite alebo ťuknite na mapu v rohoch plochy (aspoň tri).'} Meria sa po elipsoide WGS84 (geodeticky).
      </p>
      <p className="measure-total" aria-live="polite">
        {measure.mode === 'line' ? 'Dĺžka' : 'Výmera'}: <strong data-testid="measure-total">{m.total}</strong>
        {m.detail && <span className="muted small"> ({m.detail})</span>}
      </p>
      <div className="tool-actions">
        <button type="button" className="button secondary" disabled={!measure.points.length} onClick={() => onChange({ ...measure, points: measure.points.slice(0, -1) })}>
          Späť
        </button>
        <button type="button" className="button secondary" disabled={!measure.points.length} onClick={() => onChange({ ...measure, points: [] })} data-testid="measure-clear">
          Zmazať meranie
        </button>
      </div>
    </ToolPanel>
  );
}
