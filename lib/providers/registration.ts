// POST /api/registration (and MCP register_provider): the spec's registration state table.
// The live test runs outside any transaction (it may take seconds); the decision and the insert run
// in one transaction serialised by an advisory lock, with the unique manifest URL and the provider id
// primary key as the final guard, so parallel registrations of one URL give exactly one 201.
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { ADVISORY_LOCKS } from '@/lib/db/locks';
import { ApiError, isApiError } from '@/lib/errors';
import { kickNotifications } from '@/lib/notifications';
import { logger } from '@/lib/observability/log';
import type { Manifest } from '@/lib/protocol/types';
import { runLiveTest, type LiveReport } from '@/lib/validator/live';
import { reviewPath } from './links';
import { applyChangedManifest } from './refresh';
import {
  bindProviderOrigin,
  countPendingProviders,
  datasetLinks,
  getProviderById,
  getProviderByManifestUrl,
  insertProvider,
  insertProviderEvent,
  replaceProviderDatasets,
} from './queries';
import { ATTEMPT_WINDOW_SECONDS, MAX_ATTEMPTS_PER_WINDOW, recordRegistrationAttempt } from './rate-limit';
import type { ProviderRecord, RegistrationResult } from './types';
import { registryWrite } from './write';

/** More providers than this awaiting approval and registration answers 429 queue_full. */
const MAX_PENDING_PROVIDERS = 100;
export const MAX_MANIFEST_URL_LENGTH = 2048;
/** Adjustable limits (tests lower the queue within their own worker). */
export const registrationLimits = { maxPending: MAX_PENDING_PROVIDERS };
const REGISTRATION_LOCK = ADVISORY_LOCKS.registration;

export interface RegistrationOutcome {
  httpStatus: 200 | 201;
  result: RegistrationResult;
}

/** What is wrong with a manifest URL (for `invalid_url`), or null when it is an absolute http(s) URL. */
export function checkManifestUrl(text: string): string | null {
  if (text.length > MAX_MANIFEST_URL_LENGTH) return `Adresa manifestu (manifestUrl) je dlhšia ako ${MAX_MANIFEST_URL_LENGTH} znakov.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Adresa manifestu (manifestUrl) nie je úplná adresa (očakáva sa https://…).';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `Adresa manifestu (manifestUrl) musí začínať https://, nie ${url.protocol}.`;
  if (url.username || url.password) return 'Adresa manifestu (manifestUrl) nesmie obsahovať meno a heslo.';
  return null;
}

/** Validates `manifestUrl`: missing or not a string -> invalid_input; not an absolute http(s) URL -> invalid_url. */
export function parseManifestUrl(input: unknown): string {
  if (input === undefined || input === null || (typeof input === 'string' && !input.trim())) {
    throw new ApiError('invalid_input', 'Chýba adresa manifestu (manifestUrl): adresa vášho manifestu (JSON).');
  }
  if (typeof input !== 'string') throw new ApiError('invalid_input', 'Adresa manifestu (manifestUrl) musí byť text.');
  const problem = checkManifestUrl(input.trim());
  if (problem) throw new ApiError('invalid_url', problem);
  const url = new URL(input.trim());
  url.hash = '';
  return url.href;
}

/** Database failures become 503 registration_unavailable; the portal's own errors pass through. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isApiError(e)) throw e;
    logger().error({ err: e }, 'registration: the registry is not writable');
    throw new ApiError('registration_unavailable', 'Register poskytovateľov sa teraz nedá zapísať; skúste to neskôr.', {
      headers: { 'Retry-After': '60' },
    });
  }
}

function rejectedError(p: ProviderRecord): ApiError {
  return new ApiError(
    'rejected',
    `Prevádzkovateľ portálu poskytovateľa „${p.id}“ zamietol${p.rejectedReason ? `: ${p.rejectedReason}` : ''}.`,
  );
}

/** The report's summary and recommendations (the live report lists every dataset's finding at the top level too). */
function checkOf(report: LiveReport | null): RegistrationResult['check'] {
  if (!report) return { summary: 'Živý test sa nespustil.', warnings: [] };
  return { summary: report.summary, warnings: report.warnings };
}

