// The route table the server reads (lib/server/routes.ts): the methods each route handler exports,
// read from its file for the guard that answers other methods before Next.js, are exactly the
// methods the module exports; the parameters of a dynamic route as Next decodes them.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { exportedMethods, routeParams, type RouteTable } from '@/lib/server/routes';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

describe('exported methods', () => {
  const root = process.cwd();
  const files = routeFiles(path.join(root, 'app'));
  test('there are route handlers to read', () => expect(files.length).toBeGreaterThan(40));
  for (const file of files) {
    const page = `/${path.relative(path.join(root, 'app'), path.dirname(file)).split(path.sep).join('/')}`;
    test(`${page}: read from the file = exported by the module`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const exported = METHODS.filter((m) => typeof mod[m] === 'function');
      expect([...(exportedMethods(root, page) ?? [])].sort()).toEqual(exported.sort());
    });
  }
  test('a page without a route handler has none', () => expect(exportedMethods(root, '/mapa')).toBeNull());
});

describe('route parameters', () => {
  const table: RouteTable = {
    statics: new Set(),
    dynamics: [{ page: '/api/data/[provider]/[dataset]', regex: /^\/api\/data\/([^/]+?)\/([^/]+?)(?:\/)?$/, names: ['provider', 'dataset'] }],
  };
  test('decoded as Next decodes them', () => {
    expect(routeParams(table, '/api/data/[provider]/[dataset]', '/api/data/sk-uzemie/obce%20a')).toEqual({ provider: 'sk-uzemie', dataset: 'obce a' });
  });
  test('null for another path or one that does not decode', () => {
    expect(routeParams(table, '/api/data/[provider]/[dataset]', '/api/data/a/b/c')).toBeNull();
    expect(routeParams(table, '/api/data/[provider]/[dataset]', '/api/data/a/%E0%A4%A')).toBeNull();
    expect(routeParams(table, '/api/summary/[provider]/[dataset]', '/api/data/a/b')).toBeNull();
  });
});
