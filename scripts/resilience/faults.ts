// Faults: a real provider on 127.0.0.1 (tests/helpers/provider-server.ts) registered through
// POST /api/registration and approved with the operator CLI, then broken one way per dataset.
// Every GET /api/data/... must answer within 15 s with its code (502 + code, never a 500 or a hang),
// and a dataset that was fetched before must be answered from its stale copy
// (X-DM-Cache: stale + dm.notice) once its ttl has passed.
//
//   npm run resilience:faults
import { pointCollection, startProviderServer, type Fault, type FaultName, type ProviderServer } from '../../tests/helpers/provider-server';
import { healthy, json, NoAnswer, parseArgs, pool, printResult, request, sleep, table, type PartOptions, type PartResult, type Reply } from './common';
import { cleanupAll, operatorAsync, pgliteCopy, startPortal, type Portal } from './portal';

const CLIENT_TIMEOUT_MS = 15_000;
/** Fresh lifetime the provider announces (dm.ttl), so the copies expire during the run. */
const TTL_SECONDS = 1;

interface FaultCase {
  name: string;
  fault: Fault | FaultName;
  /** Codes a 502 may carry; empty = the answer is a 200 (the fault is tolerated). */
  codes: string[];
  /** What the provider does, for the table. */
  what: string;
  /** Extra check on a 200 answer. */
  check200?: (body: DataBody) => string | null;
}

interface DataBody {
  type?: string;
  features?: unknown[];
  dm?: { notice?: string | null; truncated?: boolean; total?: number };
  code?: string;
  error?: string;
}

function cases(canaryPort: number): FaultCase[] {
  return [
    { name: '500', fault: '500', codes: ['http_error'], what: 'HTTP 500' },
    { name: '502', fault: '502', codes: ['http_error'], what: 'HTTP 502' },
    { name: '503', fault: '503', codes: ['http_error'], what: 'HTTP 503' },
    { name: '504', fault: '504', codes: ['http_error'], what: 'HTTP 504' },
    { name: '404', fault: '404', codes: ['http_error'], what: 'HTTP 404' },
    { name: 'hang', fault: 'hang', codes: ['timeout'], what: 'accepts, never answers' },
    { name: 'reset', fault: 'reset', codes: ['source_unreachable'], what: 'connection reset on arrival' },
    { name: 'reset-mid-body', fault: 'reset-mid-body', codes: ['source_unreachable'], what: 'reset after part of the body' },
    { name: 'slow-body', fault: 'slow-body', codes: ['timeout'], what: 'headers, then 1 byte / 250 ms forever' },
    {
      name: 'lying-length-short',
      fault: { type: 'lying-length', declared: 40, actualBytes: 16 * 1024 * 1024 },
      codes: ['empty_body', 'invalid_json'],
      what: 'Content-Length 40, sends 16 MB',
    },
    {
      name: 'lying-length-long',
      fault: { type: 'lying-length', declared: 1_000_000, actualBytes: 100 },
      codes: ['source_unreachable'],
      what: 'Content-Length 1 MB, sends 100 B and closes',
    },
    { name: 'gzip-bomb', fault: 'gzip-bomb', codes: ['response_too_large'], what: 'gzip inflating to 64 MB' },
    { name: 'big-body', fault: 'big-body', codes: ['response_too_large'], what: '16 MB chunked body' },
    { name: 'invalid-json', fault: 'invalid-json', codes: ['invalid_json'], what: 'truncated JSON' },
    { name: 'empty-body', fault: 'empty-body', codes: ['empty_body'], what: '200 with no body' },
    { name: 'html-page', fault: 'not-image', codes: ['invalid_json'], what: '200 text/html page' },
    {
      name: 'not-geojson',
      fault: { type: 'status', status: 200, body: '{"hello":"world"}', headers: { 'content-type': 'application/json' } },
      codes: ['data_schema_mismatch'],
      what: 'JSON that is not a FeatureCollection',
    },
    {
      name: 'wrong-content-type',
      fault: 'wrong-content-type',
      codes: [],
      what: 'valid GeoJSON sent as text/html',
      check200: (b) => (Array.isArray(b.features) && b.features.length === 20 ? null : `expected the 20 features, got ${b.features?.length}`),
    },
    {
      name: '5001-objects',
      fault: { type: 'features', count: 5001 },
      codes: [],
      what: '5,001 features',
      check200: (b) =>
        b.features?.length === 5000 && b.dm?.truncated === true ? null : `expected 5000 features and dm.truncated, got ${b.features?.length} / ${b.dm?.truncated}`,
    },
    { name: 'redirect-loop', fault: 'redirect-loop', codes: ['source_error'], what: 'redirects to itself forever' },
    { name: 'redirect-private', fault: { type: 'redirect', location: 'http://10.0.0.1/data.json' }, codes: ['source_error'], what: 'redirect to http://10.0.0.1' },
    {
      name: 'redirect-loopback',
      fault: { type: 'redirect', location: `http://127.0.0.1:${canaryPort}/secret.json` },
      codes: ['source_error'],
      what: 'redirect to another 127.0.0.1 port',
    },
    {
      name: 'redirect-metadata',
      fault: { type: 'redirect', location: 'https://169.254.169.254/latest/meta-data/' },
      codes: ['source_error'],
      what: 'redirect to cloud metadata',
    },
  ];
}

