// The crowd mix of `npm run bench -- load`: thousands of distinct requests as many different people
// send them, drawn with a seeded PRNG from the reference data (never from what the bench measured
// before, so a seed the code was not tuned on is a held-out set):
//   places   street + municipality names and municipality names alone, with and without diacritics
//   reverse  points near random municipalities (/api/places/reverse)
//   nearby   points near random municipalities, random radius, the point datasets of the portal
//   summary  a summary dataset of the portal for a random municipality (by code)
//   mcp      tools/call of find_place, nearby and summary with arguments of the same kind
// Each request is sent once per pass over the pool, in a seeded order shared by all connections
// (a request repeats only after the whole pool, i.e. after seconds), with `Accept-Encoding: gzip`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prng } from '../resilience/common';
import { autocannon, MCP_HEADERS, type AcRequest, type AcResult, type KindStats } from '../resilience/load';
import { ROOT } from '../resilience/portal';

export interface CrowdRequest {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Municipality {
  code: string;
  name: string;
  lon: number;
  lat: number;
}
interface Street {
  name: string;
  ascii: string;
  municipality: string;
}

/** The reference data directory the portal imports from (REFERENCE_DATA_DIR, else ../shared/data/sk). */
function referenceDir(): string {
  return process.env.REFERENCE_DATA_DIR ? path.resolve(process.env.REFERENCE_DATA_DIR) : path.resolve(ROOT, '..', 'shared/data/sk');
}

/** Rows of a CSV whose leading columns hold no quotes (quoted text only in the last column). */
function rows(file: string): string[][] {
  const lines = readFileSync(path.join(referenceDir(), file), 'utf8').split(/\r?\n/).filter(Boolean);
  return lines.slice(1).map((l) => l.split(','));
}

function load(): { municipalities: Municipality[]; streets: Street[] } {
  // postal-codes/municipalities.csv: municipality_code, municipality_name, …, latitude (9), longitude (10)
  const municipalities = rows('postal-codes/municipalities.csv')
    .map((r) => ({ code: r[0], name: r[1], lat: Number(r[9]), lon: Number(r[10]) }))
    .filter((m) => m.code && m.name && Number.isFinite(m.lon) && Number.isFinite(m.lat));
  // postal-codes/streets.csv: postal_code, municipality_code, municipality_name, street_code, street_name, street_name_ascii, …
  const streets = rows('postal-codes/streets.csv')
    .map((r) => ({ municipality: r[2], name: r[4], ascii: r[5] }))
    .filter((s) => s.name && s.municipality);
  return { municipalities, streets };
}

const stripDiacritics = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

function mcp(id: number, name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

/**
 * `size` distinct requests (duplicates drawn by chance are dropped), in a seeded order.
 * `pointKeys`: datasets for nearby; `summaryKeys`: datasets with a per-municipality summary.
 */
export function crowdRequests(o: { seed: number; size: number; pointKeys: string[]; summaryKeys: string[] }): CrowdRequest[] {
  const { municipalities, streets } = load();
  const rnd = prng(o.seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  // A point within about 2 km of a municipality's centre, rounded as a map click sends it.
  const near = (m: Municipality): [number, number] => [
    Number((m.lon + (rnd() - 0.5) * 0.05).toFixed(5)),
    Number((m.lat + (rnd() - 0.5) * 0.035).toFixed(5)),
  ];
  const maybeAscii = (s: string) => (rnd() < 0.4 ? stripDiacritics(s) : s);
  const placeQuery = (): string => {
    const r = rnd();
    if (r < 0.5) {
      const s = pick(streets);
      return rnd() < 0.4 ? `${s.ascii}, ${stripDiacritics(s.municipality)}` : `${s.name}, ${s.municipality}`;
    }
    if (r < 0.6) {
      const s = pick(streets);
      return `${maybeAscii(s.name)} ${int(1, 60)}, ${maybeAscii(s.municipality)}`;
    }
    return maybeAscii(pick(municipalities).name);
  };

  const kinds: Array<{ weight: number; make: (id: number) => CrowdRequest | null }> = [
    {
      weight: 30,
      make: () => {
        const max = pick([3, 5, 5, 10]);
        return { kind: 'crowd: places', method: 'GET', path: `/api/places?query=${encodeURIComponent(placeQuery())}${max === 5 ? '' : `&max=${max}`}` };
      },
    },
    {
      weight: 15,
      make: () => ({ kind: 'crowd: reverse', method: 'GET', path: `/api/places/reverse?point=${near(pick(municipalities)).join(',')}` }),
    },
    {
      weight: 20,
      make: () =>
        o.pointKeys.length
          ? {
              kind: 'crowd: nearby',
              method: 'GET',
              path: `/api/nearby?point=${near(pick(municipalities)).join(',')}&radius=${pick([500, 1000, 2000, 5000])}&datasets=${encodeURIComponent(o.pointKeys.join(','))}`,
            }
          : null,
    },
    {
      weight: 15,
      make: () =>
        o.summaryKeys.length
          ? { kind: 'crowd: summary', method: 'GET', path: `/api/summary/${pick(o.summaryKeys)}?municipality=${pick(municipalities).code}` }
          : null,
    },
    {
      weight: 20,
      make: (id) => {
        const tool = rnd();
        if (tool < 0.4) return { kind: 'crowd: mcp tools/call', method: 'POST', path: '/mcp', body: mcp(id, 'find_place', { query: placeQuery(), maxResults: pick([3, 5]) }) };
        if (tool < 0.7 && o.pointKeys.length)
          return {
            kind: 'crowd: mcp tools/call',
            method: 'POST',
            path: '/mcp',
            body: mcp(id, 'nearby', { point: near(pick(municipalities)), datasets: o.pointKeys, radius: pick([1000, 3000]) }),
          };
        if (!o.summaryKeys.length) return null;
        return {
          kind: 'crowd: mcp tools/call',
          method: 'POST',
          path: '/mcp',
          body: mcp(id, 'summary', { dataset: pick(o.summaryKeys), municipality: pick(municipalities).code }),
        };
      },
    },
  ];
  const total = kinds.reduce((s, k) => s + k.weight, 0);
  const seen = new Set<string>();
  const out: CrowdRequest[] = [];
  for (let attempts = 0; out.length < o.size && attempts < o.size * 4; attempts++) {
    let r = rnd() * total;
    const kind = kinds.find((k) => (r -= k.weight) < 0) ?? kinds[0];
    const req = kind.make(out.length + 1);
    if (!req) continue;
    // The JSON-RPC id differs per request; distinctness is about the tool call itself.
    const key = `${req.method} ${req.path} ${req.body?.replace(/"id":\d+,/, '') ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(req);
  }
  return out;
}

/**
 * The pool under autocannon: one dynamic request whose setup takes the next request of the pool
 * (one cursor shared by every connection), so no two connections send the same request together.
 * Latencies per kind are measured in the client (request sent to last byte).
 */
export async function runCrowd(
  url: string,
  pool: CrowdRequest[],
  o: { connections: number; durationS: number },
): Promise<{ result: AcResult; perKind: Map<string, KindStats> }> {
  let cursor = 0;
  const perKind = new Map<string, KindStats>();
  const request: AcRequest = {
    path: '/',
    setupRequest: (req, context) => {
      const it = pool[cursor++ % pool.length];
      context.kind = it.kind;
      context.t0 = performance.now();
      return {
        ...req,
        method: it.method,
        path: it.path,
        body: it.body,
        headers: { ...(it.body ? MCP_HEADERS : { accept: 'application/json' }), 'accept-encoding': 'gzip' },
      };
    },
    onResponse: (status, _body, context) => {
      const kind = context.kind as string;
      const k = perKind.get(kind) ?? { latencies: [] as number[], statuses: new Map<number, number>() };
      perKind.set(kind, k);
      k.latencies.push(performance.now() - (context.t0 as number));
      k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
    },
  };
  const result = await autocannon({ url, connections: o.connections, duration: o.durationS, timeout: 15, requests: [request] });
  // A pool smaller than the requests sent repeats some, and a repeat is a stored answer, not a crowd's.
  if (cursor > pool.length) {
    console.warn(
      `bench load: the crowd pool wrapped: ${(cursor - pool.length).toLocaleString('en')} of ${cursor.toLocaleString('en')} requests repeated one ` +
        `already sent (stored answers); these figures overstate a crowd. Run again with --crowd=${Math.ceil((cursor * 1.5) / 1000) * 1000}.`,
    );
  }
  return { result, perKind };
}
