// Feature encodings for GIS software besides GeoJSON: FlatGeobuf (the `flatgeobuf` package's own
// encoder, with the columns typed from the queryables rather than guessed from the first feature)
// and CSV with the geometry as WKT (`betterknown`), both in the answer's CRS. The portal's `dm`
// extras are left out of both (they are not data of the provider's features).
import { geoJSONToWkt } from 'betterknown';
import type { Geometry as GeoGeometry } from 'geojson';
import { ColumnType } from 'flatgeobuf/lib/mjs/flat-geobuf/column-type.js';
import { GeometryType } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';
import { buildFeature } from 'flatgeobuf/lib/mjs/generic/feature.js';
import { buildHeader } from 'flatgeobuf/lib/mjs/generic/featurecollection.js';
import { parseGeometry } from 'flatgeobuf/lib/mjs/geojson/geometry.js';
import type { ColumnMeta } from 'flatgeobuf/lib/mjs/column-meta.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { magicbytes } from 'flatgeobuf/lib/mjs/constants.js';
import type { CrsDef } from './crs';
import type { OgcFeature } from './items';
import type { PropertyInfo } from './queryables';

export const FGB_MEDIA = 'application/flatgeobuf';
export const CSV_MEDIA = 'text/csv; charset=utf-8';

const GEOMETRY_TYPES: Record<string, GeometryType> = {
  Point: GeometryType.Point,
  MultiPoint: GeometryType.MultiPoint,
  LineString: GeometryType.LineString,
  MultiLineString: GeometryType.MultiLineString,
  Polygon: GeometryType.Polygon,
  MultiPolygon: GeometryType.MultiPolygon,
};

function columnType(p: PropertyInfo): ColumnType {
  switch (p.type) {
    case 'integer':
      return ColumnType.Long;
    case 'number':
      return ColumnType.Double;
    case 'boolean':
      return ColumnType.Bool;
    case 'object':
    case 'array':
      return ColumnType.Json;
    default:
      return ColumnType.String;
  }
}

/** A value as its column can hold it; anything else is null (a column never fails the file). */
function columnValue(type: ColumnType, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  switch (type) {
    case ColumnType.Long:
      return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
    case ColumnType.Double:
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    case ColumnType.Bool:
      return typeof v === 'boolean' ? v : null;
    case ColumnType.Json:
      return v;
    default:
      return typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

/**
 * A FlatGeobuf file of the features (geometries already in `crs`; EPSG:4326/4258 are written in x/y
 * = longitude/latitude order, as FlatGeobuf and GDAL keep geographic coordinates). Features without
 * geometry are left out (FlatGeobuf's encoder needs one).
 */
export function toFlatGeobuf(features: OgcFeature[], columns: PropertyInfo[], crs: CrsDef): Uint8Array {
  const withGeometry = features.filter((f) => f.geometry);
  const metas: ColumnMeta[] = columns.map((c) => ({
    name: c.name,
    type: columnType(c),
    title: c.title ?? null,
    description: c.description ?? null,
    width: -1,
    precision: -1,
    scale: -1,
    nullable: true,
    unique: false,
    primary_key: false,
  }));
  const types = new Set(withGeometry.map((f) => f.geometry!.type));
  const header: HeaderMeta = {
    geometryType: types.size === 1 ? GEOMETRY_TYPES[[...types][0]] : GeometryType.Unknown,
    columns: metas.length ? metas : null,
    envelope: null,
    featuresCount: withGeometry.length,
    indexNodeSize: 0,
    crs: null,
    title: null,
    description: null,
    metadata: null,
  };
  const head = buildHeader(header, crs.epsg);
  const latFirst = crs.latFirst;
  const parts = withGeometry.map((f) => {
    const props: Record<string, unknown> = {};
    for (const m of metas) props[m.name] = columnValue(m.type, f.properties?.[m.name]);
    const g = latFirst ? swapAxes(f.geometry!) : f.geometry!;
    return buildFeature(parseGeometry(g as never), props as never, header);
  });
  const size = magicbytes.length + head.length + parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  out.set(magicbytes);
  out.set(head, magicbytes.length);
  let at = magicbytes.length + head.length;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function swapAxes<G extends { type: string; coordinates: unknown }>(g: G): G {
  const swap = (c: unknown): unknown => {
    const a = c as unknown[];
    return typeof a[0] === 'number' ? [a[1], a[0], ...a.slice(2)] : a.map(swap);
  };
  return { ...g, coordinates: swap(g.coordinates) };
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * CSV (RFC 4180, UTF-8): `id`, `WKT` (the geometry in the answer's CRS and axis order; GDAL and
 * QGIS read a column of that name as the geometry), then one column per property.
 */
export function toCsv(features: OgcFeature[], columns: PropertyInfo[]): string {
  const names = columns.map((c) => c.name);
  const lines = [['id', 'WKT', ...names].map(csvCell).join(',')];
  for (const f of features) {
    const wkt = f.geometry ? geoJSONToWkt(f.geometry as GeoGeometry) : '';
    lines.push([csvCell(f.id), csvCell(wkt), ...names.map((n) => csvCell(f.properties?.[n]))].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
