// Slovak territorial reference data: regions, districts, municipalities (with Bratislava and Košice
// also as whole cities), cadastral territories, municipality parts, streets and address-register
// records.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, doublePrecision } from 'drizzle-orm/pg-core';
import { geometry } from './types';

export const regions = pgTable('regions', {
  /** NUTS3 code, e.g. SK010. */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  geom: geometry('geom', 'MultiPolygon').notNull(),
  labelPoint: geometry('label_point', 'Point').notNull(),
  /** Official area (GKÚ `VYMERA`) in km²; the polygon's geodesic area for the 2010 boundaries. */
  areaKm2: doublePrecision('area_km2'),
}, (t) => [index('regions_geom_idx').using('gist', t.geom)]);
export type RegionRow = typeof regions.$inferSelect;

export const districts = pgTable('districts', {
  /** LAU1 code, e.g. SK0101. */
  code: text('code').primaryKey(),
  /** 3-digit ŠÚ SR district code, e.g. 101 (GeoNames admin code2). */
  code3: text('code3').notNull(),
  name: text('name').notNull(),
  regionCode: text('region_code').notNull().references(() => regions.code),
  geom: geometry('geom', 'MultiPolygon').notNull(),
  labelPoint: geometry('label_point', 'Point').notNull(),
  /** Official area (GKÚ `VYMERA`) in km²; the polygon's geodesic area for the 2010 boundaries. */
  areaKm2: doublePrecision('area_km2'),
}, (t) => [index('districts_geom_idx').using('gist', t.geom)]);
export type DistrictRow = typeof districts.$inferSelect;

/**
 * Municipalities and city districts by their 12-character LAU code, plus two rows of kind
 * `whole_city` for Bratislava (582000) and Košice (599981), the union of their city districts.
 */
export const municipalities = pgTable('municipalities', {
  code: text('code').primaryKey(),
  code6: text('code6').notNull().unique(),
  kind: text('kind', { enum: ['municipality', 'whole_city'] }).notNull().default('municipality'),
  name: text('name').notNull(),
  nameOfficial: text('name_official').notNull(),
  /** Normalised (lower case, no diacritics) name for matching. */
  nameNorm: text('name_norm').notNull(),
  /** municipality | city | city_district | military_district | whole_city */
  status: text('status').notNull(),
  /** Bratislava or Košice for their city districts. */
  city: text('city'),
  districtCode: text('district_code').references(() => districts.code),
  regionCode: text('region_code').notNull().references(() => regions.code),
  population: integer('population'),
  overTenThousand: boolean('over_ten_thousand').notNull().default(false),
  slug: text('slug').notNull(),
  regionSlug: text('region_slug').notNull(),
  geom: geometry('geom', 'MultiPolygon'),
  labelPoint: geometry('label_point', 'Point').notNull(),
  /** Official area (GKÚ `VYMERA`) in km²; the polygon's geodesic area for the 2010 boundaries. */
  areaKm2: doublePrecision('area_km2'),
  postalCodes: text('postal_codes').array().notNull().default(sql`'{}'::text[]`),
  /** Census 2021 residents aged 0-14 and 65+ (for the age-share cartograms of sk-uzemie). */
  population0to14: integer('population_0_14'),
  population65plus: integer('population_65_plus'),
}, (t) => [
  uniqueIndex('municipalities_region_slug_idx').on(t.regionSlug, t.slug),
  index('municipalities_name_norm_idx').on(t.nameNorm),
  index('municipalities_geom_idx').using('gist', t.geom),
  index('municipalities_district_idx').on(t.districtCode),
]);
export type MunicipalityRow = typeof municipalities.$inferSelect;

/**
 * Cadastral territories (katastrálne územia, GKÚ 2019): the key the cadastre uses together with a
 * parcel number. Each lies in exactly one municipality; together they tile the country.
 */
export const cadastralTerritories = pgTable('cadastral_territories', {
  /** 6-digit cadastral territory code (GKÚ `IDN5`), e.g. 835196. */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  nameNorm: text('name_norm').notNull(),
  /** 12-character code of its municipality. */
  municipalityCode: text('municipality_code').notNull().references(() => municipalities.code),
  geom: geometry('geom', 'MultiPolygon').notNull(),
  labelPoint: geometry('label_point', 'Point').notNull(),
  /** Official area (GKÚ `VYMERA`) in km². */
  areaKm2: doublePrecision('area_km2'),
}, (t) => [
  index('cadastral_territories_geom_idx').using('gist', t.geom),
  index('cadastral_territories_muni_idx').on(t.municipalityCode),
]);
export type CadastralTerritoryRow = typeof cadastralTerritories.$inferSelect;

