// GET /api/catalog and POST /api/registration (MCP `register_provider`): declared operations (lib/operation).
import { z } from 'zod';
import { defineOperation, codedIssue } from '@/lib/operation/define';
import { getCatalog } from './catalog';
import { MAX_MANIFEST_URL_LENGTH, registerProvider, checkManifestUrl } from './registration';
import { catalogDocument, registrationResult } from './schema';

export const catalogOperation = defineOperation({
  id: 'getCatalog',
  tags: ['catalog'],
  summary: 'All approved providers and datasets',
  description:
    'The catalog of approved data. Each dataset entry carries its manifest fields (without the source URL), the portal’s category label, attribution and links: `links.data` for GeoJSON (read through the portal), `source.tiles` for raster (read directly). Public, no authentication, CORS `*`.',
  input: z.object({}),
  output: catalogDocument,
  errors: [],
  rest: { method: 'get', path: '/api/catalog', from: 'query' },
  cache: 'catalog',
  run: () => getCatalog(),
});

// --- registration ---

const registrationInput = z.object({
  manifestUrl: z
    .string({ error: 'Chýba adresa manifestu (manifestUrl): adresa vášho manifestu (JSON).' })
    .trim()
    .min(1, 'Chýba adresa manifestu (manifestUrl): adresa vášho manifestu (JSON).')
    .superRefine((v, ctx) => {
      const problem = checkManifestUrl(v);
      if (problem) ctx.addIssue(codedIssue('invalid_url', problem));
    })
    .meta({ format: 'uri', maxLength: MAX_MANIFEST_URL_LENGTH })
    .describe('The https URL of the provider manifest.'),
});

export const registrationOperation = defineOperation({
  id: 'registerProvider',
  tags: ['registration'],
  summary: 'Provider registration',
  description:
    'Runs the live test; on success registers the provider as awaiting approval (`pending_review`). Its data are then served at `/api/data/...` and on dataset pages with a warning, but absent from the catalog, search, llms.txt and the MCP `catalog` tool until the operator approves them. More than 5 attempts a minute from one address give 429 `too_many_requests`; more than 100 providers awaiting approval give 429 `queue_full`.',
  input: registrationInput,
  output: registrationResult,
  invalidCode: 'invalid_input',
  errors: ['invalid_url', 'rejected', 'id_taken', 'url_registered', 'manifest_rejected', 'too_many_requests', 'queue_full', 'registration_unavailable'],
  rest: { method: 'post', path: '/api/registration', from: 'body', success: ['201', '200'] },
  run: async ({ manifestUrl }, ctx: { clientAddress: string }) => (await registerProvider({ manifestUrl, clientAddress: ctx.clientAddress })).result,
});
