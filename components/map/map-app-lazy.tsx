'use client';
// Server pages render this: the map app runs only in the browser (MapLibre needs WebGL and the
// state lives in the URL's fragment, which a server never sees). The server renders the map's box
// at its final size with the page's text (the first screen's name and sentence, the search box's
// place: map-placeholder.tsx); the map's JavaScript is asked for only after the browser has painted
// that text, and the placeholder stays until it has arrived.
import './map.css';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { SLOVAKIA_VIEW } from '@/lib/map/url-state';
import type { MapAppProps } from './map-app';
import { MapPlaceholder } from './map-placeholder';

const MapApp = lazy(() => import('./map-app'));

/**
 * True once the browser has painted the server's HTML: a frame has been drawn and a task has run after
 * it. Set in a transition, so React renders the map app in slices that yield to the browser (a tap or
 * a keystroke is answered between them) instead of one long task.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return painted;
}

export default function MapAppLazy(props: MapAppProps) {
  const painted = useAfterFirstPaint();
  const placeholder = (
    <MapPlaceholder
      intro={props.intro}
      embedded={props.embedded}
      bare={props.bare}
      search={props.search}
      panelOpen={props.panelOpen}
      view={props.defaultView ?? SLOVAKIA_VIEW}
      datasets={props.defaultDatasets ?? []}
    />
  );
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MapApp {...props} />
    </Suspense>
  );
}
