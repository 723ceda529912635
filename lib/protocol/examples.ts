// The protocol samples served at /priklady/{name}.json. They are valid documents to copy from, and
// the data samples double as the live endpoints of the built-in `priklady` provider (whose manifest
// is manifest-complete): they honour `limit`, `cursor` and the sample parameters.
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';
import { pageOf, parseDataRequest, serveProvider, type DataRequest } from './serve';
import { SLOVAKIA_BBOX } from './shared/geo';
import { foldDiacritics } from './shared/text';
import { SCHEMA_BASE_PATH } from './schemas';
import {
  PROTOCOL_VERSION,
  type Chart,
  type DataCollection,
  type DataFeature,
  type FieldDef,
  type License,
  type Manifest,
  type ManifestDataset,
  type ParamDef,
  type TimelineItem,
} from './types';

/** Where the samples live on the portal's own origin (`/priklady/{name}.json`). */
export const SAMPLES_PATH = '/priklady';
/** The built-in provider whose manifest is manifest-complete (lib/providers/built-in.ts). */
export const SAMPLE_PROVIDER_ID = 'priklady';

export const EXAMPLE_NAMES = ['manifest-minimal', 'manifest-complete', 'data-points', 'data-polygons'] as const;
export type ExampleName = (typeof EXAMPLE_NAMES)[number];

export function isExampleName(name: string): name is ExampleName {
  return (EXAMPLE_NAMES as readonly string[]).includes(name);
}

/** Fixed time stamp, so the samples are byte-stable (caches and tests compare them). */
const GENERATED = '2025-01-15T08:00:00Z';

// ---------------------------------------------------------------------------------------------
// Air-quality stations (PM10 annual means, shaped after the national monitoring network)

type StationType = 'dopravna' | 'pozadova' | 'priemyselna';

interface Station {
  code: string;
  name: string;
  municipality: string;
  type: StationType;
  lon: number;
  lat: number;
  /** PM10 annual mean in 2015 (µg/m³) and yearly change in % (negative: improving). */
  base: number;
  slope: number;
  since: number;
}

