// sitemap.xml: the approved public pages: home, composed maps, providers' page, documentation,
// dataset pages of approved datasets, their per-town pages (nationwide GeoJSON datasets × towns
// over 10,000) and every municipality page. Pages of providers awaiting approval are left out.
import type { MetadataRoute } from 'next';
import { DOCS, docPaths } from '@/lib/docs/documents';
import { env } from '@/lib/env';
import { isNationwide } from '@/lib/map/catalog';
import { listComposedMaps } from '@/lib/map/composed';
import { listTowns, mapCatalog } from '@/lib/pages/site-data';
import { municipalityIndex } from '@/lib/places/municipality-index';

export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().publicBaseUrl;
  const url = (p: string) => `${base}${p}`;
  const [catalog, towns, index] = await Promise.all([mapCatalog(), listTowns(), municipalityIndex()]);
  const entries: MetadataRoute.Sitemap = [
    { url: url('/'), changeFrequency: 'daily', priority: 1 },
    { url: url('/mapy'), changeFrequency: 'weekly', priority: 0.8 },
    { url: url('/poskytovatelia'), changeFrequency: 'monthly', priority: 0.6 },
    { url: url('/stav-zdrojov'), changeFrequency: 'hourly', priority: 0.4 },
    { url: url('/dokumentacia'), changeFrequency: 'monthly', priority: 0.6 },
    ...DOCS.map((d) => ({ url: url(docPaths(d.slug).html), changeFrequency: 'monthly' as const, priority: 0.5 })),
    ...listComposedMaps().map((m) => ({ url: url(`/mapy/${m.slug}`), changeFrequency: 'weekly' as const, priority: 0.8 })),
  ];
  for (const d of catalog) {
    entries.push({ url: url(d.links.map), changeFrequency: 'weekly', priority: 0.7 });
    if (isNationwide(d) && d.links.data) {
      for (const t of towns) entries.push({ url: url(`${d.links.map}/${t.slug}`), changeFrequency: 'weekly', priority: 0.4 });
    }
  }
  if (index) {
    const seen = new Set<string>();
    for (const m of index.byCode.values()) {
      const p = `/${m.regionSlug}/${m.slug}`;
      if (seen.has(p)) continue;
      seen.add(p);
      entries.push({ url: url(p), changeFrequency: 'monthly', priority: m.overTenThousand ? 0.6 : 0.3 });
    }
  }
  return entries;
}
