// POST /api/providers/{id}/challenges/{token}: prove control of the origin (the token at its well-known path) and act.
import { preflight, route } from '@/lib/http';
import { runRest } from '@/lib/operation/rest';
import { completeChallengeOperation } from '@/lib/providers/actions-operation';

export const dynamic = 'force-dynamic';

export const POST = route<{ id: string; token: string }>(async (req, { params }) => Response.json(await runRest(completeChallengeOperation, req, await params)));

export const OPTIONS = preflight;
