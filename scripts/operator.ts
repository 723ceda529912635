// The operator's CLI: review, approve and reject providers, download manifests again.
//
//   npm run operator -- list [--pending]
//   npm run operator -- show <id>
//   npm run operator -- approve <id> [--fingerprint <hex prefix>]
//   npm run operator -- reject <id> [--reason "..."]
//   npm run operator -- unreject <id>
//   npm run operator -- refresh <id|--all>
//   npm run operator -- diff <id>
//   npm run operator -- reports [--all]
//   npm run operator -- reports close <report id>
//
// It works while the server runs: with the embedded database it connects through the server's PGlite
// socket (lib/db), with DATABASE_URL to PostgreSQL. Exit codes: 0 done, 1 the action failed (unknown
// provider, transition not allowed, refresh failed), 2 usage error, 3 database unreachable.
import { closeDatabase, getDb, openDatabase, setDatabase } from '@/lib/db';
import { approveProvider, rejectProvider, unrejectProvider } from '@/lib/providers/approval';
import { env } from '@/lib/env';
import { deliverNotificationsWithin } from '@/lib/notifications';
import { describeChange, manifestDiff } from '@/lib/providers/diff';
import { getProviderById, listProviderEvents, listProviders } from '@/lib/providers/queries';
import { refreshAllProviders, refreshProvider, type RefreshResult } from '@/lib/providers/refresh';
import type { ProviderRecord } from '@/lib/providers/types';
import { isRegistryError } from '@/lib/providers/write';
import { closeReport, listReports, openReportsByProvider } from '@/lib/reports/reports';

export interface OperatorIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE = `Usage: npm run operator -- <command>

  list [--pending]                     providers with approval state, status and datasets
  show <id>                            one provider: manifest URL, fingerprints, datasets, audit log
  approve <id> [--fingerprint <hex>]   approve the current manifest (optionally only if it is <hex>...)
  reject <id> [--reason "..."]         reject; its data disappears, registration answers 403
  unreject <id>                        back to awaiting approval (built-in providers: approved)
  refresh <id|--all>                   download manifests again (built-ins are rebuilt from the code)
  diff <id>                            what the current manifest changes against the approved one
  reports [--all]                      problem reports from the site (open ones; --all with closed)
  reports close <report id>            close a report once it is dealt with

Exit codes: 0 done, 1 action failed, 2 usage error, 3 database unreachable.`;

class UsageError extends Error {}

/** How long the CLI waits for the e-mails its command queued before it exits (the server sends the rest). */
const NOTIFY_WITHIN_MS = 8000;
/** Commands that may queue e-mails. */
const MAILING_COMMANDS = new Set(['approve', 'reject', 'refresh']);

interface Parsed {
  command: string;
  args: string[];
  flags: Record<string, string | true>;
}

const VALUE_FLAGS = new Set(['reason', 'fingerprint']);

function parse(argv: string[]): Parsed {
  const [command = 'help', ...rest] = argv;
  const args: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
      if (VALUE_FLAGS.has(name)) {
        const value = inline ?? rest[++i];
        if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
        flags[name] = value;
      } else flags[name] = true;
    } else args.push(a);
  }
  return { command, args, flags };
}

function only(p: Parsed, allowed: string[], maxArgs: number): void {
  for (const f of Object.keys(p.flags)) if (!allowed.includes(f)) throw new UsageError(`unknown option --${f} for ${p.command}`);
  if (p.args.length > maxArgs) throw new UsageError(`too many arguments for ${p.command}: ${p.args.join(' ')}`);
}

