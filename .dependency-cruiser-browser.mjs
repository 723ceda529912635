// The browser bundle imports nothing server-only, checked by `npm run lint` (dependency-cruiser).
// Type-only imports are left out here (tsPreCompilationDeps: false), as the bundler leaves them out:
// a client component may `import type` an answer's type from a server module, never its code.
// Client modules are the files marked 'use client' (found below) and everything they import.
import fs from 'node:fs';
import path from 'node:path';

function clientModules(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...clientModules(p));
    else if (/\.tsx?$/.test(entry.name) && /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(fs.readFileSync(p, 'utf8'))) out.push(p);
  }
  return out;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CLIENT = ['app', 'components', 'lib'].flatMap(clientModules).map((p) => `^${escape(p.split(path.sep).join('/'))}$`);

/**
 * What must never reach a browser: the database, the outbound client, configuration (the server's
 * environment), logs and metrics, the server process, and the packages only they use. Domain code
 * that reaches one of them is caught through it (reachability), pure modules pass.
 */
const SERVER_ONLY = [
  '^lib/(db|fetch|sources|observability|server)/',
  '^lib/(env|http|http-cache|server-guards|startup)\\.ts$',
  '^server\\.ts$',
  '(^|/)node_modules/(postgres|pino|pino-pretty|@electric-sql|drizzle-orm|prom-client|lru-cache|saxes|yauzl|tar|undici|nodemailer)/',
];
const NODE_CORE = '^(node:)?(fs|fs/promises|path|crypto|http|https|http2|net|tls|dns|zlib|os|child_process|cluster|worker_threads|stream|stream/promises|readline|perf_hooks|v8|vm|module|async_hooks)$';

const config = {
  forbidden: [
    {
      name: 'browser-server-only',
      severity: 'error',
      comment: 'A client component (and what it imports at run time) must not reach server-only code; `import type` what you need of a server module.',
      from: { path: CLIENT },
      to: { path: SERVER_ONLY, reachable: true },
    },
    {
      name: 'browser-node-core',
      severity: 'error',
      comment: 'A client component (and what it imports at run time) must not reach a Node.js core module.',
      from: { path: CLIENT },
      to: { path: NODE_CORE, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.next)/' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'browser', 'default', 'types'],
      mainFields: ['browser', 'module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};

export default config;
