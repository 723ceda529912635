// The provider registry: manifests, their datasets, approval bound to the manifest fingerprint,
// an audit log of every state change, and registration attempts for the rate limit.
// The `enum` lists and `$type` of text and jsonb columns type the rows only (no SQL constraint).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Manifest, ManifestDataset } from '../../protocol/types';
import { geometry } from './types';

export const APPROVALS = ['pending_review', 'approved', 'rejected'] as const;
export const MANAGED_BY = ['provider', 'portal'] as const;
/** Health of the last manifest download: `ok` or the code of the failed refresh. */
export const PROVIDER_STATUSES = ['ok', 'invalid_manifest', 'id_mismatch', 'source_unreachable'] as const;
export const PROVIDER_ACTIONS = [
  'registered',
  'approved',
  'rejected',
  'unrejected',
  'manifest_changed',
  'refresh_failed',
  'refreshed',
  'seeded',
  'removed',
  'withdrawn',
  'moved',
  'refresh_requested',
] as const;
export const PROVIDER_ACTORS = ['registration', 'operator', 'refresh', 'seed', 'provider'] as const;
/** What a provider may do with proof of control of its origin (lib/providers/actions.ts). */
export const PROVIDER_SELF_ACTIONS = ['withdraw', 'move', 'refresh'] as const;

export const providers = pgTable('providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  managedBy: text('managed_by', { enum: MANAGED_BY }).notNull().default('provider'),
  /** Where the manifest is downloaded from; null for manifests kept in content/ or built in. */
  manifestUrl: text('manifest_url').unique(),
  /** The last good manifest (parsed JSON) and the bytes' SHA-256 it came from. */
  manifest: jsonb('manifest').$type<Manifest>().notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** pending_review | approved | rejected */
  approval: text('approval', { enum: APPROVALS }).notNull(),
  /** The fingerprint the operator approved; approval holds only while it equals `fingerprint`. */
  approvedFingerprint: text('approved_fingerprint'),
  /** The manifest approved last, still served while a changed manifest awaits approval. */
  approvedManifest: jsonb('approved_manifest').$type<Manifest>(),
  /** ok | invalid_manifest | id_mismatch | source_unreachable */
  status: text('status', { enum: PROVIDER_STATUSES }).notNull().default('ok'),
  statusMessage: text('status_message'),
  rejectedReason: text('rejected_reason'),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
}, (t) => [index('providers_approval_idx').on(t.approval)]);
export type ProviderRow = typeof providers.$inferSelect;
export type NewProviderRow = typeof providers.$inferInsert;

/**
 * One row per dataset the portal serves (denormalised for SQL-side search and point queries): the
 * approved manifest's datasets with `approved` true, and datasets that exist only in a manifest
 * awaiting approval with `approved` false. Rejected providers have no rows.
 */
export const providerDatasets = pgTable('provider_datasets', {
  providerId: text('provider_id').notNull().references(() => providers.id, { onDelete: 'cascade' }),
  datasetId: text('dataset_id').notNull(),
  title: text('title').notNull(),
  category: text('category'),
  sourceType: text('source_type', { enum: ['geojson', 'raster'] }).notNull(),
  /** keywords, tags, title and description folded for text search */
  searchText: text('search_text').notNull().default(''),
  useCases: text('use_cases').array().notNull().default(sql`'{}'::text[]`),
  coverage: geometry('coverage', 'Polygon'),
  definition: jsonb('definition').$type<ManifestDataset>().notNull(),
  /** true: from the approved manifest (catalog, search, MCP); false: awaiting approval only. */
  approved: boolean('approved').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.providerId, t.datasetId] })]);
export type ProviderDatasetRow = typeof providerDatasets.$inferSelect;

export const providerEvents = pgTable('provider_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  providerId: text('provider_id').notNull(),
  action: text('action', { enum: PROVIDER_ACTIONS }).notNull(),
  fromApproval: text('from_approval', { enum: APPROVALS }),
  toApproval: text('to_approval', { enum: APPROVALS }),
  fingerprint: text('fingerprint'),
  actor: text('actor', { enum: PROVIDER_ACTORS }).notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('provider_events_provider_idx').on(t.providerId, t.at)]);
export type ProviderEventRow = typeof providerEvents.$inferSelect;
export type NewProviderEventRow = typeof providerEvents.$inferInsert;

export const registrationAttempts = pgTable('registration_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientAddress: text('client_address').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('registration_attempts_client_idx').on(t.clientAddress, t.at)]);

/**
 * One row (id 1) whose version grows with every registry write, so that every process (server,
 * CLI, other instances) can keep an in-memory copy of the served content and check it with one
 * tiny query.
 */
export const registryState = pgTable('registry_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which origin (`https://host[:port]`) each provider id belongs to: set by the first registration and
 * kept after a withdrawal, so an id can be claimed again only from its own origin. A move with proof
 * of control of both origins carries it along.
 */
export const providerOrigins = pgTable('provider_origins', {
  providerId: text('provider_id').primaryKey(),
  origin: text('origin').notNull(),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProviderOriginRow = typeof providerOrigins.$inferSelect;

/**
 * Proof-of-control challenges (as ACME HTTP-01): the portal gives a token, the provider places it at
 * `<origin>/.well-known/geodata-portal/<token>`, the portal fetches it and does the action once.
 */
export const providerChallenges = pgTable('provider_challenges', {
  token: text('token').primaryKey(),
  providerId: text('provider_id').notNull(),
  action: text('action', { enum: PROVIDER_SELF_ACTIONS }).notNull(),
  /** A move's new manifest URL. */
  manifestUrl: text('manifest_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('provider_challenges_provider_idx').on(t.providerId, t.createdAt)]);
export type ProviderChallengeRow = typeof providerChallenges.$inferSelect;
