// Links of the OGC API face: absolute (clients such as GDAL and QGIS follow them as given), on the
// portal's public origin, each naming its media type.
import { env } from '@/lib/env';

export const MEDIA = {
  json: 'application/json',
  geojson: 'application/geo+json',
  html: 'text/html',
  openapi: 'application/vnd.oai.openapi+json;version=3.0',
  mvt: 'application/vnd.mapbox-vector-tile',
  fgb: 'application/flatgeobuf',
  csv: 'text/csv; charset=utf-8',
  schema: 'application/schema+json',
  style: 'application/vnd.mapbox.style+json',
} as const;

export interface OgcLink {
  href: string;
  rel: string;
  type?: string;
  title?: string;
  templated?: boolean;
}

/** The root of the OGC API on the portal's public origin. */
export function ogcRoot(base: string = env().publicBaseUrl): string {
  return `${base.replace(/\/+$/, '')}/ogc`;
}

/** An absolute URL under /ogc with the given query members (undefined members left out). */
export function ogcHref(base: string, path: string, query: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString().replace(/%2C/gi, ',');
  return `${ogcRoot(base)}${path}${s ? `?${s}` : ''}`;
}

/** `self` + `alternate` links of a resource available as JSON (or GeoJSON) and HTML. */
export function selfAndAlternate(
  base: string,
  path: string,
  query: Record<string, string | number | undefined>,
  jsonType: string,
  format: 'json' | 'html',
  titles: { json: string; html: string },
): OgcLink[] {
  const json: OgcLink = { href: ogcHref(base, path, { ...query, f: 'json' }), type: jsonType, title: titles.json, rel: 'self' };
  const html: OgcLink = { href: ogcHref(base, path, { ...query, f: 'html' }), type: MEDIA.html, title: titles.html, rel: 'alternate' };
  return format === 'json' ? [json, html] : [{ ...html, rel: 'self' }, { ...json, rel: 'alternate' }];
}