function oneId(p: Parsed): string {
  const id = p.args[0];
  if (!id) throw new UsageError(`${p.command} needs a provider id`);
  return id;
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ').trimEnd());
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

function approvalLabel(p: ProviderRecord): string {
  if (p.approval === 'pending_review' && p.approvedFingerprint) return 'pending_review (changed)';
  return p.approval;
}

function when(d: Date | null): string {
  return d ? new Date(d).toISOString().slice(0, 16).replace('T', ' ') : '-';
}

async function list(p: Parsed, io: OperatorIo): Promise<number> {
  only(p, ['pending'], 0);
  const db = await getDb();
  const rows = await listProviders(db, p.flags.pending ? { approval: 'pending_review' } : {});
  const openReports = await openReportsByProvider(db);
  if (rows.length === 0) {
    io.out(p.flags.pending ? 'No provider awaits approval.' : 'No providers.');
    return 0;
  }
  io.out(
    table([
      ['ID', 'NAME', 'APPROVAL', 'STATUS', 'DATASETS', 'MANAGED', 'REPORTS', 'FINGERPRINT', 'UPDATED (UTC)', 'MANIFEST'],
      ...rows.map((r) => [
        r.id,
        clip(r.manifest.provider.name, 36),
        approvalLabel(r),
        r.status,
        String(r.manifest.datasets.length),
        r.builtIn ? 'portal*' : r.managedBy,
        String(openReports.get(r.id) ?? 0),
        r.fingerprint.slice(0, 12),
        when(r.updatedAt),
        r.manifestUrl ?? (r.builtIn ? `content/providers/${r.id}.json` : '-'),
      ]),
    ]).join('\n'),
  );
  const pending = rows.filter((r) => r.approval === 'pending_review').length;
  io.out(`\n${rows.length} provider(s), ${pending} awaiting approval. portal* = built in. REPORTS = open problem reports about its datasets.`);
  return 0;
}

async function show(p: Parsed, io: OperatorIo): Promise<number> {
  only(p, [], 1);
  const id = oneId(p);
  const db = await getDb();
  const r = await getProviderById(db, { id });
  if (!r) {
    io.err(`No provider with id "${id}".`);
    return 1;
  }
  const lines = [
    `${r.id}: ${r.manifest.provider.name}`,
    `  approval:     ${approvalLabel(r)}${r.rejectedReason ? ` (reason: ${r.rejectedReason})` : ''}`,
    `  status:       ${r.status}${r.statusMessage ? ` - ${r.statusMessage}` : ''}`,
    `  managed by:   ${r.managedBy}${r.builtIn ? ' (built in)' : ''}`,
    `  manifest:     ${r.manifestUrl ?? '-'}`,
    `  fingerprint:  ${r.fingerprint}`,
    `  approved:     ${r.approvedFingerprint ?? '-'}${r.approvedAt ? ` at ${when(r.approvedAt)}` : ''}`,
    `  checked:      ${when(r.checkedAt)}`,
    `  reports:      ${(await openReportsByProvider(db)).get(r.id) ?? 0} open (npm run operator -- reports)`,
    `  datasets (current manifest):`,
    ...r.manifest.datasets.map((d) => `    ${d.id}  ${d.title}  [${d.source.type}${d.category ? `, ${d.category}` : ''}]`),
    `  audit log:`,
    ...(await listProviderEvents(db, { providerId: id })).map(
      (e) =>
        `    ${when(e.at)}  ${e.action.padEnd(16)} ${(e.fromApproval ?? '-').padEnd(14)} -> ${(e.toApproval ?? '-').padEnd(14)} by ${e.actor}${e.detail ? `  ${JSON.stringify(e.detail)}` : ''}`,
    ),
  ];
  io.out(lines.join('\n'));
  return 0;
}

async function reportsCommand(p: Parsed, io: OperatorIo): Promise<number> {
  const db = await getDb();
  if (p.args[0] === 'close') {
    only(p, [], 2);
    const raw = p.args[1];
    if (!raw || !/^\d{1,15}$/.test(raw)) throw new UsageError('reports close needs a report id (a number)');
    if (!(await closeReport(db, { id: Number(raw) }))) {
      io.err(`No open report with id ${raw}.`);
      return 1;
    }
    io.out(`Report ${raw} closed.`);
    return 0;
  }
  only(p, ['all'], 0);
  const rows = await listReports(db, { all: Boolean(p.flags.all) });
  if (rows.length === 0) {
    io.out(p.flags.all ? 'No reports.' : 'No open reports.');
    return 0;
  }
  io.out(
    table([
      ['ID', 'STATUS', 'KIND', 'CREATED (UTC)', 'DATASET', 'PAGE', 'E-MAIL', 'MESSAGE'],
      ...rows.map((r) => [
        String(r.id),
        r.status,
        r.kind,
        when(r.createdAt),
        r.datasetKey ?? '-',
        clip(r.pagePath ?? '-', 40),
        r.contactEmail ?? '-',
        clip(r.message.replace(/\s+/g, ' '), 100),
      ]),
    ]).join('\n'),
  );
  const open = rows.filter((r) => r.status === 'open').length;
  io.out(`\n${rows.length} report(s), ${open} open. Close one: npm run operator -- reports close <id>`);
  return 0;
}

async function approve(p: Parsed, io: OperatorIo): Promise<number> {
  only(p, ['fingerprint'], 1);
  const id = oneId(p);
  const fingerprint = typeof p.flags.fingerprint === 'string' ? p.flags.fingerprint : undefined;
  if (fingerprint && !/^[0-9a-f]{4,64}$/i.test(fingerprint)) throw new UsageError('--fingerprint takes 4-64 hex digits');
  const r = await approveProvider({ id, fingerprint });
  io.out(
    r.changed
      ? `Approved ${id} (${r.from} -> approved), fingerprint ${r.provider.fingerprint.slice(0, 12)}. Its ${r.provider.manifest.datasets.length} dataset(s) are now in the catalog.`
      : `${id} is already approved (fingerprint ${r.provider.fingerprint.slice(0, 12)}); nothing changed.`,
  );
  return 0;
}

async function reject(p: Parsed, io: OperatorIo): Promise<number> {
  only(p, ['reason'], 1);
  const id = oneId(p);
  const reason = typeof p.flags.reason === 'string' ? p.flags.reason : undefined;
  const r = await rejectProvider({ id, reason });
  io.out(
    r.from === 'rejected'
      ? `${id} was already rejected${r.changed ? '; reason updated' : ''}.`
      : `Rejected ${id} (${r.from} -> rejected)${reason ? `: ${reason}` : ''}. Its data is no longer served; registering it again answers 403.`,
  );
  return 0;
}

async function unreject(p: Parsed, io: OperatorIo): Promise<number> {
  only(p, [], 1);
  const id = oneId(p);
  const r = await unrejectProvider({ id });
  io.out(
    r.to === 'approved'
      ? `Unrejected built-in ${id}: approved again.`
      : `Unrejected ${id}: it awaits approval again (review it, then \`approve ${id}\`).`,
  );
  return 0;
}

function refreshLine(r: RefreshResult | { id: string; error: string }): string {
  if ('error' in r) return `${r.id}: error: ${r.error}`;
  return `${r.id}: ${r.outcome} (${r.approval}, status ${r.status}, fingerprint ${r.fingerprint.slice(0, 12)}) - ${r.message}`;
}

async function refresh(p: Parsed, io: OperatorIo): Promise<number> {
  only(p, ['all'], 1);
  if (p.flags.all && p.args.length) throw new UsageError('refresh takes either an id or --all');
  if (!p.flags.all && !p.args.length) throw new UsageError('refresh needs a provider id or --all');
  const results = p.flags.all ? await refreshAllProviders() : [await refreshProvider({ id: p.args[0] })];
  for (const r of results) io.out(refreshLine(r));
  const failed = results.filter((r) => 'error' in r || r.outcome === 'failed').length;
  if (p.flags.all) io.out(`${results.length} provider(s) refreshed, ${failed} failed.`);
  return failed ? 1 : 0;
}

async function diffCommand(p: Parsed, io: OperatorIo): Promise<number> {
  only(p, [], 1);
  const id = oneId(p);
  const r = await getProviderById(await getDb(), { id });
  if (!r) {
    io.err(`No provider with id "${id}".`);
    return 1;
  }
  if (!r.approvedManifest || !r.approvedFingerprint) {
    io.out(`${id} has no approved manifest yet (${approvalLabel(r)}); the whole manifest awaits review: npm run operator -- show ${id}`);
    return 0;
  }
  if (r.approvedFingerprint === r.fingerprint) {
    io.out(`${id}: the current manifest is the approved one (${r.fingerprint.slice(0, 12)}); no changes.`);
    return 0;
  }
  const changes = manifestDiff(r.approvedManifest, r.manifest);
  io.out(`${id}: approved ${r.approvedFingerprint.slice(0, 12)} -> current ${r.fingerprint.slice(0, 12)} (${approvalLabel(r)}), ${changes.length} change(s):`);
  for (const c of changes) io.out(`  ${describeChange(c)}`);
  if (!changes.length) io.out('  (the same content in other bytes: formatting or key order)');
  io.out(`Approve exactly this: npm run operator -- approve ${id} --fingerprint ${r.fingerprint.slice(0, 12)}`);
  return 0;
}

const COMMANDS: Record<string, (p: Parsed, io: OperatorIo) => Promise<number>> = {
  list,
  show,
  approve,
  reject,
  unreject,
  refresh,
  diff: diffCommand,
  reports: reportsCommand,
};

/** Runs one command against the process's database (tests call this directly). */
export async function runOperator(argv: string[], io: OperatorIo = { out: console.log, err: console.error }): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parse(argv);
  } catch (e) {
    io.err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (['help', '--help', '-h'].includes(parsed.command)) {
    io.out(USAGE);
    return 0;
  }
  const command = COMMANDS[parsed.command];
  if (!command) {
    io.err(`Unknown command "${parsed.command}".\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command(parsed, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (isRegistryError(e)) {
      io.err(e.message);
      return 1;
    }
    throw e;
  }
}

/**
 * E-mails the command queued (approval, rejection, a changed manifest) go out now, within a bound: the
 * action is done either way. Whatever is not sent in time is released to the server's outbox loop at
 * once (not held for the claim's 2 minutes). Without SMTP settings of its own the CLI sends nothing:
 * it would only log the messages and mark them done, and a server that has SMTP settings would never
 * send them, so it leaves them to the server.
 */
async function notify(command: string): Promise<void> {
  if (!env().smtpUrl) {
    if (MAILING_COMMANDS.has(command)) console.error('E-mails: SMTP_URL is not set for this command; the server sends what it queued (or logs it without SMTP settings).');
    return;
  }
  try {
    const r = await deliverNotificationsWithin(NOTIFY_WITHIN_MS);
    if (r.sent) console.error(`E-mails: ${r.sent} sent.`);
    if (r.timedOut) console.error(`E-mails: not sent within ${NOTIFY_WITHIN_MS / 1000} s; ${r.released} left to the server, which sends them within seconds.`);
  } catch (e) {
    console.error(`E-mails: ${e instanceof Error ? e.message : String(e)} (the server retries them)`);
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0])) {
    console.log(USAGE);
    return;
  }
  let code: number;
  try {
    const handle = await openDatabase();
    setDatabase(Promise.resolve(handle));
  } catch (e) {
    console.error(`Cannot open the database: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(3);
  }
  try {
    code = await runOperator(argv);
    await notify(argv[0]);
  } catch (e) {
    console.error(`Failed: ${e instanceof Error ? e.message : String(e)}`);
    code = 3;
  } finally {
    await closeDatabase().catch(() => undefined);
  }
  process.exit(code);
}

if (process.argv[1] && /operator\.ts$/.test(process.argv[1])) void main();
