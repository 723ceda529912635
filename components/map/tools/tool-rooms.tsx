'use client';
// The tools' rooms, each loaded on demand (next/dynamic) so the map's first load carries only the
// tool bar: their panels (outside the map) and what they draw (inside it, as MapCanvas children).
import dynamic from 'next/dynamic';
import type { LegendBlock } from '@/lib/map/print';
import type { MapDataset } from '@/lib/map/types';
import type { OwnHit } from './own-files';
import type { MapTools } from './use-map-tools';

const MeasureLayer = dynamic(() => import('./measure').then((m) => m.MeasureLayer), { ssr: false });
const MeasurePanel = dynamic(() => import('./measure').then((m) => m.MeasurePanel), { ssr: false });
const SharePanel = dynamic(() => import('./share').then((m) => m.SharePanel), { ssr: false });
const PrintPanel = dynamic(() => import('./print').then((m) => m.PrintPanel), { ssr: false });
const OwnFilesPanel = dynamic(() => import('./own-files').then((m) => m.OwnFilesPanel), { ssr: false });
const OwnFilesLayer = dynamic(() => import('./own-files').then((m) => m.OwnFilesLayer), { ssr: false });
const LocationLayer = dynamic(() => import('./location-layer').then((m) => m.LocationLayer), { ssr: false });

/** What the tools draw on the map (rendered inside MapCanvas). */
export function ToolLayers({ tools, onOwnHits }: { tools: MapTools; onOwnHits: (point: [number, number], hits: OwnHit[]) => void }) {
  const { location, measure } = tools;
  return (
    <>
      {tools.files.length > 0 && <OwnFilesLayer files={tools.files} fitTo={tools.fitTo} onHits={onOwnHits} />}
      {tools.measuring && <MeasureLayer measure={measure} onAdd={tools.addMeasurePoint} />}
      {location.status === 'on' && <LocationLayer lon={location.lon} lat={location.lat} accuracy={location.accuracy} seq={location.seq} />}
    </>
  );
}

/** The open tool's panel. */
export function ToolPanels({ tools, datasets, attribution, link, absoluteLink }: { tools: MapTools; datasets: MapDataset[]; attribution: string; link: string; absoluteLink: string }) {
  switch (tools.active) {
    case 'measure':
      return <MeasurePanel measure={tools.measure} onChange={tools.setMeasure} onClose={tools.close} />;
    case 'share':
      return <SharePanel link={link} absolute={absoluteLink} onClose={tools.close} />;
    case 'print': {
      const extra: LegendBlock[] = tools.files.map((f) => ({ title: `Vlastný súbor: ${f.name}`, rows: [{ color: f.color, label: `${f.kind}, ${f.count} obj.` }] }));
      return <PrintPanel datasets={datasets} extraLegend={extra} attribution={attribution} link={link} onClose={tools.close} />;
    }
    case 'files':
      return <OwnFilesPanel files={tools.files} errors={tools.fileErrors} onOpen={tools.openFiles} onRemove={tools.removeFile} onZoom={tools.zoomToFile} onClose={tools.close} />;
    default:
      return null;
  }
}
