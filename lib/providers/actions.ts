// A provider's own actions with proof of control of its origin, as certificate authorities check
// HTTP-01: the portal gives a token, the provider places it at `<origin>/.well-known/geodata-portal/<token>`
// (the file's content is the token), the portal fetches it through the guarded client and only then
// withdraws the provider, moves its manifest URL or downloads its manifest again. A provider id is
// bound to the origin of its first manifest (provider_origins), so nobody else can act for it or
// claim its id, also after a withdrawal; a move to another origin needs the token on both.
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { providerChallenges, providerOrigins } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { isFetchError, safeFetch } from '@/lib/sources';
import { contactOf, enqueueNotification, kickNotifications, movedMessage, withdrawnMessage } from '@/lib/notifications';
import { runLiveTest } from '@/lib/validator/live';
import { providerOrigin } from './dashboard';
import { bindProviderOrigin, deleteProvider, getProviderById, getProviderByManifestUrl, insertProviderEvent, updateProvider } from './queries';
import { applyChangedManifest, refreshProvider } from './refresh';
import { parseManifestUrl } from './registration';
import type { ProviderAction, ProviderActionResult, ProviderChallenge } from './schema';
import { registryWrite } from './write';

const CHALLENGE_PATH = '/.well-known/geodata-portal/';
/** A token is valid this long. */
const CHALLENGE_HOURS = 24;
/** Open challenges per provider at most (creating more answers 429). */
const MAX_OPEN_CHALLENGES = 10;

/** Where the token must be placed on an origin. */
function wellKnownUrl(origin: string, token: string): string {
  return `${origin}${CHALLENGE_PATH}${token}`;
}

const INSTRUCTIONS: Record<ProviderAction, string> = {
  withdraw: 'Po overení portál poskytovateľa stiahne: jeho dáta zmiznú z mapy, katalógu, API aj MCP. Identifikátor ostane viazaný na váš web.',
  move: 'Po overení portál stiahne manifest z novej adresy, otestuje ho a odteraz ho bude čítať odtiaľ.',
  refresh: 'Po overení portál hneď znova stiahne manifest (inak to robí pravidelne).',
};

export async function createChallenge({ id, action, manifestUrl }: { id: string; action: ProviderAction; manifestUrl?: string }): Promise<ProviderChallenge> {
  const db = await getDb();
  const p = await getProviderById(db, { id });
  if (!p) throw new ApiError('unknown_provider', `No provider with id "${id}".`);
  if (p.builtIn || !p.manifestUrl) throw new ApiError('invalid_input', `Provider "${id}" is maintained by the portal's operator; ask the operator.`);
  const origin = (await providerOrigin(id, p.manifestUrl))!;
  let target: string | null = null;
  if (action === 'move') {
    if (!manifestUrl) throw new ApiError('invalid_input', 'manifestUrl is required for action "move": the new address of the manifest.');
    target = parseManifestUrl(manifestUrl);
    const other = await getProviderByManifestUrl(db, { manifestUrl: target });
    if (other && other.id !== id) throw new ApiError('url_registered', `${target} is the manifest URL of provider "${other.id}".`);
  } else if (manifestUrl !== undefined) {
    throw new ApiError('invalid_input', `manifestUrl belongs to action "move" only.`);
  }
  const open = await db
    .select({ n: count() })
    .from(providerChallenges)
    .where(and(eq(providerChallenges.providerId, id), isNull(providerChallenges.usedAt), gt(providerChallenges.expiresAt, sql`now()`)));
  if ((open[0]?.n ?? 0) >= MAX_OPEN_CHALLENGES) {
    throw new ApiError('too_many_requests', `Provider "${id}" has ${MAX_OPEN_CHALLENGES} open challenges; use one or wait until they expire.`);
  }
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(providerChallenges)
    .values({ token, providerId: id, action, manifestUrl: target, expiresAt: sql`now() + make_interval(hours => ${CHALLENGE_HOURS})` })
    .returning();
  const origins = [origin, ...(target && new URL(target).origin !== origin ? [new URL(target).origin] : [])];
  return {
    provider: id,
    action,
    token,
    manifestUrl: target,
    place: origins.map((o) => wellKnownUrl(o, token)),
    expiresAt: row.expiresAt.toISOString(),
    instructions: `Uložte súbor s obsahom ${token} na ${origins.map((o) => wellKnownUrl(o, token)).join(' a ')} (text, odpoveď 200) a potom pošlite POST /api/providers/${id}/challenges/${token}. ${INSTRUCTIONS[action]} Token platí ${CHALLENGE_HOURS} h a použije sa raz.`,
  };
}

