'use client';
// "Moja poloha" on the map: the position with its accuracy circle; each new position is zoomed to.
import { useEffect } from 'react';
import { Layer, Marker, Source, useMap } from 'react-map-gl/maplibre';
import { circleRing } from '@/lib/map/measure';

export function LocationLayer({ lon, lat, accuracy, seq }: { lon: number; lat: number; accuracy: number; seq: number }) {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const ring = circleRing([lon, lat], Math.max(accuracy, 5));
    const lons = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    map.fitBounds([[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]], { padding: 80, maxZoom: 17, duration: 0 });
    // Only a new position moves the map (seq), not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, seq]);
  const circle: GeoJSON.Feature = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [circleRing([lon, lat], Math.max(accuracy, 1))] } };
  return (
    <>
      <Source id="my-location" type="geojson" data={circle}>
        <Layer id="my-location-accuracy" type="fill" paint={{ 'fill-color': '#1a73e8', 'fill-opacity': 0.15 }} />
        <Layer id="my-location-accuracy-line" type="line" paint={{ 'line-color': '#1a73e8', 'line-width': 1.5 }} />
      </Source>
      <Marker longitude={lon} latitude={lat} anchor="center">
        <div className="my-location" data-testid="my-location" data-accuracy={Math.round(accuracy)} title="Moja poloha" aria-hidden="true" />
      </Marker>
    </>
  );
}