const STATIONS: Station[] = [
  { code: 'ba-trnavske-myto', name: 'Bratislava, Trnavské mýto', municipality: 'Bratislava', type: 'dopravna', lon: 17.1283, lat: 48.1594, base: 29.4, slope: -3.1, since: 2015 },
  { code: 'ba-jeseniova', name: 'Bratislava, Jeséniova', municipality: 'Bratislava', type: 'pozadova', lon: 17.1058, lat: 48.1683, base: 20.8, slope: -2.6, since: 2015 },
  { code: 'ba-kamenne-namestie', name: 'Bratislava, Kamenné námestie', municipality: 'Bratislava', type: 'pozadova', lon: 17.1126, lat: 48.1446, base: 25.1, slope: -2.9, since: 2015 },
  { code: 'ke-sturova', name: 'Košice, Štúrova', municipality: 'Košice', type: 'dopravna', lon: 21.2567, lat: 48.7236, base: 31.2, slope: -2.4, since: 2015 },
  { code: 'ke-amurska', name: 'Košice, Amurská', municipality: 'Košice', type: 'priemyselna', lon: 21.2896, lat: 48.6997, base: 30.5, slope: -1.8, since: 2015 },
  { code: 'velka-ida-letna', name: 'Veľká Ida, Letná', municipality: 'Veľká Ida', type: 'priemyselna', lon: 21.1745, lat: 48.5955, base: 35.6, slope: -2.2, since: 2015 },
  { code: 'bb-stefanikovo-nabrezie', name: 'Banská Bystrica, Štefánikovo nábrežie', municipality: 'Banská Bystrica', type: 'dopravna', lon: 19.1472, lat: 48.7361, base: 27.9, slope: -2.7, since: 2015 },
  { code: 'za-obezna', name: 'Žilina, Obežná', municipality: 'Žilina', type: 'pozadova', lon: 18.7622, lat: 49.205, base: 26.3, slope: -3.4, since: 2015 },
  { code: 'po-svobodu', name: 'Prešov, Arm. gen. L. Svobodu', municipality: 'Prešov', type: 'dopravna', lon: 21.242, lat: 48.993, base: 28.7, slope: -2.1, since: 2015 },
  { code: 'nr-sturova', name: 'Nitra, Štúrova', municipality: 'Nitra', type: 'dopravna', lon: 18.0872, lat: 48.3075, base: 27.2, slope: -2.5, since: 2015 },
  { code: 'tn-hasicska', name: 'Trenčín, Hasičská', municipality: 'Trenčín', type: 'dopravna', lon: 18.0391, lat: 48.8962, base: 26.1, slope: -2.8, since: 2015 },
  { code: 'rk-riadok', name: 'Ružomberok, Riadok', municipality: 'Ružomberok', type: 'priemyselna', lon: 19.3002, lat: 49.0795, base: 27.4, slope: -1.2, since: 2015 },
  { code: 'jelsava-jesenskeho', name: 'Jelšava, Jesenského', municipality: 'Jelšava', type: 'priemyselna', lon: 20.2405, lat: 48.631, base: 33.8, slope: -0.4, since: 2015 },
  { code: 'chopok-emep', name: 'Chopok, EMEP', municipality: 'Demänovská Dolina', type: 'pozadova', lon: 19.592, lat: 48.9436, base: 10.2, slope: -0.2, since: 2015 },
  { code: 'starina-vodna-nadrz', name: 'Starina, Vodná nádrž', municipality: 'Stakčín', type: 'pozadova', lon: 22.26, lat: 49.042, base: 14.1, slope: -1.5, since: 2015 },
  { code: 'mt-jesenskeho', name: 'Martin, Jesenského', municipality: 'Martin', type: 'dopravna', lon: 18.923, lat: 49.066, base: 25.4, slope: -2.3, since: 2015 },
  { code: 'tt-kollarova', name: 'Trnava, Kollárova', municipality: 'Trnava', type: 'dopravna', lon: 17.587, lat: 48.371, base: 26.9, slope: -2.0, since: 2016 },
  { code: 'he-namestie-slobody', name: 'Humenné, Námestie slobody', municipality: 'Humenné', type: 'dopravna', lon: 21.914, lat: 48.933, base: 22.3, slope: 1.4, since: 2017 },
];

const STATION_TYPES: Record<StationType, string> = { dopravna: 'dopravná', pozadova: 'pozaďová', priemyselna: 'priemyselná' };
const FIRST_YEAR = 2015;
const LAST_YEAR = 2024;
/** Year-to-year weather swings (µg/m³), the same for every run. */
const SWINGS = [0.0, 1.3, -0.8, 2.1, -1.4, -2.2, 0.6, 1.1, -0.9, -0.3];

