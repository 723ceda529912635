// TypeScript shapes of the data-portal protocol 0.1: the manifest a provider publishes and the data
// (GeoJSON FeatureCollection with `dm` extras) its endpoints answer. The JSON Schemas served under
// /schema/0.1/ (lib/protocol/schemas/*.json) are the source of truth; these types say the same, and
// tests/protocol/types-vs-schemas.test.ts holds them to it (every object's property names, which are
// required, the listed values), read with the TypeScript compiler, so neither side can drift.
// Design notes for the parts the spec leaves open are in lib/protocol/README.md.

export const PROTOCOL_VERSION = '0.1';
/** Major version this portal understands; a manifest for another major gets `unsupported_version`. */
export const PROTOCOL_MAJOR = 0;

// Limits from the spec's tables.
export const MAX_FEATURES = 5000;
export const MAX_ZOOM = 24;

/** Recommended category values; others are allowed but end in "other" (`unknown_category`). */
export const CATEGORIES = [
  'territory',
  'nature',
  'water',
  'risks',
  'energy',
  'transport',
  'society',
  'economy',
  'infrastructure',
  'sample',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Recommended use-case values; other values are allowed. */
export const USE_CASES = [
  'construction',
  'housing',
  'land-purchase',
  'agriculture',
  'investment',
  'transport',
  'tourism',
  'business',
  'public-administration',
] as const;

/** `#` followed by 3, 6 or 8 hex digits. */
export type HexColor = string;
/** ISO 8601 year, month or day: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
type Period = string;

// ---------------------------------------------------------------------------------------------
// Manifest

export interface Manifest {
  $schema?: string;
  /** `<digits>.<digits>`, the protocol version the manifest is written for. */
  protocol: string;
  provider: ManifestProvider;
  /** Default license for all datasets (recommended; `missing_license` otherwise). */
  license?: License;
  /** 1-200 datasets. */
  datasets: ManifestDataset[];
}

interface ManifestProvider {
  /** 1-64 chars of a-z, 0-9 and `-`, starting and ending with a letter or digit. */
  id: string;
  name: string;
  description?: string;
  homepage?: string;
  logo?: string;
  contact?: { email?: string; url?: string };
  /** `provider` (default) or `portal` (a manifest the portal keeps for a public service). */
  managedBy?: 'provider' | 'portal';
}

export interface License {
  name: string;
  url?: string;
  /** 1-300 chars, shown next to the map. */
  attribution: string;
}

export interface Coverage {
  /** `[minLon, minLat, maxLon, maxLat]` in WGS84. */
  bbox?: [number, number, number, number];
  area?: string;
  /** Below this zoom the portal does not load data. */
  minZoom?: number;
  maxZoom?: number;
}

export interface Temporal {
  /** ISO 8601 date (or date-time) of the last update. */
  updated?: string;
  frequency?: string;
  /** Key of the `range` (years) or `date-range` parameter that selects the period. */
  param?: string;
}

export interface GeoJsonSource {
  type: 'geojson';
  /** Endpoint returning a FeatureCollection; may be relative to the manifest. */
  url: string;
  /** `full` (default): the whole dataset in one query; `bbox`: the portal asks per viewport. */
  mode?: 'full' | 'bbox';
  /** 1-5000; sent to the provider as `limit`. */
  maxFeatures?: number;
}

export interface RasterSource {
  type: 'raster';
  /** 1-4 https URL templates with `{z}/{x}/{y}` or `{bbox-epsg-3857}`. */
  tiles: string[];
  tileSize?: 256 | 512;
  minZoom?: number;
  maxZoom?: number;
}

export type Source = GeoJsonSource | RasterSource;

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'url';

/** Describes one property of the data: how the object detail labels and formats it. */
export interface FieldDef {
  /** Property name in `feature.properties` (1-64 chars). */
  key: string;
  /** Human label shown instead of the key. */
  label: string;
  /** Default `string`. */
  type?: FieldType;
  unit?: string;
  /** Decimal places for numbers (0-6). */
  decimals?: number;
  description?: string;
  /** Code -> human label, for properties holding codes. */
  values?: Record<string, string>;
}

