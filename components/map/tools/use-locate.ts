'use client';
// "Moja poloha": the browser's geolocation, once per press. A refusal or a failure is explained in
// Slovak (how to allow it again), never silent.
import { useCallback, useState } from 'react';

export type Location =
  | { status: 'off' }
  | { status: 'asking' }
  | { status: 'on'; lon: number; lat: number; accuracy: number; seq: number }
  | { status: 'error'; message: string };

/** The Slovak explanation of a GeolocationPositionError code. */
function locationErrorText(code: number): string {
  switch (code) {
    case 1:
      return 'Prístup k polohe ste zamietli. Ak ju chcete použiť, povoľte polohu pre túto stránku v nastaveniach prehliadača (ikona vľavo od adresy) a stlačte „Moja poloha“ znova.';
    case 3:
      return 'Poloha sa nezistila včas. Skúste to znova, najlepšie pod holým nebom alebo so zapnutou Wi-Fi.';
    default:
      return 'Polohu sa nepodarilo zistiť: zariadenie ju teraz nepozná (vypnuté určovanie polohy alebo slabý signál).';
  }
}

export function useLocate() {
  const [location, setLocation] = useState<Location>({ status: 'off' });
  const locate = useCallback(() => {
    if (!window.isSecureContext || !('geolocation' in navigator)) {
      setLocation({ status: 'error', message: 'Tento prehliadač polohu neposkytuje (je potrebné zabezpečené pripojenie https).' });
      return;
    }
    setLocation({ status: 'asking' });
    navigator.geolocation.getCurrentPosition(
      (p) => setLocation((l) => ({ status: 'on', lon: p.coords.longitude, lat: p.coords.latitude, accuracy: p.coords.accuracy, seq: (l.status === 'on' ? l.seq : 0) + 1 })),
      (e) => setLocation({ status: 'error', message: locationErrorText(e.code) }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 30_000 },
    );
  }, []);
  const clear = useCallback(() => setLocation({ status: 'off' }), []);
  return { location, locate, clear };
}
