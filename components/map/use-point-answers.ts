'use client';
// What the "Čo je tu?" panel asks once per point: where the point is (GET /api/places/reverse) and
// the automatic selection for the purpose (GET /api/nearby/selection, datasets only; each card then
// asks its dataset itself).
import { useEffect, useState } from 'react';
import { refusalText } from '@/lib/map/messages';
import type { NearbySelectionResult } from '@/lib/nearby/schema';
import type { ReverseResult } from '@/lib/places/schema';
import { api } from '../api-client';

export type Load<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; message: string };
export type Selection = Pick<NearbySelectionResult, 'datasets' | 'skipped'>;

/** `pp` = the point as the API takes it (formatPointParam). */
export function usePointAnswers(pp: string, purpose: string) {
  const [reverse, setReverse] = useState<Load<ReverseResult>>({ status: 'loading' });
  // The answer for the purpose it was asked for; another purpose is loading until its own arrives.
  const [answered, setAnswered] = useState<{ purpose: string; load: Load<Selection> } | null>(null);
  const selection: Load<Selection> | null = !purpose ? null : answered?.purpose === purpose ? answered.load : { status: 'loading' };

  // Where the point is.
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .reverse(pp, ctrl.signal)
      .then((r) => setReverse(r.ok ? { status: 'ok', data: r.data } : { status: 'error', message: refusalText(r) }))
      .catch((e: Error) => e.name !== 'AbortError' && setReverse({ status: 'error', message: 'Poloha sa nedá určiť.' }));
    return () => ctrl.abort();
  }, [pp]);

  // The automatic selection for the purpose.
  useEffect(() => {
    if (!purpose) return;
    const ctrl = new AbortController();
    api
      .selection(pp, purpose, ctrl.signal)
      .then((r) =>
        setAnswered({
          purpose,
          load: r.ok ? { status: 'ok', data: { datasets: r.data.datasets ?? [], skipped: r.data.skipped ?? [] } } : { status: 'error', message: refusalText(r) },
        }),
      )
      .catch((e: Error) => e.name !== 'AbortError' && setAnswered({ purpose, load: { status: 'error', message: 'Výber podľa účelu je nedostupný.' } }));
    return () => ctrl.abort();
  }, [pp, purpose]);

  /** A new question: the old purpose's answer no longer counts, even if it is asked again. */
  const forgetSelection = () => setAnswered(null);
  return { reverse, selection, forgetSelection };
}
