'use client';
// "Hľadať miesto": the map's place search, an ARIA 1.2 combobox (input role=combobox, suggestions
// as options of a listbox, aria-activedescendant). Suggestions come from GET /api/places, debounced,
// each request aborted when the text changes and stale answers discarded.
import { useEffect, useId, useRef, useState } from 'react';
import { isMunicipality, placeContext } from '@/lib/map/citizen';
import type { Place } from '@/lib/places/schema';

/** Pause after the last keystroke before a request. */
export const SEARCH_DEBOUNCE_MS = 200;
const MAX_SUGGESTIONS = 8;

export interface PlaceSearchProps {
  /** A suggestion picked by click or Enter. */
  onPick: (place: Place) => void;
  /** The chosen place (shown under the box with its actions). */
  chosen: { name: string; type?: string; municipalityUrl?: string | null } | null;
  onWhatHere: () => void;
  onClear: () => void;
  /** The "Čo je tu?" button, so the panel can give focus back to it. */
  whatHereRef?: React.Ref<HTMLButtonElement>;
}

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done' } | { kind: 'error'; message: string };

export function PlaceSearch({ onPick, chosen, onWhatHere, onClear, whatHereRef }: PlaceSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
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
      fetch(`/api/places?query=${encodeURIComponent(q)}&max=${MAX_SUGGESTIONS}`, { signal: c.signal, headers: { Accept: 'application/json' } })
        .then(async (res) => {
          const body = (await res.json().catch(() => null)) as { places?: Place[]; error?: string } | null;
          if (mine !== seq.current) return; // a newer text is on its way
          if (!res.ok || !body?.places) {
            setPlaces([]);
            setStatus({ kind: 'error', message: body?.error ?? `Vyhľadávanie zlyhalo (HTTP ${res.status}).` });
            setOpen(true);
            return;
          }
          setPlaces(body.places);
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
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className="place-search" data-testid="place-search">
      <div className="place-search-box">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Hľadať miesto
        </label>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-label="Hľadať miesto"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Hľadať miesto (obec, ulica, adresa)…"
          value={text}
          onChange={(e) => changeText(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => places.length > 0 && text.trim().length >= 2 && !chosen && setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          data-testid="place-search-input"
        />
        {status.kind === 'loading' && <span className="place-search-spinner" aria-hidden="true" />}
      </div>
      <ul id={listId} role="listbox" aria-label="Nájdené miesta" className="place-options" hidden={!showList} data-testid="place-options">
        {places.map((p, i) => {
          const ctx = placeContext(p);
          return (
            <li
              key={`${p.type}:${p.name}:${p.point.join(',')}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'place-option active' : 'place-option'}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(p)}
              onMouseMove={() => active !== i && setActive(i)}
            >
              <span className="place-option-name">{p.name}</span>
              <span className="place-option-meta">
                <span className="place-type">{p.type}</span>
                {ctx && <> · {ctx}</>}
              </span>
            </li>
          );
        })}
      </ul>
      {showList && places.length === 0 && (
        <p className="place-search-empty small" role="status">
          {status.kind === 'error' ? status.message : 'Nič sa nenašlo.'}
        </p>
      )}
      {chosen && (
        <div className="place-chosen" data-testid="place-chosen">
          <span className="place-chosen-name">
            {chosen.name}
            {chosen.type && <span className="muted small"> · {chosen.type}</span>}
          </span>
          <span className="place-chosen-actions">
            <button type="button" ref={whatHereRef} className="what-here-button" onClick={onWhatHere} data-testid="what-here-button">
              Čo je tu?
            </button>
            {chosen.municipalityUrl && (
              <a href={chosen.municipalityUrl} className="small" data-testid="place-municipality-link">
                Stránka obce
              </a>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label="Zrušiť miesto"
              onClick={() => {
                changeText('');
                onClear();
              }}
              data-testid="place-clear"
            >
              ×
            </button>
          </span>
        </div>
      )}
    </div>
  );
}

export { isMunicipality };
