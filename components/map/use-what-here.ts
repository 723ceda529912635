'use client';
// The "Čo je tu?" question of the map: the open point (in the map's state, so the link carries it
// as `?bod=`), the purpose asked, closing with Escape from anywhere and focus going back where the
// question came from.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { ALL_PURPOSE } from '@/lib/map/citizen';
import type { MapState } from '@/lib/map/url-state';

export type LonLat = { lon: number; lat: number };

export function useWhatHere(state: MapState, setState: Dispatch<SetStateAction<MapState>>) {
  const point = state.point ?? null;
  const ask = useCallback((p: LonLat | null) => setState((s) => ({ ...s, point: p })), [setState]);
  // The panel starts on "všetko": every dataset that can answer at the point, until the person chooses.
  const [purpose, setPurpose] = useState<string>(ALL_PURPOSE);
  /** The place search's "Čo je tu?" button, when it asked. */
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** The map region, whose canvas gets the focus back otherwise. */
  const canvasRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    ask(null);
    // Focus goes back where the question came from: the button after a search, else the map.
    setTimeout(() => {
      if (buttonRef.current) buttonRef.current.focus();
      else canvasRef.current?.querySelector<HTMLElement>('canvas')?.focus();
    }, 0);
  }, [ask]);

  // Escape closes the panel from anywhere on the page while it is open.
  const open = point !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  return { point, ask, close, purpose, setPurpose, buttonRef, canvasRef };
}
