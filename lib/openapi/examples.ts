// Response examples of the interface document. They are trimmed copies of real answers of this
// portal (built-in providers `sk-uzemie` and `priklady`); tests validate each against its schema.
import { exampleDocument } from '@/lib/protocol/examples';
import type { Manifest, ManifestDataset } from '@/lib/protocol/types';

export function sampleDataset(): ManifestDataset {
  return (exampleDocument('manifest-minimal') as Manifest).datasets[0];
}

export const catalog = {
  protocol: '0.1',
  generated: '2025-01-15T08:00:00.000Z',
  providers: [{ id: 'priklady', name: 'Ukážky protokolu', status: 'ok', datasetCount: 1, managedBy: 'portal' }],
  datasets: [
    {
      key: 'priklady/kvalita-ovzdusia',
      providerId: 'priklady',
      providerName: 'Ukážky protokolu',
      title: 'Kvalita ovzdušia — PM10',
      description: 'Ročné priemery PM10 na staniciach.',
      category: 'sample',
      categoryLabel: 'Ukážkové dáta',
      keywords: ['ovzdušie', 'PM10', 'prach'],
      useCases: ['housing'],
      source: { type: 'geojson', mode: 'full' },
      presentation: { type: 'circle', color: '#1f78b4' },
      attribution: 'Ukážkové dáta portálu',
      links: { data: '/api/data/priklady/kvalita-ovzdusia', map: '/mapa/priklady/kvalita-ovzdusia' },
    },
  ],
};

export const data = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'za-obezna',
      geometry: { type: 'Point', coordinates: [18.7622, 49.205] },
      properties: { nazov: 'Žilina, Obežná', pm10: 18.4, __dm_title: 'Žilina, Obežná' },
    },
  ],
  dm: { protocol: '0.1', dataset: 'priklady/kvalita-ovzdusia', generated: '2025-01-15T08:00:00Z', ttl: 300, total: 1, truncated: false },
};

export const places = {
  query: 'Žilina',
  count: 1,
  places: [
    {
      name: 'Žilina',
      type: 'mesto',
      point: [18.7394, 49.2231],
      municipality: { slug: 'zilinsky-kraj/zilina', code: 'SK031B517402', name: 'Žilina', district: 'Žilina', region: 'Žilinský kraj' },
    },
  ],
  attribution: 'Ministerstvo vnútra SR, Register adries; Štatistický úrad SR',
};

export const nearby = {
  point: [18.7394, 49.2231],
  radius: 500,
  generated: '2025-01-15T08:00:00.000Z',
  results: [
    {
      dataset: 'priklady/kvalita-ovzdusia',
      title: 'Kvalita ovzdušia — PM10',
      provider: 'Ukážky protokolu',
      attribution: 'Ukážkové dáta portálu',
      status: 'ok',
      count: 0,
      radius: 500,
      hits: [{ title: 'Žilina, Obežná', distance: 2143, values: [{ label: 'PM10 (µg/m³)', value: 18.4 }] }],
    },
  ],
  skipped: [],
  map: '/?d=priklady/kvalita-ovzdusia#15/49.2231/18.7394',
};

export const summary = {
  dataset: 'priklady/kvalita-ovzdusia',
  title: 'Kvalita ovzdušia — PM10',
  provider: 'Ukážky protokolu',
  attribution: 'Ukážkové dáta portálu',
  municipality: null,
  params: {},
  generated: '2025-01-15T08:00:00.000Z',
  dataGenerated: '2025-01-15T08:00:00Z',
  count: 8,
  truncated: false,
  categories: null,
  rankings: {
    field: 'pm10',
    label: 'PM10',
    unit: 'µg/m³',
    count: 8,
    highest: [{ title: 'Veľká Ida, Letná', value: 27.1 }],
    lowest: [{ title: 'Bratislava, Jeséniova', value: 14.2 }],
  },
  own: null,
};

export const report = {
  valid: false,
  summary: 'The manifest has 1 error and 1 recommendation.',
  errors: [{ path: 'datasets/0/id', code: 'schema_invalid_format', message: 'Does not match the id format.' }],
  warnings: [{ path: 'datasets/0', code: 'missing_keywords', message: 'The dataset has no keywords.', hint: 'Add keywords with synonyms.' }],
};

export const liveReport = {
  valid: true,
  summary: 'The manifest is valid; 1 dataset answered.',
  errors: [],
  warnings: [],
  manifestUrl: 'https://data.example.sk/manifest.json',
  provider: { id: 'moja-obec', name: 'Moja obec' },
  datasets: [
    { id: 'stanice-ovzdusia', request: 'https://data.example.sk/data-points.json?limit=5000', durationMs: 142, featureCount: 8, errors: [], warnings: [] },
  ],
};

export const registration = {
  registered: true,
  status: 'pending_review',
  message: 'Registered; the data await the operator’s approval.',
  provider: { id: 'moja-obec', name: 'Moja obec' },
  links: { review: '/neschvalene-data#moja-obec', datasets: ['/mapa/moja-obec/stanice-ovzdusia'] },
  check: { summary: 'The manifest is valid; 1 dataset answered.', warnings: [] },
};

export const mcpResponse = {
  jsonrpc: '2.0',
  id: 2,
  result: {
    content: [{ type: 'text', text: '{"query":"Žilina","count":1,"places":[…]}' }],
    structuredContent: places,
  },
};

export function llmsTxt(base: string): string {
  return [
    '# Geodáta Slovenska',
    '',
    '> Verejný portál geografických dát Slovenska…',
    '',
    '## Dokumentácia',
    '',
    `- [Pre AI agentov](${base}/dokumentacia/pre-ai-agentov.md): nástroje MCP a REST API…`,
    '',
  ].join('\n');
}
