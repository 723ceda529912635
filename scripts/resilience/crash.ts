// Crash safety: the portal is killed with SIGKILL while providers register (concurrent
// POST /api/registration to fake providers on 127.0.0.1), while the operator approves them (the
// operator CLI) and while data misses write the cache, then started again; 20 times (short form: 3)
// on each driver: the embedded PGlite directory and a throwaway PostgreSQL database.
//
// Afterwards: every registration a client got 201 for exists exactly once and whole (provider row,
// its dataset rows, one `registered` event); every approval the CLI confirmed is in place with one
// `approved` event; no registration exists half-written; every data_cache row gunzips to the
// FeatureCollection its etag and size describe; the server started cleanly after every kill (stale
// lock file and socket of the killed PGlite host taken over).
//
//   npm run resilience:crash [-- --short]
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import postgres from 'postgres';
import { pointCollection, startProviderServer, type ProviderServer, type RecordedRequest } from '../../tests/helpers/provider-server';
import { json, mb, parseArgs, printResult, prng, request, sleep, table, type PartOptions, type PartResult } from './common';
import { cleanupAll, createThrowawayDatabase, operatorAsync, pgliteCopy, startPortal, type Portal, type PortalOptions } from './portal';

type Driver = 'embedded' | 'postgres';

interface Attempt {
  id: string;
  manifestUrl: string;
  status: number | 'no answer';
  iteration: number;
}

interface DriverReport {
  driver: Driver;
  kills: number;
  startMs: number[];
  staleLocks: number;
  registrationsSent: number;
  registrations201: number;
  registrationsNoAnswer: number;
  registrationsOther: Map<string, number>;
  approvalsConfirmed: number;
  approvalsFailed: number;
  dataSent: number;
  dataMisses: number;
  dataNoAnswer: number;
  providersInDb: number;
  halfWritten: number;
  cacheRows: number;
  cacheBad: number;
  rssAfterKb: number | null;
  failures: string[];
}

const DATASET = 'body';
const SK = { minLon: 16.9, minLat: 47.8, maxLon: 22.4, maxLat: 49.5 };

function manifest(provider: ProviderServer, id: string, n: number) {
  return {
    protocol: '0.1',
    provider: { id, name: `Odolnosť pád ${n}`, homepage: 'https://example.sk/' },
    license: { name: 'CC0 1.0', attribution: 'Testovací poskytovateľ' },
    datasets: [
      {
        id: DATASET,
        title: 'Body podľa výrezu',
        description: 'Body v požadovanom výreze mapy.',
        category: 'sample',
        keywords: ['test'],
        useCases: ['business'],
        coverage: { bbox: [SK.minLon, SK.minLat, SK.maxLon, SK.maxLat], area: 'Slovensko', minZoom: 8 },
        source: { type: 'geojson', url: `${provider.url}/m/${id}/data.json`, mode: 'bbox', maxFeatures: 500 },
        fields: [{ key: 'name', label: 'Názov' }],
        presentation: { type: 'circle', color: '#aa3366' },
      },
    ],
  };
}

/** 300 points inside the requested bbox: a cache entry of a few kB per key. */
function pointsInBbox(req: RecordedRequest) {
  const [a, b, c, d] = (req.query.bbox ?? `${SK.minLon},${SK.minLat},${SK.maxLon},${SK.maxLat}`).split(',').map(Number);
  const base = pointCollection(300);
  for (const [i, f] of (base.features as Array<{ geometry: { coordinates: number[] } }>).entries()) {
    f.geometry.coordinates = [Number((a + ((c - a) * ((i * 37) % 300)) / 300).toFixed(6)), Number((b + ((d - b) * ((i * 61) % 300)) / 300).toFixed(6))];
  }
  return { ...base, dm: { ttl: 3600 } };
}

/** A different client address per registration (127.0.0.2-254), so the per-address limit of 5/min stays out of the way. */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter = (addressCounter % 253) + 1;
  return `127.0.0.${addressCounter + 1}`;
}

