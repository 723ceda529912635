// Column types Drizzle has no built-in for: PostGIS geometries of a fixed kind and SRID, bytea.
import { customType } from 'drizzle-orm/pg-core';

/**
 * A PostGIS geometry column, e.g. geometry('geom', 'MultiPolygon'). Values are written and read as
 * SQL expressions in the queries (ST_GeomFromGeoJSON / ST_AsGeoJSON); the TS side sees EWKB hex.
 */
export const geometry = (name: string, kind: 'Point' | 'MultiPolygon' | 'Polygon' | 'Geometry', srid = 4326) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => `geometry(${kind},${srid})`,
  })(name);

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
