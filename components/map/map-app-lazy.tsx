'use client';
// Server pages render this: the map app runs only in the browser (MapLibre needs WebGL and the
// state lives in the URL's fragment, which a server never sees).
import dynamic from 'next/dynamic';
import type { MapAppProps } from './map-app';

const MapApp = dynamic(() => import('./map-app'), {
  ssr: false,
  loading: () => (
    <div className="map-loading" role="status">
      Načítavam mapu…
    </div>
  ),
});

export default function MapAppLazy(props: MapAppProps) {
  return <MapApp {...props} />;
}