/** Fetches the token from an origin's well-known path (guarded client); throws proof_failed with why. */
async function proveControl(url: string, token: string): Promise<void> {
  let why: string;
  try {
    const r = await safeFetch(url, { headers: { accept: 'text/plain, */*' }, maxBytes: 4096, maxRedirects: 0 });
    if (r.status === 200 && r.body.toString('utf8').trim() === token) return;
    why = r.status === 200 ? 'the file holds something else than the token' : `HTTP ${r.status}`;
  } catch (err) {
    why = isFetchError(err) ? `${err.code}: ${err.message}` : String(err);
  }
  throw new ApiError('proof_failed', `The token was not found at ${url} (${why}). Place a file with the token as its only content there and try again.`);
}

export async function completeChallenge({ id, token }: { id: string; token: string }): Promise<ProviderActionResult> {
  const db = await getDb();
  const [challenge] = await db
    .select()
    .from(providerChallenges)
    .where(and(eq(providerChallenges.token, token), eq(providerChallenges.providerId, id), isNull(providerChallenges.usedAt), gt(providerChallenges.expiresAt, sql`now()`)));
  if (!challenge) throw new ApiError('unknown_challenge', `No open challenge ${token.slice(0, 8)}… for provider "${id}" (unknown, used or expired); ask for a new one.`);
  const p = await getProviderById(db, { id });
  if (!p || !p.manifestUrl) throw new ApiError('unknown_provider', `No provider with id "${id}".`);
  const origin = (await providerOrigin(id, p.manifestUrl))!;
  await proveControl(wellKnownUrl(origin, token), token);
  const target = challenge.manifestUrl;
  if (target && new URL(target).origin !== origin) await proveControl(wellKnownUrl(new URL(target).origin, token), token);
  // One use: the challenge is spent before the action (a second request with it finds nothing).
  const spent = await db.update(providerChallenges).set({ usedAt: sql`now()` }).where(and(eq(providerChallenges.token, token), isNull(providerChallenges.usedAt))).returning();
  if (!spent.length) throw new ApiError('unknown_challenge', 'This challenge was just used.');

  if (challenge.action === 'refresh') {
    await insertProviderEvent(db, { providerId: id, action: 'refresh_requested', fromApproval: p.approval, toApproval: p.approval, fingerprint: p.fingerprint, actor: 'provider', detail: null });
    const r = await refreshProvider({ id }, db);
    return { provider: id, action: 'refresh', approval: r.approval, message: `Manifest stiahnutý znova: ${r.message}` };
  }
  if (challenge.action === 'withdraw') {
    await registryWrite(async (tx, changed) => {
      await bindProviderOrigin(tx, id, origin);
      await deleteProvider(tx, { id });
      await insertProviderEvent(tx, { providerId: id, action: 'withdrawn', fromApproval: p.approval, toApproval: null, fingerprint: p.fingerprint, actor: 'provider', detail: { manifestUrl: p.manifestUrl } });
      await enqueueNotification(tx, { providerId: id, kind: 'withdrawn', recipient: contactOf(p.approvedManifest ?? p.manifest), message: withdrawnMessage({ id, name: p.name }) });
      changed();
    }, db).finally(kickNotifications);
    return { provider: id, action: 'withdraw', approval: null, message: `Poskytovateľ ${id} je stiahnutý; jeho dáta portál už nezobrazuje. Identifikátor ostáva viazaný na ${origin}.` };
  }
  // move: the new manifest must pass the live test and declare the same provider id.
  const live = await runLiveTest(target!);
  if (!live.report.valid || !live.manifest || !live.fingerprint) {
    throw new ApiError('manifest_rejected', `The manifest at the new address failed the live test: ${live.report.summary}`, { extra: { check: live.report } });
  }
  if (live.manifest.provider.id !== id) throw new ApiError('url_registered', `The manifest at ${target} declares provider "${live.manifest.provider.id}", not "${id}".`);
  const manifest = live.manifest;
  const fingerprint = live.fingerprint;
  const approval = await registryWrite(async (tx, changed) => {
    const row = (await getProviderById(tx, { id, forUpdate: true }))!;
    await updateProvider(tx, id, { manifestUrl: target });
    await tx.insert(providerOrigins).values({ providerId: id, origin: new URL(target!).origin }).onConflictDoUpdate({ target: providerOrigins.providerId, set: { origin: new URL(target!).origin, boundAt: sql`now()` } });
    await insertProviderEvent(tx, { providerId: id, action: 'moved', fromApproval: row.approval, toApproval: row.approval, fingerprint: row.fingerprint, actor: 'provider', detail: { from: row.manifestUrl, to: target } });
    const applied = fingerprint !== row.fingerprint ? await applyChangedManifest(tx, { ...row, manifestUrl: target }, manifest, fingerprint, 'registration') : { approval: row.approval };
    await enqueueNotification(tx, { providerId: id, kind: 'moved', recipient: contactOf(manifest), message: movedMessage({ id, name: manifest.provider.name, from: row.manifestUrl ?? '', to: target! }) });
    changed();
    return applied.approval;
  }, db).finally(kickNotifications);
  return { provider: id, action: 'move', approval, message: `Manifest sa odteraz číta z ${target}.${approval === 'pending_review' ? ' Jeho obsah sa zmenil a čaká na schválenie.' : ''}` };
}
