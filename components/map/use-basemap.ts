'use client';
// The basemap: ZBGIS by default when its tiles load (checked with one tile under the map's centre),
// the offline basemap otherwise; an online BASEMAP_STYLE_URL replaces the switcher.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { basemapStyle } from '@/lib/basemap/style';
import { BASEMAP_LABELS, BASEMAP_PROBE_TIMEOUT_MS, rasterBasemapStyle, rasterBasemaps, tileOf, tileUrl, type BasemapId } from '@/lib/map/basemaps';
import type { MapDataset, MapView } from '@/lib/map/types';

/** Failing tiles in a row after which a raster basemap counts as gone. */
const RASTER_FAILURES = 6;

export function useBasemap(datasets: MapDataset[], basemapStyleUrl: string | undefined, credit: string, view: MapView) {
  const rasters = useMemo(() => (basemapStyleUrl ? [] : rasterBasemaps(datasets)), [datasets, basemapStyleUrl]);
  const [choice, setChoice] = useState<BasemapId>(() => (rasters.some((r) => r.id === 'zbgis') ? 'zbgis' : 'offline'));
  const [active, setActive] = useState<BasemapId>('offline');
  const [note, setNote] = useState<string | null>(null);
  const rasterErrors = useRef(0);

  const choose = (id: BasemapId) => {
    setChoice(id);
    // Offline needs no probe: it is there at once. A raster waits for its probe below.
    if (id === 'offline') {
      setActive('offline');
      setNote(null);
    }
  };

  // The probe: one tile of the chosen raster basemap under the map's centre, switching to it when
  // the tile loads and staying offline (with a note) when it fails or takes too long.
  useEffect(() => {
    const raster = rasters.find((r) => r.id === choice);
    if (!raster) return;
    let done = false;
    const img = new Image();
    const fail = () => {
      if (done) return;
      done = true;
      img.src = '';
      setActive('offline');
      setNote(`${BASEMAP_LABELS[choice]} sa nenačítala (služba ÚGKK SR je nedostupná); zobrazuje sa offline podkladová mapa.`);
    };
    const timer = setTimeout(fail, BASEMAP_PROBE_TIMEOUT_MS);
    img.onload = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      rasterErrors.current = 0;
      setActive(choice);
      setNote(null);
    };
    img.onerror = () => {
      clearTimeout(timer);
      fail();
    };
    img.src = tileUrl(raster.tiles[0], tileOf(view.lon, view.lat, Math.max(raster.minZoom ?? 7, Math.min(raster.maxZoom ?? 18, Math.round(view.zoom)))));
    return () => {
      done = true;
      clearTimeout(timer);
    };
    // The probe runs when the choice changes, not on every move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choice, rasters]);

  const onSourceError = useCallback(
    (sourceId: string) => {
      if (sourceId !== 'basemap-raster' || active === 'offline') return;
      // A few failing tiles happen; a run of them means the service went away.
      if (++rasterErrors.current >= RASTER_FAILURES) {
        setActive('offline');
        setNote(`${BASEMAP_LABELS[active]} prestala odpovedať; zobrazuje sa offline podkladová mapa.`);
      }
    },
    [active],
  );

  const activeRaster = rasters.find((r) => r.id === active);
  /** What the map shows now (the switcher's `data-active`). */
  const shown: BasemapId = activeRaster?.id ?? 'offline';
  const mapStyle = useMemo<string | StyleSpecification>(
    () =>
      activeRaster
        ? rasterBasemapStyle(activeRaster, window.location.origin, credit)
        : basemapStyle(basemapStyleUrl, window.location.origin, credit),
    [activeRaster, basemapStyleUrl, credit],
  );
  /** The options the switcher offers, in its order. */
  const options = (['zbgis', 'ortofoto', 'offline'] as BasemapId[]).filter((id) => id === 'offline' || rasters.some((r) => r.id === id));
  /** The basemap's credit for the attribution line. */
  const attribution = basemapStyleUrl ? 'Podkladová mapa: online štýl' : activeRaster ? `Podkladová mapa: ${activeRaster.attribution}` : credit;

  return {
    /** False when an online style replaces the switcher (or no raster basemap is in the catalog). */
    switchable: rasters.length > 0,
    choice,
    active: shown,
    options,
    choose,
    note,
    dismissNote: () => setNote(null),
    onSourceError,
    mapStyle,
    attribution,
  };
}
