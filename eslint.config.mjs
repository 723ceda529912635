// ESLint: Next's flat config (core web vitals, React hooks) with typescript-eslint's recommended
// rules (eslint-config-next/typescript is typescript-eslint's `recommended` plus Next's settings).
// `npm run lint` allows no warnings; a disable comment must say why.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except the `_name` convention for deliberately ignored ones.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // State shared by server.ts and the Next.js bundle lives in lib/process-state.ts, which says why
    // each piece is one per process; nothing else reaches for globalThis. A route's Request carries
    // no abort signal when the route fast path calls the handler (lib/server/fast-path.ts: it would
    // cost 11 µs a request), so no handler or service reads one.
    files: ['lib/**', 'app/**', 'components/**', 'server.ts'],
    ignores: ['lib/process-state.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'globalThis', message: 'Process-wide state belongs in lib/process-state.ts (processWide).' }],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', message: 'Process-wide state belongs in lib/process-state.ts (processWide).' },
        ...['req', 'request'].map((object) => ({
          object,
          property: 'signal',
          message: 'The route fast path calls route handlers without an abort signal (lib/server/fast-path.ts); a request has none to read.',
        })),
      ],
    },
  },
  {
    // The route fast path (lib/server/fast-path.ts) calls route handlers without Next's request
    // stores, so route handlers and lib/ use none of Next's request APIs.
    files: ['lib/**', 'app/**/route.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['next/headers', 'next/server', 'next/cache'].map((name) => ({
            name,
            message: "Route handlers are called without Next's request stores (lib/server/fast-path.ts): take what the request carries from the Request.",
          })),
        },
      ],
    },
  },
  {
    // Tests read JSON answers loosely (`body.results.map((r: any) => ...)`); the assertions are the
    // shape check, and the answers' contracts are tested against their schemas elsewhere.
    files: ['tests/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  globalIgnores(['.next/**', 'node_modules/**', 'drizzle/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', '.scratch/**']),
]);