/** Dataset pages a provider has on the portal: approved and awaiting-approval datasets. */
function providerDatasetLinks(p: ProviderRecord): string[] {
  const links = new Set<string>();
  if (p.approvedManifest && p.approvedFingerprint) for (const l of datasetLinks(p.approvedManifest, p.id)) links.add(l);
  if (p.approval === 'pending_review') for (const l of datasetLinks(p.manifest, p.id)) links.add(l);
  return [...links];
}

function alreadyRegistered(p: ProviderRecord, report: LiveReport | null, changed = false): RegistrationOutcome {
  const status = p.approval === 'approved' ? 'approved' : 'pending_review';
  const previouslyApproved = Boolean(p.approvedFingerprint) && p.approvedFingerprint !== p.fingerprint;
  return {
    httpStatus: 200,
    result: {
      registered: false,
      status,
      ...(changed ? { changed: true } : {}),
      message:
        status === 'approved'
          ? `Táto adresa manifestu je už zaregistrovaná ako poskytovateľ „${p.id}“ a je schválená${changed ? '; manifest sa vrátil k schválenému obsahu' : ''}.`
          : previouslyApproved
            ? `Táto adresa manifestu je už zaregistrovaná ako poskytovateľ „${p.id}“. Manifest sa od schválenia zmenil: zmena čaká na schválenie prevádzkovateľom. Dovtedy katalóg, vyhľadávanie, llms.txt, MCP a mapa ukazujú schválený obsah; nové datasety sú dostupné len na svojich odkazoch, označené ako neschválené.`
            : `Táto adresa manifestu je už zaregistrovaná ako poskytovateľ „${p.id}“ a čaká na schválenie prevádzkovateľom${changed ? ' (zmenený manifest je uložený)' : ''}.`,
      provider: { id: p.id, name: p.approvedManifest?.provider.name ?? p.name },
      links: { review: reviewPath(p.id), datasets: providerDatasetLinks(p) },
      check: checkOf(report),
    },
  };
}

/** Registered, pending_review, already registered (200) or the error of the spec's table. */
function decideKnown(p: ProviderRecord, manifest: Manifest | null, report: LiveReport | null): RegistrationOutcome {
  if (p.approval === 'rejected') throw rejectedError(p);
  if (manifest && manifest.provider?.id && manifest.provider.id !== p.id) {
    throw new ApiError(
      'url_registered',
      `Táto adresa manifestu patrí poskytovateľovi „${p.id}“, manifest však teraz uvádza „${manifest.provider.id}“.`,
    );
  }
  return alreadyRegistered(p, report);
}

