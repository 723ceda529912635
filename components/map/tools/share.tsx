'use client';
// "Zdieľať": the map's link (copy), its QR code, and the <iframe> code of the chrome-less embedded
// map with the same state, for a municipality's own site. Loaded on demand (the QR encoder).
import Link from 'next/link';
import { useState } from 'react';
import { encode } from 'uqr';
import { embedCode, embedUrl } from '@/lib/map/share';
import { CopyField, ToolPanel } from './tool-panel';

/** The QR code as SVG squares (uqr's module matrix; quiet zone included). */
function QrCode({ text }: { text: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => row.forEach((on, x) => on && cells.push(`M${x} ${y}h1v1h-1z`)));
  return (
    <svg className="share-qr" viewBox={`0 0 ${size} ${size}`} width="180" height="180" role="img" aria-label="QR kód odkazu na mapu" data-testid="share-qr" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}

/** `link` = the current page's address; `absolute` = the same map as a link to the full map (`/?…#…`). */
export function SharePanel({ link, absolute, onClose }: { link: string; absolute: string; onClose: () => void }) {
  const [search, setSearch] = useState(false);
  const src = embedUrl(absolute, { search });
  return (
    <ToolPanel title="Zdieľať" onClose={onClose} testId="share-panel">
      <CopyField label="Odkaz na túto mapu" value={link} testId="share-link" />
      <QrCode text={link} />
      <h3 className="tool-subhead">Vložiť mapu na vlastnú stránku</h3>
      <p className="small muted">
        Obce a ďalší správcovia webov vložia kód do svojej stránky; ukáže túto mapu bez katalógu, s legendou a zdrojmi. <Link href="/dokumentacia/pre-poskytovatelov#mapa-portalu-na-vlastnej-stranke">Návod</Link>
      </p>
      <label className="small tool-check">
        <input type="checkbox" checked={search} onChange={(e) => setSearch(e.target.checked)} data-testid="share-embed-search" /> s hľadaním miesta
      </label>
      <CopyField label="Kód na vloženie (iframe)" value={embedCode(src, { width: '100%', height: '480' })} multiline testId="share-embed-code" />
    </ToolPanel>
  );
}