function pm10Series(s: Station): Array<{ period: string; value: number }> {
  const out: Array<{ period: string; value: number }> = [];
  for (let y = Math.max(FIRST_YEAR, s.since); y <= LAST_YEAR; y++) {
    const t = y - FIRST_YEAR;
    const v = s.base * (1 + (s.slope / 100) * t) + SWINGS[(t + s.code.length) % SWINGS.length] * (s.base / 25);
    out.push({ period: String(y), value: Math.round(v * 10) / 10 });
  }
  return out;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Protected areas (national parks and protected landscape areas; outlines much simplified)

type AreaKind = 'np' | 'chko';

interface Area {
  code: string;
  name: string;
  kind: AreaKind;
  declared: string;
  hectares: number;
  ring: Array<[number, number]>;
}

const AREAS: Area[] = [
  { code: 'tanap', name: 'Tatranský národný park', kind: 'np', declared: '1949-01-01', hectares: 73800, ring: [[19.75, 49.2], [19.95, 49.27], [20.1, 49.3], [20.27, 49.28], [20.35, 49.22], [20.22, 49.13], [20.0, 49.1], [19.82, 49.13]] },
  { code: 'pieniny', name: 'Pieninský národný park', kind: 'np', declared: '1967-01-16', hectares: 3750, ring: [[20.3, 49.4], [20.38, 49.43], [20.5, 49.42], [20.48, 49.38], [20.36, 49.38]] },
  { code: 'napant', name: 'Národný park Nízke Tatry', kind: 'np', declared: '1978-01-12', hectares: 72842, ring: [[19.1, 48.88], [19.4, 48.96], [19.75, 48.98], [20.1, 48.94], [20.05, 48.85], [19.7, 48.8], [19.3, 48.8]] },
  { code: 'slovensky-raj', name: 'Národný park Slovenský raj', kind: 'np', declared: '1988-01-18', hectares: 19763, ring: [[20.15, 48.9], [20.3, 48.97], [20.5, 48.95], [20.55, 48.88], [20.35, 48.86]] },
  { code: 'mala-fatra', name: 'Národný park Malá Fatra', kind: 'np', declared: '1988-04-01', hectares: 22630, ring: [[18.9, 49.16], [19.0, 49.24], [19.18, 49.25], [19.25, 49.19], [19.08, 49.15]] },
  { code: 'poloniny', name: 'Národný park Poloniny', kind: 'np', declared: '1997-10-01', hectares: 29805, ring: [[22.2, 49.03], [22.33, 49.1], [22.57, 49.08], [22.55, 48.97], [22.3, 48.95]] },
  { code: 'muranska-planina', name: 'Národný park Muránska planina', kind: 'np', declared: '1998-01-01', hectares: 20318, ring: [[19.9, 48.76], [20.02, 48.83], [20.22, 48.81], [20.25, 48.73], [20.05, 48.7]] },
  { code: 'velka-fatra', name: 'Národný park Veľká Fatra', kind: 'np', declared: '2002-04-01', hectares: 40371, ring: [[18.9, 48.93], [19.05, 49.05], [19.3, 49.03], [19.35, 48.88], [19.15, 48.8]] },
  { code: 'slovensky-kras', name: 'Národný park Slovenský kras', kind: 'np', declared: '2002-03-01', hectares: 34611, ring: [[20.3, 48.6], [20.5, 48.68], [20.8, 48.67], [20.95, 48.6], [20.7, 48.53], [20.45, 48.54]] },
  { code: 'male-karpaty', name: 'Chránená krajinná oblasť Malé Karpaty', kind: 'chko', declared: '1976-05-05', hectares: 64610, ring: [[17.05, 48.2], [17.15, 48.22], [17.4, 48.42], [17.65, 48.6], [17.58, 48.65], [17.3, 48.5], [17.1, 48.33]] },
  { code: 'stiavnicke-vrchy', name: 'Chránená krajinná oblasť Štiavnické vrchy', kind: 'chko', declared: '1979-09-21', hectares: 77630, ring: [[18.65, 48.45], [18.8, 48.6], [19.05, 48.58], [19.1, 48.42], [18.9, 48.35]] },
  { code: 'polana', name: 'Chránená krajinná oblasť Poľana', kind: 'chko', declared: '1981-11-12', hectares: 20360, ring: [[19.35, 48.62], [19.45, 48.72], [19.6, 48.7], [19.58, 48.58], [19.45, 48.57]] },
  { code: 'kysuce', name: 'Chránená krajinná oblasť Kysuce', kind: 'chko', declared: '1984-05-04', hectares: 65462, ring: [[18.55, 49.4], [18.7, 49.5], [19.0, 49.5], [19.1, 49.4], [18.85, 49.3]] },
  { code: 'zahorie', name: 'Chránená krajinná oblasť Záhorie', kind: 'chko', declared: '1988-12-30', hectares: 27522, ring: [[16.95, 48.42], [17.0, 48.6], [17.1, 48.75], [17.25, 48.7], [17.15, 48.45]] },
  { code: 'cerova-vrchovina', name: 'Chránená krajinná oblasť Cerová vrchovina', kind: 'chko', declared: '1989-12-20', hectares: 16771, ring: [[19.8, 48.2], [19.9, 48.3], [20.1, 48.28], [20.08, 48.18]] },
];

const AREA_KINDS: Record<AreaKind, string> = { np: 'národný park', chko: 'chránená krajinná oblasť' };

// ---------------------------------------------------------------------------------------------
// Manifest parts shared by the samples

const STATION_FIELDS: FieldDef[] = [
  { key: 'nazov', label: 'Stanica', type: 'string' },
  { key: 'obec', label: 'Obec', type: 'string' },
  { key: 'typ', label: 'Typ stanice', type: 'string', values: STATION_TYPES, description: 'Podľa prevládajúceho zdroja znečistenia v okolí.' },
  { key: 'pm10', label: 'PM10, ročný priemer', type: 'number', unit: 'µg/m³', decimals: 1, description: 'Za posledný rok zvoleného obdobia; ročný limit je 40 µg/m³.' },
  { key: 'rok', label: 'Rok hodnoty', type: 'integer' },
  { key: 'merane_od', label: 'Meria od roku', type: 'integer' },
];

const STATION_PARAMS: ParamDef[] = [
  {
    key: 'rok',
    label: 'Obdobie',
    type: 'range',
    min: FIRST_YEAR,
    max: LAST_YEAR,
    step: 1,
    default: [FIRST_YEAR, LAST_YEAR],
    description: 'Mapa ukazuje priemer posledného roku obdobia, detail stanice zmenu za celé obdobie.',
  },
  {
    key: 'typ',
    label: 'Typ stanice',
    type: 'multi-enum',
    options: Object.entries(STATION_TYPES).map(([value, label]) => ({ value, label })),
    default: 'dopravna,pozadova,priemyselna',
  },
];

const AREA_FIELDS: FieldDef[] = [
  { key: 'nazov', label: 'Názov', type: 'string' },
  { key: 'kategoria', label: 'Kategória', type: 'string', values: AREA_KINDS },
  { key: 'vyhlasene', label: 'Vyhlásené', type: 'date' },
  { key: 'rozloha_ha', label: 'Rozloha', type: 'number', unit: 'ha', decimals: 0 },
  { key: 'stupen_ochrany', label: 'Stupeň ochrany', type: 'integer', description: 'Základný stupeň ochrany na území (1-5).' },
];

const AREA_PARAMS: ParamDef[] = [
  {
    key: 'kategoria',
    label: 'Kategória',
    type: 'enum',
    options: [
      { value: 'vsetky', label: 'všetky' },
      { value: 'np', label: 'národné parky' },
      { value: 'chko', label: 'chránené krajinné oblasti' },
    ],
    default: 'vsetky',
  },
  {
    key: 'vyhlasenie',
    label: 'Vyhlásené v období',
    type: 'date-range',
    min: '1949-01-01',
    max: '2024-12-31',
    default: '1949-01-01,2024-12-31',
  },
];

const AREA_SIZE_PARAMS: ParamDef[] = [
  { key: 'min-rozloha', label: 'Najmenšia rozloha', type: 'number', min: 0, max: 100000, step: 1000, unit: 'ha', default: 0 },
  { key: 'hladat', label: 'Názov obsahuje', type: 'text', description: 'Časť názvu územia, bez ohľadu na veľkosť písmen a diakritiku.' },
];

const SHMU_LICENSE: License = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  attribution: 'Ukážkové údaje podľa siete monitorovania kvality ovzdušia SHMÚ',
};

