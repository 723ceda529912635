// One layout, two renderers: the printed map drawn on a jsPDF page (text stays text) or on a canvas
// (PNG), both in millimetres. Loaded on demand by the print tool.
import type { jsPDF } from 'jspdf';
import type { LegendBlock, PageLayout } from '@/lib/map/print';

export interface PrintContent {
  title: string;
  date: string;
  map: string;
  legend: LegendBlock[];
  scale: { mm: number; label: string; ratio: string };
  attribution: string;
  link: string;
}

/** What the layout needs of a renderer; sizes in mm, font sizes in points. */
export interface Surface {
  /** Draws wrapped text from its top-left corner; returns the height used. */
  text(s: string, x: number, y: number, size: number, maxWidth: number, bold?: boolean): number;
  rect(x: number, y: number, w: number, h: number, fill: string, stroke?: string): void;
  image(dataUrl: string, x: number, y: number, w: number, h: number): void;
  triangle(points: Array<[number, number]>, fill: string): void;
}

const PT = 0.3528;

export function drawPrint(s: Surface, layout: PageLayout, c: PrintContent): void {
  const { map, footer } = layout;
  s.rect(0, 0, layout.width, layout.height, '#ffffff');
  s.text(c.title, layout.title.x, layout.title.y - 6, 15, layout.width - 2 * layout.title.x, true);
  s.image(c.map, map.x, map.y, map.w, map.h);
  s.rect(map.x, map.y, map.w, map.h, 'none', '#444444');
  // Legend: the left part of the footer.
  const legendW = footer.w * 0.58;
  let y = footer.y;
  y += s.text('Legenda', footer.x, y, 10, legendW, true) + 1;
  const bottom = footer.y + footer.h;
  outer: for (const block of c.legend) {
    if (y + 4 > bottom) break;
    y += s.text(block.title, footer.x, y, 8, legendW, true) + 0.5;
    for (const row of block.rows) {
      if (y + 3.5 > bottom) {
        s.text('… (ďalšie položky na mape)', footer.x, y, 7, legendW);
        break outer;
      }
      if (row.color) s.rect(footer.x, y + 0.4, 3, 3, row.color, '#666666');
      y += Math.max(3.6, s.text(row.label, footer.x + 4.5, y, 7.5, legendW - 5));
    }
    y += 1;
  }
  // Right part: scale, north, date, link, attribution.
  const rx = footer.x + legendW + 6;
  const rw = footer.w - legendW - 6;
  let ry = footer.y;
  s.rect(rx, ry + 1, c.scale.mm / 2, 1.6, '#000000');
  s.rect(rx + c.scale.mm / 2, ry + 1, c.scale.mm / 2, 1.6, '#ffffff', '#000000');
  s.text(`${c.scale.label} (mierka ${c.scale.ratio})`, rx, ry + 3.5, 7.5, rw);
  // North: the map is never rotated, north is up.
  const nx = rx + rw - 6;
  s.triangle([[nx, ry], [nx - 2.5, ry + 7], [nx + 2.5, ry + 7]], '#000000');
  s.text('S', nx - 1, ry + 7.5, 8, 6, true);
  ry += 12;
  ry += s.text(`Dátum: ${c.date}`, rx, ry, 7.5, rw) + 1;
  ry += s.text(`Odkaz: ${c.link}`, rx, ry, 6.5, rw) + 1;
  s.text(`Zdroje: ${c.attribution}`, rx, ry, 6.5, rw);
}

/** jsPDF as a surface (mm units); `font` = the embedded font's name (Slovak diacritics). */
export function pdfSurface(doc: jsPDF, font: string): Surface {
  return {
    text(str, x, y, size, maxWidth, bold) {
      doc.setFont(font, bold ? 'bold' : 'normal');
      doc.setFontSize(size);
      const lines = doc.splitTextToSize(str, maxWidth) as string[];
      doc.text(lines, x, y + size * PT, { baseline: 'alphabetic' });
      return lines.length * size * PT * 1.2;
    },
    rect(x, y, w, h, fill, stroke) {
      if (fill !== 'none') doc.setFillColor(fill);
      if (stroke) doc.setDrawColor(stroke);
      doc.rect(x, y, w, h, fill !== 'none' && stroke ? 'FD' : fill !== 'none' ? 'F' : 'S');
    },
    image(dataUrl, x, y, w, h) {
      doc.addImage(dataUrl, 'PNG', x, y, w, h);
    },
    triangle([[x1, y1], [x2, y2], [x3, y3]], fill) {
      doc.setFillColor(fill);
      doc.triangle(x1, y1, x2, y2, x3, y3, 'F');
    },
  };
}

/** A canvas as a surface, `k` pixels per millimetre; images must be decoded beforehand (`images`). */
export function canvasSurface(ctx: CanvasRenderingContext2D, k: number, images: Map<string, HTMLImageElement>): Surface {
  const wrap = (str: string, maxWidth: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of str.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && ctx.measureText(next).width > maxWidth * k) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  return {
    text(str, x, y, size, maxWidth, bold) {
      ctx.font = `${bold ? 'bold ' : ''}${size * PT * k}px "Noto Sans", "DejaVu Sans", Arial, sans-serif`;
      ctx.fillStyle = '#000';
      ctx.textBaseline = 'alphabetic';
      const lines = wrap(str, maxWidth);
      lines.forEach((l, i) => ctx.fillText(l, x * k, (y + size * PT * (1 + i * 1.2)) * k));
      return lines.length * size * PT * 1.2;
    },
    rect(x, y, w, h, fill, stroke) {
      if (fill !== 'none') {
        ctx.fillStyle = fill;
        ctx.fillRect(x * k, y * k, w * k, h * k);
      }
      if (stroke) {
        ctx.strokeStyle = stroke;
        ctx.lineWidth = Math.max(1, 0.2 * k);
        ctx.strokeRect(x * k, y * k, w * k, h * k);
      }
    },
    image(dataUrl, x, y, w, h) {
      const img = images.get(dataUrl);
      if (img) ctx.drawImage(img, x * k, y * k, w * k, h * k);
    },
    triangle(points, fill) {
      ctx.fillStyle = fill;
      ctx.beginPath();
      points.forEach(([px, py], i) => (i ? ctx.lineTo(px * k, py * k) : ctx.moveTo(px * k, py * k)));
      ctx.closePath();
      ctx.fill();
    },
  };
}
