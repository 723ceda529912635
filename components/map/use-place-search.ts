'use client';
// The place search's state: suggestions from GET /api/places, debounced, each request aborted when
// the text changes and stale answers discarded; the combobox's keyboard (arrows, Enter, Escape).
import { useEffect, useRef, useState } from 'react';
import { refusalText } from '@/lib/map/messages';
import type { Place } from '@/lib/places/schema';
import { api } from '../api-client';

/** Pause after the last keystroke before a request. */
const SEARCH_DEBOUNCE_MS = 200;
const MAX_SUGGESTIONS = 8;

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done' } | { kind: 'error'; message: string };

export function usePlaceSearch(onPick: (place: Place) => void) {
  const [text, setText] = useState('');
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const seq = useRef(0);
  const ctrl = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Stops the pending debounce and the request in flight; a later answer of it is dropped. */
  const cancelSearch = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    ctrl.current?.abort();
    return ++seq.current;
  };

  // The text changes only by typing, picking, Escape and the clear button, so the search starts
  // in those handlers rather than in an effect watching the text.
  const changeText = (next: string) => {
    setText(next);
    const mine = cancelSearch();
    const q = next.trim();
    if (q.length < 2) {
      setPlaces([]);
      setOpen(false);
      setStatus({ kind: 'idle' });
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      const c = new AbortController();
      ctrl.current = c;
      setStatus({ kind: 'loading' });
      api
        .places(q, MAX_SUGGESTIONS, c.signal)
        .then((r) => {
          if (mine !== seq.current) return; // a newer text is on its way
          if (!r.ok || !r.data.places) {
            setPlaces([]);
            setStatus({ kind: 'error', message: r.ok ? `Vyhľadávanie zlyhalo (HTTP ${r.status}).` : `Vyhľadávanie zlyhalo. ${refusalText(r)}` });
            setOpen(true);
            return;
          }
          setPlaces(r.data.places);
          setActive(-1);
          setOpen(true);
          setStatus({ kind: 'done' });
        })
        .catch((e: Error) => {
          if (e.name === 'AbortError' || mine !== seq.current) return;
          setStatus({ kind: 'error', message: 'Vyhľadávanie je nedostupné.' });
          setOpen(true);
        });
    }, SEARCH_DEBOUNCE_MS);
  };

  // Leaving the page ends the search too.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      ctrl.current?.abort();
    },
    [],
  );

  const pick = (p: Place) => {
    // The picked name goes into the box without searching for it.
    cancelSearch();
    setText(p.name);
    setOpen(false);
    setActive(-1);
    onPick(p);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const n = places.length;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open && n) setOpen(true);
      if (n) setActive((a) => (a + 1) % n);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open && n) setOpen(true);
      if (n) setActive((a) => (a <= 0 ? n - 1 : a - 1));
    } else if (e.key === 'Enter') {
      if (open && n) {
        e.preventDefault();
        pick(places[active >= 0 ? active : 0]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        changeText('');
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      setActive(-1);
    }
  };

  const showList = open && (places.length > 0 || status.kind === 'error' || status.kind === 'done');
  return { text, places, active, setActive, setOpen, status, changeText, pick, onKeyDown, showList };
}