const SOPSR_LICENSE: License = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  attribution: 'Ukážkové údaje podľa Štátnej ochrany prírody SR, hranice zjednodušené',
};

function manifestMinimal(): Manifest {
  return {
    $schema: `${env().publicBaseUrl}${SCHEMA_BASE_PATH}/manifest.json`,
    protocol: PROTOCOL_VERSION,
    provider: { id: 'moja-obec', name: 'Moja obec' },
    datasets: [{ id: 'stanice-ovzdusia', title: 'Stanice kvality ovzdušia', source: { type: 'geojson', url: 'data-points.json' } }],
  };
}

function stationDataset(over: Partial<ManifestDataset> & Pick<ManifestDataset, 'id' | 'title' | 'presentation'>): ManifestDataset {
  return {
    description:
      'Stanice monitorovania kvality ovzdušia na Slovensku s ročnými priemermi koncentrácie prachových častíc PM10 za roky 2015-2024 (ukážkové hodnoty).',
    category: 'nature',
    tags: ['ovzdušie', 'PM10'],
    keywords: ['kvalita ovzdušia', 'znečistenie ovzdušia', 'prachové častice', 'PM10', 'smog', 'imisie', 'monitorovacie stanice'],
    useCases: ['housing', 'public-administration', 'tourism'],
    coverage: { bbox: SLOVAKIA_BBOX, area: 'Slovensko', minZoom: 6 },
    temporal: { updated: '2025-01-15', frequency: 'ročne', param: 'rok' },
    source: { type: 'geojson', url: 'data-points.json', mode: 'full', maxFeatures: 500 },
    fields: STATION_FIELDS,
    params: STATION_PARAMS,
    ...over,
  };
}