type ParamType = 'enum' | 'multi-enum' | 'range' | 'date-range' | 'number' | 'text';

interface ParamOption {
  value: string;
  label: string;
}

/**
 * A dataset parameter the user can set; the portal forwards it to the provider as a query parameter
 * in the protocol value format: enum `a`, multi-enum `a,b`, range `from,to` (numbers),
 * date-range `YYYY-MM-DD,YYYY-MM-DD`, number `n`, text `t`.
 */
export interface ParamDef {
  /** Query parameter name (1-32 chars: a-z, 0-9, `-`, `_`); not bbox/zoom/limit/cursor. */
  key: string;
  label: string;
  type: ParamType;
  /** Required for enum and multi-enum. */
  options?: ParamOption[];
  /** In the value format of the type; arrays are accepted for multi-enum, range and date-range. */
  default?: string | number | Array<string | number>;
  /** Numbers for range/number; `YYYY-MM-DD` for date-range. */
  min?: number | string;
  max?: number | string;
  step?: number;
  unit?: string;
  description?: string;
}

// --- colours ---

interface CategoricalColor {
  type: 'categorical';
  field: string;
  /** Property value -> hex colour. */
  values: Record<string, HexColor>;
  /** Colour of values missing from `values`. */
  default?: HexColor;
}

interface InterpolateColor {
  type: 'interpolate';
  field: string;
  /** At least 2 `[value, colour]` pairs, values ascending. */
  stops: Array<[number, HexColor]>;
  /** Colour of objects without a numeric value. */
  default?: HexColor;
}

interface StepColor {
  type: 'step';
  field: string;
  /** Colour for values below the first stop (and for objects without a numeric value). */
  default: HexColor;
  /** At least 1 `[threshold, colour]` pair, thresholds ascending; a value >= threshold takes its colour. */
  stops: Array<[number, HexColor]>;
}

/** Trend label the portal computes from a feature's dm.chart (`__dm_trend`). */
export type Trend = 'roste' | 'stagnuje' | 'klesá';

export interface TrendColor {
  type: 'trend';
  /** Colours per trend; defaults: roste #d7301f, stagnuje #fdae61, klesá #1a9850. */
  colors?: Partial<Record<Trend, HexColor>>;
  /** Colour of objects without dm.chart (default grey #9e9e9e). */
  default?: HexColor;
  /**
   * Relative change in percent (between the value at the start of the highlighted period, or the
   * first point, and the value at its end, or the last point) within which the trend is `stagnuje`.
   * Default 5.
   */
  threshold?: number;
}

/** Default trend colours (rising drawn as bad news; set `colors` when rising is good). */
export const TREND_DEFAULT_COLORS: Record<Trend, HexColor> = { roste: '#d7301f', stagnuje: '#fdae61', klesá: '#1a9850' };
export const TREND_NO_CHART_COLOR = '#9e9e9e';
export const TREND_DEFAULT_THRESHOLD = 5;

type ColorObject = CategoricalColor | InterpolateColor | StepColor | TrendColor;
export type ColorSpec = HexColor | ColorObject;

// --- presentation ---

export const PRESENTATION_TYPES = ['circle', 'fill', 'line', 'symbol', 'heatmap', 'raster', 'auto'] as const;

interface CirclePresentation {
  type: 'circle';
  color?: ColorSpec;
  /** Pixels, 1-50 (default 6). */
  radius?: number;
  /** 0-1 (default 0.85). */
  opacity?: number;
  outlineColor?: HexColor;
  /** Pixels, 0-10. */
  outlineWidth?: number;
  /** Property shown as a text label next to the object. */
  label?: string;
}

interface FillPresentation {
  type: 'fill';
  color?: ColorSpec;
  opacity?: number;
  outlineColor?: HexColor;
  outlineWidth?: number;
  label?: string;
}

