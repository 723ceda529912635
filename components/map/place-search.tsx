'use client';
// "Hľadať miesto": the map's place search, an ARIA 1.2 combobox (input role=combobox, suggestions
// as options of a listbox, aria-activedescendant). Suggestions come from GET /api/places, debounced,
// each request aborted when the text changes and stale answers discarded.
import { useId } from 'react';
import { placeContext } from '@/lib/map/citizen';
import type { Place } from '@/lib/places/schema';
import { usePlaceSearch } from './use-place-search';

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

export function PlaceSearch({ onPick, chosen, onWhatHere, onClear, whatHereRef }: PlaceSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const { text, places, active, setActive, setOpen, status, changeText, pick, onKeyDown, showList } = usePlaceSearch(onPick);
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
          placeholder="Hľadať miesto (obec, ulica, adresa, súradnice)…"
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

