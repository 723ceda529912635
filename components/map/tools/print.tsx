'use client';
// "Tlačiť": the current view as PDF (A4/A3, portrait/landscape) or PNG, with title, legend of the
// shown layers, scale bar, north, date, the attribution of every layer and the link. Made in the
// browser from the map's own canvas (jsPDF for the PDF, with an embedded Noto Sans for Slovak
// letters); no server renders anything. Loaded on demand.
import { useState } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { metresPerPixel, pageLayout, printDate, printLegend, scaleBar, withPngText, type LegendBlock, type Orientation, type PaperSize } from '@/lib/map/print';
import type { MapDataset } from '@/lib/map/types';
import { getBytes } from '../../api-client';
import { canvasSurface, drawPrint, pdfSurface, type PrintContent } from './print-draw';
import { ToolPanel } from './tool-panel';

/** The font the PDF embeds (served from the installed package, app/api/basemap/noto-sans.ttf). */
const PRINT_FONT_URL = '/api/basemap/noto-sans.ttf';
/** PNG resolution: 150 dpi. */
const PNG_PX_PER_MM = 150 / 25.4;

type Map = NonNullable<ReturnType<typeof useMap>['main']>;

/** The map canvas as PNG, read in the frame MapLibre has just drawn (no preserveDrawingBuffer needed). */
function snapshot(map: Map): Promise<string> {
  return new Promise((resolve, reject) => {
    map.once('render', () => {
      try {
        resolve(map.getCanvas().toDataURL('image/png'));
      } catch (e) {
        reject(e);
      }
    });
    map.triggerRepaint();
  });
}

function download(blob: Blob, name: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

async function fontBase64(): Promise<string> {
  const bytes = await getBytes(PRINT_FONT_URL);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export interface PrintPanelProps {
  datasets: MapDataset[];
  /** The person's own files, as legend blocks. */
  extraLegend: LegendBlock[];
  attribution: string;
  link: string;
  onClose: () => void;
}

export function PrintPanel({ datasets, extraLegend, attribution, link, onClose }: PrintPanelProps) {
  const { main: map } = useMap();
  const [title, setTitle] = useState('Mapa – Geodáta Slovenska');
  const [size, setSize] = useState<PaperSize>('A4');
  const [orientation, setOrientation] = useState<Orientation>('landscape');
  const [status, setStatus] = useState<{ kind: 'idle' | 'busy' | 'done' | 'error'; text: string }>({ kind: 'idle', text: '' });

  const make = async (format: 'pdf' | 'png') => {
    if (!map) return;
    setStatus({ kind: 'busy', text: format === 'pdf' ? 'Pripravujem PDF…' : 'Pripravujem PNG…' });
    try {
      const canvas = map.getCanvas();
      const cssW = canvas.clientWidth;
      const cssH = canvas.clientHeight;
      const image = await snapshot(map);
      const layout = pageLayout(size, orientation, cssW / cssH);
      const c = map.getCenter();
      const content: PrintContent = {
        title: title.trim() || 'Mapa',
        date: printDate(new Date()),
        map: image,
        legend: [...printLegend(datasets), ...extraLegend],
        scale: scaleBar(metresPerPixel(c.lat, map.getZoom()) * cssW, layout.map.w),
        attribution,
        link,
      };
      if (format === 'pdf') {
        const { jsPDF } = await import('jspdf');
        const doc = new jsPDF({ unit: 'mm', format: size.toLowerCase(), orientation });
        const font = await fontBase64();
        doc.addFileToVFS('NotoSans.ttf', font);
        doc.addFont('NotoSans.ttf', 'NotoSans', 'normal');
        doc.addFont('NotoSans.ttf', 'NotoSans', 'bold');
        doc.setProperties({ title: content.title, subject: `Legenda: ${content.legend.map((b) => b.title).join(', ')}`, author: 'Geodáta Slovenska', keywords: attribution });
        drawPrint(pdfSurface(doc, 'NotoSans'), layout, content);
        download(doc.output('blob'), 'mapa.pdf');
      } else {
        const img = new Image();
        img.src = image;
        await img.decode();
        const out = document.createElement('canvas');
        out.width = Math.round(layout.width * PNG_PX_PER_MM);
        out.height = Math.round(layout.height * PNG_PX_PER_MM);
        drawPrint(canvasSurface(out.getContext('2d')!, PNG_PX_PER_MM, new Map([[image, img]])), layout, content);
        const blob = await new Promise<Blob | null>((r) => out.toBlob(r, 'image/png'));
        if (!blob) throw new Error('toBlob');
        const legend = content.legend.map((b) => `${b.title}: ${b.rows.map((r) => r.label).join(', ')}`).join('\n');
        const png = withPngText(new Uint8Array(await blob.arrayBuffer()), { Title: content.title, Description: `Legenda:\n${legend}`, Copyright: attribution, Source: link, 'Creation Time': content.date });
        download(new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'mapa.png');
      }
      setStatus({ kind: 'done', text: format === 'pdf' ? 'PDF je stiahnuté.' : 'PNG je stiahnutý.' });
    } catch {
      setStatus({ kind: 'error', text: 'Mapu sa nepodarilo vytlačiť (prehliadač nepovolil čítať obraz mapy alebo chýba písmo). Skúste inú podkladovú mapu alebo obnovte stránku.' });
    }
  };

  return (
    <ToolPanel title="Tlačiť" onClose={onClose} testId="print-panel">
      <label className="small tool-field">
        Nadpis
        <input value={title} onChange={(e) => setTitle(e.target.value)} data-testid="print-title" />
      </label>
      <div className="tool-row">
        <label className="small tool-field">
          Formát
          <select value={size} onChange={(e) => setSize(e.target.value as PaperSize)} data-testid="print-size">
            <option value="A4">A4</option>
            <option value="A3">A3</option>
          </select>
        </label>
        <label className="small tool-field">
          Orientácia
          <select value={orientation} onChange={(e) => setOrientation(e.target.value as Orientation)} data-testid="print-orientation">
            <option value="landscape">na šírku</option>
            <option value="portrait">na výšku</option>
          </select>
        </label>
      </div>
      <p className="small muted">Vytlačí sa aktuálny výrez mapy s legendou, mierkou, severkou, dátumom, zdrojmi a odkazom.</p>
      <div className="tool-actions">
        <button type="button" className="button" disabled={status.kind === 'busy'} onClick={() => void make('pdf')} data-testid="print-pdf">
          Stiahnuť PDF
        </button>
        <button type="button" className="button secondary" disabled={status.kind === 'busy'} onClick={() => void make('png')} data-testid="print-png">
          Stiahnuť PNG
        </button>
      </div>
      <p className={`small${status.kind === 'error' ? ' error' : ''}`} role="status" data-testid="print-status">
        {status.text}
      </p>
    </ToolPanel>
  );
}
