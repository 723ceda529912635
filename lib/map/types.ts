// What the map reads about a dataset: the catalog entry of GET /api/catalog (the spec's "Catalog
// dataset entry"). The website is a client of that document like any other, so these types
// describe the JSON it receives rather than the registry's internal rows. Parts the spec leaves
// open (params, fields, presentation extras) are typed loosely and normalised in params.ts.

export type HexColor = string;

export interface CategoricalColor {
  type: 'categorical';
  field: string;
  values: Record<string, HexColor>;
  default?: HexColor;
  /** Optional human labels for the legend, keyed like `values`. */
  labels?: Record<string, string>;
}
export interface InterpolateColor {
  type: 'interpolate';
  field: string;
  stops: Array<[number, HexColor]>;
}
export interface StepColor {
  type: 'step';
  field: string;
  default: HexColor;
  stops: Array<[number, HexColor]>;
}
export interface TrendColor {
  type: 'trend';
  /** Colours per computed trend; defaults when absent. */
  colors?: Partial<Record<TrendValue, HexColor>>;
  [extra: string]: unknown;
}
export type ColorSpec = HexColor | CategoricalColor | InterpolateColor | StepColor | TrendColor;

export type TrendValue = 'roste' | 'stagnuje' | 'klesá';

export interface PresentationView {
  type: string;
  color?: ColorSpec;
  opacity?: number;
  radius?: number;
  width?: number;
  outline?: HexColor;
  label?: string;
  [extra: string]: unknown;
}

export interface GeoJsonSourceView {
  type: 'geojson';
  mode?: 'full' | 'bbox';
  maxFeatures?: number;
}
export interface RasterSourceView {
  type: 'raster';
  tiles: string[];
  tileSize?: number;
  minZoom?: number;
  maxZoom?: number;
}
export type SourceView = GeoJsonSourceView | RasterSourceView;

export interface CoverageView {
  bbox?: [number, number, number, number];
  area?: string;
  minZoom?: number;
  maxZoom?: number;
}

export interface TemporalView {
  updated?: string;
  frequency?: string;
  param?: string;
}

export interface LicenseView {
  name: string;
  url?: string;
  attribution?: string;
}

/** A catalog dataset entry as the map uses it. */
export interface MapDataset {
  key: string;
  providerId: string;
  providerName: string;
  title: string;
  description?: string;
  category?: string;
  categoryLabel?: string;
  keywords?: string[];
  useCases?: string[];
  source: SourceView;
  presentation: PresentationView;
  attribution: string;
  license?: LicenseView | null;
  coverage?: CoverageView;
  temporal?: TemporalView;
  fields?: unknown;
  params?: unknown;
  links: { data?: string | null; map: string; source?: string | null };
  /** Set on dataset pages of providers awaiting approval. */
  pending?: boolean;
}

export interface ChartPoint {
  period: string;
  value: number;
}
export interface ChartData {
  label: string;
  unit?: string;
  decimals?: number;
  note?: string;
  highlight?: { from: string; to: string };
  points: ChartPoint[];
}
export interface TimelineItem {
  period: string;
  count: number;
  values?: Record<string, number>;
}

/** The collection-level `dm` of a data response, as far as the map shows it. */
export interface CollectionDmView {
  total?: number;
  truncated?: boolean;
  next?: string;
  notice?: string | null;
  timeline?: TimelineItem[];
  chart?: ChartData;
  generated?: string;
}

export interface MapView {
  zoom: number;
  lat: number;
  lon: number;
}
