// Printing the map (the "Tlačiť" tool): the page layout in millimetres, the legend rows of the shown
// layers, the scale bar, and the PNG's text chunks. Pure; the tool draws the layout with jsPDF (PDF)
// or a canvas (PNG) in the browser, from the map's own canvas, with no server renderer.
import { presentationView } from './catalog';
import { legendForDataset, swatchColor } from './colors';
import { formatNumber } from './format';
import type { MapDataset } from './types';

export type PaperSize = 'A4' | 'A3';
export type Orientation = 'portrait' | 'landscape';

const PAPER: Record<PaperSize, [number, number]> = { A4: [210, 297], A3: [297, 420] };
/** Margin and the band under the map for legend, scale, north, date, link and attribution (mm). */
const MARGIN = 10;
const HEADER = 14;
const FOOTER = 58;

export interface PageLayout {
  width: number;
  height: number;
  title: { x: number; y: number };
  map: { x: number; y: number; w: number; h: number };
  footer: { x: number; y: number; w: number; h: number };
}

/** Where things go on the page; the map box keeps the map's aspect ratio (`aspect` = width / height). */
export function pageLayout(size: PaperSize, orientation: Orientation, aspect: number): PageLayout {
  const [a, b] = PAPER[size];
  const [width, height] = orientation === 'portrait' ? [a, b] : [b, a];
  const boxW = width - 2 * MARGIN;
  const boxH = height - 2 * MARGIN - HEADER - FOOTER;
  const w = Math.min(boxW, boxH * aspect);
  const h = w / aspect;
  return {
    width,
    height,
    title: { x: MARGIN, y: MARGIN + 7 },
    map: { x: MARGIN + (boxW - w) / 2, y: MARGIN + HEADER, w, h },
    footer: { x: MARGIN, y: MARGIN + HEADER + h + 4, w: boxW, h: FOOTER - 4 },
  };
}

export interface LegendBlock {
  title: string;
  rows: Array<{ color?: string; label: string }>;
}

/** The legend of the shown layers as rows of swatch + label (gradients by their two ends). */
export function printLegend(datasets: MapDataset[]): LegendBlock[] {
  return datasets.map((d) => {
    if (d.source.type === 'raster') {
      const p = d.presentation as { legend?: Array<{ label: string; color?: string }> };
      const rows = Array.isArray(p.legend) && p.legend.length ? p.legend.map((e) => ({ color: e.color, label: e.label })) : [{ label: 'rastrová vrstva (legenda v zdroji)' }];
      return { title: d.title, rows };
    }
    const entry = legendForDataset(d);
    const title = entry?.title ? `${d.title} – ${entry.title}` : d.title;
    if (!entry) return { title, rows: [{ color: swatchColor(presentationView(d.presentation).color), label: 'objekty' }] };
    if (entry.kind === 'swatches') return { title, rows: entry.items };
    if (entry.kind === 'gradient') {
      const first = entry.stops[0];
      const last = entry.stops[entry.stops.length - 1];
      return { title, rows: first && last ? [{ color: first[1], label: formatNumber(first[0]) }, { color: last[1], label: formatNumber(last[0]) }] : [] };
    }
    const rows = [{ color: entry.below, label: `pod ${formatNumber(entry.stops[0]?.[0])}` }];
    entry.stops.forEach(([v, c], i) => rows.push({ color: c, label: i + 1 < entry.stops.length ? `${formatNumber(v)} – ${formatNumber(entry.stops[i + 1][0])}` : `od ${formatNumber(v)}` }));
    return { title, rows };
  });
}

/** Metres per CSS pixel of a MapLibre map (512-pixel tiles) at a latitude and zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom);
}

/** A scale bar for a map `mapMm` wide showing `groundMetres`: a round length (1, 2, 5 × 10ⁿ) at most `maxMm` long. */
export function scaleBar(groundMetres: number, mapMm: number, maxMm = 40): { metres: number; mm: number; label: string; ratio: string } {
  const perMm = groundMetres / mapMm;
  const most = perMm * maxMm;
  const pow = 10 ** Math.floor(Math.log10(most));
  const metres = [5, 2, 1].map((k) => k * pow).find((m) => m <= most) ?? pow;
  const label = metres >= 1000 ? `${formatNumber(metres / 1000)} km` : `${formatNumber(metres)} m`;
  const n = perMm * 1000;
  const round = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return { metres, mm: metres / perMm, label, ratio: `1 : ${formatNumber(Math.round(n / round) * round)}` };
}

/** "28. 11. 2026": the print date, the Slovak way. */
export function printDate(d: Date): string {
  return `${d.getDate()}. ${d.getMonth() + 1}. ${d.getFullYear()}`;
}

// PNG text chunks (iTXt, UTF-8): the PNG carries its title, legend, attribution and link as text.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function itxtChunk(keyword: string, text: string): Uint8Array {
  const enc = new TextEncoder();
  const data = new Uint8Array([...enc.encode(keyword), 0, 0, 0, 0, 0, ...enc.encode(text)]);
  const type = enc.encode('iTXt');
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(type, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The PNG with iTXt chunks (`Title`, `Description`, `Copyright`, `Source`…) inserted after its header chunk. */
export function withPngText(png: Uint8Array, texts: Record<string, string>): Uint8Array {
  const ihdrEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8);
  const chunks = Object.entries(texts).map(([k, v]) => itxtChunk(k, v));
  const out = new Uint8Array(png.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(png.subarray(0, ihdrEnd), 0);
  let at = ihdrEnd;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(ihdrEnd), at);
  return out;
}

/** The text chunks of a PNG (iTXt and tEXt), for tests and for anyone reading the file. */
export function pngText(png: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const dec = new TextDecoder();
  for (let at = 8; at + 8 <= png.length; ) {
    const len = view.getUint32(at);
    const type = dec.decode(png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'iTXt' || type === 'tEXt') {
      const zero = data.indexOf(0);
      const keyword = dec.decode(data.subarray(0, zero));
      if (type === 'tEXt') out[keyword] = dec.decode(data.subarray(zero + 1));
      else {
        let p = zero + 3;
        p = data.indexOf(0, p) + 1;
        p = data.indexOf(0, p) + 1;
        out[keyword] = dec.decode(data.subarray(p));
      }
    }
    at += 12 + len;
  }
  return out;
}
