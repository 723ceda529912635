import type { NextConfig } from 'next';
import { ogcHtmlRewrites } from './lib/ogc/html-routes';

// PGlite and its extensions ship WASM and data files that must be loaded from node_modules at
// run time, never bundled; postgres.js keeps native sockets. All stay external to the bundle.
// prom-client and pino too: server.ts and the bundle must share one module instance (one registry).
const nextConfig: NextConfig = {
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-postgis',
    'postgres',
    'prom-client',
    'pino',
    'pino-pretty',
    // Native rasteriser of map_image (a prebuilt .node binary per platform).
    '@resvg/resvg-js',
    // The outbound client's transport (lib/fetch): loaded as installed, one connection pool per process.
    'undici',
  ],
  poweredByHeader: false,
  // server.ts compresses (and skips bodies that are already encoded, like the data proxy's).
  compress: false,
  // The build type-checks the application only; `npm run typecheck` covers tests and scripts too.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  typedRoutes: false,
  // OGC API: one URL answers JSON to GIS clients and a Slovak page to people (f=html or a browser's
  // Accept); the pages live under /ogc-html (lib/ogc/html-routes.ts).
  rewrites: async () => ({ beforeFiles: ogcHtmlRewrites(), afterFiles: [], fallback: [] }),
  // `/mapa` is the word people type: it leads to the map (the home page); `/mapa/{provider}/…` are dataset pages.
  redirects: async () => [{ source: '/mapa', destination: '/', permanent: false }],
  headers: async () => [{ source: '/ogc/:path*', headers: [{ key: 'Vary', value: 'Accept' }] }],
};

export default nextConfig;
