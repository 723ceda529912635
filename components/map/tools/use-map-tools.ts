'use client';
// The tools' state, held by the map so that what they draw outlives their panels: which panel is
// open (one at a time), the measurement, the person's own files and the location. The tools' code
// itself loads on demand (tool-rooms.tsx); this hook is all the first load carries.
import { useCallback, useState } from 'react';
import type { LonLat, MeasureMode } from '@/lib/map/measure';
import type { OwnFile } from '@/lib/map/own-files';
import { useLocate } from './use-locate';

export type ToolId = 'measure' | 'share' | 'print' | 'files';

export interface Measure {
  mode: MeasureMode;
  points: LonLat[];
}

export function useMapTools() {
  const [active, setActive] = useState<ToolId | null>(null);
  const [measure, setMeasure] = useState<Measure>({ mode: 'line', points: [] });
  const [files, setFiles] = useState<OwnFile[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [fitTo, setFitTo] = useState<{ bbox: OwnFile['bbox']; seq: number } | null>(null);
  const { location, locate, clear: clearLocation } = useLocate();

  /** Opens a tool's panel, or closes it when it is open; closing the measure tool removes the measurement. */
  const toggle = (id: ToolId) => {
    if (active === 'measure') setMeasure((m) => ({ ...m, points: [] }));
    setActive(active === id ? null : id);
  };
  const close = useCallback(() => {
    setMeasure((m) => ({ ...m, points: [] }));
    setActive(null);
  }, []);
  const addMeasurePoint = useCallback((p: LonLat) => setMeasure((m) => ({ ...m, points: [...m.points, p] })), []);

  /** Reads files from the device (the picker or a drop), in the browser only; the reader loads on demand. */
  const openFiles = useCallback(
    async (list: File[]) => {
      if (!list.length) return;
      const { readOwnFile, OwnFileError } = await import('@/lib/map/own-files');
      const added: OwnFile[] = [];
      const errors: string[] = [];
      for (const file of list) {
        try {
          added.push(readOwnFile(file.name, new Uint8Array(await file.arrayBuffer()), files.length + added.length));
        } catch (e) {
          errors.push(e instanceof OwnFileError ? e.message : `Súbor „${file.name}“ sa nedá prečítať.`);
        }
      }
      setFiles((f) => [...f, ...added]);
      setFileErrors(errors);
      setActive('files');
      const last = added[added.length - 1];
      if (last) setFitTo((z) => ({ bbox: last.bbox, seq: (z?.seq ?? 0) + 1 }));
    },
    [files.length],
  );

  return {
    active,
    toggle,
    close,
    measuring: active === 'measure',
    measure,
    setMeasure,
    addMeasurePoint,
    files,
    fileErrors,
    openFiles,
    removeFile: (id: string) => setFiles((f) => f.filter((x) => x.id !== id)),
    zoomToFile: (f: OwnFile) => setFitTo((z) => ({ bbox: f.bbox, seq: (z?.seq ?? 0) + 1 })),
    fitTo,
    location,
    locate,
    clearLocation,
  };
}

export type MapTools = ReturnType<typeof useMapTools>;
