// The layer rule of the portal, checked by `npm run lint` (dependency-cruiser). Written down in
// README.md ("Layers"). A module may import its own layer and the layers below it, never one above:
//
//   core      lib/env.ts, lib/errors.ts, lib/memo.ts, lib/doorkeeper.ts, lib/process-state.ts, lib/entity-tag.ts, lib/observability/
//   protocol  lib/protocol/ (the provider protocol: types, schemas, shared pure rules)
//   contract  lib/operation/define.ts, lib/operation/fields.ts, lib/operation/query.ts (the zod
//             vocabulary of the answers and how a query string becomes an input)
//   infra     lib/db/, lib/fetch/ (the database and the one guarded HTTP client)
//   domain    lib/<domain>/, in the order of DOMAINS below (each may import those before it only,
//             so no two domain folders import each other)
//   operation lib/operation/json-schema.ts and every lib/<domain>/operation.ts (one declared job each)
//   face      lib/http.ts, lib/http-cache.ts, lib/operation/rest.ts, the routes.ts of lib/data and
//             lib/docs, lib/ogc/, lib/openapi/, lib/mcp/, in the order of FACES below
//   app       app/, components/, lib/server/, lib/startup.ts, server.ts, scripts/ (composition roots)
//
// Type-only imports count too (a type is a dependency of the code that names it). The browser
// bundle is checked separately (.dependency-cruiser-browser.mjs): what 'use client' modules reach
// at run time must not include server-only modules.

/** Domain folders, lowest first: a domain may import the domains listed before it. */
const DOMAINS = [
  'reference', // the Slovak reference data: import, normalisation, boundaries, the address register
  'places', // geocoding, municipalities, point location (over the reference tables)
  'basemap', // the offline basemap style and territory facts
  'health', // provider health records and figures
  'sources', // where a provider's source is read: the built-in providers in-process, others by lib/fetch
  'validator', // static checks and the live test
  'notifications', // messages to providers (outbox, outages) the registry sends
  'providers', // the registry: registration, approval, refresh, catalog
  'data', // the data proxy and cache
  'nearby', // point queries
  'map', // the map's pure logic (browser-safe)
  'summary', // dataset summaries
  'catalog', // catalog search
  'mapimage', // map_image: a PNG of a point or area drawn on the server from the portal's own data
  'docs', // the portal's documents
  'pages', // server-side data of the site's pages
  'reports', // problem reports from the site ("Nahlásiť problém") for the operator
];

/** Faces (how the portal is reached), lowest first. */
const FACES = ['lib/http\\.ts$', 'lib/http-cache\\.ts$', 'lib/server-guards\\.ts$', 'lib/operation/rest\\.ts$', 'lib/data/routes\\.ts$', 'lib/docs/routes\\.ts$', 'lib/ogc/', 'lib/openapi/', 'lib/mcp/'];

const OPERATION_FILES = '^lib/(operation/json-schema\\.ts|[^/]+/operation\\.ts)$';
/** Files of a domain folder that belong to a higher layer: its operation, its HTTP face. */
const NOT_DOMAIN = [OPERATION_FILES, '^lib/(data|docs)/routes\\.ts$'];
const CONTRACT = '^lib/operation/(define|fields|query)\\.ts$';

const LAYERS = [
  { name: 'core', path: ['^lib/(env|errors|memo|doorkeeper|process-state|entity-tag)\\.ts$', '^lib/observability/'] },
  { name: 'protocol', path: ['^lib/protocol/'], pathNot: [OPERATION_FILES] },
  { name: 'contract', path: [CONTRACT] },
  { name: 'infra', path: ['^lib/(db|fetch)/'] },
  { name: 'domain', path: DOMAINS.map((d) => `^lib/${d}/`), pathNot: NOT_DOMAIN },
  { name: 'operation', path: [OPERATION_FILES] },
  { name: 'face', path: FACES.map((f) => `^${f}`) },
  { name: 'app', path: ['^app/', '^components/', '^lib/server/', '^lib/startup\\.ts$', '^server\\.ts$', '^scripts/'] },
];

const forbidden = [];

// No layer imports a layer above it.
LAYERS.forEach((layer, i) => {
  const above = LAYERS.slice(i + 1);
  if (!above.length) return;
  forbidden.push({
    name: `layer-${layer.name}`,
    severity: 'error',
    comment: `The ${layer.name} layer may not import ${above.map((l) => l.name).join(', ')} (see .dependency-cruiser.mjs and README.md "Layers").`,
    from: { path: layer.path, ...(layer.pathNot ? { pathNot: layer.pathNot } : {}) },
    to: { path: above.flatMap((l) => l.path) },
  });
});

// Domains in their order: none imports a domain after it (so no folder-level cycle among them).
DOMAINS.forEach((domain, i) => {
  const later = DOMAINS.slice(i + 1);
  if (!later.length) return;
  forbidden.push({
    name: `domain-order-${domain}`,
    severity: 'error',
    comment: `lib/${domain} comes before ${later.join(', ')} in the domain order (.dependency-cruiser.mjs DOMAINS).`,
    from: { path: `^lib/${domain}/`, pathNot: NOT_DOMAIN },
    to: { path: later.map((d) => `^lib/${d}/`), pathNot: NOT_DOMAIN },
  });
});

// Faces in their order.
FACES.forEach((face, i) => {
  const later = FACES.slice(i + 1);
  if (!later.length) return;
  forbidden.push({
    name: `face-order-${face.replace(/[^a-z-]/g, '')}`,
    severity: 'error',
    comment: `${face} comes before ${later.join(', ')} in the face order (.dependency-cruiser.mjs FACES).`,
    from: { path: `^${face}` },
    to: { path: later.map((f) => `^${f}`) },
  });
});

forbidden.push(
  {
    name: 'layer-unknown',
    severity: 'error',
    comment: 'Every module of lib/ belongs to a layer: add a new folder to DOMAINS (or another layer) in .dependency-cruiser.mjs.',
    from: { path: '^lib/', pathNot: LAYERS.flatMap((l) => l.path) },
    to: {},
  },
  {
    name: 'only-sources-fetch',
    severity: 'error',
    comment: 'Provider sources are read through lib/sources (built-in providers in-process, the rest by the guarded client); only it imports lib/fetch.',
    from: { path: '^lib/', pathNot: ['^lib/(fetch|sources)/'] },
    to: { path: '^lib/fetch/' },
  },
  {
    name: 'no-module-cycle',
    severity: 'error',
    comment: 'No import cycle between modules (npm run cycles checks the same with madge).',
    from: { path: '^(lib|app|components|scripts)/' },
    to: { circular: true },
  },
  {
    name: 'not-to-tests',
    severity: 'error',
    comment: 'The portal does not import its tests (scripts may reuse test helpers).',
    from: { path: '^(lib|app|components)/' },
    to: { path: '^(tests|e2e)/' },
  },
  {
    name: 'no-unresolvable',
    severity: 'error',
    comment: 'Every import resolves.',
    from: {},
    to: { couldNotResolve: true },
  },
);

const config = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

export default config;
