// GET /index.md: the portal home as markdown — what the portal is, the approved datasets by
// category (from the registry at request time), and where to go next.
import { env } from '@/lib/env';
import { listComposedMaps } from '@/lib/map/composed';
import { approvedDatasetGroups, datasetLine } from './datasets';
import { DOCS } from './documents';
import { PORTAL_SUMMARY, PORTAL_TITLE } from './llms';
import { link, plural, truncate } from './markdown';
import { MACHINE_RESOURCES } from './resources';

export async function buildHomeMarkdown(base: string = env().publicBaseUrl): Promise<string> {
  const { groups, providerCount, datasetCount } = await approvedDatasetGroups();
  const lines: string[] = [
    `# ${PORTAL_TITLE}`,
    '',
    `> ${PORTAL_SUMMARY}`,
    '',
    'Portál zhromažďuje mapové dáta nezávislých poskytovateľov — štátnych inštitúcií, samospráv, firiem aj komunít — ' +
      'a sprístupňuje ich na jednej mape, cez API a AI asistentom. Dáta zostávajú u poskytovateľov; portál ich číta podľa ' +
      'jednotného protokolu a pri každom údaji uvádza zdroj a licenciu.',
    '',
    `- ${link('Mapa', `${base}/`)}: celoobrazovková mapa s katalógom datasetov a detailom objektov`,
    `- ${link('Pre AI asistentov', `${base}/dokumentacia/ai-asistenti.md`)}: pripojenie Claude, ChatGPT a ďalších cez MCP (${base}/mcp)`,
    `- ${link('Pre poskytovateľov dát', `${base}/dokumentacia/pre-poskytovatelov.md`)}: validátor a registrácia vlastných dát`,
    `- ${link('Pre GIS (QGIS, ArcGIS Pro, GDAL)', `${base}/ogc`)}: OGC API – Features a vektorové dlaždice; v QGIS Vrstva → Pridať vrstvu → Pridať vrstvu WFS / OGC API – Features, adresa ${base}/ogc`,
    `- ${link('Neschválené dáta', `${base}/neschvalene-data`)}: čerstvo registrovaní poskytovatelia, ktorí čakajú na schválenie`,
    '',
    '## Datasety',
    '',
    datasetCount === 0
      ? 'Portál zatiaľ nemá žiadne schválené datasety.'
      : `Na portáli je ${plural(datasetCount, 'schválený dataset', 'schválené datasety', 'schválených datasetov')} od ${plural(providerCount, 'poskytovateľa', 'poskytovateľov', 'poskytovateľov')}.`,
    '',
  ];
  for (const g of groups) {
    lines.push(`### ${g.label}`, '');
    for (const d of g.datasets) lines.push(datasetLine(d, base, 300));
    lines.push('');
  }
  const maps = listComposedMaps();
  if (maps.length > 0) {
    lines.push('## Tematické mapy', '', 'Zostavy datasetov k jednej téme s nastaveným výrezom a parametrami:', '');
    for (const m of maps) lines.push(`- ${link(m.title, `${base}/mapy/${m.slug}`)}: ${truncate(m.description, 300)}`);
    lines.push('');
  }
  lines.push('## Dokumentácia', '');
  for (const d of DOCS) lines.push(`- ${link(d.title, `${base}/dokumentacia/${d.slug}.md`)}: ${d.summary}`);
  lines.push('', '## Strojovo čitateľné zdroje', '');
  for (const r of MACHINE_RESOURCES) lines.push(`- ${link(r.path, `${base}${r.path}`)}: ${r.label}`);
  return `${lines.join('\n')}\n`;
}
