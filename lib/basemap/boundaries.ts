// The offline basemap: regions, districts and municipalities of Slovakia from the reference
// tables, simplified and served as GeoJSON (GET /api/basemap/{layer}), plus their label points.
// `municipalities-detail` is the municipalities as imported (for zoom 11 and closer, where the
// simplified outlines would stray from the datasets' unsimplified boundaries).
// `places` are the names of streets and municipality parts at their known points (a street's centre
// point from the register, see lib/places/reverse.ts), for labels from zoom 12 closer.
// The reference data changes only when it is imported again at start-up, so each layer is built
// once per process and answered from memory with a strong ETag.
// Raw SQL (postgres.js): PostGIS simplification and GeoJSON output (ST_SimplifyPreserveTopology, ST_AsGeoJSON).
import { createHash } from 'node:crypto';
import { getSql } from '@/lib/db';

export const BASEMAP_LAYERS = ['regions', 'districts', 'municipalities', 'municipalities-detail', 'labels', 'places'] as const;
export type BasemapLayer = (typeof BASEMAP_LAYERS)[number];

export function isBasemapLayer(s: string): s is BasemapLayer {
  return (BASEMAP_LAYERS as readonly string[]).includes(s);
}

export interface BasemapDocument {
  body: string;
  etag: string;
  features: number;
}

/** Simplification tolerance in degrees (≈ 500 m, 250 m, 120 m) and coordinate decimals. */
const TOLERANCE: Record<Exclude<BasemapLayer, 'labels' | 'places'>, number> = {
  regions: 0.005,
  districts: 0.0025,
  municipalities: 0.0012,
  'municipalities-detail': 0,
};
const DECIMALS = 5;
/** Municipality outlines with 4 decimals (≈ 10 m) are a fifth smaller and look the same. */
const MUNICIPALITY_DECIMALS = 4;

const built = new Map<BasemapLayer, Promise<BasemapDocument>>();

async function query(layer: BasemapLayer): Promise<string> {
  const sql = await getSql();
  if (layer === 'labels') {
    // One point per name with the kind and size the style uses to pick labels per zoom.
    const rows = await sql<{ doc: string }[]>`
      with pts as (
        select 'region' as kind, name, code, null::int as population, label_point as p from regions
        union all
        select 'district', name, code, null::int, label_point from districts
        union all
        select case when kind = 'whole_city' then 'city'
                    when status = 'city_district' then 'city_district'
                    when over_ten_thousand then 'town'
                    else 'municipality' end,
               name, code, population, label_point
          from municipalities
      )
      select json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
        'type', 'Feature',
        'properties', json_build_object('name', name, 'code', code, 'kind', kind, 'population', population),
        'geometry', ST_AsGeoJSON(p, ${DECIMALS})::json
      ) order by population desc nulls last), '[]'::json))::text as doc
      from pts where p is not null`;
    return rows[0].doc;
  }
  if (layer === 'places') {
    // Parts first, then streets by weight, so that MapLibre places the better known names first.
    const rows = await sql<{ doc: string }[]>`
      select json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
        'type', 'Feature',
        'properties', json_build_object('name', name, 'kind', case when type = 'ulica' then 'street' else 'part' end),
        'geometry', ST_AsGeoJSON(point, ${DECIMALS})::json
      ) order by (type = 'ulica'), weight desc), '[]'::json))::text as doc
      from place_names where type in ('ulica', 'časť obce') and point is not null`;
    return rows[0].doc;
  }
  const tol = TOLERANCE[layer];
  const rows =
    layer === 'regions'
      ? await sql<{ doc: string }[]>`
          select json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
            'type', 'Feature', 'id', code,
            'properties', json_build_object('name', name, 'code', code, 'slug', slug),
            'geometry', ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, ${tol}), ${DECIMALS})::json
          )), '[]'::json))::text as doc from regions`
      : layer === 'districts'
        ? await sql<{ doc: string }[]>`
          select json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
            'type', 'Feature', 'id', code,
            'properties', json_build_object('name', name, 'code', code),
            'geometry', ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, ${tol}), ${DECIMALS})::json
          )), '[]'::json))::text as doc from districts`
        : layer === 'municipalities'
          ? await sql<{ doc: string }[]>`
          select json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
            'type', 'Feature', 'id', code,
            'properties', json_build_object('name', name, 'code', code, 'slug', slug, 'region', region_slug),
            'geometry', ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, ${tol}), ${MUNICIPALITY_DECIMALS})::json
          )), '[]'::json))::text as doc
          from municipalities where geom is not null and kind = 'municipality'`
          : await sql<{ doc: string }[]>`
          select json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
            'type', 'Feature', 'id', code,
            'properties', json_build_object('code', code),
            'geometry', ST_AsGeoJSON(geom, ${DECIMALS})::json
          )), '[]'::json))::text as doc
          from municipalities where geom is not null and kind = 'municipality'`;
  return rows[0].doc;
}

async function build(layer: BasemapLayer): Promise<BasemapDocument> {
  const body = await query(layer);
  const features = (body.match(/"type"\s*:\s*"Feature"/g) ?? []).length;
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, features };
}

/** A basemap layer as GeoJSON text with its ETag. Empty layers (no reference data yet) are not kept. */
export async function getBasemapLayer(layer: BasemapLayer): Promise<BasemapDocument> {
  let p = built.get(layer);
  if (!p) {
    p = build(layer);
    built.set(layer, p);
  }
  try {
    const doc = await p;
    if (doc.features === 0) built.delete(layer);
    return doc;
  } catch (err) {
    built.delete(layer);
    throw err;
  }
}
