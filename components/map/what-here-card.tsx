'use client';
// One dataset's card in the "Čo je tu?" panel: it asks GET /api/nearby itself, so its request lives
// and dies with the card, shows its own progress, status and error, and gives up after 30 s.
import { useEffect, useState } from 'react';
import { cardStatus, cardStatusText, rasterHitValues, type FieldLabel } from '@/lib/map/citizen';
import { failureText, type ClientCode } from '@/lib/map/messages';
import type { HitValue, NearbyResultEntry } from '@/lib/nearby/schema';
import { formatDistance, formatValue } from '@/lib/map/format';
import { api } from '../api-client';

/** Longest wait for one dataset before its card gives up (the server's own source limit is 10 s). */
const CARD_TIMEOUT_MS = 30_000;

export interface CardItem {
  key: string;
  title: string;
  provider: string;
  sample: boolean;
  onMap: boolean;
  /** Raster datasets report the source's raw attributes; the card sorts them (HitValues). */
  raster: boolean;
  /** The dataset's fields, which name a raster's raw attributes (empty when the map lacks the dataset). */
  fields: FieldLabel[];
}

/** A card whose request failed as a whole: the API's code (or the browser's own) and the technical message. */
type Card = { status: 'done'; entry: NearbyResultEntry } | { status: 'failed'; code: string; message: string };

/** The card's answer: null while loading. `extra` = the dataset's non-default parameters. */
function useNearbyCard(key: string, pp: string, extra: string): Card | null {
  const [card, setCard] = useState<Card | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, CARD_TIMEOUT_MS);
    api
      .nearby(key, pp, extra, ctrl.signal)
      .then((r) => {
        const entry = r.ok ? (r.data.results?.find((x) => x.dataset === key) ?? r.data.results?.[0]) : undefined;
        if (entry) setCard({ status: 'done', entry });
        else if (r.ok) setCard({ status: 'failed', code: 'empty_answer' satisfies ClientCode, message: `HTTP ${r.status}` });
        else setCard({ status: 'failed', code: r.code ?? 'internal_error', message: `HTTP ${r.status}${r.error ? `: ${r.error}` : ''}` });
      })
      .catch((e: Error) => {
        if (e.name === 'AbortError' && !timedOut) return;
        const code: ClientCode = timedOut ? 'client_timeout' : 'network';
        setCard({ status: 'failed', code, message: e.message });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [key, pp, extra]);
  return card;
}

export function DatasetCard({
  item,
  pp,
  paramQuery,
  license,
  onShow,
}: {
  item: CardItem;
  pp: string;
  paramQuery: (key: string) => string;
  license: { name: string; url?: string } | null;
  onShow: () => void;
}) {
  // The map's parameters when the card opens; a changed parameter applies to the next point.
  const [extra] = useState(() => paramQuery(item.key));
  const card = useNearbyCard(item.key, pp, extra);

  const entry = card?.status === 'done' ? card.entry : null;
  const status = entry ? cardStatus(entry) : card?.status === 'failed' ? 'error' : 'loading';
  const failure = card?.status === 'failed' ? card : entry?.status === 'error' ? { code: entry.code ?? 'internal_error', message: entry.error ?? '' } : null;
  const text = entry ? cardStatusText(entry) : failure ? `Odpoveď nie je známa. ${failureText(failure.code, item.provider)}` : 'Načítavam…';
  const titleId = `card-${item.key.replace(/[^a-z0-9-]/g, '-')}`;
  return (
    <li className={`what-here-card status-${status}`} data-testid="what-here-card" data-dataset={item.key} data-status={status} aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <div className="what-here-card-head">
        <div>
          <strong id={titleId}>{item.title}</strong>
          {item.sample && (
            <span className="sample-badge" data-testid="sample-badge">
              ukážka
            </span>
          )}
          <div className="muted small">{item.provider}</div>
        </div>
        {item.onMap ? (
          <span className="muted small on-map">na mape</span>
        ) : (
          <button type="button" className="show-on-map" onClick={onShow} data-testid="what-here-show">
            Zobraziť na mape
          </button>
        )}
      </div>
      {status === 'loading' ? (
        <p className="small what-here-progress" role="status">
          <progress aria-label={`Načítavam ${item.title}`} /> Načítavam…
        </p>
      ) : (
        <p className={`small what-here-status ${status === 'error' ? 'error' : ''}`} data-testid="what-here-status">
          {text}
        </p>
      )}
      {entry?.authority && (
        <p className="small what-here-authority" data-testid="what-here-authority">
          Údaj si pozrite priamo u poskytovateľa:{' '}
          <a href={entry.authority.url} target="_blank" rel="noopener noreferrer">
            {entry.authority.name}
          </a>
        </p>
      )}
      {failure && (
        <details className="what-here-details small" data-testid="what-here-details">
          <summary>podrobnosti</summary>
          <code>{failure.code}</code>
          {entry?.retryable !== undefined && <> · {entry.retryable ? 'portál to skúsi znova pri ďalšej otázke' : 'opakovanie nepomôže, kým zdroj neopraví chybu'}</>}
          {failure.message && <span className="muted"> · {failure.message}</span>}
        </details>
      )}
      {entry?.notice && <p className="notice small">{entry.notice}</p>}
      {entry?.description && entry.hits.length > 0 && <p className="muted small">{entry.description}</p>}
      {entry && entry.hits.length > 0 && (
        <ul className="what-here-hits">
          {entry.hits.map((h, i) => (
            <li key={i} data-testid="what-here-hit">
              <div className="what-here-hit-head">
                <span>
                  {h.url ? (
                    <a href={h.url} target="_blank" rel="noopener noreferrer">
                      {h.title}
                    </a>
                  ) : (
                    h.title
                  )}
                </span>
                <span className="distance" data-testid="what-here-distance">
                  {formatDistance(h.distance)}
                </span>
              </div>
              <HitValues values={h.values} raster={item.raster} fields={item.fields} />
            </li>
          ))}
        </ul>
      )}
      {entry && (
        <p className="muted small what-here-credit">
          Zdroj: {entry.attribution.replace(/^Zdroj:\s*/i, '')}
          {(entry.license || license) && (
            <>
              {' · '}
              {license?.url ? <a href={license.url}>{entry.license ?? license.name}</a> : (entry.license ?? license?.name)}
            </>
          )}
        </p>
      )}
    </li>
  );
}

/**
 * A hit's attributes. A raster source reports technical ones next to the value (the cell's
 * coordinates and colour) and names them its own way: the value shows under the dataset's field
 * label, and "Všetky atribúty" lists every attribute under the source's names.
 */
function HitValues({ values, raster, fields }: { values: HitValue[]; raster: boolean; fields: FieldLabel[] }) {
  if (values.length === 0) return null;
  const { shown, all } = raster ? rasterHitValues(values, fields) : { shown: values, all: [] };
  return (
    <>
      <ValueList values={shown} />
      {all.length > 0 && (
        <details className="what-here-raw" data-testid="what-here-raw">
          <summary className="small">Všetky atribúty ({all.length})</summary>
          <ValueList values={all} />
        </details>
      )}
    </>
  );
}

function ValueList({ values }: { values: HitValue[] }) {
  return (
    <dl className="what-here-values">
      {values.map((v, j) => (
        <div key={j}>
          <dt title={v.description}>{v.label}</dt>
          <dd>
            {formatValue(v.value)}
            {v.legend && v.legend !== formatValue(v.value) && <> – {v.legend}</>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
