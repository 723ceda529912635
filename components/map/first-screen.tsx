'use client';
// The home page's first screen above the place search: the portal's name, one sentence saying what
// it is for, and the hint "kliknite do mapy – Čo je tu?" until the person has used it once (or
// closed it), remembered in localStorage.
import { useEffect, useState, useSyncExternalStore } from 'react';

/** localStorage key: set once "Čo je tu?" was used or the hint closed. */
const WHAT_HERE_HINT_KEY = 'geodata.hint.coJeTu';

function hintSeen(): boolean {
  try {
    return window.localStorage.getItem(WHAT_HERE_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberHint(): void {
  try {
    window.localStorage.setItem(WHAT_HERE_HINT_KEY, '1');
  } catch {
    // Private mode without storage: the hint just shows again next time.
  }
}

/** The stored flag never changes under the page's feet (this tab writes it through `seen` too). */
const noSubscription = () => () => {};

/**
 * `used`: a point was queried ("Čo je tu?") on this visit. Rendered on the server too (the map's
 * placeholder): there the hint shows, and the browser hides it after hydration if it was seen.
 */
export function FirstScreen({ used }: { used: boolean }) {
  const stored = useSyncExternalStore(noSubscription, hintSeen, () => false);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (used) rememberHint();
  }, [used]);
  // Once used on this visit, the hint stays gone after the panel closes too.
  if (used && !seen) setSeen(true);
  const hint = !stored && !seen && !used;
  return (
    <div className="map-intro" data-testid="map-intro">
      <h1 className="map-intro-name">Geodáta Slovenska</h1>
      <p className="map-intro-text">Verejná mapa údajov o území Slovenska: nájdite miesto a zistite, čo o ňom hovoria dáta poskytovateľov.</p>
      {hint && (
        <p className="map-intro-hint" data-testid="what-here-hint">
          <span>
            Tip: <strong>kliknite do mapy – Čo je tu?</strong>
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label="Skryť tip"
            onClick={() => {
              rememberHint();
              setSeen(true);
            }}
          >
            ×
          </button>
        </p>
      )}
    </div>
  );
}