export const municipalityParts = pgTable('municipality_parts', {
  id: text('id').primaryKey(),
  /** Register part code when known. */
  code: text('code'),
  name: text('name').notNull(),
  municipalityCode: text('municipality_code').notNull().references(() => municipalities.code),
  point: geometry('point', 'Point'),
  postalCodes: text('postal_codes').array().notNull().default(sql`'{}'::text[]`),
  source: text('source').notNull(),
}, (t) => [
  index('municipality_parts_muni_idx').on(t.municipalityCode),
  // The nearest part of a clicked point (GET /api/places/reverse): KNN over the points.
  index('municipality_parts_point_idx').using('gist', t.point),
]);
export type MunicipalityPartRow = typeof municipalityParts.$inferSelect;

export const streets = pgTable('streets', {
  /** Register street object id. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Normalised name, the join key of addresses that carry a street name but no street id. */
  nameNorm: text('name_norm').notNull().default(''),
  municipalityCode: text('municipality_code').notNull().references(() => municipalities.code),
  partName: text('part_name'),
  point: geometry('point', 'Point'),
  postalCodes: text('postal_codes').array().notNull().default(sql`'{}'::text[]`),
  addressPoints: integer('address_points').notNull().default(0),
  current: boolean('current').notNull().default(true),
}, (t) => [
  index('streets_muni_idx').on(t.municipalityCode),
  index('streets_name_norm_idx').on(t.nameNorm),
  // The nearest street of a clicked point (GET /api/places/reverse): KNN over the centre points.
  index('streets_point_idx').using('gist', t.point),
]);
export type StreetRow = typeof streets.$inferSelect;

/**
 * Address points (entrances, register object "BUILDING_NUMBER") of the address register: street +
 * orientation number, and the súpisné číslo of their building. The municipality is resolved from
 * the street or the building, which may arrive in a later batch, hence nullable.
 */
export const addresses = pgTable('addresses', {
  id: text('id').primaryKey(),
  municipalityCode: text('municipality_code').references(() => municipalities.code),
  streetId: text('street_id'),
  streetName: text('street_name'),
  /** Normalised street name (see lib/reference/normalize.ts) for the address search. */
  streetNorm: text('street_norm'),
  partName: text('part_name'),
  /** Register object id of the building (PROPERTY_REGISTRATION_NUMBER) the entrance belongs to. */
  buildingId: text('building_id'),
  /** Súpisné číslo. */
  registrationNumber: text('registration_number'),
  /** Orientačné číslo incl. letter, e.g. 12A. */
  buildingNumber: text('building_number'),
  /** Orientačné číslo normalised (lower case, no spaces), e.g. 12a. */
  numberNorm: text('number_norm'),
  postalCode: text('postal_code'),
  point: geometry('point', 'Point'),
  /** Where the record came from: ra-xml, ra-csv, synthetic (bench). */
  source: text('source').notNull().default('ra-xml'),
}, (t) => [
  index('addresses_street_idx').on(t.streetId),
  index('addresses_muni_idx').on(t.municipalityCode),
  index('addresses_street_number_idx').on(t.streetNorm, t.numberNorm),
  index('addresses_muni_regnum_idx').on(t.municipalityCode, t.registrationNumber),
  index('addresses_building_idx').on(t.buildingId),
  // The nearest entrance of a clicked point (GET /api/places/reverse), when the register's points are loaded.
  index('addresses_point_idx').using('gist', t.point).where(sql`point is not null`),
]);
export type AddressRow = typeof addresses.$inferSelect;

/**
 * Register objects known by their register object id (the XML batches link records by these ids,
 * not by codes): regions, counties, municipalities, municipality parts ("DISTRICT") and buildings
 * ("PROPERTY_REGISTRATION_NUMBER"), each with the code/number and the resolved municipality.
 */
export const registerObjects = pgTable('register_objects', {
  kind: text('kind', { enum: ['region', 'county', 'municipality', 'part', 'building'] }).notNull(),
  objectId: text('object_id').notNull(),
  code: text('code'),
  name: text('name'),
  municipalityCode: text('municipality_code'),
  partName: text('part_name'),
  /** Register object id of the parent: the municipality of a part or building, the county of a municipality. */
  parentId: text('parent_id'),
  /** Register object id of the municipality part ("DISTRICT") a building lies in. */
  partId: text('part_id'),
  current: boolean('current').notNull().default(true),
}, (t) => [primaryKey({ columns: [t.kind, t.objectId] })]);
export type RegisterObjectRow = typeof registerObjects.$inferSelect;

/** Book-keeping of reference imports: what was loaded, when, with which counts and source digest. */
export const referenceImports = pgTable('reference_imports', {
  name: text('name').primaryKey(),
  digest: text('digest').notNull(),
  counts: text('counts').notNull(),
  importedAt: text('imported_at').notNull(),
});
