// GET /llms.txt and /llms-full.txt in the llmstxt.org layout: an H1 title, a blockquote summary,
// a few lines of guidance, then H2 sections of links — the markdown documents, the MCP endpoint
// and machine resources, the approved datasets one line each — and an "Optional" section.
// Generated from the registry on every request.
import { env } from '@/lib/env';
import { approvedDatasetGroups, datasetLine } from './datasets';
import { DOCS } from './documents';
import { getDocumentMarkdown } from './load';
import { link, plural } from './markdown';

export const PORTAL_TITLE = 'Geodáta Slovenska';
export const PORTAL_SUMMARY =
  'Verejný portál geografických dát Slovenska: katalóg datasetov nezávislých poskytovateľov, jednotný prístup k ich dátam ' +
  'ako GeoJSON, vyhľadávanie adries a obcí, dotazy na to, čo leží v bode a v jeho okolí, a súhrny datasetov za Slovensko ' +
  'alebo za obec. Pre AI agentov MCP server a REST API bez prihlásenia.';

/** The guidance paragraph both texts share. */
function guidance(base: string): string {
  return [
    `Pre odpovede o konkrétnom mieste použite MCP server ${base}/mcp (nástroje \`find_place\`, \`territory\`, \`nearby\`, \`summary\`, \`catalog\`, \`map_image\`) ` +
      `alebo REST API (\`/api/places\`, \`/api/places/reverse\` — kde leží bod, \`/api/nearby\`, \`/api/summary/{provider}/{dataset}\`, \`/api/catalog\`). ` +
      'Odpoveď `nearby` pre bod na Slovensku uvádza v `location` obec, katastrálne územie a najbližšiu ulicu alebo časť obce.',
    'Súradnice sú WGS84 v poradí `lon,lat`. Chyby majú tvar `{ "error": "…", "code": "…" }`.',
    `V GIS (QGIS, ArcGIS Pro, GDAL) sa portál pridá ako OGC API – Features: v QGIS Vrstva → Pridať vrstvu → Pridať vrstvu WFS / OGC API – Features, adresa ${base}/ogc.`,
    'Pri každom údaji uveďte atribúciu zdroja (pole `attribution`). Zoznam nižšie obsahuje len dáta schválené prevádzkovateľom portálu.',
  ].join(' ');
}

export async function buildLlmsTxt(base: string = env().publicBaseUrl): Promise<string> {
  const { groups, providerCount, datasetCount } = await approvedDatasetGroups();
  const lines: string[] = [`# ${PORTAL_TITLE}`, '', `> ${PORTAL_SUMMARY}`, '', guidance(base), ''];

  lines.push('## Dokumentácia', '');
  for (const d of DOCS) lines.push(`- ${link(d.title, `${base}/dokumentacia/${d.slug}.md`)}: ${d.summary}`);
  lines.push('');

  lines.push('## MCP a API', '');
  lines.push(
    `- ${link('MCP server', `${base}/mcp`)}: Streamable HTTP (POST), bez stavu, bez prihlásenia; nástroje documentation, schema, example, validate_manifest, validate_data, register_provider, catalog, find_place, territory, nearby, summary, fetch_data, map_image (výsledok = JSON odpoveď REST API v structuredContent aj v texte, map_image aj obrázok PNG; chyby { error, code } s isError); zdroje: dokumentácia, JSON Schemy a vzory, šablóny zdrojov a ui://portal/map (MCP Apps); výzvy co-je-na-adrese a porovnaj-obec`,
    `- ${link('OpenAPI 3.1', `${base}/openapi.json`)}: formálny popis všetkých koncových bodov so schémami odpovedí a kódmi chýb`,
    `- ${link('Katalóg (JSON)', `${base}/api/catalog`)}: schválení poskytovatelia a datasety s poľami, parametrami a odkazmi`,
    `- ${link('OGC API – Features a vektorové dlaždice', `${base}/ogc`)}: každý schválený dataset GeoJSON ako kolekcia (GeoJSON, HTML, stránkovanie, bbox, datetime) a dlaždice Mapbox Vector Tiles; pre QGIS (Pridať vrstvu WFS / OGC API – Features), GDAL (\`ogrinfo OAPIF:${base}/ogc\`) a ArcGIS Pro`,
    `- ${link('OGC API (OpenAPI 3.0)', `${base}/ogc/api`)}: popis rozhrania OGC API s parametrami každej kolekcie`,
    `- ${link('Stav zdrojov', `${base}/stav-zdrojov`)}: dostupnosť a odozva zdrojov za 24 h a 7 dní (v katalógu pole \`health\`)`,
    `- ${link('Schéma manifestu', `${base}/schema/0.1/manifest.json`)}: JSON Schema manifestu poskytovateľa (protokol 0.1)`,
    `- ${link('Schéma dát', `${base}/schema/0.1/data.json`)}: JSON Schema dátovej odpovede (GeoJSON s doplnkami dm)`,
    `- ${link('Rozhranie poskytovateľa', `${base}/schema/0.1/provider-openapi.json`)}: čo implementuje poskytovateľ dát`,
    '',
  );

  lines.push(
    `## Datasety`,
    '',
    datasetCount === 0
      ? 'Portál zatiaľ nemá žiadne schválené datasety.'
      : `${plural(datasetCount, 'schválený dataset', 'schválené datasety', 'schválených datasetov')} od ${plural(providerCount, 'poskytovateľa', 'poskytovateľov', 'poskytovateľov')}. Každý riadok: názov so stránkou datasetu, kľúč \`provider/dataset\` pre API a MCP, poskytovateľ, opis a prístup k dátam.`,
    '',
  );
  for (const g of groups) {
    lines.push(`### ${g.label}`, '');
    for (const d of g.datasets) lines.push(datasetLine(d, base));
    lines.push('');
  }

  lines.push('## Optional', '');
  lines.push(
    `- ${link('Celá dokumentácia v jednom texte', `${base}/llms-full.txt`)}: všetky dokumenty za sebou`,
    `- ${link('Úvodná stránka v Markdowne', `${base}/index.md`)}: čo je portál a zoznam datasetov podľa kategórií`,
    `- ${link('Zdroje a licencie', `${base}/zdroje.md`)}: poskytovatelia, licencie a atribúcia každého datasetu`,
    `- ${link('Vzorový manifest', `${base}/priklady/manifest-complete.json`)}: platný manifest so všetkými možnosťami protokolu`,
  );
  return `${lines.join('\n')}\n`;
}

/** llms.txt followed by every document in full. */
export async function buildLlmsFullTxt(base: string = env().publicBaseUrl): Promise<string> {
  const parts = [await buildLlmsTxt(base)];
  for (const d of DOCS) {
    parts.push(`<!-- ${base}/dokumentacia/${d.slug}.md -->\n\n${(await getDocumentMarkdown(d.slug)).trim()}\n`);
  }
  return parts.join('\n---\n\n');
}
