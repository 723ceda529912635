// The server's life: starting (the port is open, the database and the app are being prepared),
// ready, stopping (after SIGTERM). /readyz reads it, together with live checks of the database, the
// migrations and the registry, and names what is not ready.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getSql, MIGRATIONS_DIR } from '@/lib/db';
import { metrics } from '@/lib/observability/metrics';
import { processWide } from '@/lib/process-state';
import { registrySnapshot } from '@/lib/providers/served';

/** The parts /readyz reports, in start-up order. */
const READINESS_PARTS = ['database', 'migrations', 'referenceData', 'registry', 'app', 'shutdown'] as const;
type ReadinessPart = (typeof READINESS_PARTS)[number];
/** ok; not_configured (reference data without REFERENCE_DATA_DIR: the portal runs without place search). */
export type PartState = 'pending' | 'loading' | 'ok' | 'not_configured' | 'failed' | 'timeout' | 'stopping';

export interface ReadinessReport {
  status: 'ready' | 'starting' | 'not_ready' | 'stopping';
  checks: Record<ReadinessPart, PartState>;
  /** The parts that are not ready (absent when ready). */
  failing?: ReadinessPart[];
  /** A sentence naming them (absent when ready). */
  error?: string;
}

/** Live checks give up after this long (a database that does not answer is not ready). */
const CHECK_TIMEOUT_MS = 2000;

interface State {
  phase: 'starting' | 'ready' | 'stopping';
  steps: Record<'database' | 'migrations' | 'referenceData' | 'registry' | 'app', PartState>;
  startedAt: number;
}

export function lifecycle(): State {
  return processWide<State>('lifecycle', () => ({
    phase: 'starting',
    steps: { database: 'pending', migrations: 'pending', referenceData: 'pending', registry: 'pending', app: 'pending' },
    startedAt: Date.now(),
  }));
}

export function setStep(part: keyof State['steps'], state: PartState): void {
  lifecycle().steps[part] = state;
}

export function markReady(): void {
  lifecycle().phase = 'ready';
  metrics().ready.set(1);
}

export function markStopping(): void {
  lifecycle().phase = 'stopping';
  metrics().ready.set(0);
}

export function isStopping(): boolean {
  return lifecycle().phase === 'stopping';
}

let journalSize: number | undefined;
/** Migrations the code ships (drizzle/meta/_journal.json). */
function expectedMigrations(): number {
  journalSize ??= (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  return journalSize;
}

function withTimeout<T>(p: Promise<T>): Promise<T | 'timeout'> {
  return Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), CHECK_TIMEOUT_MS).unref())]);
}

async function liveChecks(checks: ReadinessReport['checks']): Promise<void> {
  try {
    const sql = await getSql();
    // Raw SQL: Drizzle's own migration journal is not a table of the schema.
    const applied = await withTimeout(
      sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`.then((r) => r[0].n),
    );
    if (applied === 'timeout') {
      checks.database = 'timeout';
      checks.migrations = 'pending';
    } else {
      checks.database = 'ok';
      checks.migrations = applied >= expectedMigrations() ? 'ok' : 'pending';
    }
  } catch {
    checks.database = 'failed';
  }
  if (checks.database !== 'ok') {
    checks.registry = 'pending';
    return;
  }
  try {
    checks.registry = (await withTimeout(registrySnapshot())) === 'timeout' ? 'timeout' : 'ok';
  } catch {
    checks.registry = 'failed';
  }
}

/** The readiness report; `ready` is true only when every part is ok. */
export async function readiness(): Promise<{ ready: boolean; report: ReadinessReport }> {
  const s = lifecycle();
  // One moment's state: the phase may move on while the live checks run.
  const phase = s.phase;
  const checks: ReadinessReport['checks'] = { ...s.steps, shutdown: phase === 'stopping' ? 'stopping' : 'ok' };
  // Live checks once the start-up steps got that far (before, the database is not open yet).
  if (phase !== 'stopping' && s.steps.registry === 'ok') await liveChecks(checks);
  const failing = READINESS_PARTS.filter((p) => checks[p] !== 'ok' && checks[p] !== 'not_configured');
  if (!failing.length) return { ready: true, report: { status: 'ready', checks } };
  const status = phase === 'stopping' ? 'stopping' : phase === 'starting' ? 'starting' : 'not_ready';
  const error = `Not ready: ${failing.map((p) => `${p} (${checks[p]})`).join(', ')}.`;
  return { ready: false, report: { status, checks, failing, error } };
}
