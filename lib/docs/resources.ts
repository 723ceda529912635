// The machine-readable resources of the portal, listed on the docs index, in llms.txt and index.md.
export interface MachineResource {
  path: string;
  label: string;
}

export const MACHINE_RESOURCES: readonly MachineResource[] = [
  { path: '/llms.txt', label: 'prehľad portálu pre jazykové modely (llms.txt)' },
  { path: '/llms-full.txt', label: 'celá dokumentácia v jednom texte' },
  { path: '/openapi.json', label: 'formálny popis API (OpenAPI 3.1)' },
  { path: '/mcp', label: 'MCP server (Streamable HTTP, POST, bez prihlásenia)' },
  { path: '/api/catalog', label: 'katalóg schválených poskytovateľov a datasetov (JSON)' },
  { path: '/ogc', label: 'OGC API – Features a vektorové dlaždice pre QGIS, ArcGIS Pro a GDAL (v QGIS: Pridať vrstvu WFS / OGC API – Features)' },
  { path: '/ogc/api', label: 'popis OGC API (OpenAPI 3.0)' },
  { path: '/index.md', label: 'úvodná stránka portálu v Markdowne so zoznamom datasetov' },
  { path: '/zdroje.md', label: 'zdroje dát, licencie a atribúcia' },
  { path: '/schema/0.1/manifest.json', label: 'JSON Schema manifestu' },
  { path: '/schema/0.1/data.json', label: 'JSON Schema dátovej odpovede' },
  { path: '/schema/0.1/provider-openapi.json', label: 'rozhranie, ktoré implementuje poskytovateľ (OpenAPI)' },
  { path: '/priklady/manifest-minimal.json', label: 'vzorový minimálny manifest' },
  { path: '/priklady/manifest-complete.json', label: 'vzorový úplný manifest' },
  { path: '/priklady/data-points.json', label: 'vzorová odpoveď s bodmi' },
  { path: '/priklady/data-polygons.json', label: 'vzorová odpoveď s plochami' },
];