function areaDataset(over: Partial<ManifestDataset> & Pick<ManifestDataset, 'id' | 'title' | 'presentation'>): ManifestDataset {
  return {
    description:
      'Národné parky a chránené krajinné oblasti Slovenska s rokom vyhlásenia a rozlohou; hranice sú pre ukážku silno zjednodušené.',
    category: 'nature',
    tags: ['ochrana prírody'],
    keywords: ['chránené územia', 'národný park', 'chránená krajinná oblasť', 'CHKO', 'ochrana prírody', 'NP'],
    useCases: ['construction', 'land-purchase', 'tourism'],
    coverage: { bbox: SLOVAKIA_BBOX, area: 'Slovensko' },
    temporal: { updated: '2024-12-31', frequency: 'pri zmene', param: 'vyhlasenie' },
    license: SOPSR_LICENSE,
    source: { type: 'geojson', url: 'data-polygons.json', mode: 'full', maxFeatures: 100 },
    fields: AREA_FIELDS,
    params: AREA_PARAMS,
    ...over,
  };
}

function manifestComplete(): Manifest {
  return {
    $schema: `${env().publicBaseUrl}${SCHEMA_BASE_PATH}/manifest.json`,
    protocol: PROTOCOL_VERSION,
    provider: {
      id: 'priklady',
      name: 'Ukážky protokolu',
      description:
        'Ukážkový poskytovateľ, ktorý používa každú časť protokolu 0.1: parametre všetkých typov, časový filter, všetky formy farieb, dáta GeoJSON aj rastrové dlaždice.',
      homepage: `${env().publicBaseUrl}/dokumentacia/protokol`,
      contact: { email: 'podpora@example.sk', url: `${env().publicBaseUrl}/dokumentacia/pre-poskytovatelov` },
      managedBy: 'portal',
    },
    license: SHMU_LICENSE,
    datasets: [
      stationDataset({
        id: 'kvalita-ovzdusia',
        title: 'Stanice kvality ovzdušia podľa typu',
        presentation: {
          type: 'circle',
          color: { type: 'categorical', field: 'typ', values: { dopravna: '#e6550d', pozadova: '#3182bd', priemyselna: '#756bb1' }, default: '#969696' },
          radius: 7,
          opacity: 0.9,
          outlineColor: '#ffffff',
          outlineWidth: 1.5,
          label: 'nazov',
        },
      }),
      stationDataset({
        id: 'pm10-triedy',
        title: 'Prachové častice PM10 v triedach',
        presentation: {
          type: 'circle',
          color: { type: 'step', field: 'pm10', default: '#1a9850', stops: [[20, '#fee08b'], [30, '#fc8d59'], [40, '#d73027']] },
          radius: 8,
        },
      }),
      stationDataset({
        id: 'pm10-trend',
        title: 'Vývoj prachových častíc PM10',
        presentation: {
          type: 'circle',
          color: { type: 'trend', colors: { roste: '#d7301f', stagnuje: '#fdae61', klesá: '#1a9850' }, default: '#9e9e9e', threshold: 5 },
          radius: 8,
        },
      }),
      stationDataset({
        id: 'pm10-hustota',
        title: 'Záťaž prachovými časticami PM10',
        presentation: { type: 'heatmap', weight: 'pm10', radius: 40, intensity: 1, opacity: 0.8, colors: ['#ffffb2', '#fecc5c', '#fd8d3c', '#e31a1c'] },
      }),
      stationDataset({
        id: 'stanice-nazvy',
        title: 'Názvy staníc kvality ovzdušia',
        temporal: { updated: '2025-01-15', frequency: 'ročne' },
        params: undefined,
        presentation: { type: 'symbol', icon: 'marker', color: '#37474f', size: 1.2, label: 'nazov' },
      }),
      areaDataset({
        id: 'chranene-uzemia',
        title: 'Národné parky a chránené krajinné oblasti',
        presentation: {
          type: 'fill',
          color: { type: 'categorical', field: 'kategoria', values: { np: '#2e7d32', chko: '#9ccc65' } },
          opacity: 0.5,
          outlineColor: '#1b5e20',
          outlineWidth: 1,
          label: 'nazov',
        },
      }),
      areaDataset({
        id: 'chranene-uzemia-rozloha',
        title: 'Rozloha chránených území',
        temporal: { updated: '2024-12-31', frequency: 'pri zmene' },
        coverage: { bbox: SLOVAKIA_BBOX, area: 'Slovensko', minZoom: 7, maxZoom: 18 },
        source: { type: 'geojson', url: 'data-polygons.json', mode: 'bbox', maxFeatures: 100 },
        params: AREA_SIZE_PARAMS,
        presentation: {
          type: 'fill',
          color: { type: 'interpolate', field: 'rozloha_ha', stops: [[0, '#edf8e9'], [30000, '#74c476'], [80000, '#005a32']], default: '#bdbdbd' },
          opacity: 0.6,
        },
      }),
      areaDataset({
        id: 'hranice-chranenych-uzemi',
        title: 'Hranice chránených území',
        temporal: { updated: '2024-12-31', frequency: 'pri zmene' },
        params: undefined,
        presentation: { type: 'line', color: '#1b5e20', width: 2, opacity: 0.9, dash: [2, 1] },
      }),
      {
        id: 'katastralna-mapa',
        title: 'Katastrálna mapa (WMS)',
        description:
          'Parcely katastra nehnuteľností zo služby WMS Úradu geodézie, kartografie a katastra SR; ukážka rastrového zdroja so šablónou {bbox-epsg-3857}. Portál ju len zobrazuje.',
        category: 'territory',
        tags: ['kataster'],
        keywords: ['kataster', 'parcely', 'katastrálna mapa', 'pozemky', 'KN'],
        useCases: ['land-purchase', 'construction', 'housing'],
        coverage: { bbox: SLOVAKIA_BBOX, area: 'Slovensko', minZoom: 14, maxZoom: 20 },
        temporal: { frequency: 'denne' },
        license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: '© ÚGKK SR' },
        source: {
          type: 'raster',
          tiles: [
            'https://kataster.skgeodesy.sk/eskn/services/NR/kn_wms_orto/MapServer/WmsServer?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=1,2,3,4,5,6,7,8,10,11,12,13,14,15&STYLES=&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE',
          ],
          tileSize: 256,
          minZoom: 14,
          maxZoom: 20,
        },
        presentation: {
          type: 'raster',
          opacity: 0.8,
          legend: [
            { label: 'hranica parcely C', color: '#e31a1c' },
            { label: 'hranica parcely E', color: '#1f78b4' },
          ],
        },
        displayOnly: true,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Data samples

/** Whether a ring's bounding box meets the query's window (always, without one). */
function meetsWindow(ring: Array<[number, number]>, bbox: DataRequest['bbox']): boolean {
  if (!bbox) return true;
  const xs = ring.map((c) => c[0]);
  const ys = ring.map((c) => c[1]);
  return Math.min(...xs) <= bbox[2] && Math.max(...xs) >= bbox[0] && Math.min(...ys) <= bbox[3] && Math.max(...ys) >= bbox[1];
}

function dataPoints(q: DataRequest): DataCollection {
  const [from, to] = q.params.rok.split(',').map(Number);
  const types = new Set(q.params.typ.split(',').filter(Boolean));
  const stations = STATIONS.filter((s) => types.has(s.type));
  const series = new Map(stations.map((s) => [s.code, pm10Series(s)]));
  const highlight = { from: String(from), to: String(to) };

  const features: DataFeature[] = stations.map((s) => {
    const points = series.get(s.code)!;
    const atEnd = points.filter((p) => Number(p.period) <= to).at(-1);
    const chart: Chart = {
      label: 'PM10 – ročný priemer',
      unit: 'µg/m³',
      decimals: 1,
      note: 'Ročný limit na ochranu zdravia je 40 µg/m³.',
      ...(Number(points[0].period) <= to ? { highlight: { from: String(Math.max(from, Number(points[0].period))), to: String(to) } } : {}),
      points,
    };
    return {
      type: 'Feature',
      id: s.code,
      geometry: { type: 'Point', coordinates: [s.lon, s.lat] },
      properties: {
        nazov: s.name,
        obec: s.municipality,
        typ: s.type,
        pm10: atEnd ? atEnd.value : null,
        rok: atEnd ? Number(atEnd.period) : null,
        merane_od: s.since,
      },
      dm: {
        title: s.name,
        description: `Stanica ${STATION_TYPES[s.type]} v obci ${s.municipality}, meria od roku ${s.since}.`,
        url: 'https://www.shmu.sk/sk/?page=1&id=oko_imis',
        chart,
      },
    };
  });

  // Counts per year over the whole period (independent of the selected one), split by the
  // property the dataset colours by (`typ`), and the network's average as the collection chart.
  const timeline: TimelineItem[] = [];
  const average: Array<{ period: string; value: number }> = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
    const measured = stations.filter((s) => s.since <= y);
    const values: Record<string, number> = {};
    for (const s of measured) values[s.type] = (values[s.type] ?? 0) + 1;
    timeline.push({ period: String(y), count: measured.length, values });
    const vals = measured.map((s) => series.get(s.code)!.find((p) => p.period === String(y))!.value);
    if (vals.length) average.push({ period: String(y), value: round1(vals.reduce((a, b) => a + b, 0) / vals.length) });
  }

  const p = pageOf(features, q);
  return {
    type: 'FeatureCollection',
    features: p.items,
    dm: {
      protocol: PROTOCOL_VERSION,
      generated: GENERATED,
      ttl: 86400,
      ...p.dm,
      notice: null,
      timeline,
      ...(average.length >= 2
        ? { chart: { label: 'PM10 – priemer staníc', unit: 'µg/m³', decimals: 1, highlight, points: average } }
        : {}),
    },
  };
}

function dataPolygons(q: DataRequest): DataCollection {
  const kind = q.params.kategoria ?? 'vsetky';
  const [from, to] = (q.params.vyhlasenie ?? '0000-01-01,9999-12-31').split(',');
  const minHa = Number(q.params['min-rozloha'] ?? 0);
  const text = q.params.hladat ? foldDiacritics(q.params.hladat) : '';
  // The time filter's chart counts declarations over the whole period, before the period filter.
  const matching = AREAS.filter((a) => (kind === 'vsetky' || a.kind === kind) && a.hectares >= minHa && (!text || foldDiacritics(a.name).includes(text)));
  // The dataset is served in mode bbox: what lies in the asked window (the timeline counts all of them).
  const selected = matching.filter((a) => a.declared >= from && a.declared <= to && meetsWindow(a.ring, q.bbox));

  const years = new Map<string, TimelineItem>();
  for (const a of [...matching].sort((x, y) => x.declared.localeCompare(y.declared))) {
    const period = a.declared.slice(0, 4);
    const item = years.get(period) ?? { period, count: 0, values: {} };
    item.count++;
    item.values![a.kind] = (item.values![a.kind] ?? 0) + 1;
    years.set(period, item);
  }

  const features: DataFeature[] = selected.map((a) => ({
    type: 'Feature',
    id: a.code,
    geometry: { type: 'Polygon', coordinates: [[...a.ring, a.ring[0]]] },
    properties: {
      nazov: a.name,
      kategoria: a.kind,
      vyhlasene: a.declared,
      rozloha_ha: a.hectares,
      stupen_ochrany: a.kind === 'np' ? 3 : 2,
    },
    dm: {
      title: a.name,
      description: `${AREA_KINDS[a.kind][0].toUpperCase()}${AREA_KINDS[a.kind].slice(1)}, vyhlásené ${a.declared.split('-').reverse().map(Number).join('. ')}, rozloha ${a.hectares.toLocaleString('sk-SK')} ha.`,
      url: 'https://www.sopsr.sk/',
    },
  }));

  const p = pageOf(features, q);
  return {
    type: 'FeatureCollection',
    features: p.items,
    dm: { protocol: PROTOCOL_VERSION, generated: GENERATED, ttl: 86400, ...p.dm, notice: null, timeline: [...years.values()] },
  };
}

const DATA_PARAMS: Record<'data-points' | 'data-polygons', ParamDef[]> = {
  'data-points': STATION_PARAMS,
  'data-polygons': [...AREA_PARAMS, ...AREA_SIZE_PARAMS],
};

function buildExample(name: ExampleName, url?: URL): unknown {
  switch (name) {
    // Through JSON, so the objects equal what is served (no `undefined` members from the helpers).
    case 'manifest-minimal':
      return JSON.parse(JSON.stringify(manifestMinimal()));
    case 'manifest-complete':
      return JSON.parse(JSON.stringify(manifestComplete()));
    case 'data-points':
    case 'data-polygons': {
      // One endpoint serves several datasets; each sends only its own parameters, the rest default.
      const q = parseDataRequest(url ?? new URL(`http://sample/priklady/${name}.json`), DATA_PARAMS[name]);
      return name === 'data-points' ? dataPoints(q) : dataPolygons(q);
    }
  }
}

/** A sample by name, for the MCP `example` tool; unknown names give `unknown_example` with `available`. */
export function exampleDocument(name: string): unknown {
  if (!isExampleName(name)) {
    throw new ApiError('unknown_example', `Unknown example "${name}".`, { extra: { available: [...EXAMPLE_NAMES] } });
  }
  return buildExample(name);
}

/** The samples by name (built on access: manifests carry the portal's public address). */
export const EXAMPLES = Object.defineProperties({} as Record<ExampleName, unknown>, Object.fromEntries(
  EXAMPLE_NAMES.map((n) => [n, { enumerable: true, get: () => buildExample(n) }]),
));

/**
 * GET /priklady/{name}.json, also called in-process by the guarded client for the portal's own
 * origin (lib/protocol/serve.ts answers both alike).
 */
export async function handleExampleRequest(url: URL): Promise<Response> {
  return serveProvider('priklady', url, () => {
    const m = /^\/priklady\/([^/]+)\.json$/.exec(url.pathname);
    const name = m?.[1] ?? '';
    if (!isExampleName(name)) {
      throw new ApiError('unknown_example', `Unknown example "${url.pathname.split('/').pop()}".`, {
        extra: { available: EXAMPLE_NAMES.map((n) => `${n}.json`) },
      });
    }
    return { body: buildExample(name, url), maxAge: 300, type: name.startsWith('data-') ? 'application/geo+json' : 'application/json', pretty: true };
  });
}