interface LinePresentation {
  type: 'line';
  color?: ColorSpec;
  /** Pixels, 0.5-20 (default 2). */
  width?: number;
  opacity?: number;
  /** Dash pattern `[dash, gap]` in line widths. */
  dash?: [number, number];
  label?: string;
}

interface SymbolPresentation {
  type: 'symbol';
  /** Icon name from the portal's icon set (Maki names, e.g. `marker`, `hospital`). */
  icon?: string;
  color?: ColorSpec;
  /** Icon scale 0.5-3 (default 1). */
  size?: number;
  label?: string;
}

interface HeatmapPresentation {
  type: 'heatmap';
  /** Numeric property weighting each object (default: every object weighs 1). */
  weight?: string;
  /** Pixels, 1-100 (default 20). */
  radius?: number;
  /** 0.1-10 (default 1). */
  intensity?: number;
  opacity?: number;
  /** Colour ramp from low to high density, 2-10 colours. */
  colors?: HexColor[];
}

export interface LegendEntry {
  label: string;
  color?: HexColor;
  /** Pixel/class value the entry stands for (lets point queries on rasters label codes). */
  value?: string | number;
}

export interface RasterPresentation {
  type: 'raster';
  opacity?: number;
  /** Legend entries drawn by the portal. */
  legend?: LegendEntry[];
  /** Image of the legend published by the service. */
  legendUrl?: string;
}

interface AutoPresentation {
  type: 'auto';
  color?: ColorSpec;
  opacity?: number;
  label?: string;
}

/** An unknown type is allowed (`unknown_presentation_type`) and drawn as `auto`. */
interface UnknownPresentation {
  type: string;
  [key: string]: unknown;
}

type KnownPresentation =
  | CirclePresentation
  | FillPresentation
  | LinePresentation
  | SymbolPresentation
  | HeatmapPresentation
  | RasterPresentation
  | AutoPresentation;

export type Presentation = KnownPresentation | UnknownPresentation;

export interface ManifestDataset {
  id: string;
  title: string;
  description?: string;
  category?: string;
  tags?: string[];
  keywords?: string[];
  useCases?: string[];
  coverage?: Coverage;
  temporal?: Temporal;
  license?: License;
  source: Source;
  /** Default `{ type: 'auto' }` (raster sources: `{ type: 'raster' }`). */
  presentation?: Presentation;
  fields?: FieldDef[];
  params?: ParamDef[];
  /**
   * Portal extension, honoured only for providers with `managedBy: "portal"`: the portal draws the
   * dataset but does not redistribute its data (`/api/data` answers 303 `display_only`).
   */
  displayOnly?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Data

/** `[lon, lat]` or `[lon, lat, altitude]` (typed like @types/geojson so literals need no casts). */
export type Position = number[];

export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };


export interface ChartPoint {
  period: Period;
  value: number;
}

export interface Chart {
  label: string;
  unit?: string;
  decimals?: number;
  note?: string;
  highlight?: { from: Period; to: Period };
  /** 2-100 points, oldest first. */
  points: ChartPoint[];
}

interface FeatureDm {
  title?: string;
  description?: string;
  url?: string;
  color?: HexColor;
  chart?: Chart;
}

export interface DataFeature {
  type: 'Feature';
  id?: string | number;
  geometry: Geometry | null;
  /** The schema lets a feature leave it out (RFC 7946 wants it; the portal's answers always have it). */
  properties?: Record<string, unknown> | null;
  dm?: FeatureDm;
  bbox?: number[];
}

export interface TimelineItem {
  period: Period;
  count: number;
  /** Count broken down by the colouring property (`color.field`) value. */
  values?: Record<string, number>;
}

export interface CollectionDm {
  protocol?: string;
  /** `<provider_id>/<dataset_id>` (set by the portal). */
  dataset?: string;
  generated?: string;
  ttl?: number;
  total?: number;
  truncated?: boolean;
  next?: string;
  notice?: string | null;
  timeline?: TimelineItem[];
  chart?: Chart;
}

export interface DataCollection {
  type: 'FeatureCollection';
  features: DataFeature[];
  dm?: CollectionDm;
  bbox?: number[];
}