function manifestFor(providerId: string, provider: ProviderServer, ids: string[]) {
  return {
    protocol: '0.1',
    provider: { id: providerId, name: 'Odolnosť: poruchy zdroja', homepage: 'https://example.sk/' },
    license: { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/', attribution: 'Testovací poskytovateľ' },
    datasets: ids.map((id) => ({
      id,
      title: `Porucha ${id}`,
      description: 'Body na Slovensku od testovacieho poskytovateľa, ktorý sa pokazí.',
      category: 'sample',
      keywords: ['test', 'porucha'],
      useCases: ['business'],
      coverage: { bbox: [16.8, 47.7, 22.6, 49.6], area: 'Slovensko' },
      source: { type: 'geojson', url: `${provider.url}/data/${id}.json`, mode: 'full', maxFeatures: 5000 },
      fields: [{ key: 'name', label: 'Názov' }],
      presentation: { type: 'circle', color: '#336699' },
    })),
  };
}

interface Outcome {
  name: string;
  what: string;
  cold: string;
  coldMs: number;
  warm: string;
  ok: boolean;
}

async function get(portal: Portal, path: string): Promise<{ r?: Reply; body?: DataBody; err?: string }> {
  try {
    const r = await request(portal.url, path, { timeoutMs: CLIENT_TIMEOUT_MS });
    return { r, body: json(r) as DataBody | undefined };
  } catch (e) {
    return { err: e instanceof NoAnswer ? e.message : String(e) };
  }
}

export async function runFaults(opts: PartOptions): Promise<PartResult> {
  const started = performance.now();
  const failures: string[] = [];
  const provider = await startProviderServer();
  const canary = await startProviderServer();
  let portal: Portal | undefined;
  try {
    const all = cases(canary.port);
    const providerId = `odolnost-${process.pid}`;
    // Plus one healthy dataset, read with Accept-Encoding: gzip on its miss.
    const ids = [...all.flatMap((c) => [`${c.name}-c`, `${c.name}-w`]), 'gzip-miss'];
    for (const id of ids) provider.setBody(`/data/${id}.json`, { ...pointCollection(20), dm: { ttl: TTL_SECONDS } });
    provider.setBody('/manifest.json', manifestFor(providerId, provider, ids));

    const dir = await pgliteCopy('faults');
    portal = await startPortal({ name: 'faults', pgliteDir: dir, env: { ALLOW_INSECURE_SOURCES: provider.hostPort } });

    // Register as any provider would, then approve as the operator does.
    const reg = await request(portal.url, '/api/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ manifestUrl: `${provider.url}/manifest.json` }),
      timeoutMs: 120_000,
    });
    if (reg.status !== 201) throw new Error(`registration answered ${reg.status}: ${reg.body.toString().slice(0, 400)}`);
    // Asynchronously: the provider lives in this process and must keep answering meanwhile.
    const approved = await operatorAsync(portal, ['approve', providerId]);
    if (approved.status !== 0) throw new Error(`operator approve failed (${approved.status}): ${approved.stderr || approved.stdout}`);
    const catalog = json(await request(portal.url, '/api/catalog')) as { datasets: Array<{ key: string }> };
    const listed = catalog.datasets.filter((d) => d.key.startsWith(`${providerId}/`)).length;
    if (listed !== ids.length) failures.push(`catalog lists ${listed} of the ${ids.length} approved datasets`);

    // A miss answered with gzip must decode (once) to the collection.
    let gzipOk = false;
    {
      const r = await request(portal.url, `/api/data/${providerId}/gzip-miss`, { headers: { 'accept-encoding': 'gzip' }, timeoutMs: CLIENT_TIMEOUT_MS });
      const body = json(r) as DataBody | undefined;
      gzipOk = r.status === 200 && body?.type === 'FeatureCollection';
      if (!gzipOk) {
        const head = r.body.subarray(0, 2).toString('hex');
        failures.push(
          `gzip: GET /api/data/${providerId}/gzip-miss with Accept-Encoding: gzip answered ${r.status} X-DM-Cache ${String(r.headers['x-dm-cache'])}, ` +
            `content-encoding ${String(r.headers['content-encoding'])}, and the body after one gunzip ${head === '1f8b' ? 'is gzip again (compressed twice)' : 'is not JSON'}`,
        );
      }
    }

    // Warm copies: one successful fetch each.
    for (const c of all) {
      const { r, err } = await get(portal, `/api/data/${providerId}/${c.name}-w`);
      if (!r || r.status !== 200) throw new Error(`warm-up of ${c.name}-w failed: ${r?.status ?? err}`);
    }
    for (const c of all) {
      provider.setFault(`/data/${c.name}-c.json`, c.fault);
      provider.setFault(`/data/${c.name}-w.json`, c.fault);
    }
    await sleep(TTL_SECONDS * 1000 + 500);

    const outcomes: Outcome[] = [];
    await pool(all, 6, async (c) => {
      const problems: string[] = [];
      // Cold: no copy exists, so the client gets the source's failure as its code.
      const cold = await get(portal!, `/api/data/${providerId}/${c.name}-c`);
      let coldText: string;
      if (!cold.r) {
        coldText = `no answer (${cold.err})`;
        problems.push(`cold: ${coldText}`);
      } else {
        const code = cold.body?.code;
        coldText = cold.r.status === 200 ? `200 ${cold.r.headers['x-dm-cache'] ?? ''}`.trim() : `${cold.r.status} ${code ?? '(no code)'}`;
        if (c.codes.length) {
          if (cold.r.status !== 502 || !code || !c.codes.includes(code)) problems.push(`cold: expected 502 ${c.codes.join('|')}, got ${coldText}`);
          if (typeof cold.body?.error !== 'string') problems.push('cold: error body without `error`');
        } else if (cold.r.status !== 200) {
          problems.push(`cold: expected 200, got ${coldText}`);
        } else {
          const bad = c.check200?.(cold.body ?? {});
          if (bad) problems.push(`cold: ${bad}`);
        }
      }

      // Warm: the copy expired; a failing source must give the stale copy with a notice. While the
      // refresh is still running (hang, slow body: up to 10 s) the copy answers as a revalidating hit.
      let warmText = '';
      const seen: string[] = [];
      const until = Date.now() + 30_000;
      for (;;) {
        const w = await get(portal!, `/api/data/${providerId}/${c.name}-w`);
        const state = w.r ? `${w.r.status} ${w.r.headers['x-dm-cache'] ?? ''}`.trim() : `no answer (${w.err})`;
        seen.push(state);
        if (!w.r) {
          problems.push(`warm: ${state}`);
          break;
        }
        if (w.r.status !== 200) {
          problems.push(`warm: expected 200 from the copy, got ${w.r.status} ${w.body?.code ?? ''}`);
          break;
        }
        const cache = String(w.r.headers['x-dm-cache'] ?? '');
        if (!c.codes.length) {
          // A tolerated fault: the refresh succeeds (miss); until it lands the copy answers as a hit.
          if (cache === 'miss') {
            const bad = c.check200?.(w.body ?? {});
            if (bad) problems.push(`warm: ${bad}`);
            break;
          }
          if (cache !== 'hit') {
            problems.push(`warm: expected hit or miss, got ${cache || '(none)'}`);
            break;
          }
        } else if (cache === 'stale') {
          if (!w.body?.dm?.notice) problems.push('warm: stale answer without dm.notice');
          if (w.body?.features?.length !== 20) problems.push(`warm: stale copy has ${w.body?.features?.length} features, expected 20`);
          warmText = `stale, notice "${String(w.body?.dm?.notice).slice(0, 60)}…"`;
          break;
        } else if (cache !== 'hit') {
          problems.push(`warm: unexpected X-DM-Cache ${cache || '(none)'}`);
          break;
        }
        if (Date.now() > until) {
          problems.push(`warm: no stale answer within 30 s (${seen.join(', ')})`);
          break;
        }
        await sleep(1_000);
      }
      const path = seen.length > 1 ? `${seen[0]} … ${seen[seen.length - 1]} (${seen.length} requests)` : seen[0];
      warmText = warmText ? `${path} → ${warmText}` : path;
      outcomes.push({ name: c.name, what: c.what, cold: coldText, coldMs: cold.r?.ms ?? CLIENT_TIMEOUT_MS, warm: warmText, ok: problems.length === 0 });
      for (const p of problems) failures.push(`${c.name}: ${p}`);
    });

    if (canary.requests() > 0) failures.push(`the loopback canary got ${canary.requests()} request(s) through a redirect`);
    const alive = portal.alive() && (await healthy(portal.url));
    if (!alive) failures.push(`server not healthy after the faults; log tail:\n${portal.logTail(20)}`);
    const logged = (portal.logTail(100_000).match(/unexpected error|request failed/g) ?? []).length;
    if (logged) failures.push(`the server logged ${logged} unexpected error(s); see ${portal.logFile}`);

    outcomes.sort((a, b) => all.findIndex((c) => c.name === a.name) - all.findIndex((c) => c.name === b.name));
    console.log('\nfaults: per fault (cold = no copy, warm = a copy past its ttl)');
    console.log(
      table([
        ['fault', 'provider does', 'cold answer', 'cold time', 'warm answers', 'ok'],
        ...outcomes.map((o) => [o.name, o.what, o.cold, `${(o.coldMs / 1000).toFixed(2)} s`, o.warm, o.ok ? 'yes' : 'NO']),
      ]),
    );
    const slowest = Math.max(...outcomes.map((o) => o.coldMs));
    return {
      name: 'faults',
      ok: failures.length === 0,
      durationMs: performance.now() - started,
      figures: [
        ['faults', String(all.length)],
        ['answered with the expected code or 200', `${outcomes.filter((o) => o.ok).length} / ${outcomes.length}`],
        ['stale copies served (where the fault is an error)', `${outcomes.filter((o) => o.warm.includes('stale')).length} / ${all.filter((c) => c.codes.length).length}`],
        ['slowest answer without a copy', `${(slowest / 1000).toFixed(2)} s (client limit 15 s)`],
        ['responses >= 500', String(outcomes.filter((o) => /^5\d\d/.test(o.cold) && !o.cold.startsWith('502')).length)],
        ['canary requests through redirects', String(canary.requests())],
        ['gzip answer of a miss decodes to JSON', gzipOk ? 'yes' : 'NO (compressed twice)'],
        ['server RSS after', portal.rssKb() === null ? '-' : `${Math.round(portal.rssKb()! / 1024)} MB`],
        ['server healthy afterwards', alive ? 'yes' : 'NO'],
      ],
      failures,
    };
  } finally {
    await portal?.stop();
    await provider.close();
    await canary.close();
    void opts;
  }
}

if (process.argv[1]?.endsWith('faults.ts')) {
  const opts = parseArgs();
  runFaults(opts)
    .then(async (r) => {
      printResult(r);
      await cleanupAll(opts.keep);
      process.exit(r.ok ? 0 : 1);
    })
    .catch(async (e: unknown) => {
      console.error(e);
      await cleanupAll(opts.keep);
      process.exit(1);
    });
}
