// POST /api/providers/{id}/challenges and POST /api/providers/{id}/challenges/{token}: a provider's own
// actions (withdraw, move, refresh) with proof of control of its origin; declared operations.
import { z } from 'zod';
import { defineOperation } from '@/lib/operation/define';
import { idSchema } from '@/lib/operation/fields';
import { completeChallenge, createChallenge } from './actions';
import { MAX_MANIFEST_URL_LENGTH } from './registration';
import { providerAction, providerActionResult, providerChallenge } from './schema';

export const createChallengeOperation = defineOperation({
  id: 'createProviderChallenge',
  tags: ['registration'],
  summary: 'Ask to act for a provider: a token to place on its origin',
  description:
    'The first step of a provider’s own action (`withdraw`, `move` with `manifestUrl`, `refresh`): the portal answers a token and where to place it — `<origin>/.well-known/geodata-portal/<token>`, a file whose only content is the token, on the origin the provider id is bound to (its first manifest’s) and, for a move to another origin, on the new one too. Valid 24 h, used once; at most 10 open per provider (429 `too_many_requests`). Built-in providers answer 400.',
  input: z.object({
    id: idSchema.describe('Provider id.'),
    action: providerAction,
    manifestUrl: z.string().trim().min(1).max(MAX_MANIFEST_URL_LENGTH).optional().describe('`move` only: the new https address of the manifest.'),
  }),
  output: providerChallenge,
  invalidCode: 'invalid_input',
  errors: ['unknown_provider', 'invalid_url', 'url_registered', 'too_many_requests'],
  rest: { method: 'post', path: '/api/providers/{id}/challenges', from: 'body', pathParams: ['id'], success: ['201'] },
  run: (input) => createChallenge(input),
});

export const completeChallengeOperation = defineOperation({
  id: 'completeProviderChallenge',
  tags: ['registration'],
  summary: 'Prove control and do the action',
  description:
    'The portal fetches the token from the well-known path (its guarded client: https, public addresses, no redirects, 4 kB) and, when it is there, does the action once: `withdraw` removes the provider and its data (the id stays bound to its origin), `move` tests the manifest at the new address (it must pass the live test and declare the same `provider.id`; changed content awaits approval) and reads it from there on, `refresh` downloads the manifest now. 403 `proof_failed` says what the portal found instead.',
  input: z.object({ id: idSchema.describe('Provider id.'), token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).describe('The token of the challenge.') }),
  output: providerActionResult,
  invalidCode: 'invalid_input',
  errors: ['unknown_provider', 'unknown_challenge', 'proof_failed', 'manifest_rejected', 'url_registered'],
  rest: { method: 'post', path: '/api/providers/{id}/challenges/{token}', from: 'body', pathParams: ['id', 'token'] },
  run: (input) => completeChallenge(input),
});
