import type { MapDataset } from '@/lib/map/types';

export function dataset(over: Partial<MapDataset> & { key: string }): MapDataset {
  const [providerId, id] = over.key.split('/');
  return {
    id,
    providerId,
    category: 'other',
    categoryLabel: 'Iné',
    keywords: [],
    useCases: [],
    providerName: 'Test',
    title: over.key,
    source: { type: 'geojson', mode: 'full' },
    presentation: { type: 'circle', color: '#336699' },
    attribution: '© Test',
    links: { data: `/api/data/${over.key}`, map: `/mapa/${over.key}` },
    ...over,
  };
}
