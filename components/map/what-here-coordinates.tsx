'use client';
// The point of "Čo je tu?" in WGS84 (decimal, degrees-minutes-seconds) and S-JTSK (EPSG:5514 and the
// cadastre's Y, X), each with a copy button. Loaded with the panel on demand (proj4 stays out of the
// map's first load).
import { SJTSK_NOTE, pointNotations } from '@/lib/map/point-notations';
import { CopyButton } from './tools/tool-panel';

export default function WhatHereCoordinates({ lon, lat }: { lon: number; lat: number }) {
  return (
    <div className="what-here-coordinates" data-testid="what-here-coordinates">
      <dl>
        {pointNotations(lon, lat).map((n) => (
          <div key={n.key} data-testid={`coordinates-${n.key}`}>
            <dt>{n.label}</dt>
            <dd>
              <code data-testid={`coordinates-${n.key}-text`}>{n.text}</code>
              <CopyButton text={n.text} label={`Kopírovať ${n.label}`} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted small">{SJTSK_NOTE}</p>
    </div>
  );
}
