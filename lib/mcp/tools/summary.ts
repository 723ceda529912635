// MCP tool `summary`: the same numbers as GET /api/summary and the dataset page.
import { summaryOperation } from '@/lib/summary/operation';
import { defineTool, READ_ONLY_OPEN } from '../tool';

export const summaryTool = defineTool({
  name: 'summary',
  title: 'Súhrn datasetu',
  description:
    'A GeoJSON dataset in numbers for Slovakia or one municipality (as GET /api/summary): `count`, `categories` (per colour class), `rankings` (highest and lowest) and for cartograms `own` (the municipality’s area). Errors: raster_dataset, summary_requires_place, ambiguous_place.',
  annotations: READ_ONLY_OPEN,
  operation: summaryOperation,
  headline: (r) =>
    `${r.title} — ${r.municipality ? r.municipality.name : 'celé územie'}: ${r.count} objektov` +
    (r.stale ? ` — POZOR: zdroj teraz neodpovedá, čísla sú z kópie portálu (údaje z ${r.dataGenerated ?? 'neznámeho času'})` : ''),
});