async function register(base: string, manifestUrl: string): Promise<number | 'no answer'> {
  try {
    const r = await request(base, '/api/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ manifestUrl }),
      localAddress: nextAddress(),
      timeoutMs: 60_000,
    });
    return r.status;
  } catch {
    return 'no answer';
  }
}

function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** A SQL client to the server's database: PGlite through the live host's socket, or PostgreSQL. */
function sqlFor(portal: Portal): postgres.Sql {
  if (portal.databaseUrl) return postgres(portal.databaseUrl, { max: 1, onnotice: () => undefined });
  const lock = JSON.parse(readFileSync(path.join(portal.pgliteDir!, 'portal.lock'), 'utf8')) as { socket: string };
  return postgres({ path: lock.socket, username: 'postgres', database: 'postgres', prepare: false, max: 1, onnotice: () => undefined });
}

async function runDriver(driver: Driver, opts: PartOptions, provider: ProviderServer): Promise<DriverReport> {
  const kills = opts.short ? 3 : 20;
  const rand = prng(opts.seed + (driver === 'embedded' ? 0 : 1000));
  const tag = `${driver === 'embedded' ? 'e' : 'p'}${process.pid}`;
  const rep: DriverReport = {
    driver,
    kills: 0,
    startMs: [],
    staleLocks: 0,
    registrationsSent: 0,
    registrations201: 0,
    registrationsNoAnswer: 0,
    registrationsOther: new Map(),
    approvalsConfirmed: 0,
    approvalsFailed: 0,
    dataSent: 0,
    dataMisses: 0,
    dataNoAnswer: 0,
    providersInDb: 0,
    halfWritten: 0,
    cacheRows: 0,
    cacheBad: 0,
    rssAfterKb: null,
    failures: [],
  };
  const f = rep.failures;

  const options: PortalOptions =
    driver === 'embedded'
      ? { name: `crash-${driver}`, pgliteDir: await pgliteCopy(`crash-${driver}`) }
      : { name: `crash-${driver}`, databaseUrl: createThrowawayDatabase('crash') };
  options.env = { ALLOW_INSECURE_SOURCES: provider.hostPort, MANIFEST_REFRESH_MINUTES: '0' };

  const ids: string[] = [];
  const newProvider = () => {
    const n = ids.length;
    const id = `crash-${tag}-${n}`;
    ids.push(id);
    provider.setBody(`/m/${id}/manifest.json`, manifest(provider, id, n));
    provider.setBody(`/m/${id}/data.json`, pointsInBbox);
    return { id, manifestUrl: `${provider.url}/m/${id}/manifest.json` };
  };

  let portal = await startPortal({ ...options, readyTimeoutMs: 900_000 });
  options.port = portal.port;
  rep.startMs.push(portal.startMs);

  // The provider whose data misses fill the cache: registered and approved before the kills.
  const baseProvider = newProvider();
  const baseReg = await register(portal.url, baseProvider.manifestUrl);
  if (baseReg !== 201) throw new Error(`${driver}: registering the base provider answered ${baseReg}`);
  const ok = await operatorAsync(portal, ['approve', baseProvider.id]);
  if (ok.status !== 0) throw new Error(`${driver}: approving the base provider failed: ${ok.stderr || ok.stdout}`);

  const attempts: Attempt[] = [{ ...baseProvider, status: 201, iteration: -1 }];
  const approvedAck = new Set<string>([baseProvider.id]);
  const approvalTried = new Set<string>([baseProvider.id]);

  for (let it = 0; it < kills; it++) {
    const work: Promise<void>[] = [];
    // Registrations of new providers.
    for (let k = 0; k < 4; k++) {
      const p = newProvider();
      rep.registrationsSent++;
      work.push(
        register(portal.url, p.manifestUrl).then((status) => {
          attempts.push({ ...p, status, iteration: it });
        }),
      );
    }
    // Approvals of providers registered (201) in earlier rounds.
    const candidates = attempts.filter((a) => a.status === 201 && !approvalTried.has(a.id)).slice(0, 2);
    for (const a of candidates) {
      approvalTried.add(a.id);
      work.push(
        operatorAsync(portal, ['approve', a.id], 60_000).then((r) => {
          if (r.status === 0 && /Approved|already approved/.test(r.stdout)) approvedAck.add(a.id);
          else rep.approvalsFailed++;
        }),
      );
    }
    // Data misses: viewports all over Slovakia at zoom 12, each a new cache entry.
    for (let k = 0; k < 12; k++) {
      const x = SK.minLon + rand() * (SK.maxLon - SK.minLon - 0.1);
      const y = SK.minLat + rand() * (SK.maxLat - SK.minLat - 0.1);
      const bbox = [x, y, x + 0.05, y + 0.03].map((v) => v.toFixed(5)).join(',');
      rep.dataSent++;
      work.push(
        request(portal.url, `/api/data/${baseProvider.id}/${DATASET}?bbox=${bbox}&zoom=12`, { timeoutMs: 30_000 })
          .then((r) => {
            if (r.status === 200 && r.headers['x-dm-cache'] === 'miss') rep.dataMisses++;
            else if (r.status !== 200) f.push(`${driver} round ${it}: data request answered ${r.status}: ${r.body.toString().slice(0, 200)}`);
          })
          .catch(() => {
            rep.dataNoAnswer++;
          }),
      );
    }

    // Kill while all that is in flight: early (before any write) to late (most writes done).
    await sleep(50 + Math.floor(rand() * 1_500));
    await portal.kill();
    rep.kills++;
    await Promise.all(work);

    // The killed host's lock file (and socket) stay behind, unless an operator CLI started meanwhile
    // found the host dead, opened the directory itself and released it when done.
    if (driver === 'embedded') {
      const lockFile = path.join(portal.pgliteDir!, 'portal.lock');
      const lock = existsSync(lockFile) ? (JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number }) : null;
      if (lock?.pid === portal.pid) rep.staleLocks++;
    }
    try {
      portal = await startPortal({ ...options, readyTimeoutMs: 300_000 });
      rep.startMs.push(portal.startMs);
    } catch (e) {
      f.push(`${driver}: the server did not start after kill ${it + 1}: ${(e as Error).message}`);
      return rep;
    }
    console.log(`crash ${driver}: kill ${it + 1}/${kills} done, restarted in ${(portal.startMs / 1000).toFixed(1)} s`);
  }

  // ---- Checks against the database of the restarted server
  const sql = sqlFor(portal);
  try {
    const ours = `crash-${tag}-%`;
    const providers = await sql<{ id: string; manifest_url: string; approval: string; fingerprint: string; approved_fingerprint: string | null }[]>`
      select id, manifest_url, approval, fingerprint, approved_fingerprint from providers where id like ${ours}`;
    const datasets = await sql<{ provider_id: string; approved: boolean }[]>`
      select provider_id, approved from provider_datasets where provider_id like ${ours}`;
    const events = await sql<{ provider_id: string; action: string; n: number }[]>`
      select provider_id, action, count(*)::int as n from provider_events where provider_id like ${ours} group by provider_id, action`;
    rep.providersInDb = providers.length;
    const byId = new Map(providers.map((p) => [p.id, p]));
    const eventCount = (id: string, action: string) => events.find((e) => e.provider_id === id && e.action === action)?.n ?? 0;

    for (const a of attempts) {
      if (a.status === 201) rep.registrations201++;
      else if (a.status === 'no answer') rep.registrationsNoAnswer++;
      else rep.registrationsOther.set(String(a.status), (rep.registrationsOther.get(String(a.status)) ?? 0) + 1);
    }
    rep.registrations201--; // the base provider is not one of the registrations under fire
    for (const a of attempts.filter((x) => x.status === 201)) {
      const row = byId.get(a.id);
      if (!row) f.push(`${driver}: registration LOST: ${a.id} got 201 (round ${a.iteration}) but is not in the database`);
      else if (row.manifest_url !== a.manifestUrl) f.push(`${driver}: ${a.id} has manifest_url ${row.manifest_url}, expected ${a.manifestUrl}`);
      if (eventCount(a.id, 'registered') !== 1) f.push(`${driver}: ${a.id} has ${eventCount(a.id, 'registered')} 'registered' events, expected 1`);
    }
    for (const a of attempts.filter((x) => x.status !== 201 && x.status !== 'no answer')) {
      if (byId.has(a.id)) f.push(`${driver}: ${a.id} answered ${a.status} but was registered anyway`);
    }
    // Whole or nothing: every provider row has its dataset row and exactly one registered event.
    for (const p of providers) {
      const ds = datasets.filter((d) => d.provider_id === p.id);
      const whole = ds.length === 1 && eventCount(p.id, 'registered') === 1;
      if (!whole) {
        rep.halfWritten++;
        f.push(`${driver}: HALF-WRITTEN registration ${p.id}: ${ds.length} dataset row(s), ${eventCount(p.id, 'registered')} registered event(s)`);
      }
    }
    for (const id of approvedAck) {
      const row = byId.get(id);
      if (!row || row.approval !== 'approved' || row.approved_fingerprint !== row.fingerprint) {
        f.push(`${driver}: approval LOST: ${id} was confirmed by the CLI but is ${row?.approval ?? 'missing'}`);
      } else if (!datasets.some((d) => d.provider_id === id && d.approved)) {
        f.push(`${driver}: ${id} approved without its approved dataset row`);
      }
      if (eventCount(id, 'approved') !== 1) f.push(`${driver}: ${id} has ${eventCount(id, 'approved')} 'approved' events, expected 1`);
    }
    for (const p of providers) {
      if (eventCount(p.id, 'approved') > 1) f.push(`${driver}: approval DOUBLED: ${p.id} has ${eventCount(p.id, 'approved')} 'approved' events`);
      if (p.approval === 'approved' && eventCount(p.id, 'approved') === 0) f.push(`${driver}: ${p.id} is approved without an 'approved' event`);
    }
    rep.approvalsConfirmed = approvedAck.size - 1;

    // The cache: every row whole and self-consistent.
    const rows = await sql<{ key: string; body: Buffer; body_size: number; etag: string; created_at: Date; expires_at: Date; stale_until: Date }[]>`
      select key, body, body_size, etag, created_at, expires_at, stale_until from data_cache where dataset_key = ${`${baseProvider.id}/${DATASET}`}`;
    rep.cacheRows = rows.length;
    for (const r of rows) {
      const problem = (() => {
        if (r.body.length !== r.body_size) return `body_size ${r.body_size} but ${r.body.length} bytes stored`;
        let plain: Buffer;
        try {
          plain = gunzipSync(r.body);
        } catch (e) {
          return `body does not gunzip: ${(e as Error).message}`;
        }
        let doc: { type?: string; features?: unknown[] };
        try {
          doc = JSON.parse(plain.toString('utf8')) as typeof doc;
        } catch {
          return 'body is not JSON';
        }
        if (doc.type !== 'FeatureCollection' || !Array.isArray(doc.features)) return 'body is not a FeatureCollection';
        if (strongEtag(plain) !== r.etag) return 'etag does not match the body';
        if (!(r.created_at <= r.expires_at && r.expires_at <= r.stale_until)) return 'lifetimes out of order';
        return null;
      })();
      if (problem) {
        rep.cacheBad++;
        f.push(`${driver}: cache row ${r.key.slice(0, 12)}…: ${problem}`);
      }
    }
  } finally {
    await sql.end({ timeout: 5 });
  }

  // The API view of the same: known URLs answer 200 "already registered", never a second 201.
  for (const a of attempts.filter((x) => x.status === 201).slice(0, 8)) {
    const again = await request(portal.url, '/api/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ manifestUrl: a.manifestUrl }),
      localAddress: nextAddress(),
      timeoutMs: 60_000,
    });
    const body = json(again) as { registered?: boolean; status?: string };
    const expected = approvedAck.has(a.id) ? 'approved' : undefined;
    if (again.status !== 200 || body?.registered !== false || (expected && body.status !== expected)) {
      f.push(`${driver}: registering ${a.id} again answered ${again.status} ${again.body.toString().slice(0, 160)}`);
    }
  }
  // The operator's view: the CLI lists every acknowledged provider.
  const list = await operatorAsync(portal, ['list']);
  if (list.status !== 0) f.push(`${driver}: operator list failed: ${list.stderr}`);
  else {
    for (const a of attempts.filter((x) => x.status === 201)) {
      if (!list.stdout.includes(a.id)) f.push(`${driver}: operator list does not show ${a.id}`);
    }
  }
  rep.rssAfterKb = portal.rssKb();
  await portal.stop();
  return rep;
}

