'use client';
// "Vlastný súbor": KML, KMZ, GPX and GeoJSON from the device, read in the browser and never sent to
// the server; drawn with a legend entry, zoomed to, and "Čo je tu?" answers on top of them (the
// features under a click are listed in the panel). Loaded on demand.
import { useEffect, useRef } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { OWN_FILE_ACCEPT, ownFeatureTitle, type OwnFile } from '@/lib/map/own-files';
import { formatCount } from '@/lib/map/format';
import { ToolPanel } from './tool-panel';

/** Layer ids of one file (fill, line, circle). */
function ownLayerIds(file: Pick<OwnFile, 'id'>): string[] {
  return ['fill', 'line', 'circle'].map((k) => `own-${file.id}-${k}`);
}

export interface OwnHit {
  file: string;
  title: string;
  description?: string;
}

/** The files on the map; a new `fitTo` zooms to it; a click reports the own features under it. */
export function OwnFilesLayer({ files, fitTo, onHits }: { files: OwnFile[]; fitTo: { bbox: [number, number, number, number]; seq: number } | null; onHits: (point: [number, number], hits: OwnHit[]) => void }) {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map || !fitTo) return;
    const [w, s, e, n] = fitTo.bbox;
    map.fitBounds([[w, s], [e, n]], { padding: 60, maxZoom: 17, duration: 0 });
  }, [map, fitTo]);
  const filesRef = useRef(files);
  useEffect(() => {
    filesRef.current = files;
  }, [files]);
  useEffect(() => {
    if (!map) return;
    const onClick = (e: { point: { x: number; y: number }; lngLat: { lng: number; lat: number } }) => {
      const byLayer = new Map(filesRef.current.flatMap((f) => ownLayerIds(f).map((id) => [id, f] as const)));
      const layers = [...byLayer.keys()].filter((id) => map.getLayer(id));
      if (!layers.length) return;
      const { x, y } = e.point;
      const found = map.queryRenderedFeatures([[x - 6, y - 6], [x + 6, y + 6]], { layers });
      const hits = found.map((f) => {
        const file = byLayer.get(f.layer.id)!;
        const description = f.properties?.description;
        return { file: file.name, title: ownFeatureTitle(f as unknown as GeoJSON.Feature, file), description: typeof description === 'string' ? description.replace(/<[^>]*>/g, ' ').trim() : undefined };
      });
      onHits([e.lngLat.lng, e.lngLat.lat], hits.filter((h, i) => hits.findIndex((o) => o.file === h.file && o.title === h.title) === i));
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, onHits]);
  return (
    <>
      {files.map((f) => {
        const [fill, line, circle] = ownLayerIds(f);
        return (
          <Source key={f.id} id={`own-${f.id}`} type="geojson" data={f.data}>
            <Layer id={fill} type="fill" filter={['==', ['geometry-type'], 'Polygon']} paint={{ 'fill-color': f.color, 'fill-opacity': 0.2 }} />
            <Layer id={line} type="line" filter={['!=', ['geometry-type'], 'Point']} paint={{ 'line-color': f.color, 'line-width': 3 }} />
            <Layer id={circle} type="circle" filter={['==', ['geometry-type'], 'Point']} paint={{ 'circle-radius': 6, 'circle-color': f.color, 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 }} />
          </Source>
        );
      })}
    </>
  );
}

export function OwnFilesPanel({
  files,
  errors,
  onOpen,
  onRemove,
  onZoom,
  onClose,
}: {
  files: OwnFile[];
  errors: string[];
  onOpen: (files: File[]) => void;
  onRemove: (id: string) => void;
  onZoom: (file: OwnFile) => void;
  onClose: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <ToolPanel title="Vlastný súbor" onClose={onClose} testId="files-panel">
      <p className="small">
        Zobrazte na mape vlastný súbor KML, KMZ, GPX alebo GeoJSON: vyberte ho alebo ho pretiahnite na mapu. <strong>Súbor sa nikam neodosiela</strong>, číta ho len váš prehliadač a po zatvorení stránky zmizne.
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={OWN_FILE_ACCEPT}
        className="visually-hidden"
        onChange={(e) => {
          onOpen([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
        data-testid="files-input"
        aria-label="Vyberte súbor KML, KMZ, GPX alebo GeoJSON"
      />
      <button type="button" className="button" onClick={() => input.current?.click()}>
        Vybrať súbor…
      </button>
      {errors.map((m) => (
        <p key={m} className="error small" role="alert" data-testid="files-error">
          {m}
        </p>
      ))}
      {files.length > 0 && (
        <ul className="own-files" data-testid="files-list">
          {files.map((f) => (
            <li key={f.id} data-testid="files-item">
              <span className="swatch" style={{ background: f.color }} aria-hidden="true" />
              <span className="own-file-name">
                {f.name} <span className="muted small">· {f.kind}, {formatCount(f.count, 'objekt', 'objekty', 'objektov')}</span>
              </span>
              <button type="button" className="link-button small" onClick={() => onZoom(f)}>
                Priblížiť
              </button>
              <button type="button" className="icon-button" onClick={() => onRemove(f.id)} aria-label={`Odstrániť ${f.name}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </ToolPanel>
  );
}