export async function registerProvider({
  manifestUrl: input,
  clientAddress,
}: {
  manifestUrl: unknown;
  clientAddress: string;
}): Promise<RegistrationOutcome> {
  const manifestUrl = parseManifestUrl(input);
  const db = await guarded(() => getDb());

  const attempts = await guarded(() => recordRegistrationAttempt(db, { clientAddress }));
  if (attempts > MAX_ATTEMPTS_PER_WINDOW) {
    throw new ApiError(
      'too_many_requests',
      `Viac ako ${MAX_ATTEMPTS_PER_WINDOW} pokusov o registráciu za ${ATTEMPT_WINDOW_SECONDS} s z tejto adresy; skúste to neskôr.`,
      { headers: { 'Retry-After': String(ATTEMPT_WINDOW_SECONDS) } },
    );
  }

  // A rejected URL is refused before anything is downloaded.
  const known = await guarded(() => getProviderByManifestUrl(db, { manifestUrl }));
  if (known?.approval === 'rejected') throw rejectedError(known);

  const live = await runLiveTest(manifestUrl);
  if (known) {
    const outcome = decideKnown(known, live.manifest, live.report);
    if (!live.manifest || !live.fingerprint || live.fingerprint === known.fingerprint) return outcome;
    // The same URL with other bytes: notice the change now, as the periodic refresh would later.
    const manifest = live.manifest;
    const fingerprint = live.fingerprint;
    return guarded(() =>
      registryWrite(async (tx, changed) => {
        const row = await getProviderById(tx, { id: known.id, forUpdate: true });
        if (!row || row.approval === 'rejected' || row.fingerprint === fingerprint) return row ? decideKnown(row, manifest, live.report) : outcome;
        await applyChangedManifest(tx, row, manifest, fingerprint, 'registration');
        changed();
        return alreadyRegistered((await getProviderById(tx, { id: row.id }))!, live.report, true);
      }, db).finally(kickNotifications),
    );
  }
  if (!live.report.valid || !live.manifest || !live.fingerprint) {
    throw new ApiError('manifest_rejected', `Manifest neprešiel živým testom: ${live.report.summary}`, { extra: { check: live.report } });
  }
  const manifest = live.manifest;
  const fingerprint = live.fingerprint;
  const id = manifest.provider.id;

  return guarded(() =>
    registryWrite(async (tx, changed) => {
      // Raw SQL: advisory locks are functions Drizzle's builder has no equivalent for.
      await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
      const byUrl = await getProviderByManifestUrl(tx, { manifestUrl });
      if (byUrl) return decideKnown(byUrl, manifest, live.report);
      const byId = await getProviderById(tx, { id });
      if (byId) {
        if (byId.approval === 'rejected') throw rejectedError(byId);
        throw new ApiError(
          'id_taken',
          `Poskytovateľ s ID „${id}“ je už na portáli zaregistrovaný${byId.manifestUrl ? ' z inej adresy manifestu' : ''}; zvoľte iné provider.id.`,
        );
      }
      // The id belongs to the origin of its first manifest (also after a withdrawal).
      const origin = new URL(manifestUrl).origin;
      const bound = await bindProviderOrigin(tx, id, origin);
      if (bound !== origin) {
        throw new ApiError('id_taken', `ID poskytovateľa „${id}“ patrí webu ${bound} (odtiaľ bol jeho prvý manifest); zaregistrujte ho odtiaľ alebo zvoľte iné provider.id.`);
      }
      if ((await countPendingProviders(tx)) >= registrationLimits.maxPending) {
        throw new ApiError('queue_full', 'Na schválenie čaká priveľa poskytovateľov; skúste to, keď ich prevádzkovateľ posúdi.', {
          headers: { 'Retry-After': '3600' },
        });
      }
      const inserted = await insertProvider(tx, {
        id,
        name: manifest.provider.name,
        managedBy: 'provider',
        manifestUrl,
        manifest,
        fingerprint,
        approval: 'pending_review',
        builtIn: false,
      });
      if (!inserted) throw new Error(`provider ${id} appeared during registration despite the lock`);
      await insertProviderEvent(tx, {
        providerId: id,
        action: 'registered',
        fromApproval: null,
        toApproval: 'pending_review',
        fingerprint,
        actor: 'registration',
        detail: { manifestUrl },
      });
      await replaceProviderDatasets(tx, { id, approval: 'pending_review', manifest, approvedManifest: null, approvedFingerprint: null });
      changed();
      const outcome: RegistrationOutcome = {
        httpStatus: 201,
        result: {
          registered: true,
          status: 'pending_review',
          message:
            'Zaregistrované. Dáta sú cez portál dostupné na odkazoch nižšie (označené ako neschválené); do katalógu sa dostanú po schválení prevádzkovateľom.',
          provider: { id, name: manifest.provider.name },
          links: { review: reviewPath(id), datasets: datasetLinks(manifest) },
          check: checkOf(live.report),
        },
      };
      return outcome;
    }, db),
  );
}