export async function runCrash(opts: PartOptions): Promise<PartResult> {
  const started = performance.now();
  const provider = await startProviderServer();
  const reports: DriverReport[] = [];
  const failures: string[] = [];
  try {
    for (const driver of ['embedded', 'postgres'] as const) {
      try {
        reports.push(await runDriver(driver, opts, provider));
      } catch (e) {
        failures.push(`${driver}: ${(e as Error).message}`);
      }
    }
  } finally {
    await provider.close();
  }
  for (const r of reports) failures.push(...r.failures);

  const rows = [['driver', 'kills', 'restart p50 / max', 'stale lock of the killed host', 'registrations 201 / no answer / other', 'approvals confirmed', 'data misses / no answer', 'providers in db', 'half-written', 'cache rows / bad']];
  for (const r of reports) {
    const starts = r.startMs.slice(1).sort((a, b) => a - b);
    const p50 = starts[Math.floor(starts.length / 2)] ?? 0;
    rows.push([
      r.driver,
      String(r.kills),
      `${(p50 / 1000).toFixed(1)} s / ${((starts[starts.length - 1] ?? 0) / 1000).toFixed(1)} s`,
      r.driver === 'embedded' ? `${r.staleLocks} / ${r.kills}` : '-',
      `${r.registrations201} / ${r.registrationsNoAnswer} / ${[...r.registrationsOther.entries()].map(([s, n]) => `${s}×${n}`).join(' ') || '0'}`,
      `${r.approvalsConfirmed} (+${r.approvalsFailed} cut off)`,
      `${r.dataMisses} / ${r.dataNoAnswer}`,
      String(r.providersInDb),
      String(r.halfWritten),
      `${r.cacheRows} / ${r.cacheBad}`,
    ]);
  }
  console.log('\ncrash: per driver');
  console.log(table(rows));
  const sum = (f: (r: DriverReport) => number) => reports.reduce((a, r) => a + f(r), 0);
  return {
    name: 'crash',
    ok: failures.length === 0 && reports.length === 2,
    durationMs: performance.now() - started,
    figures: [
      ['drivers', reports.map((r) => r.driver).join(', ')],
      ['SIGKILLs', reports.map((r) => `${r.driver} ${r.kills}`).join(', ')],
      ['clean restarts', reports.map((r) => `${r.driver} ${r.startMs.length - 1}/${r.kills}`).join(', ')],
      ['restart time (max)', reports.map((r) => `${r.driver} ${(Math.max(...r.startMs.slice(1), 0) / 1000).toFixed(1)} s`).join(', ')],
      ['registrations acknowledged (201) / found once and whole', `${sum((r) => r.registrations201)} / ${sum((r) => r.registrations201) - failures.filter((x) => /LOST|registered' events/.test(x)).length}`],
      ['approvals confirmed / in place', `${sum((r) => r.approvalsConfirmed)} / ${sum((r) => r.approvalsConfirmed) - failures.filter((x) => /approval LOST/.test(x)).length}`],
      ['half-written registrations', String(sum((r) => r.halfWritten))],
      ['cache rows checked / inconsistent', `${sum((r) => r.cacheRows)} / ${sum((r) => r.cacheBad)}`],
      ['server RSS after the last restart', reports.map((r) => `${r.driver} ${mb(r.rssAfterKb)}`).join(', ')],
    ],
    failures,
  };
}

if (process.argv[1]?.endsWith('crash.ts')) {
  const opts = parseArgs();
  runCrash(opts)
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
