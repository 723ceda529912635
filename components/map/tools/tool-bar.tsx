'use client';
// The map's tools: one column of buttons under the zoom buttons on a desktop, one "Nástroje" menu on
// a phone so the map stays visible. The accessible names are fixed interfaces (e2e, help pages):
// "Moja poloha", "Merať", "Zdieľať", "Tlačiť", "Vlastný súbor" (and "Nahlásiť problém" after them).
import { useState } from 'react';
import { ReportProblem } from '@/components/site/report-problem';
import type { Location } from './use-locate';
import type { ToolId } from './use-map-tools';

const ICONS: Record<ToolId | 'locate', string> = {
  locate: 'M12 2v3M12 19v3M2 12h3M19 12h3M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 3.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z',
  measure: 'M3 17 17 3l4 4L7 21zM7 13l2 2M10 10l2 2M13 7l2 2',
  share: 'M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  print: 'M6 9V3h12v6M6 18H4v-7h16v7h-2M7 14h10v7H7z',
  files: 'M6 2h8l5 5v15H6zM14 2v5h5M9 14h6M12 11v6',
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export interface ToolBarProps {
  active: ToolId | null;
  onTool: (id: ToolId) => void;
  location: Location;
  onLocate: () => void;
  /** Tools an embedded map leaves out ("Nahlásiť problém" stays unless `only` is given). */
  only?: ReadonlyArray<ToolId | 'locate'>;
  /** The one dataset the map shows, if one: a report starts about it. */
  reportDataset?: string;
}

export function ToolBar({ active, onTool, location, onLocate, only, reportDataset }: ToolBarProps) {
  // The phone's menu; on a desktop the list is always shown (map.css).
  const [open, setOpen] = useState(false);
  const tools: Array<{ id: ToolId | 'locate'; label: string; pressed: boolean; onClick: () => void }> = [
    { id: 'locate', label: 'Moja poloha', pressed: location.status === 'on' || location.status === 'asking', onClick: onLocate },
    { id: 'measure', label: 'Merať', pressed: active === 'measure', onClick: () => onTool('measure') },
    { id: 'share', label: 'Zdieľať', pressed: active === 'share', onClick: () => onTool('share') },
    { id: 'print', label: 'Tlačiť', pressed: active === 'print', onClick: () => onTool('print') },
    { id: 'files', label: 'Vlastný súbor', pressed: active === 'files', onClick: () => onTool('files') },
  ];
  const shown = tools.filter((t) => !only || only.includes(t.id));
  return (
    <nav className={`map-tools${open ? ' open' : ''}`} aria-label="Nástroje mapy" data-testid="map-tools">
      <button type="button" className="map-tools-toggle" aria-expanded={open} aria-controls="map-tools-list" onClick={() => setOpen((o) => !o)} data-testid="map-tools-toggle">
        <Icon d="M4 6h16M4 12h16M4 18h16" />
        <span className="visually-hidden">Nástroje</span>
      </button>
      <ul id="map-tools-list" className="map-tools-list">
        {shown.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className="map-tool"
              aria-pressed={t.pressed}
              title={t.label}
              onClick={() => {
                setOpen(false);
                t.onClick();
              }}
              data-testid={`tool-${t.id}`}
            >
              <Icon d={ICONS[t.id]} />
              <span className="map-tool-label">{t.label}</span>
            </button>
          </li>
        ))}
        {!only && (
          <li>
            <ReportProblem variant="tool" dataset={reportDataset} kind="site" testId="tool-report" onOpen={() => setOpen(false)} />
          </li>
        )}
      </ul>
    </nav>
  );
}
