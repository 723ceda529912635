// The browser's one way to the portal's own API (the map, its panels, the place search and the
// validator form): the request, the JSON read once, a refusal read as the API's `{ error, code }`.
// Answers are typed by the server's own schemas, `z.output` through `import type`, so no server
// code reaches the bundle and no browser copy of an answer type exists. A network failure or an
// abort rejects, as fetch does; each caller words it for its place.
import type { z } from 'zod';
import type { dataResponse } from '@/lib/data/operation';
import type { CollectionDmView } from '@/lib/map/types';
import type { NearbyResult, NearbySelectionResult } from '@/lib/nearby/schema';
import type { PlaceResult, ReverseResult } from '@/lib/places/schema';
import type { RegistrationResult } from '@/lib/providers/schema';
import type { ReportInput, ReportReceipt } from '@/lib/reports/operation';
import type { DatasetSummary } from '@/lib/summary/schema';
import type { AnyReport } from '@/lib/validator/report';
import type { DraftResult } from '@/lib/validator/draft';

/** GET /api/data: the schema leaves the protocol's FeatureCollection open; the map reads it as GeoJSON with the collection `dm`. */
export type DataAnswer = z.output<typeof dataResponse> & GeoJSON.FeatureCollection & { dm?: CollectionDmView };

/** A refusal: the HTTP status and the API's `{ error, code }` (absent when the body was not JSON), plus any other members. */
type ApiRefusal<E = unknown> = { ok: false; status: number; error?: string; code?: string; body: Partial<E> };
export type ApiAnswer<T, E = unknown> = { ok: true; status: number; data: T; headers: Headers } | ApiRefusal<E>;

async function request<T, E>(url: string, init: RequestInit): Promise<ApiAnswer<T, E>> {
  const res = await fetch(url, init);
  // A body the caller cancelled half-way rejects as the abort it is: never "HTTP 200 without a
  // body", which the map once counted as the source's failure (issue 25).
  const body: unknown = await res.json().catch((e: unknown) => {
    if (init.signal?.aborted || (e as Error).name === 'AbortError') throw e;
    return null;
  });
  if (res.ok && body !== null && typeof body === 'object') return { ok: true, status: res.status, data: body as T, headers: res.headers };
  const obj = (body !== null && typeof body === 'object' ? body : {}) as Partial<E> & { error?: unknown; code?: unknown };
  return {
    ok: false,
    status: res.status,
    error: typeof obj.error === 'string' ? obj.error : undefined,
    code: typeof obj.code === 'string' ? obj.code : undefined,
    body: obj,
  };
}

/** GET a JSON answer of the portal. */
export function getJson<T, E = unknown>(url: string, signal?: AbortSignal, accept = 'application/json'): Promise<ApiAnswer<T, E>> {
  return request<T, E>(url, { signal, headers: { Accept: accept } });
}

/** POST a JSON body to the portal. */
function postJson<T, E = unknown>(url: string, body: unknown, signal?: AbortSignal): Promise<ApiAnswer<T, E>> {
  return request<T, E>(url, { method: 'POST', signal, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
}

/** GET a file of the portal as bytes (the print tool's font); a failure rejects. */
export async function getBytes(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The endpoints the website asks, each with its answer's type. */
export const api = {
  places: (query: string, max: number, signal?: AbortSignal) => getJson<PlaceResult>(`/api/places?query=${encodeURIComponent(query)}&max=${max}`, signal),
  /** `point` as the API and the link take it (`lon,lat`, formatPointParam). */
  reverse: (point: string, signal?: AbortSignal) => getJson<ReverseResult>(`/api/places/reverse?point=${point}`, signal),
  selection: (point: string, purpose: string, signal?: AbortSignal) =>
    getJson<NearbySelectionResult>(`/api/nearby/selection?point=${point}&purpose=${encodeURIComponent(purpose)}`, signal),
  /** One dataset at a point; `extra` = its non-default parameters (`<key>.<param>=<v>&…`). */
  nearby: (dataset: string, point: string, extra: string, signal?: AbortSignal) =>
    getJson<NearbyResult>(`/api/nearby?datasets=${encodeURIComponent(dataset)}&point=${point}${extra ? `&${extra}` : ''}`, signal),
  /** A data request built by lib/map/data-request.ts. */
  data: (url: string, signal?: AbortSignal) => getJson<DataAnswer>(url, signal, 'application/geo+json, application/json'),
  /** A dataset's summary for the whole territory (lib/map/data-request.ts summaryRequestUrl). */
  summary: (url: string, signal?: AbortSignal) => getJson<DatasetSummary>(url, signal),
  validate: (body: unknown) => postJson<AnyReport>('/api/validate', body),
  /** A manifest drafted from an OGC API – Features, WFS 2.0 or ArcGIS service. */
  draft: (url: string) => postJson<DraftResult>('/api/validate/draft', { url }),
  /** A refused registration may carry the live test's report as `check`. */
  register: (manifestUrl: string) => postJson<RegistrationResult, { check: AnyReport }>('/api/registration', { manifestUrl }),
  /** "Nahlásiť problém". */
  report: (body: ReportInput) => postJson<ReportReceipt>('/api/reports', body),
};
