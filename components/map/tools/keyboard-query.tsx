'use client';
// The map from the keyboard: with the map focused, Enter asks "Čo je tu?" for the map's centre,
// which a crosshair marks while the map has focus (map.css).
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';

export function KeyboardQuery({ onQuery }: { onQuery: (p: { lon: number; lat: number }) => void }) {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const canvas = map.getCanvas();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      const c = map.getCenter();
      onQuery({ lon: c.lng, lat: c.lat });
    };
    canvas.addEventListener('keydown', onKey);
    return () => canvas.removeEventListener('keydown', onKey);
  }, [map, onQuery]);
  return null;
}
